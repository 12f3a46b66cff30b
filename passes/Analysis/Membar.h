//===- Membar.h - Barriers between conflicting shared-memory accesses -----===//
//
// Threads of a CTA that write shared memory must meet at a barrier before
// others read or overwrite those bytes. Over each function, in program order
// and through scf.if and loops, this tracks the byte ranges read and written
// since the last barrier and inserts `ttg.barrier local` before an op whose
// accesses conflict with them (read after write, write after read or write).
// Ranges come from the shared-memory allocation.
//
//===----------------------------------------------------------------------===//

#ifndef PASSES_ANALYSIS_MEMBAR_H
#define PASSES_ANALYSIS_MEMBAR_H

#include "passes/Analysis/Allocation.h"

namespace mlir {
namespace triton {

/// Inserts the barriers every function of `module` needs, given the
/// module's allocation.
void insertSharedMemoryBarriers(ModuleOp module,
                                const ModuleAllocation &allocation);

} // namespace triton
} // namespace mlir

#endif // PASSES_ANALYSIS_MEMBAR_H
