//===- TestAxisInfo.cpp - The -test-print-alignment pass ------------------===//
//
// Prints, as a remark on each op, the axis info of its integer or pointer
// results: the way tests look at the analysis (upstream's flag).
//
//===----------------------------------------------------------------------===//

#include "passes/Analysis/AxisInfo.h"
#include "test/lib/InitTestPasses.h"

#include "dialects/Triton/IR/Dialect.h"

#include "mlir/IR/BuiltinOps.h"
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
           "integer and pointer value, as remarks";
  }
  void runOnOperation() override {
    ModuleAxisInfo analysis(getOperation());
    getOperation().walk([&](Operation *op) {
      for (Value result : op->getResults()) {
        Type elt = getElementTypeOrSelf(result.getType());
        if (!isa<IntegerType, PointerType>(elt))
          continue;
        std::string text;
        llvm::raw_string_ostream os(text);
        analysis.get(result).print(os);
        op->emitRemark(text);
      }
    });
  }
};
} // namespace

void mlir::triton::test::registerTestAxisInfoPasses() {
  PassRegistration<TestAxisInfoPass>();
}
