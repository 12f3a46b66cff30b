//===- WarpSpecialize.cpp - ttg.warp_specialize as concurrent tasks -------===//
//
// Each region of the op (default first, then partition0, partition1, ...)
// runs on a host thread of its own, but only the one holding the turn runs:
// the others sleep until the scheduler hands the turn to them. A task gives
// the turn back when it ends or when its mbarrier wait cannot return yet
// (MBarriers.cpp asks WarpScheduler::wait); the scheduler then gives it to
// the next unfinished task in order. The program's shared memory and
// mbarriers are shared by all tasks; each task keeps its own values (the
// executor's task state is swapped at each hand-over).
//
// Deadlock: a task that looks again at a wait and still cannot go on has
// brought nothing new; when as many such looks follow each other as there
// are unfinished tasks, every one of them has looked since anything last
// changed, and none ever will go on.
//
//===----------------------------------------------------------------------===//

#include "interpreter/Dispatch.h"
#include "interpreter/WarpScheduler.h"

#include "dialects/TritonGPU/IR/Dialect.h"

#include "llvm/Support/thread.h"

#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>

using namespace mlir;
using namespace mlir::triton::interp;
namespace ttg = mlir::triton::gpu;

namespace {

// Each task's host stack: as deep regions as the main thread allows.
constexpr unsigned kTaskStackBytes = 64u << 20;

class TaskScheduler : public WarpScheduler {
public:
  TaskScheduler(Executor &ex, ttg::WarpSpecializeOp op) : ex(ex), op(op) {}

  /// Adds a task running `body` with `state` as its executor state.
  void addTask(std::function<LogicalResult()> body, Executor::TaskState state) {
    auto task = std::make_unique<Task>();
    task->body = std::move(body);
    task->state = std::move(state);
    tasks.push_back(std::move(task));
  }

  /// Runs the tasks to their end; fails on an error in any of them or a
  /// deadlock (both reported).
  LogicalResult run();

  /// The executor state the first task ended with.
  Executor::TaskState &firstState() { return tasks.front()->state; }

  LogicalResult wait(Operation *at, bool retry, std::string why) override;

private:
  enum class Status { NotStarted, Running, Waiting, Done };
  struct Task {
    std::function<LogicalResult()> body;
    Executor::TaskState state;
    std::unique_ptr<llvm::thread> thread;
    Status status = Status::NotStarted;
    bool failed = false;
    bool abandon = false;
    bool retried = false;
    Operation *waitingAt = nullptr;
    std::string why;
  };
  static constexpr int kScheduler = -1;

  /// Gives task `index` the turn and waits until it hands it back.
  void resume(size_t index);
  void taskMain(size_t index);
  std::string nameOf(size_t index) const {
    return index == 0 ? std::string("the default region")
                      : "partition" + std::to_string(index - 1);
  }

  Executor &ex;
  ttg::WarpSpecializeOp op;
  SmallVector<std::unique_ptr<Task>> tasks;
  std::mutex mutex;
  std::condition_variable turnChanged;
  int turn = kScheduler;
  int running = kScheduler;
};

void TaskScheduler::taskMain(size_t index) {
  Task &task = *tasks[index];
  {
    std::unique_lock<std::mutex> lock(mutex);
    turnChanged.wait(lock, [&] { return turn == int(index); });
  }
  LogicalResult result = task.body();
  std::unique_lock<std::mutex> lock(mutex);
  task.status = Status::Done;
  task.failed = failed(result);
  turn = kScheduler;
  turnChanged.notify_all();
}

void TaskScheduler::resume(size_t index) {
  Task &task = *tasks[index];
  // The executor's values and depths become the task's while it runs.
  ex.swapTaskState(task.state);
  running = index;
  {
    std::unique_lock<std::mutex> lock(mutex);
    turn = index;
    if (task.status == Status::NotStarted) {
      task.status = Status::Running;
      task.thread = std::make_unique<llvm::thread>(
          std::optional<unsigned>(kTaskStackBytes),
          [this, index] { taskMain(index); });
    } else {
      task.status = Status::Running;
    }
    turnChanged.notify_all();
    turnChanged.wait(lock, [&] { return turn == kScheduler; });
  }
  running = kScheduler;
  ex.swapTaskState(task.state);
}

LogicalResult TaskScheduler::wait(Operation *at, bool retry, std::string why) {
  Task &task = *tasks[running];
  size_t index = running;
  std::unique_lock<std::mutex> lock(mutex);
  task.status = Status::Waiting;
  task.retried = retry;
  task.waitingAt = at;
  task.why = std::move(why);
  turn = kScheduler;
  turnChanged.notify_all();
  turnChanged.wait(lock, [&] { return turn == int(index); });
  task.status = Status::Running;
  return failure(task.abandon);
}

LogicalResult TaskScheduler::run() {
  size_t next = 0;
  // Looks at a wait that found nothing new, in a row.
  size_t fruitless = 0;
  bool ok = true;
  auto unfinished = [&] {
    return llvm::count_if(
        tasks, [](const auto &task) { return task->status != Status::Done; });
  };
  while (size_t live = unfinished()) {
    while (tasks[next]->status == Status::Done)
      next = (next + 1) % tasks.size();
    size_t index = next;
    next = (next + 1) % tasks.size();
    resume(index);
    Task &task = *tasks[index];
    if (task.status == Status::Done) {
      if (task.failed) {
        ok = false;
        break;
      }
      fruitless = 0;
      continue;
    }
    fruitless = task.retried ? fruitless + 1 : 0;
    if (fruitless < live)
      continue;
    // Every unfinished task waits and none can go on.
    InFlightDiagnostic diag = ex.error(op)
                              << "deadlock: every region of this "
                                 "ttg.warp_specialize still running waits "
                                 "for another";
    for (auto [i, waiting] : llvm::enumerate(tasks))
      if (waiting->status == Status::Waiting) {
        std::string name = nameOf(i);
        diag.attachNote(waiting->waitingAt->getLoc())
            << StringRef(name) << " waits here: " << StringRef(waiting->why);
      }
    ok = false;
    break;
  }
  // Tasks left waiting are woken to give up; their threads then end.
  for (size_t i = 0; i < tasks.size(); ++i) {
    Task &task = *tasks[i];
    if (task.status == Status::Waiting) {
      task.abandon = true;
      resume(i);
    }
  }
  for (auto &task : tasks)
    if (task->thread)
      task->thread->join();
  return success(ok);
}

LogicalResult evalWarpSpecialize(Executor &ex, ttg::WarpSpecializeOp op) {
  if (ex.scheduler)
    return ex.error(op) << "ttg.warp_specialize inside a region of another "
                           "is not supported";
  ttg::WarpSpecializePartitionsOp partitions = op.getPartitionOp();
  if (!partitions)
    return ex.error(op) << "has no partitions op";
  SmallVector<TensorRef> captures;
  for (Value capture : op.getExplicitCaptures())
    captures.push_back(ex.get(capture));

  TaskScheduler scheduler(ex, op);
  // The default region sees the values around the op: it starts from the
  // executor's own state.
  Executor::TaskState outer;
  ex.swapTaskState(outer);
  outer.partition = -1;
  SmallVector<TensorRef> yielded;
  scheduler.addTask(
      [&ex, &op, &yielded] {
        return ex.runRegion(op.getDefaultRegion(), {}, yielded);
      },
      std::move(outer));
  for (auto [index, region] :
       llvm::enumerate(partitions.getPartitionRegions())) {
    Executor::TaskState state;
    state.partition = index;
    Region *body = &region;
    scheduler.addTask(
        [&ex, body, &captures] {
          SmallVector<TensorRef> none;
          return ex.runRegion(*body, captures, none);
        },
        std::move(state));
  }

  ex.scheduler = &scheduler;
  LogicalResult result = scheduler.run();
  ex.scheduler = nullptr;
  ex.swapTaskState(scheduler.firstState());
  if (failed(result))
    return failure();
  if (yielded.size() != op->getNumResults())
    return ex.error(op) << "the default region yields " << yielded.size()
                        << " values for " << op->getNumResults() << " results";
  for (auto [res, value] : llvm::zip(op->getResults(), yielded))
    ex.set(res, value);
  return success();
}

} // namespace

void mlir::triton::interp::addWarpSpecializeEvaluators(EvaluatorTable &table) {
  table.add<evalWarpSpecialize>();
}
