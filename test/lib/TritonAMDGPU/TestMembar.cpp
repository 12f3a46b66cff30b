//===- TestMembar.cpp - The -test-tritonamdgpu-membar pass ----------------===//
//
// Allocates shared memory and inserts barriers as -test-print-membar does,
// with the AMD exception for async copies and the local loads that an async
// wait synchronizes (amd::isOrderedByAsyncWait).
//
//===----------------------------------------------------------------------===//

#include "passes/Analysis/Allocation.h"
#include "passes/Analysis/Membar.h"
#include "passes/Conversion/TritonGPUToLLVM/AMD/Patterns.h"
#include "test/lib/InitTestPasses.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

using namespace mlir;
using namespace mlir::triton;

namespace {

class TestAMDMembarPass
    : public PassWrapper<TestAMDMembarPass, OperationPass<ModuleOp>> {
public:
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestAMDMembarPass)
  StringRef getArgument() const override { return "test-tritonamdgpu-membar"; }
  StringRef getDescription() const override {
    return "Allocate shared memory and insert `ttg.barrier local` between "
           "conflicting shared-memory accesses, with AMD's exception for "
           "async copies and local loads after an async wait";
  }
  void runOnOperation() override {
    FailureOr<ModuleAllocation> allocation =
        ModuleAllocation::get(getOperation());
    if (failed(allocation))
      return signalPassFailure();
    insertSharedMemoryBarriers(getOperation(), *allocation,
                               amd::isOrderedByAsyncWait);
  }
};

} // namespace

void mlir::triton::test::registerTestAMDMembarPasses() {
  PassRegistration<TestAMDMembarPass>();
}
