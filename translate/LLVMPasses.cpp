//===- LLVMPasses.cpp - Triton's own passes over LLVM IR ------------------===//

#include "translate/LLVMPasses.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/PassInstrumentation.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Transforms/Scalar/InstSimplifyPass.h"

using namespace llvm;
using namespace mlir::triton;

//===----------------------------------------------------------------------===//
// BreakStructPhiNodesPass
//===----------------------------------------------------------------------===//

// A tensor's registers carried around a loop are one struct in the LLVM
// dialect's block arguments. Splitting the phi per field (the incoming
// structs taken apart at the end of their blocks, the result put together
// after the phis, for instcombine to fold away) makes loop-carried
// accumulators separate values to the register allocator, as in Triton's
// pipeline, which runs its BreakStructPhiNodes at the same place.
// Consecutive 16-bit float fields share one phi of two lanes: an f16 wgmma
// accumulator's halves then go around the loop in the 32-bit registers the
// wgmma wrote, not unpacked and packed again by instructions that read them
// while the wgmma is in flight (which makes ptxas serialize the wgmmas,
// C7514).
PreservedAnalyses BreakStructPhiNodesPass::run(Function &function,
                                               FunctionAnalysisManager &) {
  SmallVector<PHINode *> phis;
  for (BasicBlock &block : function)
    for (PHINode &phi : block.phis())
      if (auto type = dyn_cast<StructType>(phi.getType()))
        if (type->getNumElements() >= minFields &&
            llvm::all_of(type->elements(),
                         [](Type *t) { return t->isSingleValueType(); }))
          phis.push_back(&phi);
  for (PHINode *phi : phis) {
    auto *type = cast<StructType>(phi->getType());
    // (first field, lanes): a phi per single field or pair of halves.
    SmallVector<std::pair<unsigned, unsigned>> parts;
    for (unsigned i = 0, e = type->getNumElements(); i < e;) {
      Type *field = type->getElementType(i);
      bool pair = field->isHalfTy() || field->isBFloatTy();
      pair = pair && i + 1 < e && type->getElementType(i + 1) == field;
      parts.push_back({i, pair ? 2u : 1u});
      i += pair ? 2 : 1;
    }
    IRBuilder<> builder(phi);
    SmallVector<PHINode *> partPhis;
    for (auto [first, lanes] : parts) {
      Type *field = type->getElementType(first);
      Type *partType = lanes == 1 ? field : FixedVectorType::get(field, lanes);
      partPhis.push_back(
          builder.CreatePHI(partType, phi->getNumIncomingValues()));
    }
    for (unsigned i = 0, e = phi->getNumIncomingValues(); i < e; ++i) {
      BasicBlock *from = phi->getIncomingBlock(i);
      Value *incoming = phi->getIncomingValue(i);
      builder.SetInsertPoint(from->getTerminator());
      for (auto [part, partPhi] : llvm::zip(parts, partPhis)) {
        auto [first, lanes] = part;
        Value *value = builder.CreateExtractValue(incoming, first);
        if (lanes == 2) {
          Value *vector = PoisonValue::get(partPhi->getType());
          vector = builder.CreateInsertElement(vector, value, uint64_t(0));
          value = builder.CreateInsertElement(
              vector, builder.CreateExtractValue(incoming, first + 1),
              uint64_t(1));
        }
        partPhi->addIncoming(value, from);
      }
    }
    builder.SetInsertPoint(phi->getParent(),
                           phi->getParent()->getFirstInsertionPt());
    // Every field is written below, so the starting value is never read;
    // undef, as Triton's pass starts from (its tests match the text).
    Value *whole = UndefValue::get(type);
    for (auto [part, partPhi] : llvm::zip(parts, partPhis)) {
      auto [first, lanes] = part;
      if (lanes == 1) {
        whole = builder.CreateInsertValue(whole, partPhi, first);
        continue;
      }
      whole = builder.CreateInsertValue(
          whole, builder.CreateExtractElement(partPhi, uint64_t(0)), first);
      whole = builder.CreateInsertValue(
          whole, builder.CreateExtractElement(partPhi, uint64_t(1)), first + 1);
    }
    phi->replaceAllUsesWith(whole);
    phi->eraseFromParent();
  }
  return phis.empty() ? PreservedAnalyses::all() : PreservedAnalyses::none();
}

//===----------------------------------------------------------------------===//
// SplitWideStructPhisPass
//===----------------------------------------------------------------------===//

// O3 runs IPSCCP before its first InstCombine, and IPSCCP keeps a lattice
// value per field of every struct value: each insertvalue of the chains
// that build a loop-carried accumulator around its phi touches all of its
// fields (a 128x128 fp16 matmul: 64-field structs, 384 insertvalues; 7 ms,
// 14% of its LLVM pass time). Split before it, the phis are scalars and
// InstSimplify folds the extracts of inserts. Only wide structs: splitting
// the two- and four-field phis of small kernels this early changed their
// code (corpus/control), and costs IPSCCP nothing to leave; with 8 fields
// or more, none of the 462 kernels of compile_ptx_check changed.
PreservedAnalyses
SplitWideStructPhisPass::run(Function &function,
                             FunctionAnalysisManager &analyses) {
  PreservedAnalyses split =
      BreakStructPhiNodesPass(kWideStructFields).run(function, analyses);
  if (split.areAllPreserved())
    return split;
  analyses.invalidate(function, split);
  InstSimplifyPass().run(function, analyses);
  return PreservedAnalyses::none();
}

//===----------------------------------------------------------------------===//
// FreezeMaskedDivRemPass
//===----------------------------------------------------------------------===//

// A masked load whose lowering branches around the load (AMD's global loads)
// leaves a phi of the loaded value and the `other` value, often 0. When that
// phi divides, SimplifyCFG reasons that the path bringing 0 (or undef) would
// divide by zero, which is undefined, so it is never taken: it deletes the
// branch and the load runs on every lane, out of bounds included. A freeze
// between the phi and the division hides the constant from that reasoning
// and costs no instruction.

/// Whether PHI may bring a zero or undef from one of its predecessors.
static bool mayBringZeroOrUndef(const PHINode &phi) {
  return llvm::any_of(phi.incoming_values(), [](const Use &use) {
    auto *constant = dyn_cast<Constant>(use.get());
    return constant &&
           (isa<UndefValue>(constant) || constant->isNullValue());
  });
}

PreservedAnalyses FreezeMaskedDivRemPass::run(Function &function,
                                              FunctionAnalysisManager &) {
  bool changed = false;
  for (BasicBlock &block : function) {
    for (Instruction &inst : block) {
      auto *op = dyn_cast<BinaryOperator>(&inst);
      if (!op || !op->isIntDivRem())
        continue;
      auto *phi = dyn_cast<PHINode>(op->getOperand(1));
      if (!phi || !mayBringZeroOrUndef(*phi))
        continue;
      // Right before the division: it is what the division sees, and it
      // dominates the division wherever the phi does.
      auto *frozen =
          new FreezeInst(phi, phi->getName() + ".frozen", op->getIterator());
      op->setOperand(1, frozen);
      changed = true;
    }
  }
  return changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

namespace {
template <typename Pass> struct PassTag { using type = Pass; };

/// Calls `fn(PassTag<Pass>(), flag)` for each of the passes above, with its
/// flag name: one list for pipeline parsing and instrumentation.
template <typename Fn> void forEachTritonLLVMPass(Fn &&fn) {
  fn(PassTag<BreakStructPhiNodesPass>(), "break-struct-phi-nodes");
  fn(PassTag<SplitWideStructPhisPass>(), "split-wide-struct-phis");
  fn(PassTag<FreezeMaskedDivRemPass>(), "freeze-masked-div-rem");
  fn(PassTag<TransposeByteBlocksPass>(), "transpose-byte-blocks");
  fn(PassTag<DeltaStrengthReductionPass>(), "delta-strength-reduction");
  fn(PassTag<MergeWarpShufflesPass>(), "merge-warp-shuffles");
}
} // namespace

void mlir::triton::registerTritonLLVMPasses(PassBuilder &builder) {
  builder.registerPipelineParsingCallback(
      [](StringRef name, FunctionPassManager &passes,
         ArrayRef<PassBuilder::PipelineElement>) {
        bool added = false;
        forEachTritonLLVMPass([&](auto tag, StringRef flag) {
          using Pass = typename decltype(tag)::type;
          if (!added && name == flag) {
            passes.addPass(Pass());
            added = true;
          }
        });
        return added;
      });
}

void mlir::triton::registerTritonLLVMPassNames(
    PassInstrumentationCallbacks &callbacks) {
  forEachTritonLLVMPass([&](auto tag, StringRef flag) {
    using Pass = typename decltype(tag)::type;
    callbacks.addClassToPassName(Pass::name(), flag);
  });
}
