//===- DataPartition.cpp - -nvgpu-test-ws-data-partition -----------------===//
//
// Triton 3.6 slices the work that several consumer tasks share (a dot marked
// with tasks 1 and 2, say) along M, one slice per task. That slicing is not
// built yet: with one consumer task there is nothing to slice, and shared
// work is a located error.
//
//===----------------------------------------------------------------------===//

#include "passes/Hopper/AsyncTasks.h"
#include "passes/Hopper/Passes.h"

namespace mlir {
namespace triton {
namespace hopper {
#define GEN_PASS_DEF_NVGPUTESTWSDATAPARTITION
#include "passes/Hopper/Passes.h.inc"
} // namespace hopper
} // namespace triton
} // namespace mlir

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::hopper;

LogicalResult hopper::partitionData(FuncOp func, unsigned numConsumerGroups) {
  if (numConsumerGroups <= 1)
    return success();
  WalkResult result = func.walk([&](nvidia_gpu::WarpGroupDotOp dot) {
    SmallVector<AsyncTaskId> tasks = getAsyncTaskIds(dot);
    int consumers = llvm::count_if(tasks, [](AsyncTaskId t) { return t != 0; });
    if (consumers <= 1)
      return WalkResult::advance();
    dot.emitError() << "data partition of a dot over " << consumers
                    << " consumer warp groups is not supported yet";
    return WalkResult::interrupt();
  });
  return failure(result.wasInterrupted());
}

namespace {

struct TestDataPartitionPass
    : hopper::impl::NVGPUTestWSDataPartitionBase<TestDataPartitionPass> {
  using Base::Base;

  void runOnOperation() override {
    if (numWarpGroups <= 2)
      return;
    WalkResult result = getOperation().walk([&](FuncOp func) {
      return failed(partitionData(func, numWarpGroups - 1))
                 ? WalkResult::interrupt()
                 : WalkResult::advance();
    });
    if (result.wasInterrupted())
      signalPassFailure();
  }
};

} // namespace
