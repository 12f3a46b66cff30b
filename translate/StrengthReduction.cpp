//===- StrengthReduction.cpp - Straight-line strength reduction -----------===//
//
// Unrolled code computes the same base plus many constant multiples of one
// stride: B + 3*S, B + 5*S, &P[7*S], ... Each such value can instead be
// made from the nearest dominating one of the same base and stride, as
// X + (i' - i) * S, where (i' - i) * S is usually the same for every step
// of the unrolled loop and computed once: one add per value instead of a
// multiply and an add. NVPTX's codegen runs LLVM's pass for this before
// instruction selection; this is our own, with the nearest basis found by
// a table lookup, which `-codegen-strength-reduction=nearest-basis` puts in
// its place: the PTX Triton 3.6's LLVM makes, in a tenth of LLVM 22's time
// (LLVMCodegen.cpp says why it is not the default).
//
// Three shapes of candidate, each a base (a SCEV), a constant index i and
// a stride S (a value):
//   sum      I = B + i * S   (also B + (S << c), and B + S with i = 1)
//   product  I = (B + i) * S (also (B | i) * S where B and i share no bit,
//                             and B * S with i = 0)
//   address  I = &B[i * S]   (one GEP index factored, the others in B)
// A candidate's basis is the most recent earlier candidate of the same
// shape, base, stride and type whose block dominates its own, looked for
// among the last 50 candidates of the function only: as LLVM's pass did
// before LLVM 22 (and Triton 3.6's LLVM does), which bounds how far apart
// two rewritten values can be, so that the rewrite does not lengthen what
// stays live.
//
//===----------------------------------------------------------------------===//

#include "translate/LLVMPasses.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/GetElementPtrTypeIterator.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Operator.h"
#include "llvm/IR/PatternMatch.h"
#include "llvm/Pass.h"
#include "llvm/Transforms/Utils/Local.h"

#include <limits>
#include <tuple>

using namespace llvm;
using namespace llvm::PatternMatch;

namespace {

/// How many of the most recent candidates a candidate's basis is looked
/// for among.
constexpr unsigned kBasisWindow = 50;

enum class Shape : uint8_t { Sum, Product, Address };

struct Candidate {
  Shape shape;
  const SCEV *base;
  ConstantInt *index;
  Value *stride;
  Instruction *inst;
  /// The candidate this one is rewritten from, if any (an index into the
  /// function's candidates, which all come before it).
  int basis = -1;
};

/// The strength reduction of one function.
class StraightLineReducer {
public:
  StraightLineReducer(Function &function, DominatorTree &dominators,
                      ScalarEvolution &evolution,
                      const TargetTransformInfo &costs)
      : layout(function.getDataLayout()), dominators(dominators),
        evolution(evolution), costs(costs) {}

  /// Returns whether the function changed.
  bool run(Function &function);

private:
  void collect(Instruction &inst);
  void collectSum(Value *left, Value *right, Instruction &inst);
  void collectProduct(Value *left, Value *right, Instruction &inst);
  void collectAddress(GetElementPtrInst &gep);
  void collectAddressIndex(Value *index, const SCEV *base,
                           uint64_t elementBytes, GetElementPtrInst &gep);
  void collectAddressFactor(const SCEV *base, const APInt &factor,
                            Value *stride, uint64_t elementBytes,
                            GetElementPtrInst &gep);
  void add(Shape shape, const SCEV *base, ConstantInt *index, Value *stride,
           Instruction &inst);
  bool worthRewriting(const Candidate &candidate) const;
  Value *makeStep(const Candidate &from, const Candidate &to,
                  IRBuilder<> &builder) const;
  void rewrite(const Candidate &candidate);

  const DataLayout &layout;
  DominatorTree &dominators;
  ScalarEvolution &evolution;
  const TargetTransformInfo &costs;

  SmallVector<Candidate> candidates;
  /// Per shape, base, stride and type: the candidates whose blocks
  /// dominate the block being visited, most recent last. Blocks are visited
  /// in a depth-first preorder of the dominator tree, so an entry whose
  /// block does not dominate the current one never will again and is
  /// dropped when met.
  using Key = std::tuple<unsigned, const SCEV *, Value *, Type *>;
  DenseMap<Key, SmallVector<unsigned, 4>> dominating;
  /// Instructions replaced, deleted once every candidate is rewritten
  /// (another candidate of the same instruction is then skipped).
  SmallVector<Instruction *> replaced;
};

} // namespace

bool StraightLineReducer::worthRewriting(const Candidate &c) const {
  switch (c.shape) {
  case Shape::Sum:
    // B + S and B - S are as cheap as it gets; B + i*S the target folds
    // into an address is free.
    if (c.index->isOne() || c.index->isMinusOne())
      return false;
    return c.index->getBitWidth() > 64 ||
           !costs.isLegalAddressingMode(c.base->getType(), nullptr, 0, true,
                                        c.index->getSExtValue(),
                                        std::numeric_limits<unsigned>::max());
  case Shape::Product:
    return !c.index->isZero();
  case Shape::Address: {
    auto *gep = cast<GetElementPtrInst>(c.inst);
    SmallVector<const Value *, 4> indices(gep->indices());
    if (costs.getGEPCost(gep->getSourceElementType(),
                         gep->getPointerOperand(),
                         indices) == TargetTransformInfo::TCC_Free)
      return false;
    unsigned variable = llvm::count_if(gep->indices(), [](const Use &use) {
      auto *constant = dyn_cast<ConstantInt>(use);
      return !constant || !constant->isZero();
    });
    return !((c.index->isOne() || c.index->isMinusOne()) && variable <= 1);
  }
  }
  return false;
}

void StraightLineReducer::add(Shape shape, const SCEV *base,
                              ConstantInt *index, Value *stride,
                              Instruction &inst) {
  unsigned position = candidates.size();
  Candidate candidate{shape, base, index, stride, &inst};
  SmallVector<unsigned, 4> &stack =
      dominating[Key(unsigned(shape), base, stride, inst.getType())];
  BasicBlock *block = inst.getParent();
  while (!stack.empty() &&
         !dominators.dominates(candidates[stack.back()].inst->getParent(),
                               block))
    stack.pop_back();
  if (worthRewriting(candidate)) {
    for (unsigned other : llvm::reverse(stack)) {
      if (other + kBasisWindow < position)
        break;
      if (candidates[other].inst != &inst) {
        candidate.basis = other;
        break;
      }
    }
  }
  candidates.push_back(candidate);
  stack.push_back(position);
}

void StraightLineReducer::collectSum(Value *left, Value *right,
                                     Instruction &inst) {
  Value *stride = nullptr;
  ConstantInt *factor = nullptr;
  const SCEV *base = evolution.getSCEV(left);
  if (match(right, m_Mul(m_Value(stride), m_ConstantInt(factor)))) {
    add(Shape::Sum, base, factor, stride, inst);
  } else if (match(right, m_Shl(m_Value(stride), m_ConstantInt(factor)))) {
    APInt power = APInt::getOneBitSet(factor->getBitWidth(), 0)
                  << factor->getValue();
    add(Shape::Sum, base, ConstantInt::get(inst.getContext(), power), stride,
        inst);
  } else {
    add(Shape::Sum, base, ConstantInt::get(cast<IntegerType>(inst.getType()), 1),
        right, inst);
  }
}

void StraightLineReducer::collectProduct(Value *left, Value *right,
                                         Instruction &inst) {
  Value *base = nullptr;
  ConstantInt *offset = nullptr;
  if (match(left, m_c_Add(m_Value(base), m_ConstantInt(offset))) ||
      (match(left, m_c_Or(m_Value(base), m_ConstantInt(offset))) &&
       haveNoCommonBitsSet(base, offset, SimplifyQuery(layout)))) {
    add(Shape::Product, evolution.getSCEV(base), offset, right, inst);
    return;
  }
  add(Shape::Product, evolution.getSCEV(left),
      ConstantInt::get(cast<IntegerType>(inst.getType()), 0), right, inst);
}

void StraightLineReducer::collectAddressFactor(const SCEV *base,
                                               const APInt &factor,
                                               Value *stride,
                                               uint64_t elementBytes,
                                               GetElementPtrInst &gep) {
  if (factor.getBitWidth() > 64)
    return;
  // &B[i * S] addresses B + (i * element bytes) * sext(S).
  auto *offsetType = cast<IntegerType>(layout.getIndexType(gep.getType()));
  auto *scaled = ConstantInt::get(
      offsetType, factor.getSExtValue() * int64_t(elementBytes), true);
  add(Shape::Address, base, scaled, stride, gep);
}

void StraightLineReducer::collectAddressIndex(Value *index, const SCEV *base,
                                              uint64_t elementBytes,
                                              GetElementPtrInst &gep) {
  unsigned width = index->getType()->getIntegerBitWidth();
  collectAddressFactor(base, APInt(width, 1), index, elementBytes, gep);
  // Only a product that cannot wrap keeps its factor through the sign
  // extension to the index width.
  Value *stride = nullptr;
  ConstantInt *factor = nullptr;
  if (match(index, m_NSWMul(m_Value(stride), m_ConstantInt(factor))))
    collectAddressFactor(base, factor->getValue(), stride, elementBytes, gep);
  else if (match(index, m_NSWShl(m_Value(stride), m_ConstantInt(factor))))
    collectAddressFactor(base,
                         APInt::getOneBitSet(width, 0) << factor->getValue(),
                         stride, elementBytes, gep);
}

void StraightLineReducer::collectAddress(GetElementPtrInst &gep) {
  if (gep.getType()->isVectorTy())
    return;
  SmallVector<const SCEV *, 4> indices;
  for (Use &index : gep.indices())
    indices.push_back(evolution.getSCEV(index));
  unsigned offsetBits = layout.getIndexSizeInBits(gep.getAddressSpace());
  gep_type_iterator type = gep_type_begin(gep);
  for (unsigned i = 0, e = indices.size(); i != e; ++i, ++type) {
    if (type.isStruct())
      continue;
    // The base: the address with this index zero.
    const SCEV *own = indices[i];
    indices[i] = evolution.getZero(own->getType());
    const SCEV *base = evolution.getGEPExpr(cast<GEPOperator>(&gep), indices);
    indices[i] = own;
    Value *index = gep.getOperand(i + 1);
    uint64_t elementBytes = type.getSequentialElementStride(layout);
    // An index wider than the offsets is truncated to them: not a product.
    if (index->getType()->getIntegerBitWidth() <= offsetBits)
      collectAddressIndex(index, base, elementBytes, gep);
    // Indices are mostly sign-extended 32-bit values: factor those too.
    Value *narrow = nullptr;
    if (match(index, m_SExt(m_Value(narrow))) &&
        narrow->getType()->getIntegerBitWidth() <= offsetBits)
      collectAddressIndex(narrow, base, elementBytes, gep);
  }
}

void StraightLineReducer::collect(Instruction &inst) {
  switch (inst.getOpcode()) {
  case Instruction::Add:
    if (inst.getType()->isIntegerTy()) {
      collectSum(inst.getOperand(0), inst.getOperand(1), inst);
      if (inst.getOperand(0) != inst.getOperand(1))
        collectSum(inst.getOperand(1), inst.getOperand(0), inst);
    }
    break;
  case Instruction::Mul:
    if (inst.getType()->isIntegerTy()) {
      collectProduct(inst.getOperand(0), inst.getOperand(1), inst);
      if (inst.getOperand(0) != inst.getOperand(1))
        collectProduct(inst.getOperand(1), inst.getOperand(0), inst);
    }
    break;
  case Instruction::GetElementPtr:
    collectAddress(cast<GetElementPtrInst>(inst));
    break;
  default:
    break;
  }
}

/// (i' - i) * S, the difference between two candidates' values.
Value *StraightLineReducer::makeStep(const Candidate &from,
                                     const Candidate &to,
                                     IRBuilder<> &builder) const {
  APInt mine = to.index->getValue(), theirs = from.index->getValue();
  unsigned width = std::max(mine.getBitWidth(), theirs.getBitWidth());
  APInt delta = mine.sext(width) - theirs.sext(width);
  if (delta.isOne())
    return to.stride;
  if (delta.isAllOnes())
    return builder.CreateNeg(to.stride);
  auto *type = IntegerType::get(to.inst->getContext(), width);
  Value *stride = builder.CreateSExtOrTrunc(to.stride, type);
  if (delta.isPowerOf2())
    return builder.CreateShl(stride, delta.logBase2());
  if (delta.isNegatedPowerOf2())
    return builder.CreateNeg(builder.CreateShl(stride, (-delta).logBase2()));
  return builder.CreateMul(stride, ConstantInt::get(type, delta));
}

void StraightLineReducer::rewrite(const Candidate &candidate) {
  // Another candidate of the same instruction was rewritten already.
  if (!candidate.inst->getParent())
    return;
  const Candidate &basis = candidates[candidate.basis];
  IRBuilder<> builder(candidate.inst);
  Value *step = makeStep(basis, candidate, builder);
  Value *result = nullptr;
  if (candidate.shape == Shape::Address) {
    bool inBounds = cast<GetElementPtrInst>(candidate.inst)->isInBounds();
    result = builder.CreatePtrAdd(basis.inst, step, "",
                                  inBounds ? GEPNoWrapFlags::inBounds()
                                           : GEPNoWrapFlags::none());
  } else if (Value *negated; match(step, m_Neg(m_Value(negated)))) {
    result = builder.CreateSub(basis.inst, negated);
    RecursivelyDeleteTriviallyDeadInstructions(step);
  } else {
    // No wrap flags: B + i*S not wrapping says nothing of X + (i' - i)*S.
    result = builder.CreateAdd(basis.inst, step);
  }
  result->takeName(candidate.inst);
  candidate.inst->replaceAllUsesWith(result);
  candidate.inst->removeFromParent();
  replaced.push_back(candidate.inst);
}

bool StraightLineReducer::run(Function &function) {
  for (DomTreeNode *node : depth_first(dominators.getRootNode()))
    for (Instruction &inst : *node->getBlock())
      collect(inst);
  // Last first: a candidate is rewritten before its basis is, so the basis
  // is still in place when its value is read.
  for (const Candidate &candidate : llvm::reverse(candidates))
    if (candidate.basis >= 0)
      rewrite(candidate);
  for (Instruction *inst : replaced) {
    for (Use &operand : inst->operands()) {
      Value *value = operand.get();
      operand.set(nullptr);
      RecursivelyDeleteTriviallyDeadInstructions(value);
    }
    inst->deleteValue();
  }
  return !replaced.empty();
}

PreservedAnalyses
mlir::triton::StraightLineStrengthReductionPass::run(
    Function &function, FunctionAnalysisManager &analyses) {
  StraightLineReducer reducer(
      function, analyses.getResult<DominatorTreeAnalysis>(function),
      analyses.getResult<ScalarEvolutionAnalysis>(function),
      analyses.getResult<TargetIRAnalysis>(function));
  if (!reducer.run(function))
    return PreservedAnalyses::all();
  PreservedAnalyses preserved;
  preserved.preserveSet<CFGAnalyses>();
  preserved.preserve<DominatorTreeAnalysis>();
  preserved.preserve<TargetIRAnalysis>();
  return preserved;
}

namespace {
/// The pass in a legacy codegen pipeline, where LLVM's stood.
class StraightLineStrengthReductionLegacy : public FunctionPass {
public:
  static char ID;
  StraightLineStrengthReductionLegacy() : FunctionPass(ID) {}

  StringRef getPassName() const override {
    return "Straight-line strength reduction (nearest basis)";
  }

  void getAnalysisUsage(AnalysisUsage &usage) const override {
    usage.addRequired<DominatorTreeWrapperPass>();
    usage.addRequired<ScalarEvolutionWrapperPass>();
    usage.addRequired<TargetTransformInfoWrapperPass>();
    usage.setPreservesCFG();
  }

  bool runOnFunction(Function &function) override {
    if (skipFunction(function))
      return false;
    StraightLineReducer reducer(
        function, getAnalysis<DominatorTreeWrapperPass>().getDomTree(),
        getAnalysis<ScalarEvolutionWrapperPass>().getSE(),
        getAnalysis<TargetTransformInfoWrapperPass>().getTTI(function));
    return reducer.run(function);
  }
};
char StraightLineStrengthReductionLegacy::ID = 0;
} // namespace

FunctionPass *mlir::triton::createStraightLineStrengthReductionLegacyPass() {
  return new StraightLineStrengthReductionLegacy();
}
