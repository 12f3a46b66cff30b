//===- PipelinePass.cpp - -tritongpu-pipeline -----------------------------===//
//
// Lowers each scheduled loop (loads to multi-buffered async copies), expands
// it into a prologue and a predicated loop, then fixes the async waits and
// makes warp-group dots asynchronous; descriptor stores in loops of more
// than one stage are left in flight until the next trip. The steps live in
// the files beside.
//
//===----------------------------------------------------------------------===//

#include "passes/TritonGPU/Passes.h"
#include "passes/TritonGPU/Pipeline/Pipeline.h"

#include "llvm/Support/raw_ostream.h"

namespace mlir {
namespace triton {
namespace gpu {
#define GEN_PASS_DEF_TRITONGPUPIPELINE
#include "passes/TritonGPU/Passes.h.inc"
} // namespace gpu
} // namespace triton
} // namespace mlir

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;
using namespace mlir::triton::gpu::pipeline;

namespace {

void removeScheduleAttributes(Operation *root) {
  root->walk([](Operation *op) {
    op->removeAttr(kStageAttr);
    op->removeAttr(kClusterAttr);
    op->removeAttr(kMaxStageAttr);
    op->removeAttr(kLatencyAttr);
  });
}

class TritonGPUPipelinePass
    : public mlir::triton::gpu::impl::TritonGPUPipelineBase<
          TritonGPUPipelinePass> {
public:
  using Base::Base;
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<scf::ForOp> loops;
    module.walk([&](scf::ForOp forOp) {
      if (forOp->hasAttr(kMaxStageAttr))
        loops.push_back(forOp);
    });
    if (loops.empty()) {
      removeScheduleAttributes(module);
      return pipelineStores(module);
    }
    // Before any loop changes: contiguity is read off the original pointers.
    triton::ModuleAxisInfo axis(module);
    SmallVector<scf::ForOp> pipelined;
    for (scf::ForOp forOp : loops) {
      if (getNumStages(forOp, numStages) <= 1 || !canPipelineLoop(forOp))
        continue;
      FailureOr<CoarseSchedule> schedule = CoarseSchedule::deserialize(forOp);
      if (failed(schedule)) {
        forOp.emitError(
            "software pipelining: the loop's schedule is malformed");
        return signalPassFailure();
      }
      // Ops left without a stage run with their earliest user.
      scheduleDependencies(forOp, *schedule);
      if (failed(checkComplete(forOp, *schedule)))
        return signalPassFailure();
      if (!canLowerDescriptorLoads(forOp, *schedule))
        continue;
      if (failed(checkExpandable(forOp, *schedule)))
        return signalPassFailure();
      lowerLoads(forOp, *schedule, axis);
      lowerLoopDescriptors(forOp, *schedule);
      if (dumpIntermediateSteps)
        llvm::errs() << "// after lowering loads:\n" << forOp << "\n";
      if (failed(expandLoop(forOp, *schedule)))
        return signalPassFailure();
      if (dumpIntermediateSteps)
        llvm::errs() << "// after expansion:\n" << forOp << "\n";
      pipelined.push_back(forOp);
    }
    removeScheduleAttributes(module);
    updateAsyncWaits(module);
    for (scf::ForOp forOp : pipelined) {
      asyncLaunchDots(forOp);
      carryAheadReaders(forOp);
    }
    pipelineStores(module);
  }

private:
  /// Every loop of more than one stage, scheduled or not, inner loops
  /// first.
  void pipelineStores(ModuleOp module) {
    SmallVector<scf::ForOp> loops;
    module.walk([&](scf::ForOp forOp) {
      if (getNumStages(forOp, numStages) > 1)
        loops.push_back(forOp);
    });
    for (scf::ForOp forOp : loops)
      pipelineTMAStores(forOp);
  }
};

} // namespace
