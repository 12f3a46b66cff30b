//===- Pipeline.h - The steps of -tritongpu-pipeline ------------*- C++ -*-===//

#ifndef PASSES_TRITONGPU_PIPELINE_PIPELINE_H
#define PASSES_TRITONGPU_PIPELINE_PIPELINE_H

#include "passes/Analysis/AxisInfo.h"
#include "passes/TritonGPU/Pipeline/Schedule.h"

namespace mlir {
namespace triton {
namespace gpu {
namespace pipeline {

/// Whether every op of a stage before the last can be predicated and every
/// value reaches its users within what the expansion carries; emits a
/// diagnostic on the offending op otherwise.
LogicalResult checkExpandable(scf::ForOp forOp, const CoarseSchedule &schedule);

/// Whether every descriptor load the schedule issues ahead of its users can
/// become a TMA copy; the pass leaves a loop alone otherwise (3.6 has no
/// other way of issuing one ahead).
bool canLowerDescriptorLoads(scf::ForOp forOp, const CoarseSchedule &schedule);

/// Step 1: the loop's pipelinable loads become multi-buffered async copies
/// (ops added to `schedule`); `forOp` is replaced when iter_args are added.
void lowerLoads(scf::ForOp &forOp, CoarseSchedule &schedule,
                const ModuleAxisInfo &axis);

/// Step 1b (sm_90): each tt.make_tensor_descriptor of the loop writes its
/// tensormap into a ring of one 128-byte global-scratch slot per stage,
/// picked by a counter the loop carries (new ops added to `schedule`, with
/// the stage and cluster of the op they replace); `forOp` is replaced.
void lowerLoopDescriptors(scf::ForOp &forOp, CoarseSchedule &schedule);

/// Step 2: prologue and predicated kernel loop; replaces `forOp`.
LogicalResult expandLoop(scf::ForOp &forOp, const CoarseSchedule &schedule);

/// Step 3: merges consecutive ttg.async_wait ops and sets their `num`.
void updateAsyncWaits(Operation *root);

/// The smallest sum of `weight` over the ops run after `token` is made and
/// before `sink`, on any path (into and around enclosing loops); 0 where a
/// path is not followed (other control flow). A wait may let that much of
/// what came after the token's op stay in flight.
int fewestWeightAfter(Value token, Operation *sink,
                      llvm::function_ref<int(Operation *)> weight);

/// Step 4: asynchronous warp-group dots in `forOp` with their waits.
void asyncLaunchDots(scf::ForOp forOp);

/// Step 4b (-dot-ahead): a dot issued ahead is waited for before the yield,
/// and the loop carries its result to the softmax of the next iteration,
/// under which the next dot issued ahead writes its own: two blocks live
/// across that dot, which ptxas answers with a copy of the accumulator at
/// the back edge or by issuing the dot late. Where its readers can run
/// there (`aheadResultReaders`) and the loop's last value is unused, they
/// run after the wait (and before the loop on the first block) and the loop
/// carries their results instead: the block the dot wrote is dead by the
/// top of the next iteration. `forOp` is replaced when that happens.
void carryAheadReaders(scf::ForOp &forOp);

/// Step 5: the descriptor stores of `forOp`'s body (not of nested loops)
/// write one shared buffer per type made before the loop, each after a wait
/// for the copies issued before it, and stay in flight until the next
/// store's wait or the wait after the loop.
void pipelineTMAStores(scf::ForOp forOp);

} // namespace pipeline
} // namespace gpu
} // namespace triton
} // namespace mlir

#endif // PASSES_TRITONGPU_PIPELINE_PIPELINE_H
