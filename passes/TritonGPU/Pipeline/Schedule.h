//===- Schedule.h - A loop's coarse software-pipelining schedule ----------===//
//
// The three pipelining passes hand their results to each other as
// discardable attributes, under Triton 3.6's names, so each pass can be run
// and tested alone on IR that carries them:
//   tt.latency = N : i32          on an op of a loop body (assign-latencies):
//                                 the stages its result takes to arrive;
//   loop.stage = S : i32          on every op of a scheduled loop body
//   loop.cluster = C : i32        (schedule-loops): the iteration's stage that
//                                 runs the op, and its cluster; the pipelined
//                                 body orders ops by cluster, then by their
//                                 place in the original body;
//   tt.scheduled_max_stage = S    on the scheduled scf.for;
//   tt.num_stages = N : i32       on an scf.for (from the frontend): the
//                                 stages for this loop instead of the option.
// -tritongpu-pipeline removes all but tt.num_stages.
//
//===----------------------------------------------------------------------===//

#ifndef PASSES_TRITONGPU_PIPELINE_SCHEDULE_H
#define PASSES_TRITONGPU_PIPELINE_SCHEDULE_H

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/MapVector.h"

#include <list>

namespace mlir {
namespace triton {
namespace gpu {
namespace pipeline {

constexpr llvm::StringLiteral kLatencyAttr = "tt.latency";
constexpr llvm::StringLiteral kStageAttr = "loop.stage";
constexpr llvm::StringLiteral kClusterAttr = "loop.cluster";
constexpr llvm::StringLiteral kMaxStageAttr = "tt.scheduled_max_stage";
constexpr llvm::StringLiteral kNumStagesAttr = "tt.num_stages";

/// The loop's own `tt.num_stages`, else `defaultStages`.
int getNumStages(scf::ForOp forOp, int defaultStages);

/// Whether the pipeliner takes `forOp` at all: an innermost loop without a
/// barrier (`gpu.barrier`, as Triton 3.6 checks; `ttg.local_barrier`,
/// `ttg.barrier`) whose loop-carried values each come from an op of the body
/// or from outside.
bool canPipelineLoop(scf::ForOp forOp);

/// Calls `fn` on each operand of `op` and of the ops nested in it that is
/// defined outside `op`.
void visitNestedOperands(Operation *op, llvm::function_ref<void(Value)> fn);

/// Stage and cluster of the ops of one loop body. Clusters form an ordered
/// list; handles stay valid as clusters are added.
class CoarseSchedule {
public:
  using ClusterList = std::list<int>;
  using Cluster = ClusterList::iterator;

  explicit CoarseSchedule(int numStages = 0) : numStages(numStages) {}

  int numStages;
  ClusterList clusters;
  llvm::MapVector<Operation *, std::pair<int, Cluster>> ops;

  Cluster newAtBack() { return clusters.insert(clusters.end(), 0); }
  Cluster newAtFront() { return clusters.insert(clusters.begin(), 0); }
  Cluster newBefore(Cluster c) { return clusters.insert(c, 0); }
  /// Whether `a` comes strictly before `b`.
  bool isBefore(Cluster a, Cluster b) const;
  unsigned indexOf(Cluster c) const;

  bool count(Operation *op) const { return ops.count(op); }
  std::pair<int, Cluster> lookup(Operation *op) const { return ops.lookup(op); }
  void insert(Operation *op, int stage, Cluster c) { ops[op] = {stage, c}; }
  bool insertIfAbsent(Operation *op, int stage, Cluster c);
  /// Inserts, or moves to an earlier stage or cluster; true when it changed.
  bool insertMinimum(Operation *op, int stage, Cluster c);
  /// Gives the body ops `op` depends on (through loop-carried values too when
  /// `includeArg`) the same stage and cluster, recursively.
  void insertDepsOfOp(Operation *op, int stage, Cluster c, bool includeArg,
                      bool insertIfEarlier);

  /// The scheduled ops in pipelined order: by cluster, then body position.
  SmallVector<Operation *> opsInOrder(scf::ForOp forOp) const;

  /// Writes loop.stage / loop.cluster on the ops, the max stage on the loop.
  void serialize(scf::ForOp forOp) const;
  /// Reads them back; fails without the loop's max stage. Ops without a
  /// stage stay unscheduled (scheduleDependencies places the ones scheduled
  /// ops use); an op's stage past the loop's max stage extends the schedule.
  static FailureOr<CoarseSchedule> deserialize(scf::ForOp forOp);
};

/// Gives each unscheduled body op that a scheduled op uses (not through
/// loop-carried values) the stage and cluster of its earliest user, stage
/// by stage; ops the lowering adds without a stage (buffer counters) get
/// theirs this way.
void scheduleDependencies(scf::ForOp forOp, CoarseSchedule &schedule);

/// Whether some body op has no stage in `schedule`; emits an error on it.
LogicalResult checkComplete(scf::ForOp forOp, const CoarseSchedule &schedule);

/// What an op of stage s reads from the previous iteration is made in stage
/// s + 1 of that iteration, in a cluster before the reader's (loads keep the
/// reader's stage and cluster).
void scheduleDistanceOneDependencies(scf::ForOp forOp,
                                     CoarseSchedule &schedule);

/// Everything unscheduled runs in the last stage, in `afterPrologue` or no
/// earlier than the clusters of the last-stage ops it uses.
void scheduleRemainingToLastStage(scf::ForOp forOp, CoarseSchedule &schedule,
                                  CoarseSchedule::Cluster afterPrologue);

/// A load worth fetching ahead: its indirection level (0 for one a dot
/// reads, 1 for one whose value makes a level-0 load's address, ...) and
/// the op its value leads to at the level below (the dot, or that load).
struct LoadLevel {
  int level;
  Operation *use;
};

/// The loads of the body that its dots' A and B depend on (with
/// `ownStages`, those that any op depends on) for which `beneficial` holds,
/// by indirection level; a load reached at two levels is dropped.
llvm::MapVector<Operation *, LoadLevel>
loadIndirectionLevels(scf::ForOp forOp, bool ownStages,
                      llvm::function_ref<bool(Operation *)> beneficial);

/// The readers of `value` (an ahead dot's result, -dot-ahead) that can all
/// run at the end of the iteration before, after the dot's wait: ops of
/// `forOp`'s body without side effects whose other operands (and whatever
/// their regions use) are made outside the loop, such as the softmax's
/// scale and row max; at most one of them as large as `value`, so that the
/// loop carries no more registers than before. Empty where some reader is
/// not such an op. The loop then carries their results instead of the
/// dot's, and the next dot issued ahead can write the registers the last
/// one used (carryAheadReaders).
SmallVector<Operation *> aheadResultReaders(Value value, scf::ForOp forOp);

} // namespace pipeline
} // namespace gpu
} // namespace triton
} // namespace mlir

#endif // PASSES_TRITONGPU_PIPELINE_SCHEDULE_H
