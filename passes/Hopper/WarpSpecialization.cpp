//===- WarpSpecialization.cpp - -nvgpu-warp-specialization ---------------===//
//
// The steps of the test passes in Triton 3.6's order, on the functions that
// ask for it with a `tt.warp_specialize` loop. As 3.6 does, three warp groups
// (a producer and two consumers, each owning half of the dots' rows) are
// tried first, and two where the work cannot be cut in two along M.
//
//===----------------------------------------------------------------------===//

#include "passes/Hopper/AsyncTasks.h"
#include "passes/Hopper/Passes.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/Support/Debug.h"

namespace mlir {
namespace triton {
namespace hopper {
#define GEN_PASS_DEF_NVGPUWARPSPECIALIZATION
#include "passes/Hopper/Passes.h.inc"
} // namespace hopper
} // namespace triton
} // namespace mlir

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::hopper;

namespace {

/// A producer group and two consumer groups, else one consumer group.
constexpr unsigned kNumWarpGroups = 3;
/// Registers the consumer group asks for, as 3.6 does by default.
constexpr unsigned kConsumerRegisters = 232;

struct WarpSpecializationPass
    : hopper::impl::NVGPUWarpSpecializationBase<WarpSpecializationPass> {
  using Base::Base;

  void dump(StringRef step) {
    if (dumpIntermediateSteps)
      llvm::errs() << "// -----// WarpSpec internal IR Dump After: " << step
                   << "\n"
                   << getOperation() << "\n\n\n";
  }

  LogicalResult runOnFunction(FuncOp func) {
    bool requested = false;
    func.walk([&](scf::ForOp forOp) {
      requested |= forOp->hasAttr(kWarpSpecializeAttrName);
    });
    if (!requested)
      return success();
    // 3.6 specializes 4-warp kernels only, and none with an else block (its
    // channels there are not handled).
    auto module = func->getParentOfType<ModuleOp>();
    auto numWarps = module->getAttrOfType<IntegerAttr>(gpu::kNumWarpsAttrName);
    if (!numWarps || numWarps.getInt() != 4)
      return success();
    bool hasElse = false;
    func.walk([&](scf::IfOp ifOp) { hasElse |= ifOp.elseBlock() != nullptr; });
    if (hasElse)
      return success();

    // Marks made by hand say how many groups there are; otherwise the most
    // that the function's work can be cut for.
    bool marked = false;
    func.walk([&](Operation *op) { marked |= op->hasAttr(kAsyncTaskIdAttrName); });
    unsigned numWarpGroups = kNumWarpGroups;
    if (marked) {
      numWarpGroups = 1;
      func.walk([&](Operation *op) {
        for (AsyncTaskId task : getAsyncTaskIds(op))
          numWarpGroups = std::max<unsigned>(numWarpGroups, task + 1);
      });
    }
    for (;; --numWarpGroups) {
      partitionTasks(func, numWarpGroups);
      dump("doTaskPartition");
      if (failed(propagateTaskIds(func)))
        return failure();
      dump("doTaskIdPropagate");
      if (marked || numWarpGroups <= 2 ||
          succeeded(checkDataPartition(func, numWarpGroups - 1,
                                       /*report=*/false)))
        break;
      func.walk([](Operation *op) { op->removeAttr(kAsyncTaskIdAttrName); });
    }
    if (failed(partitionData(func, numWarpGroups - 1)))
      return failure();
    dump("doDataPartition");
    if (failed(partitionCode(func, numStages, kConsumerRegisters)))
      return failure();
    dump("doCodePartition");
    bool specialized = false;
    func.walk([&](gpu::WarpSpecializeOp) { specialized = true; });
    if (!specialized)
      return success();
    // The producer and consumers already overlap; the software pipeliner
    // leaves these loops alone. (3.6 also does so when nothing could be
    // specialized; those loops keep their pipelining here.)
    Builder builder(func.getContext());
    func.walk([&](scf::ForOp forOp) {
      forOp->setAttr(kNumStagesAttrName, builder.getI32IntegerAttr(0));
    });
    return success();
  }

  void runOnOperation() override {
    WalkResult result = getOperation().walk([&](FuncOp func) {
      return failed(runOnFunction(func)) ? WalkResult::interrupt()
                                         : WalkResult::advance();
    });
    if (result.wasInterrupted())
      signalPassFailure();
  }
};

} // namespace
