//===- InitTestPasses.h - Passes that exist only for tests ------*- C++ -*-===//
//
// Test passes print analyses as remarks or run pieces of a pass alone; they
// are registered in triton-opt only and never installed with the libraries.
//
//===----------------------------------------------------------------------===//

#ifndef TEST_LIB_INITTESTPASSES_H
#define TEST_LIB_INITTESTPASSES_H

namespace mlir {
namespace triton {
namespace test {

/// -test-print-alignment.
void registerTestAxisInfoPasses();
/// -test-tritonamdgpu-range-analysis.
void registerTestAMDRangeAnalysisPasses();
/// -test-print-allocation and -test-print-membar.
void registerTestAllocationPasses();
/// -test-tritonamdgpu-membar.
void registerTestAMDMembarPasses();
/// -tritongpu-test-pipeline-lower-loop.
void registerTestPipelinePasses();
/// -triton-test-loop-peeling.
void registerTestLoopPeelingPasses();

/// Every test pass.
inline void registerTestPasses() {
  registerTestAxisInfoPasses();
  registerTestAllocationPasses();
  registerTestAMDRangeAnalysisPasses();
  registerTestAMDMembarPasses();
  registerTestPipelinePasses();
  registerTestLoopPeelingPasses();
}

} // namespace test
} // namespace triton
} // namespace mlir

#endif // TEST_LIB_INITTESTPASSES_H
