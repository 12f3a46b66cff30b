//===- Membar.h - Barriers between conflicting shared-memory accesses -----===//
//
// Threads of a CTA that write shared memory must meet at a barrier before
// others read or overwrite those bytes. Over each function, in program order
// and through scf.if and loops, this tracks the byte ranges read and written
// since the last barrier and inserts `ttg.local_barrier` before an op whose
// accesses conflict with them (read after write, write after read or write).
// Ranges come from the shared-memory allocation.
//
//===----------------------------------------------------------------------===//

#ifndef PASSES_ANALYSIS_MEMBAR_H
#define PASSES_ANALYSIS_MEMBAR_H

#include "passes/Analysis/Allocation.h"

#include <functional>

namespace mlir {
namespace triton {

/// A target's exception: true when an access of `earlier` and a later one of
/// `later` to the same bytes need no barrier between them, because the
/// target orders them some other way.
using MembarFilter = std::function<bool(Operation *earlier, Operation *later)>;

/// Inserts the barriers every function of `module` needs, given the
/// module's allocation; pairs of ops `filter` accepts need none.
void insertSharedMemoryBarriers(ModuleOp module,
                                const ModuleAllocation &allocation,
                                const MembarFilter &filter = nullptr);

/// Only the async-proxy fences of the same walk (Triton's
/// triton-nvidia-gpu-proxy-fence-insertion): a `ttng.fence_async_shared`
/// before each TMA copy whose shared buffer the generic proxy touched since
/// the last fence, and no barriers (the lowering's barrier pass adds those).
void insertProxyFences(ModuleOp module, const ModuleAllocation &allocation);

} // namespace triton
} // namespace mlir

#endif // PASSES_ANALYSIS_MEMBAR_H
