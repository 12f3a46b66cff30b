//===- LoopUnroll.cpp - The -triton-loop-unroll pass ----------------------===//

#include "passes/Triton/Passes.h"

#include "mlir/Dialect/SCF/Utils/Utils.h"

namespace mlir {
namespace triton {
#define GEN_PASS_DEF_TRITONLOOPUNROLL
#include "passes/Triton/Passes.h.inc"
} // namespace triton
} // namespace mlir

using namespace mlir;
using namespace mlir::triton;

namespace {

constexpr StringLiteral kUnrollFactor = "tt.loop_unroll_factor";
constexpr StringLiteral kNumStages = "tt.num_stages";

class TritonLoopUnrollPass
    : public mlir::triton::impl::TritonLoopUnrollBase<TritonLoopUnrollPass> {
public:
  using Base::Base;
  void runOnOperation() override {
    SmallVector<scf::ForOp> loops;
    getOperation().walk([&](scf::ForOp loop) {
      if (loop->hasAttr(kUnrollFactor))
        loops.push_back(loop);
    });
    for (scf::ForOp loop : loops) {
      auto factor = loop->getAttrOfType<IntegerAttr>(kUnrollFactor);
      if (!factor || factor.getInt() < 1) {
        loop.emitError("'") << kUnrollFactor << "' must be a positive integer";
        return signalPassFailure();
      }
      loop->removeAttr(kUnrollFactor);
      if (factor.getInt() == 1)
        continue;
      // The epilogue loop that takes the remaining iterations is a clone made
      // after the attribute is gone, so nothing is unrolled twice.
      FailureOr<UnrolledLoopInfo> unrolled =
          loopUnrollByFactor(loop, factor.getInt());
      if (failed(unrolled)) {
        loop.emitError("cannot unroll this loop by ") << factor.getInt();
        return signalPassFailure();
      }
      // The epilogue runs fewer than `factor` iterations: not worth software
      // pipelining, so it is marked to run in one stage.
      if (unrolled->epilogueLoopOp)
        (*unrolled->epilogueLoopOp)
            ->setAttr(kNumStages,
                      IntegerAttr::get(IntegerType::get(&getContext(), 32), 1));
    }
  }
};

} // namespace
