//===- TMABarriers.h - The mbarriers of pipelined TMA loads -----*- C++ -*-===//
//
// A TMA copy signals its completion on an mbarrier that was told how many
// bytes to expect. Pipelined descriptor loads get one barrier per buffer
// slot, in one `Nx1xi64` array per group of loads that share them.
//
//===----------------------------------------------------------------------===//

#ifndef PASSES_TRITONGPU_PIPELINE_TMABARRIERS_H
#define PASSES_TRITONGPU_PIPELINE_TMABARRIERS_H

#include "passes/TritonGPU/Pipeline/Schedule.h"

#include "mlir/IR/Builders.h"

namespace mlir {
namespace triton {
namespace gpu {
namespace pipeline {

/// Splits `tmaLoads` (ops of `body`, in body order) into the groups that
/// share a barrier: loads of one stage and cluster with the same number of
/// buffers, following each other in the body with no user of an earlier one
/// between them (a user waits for its load's barrier, so it would wait for
/// the later loads too).
SmallVector<SmallVector<Operation *>>
groupLoadsByBarrier(Block *body, ArrayRef<Operation *> tmaLoads,
                    const DenseMap<Operation *, int> &numBuffers,
                    const CoarseSchedule &schedule);

/// The view of slot `index` of the multi-buffered `alloc`.
Value createSlotView(OpBuilder &builder, Location loc, Value alloc,
                     Value index);

/// `count` mbarriers in shared memory, each initialised for one arrival (the
/// thread that tells it the bytes to expect); with `numCTAs` > 1, every CTA
/// of the cluster its own copy of them.
Value createBarriers(OpBuilder &builder, Location loc, int count,
                     int numCTAs);

/// Invalidates the barriers of `barriers` and frees them.
void destroyBarriers(OpBuilder &builder, Location loc, Value barriers);

} // namespace pipeline
} // namespace gpu
} // namespace triton
} // namespace mlir

#endif // PASSES_TRITONGPU_PIPELINE_TMABARRIERS_H
