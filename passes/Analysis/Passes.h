//===- Passes.h - Passes that expose the analyses to tests --------*- C++ -*-===//

#ifndef PASSES_ANALYSIS_PASSES_H
#define PASSES_ANALYSIS_PASSES_H

namespace mlir {
namespace triton {

/// Registers -test-print-alignment.
void registerAnalysisTestPasses();

/// Registers -allocate-shared-memory and -test-print-allocation.
void registerAllocationPasses();

} // namespace triton
} // namespace mlir

#endif // PASSES_ANALYSIS_PASSES_H
