//===- FenceInsertion.cpp - -triton-nvidia-gpu-fence-insertion ------------===//
//
// Shared memory written by threads (generic proxy) must be fenced before
// wgmma reads it (async proxy). The writes are found by walking back from
// each wgmma operand; the fence is placed as early as those writes allow.
//
//===----------------------------------------------------------------------===//

#include "passes/TritonNvidiaGPU/Passes.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "llvm/ADT/SetVector.h"

namespace mlir {
namespace triton {
namespace nvidia_gpu {
#define GEN_PASS_DEF_TRITONGPUFENCEINSERTION
#include "passes/TritonNvidiaGPU/Passes.h.inc"
} // namespace nvidia_gpu
} // namespace triton
} // namespace mlir

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;
using namespace mlir::triton::nvidia_gpu;

namespace {

bool isMemDescView(Operation *op) {
  return isa<MemDescIndexOp, MemDescSubsliceOp, MemDescTransOp,
             MemDescReshapeOp, MemDescReinterpretOp>(op);
}

/// Collects the ops that write, through the generic proxy, the shared memory
/// `operand` views: allocations from a tensor and stores into an allocation
/// (through any views of it); block arguments other than loop-carried values
/// are unknown and count as such a write (their owner is recorded).
void collectGenericWrites(Value operand, DenseSet<Value> &visited,
                          llvm::SetVector<Operation *> &writes) {
  if (!visited.insert(operand).second || !isa<MemDescType>(operand.getType()))
    return;
  if (Operation *def = operand.getDefiningOp()) {
    if (auto alloc = dyn_cast<LocalAllocOp>(def)) {
      if (alloc.getSrc())
        writes.insert(def);
      // Stores into the buffer, through any views of it. (Upstream follows
      // only views with one use, and would miss a store into a view the dot
      // also reads.)
      SmallVector<Operation *> users(alloc.getResult().getUsers());
      while (!users.empty()) {
        Operation *user = users.pop_back_val();
        if (isMemDescView(user))
          users.append(user->getUsers().begin(), user->getUsers().end());
        else if (isa<LocalStoreOp>(user))
          writes.insert(user);
      }
    }
    for (Value value : def->getOperands())
      collectGenericWrites(value, visited, writes);
    return;
  }
  auto arg = cast<BlockArgument>(operand);
  Operation *owner = arg.getOwner()->getParentOp();
  if (auto loop = dyn_cast<scf::ForOp>(owner)) {
    if (arg.getArgNumber() == 0) {
      writes.insert(owner);
      return;
    }
    unsigned index = arg.getArgNumber() - 1;
    collectGenericWrites(loop.getInitArgs()[index], visited, writes);
    collectGenericWrites(loop.getBody()->getTerminator()->getOperand(index),
                         visited, writes);
    return;
  }
  writes.insert(owner);
}

struct FenceInsertionPass
    : public nvidia_gpu::impl::TritonGPUFenceInsertionBase<FenceInsertionPass> {
  using Base::Base;
  void runOnOperation() override {
    if (computeCapability < 90)
      return;
    SmallVector<WarpGroupDotOp> dots;
    getOperation().walk([&](WarpGroupDotOp dot) { dots.push_back(dot); });
    for (WarpGroupDotOp dot : dots) {
      DenseSet<Value> visited;
      llvm::SetVector<Operation *> writes;
      collectGenericWrites(dot.getA(), visited, writes);
      collectGenericWrites(dot.getB(), visited, writes);
      if (writes.empty())
        continue;
      OpBuilder builder(dot);
      auto fence =
          FenceAsyncSharedOp::create(builder, dot.getLoc(), /*bCluster=*/false);
      // Hoist while the loop around the fence writes none of the buffers.
      while (auto loop = fence->getParentOfType<LoopLikeOpInterface>()) {
        if (llvm::any_of(writes, [&](Operation *write) {
              return loop->isAncestor(write);
            }))
          break;
        loop.moveOutOfLoop(fence);
      }
      if (auto previous =
              dyn_cast_or_null<FenceAsyncSharedOp>(fence->getPrevNode()))
        if (previous.getBCluster() == fence.getBCluster())
          fence.erase();
    }
  }
};

} // namespace
