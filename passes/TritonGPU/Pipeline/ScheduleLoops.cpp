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

#include "dialects/Triton/IR/Dialect.h"
#include "dialects/TritonNvidiaGPU/IR/Dialect.h"

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
using namespace mlir::triton::gpu;
using namespace mlir::triton::gpu::pipeline;

namespace {

using Cluster = CoarseSchedule::Cluster;

/// Calls `fn` on each op `root` depends on, transitively: through its
/// operands and the values its regions use from above, stopping at block
/// arguments (getBackwardSlice with omitBlockArguments). Ops already in
/// `visited` are not entered again. A worklist: MLIR's getBackwardSlice
/// recurses once per op of a dependency chain, which overflowed the stack on
/// long chains (tens of thousands of ops).
void visitBackwardDeps(Operation *root, DenseSet<Operation *> &visited,
                       llvm::function_ref<void(Operation *)> fn) {
  SmallVector<Operation *> worklist{root};
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val();
    visitNestedOperands(op, [&](Value operand) {
      Operation *def = operand.getDefiningOp();
      if (def && visited.insert(def).second) {
        fn(def);
        worklist.push_back(def);
      }
    });
  }
}

/// Whether an op of `root`'s forward slice (what uses its results, and what
/// its regions hold, transitively; getForwardSlice's ops) is scheduled. A
/// worklist, for the same reason as visitBackwardDeps.
bool feedsScheduledOp(Operation *root,
                      llvm::function_ref<bool(Operation *)> isScheduled) {
  DenseSet<Operation *> visited{root};
  SmallVector<Operation *> worklist{root};
  auto reach = [&](Operation *op) {
    if (!visited.insert(op).second)
      return false;
    worklist.push_back(op);
    return isScheduled(op);
  };
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val();
    bool found = false;
    op->walk([&](Operation *nested) {
      if (nested != op && reach(nested))
        found = true;
    });
    for (Operation *user : op->getUsers())
      if (reach(user))
        found = true;
    if (found)
      return true;
  }
  return false;
}

/// Stages from the longest latency path to the end of the iteration: the
/// latency ops and everything downstream of them.
CoarseSchedule scheduleKeyOps(scf::ForOp forOp,
                              const DenseMap<Operation *, int> &latency) {
  Block *body = forOp.getBody();
  Operation *yield = body->getTerminator();
  // Each body op's distance: its latency plus the longest distance of the
  // body ops using it. Computed from the end of the body back (users come
  // after what they use), not recursively: a chain of users is as long as
  // the body, and one stack frame per op overflowed the stack.
  DenseMap<Operation *, int> longestFrom;
  for (Operation &op : llvm::reverse(body->without_terminator())) {
    int longest = -1;
    for (Operation *user : op.getUsers()) {
      Operation *inBody = body->findAncestorOpInBlock(*user);
      if (!inBody || inBody == yield)
        continue;
      longest = std::max(longest, longestFrom.lookup(inBody));
    }
    longestFrom[&op] = latency.lookup(&op) + std::max(longest, 0);
  }
  // Scheduled here: the latency ops and every body op downstream of them.
  llvm::MapVector<Operation *, int> distance;
  SmallVector<Operation *> worklist;
  for (Operation &op : body->without_terminator())
    if (latency.count(&op) && distance.insert({&op, longestFrom[&op]}).second)
      worklist.push_back(&op);
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val();
    for (Operation *user : op->getUsers()) {
      Operation *inBody = body->findAncestorOpInBlock(*user);
      if (inBody && inBody != yield &&
          distance.insert({inBody, longestFrom[inBody]}).second)
        worklist.push_back(inBody);
    }
  }
  int maxDistance = 0;
  for (auto &[op, d] : distance)
    if (latency.count(op))
      maxDistance = std::max(maxDistance, d);

  int maxStage = 0;
  for (auto &[op, d] : distance)
    maxStage = std::max(maxStage, maxDistance - d);
  CoarseSchedule schedule(maxStage + 1);
  // Later stages first: the pipelined body starts with the oldest iteration.
  SmallVector<Cluster> clusters;
  for (int i = 0; i <= maxStage; ++i)
    clusters.push_back(schedule.newAtBack());
  // Except the stage of a dot with a latency (issued ahead, -dot-ahead):
  // it starts the body, so that the dot runs on the tensor cores under the
  // work of the older iterations after it.
  DenseSet<int> aheadStages;
  for (auto &[op, d] : distance) {
    int stage = maxDistance - d;
    if (latency.count(op) && stage < maxStage &&
        isa<triton::DotOp, triton::nvidia_gpu::WarpGroupDotOp>(op) &&
        aheadStages.insert(stage).second)
      clusters[maxStage - stage] = schedule.newAtFront();
  }
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
    if (feedsScheduledOp(ifOp,
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
  // Stage by stage with one visited set: an op reached from an earlier stage
  // already gave its scf.ifs that earlier stage, the one they keep.
  DenseSet<Operation *> visited;
  for (int stage = 0; stage < schedule.numStages; ++stage) {
    for (Operation *op : ordered) {
      if (schedule.lookup(op).first != stage)
        continue;
      visitBackwardDeps(op, visited, [&](Operation *dep) {
        if (isa<scf::IfOp>(dep))
          ifStages.insert({dep, stage});
      });
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

} // namespace

/// What an op of stage s reads from the previous iteration is made in stage
/// s + 1 of that iteration, which runs in the same pipelined iteration: in a
/// cluster before the reader's.
void pipeline::scheduleDistanceOneDependencies(scf::ForOp forOp,
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
void pipeline::scheduleRemainingToLastStage(scf::ForOp forOp,
                                            CoarseSchedule &schedule,
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

namespace {

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
