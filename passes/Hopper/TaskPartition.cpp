//===- TaskPartition.cpp - -nvgpu-test-ws-task-partition -----------------===//
//
// The anchors of warp specialization: the loads that feed wgmma operands go to
// the producer task 0, the wgmmas and the stores to the consumer tasks. Task-id
// propagation then spreads these marks to everything else.
//
//===----------------------------------------------------------------------===//

#include "passes/Hopper/AsyncTasks.h"
#include "passes/Hopper/Passes.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

namespace mlir {
namespace triton {
namespace hopper {
#define GEN_PASS_DEF_NVGPUTESTWSTASKPARTITION
#include "passes/Hopper/Passes.h.inc"
} // namespace hopper
} // namespace triton
} // namespace mlir

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::hopper;

namespace {

/// A `tt.load` worth a producer: a block pointer, or a tensor of pointers
/// with at least one element per thread (fewer elements mean threads load
/// the same addresses, which the cache serves cheaply).
bool isExpensiveLoad(LoadOp load) {
  Type ptrType = load.getPtr().getType();
  if (auto ptr = dyn_cast<PointerType>(ptrType))
    return isa<RankedTensorType>(ptr.getPointeeType());
  auto tensor = dyn_cast<RankedTensorType>(ptrType);
  if (!tensor)
    return false;
  auto module = load->getParentOfType<ModuleOp>();
  auto numWarps =
      module->getAttrOfType<IntegerAttr>(gpu::kNumWarpsAttrName);
  auto threadsPerWarp =
      module->getAttrOfType<IntegerAttr>(gpu::kThreadsPerWarpAttrName);
  int64_t threads = (numWarps ? numWarps.getInt() : 4) *
                    (threadsPerWarp ? threadsPerWarp.getInt() : 32);
  return tensor.getNumElements() >= threads;
}

} // namespace

void hopper::partitionTasks(FuncOp func, unsigned numWarpGroups) {
  if (numWarpGroups <= 1)
    return;
  // A function marked already (by hand, or by an earlier run) keeps its marks.
  bool marked = false;
  func.walk([&](Operation *op) { marked |= op->hasAttr(kAsyncTaskIdAttrName); });
  if (marked)
    return;

  bool hasLoop = false;
  SmallVector<nvidia_gpu::WarpGroupDotOp> dots;
  SmallVector<Operation *> stores;
  func.walk([&](Operation *op) {
    if (isa<scf::ForOp>(op))
      hasLoop = true;
    else if (auto dot = dyn_cast<nvidia_gpu::WarpGroupDotOp>(op))
      dots.push_back(dot);
    else if (isa<StoreOp, DescriptorStoreOp>(op))
      stores.push_back(op);
  });
  if (!hasLoop || dots.empty())
    return;

  SetVector<Operation *> producers;
  BackwardSliceOptions options;
  options.omitBlockArguments = true;
  options.inclusive = true;
  for (nvidia_gpu::WarpGroupDotOp dot : dots) {
    SetVector<Operation *> slice;
    (void)getBackwardSlice(dot.getA(), &slice, options);
    (void)getBackwardSlice(dot.getB(), &slice, options);
    for (Operation *op : slice) {
      auto load = dyn_cast<LoadOp>(op);
      if (isa<DescriptorLoadOp>(op) || (load && isExpensiveLoad(load)))
        producers.insert(op);
    }
  }
  if (producers.empty())
    return;

  SmallVector<AsyncTaskId> consumerTasks;
  for (unsigned task = 1; task < numWarpGroups; ++task)
    consumerTasks.push_back(task);
  for (Operation *op : producers)
    setAsyncTaskIds(op, {0});
  for (nvidia_gpu::WarpGroupDotOp dot : dots)
    setAsyncTaskIds(dot, consumerTasks);
  for (Operation *op : stores)
    setAsyncTaskIds(op, consumerTasks);
}

namespace {

struct TestTaskPartitionPass
    : hopper::impl::NVGPUTestWSTaskPartitionBase<TestTaskPartitionPass> {
  using Base::Base;

  void runOnOperation() override {
    if (numWarpGroups <= 1)
      return;
    getOperation().walk(
        [&](FuncOp func) { partitionTasks(func, numWarpGroups); });
  }
};

} // namespace
