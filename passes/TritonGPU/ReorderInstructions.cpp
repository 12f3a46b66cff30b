//===- ReorderInstructions.cpp - -tritongpu-reorder-instructions ----------===//
//
// Triton 3.6's reordering before lowering, in its order: conversions sink
// past shared-memory deallocations; values that take many registers (dot
// operands, shared-memory loads) with one user in another loop move next to
// it; buffers filled from a tensor (other than a splat or a constant), and
// transpositions, move up to the definition of what they take; the B operand
// of a dot, when the dot is its one user, is loaded from shared memory after
// its A operand. Nothing leaves its block except the sinking into loops, and
// the B load moves past nothing that may write or free memory, so no load
// reads other data than before.
//
//===----------------------------------------------------------------------===//

#include "passes/TritonGPU/Passes.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Dominance.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir {
namespace triton {
namespace gpu {
#define GEN_PASS_DEF_TRITONGPUREORDERINSTRUCTIONS
#include "passes/TritonGPU/Passes.h.inc"
} // namespace gpu
} // namespace triton
} // namespace mlir

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {

/// The first op of `op`'s block that uses `op`'s results, itself or through
/// ops nested in it; null when no user is in the block.
Operation *firstUseInBlock(Operation *op) {
  Operation *first = nullptr;
  for (Operation *user : op->getUsers())
    if (Operation *ancestor = op->getBlock()->findAncestorOpInBlock(*user))
      if (!first || ancestor->isBeforeInBlock(first))
        first = ancestor;
  return first;
}

/// Values that take more registers than what they are made from.
bool increasesRegisterPressure(Operation *op) {
  if (isa<LocalLoadOp>(op))
    return true;
  auto cvt = dyn_cast<ConvertLayoutOp>(op);
  return cvt && isa<DotOperandEncodingAttr>(cvt.getType().getEncoding());
}

/// The buffer a memory descriptor views, through view ops.
Value rootBuffer(Value memdesc) {
  while (Operation *def = memdesc.getDefiningOp()) {
    if (!isa<MemDescIndexOp, MemDescSubsliceOp, MemDescTransOp,
             MemDescReshapeOp, MemDescReinterpretOp>(def))
      break;
    memdesc = def->getOperand(0);
  }
  return memdesc;
}

/// Whether some use of `memdesc`, or of a view of it, frees it.
bool isFreed(Value memdesc) {
  for (Operation *user : memdesc.getUsers()) {
    if (isa<LocalDeallocOp>(user))
      return true;
    if (isa<MemDescIndexOp, MemDescSubsliceOp, MemDescTransOp, MemDescReshapeOp,
            MemDescReinterpretOp>(user) &&
        isFreed(user->getResult(0)))
      return true;
  }
  return false;
}

/// A shared-memory load reads the same data wherever it moves when its
/// buffer was filled at allocation, is immutable and is never freed.
bool readsConstantBuffer(LocalLoadOp load) {
  Value root = rootBuffer(load.getSrc());
  auto alloc = root.getDefiningOp<LocalAllocOp>();
  return alloc && alloc.getSrc() && !alloc.getType().getMutableMemory() &&
         !load.getSrc().getType().getMutableMemory() && !isFreed(root);
}

/// Whether an op may write or free memory (unknown effects count).
bool mayWriteOrFree(Operation *op) {
  std::optional<SmallVector<MemoryEffects::EffectInstance>> effects =
      getEffectsRecursively(op);
  if (!effects)
    return true;
  return llvm::any_of(*effects,
                      [](const MemoryEffects::EffectInstance &effect) {
                        return isa<MemoryEffects::Write, MemoryEffects::Free>(
                            effect.getEffect());
                      });
}

/// Whether `op`, before `later` in the same block, may move right after
/// `later` and compute the same value there. A shared-memory load does not
/// move past anything that may write or free memory, even when its own
/// buffer cannot change: such ops (stores, barrier arrivals) are points
/// other threads wait on, and the load stays on the side of them where the
/// program put it, as in Triton 3.6.
bool canDelayTo(Operation *op, Operation *later) {
  if (op->getBlock() != later->getBlock() || !op->isBeforeInBlock(later))
    return false;
  if (!isa<LocalLoadOp>(op))
    return true;
  for (Operation *it = op->getNextNode(); it && it != later->getNextNode();
       it = it->getNextNode())
    if (mayWriteOrFree(it))
      return false;
  return true;
}

/// Moves `op` right after the op that defines its operand `value` when that
/// op is earlier in the same block.
void hoistToDefinition(Operation *op, Value value) {
  Operation *def = value.getDefiningOp();
  if (def && def->getBlock() == op->getBlock() && def->isBeforeInBlock(op))
    op->moveAfter(def);
}

class TritonGPUReorderInstructionsPass
    : public mlir::triton::gpu::impl::TritonGPUReorderInstructionsBase<
          TritonGPUReorderInstructionsPass> {
public:
  using Base::Base;
  void runOnOperation() override {
    ModuleOp module = getOperation();

    // A conversion moves after the deallocations that precede its first use,
    // so that its scratch memory does not overlap the freed buffers' lives.
    module.walk([&](ConvertLayoutOp cvt) {
      Operation *firstUse = firstUseInBlock(cvt);
      Operation *lastDealloc = nullptr;
      for (Operation *it = cvt->getNextNode(); it && it != firstUse;
           it = it->getNextNode())
        if (isa<LocalDeallocOp>(it))
          lastDealloc = it;
      if (lastDealloc)
        cvt->moveAfter(lastDealloc);
    });

    // Register-hungry values with their only user in another loop are made
    // where they are used, inside that loop.
    SmallVector<std::pair<Operation *, Operation *>> sinks;
    module.walk([&](Operation *op) {
      if (!increasesRegisterPressure(op) || !op->hasOneUse())
        return;
      Operation *user = *op->user_begin();
      if (user->getParentOfType<scf::ForOp>() ==
          op->getParentOfType<scf::ForOp>())
        return;
      // Only values made from what cannot change on the way.
      if (auto load = dyn_cast<LocalLoadOp>(op);
          load && !readsConstantBuffer(load))
        return;
      if (!op->getParentRegion()->isAncestor(user->getParentRegion()))
        return;
      sinks.push_back({op, user});
    });
    for (auto [op, user] : sinks)
      op->moveBefore(user);

    // A buffer filled from a tensor is allocated right after the tensor is
    // made, transpositions right after what they transpose.
    // Not a buffer of a splatted scalar or a constant: the buffer would only
    // hold shared memory longer, and the value costs nothing to keep.
    module.walk([&](LocalAllocOp alloc) {
      Value src = alloc.getSrc();
      if (src && !src.getDefiningOp<SplatOp>() &&
          !src.getDefiningOp<arith::ConstantOp>())
        hoistToDefinition(alloc, src);
    });
    module.walk([&](Operation *op) {
      if (isa<TransOp, MemDescTransOp>(op))
        hoistToDefinition(op, op->getOperand(0));
    });

    // The B operand of a dot is loaded from shared memory after the A one.
    DominanceInfo dominance(module);
    module.walk([&](LocalLoadOp load) {
      auto dot = dyn_cast<DotOperandEncodingAttr>(load.getType().getEncoding());
      // Only a load with the dot as its one user: another user before the
      // A operand's load would no longer see its operand defined.
      if (!dot || dot.getOpIdx() != 1 || !load->hasOneUse())
        return;
      auto dotUser = dyn_cast<DotOp>(*load->user_begin());
      if (!dotUser)
        return;
      auto aLoad = dotUser.getA().getDefiningOp<LocalLoadOp>();
      if (!aLoad ||
          !dominance.dominates(load.getOperation(), aLoad.getOperation()) ||
          !canDelayTo(load, aLoad))
        return;
      load->moveAfter(aLoad);
    });
  }
};

} // namespace
