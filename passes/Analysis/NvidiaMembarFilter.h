//===- NvidiaMembarFilter.h - Accesses NVIDIA orders without bar.sync -----===//
//
// Shared-memory accesses of mbarrier and TMA ops that the hardware orders by
// itself, so that the barrier analysis needs no CTA barrier between them.
//
//===----------------------------------------------------------------------===//

#ifndef PASSES_ANALYSIS_NVIDIAMEMBARFILTER_H
#define PASSES_ANALYSIS_NVIDIAMEMBARFILTER_H

#include "mlir/IR/Operation.h"

namespace mlir {
namespace triton {

/// True when `earlier` and `later`, touching the same shared bytes, need no
/// CTA barrier between them on NVIDIA GPUs (the rules Triton 3.6's membar
/// filter applies):
/// - two inits (or two invalidations) of mbarriers: each is thread 0's, in
///   program order;
/// - expects, TMA loads and waits on one mbarrier, in any mix except two
///   waits: the mbarrier counts arrivals and bytes whatever the order the
///   threads issue them in; a wait after a wait needs the barrier, or a warp
///   could run into the next phase's wait early;
/// - anything after a TMA load or a wait, except an invalidation: the data
///   is only read after every thread's wait on the copy's mbarrier, which
///   completes only when the whole copy has landed.
bool nvidiaOrdersWithoutBarrier(Operation *earlier, Operation *later);

} // namespace triton
} // namespace mlir

#endif // PASSES_ANALYSIS_NVIDIAMEMBARFILTER_H
