//===- DeltaStrengthReduction.cpp - LLVM 22's strength reduction, cached --===//
//
// LLVM 22's straight-line strength reduction, which NVPTX's codegen runs,
// rewrites a value of the form B + i*S, (B + i)*S or &B[i*S] from a
// dominating one that differs from it in one part only: the index (by a
// constant), the base or the stride (by a constant, or by a value the code
// already computes). Before using a value as a basis it asks scalar
// evolution whether that value may stand for its expression without more
// poison (ScalarEvolution::canReuseInstruction), and it asks again for every
// candidate it compares with that basis: over the long unrolled address
// chains of a kernel that question is most of the pass's time, and the pass
// 62-72% of the LLVM time of the slowest kernels to compile
// (docs/CompileSpeed.md).
//
// This is the same algorithm, written again, with the answer kept per
// basis instruction until a rewrite drops poison flags (which can change
// it): the same PTX for all 462 kernels of compile_ptx_check.py, the pass
// in a fifth of the time (0.62 s against 3.03 s summed; grouped 337 ->
// 14 ms).
// Everything else follows LLVM 22's rules: candidates in
// dominator-tree order; a basis by base difference first, then by stride
// difference, then by index difference, nearest dominating block first,
// the first constant difference winning; an index difference only where
// the rewrite is not less efficient than the candidate; chains of
// constant differences short-cut to their root; each instruction rewritten
// from its most efficient candidate, leaves before their bases. NVPTX's
// codegen runs it in place of LLVM's (`-codegen-strength-reduction=llvm`
// runs LLVM's own, LLVMCodegen.cpp).
//
//===----------------------------------------------------------------------===//

#include "translate/LLVMPasses.h"

#include "llvm/ADT/DepthFirstIterator.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
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

#include <deque>
#include <limits>
#include <queue>
#include <tuple>

using namespace llvm;
using namespace llvm::PatternMatch;

namespace {

enum class Shape : uint8_t { Sum, Product, Address };
enum class Difference : uint8_t { None, Index, Base, Stride };

/// How cheap a value's computation is, higher better: nothing to compute
/// (5); one instruction on one value (4: x + c, x * c); one on two values
/// (3: x + y); two on one value (2: c + c*x); two on two values (1).
enum Efficiency : unsigned {
  kUnknown = 0,
  kTwoOnTwo = 1,
  kTwoOnOne = 2,
  kOneOnTwo = 3,
  kOneOnOne = 4,
  kNothing = 5
};

Efficiency efficiency(Shape shape, const ConstantInt *index,
                      const Value *stride, const SCEV *base = nullptr) {
  auto *constantBase = dyn_cast_or_null<SCEVConstant>(base);
  bool zeroBase = constantBase && constantBase->getValue()->isZero();
  auto *constantStride = dyn_cast<ConstantInt>(stride);
  bool zeroStride = constantStride && constantStride->isZero();
  if (constantBase && constantStride)
    return kNothing;
  if (shape == Shape::Product) {
    if (zeroStride)
      return kNothing;
    if (index->isZero())
      return constantStride || constantBase ? kOneOnOne : kOneOnTwo;
    if (constantBase)
      return zeroBase && (index->isOne() || index->isMinusOne()) ? kNothing
                                                                  : kOneOnOne;
    if (constantStride)
      return constantStride->isOne() || constantStride->isMinusOne()
                 ? kOneOnOne
                 : kTwoOnOne;
    return kTwoOnTwo;
  }
  if (index->isZero() || zeroStride)
    return kNothing;
  bool unit = index->isOne() || index->isMinusOne();
  if (constantBase)
    return zeroBase ? (unit ? kNothing : kOneOnOne)
                    : (unit ? kOneOnOne : kTwoOnOne);
  if (constantStride)
    return kOneOnOne;
  return unit ? kOneOnTwo : kTwoOnTwo;
}

struct Candidate {
  Shape shape;
  const SCEV *base;
  ConstantInt *index;
  Value *stride;
  const SCEV *strideValue;
  Instruction *inst;
  Candidate *basis = nullptr;
  Difference difference = Difference::None;
  /// What the value differs from the basis's by, in the difference's terms.
  Value *delta = nullptr;

  Efficiency own() const { return efficiency(shape, index, stride, base); }
  Efficiency rewritten(const Value &by, Difference kind) const {
    switch (kind) {
    case Difference::Base: // basis + delta
      return efficiency(shape,
                        ConstantInt::get(cast<IntegerType>(by.getType()), 1),
                        &by);
    case Difference::Stride: // basis + index * delta
      return efficiency(shape, index, &by);
    case Difference::Index: // basis + delta * stride
      return efficiency(shape, cast<ConstantInt>(&by), stride);
    case Difference::None:
      break;
    }
    return kUnknown;
  }
  Efficiency rewritten() const {
    return basis ? rewritten(*delta, difference) : kUnknown;
  }
};

class DeltaReducer {
public:
  DeltaReducer(Function &function, DominatorTree &dominators,
               ScalarEvolution &evolution, const TargetTransformInfo &costs)
      : layout(function.getDataLayout()), dominators(dominators),
        evolution(evolution), costs(costs) {}

  bool run(Function &function);

private:
  /// Two parts a basis shares with a candidate, the value type and a block.
  using Key =
      std::tuple<const void *, const void *, Type *, const BasicBlock *>;
  using Table = DenseMap<Key, SmallVector<Candidate *, 4>>;

  void collect(Instruction &inst);
  void collectSum(Value *left, Value *right, Instruction &inst);
  void collectProduct(Value *left, Value *right, Instruction &inst);
  void collectAddress(GetElementPtrInst &gep);
  void add(Shape shape, const SCEV *base, ConstantInt *index, Value *stride,
           Instruction &inst);
  const SCEV *recordValue(Value *value);
  bool foldable(const Candidate &c) const;
  void findBasis(Candidate &c);
  bool searchFrom(const Table &table, const void *first, const void *second,
                  Candidate &c, Difference kind);
  bool tryBasis(Candidate &basis, Candidate &c, Difference kind);
  bool mayStandFor(Instruction &inst);
  Value *deltaOf(const Candidate &c, const Candidate &basis,
                 Difference kind) const;
  Value *nearestValue(const SCEV *value, const Instruction &at) const;
  static bool similar(const Candidate &c, const Candidate &basis,
                      Difference kind);
  void shortenChain(Candidate &c) const;
  void addDependences(Candidate &c);
  SmallVector<Instruction *> orderedInstructions();
  Candidate *bestOf(Instruction *inst) const;
  Value *makeStep(const Candidate &c, IRBuilder<> &builder) const;
  void rewrite(const Candidate &c);

  const DataLayout &layout;
  DominatorTree &dominators;
  ScalarEvolution &evolution;
  const TargetTransformInfo &costs;

  std::deque<Candidate> candidates;
  /// Candidates by what a basis of each kind of difference shares with
  /// them: base and stride (index), stride and index (base), base and
  /// index (stride); each by block, in order. One flat table per kind: a
  /// table of blocks per key cost a bucket array per key.
  Table byBaseStride, byStrideIndex, byBaseIndex;
  /// The instructions computing each (non-trivial) stride expression, in
  /// dominator-tree order.
  DenseMap<const SCEV *, SmallSetVector<Instruction *, 2>> valuesOf;
  /// Whether an instruction may stand for its expression, and the
  /// instructions whose poison flags then go; asked again only once flags
  /// have been dropped since (`flagsEpoch` counts the drops).
  struct Reuse {
    bool asked = false, allowed = false;
    unsigned epoch = 0;
    SmallVector<Instruction *, 4> drop;
  };
  DenseMap<Instruction *, Reuse> reusable;
  unsigned flagsEpoch = 0;
  DenseMap<Instruction *, SmallVector<Candidate *, 3>> ofInstruction;
  MapVector<Instruction *, std::vector<Instruction *>> dependents;
  SmallVector<Instruction *> replaced;
};

} // namespace

const SCEV *DeltaReducer::recordValue(Value *value) {
  const SCEV *expression = evolution.getSCEV(value);
  if (auto *inst = dyn_cast<Instruction>(value))
    if (!isa<SCEVCouldNotCompute, SCEVUnknown, SCEVConstant>(expression))
      valuesOf[expression].insert(inst);
  return expression;
}

bool DeltaReducer::foldable(const Candidate &c) const {
  if (c.shape == Shape::Sum)
    return c.index->getBitWidth() <= 64 &&
           costs.isLegalAddressingMode(c.base->getType(), nullptr, 0, true,
                                       c.index->getSExtValue(),
                                       std::numeric_limits<unsigned>::max());
  if (c.shape == Shape::Address) {
    auto *gep = cast<GetElementPtrInst>(c.inst);
    SmallVector<const Value *, 4> indices(gep->indices());
    return costs.getGEPCost(gep->getSourceElementType(),
                            gep->getPointerOperand(),
                            indices) == TargetTransformInfo::TCC_Free;
  }
  return false;
}

bool DeltaReducer::mayStandFor(Instruction &inst) {
  // The answer depends on the poison flags of the instructions around, which
  // a rewrite found earlier may have dropped: asked again only then.
  Reuse &entry = reusable[&inst];
  if (!entry.asked || entry.epoch != flagsEpoch) {
    SmallVector<Instruction *> drop;
    entry.asked = true;
    entry.epoch = flagsEpoch;
    entry.allowed =
        evolution.canReuseInstruction(evolution.getSCEV(&inst), &inst, drop);
    entry.drop.assign(drop.begin(), drop.end());
  }
  return entry.allowed;
}

Value *DeltaReducer::nearestValue(const SCEV *value,
                                  const Instruction &at) const {
  if (isa<SCEVCouldNotCompute>(value))
    return nullptr;
  if (auto *unknown = dyn_cast<SCEVUnknown>(value))
    return unknown->getValue();
  if (auto *constant = dyn_cast<SCEVConstant>(value))
    return constant->getValue();
  auto found = valuesOf.find(value);
  if (found == valuesOf.end())
    return nullptr;
  for (Instruction *inst : llvm::reverse(found->second))
    if (dominators.dominates(inst, &at))
      return inst;
  return nullptr;
}

Value *DeltaReducer::deltaOf(const Candidate &c, const Candidate &basis,
                             Difference kind) const {
  if (kind == Difference::Index) {
    APInt mine = c.index->getValue(), theirs = basis.index->getValue();
    unsigned width = std::max(mine.getBitWidth(), theirs.getBitWidth());
    return ConstantInt::get(c.inst->getContext(),
                            mine.sext(width) - theirs.sext(width));
  }
  bool bases = kind == Difference::Base;
  const SCEV *difference = evolution.getMinusSCEV(
      bases ? c.base : c.strideValue, bases ? basis.base : basis.strideValue);
  return nearestValue(difference, *c.inst);
}

bool DeltaReducer::similar(const Candidate &c, const Candidate &basis,
                           Difference kind) {
  bool sameType = kind == Difference::Index ||
                  (kind == Difference::Stride &&
                   c.strideValue->getType() == basis.strideValue->getType()) ||
                  (kind == Difference::Base &&
                   c.base->getType() == basis.base->getType());
  return sameType && basis.inst != c.inst && basis.shape == c.shape;
}

bool DeltaReducer::tryBasis(Candidate &basis, Candidate &c, Difference kind) {
  if (!similar(c, basis, kind) || !mayStandFor(*basis.inst))
    return false;
  Value *delta = deltaOf(c, basis, kind);
  if (!delta)
    return false;
  // B + 8*S from B + S as X - 7*S is worse than what it replaces.
  if (kind == Difference::Index && c.own() > c.rewritten(*delta, kind))
    return false;
  for (Instruction *inst : reusable.find(basis.inst)->second.drop)
    if (inst->hasPoisonGeneratingAnnotations()) {
      inst->dropPoisonGeneratingAnnotations();
      ++flagsEpoch;
    }
  if (!c.delta || isa<ConstantInt>(delta)) {
    c.delta = delta;
    c.basis = &basis;
    c.difference = kind;
  }
  return isa<ConstantInt>(c.delta);
}

bool DeltaReducer::searchFrom(const Table &table, const void *first,
                              const void *second, Candidate &c,
                              Difference kind) {
  if (c.shape == Shape::Product && kind != Difference::Index)
    return false;
  Type *type = c.inst->getType();
  for (DomTreeNode *node = dominators.getNode(c.inst->getParent()); node;
       node = node->getIDom()) {
    auto found = table.find(Key(first, second, type, node->getBlock()));
    if (found == table.end())
      continue;
    for (Candidate *basis : llvm::reverse(found->second))
      if (tryBasis(*basis, c, kind))
        return true;
  }
  return false;
}

void DeltaReducer::findBasis(Candidate &c) {
  if (searchFrom(byStrideIndex, c.strideValue, c.index, c, Difference::Base) ||
      searchFrom(byBaseIndex, c.base, c.index, c, Difference::Stride))
    return;
  searchFrom(byBaseStride, c.base, c.strideValue, c, Difference::Index);
}

void DeltaReducer::shortenChain(Candidate &c) const {
  if (!c.basis || !c.basis->basis || c.shape == Shape::Product)
    return;
  Candidate *root = c.basis;
  Value *delta = nullptr;
  Difference kind = Difference::None;
  while (root->basis) {
    Candidate *next = root->basis;
    if (c.base == next->base && c.strideValue == next->strideValue &&
        similar(c, *next, Difference::Index)) {
      auto *step = cast<ConstantInt>(deltaOf(c, *next, Difference::Index));
      if (step->isZero() || step->isOne() ||
          isa<SCEVConstant>(c.strideValue)) {
        root = next;
        kind = Difference::Index;
        delta = step;
        continue;
      }
    }
    Difference other;
    const SCEV *mine, *theirs;
    if (c.base == next->base && c.index == next->index) {
      other = Difference::Stride;
      mine = c.strideValue;
      theirs = next->strideValue;
    } else if (c.strideValue == next->strideValue && c.index == next->index) {
      other = Difference::Base;
      mine = c.base;
      theirs = next->base;
    } else {
      break;
    }
    if (!similar(c, *next, other))
      break;
    auto *constant =
        dyn_cast<SCEVConstant>(evolution.getMinusSCEV(mine, theirs));
    if (!constant)
      break;
    root = next;
    delta = constant->getValue();
    kind = other;
  }
  if (root != c.basis) {
    c.basis = root;
    c.difference = kind;
    c.delta = delta;
  }
}

void DeltaReducer::add(Shape shape, const SCEV *base, ConstantInt *index,
                       Value *stride, Instruction &inst) {
  Candidate c{shape, base, index, stride, recordValue(stride), &inst};
  if (!foldable(c) && c.own() < kOneOnOne) {
    findBasis(c);
    shortenChain(c);
  }
  candidates.push_back(c);
  Candidate *added = &candidates.back();
  ofInstruction[&inst].push_back(added);
  BasicBlock *block = inst.getParent();
  Type *type = inst.getType();
  byBaseStride[Key(base, added->strideValue, type, block)].push_back(added);
  byStrideIndex[Key(added->strideValue, index, type, block)].push_back(added);
  byBaseIndex[Key(base, index, type, block)].push_back(added);
}

void DeltaReducer::collectSum(Value *left, Value *right, Instruction &inst) {
  Value *stride = nullptr;
  ConstantInt *factor = nullptr;
  if (match(right, m_Mul(m_Value(stride), m_ConstantInt(factor)))) {
    add(Shape::Sum, evolution.getSCEV(left), factor, stride, inst);
  } else if (match(right, m_Shl(m_Value(stride), m_ConstantInt(factor)))) {
    APInt power = APInt::getOneBitSet(factor->getBitWidth(), 0)
                  << factor->getValue();
    add(Shape::Sum, evolution.getSCEV(left),
        ConstantInt::get(inst.getContext(), power), stride, inst);
  } else {
    add(Shape::Sum, evolution.getSCEV(left),
        ConstantInt::get(cast<IntegerType>(inst.getType()), 1), right, inst);
  }
}

void DeltaReducer::collectProduct(Value *left, Value *right,
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

void DeltaReducer::collectAddress(GetElementPtrInst &gep) {
  if (gep.getType()->isVectorTy())
    return;
  SmallVector<const SCEV *, 4> indices;
  for (Use &index : gep.indices())
    indices.push_back(evolution.getSCEV(index));
  unsigned offsetBits = layout.getIndexSizeInBits(gep.getAddressSpace());
  auto *offsetType = cast<IntegerType>(layout.getIndexType(gep.getType()));
  gep_type_iterator type = gep_type_begin(gep);
  for (unsigned i = 0, e = indices.size(); i != e; ++i, ++type) {
    if (type.isStruct())
      continue;
    const SCEV *own = indices[i];
    indices[i] = evolution.getZero(own->getType());
    const SCEV *base = evolution.getGEPExpr(cast<GEPOperator>(&gep), indices);
    indices[i] = own;
    Value *index = gep.getOperand(i + 1);
    auto *elementBytes = ConstantInt::getSigned(
        offsetType, type.getSequentialElementStride(layout),
        /*ImplicitTrunc=*/true);
    if (index->getType()->getIntegerBitWidth() <= offsetBits)
      add(Shape::Address, base, elementBytes, index, gep);
    Value *narrow = nullptr;
    if (match(index, m_SExt(m_Value(narrow))) &&
        narrow->getType()->getIntegerBitWidth() <= offsetBits)
      add(Shape::Address, base, elementBytes, narrow, gep);
  }
}

void DeltaReducer::collect(Instruction &inst) {
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

void DeltaReducer::addDependences(Candidate &c) {
  if (c.basis)
    dependents[c.basis->inst].push_back(c.inst);
  // A delta or stride that is itself rewritten must be rewritten first.
  auto after = [&](Value *value) {
    auto *inst = dyn_cast_or_null<Instruction>(value);
    if (!inst)
      return;
    auto found = ofInstruction.find(inst);
    if (found != ofInstruction.end() &&
        llvm::any_of(found->second,
                     [](const Candidate *other) { return other->basis; }))
      dependents[inst].push_back(c.inst);
  };
  after(c.delta);
  after(c.stride);
}

SmallVector<Instruction *> DeltaReducer::orderedInstructions() {
  DenseMap<Instruction *, int> pending;
  for (auto &[inst, after] : dependents) {
    pending.try_emplace(inst, 0);
    for (Instruction *next : after)
      ++pending[next];
  }
  std::queue<Instruction *> ready;
  for (auto &[inst, after] : dependents)
    if (pending[inst] == 0)
      ready.push(inst);
  SmallVector<Instruction *> order;
  DenseSet<Instruction *> seen;
  while (!ready.empty()) {
    Instruction *inst = ready.front();
    ready.pop();
    if (!seen.insert(inst).second)
      continue;
    order.push_back(inst);
    for (Instruction *next : dependents[inst])
      if (--pending[next] == 0)
        ready.push(next);
  }
  return order;
}

Candidate *DeltaReducer::bestOf(Instruction *inst) const {
  auto found = ofInstruction.find(inst);
  if (found == ofInstruction.end())
    return nullptr;
  Candidate *best = nullptr;
  Efficiency bestEfficiency = kUnknown;
  for (Candidate *c : llvm::reverse(found->second))
    if (c->basis && c->rewritten() > bestEfficiency) {
      bestEfficiency = c->rewritten();
      best = c;
    }
  return best;
}

Value *DeltaReducer::makeStep(const Candidate &c, IRBuilder<> &builder) const {
  // x * c as a shift where c is a power of two (or its negation).
  auto multiply = [&](Value *value, Value *factor) -> Value * {
    if (auto *constant = dyn_cast<ConstantInt>(factor)) {
      const APInt &by = constant->getValue();
      if (by.isPowerOf2())
        return builder.CreateShl(
            value, ConstantInt::get(constant->getType(), by.logBase2()));
      if (by.isNegatedPowerOf2())
        return builder.CreateNeg(builder.CreateShl(
            value, ConstantInt::get(constant->getType(), (-by).logBase2())));
    }
    return builder.CreateMul(value, factor);
  };
  if (auto *constant = dyn_cast<ConstantInt>(c.delta);
      constant && constant->isZero())
    return nullptr;
  if (c.difference == Difference::Index) {
    const APInt &delta = cast<ConstantInt>(c.delta)->getValue();
    if (delta.isOne())
      return c.stride;
    if (delta.isAllOnes())
      return builder.CreateNeg(c.stride);
    Value *stride = builder.CreateSExtOrTrunc(
        c.stride, IntegerType::get(c.inst->getContext(), delta.getBitWidth()));
    return multiply(stride, c.delta);
  }
  // Another base: the difference itself; another stride: index times it
  // (for an address, in the offset width, as the GEP would extend it).
  Value *step = c.delta;
  if (c.difference == Difference::Stride) {
    if (c.shape == Shape::Address) {
      auto *gep = cast<GetElementPtrInst>(c.inst);
      step = builder.CreateSExtOrTrunc(
          step,
          layout.getIndexType(gep->getPointerOperandType()->getScalarType()));
    }
    if (!c.index->isOne())
      step =
          multiply(step, builder.CreateSExtOrTrunc(c.index, step->getType()));
  }
  return step;
}

void DeltaReducer::rewrite(const Candidate &c) {
  const Candidate &basis = *c.basis;
  IRBuilder<> builder(c.inst);
  Value *step = makeStep(c, builder);
  Value *result;
  if (!step) {
    result = basis.inst;
  } else {
    if (c.shape == Shape::Address) {
      bool inBounds = cast<GetElementPtrInst>(c.inst)->isInBounds();
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
    result->takeName(c.inst);
  }
  c.inst->replaceAllUsesWith(result);
  replaced.push_back(c.inst);
}

bool DeltaReducer::run(Function &function) {
  for (DomTreeNode *node : depth_first(dominators.getRootNode()))
    for (Instruction &inst : *node->getBlock())
      collect(inst);
  for (Candidate &c : candidates) {
    dependents.try_emplace(c.inst);
    addDependences(c);
  }
  // Leaves first: a value is rewritten while its basis is still in place.
  // (A named vector: llvm::reverse of a temporary would outlive it.)
  SmallVector<Instruction *> order = orderedInstructions();
  for (Instruction *inst : llvm::reverse(order))
    if (Candidate *c = bestOf(inst))
      rewrite(*c);
  for (Instruction *inst : replaced)
    if (inst->getParent())
      RecursivelyDeleteTriviallyDeadInstructions(inst);
  return !replaced.empty();
}

PreservedAnalyses mlir::triton::DeltaStrengthReductionPass::run(
    Function &function, FunctionAnalysisManager &analyses) {
  DeltaReducer reducer(function,
                       analyses.getResult<DominatorTreeAnalysis>(function),
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
class DeltaStrengthReductionLegacy : public FunctionPass {
public:
  static char ID;
  DeltaStrengthReductionLegacy() : FunctionPass(ID) {}

  StringRef getPassName() const override {
    return "Straight-line strength reduction (LLVM 22's, cached)";
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
    DeltaReducer reducer(
        function, getAnalysis<DominatorTreeWrapperPass>().getDomTree(),
        getAnalysis<ScalarEvolutionWrapperPass>().getSE(),
        getAnalysis<TargetTransformInfoWrapperPass>().getTTI(function));
    return reducer.run(function);
  }
};
char DeltaStrengthReductionLegacy::ID = 0;
} // namespace

FunctionPass *mlir::triton::createDeltaStrengthReductionLegacyPass() {
  return new DeltaStrengthReductionLegacy();
}
