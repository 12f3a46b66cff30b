//===- ExpandLoop.cpp - Prologue and predicated kernel of a scheduled loop ===//
//
// With stages 0..S, iteration i of the new loop runs stage s of original
// iteration i + S - s; a prologue runs what iterations 0..S-1 need before
// that. The loop keeps its bounds, so nothing is peeled after it: ops of
// stage s < S are predicated off once iteration i + S - s is past the end,
// and values yielded from those stages stop advancing then.
//
//===----------------------------------------------------------------------===//

#include "passes/TritonGPU/Pipeline/Pipeline.h"

#include "dialects/Triton/IR/Dialect.h"
#include "dialects/TritonGPU/IR/Dialect.h"
#include "dialects/TritonNvidiaGPU/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;
using namespace mlir::triton::gpu::pipeline;

namespace {

/// Ops that may run for an iteration past the end without harm. A
/// descriptor load reads nothing outside its descriptor's shape (it pads
/// with zeros), so one past the end costs time only. A local_store of an
/// early stage (AMD's stream pipeliner) writes the ring-buffer slot of that
/// iteration, which only that iteration's later stages read, and they do
/// not run. A warp-group dot of an early stage (issued ahead, -dot-ahead)
/// reads shared memory that is allocated, whatever it holds past the end,
/// and its result is not used then. A tensormap written in an early stage
/// (a descriptor made in the loop, lowerLoopDescriptors) goes into its
/// iteration's slot of a ring that is written again only after the copies
/// reading the slot have landed.
bool runsHarmlessly(Operation *op) {
  if (isa<AsyncCommitGroupOp, AsyncWaitOp, LocalLoadOp, LocalAllocOp,
          MemDescIndexOp, DescriptorLoadOp, LocalStoreOp,
          nvidia_gpu::WarpGroupDotOp, nvidia_gpu::TensormapCreateOp,
          nvidia_gpu::TensormapFenceproxyAcquireOp>(op))
    return true;
  return isMemoryEffectFree(op);
}

/// Ops with a mask or predicate to switch them off. A barrier wait must be:
/// past the end nothing arrives on its barrier.
bool isMaskable(Operation *op) {
  return isa<LoadOp, StoreOp, AsyncCopyGlobalToLocalOp,
             nvidia_gpu::AsyncTMACopyGlobalToLocalOp,
             nvidia_gpu::BarrierExpectOp, nvidia_gpu::WaitBarrierOp>(op);
}

/// `pred` and the scalar predicate `old` (missing or constant true: `pred`).
Value combinePredicate(OpBuilder &builder, Location loc, Value pred,
                       Value old) {
  if (!old || matchPattern(old, m_One()))
    return pred;
  return arith::AndIOp::create(builder, loc, pred, old);
}

/// `pred` and `mask` (either may be missing) in the shape of `like`.
Value combineMask(OpBuilder &builder, Location loc, Value pred, Value mask,
                  Type like) {
  Value splat = pred;
  if (auto tensor = dyn_cast<RankedTensorType>(like)) {
    auto maskType = RankedTensorType::get(
        tensor.getShape(), builder.getI1Type(), tensor.getEncoding());
    splat = SplatOp::create(builder, loc, maskType, pred);
  }
  if (!mask)
    return splat;
  return arith::AndIOp::create(builder, loc, splat, mask);
}

/// Makes `op` do nothing unless `pred`.
void predicate(Operation *op, Value pred) {
  if (runsHarmlessly(op))
    return;
  OpBuilder builder(op);
  Location loc = op->getLoc();
  if (auto load = dyn_cast<LoadOp>(op))
    load.getMaskMutable().assign(combineMask(builder, loc, pred, load.getMask(),
                                             load.getPtr().getType()));
  else if (auto store = dyn_cast<StoreOp>(op))
    store.getMaskMutable().assign(combineMask(
        builder, loc, pred, store.getMask(), store.getPtr().getType()));
  else if (auto copy = dyn_cast<AsyncCopyGlobalToLocalOp>(op))
    copy.getMaskMutable().assign(combineMask(builder, loc, pred, copy.getMask(),
                                             copy.getSrc().getType()));
  else if (auto tma = dyn_cast<nvidia_gpu::AsyncTMACopyGlobalToLocalOp>(op))
    tma.getPredMutable().assign(
        combinePredicate(builder, loc, pred, tma.getPred()));
  else if (auto expect = dyn_cast<nvidia_gpu::BarrierExpectOp>(op))
    expect.getPredMutable().assign(
        combinePredicate(builder, loc, pred, expect.getPred()));
  else if (auto wait = dyn_cast<nvidia_gpu::WaitBarrierOp>(op))
    wait.getPredMutable().assign(
        combinePredicate(builder, loc, pred, wait.getPred()));
}

struct Expander {
  scf::ForOp forOp;
  const CoarseSchedule &schedule;
  int maxStage;
  Block *body;
  DenseMap<Operation *, int> stageOf;
  SmallVector<Operation *> order;
  DenseMap<Operation *, unsigned> position;
  /// The yield's defining op per iter_arg (null when defined outside).
  SmallVector<Operation *> yieldDefs;

  Expander(scf::ForOp forOp, const CoarseSchedule &schedule)
      : forOp(forOp), schedule(schedule), maxStage(schedule.numStages - 1),
        body(forOp.getBody()) {
    order = schedule.opsInOrder(forOp);
    for (Operation *op : order) {
      stageOf[op] = schedule.lookup(op).first;
      unsigned next = position.size();
      position[op] = next;
    }
    for (Value v : body->getTerminator()->getOperands()) {
      Operation *def = v.getDefiningOp();
      yieldDefs.push_back(def && def->getBlock() == body ? def : nullptr);
    }
  }

  /// Kernel iterations between the computation of the value `operand`
  /// refers to and a stage-`useStage` use of it; -1 for values from outside.
  /// For an iter_arg, the distance is to the op yielding it.
  std::pair<Operation *, int> producerAndDistance(Value operand,
                                                  int useStage) const {
    if (auto arg = dyn_cast<BlockArgument>(operand)) {
      if (arg.getOwner() != body || arg.getArgNumber() == 0)
        return {nullptr, -1};
      Operation *def = yieldDefs[arg.getArgNumber() - 1];
      if (!def)
        return {nullptr, -1};
      return {def, useStage - stageOf.lookup(def) + 1};
    }
    Operation *def = operand.getDefiningOp();
    Operation *inBody = def ? body->findAncestorOpInBlock(*def) : nullptr;
    if (!inBody || inBody != def)
      return {nullptr, -1};
    return {def, useStage - stageOf.lookup(def)};
  }

  LogicalResult check() const {
    for (Operation &op : body->without_terminator())
      if (!stageOf.count(&op))
        return op.emitError("op without a pipeline stage in a scheduled loop");
    for (Operation *op : order) {
      int stage = stageOf.lookup(op);
      if (stage < maxStage && !runsHarmlessly(op) && !isMaskable(op))
        return op->emitError(
            "software pipelining: predicating this op, scheduled before the "
            "loop's last stage, is not supported yet");
      LogicalResult result = success();
      visitNestedOperands(op, [&](Value operand) {
        auto [producer, distance] = producerAndDistance(operand, stage);
        if (!producer || failed(result))
          return;
        if (distance < 0 ||
            (distance == 0 && position.lookup(producer) >= position.lookup(op)))
          result = op->emitError(
              "software pipelining: this op runs before a value it "
              "uses is computed");
      });
      if (failed(result))
        return result;
    }
    return success();
  }

  LogicalResult run();
};

LogicalResult Expander::run() {
  MLIRContext *context = forOp.getContext();
  Location loc = forOp.getLoc();
  OpBuilder builder(forOp);
  Value lb = forOp.getLowerBound(), ub = forOp.getUpperBound(),
        step = forOp.getStep();
  Value iv = forOp.getInductionVar();
  unsigned numArgs = forOp.getNumRegionIterArgs();
  Type ivType = iv.getType();
  auto constant = [&](OpBuilder &b, int64_t value) -> Value {
    return arith::ConstantOp::create(b, loc, ivType,
                                     b.getIntegerAttr(ivType, value));
  };

  // prologue[result][m]: the value of a body result in original iteration m.
  DenseMap<Value, DenseMap<int, Value>> prologue;
  // argValue[i][m]: iter_arg i at the start of original iteration m.
  SmallVector<DenseMap<int, Value>> argValue(numArgs);
  for (unsigned i = 0; i < numArgs; ++i)
    argValue[i][0] = forOp.getInitArgs()[i];
  SmallVector<Value> ivs, preds;
  for (int k = 0; k < maxStage; ++k) {
    Value ivK = arith::AddIOp::create(
        builder, loc, lb,
        arith::MulIOp::create(builder, loc, step, constant(builder, k)));
    ivs.push_back(ivK);
    preds.push_back(arith::CmpIOp::create(builder, loc,
                                          arith::CmpIPredicate::slt, ivK, ub));
    for (Operation *op : order) {
      int stage = stageOf.lookup(op);
      if (stage > k)
        continue;
      int m = k - stage;
      IRMapping mapping;
      visitNestedOperands(op, [&](Value operand) {
        if (operand == iv) {
          mapping.map(operand, ivs[m]);
          return;
        }
        if (auto arg = dyn_cast<BlockArgument>(operand)) {
          if (arg.getOwner() != body || arg.getArgNumber() == 0)
            return;
          unsigned index = arg.getArgNumber() - 1;
          // A value yielded from outside the loop is that value from the
          // second iteration on.
          if (!yieldDefs[index] && m > 0)
            mapping.map(operand, body->getTerminator()->getOperand(index));
          else
            mapping.map(operand, argValue[index].lookup(m));
          return;
        }
        auto it = prologue.find(operand);
        if (it != prologue.end())
          mapping.map(operand, it->second.lookup(m));
      });
      Operation *clone = builder.clone(*op, mapping);
      predicate(clone, preds[m]);
      for (auto [old, now] : llvm::zip(op->getResults(), clone->getResults()))
        prologue[old][m] = now;
      for (unsigned i = 0; i < numArgs; ++i) {
        if (yieldDefs[i] != op)
          continue;
        Value yielded = clone->getResult(
            cast<OpResult>(body->getTerminator()->getOperand(i))
                .getResultNumber());
        // Past the end, the loop's result keeps the last real iteration's.
        if (!forOp.getResult(i).use_empty())
          yielded = arith::SelectOp::create(builder, loc, preds[m], yielded,
                                            argValue[i][m]);
        argValue[i][m + 1] = yielded;
      }
    }
  }

  // Values read stages after they are made, with the largest distance.
  llvm::MapVector<Value, int> carried;
  for (Operation *op : order) {
    int stage = stageOf.lookup(op);
    visitNestedOperands(op, [&](Value operand) {
      if (isa<BlockArgument>(operand))
        return;
      auto [producer, distance] = producerAndDistance(operand, stage);
      if (!producer || distance <= 0)
        return;
      int &max = carried[operand];
      max = std::max(max, distance);
    });
  }

  // Iter_args read stages after the op yielding them: the kernel's own
  // iter_arg holds the value one kernel iteration old (distance 1); a read
  // at distance D needs the one D - 1 kernel iterations older, carried in
  // extra iter_args (the largest lag per iter_arg).
  llvm::MapVector<unsigned, int> argLags;
  for (Operation *op : order) {
    int stage = stageOf.lookup(op);
    visitNestedOperands(op, [&](Value operand) {
      auto arg = dyn_cast<BlockArgument>(operand);
      if (!arg)
        return;
      auto [producer, distance] = producerAndDistance(operand, stage);
      if (!producer || distance < 2)
        return;
      int &max = argLags[arg.getArgNumber() - 1];
      max = std::max(max, distance - 1);
    });
  }

  SmallVector<Value> inits;
  for (unsigned i = 0; i < numArgs; ++i) {
    if (!yieldDefs[i]) {
      inits.push_back(forOp.getInitArgs()[i]);
      continue;
    }
    inits.push_back(
        argValue[i].lookup(maxStage - stageOf.lookup(yieldDefs[i])));
  }
  // lagArg[(i, lag)]: the iter_arg holding iter_arg i as it was `lag`
  // kernel iterations back (before the values carried across stages, as
  // 3.6 orders them); its first value is iter_arg i's at the start of
  // the original iteration `lag` before the kernel's first.
  DenseMap<std::pair<unsigned, int>, unsigned> lagArg;
  for (auto &[index, max] : argLags) {
    int defStage = stageOf.lookup(yieldDefs[index]);
    for (int lag = 1; lag <= max; ++lag) {
      lagArg[{index, lag}] = inits.size();
      inits.push_back(argValue[index].lookup(maxStage - defStage - lag));
    }
  }

  // carriedArg[(value, distance)]: the iter_arg holding the value from
  // `distance` iterations back; the oldest version first.
  DenseMap<std::pair<Value, int>, unsigned> carriedArg;
  for (auto &[value, max] : carried) {
    int defStage = stageOf.lookup(value.getDefiningOp());
    for (int distance = max; distance >= 1; --distance) {
      carriedArg[{value, distance}] = inits.size();
      inits.push_back(prologue[value].lookup(maxStage - defStage - distance));
    }
  }

  auto kernel = scf::ForOp::create(builder, loc, lb, ub, step, inits);
  kernel->setAttrs(forOp->getAttrs());
  Block *kernelBody = kernel.getBody();
  if (!kernelBody->empty())
    kernelBody->getTerminator()->erase();
  builder.setInsertionPointToStart(kernelBody);
  Value kernelIv = kernel.getInductionVar();
  SmallVector<Value> stagePreds;
  for (int s = 0; s < maxStage; ++s) {
    Value bound = arith::SubIOp::create(
        builder, loc, ub,
        arith::MulIOp::create(builder, loc, step,
                              constant(builder, maxStage - s)));
    stagePreds.push_back(arith::CmpIOp::create(
        builder, loc, arith::CmpIPredicate::slt, kernelIv, bound));
  }
  DenseMap<Value, Value> current;
  for (Operation *op : order) {
    int stage = stageOf.lookup(op);
    IRMapping mapping;
    bool failedMapping = false;
    visitNestedOperands(op, [&](Value operand) {
      if (operand == iv) {
        if (stage == maxStage) {
          mapping.map(operand, kernelIv);
        } else {
          Value offset = arith::MulIOp::create(
              builder, loc, step, constant(builder, maxStage - stage));
          mapping.map(operand,
                      arith::AddIOp::create(builder, loc, kernelIv, offset));
        }
        return;
      }
      auto [producer, distance] = producerAndDistance(operand, stage);
      auto arg = dyn_cast<BlockArgument>(operand);
      if (arg && arg.getOwner() == body && arg.getArgNumber() > 0) {
        unsigned index = arg.getArgNumber() - 1;
        if (producer && distance == 0)
          mapping.map(operand,
                      current.lookup(body->getTerminator()->getOperand(index)));
        else if (producer && distance >= 2)
          mapping.map(
              operand,
              kernel.getRegionIterArgs()[lagArg.lookup({index, distance - 1})]);
        else
          mapping.map(operand, kernel.getRegionIterArgs()[index]);
        return;
      }
      if (!producer)
        return;
      if (distance == 0) {
        mapping.map(operand, current.lookup(operand));
        return;
      }
      auto it = carriedArg.find({operand, distance});
      if (it == carriedArg.end()) {
        failedMapping = true;
        return;
      }
      mapping.map(operand, kernel.getRegionIterArgs()[it->second]);
    });
    if (failedMapping)
      return op->emitError(
          "software pipelining: lost track of a value across stages");
    Operation *clone = builder.clone(*op, mapping);
    if (stage < maxStage)
      predicate(clone, stagePreds[stage]);
    for (auto [old, now] : llvm::zip(op->getResults(), clone->getResults()))
      current[old] = now;
  }
  SmallVector<Value> yields;
  for (unsigned i = 0; i < numArgs; ++i) {
    Value yielded = body->getTerminator()->getOperand(i);
    if (!yieldDefs[i]) {
      yields.push_back(yielded);
      continue;
    }
    Value now = current.lookup(yielded);
    int stage = stageOf.lookup(yieldDefs[i]);
    if (stage < maxStage && !forOp.getResult(i).use_empty())
      now = arith::SelectOp::create(builder, loc, stagePreds[stage], now,
                                    kernel.getRegionIterArgs()[i]);
    yields.push_back(now);
  }
  for (auto &[index, max] : argLags)
    for (int lag = 1; lag <= max; ++lag)
      yields.push_back(
          lag == 1
              ? Value(kernel.getRegionIterArgs()[index])
              : Value(kernel.getRegionIterArgs()[lagArg[{index, lag - 1}]]));
  for (auto &[value, max] : carried)
    for (int distance = max; distance >= 1; --distance)
      yields.push_back(distance == 1
                           ? current.lookup(value)
                           : Value(kernel.getRegionIterArgs()[carriedArg[{
                                 value, distance - 1}]]));
  scf::YieldOp::create(builder, loc, yields);
  (void)context;

  for (unsigned i = 0; i < numArgs; ++i)
    forOp.getResult(i).replaceAllUsesWith(kernel.getResult(i));
  forOp.erase();
  forOp = kernel;
  return success();
}

} // namespace

LogicalResult pipeline::checkExpandable(scf::ForOp forOp,
                                        const CoarseSchedule &schedule) {
  if (schedule.numStages <= 1)
    return success();
  return Expander(forOp, schedule).check();
}

LogicalResult pipeline::expandLoop(scf::ForOp &forOp,
                                   const CoarseSchedule &schedule) {
  if (schedule.numStages <= 1)
    return success();
  // A constant of the body (the lowering makes the slot counts there, at the
  // stage of their users) is the same in every iteration: it moves before
  // the loop rather than being cloned per stage or carried across stages.
  for (Operation &op :
       llvm::make_early_inc_range(forOp.getBody()->without_terminator()))
    if (op.hasTrait<OpTrait::ConstantLike>() && op.getNumOperands() == 0 &&
        op.getNumRegions() == 0)
      op.moveBefore(forOp);
  Expander expander(forOp, schedule);
  if (failed(expander.check()))
    return failure();
  if (failed(expander.run()))
    return failure();
  forOp = expander.forOp;
  return success();
}
