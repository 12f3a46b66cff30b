//===- AsyncTasks.cpp - async_task_id annotations -------------------------===//

#include "passes/Hopper/AsyncTasks.h"

#include "mlir/IR/Builders.h"

using namespace mlir;
using namespace mlir::triton;

SmallVector<hopper::AsyncTaskId> hopper::getAsyncTaskIds(Operation *op) {
  SmallVector<AsyncTaskId> tasks;
  if (auto attr = op->getAttrOfType<DenseI32ArrayAttr>(kAsyncTaskIdAttrName))
    tasks.assign(attr.asArrayRef().begin(), attr.asArrayRef().end());
  llvm::sort(tasks);
  tasks.erase(llvm::unique(tasks), tasks.end());
  return tasks;
}

bool hopper::hasAsyncTaskId(Operation *op, AsyncTaskId task) {
  return llvm::is_contained(getAsyncTaskIds(op), task);
}

void hopper::setAsyncTaskIds(Operation *op, ArrayRef<AsyncTaskId> tasks) {
  SmallVector<AsyncTaskId> sorted(tasks);
  llvm::sort(sorted);
  sorted.erase(llvm::unique(sorted), sorted.end());
  op->setAttr(kAsyncTaskIdAttrName,
              DenseI32ArrayAttr::get(op->getContext(), sorted));
}

void hopper::addAsyncTaskIds(Operation *op, ArrayRef<AsyncTaskId> tasks) {
  if (tasks.empty())
    return;
  SmallVector<AsyncTaskId> all = getAsyncTaskIds(op);
  all.append(tasks.begin(), tasks.end());
  setAsyncTaskIds(op, all);
}

void hopper::labelParentOps(Operation *op) {
  SmallVector<AsyncTaskId> tasks = getAsyncTaskIds(op);
  for (Operation *parent = op->getParentOp();
       parent && !isa<FuncOp>(parent); parent = parent->getParentOp())
    addAsyncTaskIds(parent, tasks);
}

SmallVector<hopper::AsyncTaskId> hopper::getNestedAsyncTaskIds(Operation *op) {
  SmallVector<AsyncTaskId> tasks;
  op->walk([&](Operation *inner) {
    llvm::append_range(tasks, getAsyncTaskIds(inner));
  });
  llvm::sort(tasks);
  tasks.erase(llvm::unique(tasks), tasks.end());
  return tasks;
}
