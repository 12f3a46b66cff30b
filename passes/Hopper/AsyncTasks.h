//===- AsyncTasks.h - async_task_id annotations and WS steps ----*- C++ -*-===//
//
// Warp specialization marks each op with the warp groups ("async tasks") that
// run it: `async_task_id = array<i32: ...>`, task 0 the producer, the others
// consumers. These helpers read and write the mark, and declare the steps of
// -nvgpu-warp-specialization that the test passes run one at a time.
//
//===----------------------------------------------------------------------===//

#ifndef PASSES_HOPPER_ASYNCTASKS_H
#define PASSES_HOPPER_ASYNCTASKS_H

#include "dialects/Triton/IR/Dialect.h"

#include "mlir/IR/Operation.h"

namespace mlir {
namespace triton {
namespace hopper {

using AsyncTaskId = int32_t;
constexpr llvm::StringLiteral kAsyncTaskIdAttrName = "async_task_id";
/// The loop attribute `tl.range(..., warp_specialize=True)` sets.
constexpr llvm::StringLiteral kWarpSpecializeAttrName = "tt.warp_specialize";
/// The loop attribute the software pipeliner reads its stage count from.
constexpr llvm::StringLiteral kNumStagesAttrName = "tt.num_stages";

/// The tasks `op` is marked with, sorted and without repeats; empty if none.
SmallVector<AsyncTaskId> getAsyncTaskIds(Operation *op);
bool hasAsyncTaskId(Operation *op, AsyncTaskId task);
/// Marks `op` with `tasks` (sorted, without repeats).
void setAsyncTaskIds(Operation *op, ArrayRef<AsyncTaskId> tasks);
/// Adds `tasks` to those `op` is marked with.
void addAsyncTaskIds(Operation *op, ArrayRef<AsyncTaskId> tasks);
/// Adds the tasks of `op` to each op around it, up to the function.
void labelParentOps(Operation *op);
/// The tasks of `op` and of every op inside it, sorted.
SmallVector<AsyncTaskId> getNestedAsyncTaskIds(Operation *op);

/// Marks the loads feeding dots with task 0 and the dots and stores with
/// tasks 1 .. numWarpGroups - 1, unless the function is marked already.
void partitionTasks(FuncOp func, unsigned numWarpGroups);
/// Gives every op the tasks of the ops that use what it computes.
LogicalResult propagateTaskIds(FuncOp func);
/// Whether the work shared by `numConsumerGroups` consumer tasks can be cut
/// along M, one slice per task (a located error why not when `report`).
LogicalResult checkDataPartition(FuncOp func, unsigned numConsumerGroups,
                                 bool report);
/// Cuts the work shared by the consumer tasks 1 .. numConsumerGroups along
/// M, one slice per task (a located error where it cannot).
LogicalResult partitionData(FuncOp func, unsigned numConsumerGroups);
/// Builds the ttg.warp_specialize of a marked function, with `numBuffers`
/// slots per channel.
LogicalResult partitionCode(FuncOp func, unsigned numBuffers,
                            unsigned requestedRegisters);

} // namespace hopper
} // namespace triton
} // namespace mlir

#endif // PASSES_HOPPER_ASYNCTASKS_H
