//===- Schedule.cpp - A loop's coarse software-pipelining schedule --------===//

#include "passes/TritonGPU/Pipeline/Schedule.h"

#include "dialects/TritonGPU/IR/Dialect.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/RegionUtils.h"

using namespace mlir;
using namespace mlir::triton::gpu;
using namespace mlir::triton::gpu::pipeline;

int mlir::triton::gpu::pipeline::getNumStages(scf::ForOp forOp,
                                              int defaultStages) {
  if (auto attr = forOp->getAttrOfType<IntegerAttr>(kNumStagesAttr))
    return attr.getInt();
  return defaultStages;
}

bool mlir::triton::gpu::pipeline::canPipelineLoop(scf::ForOp forOp) {
  // Outer loops are not pipelined; the body is one block without nested loops.
  // A barrier (tl.debug_barrier) orders the threads' work of one iteration;
  // issuing a later iteration's ops ahead of it would break that order.
  bool nested = false;
  forOp.getBody()->walk([&](Operation *op) {
    if (isa<scf::ForOp, scf::WhileOp, mlir::gpu::BarrierOp, BarrierOp,
            LocalBarrierOp>(op))
      nested = true;
  });
  if (nested)
    return false;
  // A yielded iter_arg carries a value over two iterations, which the
  // expansion does not handle.
  for (Value v : forOp.getBody()->getTerminator()->getOperands())
    if (auto arg = dyn_cast<BlockArgument>(v))
      if (arg.getOwner() == forOp.getBody())
        return false;
  return true;
}

void mlir::triton::gpu::pipeline::visitNestedOperands(
    Operation *op, llvm::function_ref<void(Value)> fn) {
  op->walk([&](Operation *nested) {
    for (Value operand : nested->getOperands()) {
      // Values made inside `op` are its own business.
      if (nested != op &&
          op->isAncestor(operand.getParentRegion()->getParentOp()))
        continue;
      fn(operand);
    }
  });
}

bool CoarseSchedule::isBefore(Cluster a, Cluster b) const {
  for (auto it = clusters.begin(); it != clusters.end(); ++it) {
    if (it == b)
      return false;
    if (it == a)
      return true;
  }
  return false;
}

unsigned CoarseSchedule::indexOf(Cluster c) const {
  unsigned index = 0;
  for (auto it = clusters.begin(); it != c; ++it)
    ++index;
  return index;
}

bool CoarseSchedule::insertIfAbsent(Operation *op, int stage, Cluster c) {
  if (ops.count(op))
    return false;
  ops[op] = {stage, c};
  return true;
}

bool CoarseSchedule::insertMinimum(Operation *op, int stage, Cluster c) {
  auto [it, inserted] = ops.insert({op, {stage, c}});
  if (inserted)
    return true;
  auto &[oldStage, oldCluster] = it->second;
  if (stage < oldStage || (stage == oldStage && isBefore(c, oldCluster))) {
    oldStage = stage;
    oldCluster = c;
    return true;
  }
  return false;
}

void CoarseSchedule::insertDepsOfOp(Operation *op, int stage, Cluster c,
                                    bool includeArg, bool insertIfEarlier) {
  // A worklist, not recursion: a dependency chain is as long as the loop body
  // (tens of thousands of ops in generated kernels), and one frame per op
  // overflowed the stack. Every op reached gets the same stage and cluster, so
  // the order ops are visited in does not change the result.
  Block *body = op->getBlock();
  SmallVector<Operation *> worklist{op};
  while (!worklist.empty()) {
    Operation *user = worklist.pop_back_val();
    visitNestedOperands(user, [&](Value operand) {
      Value v = operand;
      llvm::SmallPtrSet<Value, 4> seen;
      // Through a loop-carried value, to what the previous iteration yielded.
      while (auto arg = dyn_cast<BlockArgument>(v)) {
        if (!includeArg || !seen.insert(v).second || arg.getOwner() != body ||
            arg.getArgNumber() == 0)
          break;
        v = body->getTerminator()->getOperand(arg.getArgNumber() - 1);
      }
      Operation *def = v.getDefiningOp();
      if (!def || def->getBlock() != body)
        return;
      bool changed = insertIfEarlier ? insertMinimum(def, stage, c)
                                     : insertIfAbsent(def, stage, c);
      if (changed)
        worklist.push_back(def);
    });
  }
}

SmallVector<Operation *> CoarseSchedule::opsInOrder(scf::ForOp forOp) const {
  std::vector<SmallVector<Operation *>> byCluster(clusters.size());
  for (Operation &op : forOp.getBody()->without_terminator()) {
    auto it = ops.find(&op);
    if (it == ops.end())
      continue;
    byCluster[indexOf(it->second.second)].push_back(&op);
  }
  SmallVector<Operation *> result;
  for (auto &cluster : byCluster)
    result.append(cluster.begin(), cluster.end());
  return result;
}

void CoarseSchedule::serialize(scf::ForOp forOp) const {
  Builder builder(forOp.getContext());
  for (Operation &op : forOp.getBody()->without_terminator()) {
    auto it = ops.find(&op);
    if (it == ops.end())
      continue;
    op.setAttr(kStageAttr, builder.getI32IntegerAttr(it->second.first));
    op.setAttr(kClusterAttr,
               builder.getI32IntegerAttr(indexOf(it->second.second)));
  }
  forOp->setAttr(kMaxStageAttr, builder.getI32IntegerAttr(numStages - 1));
}

FailureOr<CoarseSchedule> CoarseSchedule::deserialize(scf::ForOp forOp) {
  auto maxStage = forOp->getAttrOfType<IntegerAttr>(kMaxStageAttr);
  if (!maxStage || maxStage.getInt() < 0)
    return failure();
  int numStages = maxStage.getInt() + 1;
  int numClusters = 0;
  for (Operation &op : forOp.getBody()->without_terminator()) {
    auto cluster = op.getAttrOfType<IntegerAttr>(kClusterAttr);
    auto stage = op.getAttrOfType<IntegerAttr>(kStageAttr);
    if (!stage)
      continue;
    if (!cluster || stage.getInt() < 0 || cluster.getInt() < 0)
      return failure();
    numStages = std::max<int>(numStages, stage.getInt() + 1);
    numClusters = std::max<int>(numClusters, cluster.getInt() + 1);
  }
  CoarseSchedule schedule(numStages);
  SmallVector<Cluster> handles;
  for (int i = 0; i < numClusters; ++i)
    handles.push_back(schedule.newAtBack());
  for (Operation &op : forOp.getBody()->without_terminator())
    if (auto stage = op.getAttrOfType<IntegerAttr>(kStageAttr))
      schedule.insert(
          &op, stage.getInt(),
          handles[op.getAttrOfType<IntegerAttr>(kClusterAttr).getInt()]);
  return schedule;
}

void mlir::triton::gpu::pipeline::scheduleDependencies(
    scf::ForOp forOp, CoarseSchedule &schedule) {
  SmallVector<Operation *> ordered = schedule.opsInOrder(forOp);
  for (int stage = 0; stage < schedule.numStages; ++stage)
    for (Operation *op : ordered) {
      auto [opStage, cluster] = schedule.lookup(op);
      if (opStage == stage)
        schedule.insertDepsOfOp(op, stage, cluster, /*includeArg=*/false,
                                /*insertIfEarlier=*/true);
    }
}

LogicalResult
mlir::triton::gpu::pipeline::checkComplete(scf::ForOp forOp,
                                           const CoarseSchedule &schedule) {
  for (Operation &op : forOp.getBody()->without_terminator())
    if (!schedule.count(&op))
      return op.emitError("software pipelining: this op of a scheduled loop "
                          "has no stage (loop.stage / loop.cluster)");
  return success();
}

SmallVector<Operation *>
mlir::triton::gpu::pipeline::aheadResultReaders(Value value,
                                                scf::ForOp forOp) {
  SmallVector<Operation *> readers;
  int64_t size = cast<ShapedType>(value.getType()).getNumElements();
  bool full = false;
  for (Operation *reader : value.getUsers()) {
    if (llvm::is_contained(readers, reader))
      continue;
    if (reader->getBlock() != forOp.getBody() || !isPure(reader) ||
        reader == forOp.getBody()->getTerminator())
      return {};
    for (Value operand : reader->getOperands())
      if (operand != value && !forOp.isDefinedOutsideOfLoop(operand))
        return {};
    llvm::SetVector<Value> above;
    getUsedValuesDefinedAbove(reader->getRegions(), above);
    if (!llvm::all_of(above, [&](Value v) {
          return forOp.isDefinedOutsideOfLoop(v);
        }))
      return {};
    for (Type type : reader->getResultTypes()) {
      auto shaped = dyn_cast<ShapedType>(type);
      if (shaped && shaped.getNumElements() >= size) {
        if (full)
          return {};
        full = true;
      }
    }
    readers.push_back(reader);
  }
  // In body order, as they will run after the wait.
  llvm::sort(readers,
             [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });
  return readers;
}
