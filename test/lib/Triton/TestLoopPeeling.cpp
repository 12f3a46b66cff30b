//===- TestLoopPeeling.cpp - -triton-test-loop-peeling --------------------===//
//
// Peels the last iteration of every scf.for marked `__test_peel_epilogue`
// (the marker upstream's loop-peeling.mlir uses), with the utility the
// pipeliner would use.
//
//===----------------------------------------------------------------------===//

#include "passes/Triton/LoopPeeling.h"
#include "test/lib/InitTestPasses.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

using namespace mlir;

namespace {
class TestLoopPeelingPass
    : public PassWrapper<TestLoopPeelingPass, OperationPass<ModuleOp>> {
public:
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestLoopPeelingPass)
  StringRef getArgument() const override { return "triton-test-loop-peeling"; }
  StringRef getDescription() const override {
    return "Peel the last iteration of each scf.for marked "
           "__test_peel_epilogue";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<scf::SCFDialect, arith::ArithDialect>();
  }
  void runOnOperation() override {
    SmallVector<scf::ForOp> loops;
    getOperation().walk([&](scf::ForOp forOp) {
      if (forOp->hasAttr("__test_peel_epilogue"))
        loops.push_back(forOp);
    });
    for (scf::ForOp forOp : loops) {
      forOp->removeAttr("__test_peel_epilogue");
      triton::peelLoopEpilogue(forOp);
    }
  }
};
} // namespace

void mlir::triton::test::registerTestLoopPeelingPasses() {
  PassRegistration<TestLoopPeelingPass>();
}
