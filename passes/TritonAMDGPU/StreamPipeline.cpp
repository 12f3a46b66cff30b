//===- StreamPipeline.cpp - -tritonamdgpu-pipeline ------------------------===//
//
// The second half of AMD's stream pipeliner. For each loop that
// -tritonamdgpu-schedule-loops scheduled, the loads it fetches ahead whose
// values all go to dots (through layout conversions or local_allocs) get a
// ring of LDS buffers: the load stays a load into registers and a
// ttg.local_store writes its slot (the "stream" copy, 3.6's default on
// gfx90a and gfx942), or with use_async_copy it becomes a direct-to-LDS
// ttg.async_copy_global_to_local with its commit and wait (gfx942 only: the
// LDS-DMA loads move amdgpu::ldsDmaBytes per lane). The users read the slot with a
// ttg.local_load. Stages and clusters follow Triton 3.6's SingleDotSchedule
// (or its chained-dots schedule for two chained dots at 4 stages); the loop
// is then expanded by the NVIDIA pipeliner's expander (a prologue and a
// predicated loop, passes/TritonGPU/Pipeline/ExpandLoop.cpp), where 3.6
// peels an epilogue instead.
//
//===----------------------------------------------------------------------===//

#include "passes/TritonAMDGPU/Passes.h"
#include "passes/TritonAMDGPU/StreamPipeline.h"

#include "dialects/TritonAMDGPU/IR/Dialect.h"
#include "passes/TritonAMDGPU/LDSLimits.h"
#include "passes/TritonGPU/Pipeline/AsyncLoads.h"
#include "passes/TritonGPU/Pipeline/Pipeline.h"
#include "passes/TritonGPU/Pipeline/Schedule.h"
#include "passes/TritonGPU/Pipeline/TMABarriers.h"
#include "passes/TritonGPU/SharedEncodings.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir {
namespace triton {
namespace amdgpu {
#define GEN_PASS_DEF_TRITONAMDGPUPIPELINE
#include "passes/TritonAMDGPU/Passes.h.inc"
} // namespace amdgpu
} // namespace triton
} // namespace mlir

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;
using namespace mlir::triton::gpu::pipeline;

namespace {

using Cluster = CoarseSchedule::Cluster;

/// The ops one streamed load became.
struct StreamOps {
  LoadOp load;                     ///< the load (stream copy) or null
  Operation *copy = nullptr;       ///< local_store or async copy
  Operation *view = nullptr;       ///< the slot the copy writes
  Operation *commit = nullptr;     ///< async only
  Operation *wait = nullptr;       ///< async only
  LocalLoadOp localLoad;           ///< what the users read, if any
};

} // namespace

Attribute mlir::triton::amdgpu::streamEncoding(LoadOp load) {
  auto type = dyn_cast<RankedTensorType>(load.getType());
  if (!type || !type.getEncoding())
    return {};
  SmallVector<Attribute> candidates;
  for (Operation *user : load->getUsers()) {
    if (auto alloc = dyn_cast<LocalAllocOp>(user)) {
      candidates.push_back(alloc.getType().getEncoding());
      continue;
    }
    if (!isa<ConvertLayoutOp>(user) || user->getNumResults() != 1)
      return {};
    auto result = dyn_cast<RankedTensorType>(user->getResult(0).getType());
    auto dot = result ? dyn_cast<DotOperandEncodingAttr>(result.getEncoding())
                      : DotOperandEncodingAttr();
    if (!dot)
      return {};
    std::optional<SwizzledSharedEncodingAttr> shared =
        getDotOperandSharedLayout(type, dot);
    if (!shared)
      return {};
    candidates.push_back(*shared);
  }
  if (candidates.empty())
    return {};
  Attribute chosen = candidates.front();
  for (Attribute other : llvm::drop_begin(candidates)) {
    auto a = dyn_cast<SwizzledSharedEncodingAttr>(chosen);
    auto b = dyn_cast<SwizzledSharedEncodingAttr>(other);
    if (!a || !b || a.getPerPhase() != b.getPerPhase() ||
        a.getMaxPhase() != b.getMaxPhase() || a.getOrder() != b.getOrder() ||
        a.getCGALayout() != b.getCGALayout())
      return {};
    if (b.getVec() > a.getVec())
      chosen = other;
  }
  return chosen;
}

namespace {

/// Whether the streamed load can be a direct-to-LDS copy: gfx942's LDS-DMA
/// loads put ldsDmaBytes per lane, so the load must give that many
/// consecutive bytes of a thread's registers at consecutive LDS addresses; a
/// single buffer would need a barrier after the reads that the schedule does
/// not have.
bool canCopyDirectToLDS(LoadOp load, Attribute encoding, int numBuffers,
                        StringRef arch, const ModuleAxisInfo &axis) {
  if (numBuffers <= 1 || arch != "gfx942" || !canBeAsyncCopy(load, axis))
    return false;
  auto type = cast<RankedTensorType>(load.getType());
  return getCopyVecBytes(type, encoding) >= amdgpu::ldsDmaBytes(arch);
}

/// Adds the slot counter (-1, then 0, 1, ..., numBuffers - 1, 0, ...)
/// to the loop, at the top of the body; replaces `forOp`.
Value addSlotCounter(scf::ForOp &forOp, int numBuffers) {
  OpBuilder builder(forOp);
  Location loc = forOp.getLoc();
  Value minusOne = arith::ConstantIntOp::create(builder, loc, -1, 32);
  Value zero = arith::ConstantIntOp::create(builder, loc, 0, 32);
  Value one = arith::ConstantIntOp::create(builder, loc, 1, 32);
  Value count = arith::ConstantIntOp::create(builder, loc, numBuffers, 32);
  Value slot;
  IRRewriter rewriter(forOp.getContext());
  FailureOr<LoopLikeOpInterface> newLoop = forOp.replaceWithAdditionalYields(
      rewriter, ValueRange{minusOne}, /*replaceInitOperandUsesInLoop=*/false,
      [&](OpBuilder &b, Location,
          ArrayRef<BlockArgument> args) -> SmallVector<Value> {
        OpBuilder::InsertionGuard guard(b);
        b.setInsertionPointToStart(args.front().getOwner());
        Value next = arith::AddIOp::create(b, loc, args.front(), one);
        Value inRange = arith::CmpIOp::create(
            b, loc, arith::CmpIPredicate::slt, next, count);
        slot = arith::SelectOp::create(b, loc, inRange, next, zero);
        return {slot};
      });
  // The ops of the body moved to the new loop; a schedule still holds.
  forOp = cast<scf::ForOp>(newLoop->getOperation());
  return slot;
}

/// Users of `load` that are local_allocs in `encoding` read the slot
/// directly; the others read it through one local_load (after `token`).
LocalLoadOp replaceWithSlot(OpBuilder &builder, LoadOp load, Value view,
                            Value token) {
  auto viewType = cast<MemDescType>(view.getType());
  for (Operation *user : llvm::make_early_inc_range(load->getUsers())) {
    auto alloc = dyn_cast<LocalAllocOp>(user);
    if (!alloc || alloc.getType().getEncoding() != viewType.getEncoding())
      continue;
    // The slot is mutable where the alloc's value was not: the views taken
    // of it follow.
    for (OpOperand &use : llvm::make_early_inc_range(alloc->getUses())) {
      use.set(view);
      Operation *viewUser = use.getOwner();
      if (isa<MemDescTransOp, MemDescReshapeOp, MemDescSubsliceOp>(viewUser)) {
        auto old = cast<MemDescType>(viewUser->getResult(0).getType());
        viewUser->getResult(0).setType(MemDescType::get(
            old.getContext(), old.getShape(), old.getElementType(), old.getEncoding(),
            old.getMemorySpace(), /*mutableMemory=*/true, old.getAllocShape()));
      }
    }
    alloc.erase();
  }
  if (load->use_empty())
    return {};
  auto localLoad = LocalLoadOp::create(builder, load.getLoc(), load.getType(),
                                       view, token);
  load.getResult().replaceAllUsesWith(localLoad);
  return localLoad;
}

/// Buffers for the streamed loads (allocated before the loop, freed after)
/// and their copies; the loop gets the slot counter.
SmallVector<StreamOps>
createStreamOps(scf::ForOp &forOp,
                const llvm::MapVector<Operation *, Attribute> &encodings,
                int numBuffers, bool useAsyncCopy, StringRef arch,
                const ModuleAxisInfo &axis) {
  SmallVector<StreamOps> result;
  // Decided on the original loop: the axis info knows its block arguments,
  // not those of the loop the counter makes.
  DenseMap<Operation *, bool> direct;
  for (auto &[op, encoding] : encodings)
    direct[op] = useAsyncCopy &&
                 canCopyDirectToLDS(cast<LoadOp>(op), encoding, numBuffers,
                                    arch, axis);
  SmallVector<unsigned> contiguity;
  for (auto &[op, encoding] : encodings)
    contiguity.push_back(getLoadContiguity(cast<LoadOp>(op), axis));
  Value slot = addSlotCounter(forOp, numBuffers);
  MLIRContext *context = forOp.getContext();
  auto smem = SharedMemorySpaceAttr::get(context);
  for (auto [index, entry] : llvm::enumerate(encodings)) {
    auto [op, encoding] = entry;
    auto load = cast<LoadOp>(op);
    auto type = cast<RankedTensorType>(load.getType());
    SmallVector<int64_t> shape{numBuffers};
    shape.append(type.getShape().begin(), type.getShape().end());
    OpBuilder outside(forOp);
    auto alloc = LocalAllocOp::create(
        outside, load.getLoc(),
        MemDescType::get(shape, type.getElementType(), encoding, smem,
                         /*mutableMemory=*/true),
        Value(), IntegerAttr());
    outside.setInsertionPointAfter(forOp);
    LocalDeallocOp::create(outside, load.getLoc(), alloc);

    OpBuilder builder(load);
    Location loc = load.getLoc();
    StreamOps ops;
    Value view = createSlotView(builder, loc, alloc, slot);
    ops.view = view.getDefiningOp();
    if (direct.lookup(op)) {
      auto copy = AsyncCopyGlobalToLocalOp::create(
          builder, loc, AsyncTokenType::get(context), load.getPtr(), view,
          load.getMask(), load.getOther(), load.getCache(), load.getEvict(),
          load.getIsVolatile(), contiguity[index]);
      auto commit =
          AsyncCommitGroupOp::create(builder, loc, AsyncTokenType::get(context),
                                     ValueRange{copy.getToken()});
      auto wait = AsyncWaitOp::create(builder, loc, AsyncTokenType::get(context),
                                      ValueRange{commit.getResult()}, 0);
      ops.copy = copy;
      ops.commit = commit;
      ops.wait = wait;
      ops.localLoad = replaceWithSlot(builder, load, view, wait.getResult());
      load.erase();
    } else {
      ops.load = load;
      ops.localLoad = replaceWithSlot(builder, load, view, Value());
      // After the load; set only now: the local_allocs that followed it are
      // gone.
      builder.setInsertionPointAfter(load);
      ops.copy = LocalStoreOp::create(builder, loc, load.getResult(), view);
    }
    result.push_back(ops);
  }
  return result;
}

/// The stages of the single-dot schedule's kinds of ops.
struct Stages {
  int globalLoad, localStore, localLoad, compute, asyncWait;
};

/// A local_load and a conversion that is its only user go together (a later
/// pass folds the pair).
void scheduleLocalLoad(LocalLoadOp localLoad, CoarseSchedule &schedule,
                       int stage, Cluster cluster) {
  schedule.insert(localLoad, stage, cluster);
  if (localLoad->hasOneUse())
    if (auto cvt = dyn_cast<ConvertLayoutOp>(*localLoad->getUsers().begin()))
      schedule.insert(cvt, stage, cluster);
}

/// 3.6's SingleDotSchedule: global loads, LDS writes, LDS reads and the
/// dot in five clusters arranged by which of them share a stage.
LogicalResult lowerSingleDot(scf::ForOp &forOp, CoarseSchedule &symbolic,
                             const llvm::MapVector<Operation *, LoadLevel> &loads,
                             bool useAsyncCopy, bool waitAtTail, StringRef arch,
                             const ModuleAxisInfo &axis) {
  int numStages = symbolic.numStages;
  int maxLevel = 0;
  for (auto &[load, info] : loads)
    maxLevel = std::max(maxLevel, info.level);
  int last = numStages - 1;
  Stages stages{0, maxLevel, last, last, last};
  if (waitAtTail)
    stages.asyncWait = std::max(0, stages.localLoad - 1);
  if (stages.localStore >= numStages || stages.localStore > stages.localLoad)
    return failure();
  // Buffers between the write and the read; a direct-to-LDS copy has no
  // register stage in between, so one more.
  int numBuffers = std::max(1, stages.localLoad - stages.localStore);
  if (useAsyncCopy)
    numBuffers += 1;

  // The write goes after the loads of its stage, spread apart from them; the
  // reads go with the loads unless they share the write's stage (then after
  // it) or the only buffer (then before it); the dot goes with the reads.
  int asyncWaitCluster = waitAtTail ? 4 : 0;
  int globalLoadCluster = 1, localStoreCluster = 3;
  int localLoadCluster = globalLoadCluster;
  if (stages.localLoad == stages.localStore)
    localLoadCluster = std::max(3, localStoreCluster + 1);
  else if (numBuffers == 1 && localLoadCluster >= localStoreCluster)
    localLoadCluster = localStoreCluster - 1;
  int computeCluster =
      stages.localLoad == stages.compute ? localLoadCluster : 2;

  CoarseSchedule schedule(numStages);
  SmallVector<Cluster> clusters;
  for (int i = 0; i < 5; ++i)
    clusters.push_back(schedule.newAtBack());
  // The symbolic clusters: 0 the loads', the other the users'.
  for (auto &[op, at] : symbolic.ops)
    schedule.insert(op, at.first,
                    symbolic.indexOf(at.second) == 0
                        ? clusters[globalLoadCluster]
                        : clusters[computeCluster]);

  llvm::MapVector<Operation *, Attribute> encodings;
  for (auto &[load, info] : loads)
    if (Attribute encoding = amdgpu::streamEncoding(cast<LoadOp>(load)))
      encodings.insert({load, encoding});
  // Where each load was scheduled, before createStreamOps erases some.
  DenseMap<Operation *, std::pair<int, Cluster>> loadAt;
  for (auto &[load, encoding] : encodings) {
    if (!schedule.count(load))
      schedule.insert(load, stages.globalLoad, clusters[globalLoadCluster]);
    loadAt[load] = schedule.lookup(load);
  }
  SmallVector<Operation *> order;
  for (auto &entry : encodings)
    order.push_back(entry.first);
  SmallVector<StreamOps> streams =
      createStreamOps(forOp, encodings, numBuffers, useAsyncCopy, arch, axis);
  for (auto [load, ops] : llvm::zip(order, streams)) {
    auto [loadStage, loadCluster] = loadAt[load];
    if (ops.wait) {
      schedule.ops.erase(load);
      schedule.insert(ops.view, loadStage, loadCluster);
      schedule.insert(ops.copy, loadStage, loadCluster);
      schedule.insert(ops.commit, loadStage, loadCluster);
      // The wait goes first in the body (or last, waitAtTail), so the next
      // copies into a slot start after every warp has read it.
      if (loadStage != stages.localLoad)
        schedule.insert(ops.wait, stages.asyncWait,
                        clusters[asyncWaitCluster]);
    } else {
      schedule.insert(ops.view, stages.localStore,
                      clusters[localStoreCluster]);
      schedule.insert(ops.copy, stages.localStore,
                      clusters[localStoreCluster]);
    }
    if (ops.localLoad && stages.localLoad != stages.compute)
      scheduleLocalLoad(ops.localLoad, schedule, stages.localLoad,
                        clusters[localLoadCluster]);
  }
  scheduleDependencies(forOp, schedule);
  scheduleDistanceOneDependencies(forOp, schedule);
  scheduleRemainingToLastStage(forOp, schedule, clusters[computeCluster]);
  symbolic = std::move(schedule);
  return success();
}

/// 3.6's chained-dots schedule (4 stages): each dot's loads two stages
/// before it, written to LDS and read back in the stages between.
LogicalResult lowerChainedDots(scf::ForOp &forOp, CoarseSchedule &symbolic,
                               const llvm::MapVector<Operation *, LoadLevel> &loads,
                               bool useAsyncCopy, StringRef arch,
                               const ModuleAxisInfo &axis) {
  using namespace amdgpu::chained;
  SmallVector<Cluster> clusters;
  for (auto it = symbolic.clusters.begin(); it != symbolic.clusters.end();
       ++it)
    clusters.push_back(it);
  while (clusters.size() < kClusterCount)
    clusters.push_back(symbolic.newAtBack());
  SmallVector<DotOp> dots(forOp.getBody()->getOps<DotOp>());
  if (dots.size() != 2)
    return failure();
  llvm::MapVector<Operation *, Attribute> encodings;
  for (auto &[load, info] : loads)
    if (Attribute encoding = amdgpu::streamEncoding(cast<LoadOp>(load)))
      if (symbolic.count(load))
        encodings.insert({load, encoding});
  DenseMap<Operation *, int> loadStage;
  SmallVector<Operation *> order;
  for (auto &[load, encoding] : encodings) {
    loadStage[load] = symbolic.lookup(load).first;
    order.push_back(load);
  }
  int numBuffers = useAsyncCopy ? 2 : 1;
  SmallVector<StreamOps> streams =
      createStreamOps(forOp, encodings, numBuffers, useAsyncCopy, arch, axis);
  for (auto [load, ops] : llvm::zip(order, streams)) {
    bool first = loadStage[load] == kStageGlobalLoad1;
    auto at = symbolic.lookup(load);
    if (ops.wait) {
      symbolic.ops.erase(load);
      for (Operation *op : {ops.view, ops.copy, ops.commit})
        symbolic.insert(op, at.first, at.second);
      symbolic.insert(ops.wait,
                      first ? kStageLocalLoad1 : kStageLocalLoad2,
                      clusters[first ? kAsyncWait1 : kAsyncWait2]);
    } else {
      for (Operation *op : {ops.view, ops.copy})
        symbolic.insert(op, first ? kStageLocalWrite1 : kStageLocalWrite2,
                        clusters[first ? kLocalWrite1 : kLocalWrite2]);
    }
    if (ops.localLoad)
      scheduleLocalLoad(ops.localLoad, symbolic,
                        first ? kStageLocalLoad1 : kStageLocalLoad2,
                        clusters[first ? kLocalLoad1 : kLocalLoad2]);
  }
  scheduleDependencies(forOp, symbolic);
  scheduleDistanceOneDependencies(forOp, symbolic);
  scheduleRemainingToLastStage(forOp, symbolic, clusters.back());
  return success();
}

void removeScheduleAttributes(Operation *root) {
  root->walk([](Operation *op) {
    op->removeAttr(kStageAttr);
    op->removeAttr(kClusterAttr);
    op->removeAttr(kMaxStageAttr);
  });
}

class TritonAMDGPUPipelinePass
    : public mlir::triton::amdgpu::impl::TritonAMDGPUPipelineBase<
          TritonAMDGPUPipelinePass> {
public:
  using Base::Base;
  void runOnOperation() override {
    ModuleOp module = getOperation();
    std::string arch = amdgpu::getTargetArch(module, "");
    SmallVector<scf::ForOp> loops;
    module.walk([&](scf::ForOp forOp) {
      if (forOp->hasAttr(kMaxStageAttr))
        loops.push_back(forOp);
    });
    // Contiguity is read off the loads before any loop changes.
    ModuleAxisInfo axis(module);
    bool anyAsync = false;
    for (scf::ForOp forOp : loops) {
      if (!canPipelineLoop(forOp))
        continue;
      FailureOr<CoarseSchedule> schedule = CoarseSchedule::deserialize(forOp);
      if (failed(schedule)) {
        forOp.emitError(
            "software pipelining: the loop's schedule is malformed");
        return signalPassFailure();
      }
      int numStages = schedule->numStages;
      if (numStages <= 1)
        continue;
      llvm::MapVector<Operation *, LoadLevel> loads =
          amdgpu::streamedLoads(forOp, numStages, axis);
      // Loads the schedule left alone stay in the loop's last stage.
      loads.remove_if([&](auto &entry) { return !schedule->count(entry.first); });
      bool chained = amdgpu::isChainedDots(forOp, numStages, loads);
      bool waitAtTail = usePingpong && numStages == 3 && useAsyncCopy;
      LogicalResult lowered =
          chained ? lowerChainedDots(forOp, *schedule, loads, useAsyncCopy,
                                     arch, axis)
                  : lowerSingleDot(forOp, *schedule, loads, useAsyncCopy,
                                   waitAtTail, arch, axis);
      if (failed(lowered))
        continue;
      if (failed(checkComplete(forOp, *schedule)) ||
          failed(expandLoop(forOp, *schedule)))
        return signalPassFailure();
      anyAsync |= !forOp.getBody()->getOps<AsyncWaitOp>().empty();
    }
    removeScheduleAttributes(module);
    if (anyAsync)
      updateAsyncWaits(module);
  }
};

} // namespace
