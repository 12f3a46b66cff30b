//===- MBarriers.cpp - mbarriers as checked phase counters ----------------===//
//
// An mbarrier counts the arrivals and the transaction bytes (of TMA copies)
// its current phase waits for; when both reach zero the phase completes and
// the next one starts with the barrier's full arrival count. A wait for phase
// parity P returns once the barrier's current phase has the other parity.
//
// The interpreter completes every copy when it is issued and runs one
// program's ops in order, so outside warp specialization nothing else can
// arrive on a barrier while a program waits: a wait whose phase is not
// complete at that point would never return on the GPU either. Such a wait,
// and every use of a barrier that is not initialized, stops the run with the
// op's location. Inside a ttg.warp_specialize the wait lets the other regions
// run (WarpSpecialize.cpp) until the phase completes or nothing can.
//
//===----------------------------------------------------------------------===//

#include "interpreter/Dispatch.h"
#include "interpreter/WarpScheduler.h"

#include "dialects/TritonGPU/IR/Dialect.h"
#include "dialects/TritonNvidiaGPU/IR/Dialect.h"

using namespace mlir;
using namespace mlir::triton::interp;
namespace ttg = mlir::triton::gpu;
namespace ttng = mlir::triton::nvidia_gpu;

Executor::MBarrier &Executor::barrierAt(const MemDescView &view) {
  return barriers[{view.buffer, view.offset}];
}

namespace {

/// The initialized barrier `v` names, or null after an error at `op` that
/// says what `what` needed it for.
Executor::MBarrier *validBarrier(Executor &ex, Operation *op, Value v,
                                 StringRef what) {
  const Executor::MemDescView *view = ex.getView(v);
  if (!view) {
    ex.error(op) << what << " a barrier that was not allocated here";
    return nullptr;
  }
  Executor::MBarrier &bar = ex.barrierAt(*view);
  if (!bar.valid) {
    ex.error(op)
        << what
        << " an mbarrier that is not initialized (no ttng.init_barrier, "
           "or invalidated since)";
    return nullptr;
  }
  return &bar;
}

/// Completes the current phase when nothing is pending any more.
void advance(Executor::MBarrier &bar) {
  if (bar.pendingArrivals == 0 && bar.pendingBytes == 0) {
    ++bar.completedPhases;
    bar.pendingArrivals = bar.count;
  }
}

LogicalResult arrive(Executor &ex, Operation *op, Executor::MBarrier &bar,
                     int64_t count) {
  bar.pendingArrivals -= count;
  if (bar.pendingArrivals < 0)
    return ex.error(op) << "arrives " << -bar.pendingArrivals
                        << " time(s) more than the mbarrier's count ("
                        << bar.count << ") in phase " << bar.completedPhases;
  advance(bar);
  return success();
}

bool predicate(Executor &ex, Value pred) {
  return !pred || ex.get(pred)->ints[0] != 0;
}

} // namespace

LogicalResult mlir::triton::interp::completeTransaction(Executor &ex,
                                                        Operation *op,
                                                        Value barrier,
                                                        int64_t bytes) {
  Executor::MBarrier *bar =
      validBarrier(ex, op, barrier, "signals the completion of its copy on");
  if (!bar)
    return failure();
  bar->pendingBytes -= bytes;
  advance(*bar);
  return success();
}

namespace {

LogicalResult evalInitBarrier(Executor &ex, ttng::InitBarrierOp op) {
  const Executor::MemDescView *view = ex.getView(op.getAlloc());
  if (!view)
    return ex.error(op) << "initializes a barrier that was not allocated here";
  Executor::MBarrier &bar = ex.barrierAt(*view);
  if (bar.valid)
    return ex.error(op) << "initializes an mbarrier that is already "
                           "initialized (ttng.inval_barrier it first)";
  if (op.getCount() < 1)
    return ex.error(op) << "an mbarrier's arrival count must be positive, got "
                        << op.getCount();
  bar = Executor::MBarrier();
  bar.valid = true;
  bar.count = bar.pendingArrivals = op.getCount();
  return success();
}

LogicalResult evalInvalBarrier(Executor &ex, ttng::InvalBarrierOp op) {
  Executor::MBarrier *bar = validBarrier(ex, op, op.getAlloc(), "invalidates");
  if (!bar)
    return failure();
  bar->valid = false;
  return success();
}

LogicalResult evalBarrierExpect(Executor &ex, ttng::BarrierExpectOp op) {
  if (!predicate(ex, op.getPred()))
    return success();
  Executor::MBarrier *bar =
      validBarrier(ex, op, op.getAlloc(), "expects bytes on");
  if (!bar)
    return failure();
  // mbarrier.arrive.expect_tx: the bytes first, then one arrival.
  bar->pendingBytes += op.getSize();
  return arrive(ex, op, *bar, 1);
}

LogicalResult evalArriveBarrier(Executor &ex, ttng::ArriveBarrierOp op) {
  if (!predicate(ex, op.getPred()))
    return success();
  Executor::MBarrier *bar = validBarrier(ex, op, op.getAlloc(), "arrives on");
  if (!bar)
    return failure();
  return arrive(ex, op, *bar, op.getCount());
}

/// The threads that run `op`: its warp_specialize partition's warps, or the
/// program's (ttg.num-warps), times ttg.threads-per-warp (32 without it).
std::optional<int64_t> threadsRunning(Operation *op) {
  std::optional<int64_t> warps;
  for (Operation *child = op, *parent = op->getParentOp(); parent && !warps;
       child = parent, parent = parent->getParentOp()) {
    if (auto partitions = dyn_cast<ttg::WarpSpecializePartitionsOp>(parent)) {
      unsigned index = child->getParentRegion()->getRegionNumber();
      warps = partitions.getParentOp().getPartitionNumWarps()[index];
    } else if (auto attr =
                   parent->getAttrOfType<IntegerAttr>(ttg::kNumWarpsAttrName)) {
      warps = attr.getInt();
    }
  }
  if (!warps)
    return std::nullopt;
  auto module = op->getParentOfType<ModuleOp>();
  auto lanes = module ? module->getAttrOfType<IntegerAttr>(
                            ttg::kThreadsPerWarpAttrName)
                      : IntegerAttr();
  return *warps * (lanes ? lanes.getInt() : 32);
}

/// cp.async.mbarrier.arrive in every thread. Copies complete when issued
/// here, so each thread's arrival is due at once: without noIncrement the
/// barrier's count was raised by one for it first, which leaves the phase as
/// it was; with it, every thread of the partition (or program) arrives.
LogicalResult evalAsyncCopyMbarrierArrive(Executor &ex,
                                          ttng::AsyncCopyMbarrierArriveOp op) {
  Executor::MBarrier *bar =
      validBarrier(ex, op, op.getBarrier(), "arrives after copies on");
  if (!bar)
    return failure();
  if (!op.getNoIncrement())
    return success();
  std::optional<int64_t> threads = threadsRunning(op);
  if (!threads)
    return ex.error(op) << "needs ttg.num-warps on the module to count the "
                           "threads that arrive";
  return arrive(ex, op, *bar, *threads);
}

LogicalResult evalWaitBarrier(Executor &ex, ttng::WaitBarrierOp op) {
  if (!predicate(ex, op.getPred()))
    return success();
  int64_t parity = ex.get(op.getPhase())->ints[0] & 1;
  for (bool retry = false;; retry = true) {
    // Looked up again after each turn of the others: one may have
    // invalidated it.
    Executor::MBarrier *bar = validBarrier(ex, op, op.getAlloc(), "waits on");
    if (!bar)
      return failure();
    if ((bar->completedPhases & 1) != parity)
      return success();
    std::string pending;
    llvm::raw_string_ostream why(pending);
    why << "phase parity " << parity << " of an mbarrier whose phase "
        << bar->completedPhases << " has not completed ("
        << bar->pendingArrivals << " arrival(s) and " << bar->pendingBytes
        << " transaction byte(s) outstanding)";
    // Inside a ttg.warp_specialize another region may still arrive.
    if (ex.scheduler) {
      if (failed(ex.scheduler->wait(op, retry, pending)))
        return failure();
      continue;
    }
    return ex.error(op) << "waits for " << StringRef(pending)
                        << "; on the GPU this wait would never return";
  }
}

} // namespace

void mlir::triton::interp::addBarrierEvaluators(EvaluatorTable &table) {
  table.add<evalInitBarrier>();
  table.add<evalInvalBarrier>();
  table.add<evalBarrierExpect>();
  table.add<evalArriveBarrier>();
  table.add<evalAsyncCopyMbarrierArrive>();
  table.add<evalWaitBarrier>();
}
