//===- ReorderInstructions.cpp - AMD's placement of loads and conversions -===//
//
// Moves ops within their blocks where the AMD backend schedules them better,
// in Triton 3.6's order of steps:
//  1. a conversion to a dot-operand layout with one user in another loop is
//     moved into that loop, next to the user (it holds fewer registers live);
//  2. a conversion is moved past the `ttg.local_dealloc`s that follow it
//     before its first use (its scratch then reuses the freed LDS);
//  3. transposes (`tt.trans`, `ttg.memdesc_trans`) are moved up to just
//     after the op defining their source;
//  4. global loads of a pipelined prologue (marked `amd.pipeliner_part`) at
//     a function's top level are moved, with what computes their operands,
//     up to the last op they must stay behind, to be issued early;
//  5. in a matmul loop (one dot, two 2-D loads, A at least 128x64 and B at
//     least 64x128), the second load is moved down to just before the dot,
//     so that its global loads interleave with the MFMAs.
//
// Every move keeps the order of memory writes and the reads around them:
// where Triton 3.6 would move a global load across a write to global memory
// (a store, an atomic, a call), the load stays behind it here.
//
//===----------------------------------------------------------------------===//

#include "passes/TritonAMDGPU/Passes.h"

#include "dialects/Triton/IR/Dialect.h"
#include "dialects/TritonGPU/IR/Dialect.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir {
namespace triton {
namespace amdgpu {
#define GEN_PASS_DEF_TRITONAMDGPUREORDERINSTRUCTIONS
#include "passes/TritonAMDGPU/Passes.h.inc"
} // namespace amdgpu
} // namespace triton
} // namespace mlir

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {

/// Whether `op` may write memory other than the CTA's shared memory (LDS):
/// a global load must not move across it. Ops that do not say what they
/// touch count as writing everything.
bool mayWriteGlobal(Operation *op) {
  // An assumption constrains values, not memory (LLVM gives it effects only
  // to keep it alive).
  if (isa<LLVM::AssumeOp>(op))
    return false;
  auto effects = dyn_cast<MemoryEffectOpInterface>(op);
  if (!effects)
    return !op->hasTrait<OpTrait::HasRecursiveMemoryEffects>() &&
           op->getNumRegions() == 0 && !isPure(op) &&
           !isa<scf::YieldOp>(op);
  SmallVector<MemoryEffects::EffectInstance> list;
  effects.getEffects(list);
  return llvm::any_of(list, [](const MemoryEffects::EffectInstance &effect) {
    return isa<MemoryEffects::Write>(effect.getEffect()) &&
           !isa<SharedMemory>(effect.getResource());
  });
}

/// Whether `op`, or an op nested in it, may write global memory.
bool writesGlobalWithin(Operation *op) {
  WalkResult result = op->walk([](Operation *nested) {
    return mayWriteGlobal(nested) ? WalkResult::interrupt()
                                  : WalkResult::advance();
  });
  return result.wasInterrupted();
}

// Step 1.
void sinkDotConversions(FuncOp func) {
  SmallVector<std::pair<Operation *, Operation *>> moves;
  func.walk([&](ConvertLayoutOp convert) {
    if (!isa_and_nonnull<DotOperandEncodingAttr>(convert.getType().getEncoding()))
      return;
    if (!convert->hasOneUse())
      return;
    Operation *user = *convert->getUsers().begin();
    // A user in the same loop (or both outside loops) gains nothing; the
    // user cannot be outside the convert's loop, which only yields it.
    if (user->getParentOfType<scf::ForOp>() ==
        convert->getParentOfType<scf::ForOp>())
      return;
    moves.push_back({convert, user});
  });
  for (auto [convert, user] : moves)
    convert->moveBefore(user);
}

/// The first op of `op`'s block that uses its results (itself or through
/// the ops nested in it), or null.
Operation *firstUserInBlock(Operation *op) {
  Operation *first = nullptr;
  for (Operation *user : op->getUsers()) {
    Operation *ancestor = op->getBlock()->findAncestorOpInBlock(*user);
    if (ancestor && (!first || ancestor->isBeforeInBlock(first)))
      first = ancestor;
  }
  return first;
}

// Step 2.
void sinkConversionsPastDeallocs(FuncOp func) {
  SmallVector<ConvertLayoutOp> converts;
  func.walk([&](ConvertLayoutOp convert) { converts.push_back(convert); });
  for (ConvertLayoutOp convert : converts) {
    Operation *user = firstUserInBlock(convert);
    Operation *lastDealloc = nullptr;
    for (Operation *it = convert->getNextNode(); it && it != user;
         it = it->getNextNode())
      if (isa<LocalDeallocOp>(it))
        lastDealloc = it;
    if (lastDealloc)
      convert->moveAfter(lastDealloc);
  }
}

// Step 3.
void hoistTransposes(FuncOp func) {
  SmallVector<Operation *> transposes;
  func.walk([&](Operation *op) {
    if (isa<TransOp, MemDescTransOp>(op))
      transposes.push_back(op);
  });
  for (Operation *op : transposes)
    if (Operation *def = op->getOperand(0).getDefiningOp())
      op->moveAfter(def);
}

/// The last op before `load` in its block that the load and what computes
/// its pointer must stay behind: the op defining the pointer, a write to
/// global memory, a barrier, an atomic, a loop. Null: none.
Operation *lastFence(LoadOp load) {
  Operation *fence = nullptr;
  Value ptr = load.getPtr();
  for (Operation &op : *load->getBlock()) {
    if (&op == load.getOperation())
      break;
    if (llvm::is_contained(op.getResults(), ptr) ||
        isa<AtomicRMWOp, AtomicCASOp, BarrierOp, LocalBarrierOp,
            mlir::gpu::BarrierOp, scf::ForOp, scf::WhileOp>(op) ||
        writesGlobalWithin(&op))
      fence = &op;
  }
  return fence;
}

// Step 4.
void hoistPrologueLoads(FuncOp func) {
  SmallVector<LoadOp> loads;
  for (LoadOp load : func.getBody().getOps<LoadOp>())
    if (load->hasAttr("amd.pipeliner_part"))
      loads.push_back(load);
  for (LoadOp load : llvm::reverse(loads)) {
    Block *block = load->getBlock();
    // What computes the load's operands in this block (operands of nested
    // regions included), the load last.
    SetVector<Operation *> slice;
    BackwardSliceOptions options;
    options.omitBlockArguments = true;
    options.inclusive = false;
    options.omitUsesFromAbove = false;
    options.filter = [&](Operation *def) { return def->getBlock() == block; };
    (void)getBackwardSlice(load.getOperation(), &slice, options);
    slice.insert(load);
    Operation *fence = lastFence(load);
    SmallVector<Operation *> moved = slice.takeVector();
    if (fence) {
      // Ops already behind the fence stay; the rest go right after it, in
      // their order.
      llvm::erase_if(moved,
                     [&](Operation *op) { return !fence->isBeforeInBlock(op); });
      for (Operation *op : llvm::reverse(moved))
        op->moveAfter(fence);
    } else {
      for (Operation *op : llvm::reverse(moved))
        op->moveBefore(block, block->begin());
    }
  }
}

/// Whether every loop of `func` holds exactly one dot (and there is one).
bool isMatmulFunc(FuncOp func) {
  bool sawLoop = false, oneDotEach = true;
  func.walk([&](scf::ForOp loop) {
    int dots = 0;
    loop.walk([&](DotOp) { ++dots; });
    sawLoop = true;
    oneDotEach &= dots == 1;
  });
  return sawLoop && oneDotEach;
}

/// One dot and at least two global loads, nested ops included.
bool isMatmulLoop(scf::ForOp loop) {
  int dots = 0, loads = 0;
  loop.walk([&](Operation *op) {
    dots += isa<DotOp>(op);
    loads += isa<LoadOp>(op);
  });
  return dots == 1 && loads >= 2;
}

// Step 5.
void sinkSecondLoad(scf::ForOp loop) {
  SmallVector<LoadOp> loads;
  DotOp dot;
  for (Operation &op : *loop.getBody()) {
    if (auto load = dyn_cast<LoadOp>(op))
      loads.push_back(load);
    if (auto d = dyn_cast<DotOp>(op))
      dot = d;
  }
  if (loads.size() != 2 || !dot)
    return;
  auto typeA = dyn_cast<RankedTensorType>(loads[0].getType());
  auto typeB = dyn_cast<RankedTensorType>(loads[1].getType());
  if (!typeA || !typeB || typeA.getRank() != 2 || typeB.getRank() != 2)
    return;
  ArrayRef<int64_t> a = typeA.getShape(), b = typeB.getShape();
  if (!(a[0] >= 128 && a[1] >= 64 && b[1] >= 128))
    return;
  LoadOp second = loads[1];
  if (!second->isBeforeInBlock(dot))
    return;
  // Every use after the dot, and no write to global memory crossed.
  for (Operation *user : second->getUsers()) {
    Operation *ancestor = loop.getBody()->findAncestorOpInBlock(*user);
    if (!ancestor || !dot->isBeforeInBlock(ancestor))
      return;
  }
  for (Operation *op = second->getNextNode(); op != dot.getOperation();
       op = op->getNextNode())
    if (writesGlobalWithin(op) ||
        isa<BarrierOp, LocalBarrierOp, mlir::gpu::BarrierOp>(op))
      return;
  second->moveBefore(dot);
}

/// Loops with no loop inside.
SmallVector<scf::ForOp> innermostLoops(FuncOp func) {
  SmallVector<scf::ForOp> loops;
  func.walk([&](scf::ForOp loop) {
    bool leaf = true;
    loop.getBody()->walk([&](scf::ForOp) { leaf = false; });
    if (leaf)
      loops.push_back(loop);
  });
  return loops;
}

struct ReorderInstructionsPass
    : public amdgpu::impl::TritonAMDGPUReorderInstructionsBase<
          ReorderInstructionsPass> {
  void runOnOperation() override {
    for (FuncOp func : getOperation().getOps<FuncOp>()) {
      if (func.isExternal())
        continue;
      sinkDotConversions(func);
      sinkConversionsPastDeallocs(func);
      hoistTransposes(func);
      hoistPrologueLoads(func);
      if (isMatmulFunc(func)) {
        func.walk([&](scf::ForOp loop) { sinkSecondLoad(loop); });
        continue;
      }
      for (scf::ForOp loop : innermostLoops(func))
        if (isMatmulLoop(loop))
          sinkSecondLoad(loop);
    }
  }
};

} // namespace
