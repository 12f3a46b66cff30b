//===- TestAllocation.cpp - Test passes over the shared memory allocation -===//
//
// -test-print-allocation shows the allocation -allocate-shared-memory records
// as remarks; -test-print-membar allocates and inserts the barriers, so that
// tests can check both without lowering to LLVM; -test-print-alias shows which
// allocations each memory descriptor may point into.
//
//===----------------------------------------------------------------------===//

#include "passes/Analysis/Alias.h"
#include "passes/Analysis/Allocation.h"
#include "passes/Analysis/Membar.h"
#include "passes/Analysis/NvidiaMembarFilter.h"
#include "test/lib/InitTestPasses.h"

#include "mlir/Analysis/DataFlow/ConstantPropagationAnalysis.h"
#include "mlir/Analysis/DataFlow/DeadCodeAnalysis.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
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
/// Remarks "<value> -> <allocation>,..." (names sorted) for each memory
/// descriptor that may point into allocations: results of each op, the
/// iteration arguments of a loop (from their initial values) and, at a branch,
/// the arguments of the branch's own block, as Triton's tests read them.
class TestAliasPass
    : public PassWrapper<TestAliasPass, OperationPass<ModuleOp>> {
public:
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestAliasPass)
  StringRef getArgument() const override { return "test-print-alias"; }
  StringRef getDescription() const override {
    return "Print the allocations each shared-memory descriptor may point "
           "into, as remarks";
  }
  void runOnOperation() override {
    AsmState names(getOperation());
    auto name = [&](Value value) {
      std::string text;
      llvm::raw_string_ostream os(text);
      value.printAsOperand(os, names);
      return text;
    };
    WalkResult result = getOperation().walk([&](FunctionOpInterface func) {
      DataFlowSolver solver;
      solver.load<dataflow::DeadCodeAnalysis>();
      solver.load<dataflow::SparseConstantPropagation>();
      solver.load<SharedMemoryAliasAnalysis>();
      if (failed(solver.initializeAndRun(func)))
        return WalkResult::interrupt();
      auto emit = [&](Operation *at, Value value, Value aliasesOf) {
        const auto *lattice = solver.lookupState<AliasLattice>(aliasesOf);
        if (!lattice || lattice->getValue().getAllocations().empty())
          return;
        SmallVector<std::string> allocations;
        for (Value allocation : lattice->getValue().getAllocations())
          allocations.push_back(name(allocation));
        llvm::sort(allocations);
        at->emitRemark() << name(value) << " -> "
                         << llvm::join(allocations, ",");
      };
      func.walk<WalkOrder::PreOrder>([&](Operation *op) {
        if (op->getNumResults() == 0) {
          if (isa<BranchOpInterface>(op))
            for (BlockArgument arg : op->getBlock()->getArguments())
              emit(op, arg, arg);
          return;
        }
        if (auto loop = dyn_cast<scf::ForOp>(op))
          for (BlockArgument arg : loop.getRegionIterArgs())
            emit(op, arg, loop.getTiedLoopInit(arg)->get());
        for (Value result : op->getResults())
          emit(op, result, result);
      });
      return WalkResult::advance();
    });
    if (result.wasInterrupted())
      signalPassFailure();
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
    // With NVIDIA's exceptions, as Triton's test pass has them.
    insertSharedMemoryBarriers(getOperation(), *allocation,
                               nvidiaOrdersWithoutBarrier);
  }
};
} // namespace

void mlir::triton::test::registerTestAllocationPasses() {
  PassRegistration<TestAllocationPass>();
  PassRegistration<TestMembarPass>();
  PassRegistration<TestAliasPass>();
}
