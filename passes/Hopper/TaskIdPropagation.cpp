//===- TaskIdPropagation.cpp - -nvgpu-test-taskid-propagate --------------===//
//
// Task ids flow from uses to definitions: a value is needed by every task that
// runs an op reading it, so the op computing it runs in all those tasks. A
// fixpoint over the function's values (sets of task ids only grow), then each
// op is marked with the tasks of what it computes.
//
//===----------------------------------------------------------------------===//

#include "passes/Hopper/AsyncTasks.h"
#include "passes/Hopper/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

namespace mlir {
namespace triton {
namespace hopper {
#define GEN_PASS_DEF_NVGPUTESTWSTASKIDPROPAGATE
#include "passes/Hopper/Passes.h.inc"
} // namespace hopper
} // namespace triton
} // namespace mlir

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::hopper;

namespace {

using TaskSet = SmallVector<AsyncTaskId, 4>;

/// The tasks each value is needed by, grown until nothing changes.
class TaskIdSolver {
public:
  LogicalResult run(FuncOp func) {
    do {
      changed = false;
      WalkResult result = func.walk([&](Operation *op) {
        return failed(visit(op)) ? WalkResult::interrupt()
                                 : WalkResult::advance();
      });
      if (result.wasInterrupted())
        return failure();
    } while (changed);
    return success();
  }

  ArrayRef<AsyncTaskId> get(Value value) const {
    auto it = tasks.find(value);
    return it == tasks.end() ? ArrayRef<AsyncTaskId>() : it->second;
  }

  TaskSet unionOf(ValueRange values) const {
    TaskSet all;
    for (Value value : values)
      llvm::append_range(all, get(value));
    llvm::sort(all);
    all.erase(llvm::unique(all), all.end());
    return all;
  }

private:
  void add(Value value, ArrayRef<AsyncTaskId> more) {
    if (more.empty())
      return;
    TaskSet &set = tasks[value];
    size_t before = set.size();
    set.append(more.begin(), more.end());
    llvm::sort(set);
    set.erase(llvm::unique(set), set.end());
    changed |= set.size() != before;
  }

  /// The bounds of the loops and the conditions of the ifs around `op` are
  /// needed by the tasks that run `op`.
  LogicalResult addToParents(Operation *op, ArrayRef<AsyncTaskId> more) {
    for (Operation *parent = op->getParentOp(); parent && !isa<FuncOp>(parent);
         parent = parent->getParentOp()) {
      if (auto forOp = dyn_cast<scf::ForOp>(parent)) {
        add(forOp.getLowerBound(), more);
        add(forOp.getUpperBound(), more);
        add(forOp.getStep(), more);
      } else if (auto ifOp = dyn_cast<scf::IfOp>(parent)) {
        add(ifOp.getCondition(), more);
      } else if (!isa<ReduceOp>(parent)) {
        return parent->emitError()
               << "task-id propagation through '" << parent->getName()
               << "' is not supported yet";
      }
    }
    return success();
  }

  LogicalResult visit(Operation *op) {
    // Values an scf.for carries: its initial values feed the first iteration
    // (or the results when it runs none), yielded ones the next iteration or
    // the results.
    if (auto forOp = dyn_cast<scf::ForOp>(op)) {
      for (auto [init, arg, result] :
           llvm::zip(forOp.getInitArgs(), forOp.getRegionIterArgs(),
                     forOp.getResults())) {
        add(init, get(arg));
        add(init, get(result));
      }
      return success();
    }
    if (isa<scf::IfOp>(op))
      return success();
    if (auto yield = dyn_cast<scf::YieldOp>(op)) {
      Operation *parent = op->getParentOp();
      if (auto forOp = dyn_cast<scf::ForOp>(parent)) {
        for (auto [value, arg, result] :
             llvm::zip(yield.getOperands(), forOp.getRegionIterArgs(),
                       forOp.getResults())) {
          add(value, get(arg));
          add(value, get(result));
        }
        return success();
      }
      if (isa<scf::IfOp>(parent)) {
        for (auto [value, result] :
             llvm::zip(yield.getOperands(), parent->getResults()))
          add(value, get(result));
        return success();
      }
      return parent->emitError() << "task-id propagation through '"
                                 << parent->getName()
                                 << "' is not supported yet";
    }

    // Any other op: marked ops need their operands in their own tasks, the
    // others in the tasks that need their results.
    TaskSet own;
    if (op->hasAttr(kAsyncTaskIdAttrName)) {
      own = TaskSet(getAsyncTaskIds(op));
    } else {
      own = unionOf(op->getResults());
    }
    if (!own.empty()) {
      for (Value operand : op->getOperands())
        add(operand, own);
      if (failed(addToParents(op, own)))
        return failure();
    }
    // A reduction's combiner returns what its results need.
    if (auto reduce = dyn_cast<ReduceOp>(op)) {
      Operation *ret = reduce.getCombineOp().front().getTerminator();
      for (auto [value, result] :
           llvm::zip(ret->getOperands(), reduce->getResults()))
        add(value, get(result));
    }
    return success();
  }

  DenseMap<Value, TaskSet> tasks;
  bool changed = false;
};

} // namespace

LogicalResult hopper::propagateTaskIds(FuncOp func) {
  TaskIdSolver solver;
  if (failed(solver.run(func)))
    return failure();
  // Inner ops first, so that a loop is marked by what it holds before its
  // own results are looked at.
  func.walk([&](Operation *op) {
    TaskSet tasks = op->getNumResults() ? solver.unionOf(op->getResults())
                                        : solver.unionOf(op->getOperands());
    if (tasks.empty())
      return;
    // Constants are copied into every task that needs them, whatever they
    // were marked with; other marked ops keep their marks.
    if (!isa<arith::ConstantOp>(op) && op->hasAttr(kAsyncTaskIdAttrName))
      return;
    setAsyncTaskIds(op, tasks);
    labelParentOps(op);
  });
  return success();
}

namespace {

struct TestTaskIdPropagatePass
    : hopper::impl::NVGPUTestWSTaskIdPropagateBase<TestTaskIdPropagatePass> {
  using Base::Base;

  void runOnOperation() override {
    WalkResult result = getOperation().walk([&](FuncOp func) {
      bool anchored = false;
      func.walk([&](Operation *op) {
        if (!op->hasAttr(kAsyncTaskIdAttrName))
          return;
        if (!isa<arith::ConstantOp>(op))
          anchored = true;
        if (numWarpGroups == 0)
          op->removeAttr(kAsyncTaskIdAttrName);
        else
          setAsyncTaskIds(op, getAsyncTaskIds(op));
      });
      if (numWarpGroups == 0 || !anchored)
        return WalkResult::advance();
      return failed(propagateTaskIds(func)) ? WalkResult::interrupt()
                                            : WalkResult::advance();
    });
    if (result.wasInterrupted())
      signalPassFailure();
  }
};

} // namespace
