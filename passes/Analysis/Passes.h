//===- Passes.h - Passes that expose the analyses to tests ------*- C++ -*-===//

#ifndef PASSES_ANALYSIS_PASSES_H
#define PASSES_ANALYSIS_PASSES_H

#include <memory>

namespace mlir {
class Pass;
} // namespace mlir

namespace mlir {
namespace triton {

/// Registers -test-print-alignment.
void registerAnalysisTestPasses();

/// Registers -allocate-shared-memory and -test-print-allocation.
void registerAllocationPasses();

/// -allocate-shared-memory: `allocation.offset` on each buffer owner and
/// `ttg.shared` on the module.
std::unique_ptr<Pass> createAllocateSharedMemoryPass();

/// -tritongpu-global-scratch-memory-allocation:
/// `ttg.global_scratch_memory_offset` on each ttg.global_scratch_alloc, the
/// per-program size and alignment on the module.
std::unique_ptr<Pass> createGlobalScratchAllocationPass();

} // namespace triton
} // namespace mlir

#endif // PASSES_ANALYSIS_PASSES_H
