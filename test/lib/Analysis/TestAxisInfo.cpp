//===- TestAxisInfo.cpp - The -test-print-alignment pass ------------------===//
//
// Prints, as a remark on each op inside a function, the axis info of every
// result ("%name => facts"; floats too: a bitcast or a load keeps facts a
// test may want to see): the way tests look at the analysis.
//
//===----------------------------------------------------------------------===//

#include "passes/Analysis/AxisInfo.h"
#include "test/lib/InitTestPasses.h"

#include "dialects/Triton/IR/Dialect.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Pass/Pass.h"

using namespace mlir;
using namespace mlir::triton;

namespace {
class TestAxisInfoPass
    : public PassWrapper<TestAxisInfoPass, OperationPass<ModuleOp>> {
public:
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestAxisInfoPass)
  StringRef getArgument() const override { return "test-print-alignment"; }
  StringRef getDescription() const override {
    return "Print the axis info (contiguity, divisibility, constancy) of every "
           "op result inside a function, as remarks";
  }
  void runOnOperation() override {
    ModuleAxisInfo analysis(getOperation());
    getOperation().walk([&](FunctionOpInterface func) {
      func.walk([&](Operation *op) {
        for (Value result : op->getResults()) {
          std::string text;
          llvm::raw_string_ostream os(text);
          // Named as an operand (not the whole defining op, which for a loop
          // would print its body).
          result.printAsOperand(os, OpPrintingFlags());
          os << " => ";
          analysis.get(result).print(os);
          op->emitRemark(text);
        }
      });
    });
  }
};
} // namespace

void mlir::triton::test::registerTestAxisInfoPasses() {
  PassRegistration<TestAxisInfoPass>();
}
