//===- Passes.h - Passes that record the analyses in the IR -----*- C++ -*-===//

#ifndef PASSES_ANALYSIS_PASSES_H
#define PASSES_ANALYSIS_PASSES_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Support/LLVM.h"

#include <memory>

namespace mlir {
class Pass;
} // namespace mlir

namespace mlir {
namespace triton {

/// Registers -allocate-shared-memory and
/// -tritongpu-global-scratch-memory-allocation.
void registerAllocationPasses();

/// -allocate-shared-memory: `allocation.offset` on each buffer owner and
/// `ttg.shared` on the module; with `roundsInRoom` (its `rounds-in-room`
/// option, on by default), `allocation.tiles` on the NVIDIA conversions that
/// take several of their rounds at once (Allocation.h).
std::unique_ptr<Pass> createAllocateSharedMemoryPass(bool roundsInRoom = true);

/// What -allocate-shared-memory does, for passes that allocate the same way
/// under another name: the module's allocation, `allocation.offset` on each
/// buffer owner and `ttg.shared` on the module; failure where it cannot be
/// allocated (reported at the op).
LogicalResult annotateSharedMemoryAllocation(ModuleOp module,
                                             bool roundsInRoom = false);

/// -tritongpu-global-scratch-memory-allocation:
/// `ttg.global_scratch_memory_offset` on each ttg.global_scratch_alloc, the
/// per-program size and alignment on the module.
std::unique_ptr<Pass> createGlobalScratchAllocationPass();

} // namespace triton
} // namespace mlir

#endif // PASSES_ANALYSIS_PASSES_H
