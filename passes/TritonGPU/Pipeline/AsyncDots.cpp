//===- AsyncDots.cpp - Warp-group dots left running across iterations ----===//
//
// wgmma is asynchronous: a dot whose result only flows around the loop (the
// accumulator, possibly through `scf.if` yields) can keep running while the
// next iteration's copies start, as long as a `ttng.warp_group_dot_wait`
// bounds how many are in flight; a read of it under an `scf.if` (a
// conditional rescale) waits for every dot first, in that branch only. A wait
// lists the values it makes ready and the buffers the waited dots read, so
// that nothing reuses those buffers before it.
//
//===----------------------------------------------------------------------===//

#include "passes/TritonGPU/Pipeline/Pipeline.h"

#include "dialects/TritonGPU/IR/Dialect.h"
#include "dialects/TritonNvidiaGPU/IR/Dialect.h"

#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;
using namespace mlir::triton::gpu;
using namespace mlir::triton::nvidia_gpu;

namespace {

/// The warp-group dots `v` is computed from through the ops of `block`:
/// back along operands from `v`'s defining op, through ops of `block` only,
/// stopping at each dot. Block arguments end the walk. A worklist: MLIR's
/// getBackwardSlice took a stack frame per op, and the loop's operands that
/// the wait after the loop looks back from can end a chain of any length.
SmallVector<WarpGroupDotOp> dotsComputing(Value v, Block *block) {
  SmallVector<WarpGroupDotOp> dots;
  DenseSet<Operation *> seen;
  SmallVector<Operation *> worklist;
  auto visit = [&](Value value) {
    if (Operation *def = value.getDefiningOp())
      if (seen.insert(def).second)
        worklist.push_back(def);
  };
  visit(v);
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val();
    if (auto dot = dyn_cast<WarpGroupDotOp>(op)) {
      dots.push_back(dot);
      continue;
    }
    if (op->getBlock() != block)
      continue;
    for (Value operand : op->getOperands())
      visit(operand);
  }
  return dots;
}

/// Adds `values`, and the shared operands of the dots they come from, to
/// `wait`'s operands; the uses of `values` after the wait read its results.
WarpGroupDotWaitOp threadThroughWait(WarpGroupDotWaitOp wait,
                                     ArrayRef<Value> values) {
  llvm::SetVector<Value> operands(wait.getInputs().begin(),
                                  wait.getInputs().end());
  unsigned oldCount = operands.size();
  operands.insert(values.begin(), values.end());
  for (Value v : values)
    for (WarpGroupDotOp dot : dotsComputing(v, wait->getBlock()))
      for (Value operand : dot->getOperands())
        if (isa<MemDescType>(operand.getType()))
          operands.insert(operand);
  OpBuilder builder(wait);
  auto newWait = WarpGroupDotWaitOp::create(
      builder, wait.getLoc(), operands.getArrayRef(), wait.getPendings());
  for (unsigned i = 0; i < oldCount; ++i)
    wait.getResult(i).replaceAllUsesWith(newWait.getResult(i));
  Block *block = newWait->getBlock();
  for (unsigned i = oldCount; i < operands.size(); ++i) {
    Value value = operands[i];
    if (isa<MemDescType>(value.getType()))
      continue;
    value.replaceUsesWithIf(newWait.getResult(i), [&](OpOperand &use) {
      Operation *user = block->findAncestorOpInBlock(*use.getOwner());
      return user && user != newWait && newWait->isBeforeInBlock(user);
    });
  }
  wait.erase();
  return newWait;
}

/// The first pendings = 0 wait of the body before `user`.
WarpGroupDotWaitOp waitZeroBefore(Operation *user, scf::ForOp forOp) {
  Operation *inBody = forOp.getBody()->findAncestorOpInBlock(*user);
  for (Operation &op : *forOp.getBody()) {
    if (&op == inBody)
      break;
    if (auto wait = dyn_cast<WarpGroupDotWaitOp>(op))
      if (wait.getPendings() == 0)
        return wait;
  }
  return {};
}

/// Whether a shared operand stays put while the dot runs on: made outside
/// the loop, or a view of a multi-buffered slot.
bool isStableSharedOperand(Value operand, scf::ForOp forOp) {
  Value v = operand;
  for (int depth = 0; depth < 16; ++depth) {
    if (auto arg = dyn_cast<BlockArgument>(v)) {
      if (arg.getOwner() != forOp.getBody())
        break;
      v = forOp.getBody()->getTerminator()->getOperand(arg.getArgNumber() - 1);
      continue;
    }
    Operation *def = v.getDefiningOp();
    if (def && isa<MemDescTransOp, MemDescReshapeOp, MemDescSubsliceOp,
                   ConvertLayoutOp>(def)) {
      v = def->getOperand(0);
      continue;
    }
    break;
  }
  return forOp.isDefinedOutsideOfLoop(v) || v.getDefiningOp<MemDescIndexOp>();
}

/// Whether a dot's register operand (A) keeps its registers while the dot
/// runs on into the next iteration: made outside the loop, or made in the
/// body after a wait for every dot, which retires the previous iteration's
/// dot before the operand is made again. The PTX ISA makes writing a
/// running wgmma's A registers undefined, and ptxas does not guard them
/// across the loop's back edge: an int8 A converted at the top of the body
/// can be overwritten under the previous iteration's wgmma, giving wrong
/// results that depend on how ptxas schedules the body.
bool isStableRegisterOperand(Value operand, scf::ForOp forOp) {
  if (forOp.isDefinedOutsideOfLoop(operand))
    return true;
  Operation *def = operand.getDefiningOp();
  return def && waitZeroBefore(def, forOp);
}

bool isStableOperand(Value operand, scf::ForOp forOp) {
  return isa<MemDescType>(operand.getType())
             ? isStableSharedOperand(operand, forOp)
             : isStableRegisterOperand(operand, forOp);
}

/// A dot that stays in flight into the next iteration.
struct RunningDot {
  /// The iter_arg its result reaches through the loop's yield.
  unsigned iterArg;
  /// Its readers inside `scf.if` regions of the body, which wait for every
  /// dot at the start of their block.
  SmallVector<OpOperand *> guardedReaders;
};

/// Whether `dot` can stay in flight through an iter_arg: its result reaches
/// the yield once, directly or through the yields of `scf.if`s, and is read
/// elsewhere only inside `scf.if` regions; std::nullopt if it must be
/// waited for at once.
std::optional<RunningDot> properlyAsync(WarpGroupDotOp dot, scf::ForOp forOp) {
  if (!isStableOperand(dot.getA(), forOp) ||
      !isStableOperand(dot.getB(), forOp))
    return std::nullopt;
  Block *body = forOp.getBody();
  std::optional<unsigned> index;
  SmallVector<OpOperand *> guarded;
  SmallVector<OpOperand *> worklist;
  for (OpOperand &use : dot->getUses())
    worklist.push_back(&use);
  while (!worklist.empty()) {
    OpOperand *use = worklist.pop_back_val();
    Operation *user = use->getOwner();
    if (user->getBlock() == body) {
      if (user != body->getTerminator() || index)
        return std::nullopt;
      index = use->getOperandNumber();
      continue;
    }
    auto ifOp = dyn_cast<scf::IfOp>(user->getParentOp());
    if (!ifOp)
      return std::nullopt;
    if (isa<scf::YieldOp>(user)) {
      for (OpOperand &next : ifOp.getResult(use->getOperandNumber()).getUses())
        worklist.push_back(&next);
      continue;
    }
    guarded.push_back(use);
  }
  if (!index)
    return std::nullopt;
  // The accumulator from the previous iteration is still being written: its
  // other readers must come after a wait for every dot.
  for (OpOperand &use : forOp.getRegionIterArgs()[*index].getUses()) {
    if (use.getOwner() == dot && use.getOperandNumber() == 2)
      continue;
    if (!waitZeroBefore(use.getOwner(), forOp))
      return std::nullopt;
  }
  return RunningDot{*index, std::move(guarded)};
}

/// The last dot of the chain `dot` starts: each dot's result read only as
/// the accumulator of the next warp-group dot of the same block (a product
/// split along K, one dot per wgmma K step).
WarpGroupDotOp chainEnd(WarpGroupDotOp dot) {
  while (dot->hasOneUse()) {
    OpOperand &use = *dot->use_begin();
    auto next = dyn_cast<WarpGroupDotOp>(use.getOwner());
    if (!next || next->getBlock() != dot->getBlock() ||
        use.getOperandNumber() != 2)
      break;
    dot = next;
  }
  return dot;
}

bool hasStableSharedOperands(WarpGroupDotOp dot, scf::ForOp forOp) {
  return llvm::all_of(dot->getOperands(), [&](Value operand) {
    return !isa<MemDescType>(operand.getType()) ||
           isStableSharedOperand(operand, forOp);
  });
}

/// Whether `dot`, which cannot stay in flight across the back edge, may run
/// on until just before the yield instead of being waited for at once: its
/// chain's result (`chainEnd`) only reaches the yield (the accumulator), the
/// chain's last dot cannot cross the back edge either, and its shared
/// operands are ring slots or made outside the loop, which the rest of the
/// body does not write. Its register operand (an A made in the body, the
/// reason it cannot cross the back edge) is rewritten only in the next
/// iteration, after that wait; until the wait ptxas keeps a running
/// wgmma's A registers (in one iteration, where it sees the wait: their
/// SASS shows no write to them before the WARPGROUP.DEPBAR, where one wait
/// at the next iteration's top had 64). The copies issued after the dot,
/// and the fragment loads of the chain's next dots, then run under it.
bool waitsAtYield(WarpGroupDotOp dot, scf::ForOp forOp) {
  WarpGroupDotOp end = chainEnd(dot);
  Operation *yield = forOp.getBody()->getTerminator();
  return dot->getBlock() == forOp.getBody() && end->hasOneUse() &&
         *end->user_begin() == yield && hasStableSharedOperands(dot, forOp) &&
         hasStableSharedOperands(end, forOp) && !properlyAsync(end, forOp);
}

/// Makes the readers of running dots inside `scf.if` regions wait for every
/// dot at the start of their block, unless their block already does before
/// them.
void guardReaders(ArrayRef<OpOperand *> readers) {
  llvm::MapVector<Block *, SmallVector<OpOperand *>> byBlock;
  for (OpOperand *use : readers)
    byBlock[use->getOwner()->getBlock()].push_back(use);
  for (auto &[block, uses] : byBlock) {
    WarpGroupDotWaitOp existing;
    for (Operation &op : *block) {
      if (llvm::any_of(uses,
                       [&](OpOperand *use) { return use->getOwner() == &op; }))
        break;
      if (auto wait = dyn_cast<WarpGroupDotWaitOp>(op))
        if (wait.getPendings() == 0)
          existing = wait;
    }
    SmallVector<Value> values;
    for (OpOperand *use : uses)
      if (!llvm::is_contained(values, use->get()))
        values.push_back(use->get());
    if (!existing) {
      OpBuilder builder(block, block->begin());
      existing = WarpGroupDotWaitOp::create(
          builder, uses.front()->getOwner()->getLoc(), ValueRange{}, 0);
    }
    threadThroughWait(existing, values);
  }
}

/// A dot issued an iteration ahead (-dot-ahead): its result only reaches
/// the yield, from an accumulator made outside the loop. It runs under the
/// ops after it (the softmax of the block before), and so do the body's
/// dots whose results only reach the yield (PV, under the next copies): all
/// of them are waited for just before the yield. Nothing crosses the back
/// edge in flight: ptxas serializes every wgmma of a function whose
/// accumulators are read after a wait it cannot prove retires them (C7514),
/// as a wait leaving this iteration's dots running across the back edge
/// was; on the H200 that made attention 6% slower. Returns the dots waited
/// for there; none where `forOp` has no dot issued ahead.
SmallVector<WarpGroupDotOp> waitBeforeYield(scf::ForOp forOp) {
  Block *body = forOp.getBody();
  Operation *yield = body->getTerminator();
  auto onlyYielded = [&](WarpGroupDotOp dot) {
    return dot->hasOneUse() && *dot->user_begin() == yield;
  };
  bool ahead = llvm::any_of(body->getOps<WarpGroupDotOp>(), [&](auto dot) {
    return onlyYielded(dot) && forOp.isDefinedOutsideOfLoop(dot.getC());
  });
  SmallVector<WarpGroupDotOp> waited;
  if (!ahead)
    return waited;
  SmallVector<Value> results;
  // Registers are not rewritten before the wait (within the iteration);
  // shared operands must not be, by the next copies.
  auto stable = [&](Value operand) {
    return !isa<MemDescType>(operand.getType()) ||
           isStableSharedOperand(operand, forOp);
  };
  for (WarpGroupDotOp dot : body->getOps<WarpGroupDotOp>())
    if (onlyYielded(dot) && stable(dot.getA()) && stable(dot.getB())) {
      dot.setIsAsync(true);
      waited.push_back(dot);
      results.push_back(dot.getResult());
    }
  OpBuilder builder(yield);
  auto wait = WarpGroupDotWaitOp::create(builder, yield->getLoc(),
                                         ValueRange{}, 0);
  threadThroughWait(wait, results);
  return waited;
}

} // namespace

void mlir::triton::gpu::pipeline::asyncLaunchDots(scf::ForOp forOp) {
  SmallVector<WarpGroupDotOp> dots(forOp.getBody()->getOps<WarpGroupDotOp>());
  if (dots.empty())
    return;
  DenseSet<Operation *> waitedAtYield;
  for (WarpGroupDotOp dot : waitBeforeYield(forOp))
    waitedAtYield.insert(dot);
  llvm::MapVector<Operation *, RunningDot> runningDots;
  WarpGroupDotWaitOp atYield;
  for (WarpGroupDotOp dot : dots) {
    if (waitedAtYield.count(dot))
      continue;
    dot.setIsAsync(true);
    if (std::optional<RunningDot> running = properlyAsync(dot, forOp)) {
      runningDots.insert({dot, std::move(*running)});
      continue;
    }
    OpBuilder builder(dot->getContext());
    if (waitsAtYield(dot, forOp)) {
      if (!atYield) {
        builder.setInsertionPoint(forOp.getBody()->getTerminator());
        atYield = WarpGroupDotWaitOp::create(builder, dot.getLoc(),
                                             ValueRange{}, 0);
      }
      // The chain's earlier results stay the next dot's accumulator (a
      // wait listing them would make LLVM copy them); only their buffers
      // are listed.
      SmallVector<Value> values;
      if (chainEnd(dot) == dot)
        values.push_back(dot.getResult());
      for (Value operand : dot->getOperands())
        if (isa<MemDescType>(operand.getType()))
          values.push_back(operand);
      atYield = threadThroughWait(atYield, values);
      continue;
    }
    builder.setInsertionPointAfter(dot);
    auto wait =
        WarpGroupDotWaitOp::create(builder, dot.getLoc(), ValueRange{}, 0);
    threadThroughWait(wait, {dot.getResult()});
  }
  if (runningDots.empty())
    return;
  // Accumulators read before their dot (rescaled, say) are ready after a
  // wait for everything.
  for (auto &[dot, running] : runningDots) {
    BlockArgument acc = forOp.getRegionIterArgs()[running.iterArg];
    for (OpOperand &use : llvm::make_early_inc_range(acc.getUses())) {
      if (use.getOwner() == dot)
        continue;
      if (WarpGroupDotWaitOp wait = waitZeroBefore(use.getOwner(), forOp))
        if (!llvm::is_contained(wait.getInputs(), Value(acc)))
          threadThroughWait(wait, {acc});
    }
  }
  // A wait for every dot in the body already bounds the dots in flight;
  // otherwise those of the previous iteration are waited for after the last.
  bool hasWaitZero =
      llvm::any_of(forOp.getBody()->getOps<WarpGroupDotWaitOp>(),
                   [](WarpGroupDotWaitOp w) { return w.getPendings() == 0; });
  if (!hasWaitZero) {
    Operation *last = runningDots.back().first;
    OpBuilder builder(last->getContext());
    builder.setInsertionPointAfter(last);
    auto wait = WarpGroupDotWaitOp::create(builder, last->getLoc(),
                                           ValueRange{}, runningDots.size());
    SmallVector<Value> results;
    for (auto &entry : runningDots)
      results.push_back(entry.first->getResult(0));
    threadThroughWait(wait, results);
  } else if (atYield) {
    // The wait before the yield retires them too.
    SmallVector<Value> results;
    for (auto &entry : runningDots)
      results.push_back(entry.first->getResult(0));
    threadThroughWait(atYield, results);
  }
  for (auto &entry : runningDots)
    guardReaders(entry.second.guardedReaders);
  OpBuilder builder(forOp->getContext());
  builder.setInsertionPointAfter(forOp);
  auto wait =
      WarpGroupDotWaitOp::create(builder, forOp.getLoc(), ValueRange{}, 0);
  SmallVector<Value> results;
  for (auto &entry : runningDots)
    results.push_back(forOp.getResult(entry.second.iterArg));
  threadThroughWait(wait, results);
}

void mlir::triton::gpu::pipeline::carryAheadReaders(scf::ForOp &forOp) {
  Block *body = forOp.getBody();
  Operation *yield = body->getTerminator();
  // A dot's result after the wait, the loop argument it comes back as,
  // and that argument's readers in the body.
  struct Carried {
    Value waited;
    BlockArgument arg;
    SmallVector<Operation *> readers;
  };
  SmallVector<Carried> moved;
  SmallVector<Value> inits;
  OpBuilder builder(forOp);
  for (OpOperand &yielded : yield->getOpOperands()) {
    auto wait = yielded.get().getDefiningOp<WarpGroupDotWaitOp>();
    if (!wait || wait->getNextNode() != yield)
      continue;
    unsigned index = yielded.getOperandNumber();
    Value input =
        wait.getInputs()[cast<OpResult>(yielded.get()).getResultNumber()];
    auto dot = input.getDefiningOp<WarpGroupDotOp>();
    BlockArgument arg = forOp.getRegionIterArgs()[index];
    if (!dot || !forOp.isDefinedOutsideOfLoop(dot.getC()) ||
        !forOp.getResult(index).use_empty())
      continue;
    SmallVector<Operation *> readers = aheadResultReaders(arg, forOp);
    if (readers.empty())
      continue;
    // The first block's readers run before the loop.
    IRMapping first;
    first.map(arg, forOp.getInitArgs()[index]);
    for (Operation *reader : readers)
      llvm::append_range(inits, builder.clone(*reader, first)->getResults());
    moved.push_back({yielded.get(), arg, std::move(readers)});
  }
  if (moved.empty())
    return;
  IRRewriter rewriter(forOp->getContext());
  auto atEnd = [&](OpBuilder &b, Location, ArrayRef<BlockArgument>) {
    SmallVector<Value> values;
    for (Carried &carried : moved) {
      IRMapping next;
      next.map(carried.arg, carried.waited);
      for (Operation *reader : carried.readers)
        llvm::append_range(values, b.clone(*reader, next)->getResults());
    }
    return values;
  };
  FailureOr<LoopLikeOpInterface> loop =
      forOp.replaceWithAdditionalYields(rewriter, inits, false, atEnd);
  auto replaced = cast<scf::ForOp>(loop->getOperation());
  // The readers in the body (moved into the new loop) give way to what the
  // loop now carries; the dot's own result is carried no more.
  auto args = replaced.getRegionIterArgs().take_back(inits.size());
  unsigned next = 0;
  for (Carried &carried : moved)
    for (Operation *reader : carried.readers) {
      for (Value result : reader->getResults())
        result.replaceAllUsesWith(args[next++]);
      reader->erase();
    }
  forOp = replaced;
}
