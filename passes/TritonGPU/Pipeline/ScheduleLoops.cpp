//===- ScheduleLoops.cpp - -tritongpu-schedule-loops ----------------------===//
//
// A coarse modulo schedule from the latencies: each op downstream of a
// latency op is placed so that the latency elapses (in iterations) before
// its users run; what the placed ops need is computed in their stage; the
// rest runs in the last stage.
//
//===----------------------------------------------------------------------===//

#include "passes/TritonGPU/Passes.h"
#include "passes/TritonGPU/Pipeline/Schedule.h"

#include "mlir/Analysis/SliceAnalysis.h"

namespace mlir {
namespace triton {
namespace gpu {
#define GEN_PASS_DEF_TRITONGPUSCHEDULELOOPS
#include "passes/TritonGPU/Passes.h.inc"
} // namespace gpu
} // namespace triton
} // namespace mlir

using namespace mlir;
using namespace mlir::triton::gpu::pipeline;

namespace {

using Cluster = CoarseSchedule::Cluster;

/// Stages from the longest latency path to the end of the iteration: the
/// latency ops and everything downstream of them.
CoarseSchedule scheduleKeyOps(scf::ForOp forOp,
                              const DenseMap<Operation *, int> &latency) {
  Block *body = forOp.getBody();
  Operation *yield = body->getTerminator();
  llvm::MapVector<Operation *, int> distance;
  std::function<int(Operation *)> distanceOf = [&](Operation *op) -> int {
    auto it = distance.find(op);
    if (it != distance.end())
      return it->second;
    int longest = -1;
    for (Operation *user : op->getUsers()) {
      Operation *inBody = body->findAncestorOpInBlock(*user);
      if (!inBody || inBody == yield)
        continue;
      longest = std::max(longest, distanceOf(inBody));
    }
    int d = latency.lookup(op) + std::max(longest, 0);
    distance[op] = d;
    return d;
  };
  int maxDistance = 0;
  for (Operation &op : body->without_terminator())
    if (latency.count(&op))
      maxDistance = std::max(maxDistance, distanceOf(&op));

  int maxStage = 0;
  for (auto &[op, d] : distance)
    maxStage = std::max(maxStage, maxDistance - d);
  CoarseSchedule schedule(maxStage + 1);
  // Later stages first: the pipelined body starts with the oldest iteration.
  SmallVector<Cluster> clusters;
  for (int i = 0; i <= maxStage; ++i)
    clusters.push_back(schedule.newAtBack());
  for (Operation &op : body->without_terminator()) {
    auto it = distance.find(&op);
    if (it == distance.end())
      continue;
    int stage = maxDistance - it->second;
    schedule.insert(&op, stage, clusters[maxStage - stage]);
  }
  // scf.ifs downstream of the latency ops run as late as possible, unless
  // that would put them after scheduled ops that use them.
  Cluster epilogue = schedule.newAtBack();
  for (Operation &op : body->without_terminator()) {
    auto ifOp = dyn_cast<scf::IfOp>(op);
    if (!ifOp || !distance.count(ifOp) || latency.count(ifOp))
      continue;
    SetVector<Operation *> slice;
    getForwardSlice(ifOp.getOperation(), &slice);
    if (llvm::any_of(slice,
                     [&](Operation *user) { return distance.count(user); }))
      continue;
    schedule.insert(ifOp, schedule.lookup(ifOp).first, epilogue);
  }
  return schedule;
}

/// scf.ifs that scheduled ops depend on go first; the others last.
Cluster scheduleIfs(scf::ForOp forOp, CoarseSchedule &schedule) {
  Cluster afterPrologue = schedule.clusters.begin();
  llvm::MapVector<Operation *, int> ifStages;
  SmallVector<Operation *> ordered = schedule.opsInOrder(forOp);
  for (int stage = 0; stage < schedule.numStages; ++stage) {
    for (Operation *op : ordered) {
      if (schedule.lookup(op).first != stage)
        continue;
      SetVector<Operation *> slice;
      BackwardSliceOptions options;
      options.omitBlockArguments = true;
      options.omitUsesFromAbove = false;
      (void)getBackwardSlice(op, &slice, options);
      for (Operation *dep : slice)
        if (isa<scf::IfOp>(dep))
          ifStages.insert({dep, stage});
    }
  }
  if (!ifStages.empty()) {
    Cluster prologue = schedule.newAtFront();
    for (auto &[ifOp, stage] : ifStages)
      schedule.insertIfAbsent(ifOp, stage, prologue);
  }
  Cluster epilogue = schedule.newAtBack();
  for (Operation &op : forOp.getBody()->without_terminator())
    if (isa<scf::IfOp>(op) && !ifStages.count(&op))
      schedule.insertIfAbsent(&op, schedule.numStages - 1, epilogue);
  return afterPrologue;
}

/// What an op of stage s reads from the previous iteration is made in stage
/// s + 1 of that iteration, which runs in the same pipelined iteration: in a
/// cluster before the reader's.
void scheduleDistanceOneDependencies(scf::ForOp forOp,
                                     CoarseSchedule &schedule) {
  Block *body = forOp.getBody();
  // Per reader cluster, the cluster made before it (keyed by the list node,
  // which stays put as clusters are added).
  DenseMap<int *, Cluster> beforeCluster;
  SmallVector<Operation *> snapshot;
  for (Operation &op : body->without_terminator())
    snapshot.push_back(&op);
  for (Operation *op : snapshot) {
    if (!schedule.count(op))
      continue;
    auto [stage, cluster] = schedule.lookup(op);
    if (stage == schedule.numStages - 1)
      continue;
    visitNestedOperands(op, [&](Value operand) {
      auto arg = dyn_cast<BlockArgument>(operand);
      if (!arg || arg.getOwner() != body || arg.getArgNumber() == 0)
        return;
      Operation *def = body->getTerminator()
                           ->getOperand(arg.getArgNumber() - 1)
                           .getDefiningOp();
      if (!def || def->getBlock() != body || schedule.count(def))
        return;
      if (isa<triton::LoadOp, triton::DescriptorLoadOp>(def)) {
        schedule.insertIfAbsent(def, stage, cluster);
        schedule.insertDepsOfOp(def, stage, cluster, /*includeArg=*/true,
                                /*insertIfEarlier=*/true);
        return;
      }
      int *key = &*cluster;
      auto it = beforeCluster.find(key);
      if (it == beforeCluster.end())
        it = beforeCluster.insert({key, schedule.newBefore(cluster)}).first;
      schedule.insertIfAbsent(def, stage + 1, it->second);
      // What it needs moves up to its stage when placed later (for a
      // later reader): a value is never used in a stage before its own.
      schedule.insertDepsOfOp(def, stage + 1, it->second, /*includeArg=*/true,
                              /*insertIfEarlier=*/true);
    });
  }
}

/// Everything else runs in the last stage, no earlier than the clusters of
/// the last-stage ops it uses.
void scheduleRemainingToLastStage(scf::ForOp forOp, CoarseSchedule &schedule,
                                  Cluster afterPrologue) {
  int last = schedule.numStages - 1;
  llvm::MapVector<Operation *, Cluster> pending;
  for (Operation &op : forOp.getBody()->without_terminator())
    if (!schedule.count(&op))
      pending[&op] = afterPrologue;
  SmallVector<Operation *> queue;
  for (Operation *op : schedule.opsInOrder(forOp))
    if (schedule.lookup(op).first == last)
      queue.push_back(op);
  while (!queue.empty()) {
    Operation *op = queue.pop_back_val();
    Cluster opCluster =
        schedule.count(op) ? schedule.lookup(op).second : pending[op];
    for (Operation *user : op->getUsers()) {
      Operation *inBody = forOp.getBody()->findAncestorOpInBlock(*user);
      if (!inBody || !pending.count(inBody))
        continue;
      if (schedule.isBefore(pending[inBody], opCluster)) {
        pending[inBody] = opCluster;
        queue.push_back(inBody);
      }
    }
  }
  for (auto &[op, cluster] : pending)
    schedule.insert(op, last, cluster);
}

void scheduleLoop(scf::ForOp forOp) {
  DenseMap<Operation *, int> latency;
  for (Operation &op : forOp.getBody()->without_terminator())
    if (auto attr = op.getAttrOfType<IntegerAttr>(kLatencyAttr)) {
      latency[&op] = attr.getInt();
      op.removeAttr(kLatencyAttr);
    }
  if (latency.empty())
    return;
  // Latency ops that nothing in the body waits for give a schedule of one
  // stage: written all the same (the pipeliner leaves such a loop as it is).
  CoarseSchedule schedule = scheduleKeyOps(forOp, latency);
  Cluster afterPrologue = scheduleIfs(forOp, schedule);
  scheduleDependencies(forOp, schedule);
  scheduleDistanceOneDependencies(forOp, schedule);
  scheduleRemainingToLastStage(forOp, schedule, afterPrologue);
  schedule.serialize(forOp);
}

class TritonGPUScheduleLoopsPass
    : public mlir::triton::gpu::impl::TritonGPUScheduleLoopsBase<
          TritonGPUScheduleLoopsPass> {
public:
  using Base::Base;
  void runOnOperation() override {
    SmallVector<scf::ForOp> loops;
    getOperation().walk([&](scf::ForOp forOp) { loops.push_back(forOp); });
    for (scf::ForOp forOp : loops) {
      if (canPipelineLoop(forOp))
        scheduleLoop(forOp);
      else
        forOp.getBody()->walk(
            [](Operation *op) { op->removeAttr(kLatencyAttr); });
    }
  }
};

} // namespace
