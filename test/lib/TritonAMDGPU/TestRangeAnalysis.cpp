//===- TestRangeAnalysis.cpp - The -test-tritonamdgpu-range-analysis pass -===//
//
// Prints the AMD integer range analysis as remarks, in upstream's words:
// "unsigned : [lo, hi] signed : [lo, hi]" per integer value (prefixed
// "arg i: " / "result i: " where there are several), "non-neg" for values
// provably >= 0, "result is true" for comparisons the ranges decide, and
// "inferred total trip count: N" per loop.
//
//===----------------------------------------------------------------------===//

#include "passes/TritonAMDGPU/RangeAnalysis.h"
#include "test/lib/InitTestPasses.h"

#include "dialects/Triton/IR/Dialect.h"

#include "mlir/Analysis/DataFlow/ConstantPropagationAnalysis.h"
#include "mlir/Analysis/DataFlow/DeadCodeAnalysis.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::amdgpu;

namespace {

/// "<prefix> i: <text>" when there are several values, else "<text>".
std::string numbered(StringRef prefix, size_t count, size_t index,
                     const Twine &text) {
  if (count <= 1)
    return text.str();
  return (prefix + " " + Twine(index) + ": " + text).str();
}

std::string print(const ConstantIntRanges &range) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << range;
  return text;
}

class TestRangeAnalysisPass
    : public PassWrapper<TestRangeAnalysisPass, OperationPass<ModuleOp>> {
public:
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestRangeAnalysisPass)
  StringRef getArgument() const override {
    return "test-tritonamdgpu-range-analysis";
  }
  StringRef getDescription() const override {
    return "Print the AMD integer range analysis of every value, as remarks";
  }
  void runOnOperation() override {
    ModuleOp module = getOperation();
    DataFlowSolver solver;
    auto *ranges = TritonRangeAnalysis::loadInto(solver, module,
                                                 &getAnalysis<DominanceInfo>());
    if (failed(solver.initializeAndRun(module)))
      return signalPassFailure();

    module.walk([&](FuncOp func) {
      auto args = func.getArguments();
      for (auto [i, arg] : llvm::enumerate(args))
        if (std::optional<ConstantIntRanges> range = getKnownRange(solver, arg))
          emitRemark(arg.getLoc(),
                     numbered("arg", args.size(), i, print(*range)));
    });

    module.walk<WalkOrder::PreOrder>([&](Operation *op) {
      auto results = op->getResults();
      for (auto [i, result] : llvm::enumerate(results)) {
        std::optional<ConstantIntRanges> range = getKnownRange(solver, result);
        if (!range)
          continue;
        emitRemark(result.getLoc(),
                   numbered("result", results.size(), i, print(*range)));
        if (succeeded(dataflow::staticallyNonNegative(solver, result)))
          emitRemark(result.getLoc(),
                     numbered("result", results.size(), i, "non-neg"));
      }
      if (auto cmp = dyn_cast<arith::CmpIOp>(op))
        if (isStaticallyTrue(solver, cmp))
          op->emitRemark("result is true");
      if (auto loop = dyn_cast<LoopLikeOpInterface>(op))
        op->emitRemark("inferred total trip count: " +
                       Twine(ranges->getTotalTripCount(loop)));
    });
  }
};

} // namespace

void mlir::triton::test::registerTestAMDRangeAnalysisPasses() {
  PassRegistration<TestRangeAnalysisPass>();
}
