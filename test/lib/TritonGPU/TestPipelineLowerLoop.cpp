//===- TestPipelineLowerLoop.cpp - -tritongpu-test-pipeline-lower-loop ----===//
//
// Runs the first step of -tritongpu-pipeline alone: each loop that carries a
// schedule (loop.stage / loop.cluster on its ops, tt.scheduled_max_stage on
// the loop) gets its pipelined loads lowered to multi-buffered async copies,
// and the schedule, now covering the new ops, is written back. No prologue
// or predication: tests read the lowered body and its stages directly.
//
//===----------------------------------------------------------------------===//

#include "passes/TritonGPU/Pipeline/Pipeline.h"
#include "test/lib/InitTestPasses.h"

#include "dialects/TritonGPU/IR/Dialect.h"
#include "dialects/TritonNvidiaGPU/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;
using namespace mlir::triton::gpu::pipeline;

namespace {
class TestPipelineLowerLoopPass
    : public PassWrapper<TestPipelineLowerLoopPass, OperationPass<ModuleOp>> {
public:
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestPipelineLowerLoopPass)
  StringRef getArgument() const override {
    return "tritongpu-test-pipeline-lower-loop";
  }
  StringRef getDescription() const override {
    return "Lower the loads of each scheduled loop to multi-buffered async "
           "copies (the pipeliner's first step), keeping the schedule on the "
           "ops";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<TritonGPUDialect, nvidia_gpu::TritonNvidiaGPUDialect,
                    scf::SCFDialect, arith::ArithDialect>();
  }
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<scf::ForOp> loops;
    module.walk([&](scf::ForOp forOp) { loops.push_back(forOp); });
    // Contiguity is read off the loops as they are before any changes.
    ModuleAxisInfo axis(module);
    for (scf::ForOp forOp : loops) {
      // A loop without a complete schedule is not the pipeliner's.
      FailureOr<CoarseSchedule> schedule = CoarseSchedule::deserialize(forOp);
      if (failed(schedule))
        continue;
      // Ops left without a stage run with their earliest user.
      scheduleDependencies(forOp, *schedule);
      if (!canLowerDescriptorLoads(forOp, *schedule))
        continue;
      lowerLoads(forOp, *schedule, axis);
      schedule->serialize(forOp);
    }
  }
};
} // namespace

void mlir::triton::test::registerTestPipelinePasses() {
  PassRegistration<TestPipelineLowerLoopPass>();
}
