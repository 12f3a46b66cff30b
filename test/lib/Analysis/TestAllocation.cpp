//===- TestAllocation.cpp - Test passes over the shared memory allocation -===//
//
// -test-print-allocation shows the allocation -allocate-shared-memory records
// as remarks; -test-print-membar allocates and inserts the barriers, so that
// tests can check both without lowering to LLVM.
//
//===----------------------------------------------------------------------===//

#include "passes/Analysis/Allocation.h"
#include "passes/Analysis/Membar.h"
#include "test/lib/InitTestPasses.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Pass/Pass.h"

using namespace mlir;
using namespace mlir::triton;

namespace {
class TestAllocationPass
    : public PassWrapper<TestAllocationPass, OperationPass<ModuleOp>> {
public:
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestAllocationPass)
  StringRef getArgument() const override { return "test-print-allocation"; }
  StringRef getDescription() const override {
    return "Print each shared-memory buffer (offset, size, explicit or "
           "scratch) and each function's size, as remarks";
  }
  void runOnOperation() override {
    FailureOr<ModuleAllocation> allocation =
        ModuleAllocation::get(getOperation());
    if (failed(allocation))
      return signalPassFailure();
    getOperation().walk([&](FunctionOpInterface func) {
      const FunctionAllocation &fn = allocation->getFunction(func);
      for (const FunctionAllocation::Buffer &buffer : fn.getBuffers())
        buffer.owner->emitRemark()
            << (buffer.explicitBuffer ? "explicit" : "scratch")
            << " offset = " << buffer.offset << ", size = " << buffer.size;
      func->emitRemark() << "size = " << fn.getSharedMemorySize();
    });
  }
};
class TestMembarPass
    : public PassWrapper<TestMembarPass, OperationPass<ModuleOp>> {
public:
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestMembarPass)
  StringRef getArgument() const override { return "test-print-membar"; }
  StringRef getDescription() const override {
    return "Allocate shared memory and insert `ttg.barrier local` between "
           "conflicting shared-memory accesses";
  }
  void runOnOperation() override {
    FailureOr<ModuleAllocation> allocation =
        ModuleAllocation::get(getOperation());
    if (failed(allocation))
      return signalPassFailure();
    insertSharedMemoryBarriers(getOperation(), *allocation);
  }
};
} // namespace

void mlir::triton::test::registerTestAllocationPasses() {
  PassRegistration<TestAllocationPass>();
  PassRegistration<TestMembarPass>();
}
