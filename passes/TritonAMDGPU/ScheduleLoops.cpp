//===- ScheduleLoops.cpp - -tritonamdgpu-schedule-loops -------------------===//
//
// The first half of AMD's stream pipeliner: which loads of an innermost loop
// are fetched ahead, and in which stage. Only those loads and the ops that
// wait for them (their dots, or the loads whose addresses they make) get a
// stage here, in two symbolic clusters: cluster 0 for the loads, cluster 1
// for the rest. -tritonamdgpu-pipeline places the LDS ops it creates and
// everything else. The schedule travels as the NVIDIA pipeliner's does
// (loop.stage, loop.cluster, tt.scheduled_max_stage), so the two share the
// CoarseSchedule and the choice of loads (passes/TritonGPU/Pipeline/).
//
//===----------------------------------------------------------------------===//

#include "passes/TritonAMDGPU/Passes.h"
#include "passes/TritonAMDGPU/StreamPipeline.h"

#include "dialects/TritonAMDGPU/IR/Dialect.h"
#include "passes/Analysis/Allocation.h"
#include "passes/Analysis/AxisInfo.h"
#include "passes/TritonAMDGPU/LDSLimits.h"
#include "passes/TritonGPU/Pipeline/AsyncLoads.h"
#include "passes/TritonGPU/Pipeline/Schedule.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "llvm/Support/MathExtras.h"

namespace mlir {
namespace triton {
namespace amdgpu {
#define GEN_PASS_DEF_TRITONAMDGPUSCHEDULELOOPS
#include "passes/TritonAMDGPU/Passes.h.inc"
} // namespace amdgpu
} // namespace triton
} // namespace mlir

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;
using namespace mlir::triton::gpu::pipeline;

bool mlir::triton::amdgpu::isStreamBeneficial(Operation *op,
                                              const ModuleAxisInfo &axis,
                                              bool filterSmall) {
  // make_ttir rewrites descriptors to pointers for AMD targets; one met
  // here has no LDS path in this pipeliner.
  auto load = dyn_cast<LoadOp>(op);
  if (!load)
    return false;
  if (filterSmall) {
    // CDNA2 and CDNA3 fetch ahead only loads of 32 bits or more per vector:
    // narrower ones gain little for the registers the buffering costs.
    unsigned bits = 0;
    if (auto type = dyn_cast<RankedTensorType>(load.getPtr().getType())) {
      auto pointee = cast<PointerType>(type.getElementType()).getPointeeType();
      if (!pointee.isIntOrFloat())
        return false;
      bits = getLoadContiguity(load, axis) * pointee.getIntOrFloatBitWidth();
    } else {
      Type pointee = cast<PointerType>(load.getPtr().getType()).getPointeeType();
      bits = pointee.isIntOrFloat() ? pointee.getIntOrFloatBitWidth() : 0;
    }
    if (bits < 32)
      return false;
  }
  // local_allocs the value feeds must agree on one layout, and keep 4 bytes
  // or more of a thread's registers together in it.
  bool conflict = false;
  Attribute encoding = getLocalAllocEncoding(load, conflict);
  if (conflict)
    return false;
  if (encoding && filterSmall)
    if (auto type = dyn_cast<RankedTensorType>(load.getType());
        type && getCopyVecBytes(type, encoding) < 4)
      return false;
  return true;
}

bool mlir::triton::amdgpu::filtersSmallLoads(StringRef arch) {
  // gfx950 (CDNA4) and the RDNA GPUs fetch narrow loads ahead too.
  return !(arch == "gfx950" || arch.starts_with("gfx1"));
}

using Cluster = CoarseSchedule::Cluster;

llvm::MapVector<Operation *, LoadLevel>
mlir::triton::amdgpu::streamedLoads(scf::ForOp forOp, int numStages,
                                    const ModuleAxisInfo &axis) {
  auto module = forOp->getParentOfType<ModuleOp>();
  bool filterSmall =
      amdgpu::filtersSmallLoads(amdgpu::getTargetArch(module, ""));
  llvm::MapVector<Operation *, LoadLevel> levels = loadIndirectionLevels(
      forOp, forOp->hasAttr(kNumStagesAttr), [&](Operation *op) {
        return amdgpu::isStreamBeneficial(op, axis, filterSmall);
      });
  // With every stage but the last one taken, a deeper level would have none
  // to be issued in.
  levels.remove_if(
      [&](auto &entry) { return entry.second.level >= numStages - 1; });
  return levels;
}

bool mlir::triton::amdgpu::isChainedDots(
    scf::ForOp forOp, int numStages,
    const llvm::MapVector<Operation *, LoadLevel> &loads) {
  if (numStages != 4)
    return false;
  SmallVector<DotOp> dots(forOp.getBody()->getOps<DotOp>());
  if (dots.size() != 2)
    return false;
  SetVector<Operation *> slice;
  getForwardSlice(dots[0]->getResult(0), &slice);
  if (!slice.contains(dots[1]))
    return false;
  return llvm::all_of(loads,
                      [](auto &entry) { return entry.second.level == 0; });
}

namespace {

/// One dot (or several that do not feed each other): the loads of level d
/// in stage (maxLevel - d) * spacing, their final users in the last stage.
CoarseSchedule
scheduleSingleDot(const llvm::MapVector<Operation *, LoadLevel> &loads,
                  int numStages) {
  int maxLevel = 0;
  for (auto &[load, info] : loads)
    maxLevel = std::max(maxLevel, info.level);
  // Stages left over after the loads' own spread them apart.
  int spacing = llvm::divideCeil(numStages - 2, maxLevel + 1);
  CoarseSchedule schedule(numStages);
  Cluster loadCluster = schedule.newAtBack();
  Cluster computeCluster = schedule.newAtBack();
  for (auto &[load, info] : loads)
    if (!isa<LoadOp>(info.use))
      schedule.insert(info.use, numStages - 1, computeCluster);
  for (auto &[load, info] : loads)
    schedule.insert(load, (maxLevel - info.level) * spacing, loadCluster);
  return schedule;
}

/// Two chained dots in consecutive stages (2 and 3), each one's loads two
/// stages ahead; the ops between them split where a value has a second
/// user, so that each half runs beside the other dot.
CoarseSchedule
scheduleChainedDots(scf::ForOp forOp,
                    const llvm::MapVector<Operation *, LoadLevel> &loads) {
  using namespace amdgpu::chained;
  CoarseSchedule schedule(4);
  SmallVector<Cluster> clusters;
  for (int i = 0; i < kClusterCount; ++i)
    clusters.push_back(schedule.newAtBack());
  SmallVector<DotOp> dots(forOp.getBody()->getOps<DotOp>());
  schedule.insert(dots[0], kStageDot1, clusters[kDot1]);
  schedule.insert(dots[1], kStageDot2, clusters[kDot2]);
  for (auto &[load, info] : loads) {
    if (info.use == dots[0].getOperation())
      schedule.insert(load, kStageGlobalLoad1, clusters[kGlobalLoad1]);
    else if (info.use == dots[1].getOperation())
      schedule.insert(load, kStageGlobalLoad2, clusters[kGlobalLoad2]);
  }
  SetVector<Operation *> fromDot1;
  getForwardSlice(dots[0]->getResult(0), &fromDot1);
  for (Value operand : dots[1]->getOperands()) {
    Operation *operandDef = operand.getDefiningOp();
    if (!operandDef || !fromDot1.contains(operandDef))
      continue;
    SmallVector<Value> queue{operand};
    while (!queue.empty()) {
      Value v = queue.pop_back_val();
      Operation *def = v.getDefiningOp();
      if (!def || !fromDot1.contains(def) || schedule.count(def))
        continue;
      if (!def->hasOneUse() && !def->use_empty()) {
        // A value with a second user stays with the first dot (beside the
        // second); what follows it moves beside the first.
        schedule.insert(def, kStageDot1, clusters[kAfterDot2]);
        schedule.insertIfAbsent(operandDef, kStageDot2, clusters[kAfterDot1]);
        continue;
      }
      for (Value previous : def->getOperands())
        queue.push_back(previous);
    }
  }
  // Results of the first dot that do not reach the second run beside it.
  for (Value yielded : forOp.getBody()->getTerminator()->getOperands()) {
    Operation *def = yielded.getDefiningOp();
    if (def && fromDot1.contains(def))
      schedule.insertIfAbsent(def, kStageDot2, clusters[kAfterDot1]);
  }
  return schedule;
}

/// The LDS the module needs once `loads` of `forOp` are streamed at
/// `numStages`, or failure where the allocation fails. The ring buffers the
/// pipeliner will allocate before the loop and free after it (read stage -
/// write stage slots each) are put in, for the shared-memory allocation to
/// place beside every other buffer and scratch of the kernel (what else is
/// live in the loop then counts, not only the buffers), and taken out again.
/// A streamed load's conversions to a dot operand become reads of its buffer
/// and are counted without their scratch; the local_allocs it feeds, which
/// the buffer replaces, are still counted (an over-estimate).
FailureOr<int64_t>
ldsWithStreamBuffers(ModuleOp module, scf::ForOp forOp,
                     const llvm::MapVector<Operation *, LoadLevel> &loads,
                     int numStages) {
  int maxLevel = 0;
  for (auto &[load, info] : loads)
    maxLevel = std::max(maxLevel, info.level);
  int64_t slots = std::max(1, numStages - 1 - maxLevel);
  auto smem = SharedMemorySpaceAttr::get(module.getContext());
  SmallVector<Operation *> trial;
  DenseSet<Operation *> readFromBuffer;
  OpBuilder before(forOp), after(forOp->getBlock(),
                                 std::next(forOp->getIterator()));
  for (auto &[op, info] : loads) {
    auto load = cast<LoadOp>(op);
    auto type = dyn_cast<RankedTensorType>(load.getType());
    Attribute encoding = amdgpu::streamEncoding(load);
    if (!type || !encoding)
      continue;
    SmallVector<int64_t> shape{slots};
    llvm::append_range(shape, type.getShape());
    auto alloc = LocalAllocOp::create(
        before, load.getLoc(),
        MemDescType::get(shape, type.getElementType(), encoding, smem,
                         /*mutableMemory=*/true),
        Value(), IntegerAttr());
    trial.push_back(alloc);
    trial.push_back(LocalDeallocOp::create(after, load.getLoc(), alloc));
    for (Operation *user : load->getUsers())
      if (isa<ConvertLayoutOp>(user))
        readFromBuffer.insert(user);
  }
  FailureOr<ModuleAllocation> allocation =
      ModuleAllocation::get(module, [&](Operation *op) -> int64_t {
        return readFromBuffer.contains(op) ? 0 : getScratchSizeInBytes(op);
      });
  for (Operation *op : llvm::reverse(trial))
    op->erase();
  if (failed(allocation))
    return failure();
  return allocation->getSharedMemorySize();
}

class TritonAMDGPUScheduleLoopsPass
    : public mlir::triton::amdgpu::impl::TritonAMDGPUScheduleLoopsBase<
          TritonAMDGPUScheduleLoopsPass> {
public:
  using Base::Base;
  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (numStages < 1) {
      module.emitError("tritonamdgpu-schedule-loops: num_stages must be at "
                       "least 1, not ")
          << static_cast<int64_t>(numStages.getValue());
      return signalPassFailure();
    }
    ModuleAxisInfo axis(module);
    int64_t ldsBytes =
        amdgpu::ldsBytesPerWorkgroup(amdgpu::getTargetArch(module, ""));
    SmallVector<scf::ForOp> loops;
    module.walk([&](scf::ForOp forOp) { loops.push_back(forOp); });
    for (scf::ForOp forOp : loops) {
      int stages = getNumStages(forOp, numStages);
      if (stages <= 1 || !canPipelineLoop(forOp))
        continue;
      llvm::MapVector<Operation *, LoadLevel> loads =
          amdgpu::streamedLoads(forOp, stages, axis);
      // Ours: where the kernel would not fit in LDS with the buffers
      // (tiles sized for another GPU), fewer stages, down to 2, else none
      // (3.6 fails to launch such a kernel).
      auto fits = [&]() -> FailureOr<bool> {
        FailureOr<int64_t> bytes =
            ldsWithStreamBuffers(module, forOp, loads, stages);
        if (failed(bytes))
          return failure();
        return *bytes <= ldsBytes;
      };
      FailureOr<bool> fit = fits();
      while (succeeded(fit) && !*fit && stages > 2) {
        --stages;
        loads = amdgpu::streamedLoads(forOp, stages, axis);
        fit = fits();
      }
      if (failed(fit))
        return signalPassFailure();
      if (loads.empty() || !*fit)
        continue;
      CoarseSchedule schedule = amdgpu::isChainedDots(forOp, stages, loads)
                                    ? scheduleChainedDots(forOp, loads)
                                    : scheduleSingleDot(loads, stages);
      schedule.serialize(forOp);
    }
  }
};

} // namespace
