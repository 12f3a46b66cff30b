//===- Rematerialization.cpp - Compute a value again in another layout ----===//

#include "passes/TritonGPU/Rematerialization.h"
#include "dialects/TritonGPU/IR/LinearLayoutConversions.h"
#include "passes/TritonGPU/LayoutInference.h"
#include "passes/TritonGPU/SharedEncodings.h"

#include "mlir/IR/Dominance.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {

constexpr unsigned kMaxDepth = 12;
constexpr unsigned kMaxMemoizedDepth = 96;

} // namespace

std::optional<int64_t> mlir::triton::gpu::getThreadsPerProgram(Operation *op) {
  auto module = op->getParentOfType<ModuleOp>();
  auto warps = module ? module->getAttrOfType<IntegerAttr>(kNumWarpsAttrName)
                      : IntegerAttr();
  auto lanes = module
                   ? module->getAttrOfType<IntegerAttr>(kThreadsPerWarpAttrName)
                   : IntegerAttr();
  if (!warps)
    return std::nullopt;
  // Without ttg.threads-per-warp a warp has 32 threads, as Triton reads it.
  return warps.getInt() * (lanes ? lanes.getInt() : 32);
}

Attribute mlir::triton::gpu::operandTarget(Operation *op, Attribute target) {
  if (auto expand = dyn_cast<ExpandDimsOp>(op))
    return SliceEncodingAttr::get(op->getContext(), expand.getAxis(), target);
  if (isa<ReshapeOp, TransOp, JoinOp, SplitOp, Fp4ToFpOp>(op)) {
    Attribute inferred = inferSourceEncoding(op, target);
    // Where the operand's own layout places every element as the inferred
    // one does (a blocked layout with another order of trivial dimensions,
    // a slice of the result's layout), the operand is already there.
    auto operandType = dyn_cast<RankedTensorType>(op->getOperand(0).getType());
    if (inferred && operandType && operandType.getEncoding() != inferred) {
      std::optional<LinearLayout> mine =
          toLinearLayout(operandType.getShape(), operandType.getEncoding());
      std::optional<LinearLayout> wanted =
          toLinearLayout(operandType.getShape(), inferred);
      if (mine && wanted && *mine == *wanted)
        return operandType.getEncoding();
    }
    return inferred;
  }
  // A broadcast's operand takes the same layout, a #ttg.linear one too: at
  // the operand's shape its bases along the broadcast dimensions point at
  // nothing (registers there are dropped, lanes and warps hold copies), as
  // Triton fits a linear layout to a smaller tensor.
  // A reduction's result is a slice of its operands' layout along its axis.
  // Reductions and scans combine within each CTA of a cluster: never an
  // operand layout split along their axis.
  if (auto reduce = dyn_cast<ReduceOp>(op)) {
    auto slice = dyn_cast<SliceEncodingAttr>(target);
    if (!slice || slice.getDim() != reduce.getAxis() ||
        splitsDimOverCTAs(slice.getParent(), reduce.getAxis()))
      return {};
    return slice.getParent();
  }
  if (auto scan = dyn_cast<ScanOp>(op))
    return splitsDimOverCTAs(target, scan.getAxis()) ? Attribute() : target;
  return target;
}

namespace {

/// Blocked and linear layouts, and slices of them (a slice of an MMA layout,
/// a bias vector added to an accumulator, is loaded in a plain layout and
/// converted: the small conversion is cheaper than a load in the MMA
/// slice's scattered order).
bool isPlainLayout(Attribute layout) {
  while (auto slice = dyn_cast<SliceEncodingAttr>(layout))
    layout = slice.getParent();
  return isa<BlockedEncodingAttr, LinearEncodingAttr>(layout);
}

/// Whether reading `load` again in another layout costs little: every
/// thread reads one address, or there are fewer elements
/// than threads (the repeated reads hit the cache). A bigger load keeps the
/// layout coalescing gave it; redoing it in its users' layout (one element
/// per thread, through a transpose) loses the vectors.
bool isCheapToLoadAgain(LoadOp load) {
  auto ptrType = dyn_cast<RankedTensorType>(load.getPtr().getType());
  if (!ptrType)
    return true;
  if (load.getPtr().getDefiningOp<SplatOp>())
    return true;
  std::optional<int64_t> threads = getThreadsPerProgram(load);
  return !threads || ptrType.getNumElements() < *threads;
}

/// A row or column vector of an MMA tile: a slice of an MMA layout.
bool isMmaSlice(Attribute layout) {
  auto slice = dyn_cast<SliceEncodingAttr>(layout);
  return slice && isMmaEncoding(slice.getParent());
}

/// Loads and shape ops move no data between threads when done again in
/// another layout; a load read again costs memory traffic, so only into plain
/// layouts (blocked, slice, linear) and the row and column vectors of MMA
/// tiles (an epilogue's per-row and per-column scales), never dot operands
/// or MMA tiles.
bool isRematerializableInto(Operation *op, Attribute target) {
  if (isa<ReshapeOp, TransOp, JoinOp, SplitOp>(op))
    return isa<RankedTensorType>(op->getOperand(0).getType());
  if (auto load = dyn_cast<LoadOp>(op))
    return !load.getIsVolatile() && isa<RankedTensorType>(load.getType()) &&
           (isPlainLayout(target) || isMmaSlice(target)) &&
           isCheapToLoadAgain(load);
  return false;
}

/// The scf.for whose iter_arg `arg` is; null for induction variables and
/// other block arguments.
scf::ForOp iterArgLoop(BlockArgument arg) {
  auto forOp = dyn_cast_or_null<scf::ForOp>(arg.getOwner()->getParentOp());
  if (!forOp || arg.getOwner() != forOp.getBody() || arg.getArgNumber() == 0)
    return {};
  return forOp;
}

/// Whether iter_arg `arg` can be carried in `target`: what its loop yields
/// for it is free there, assuming the iter_arg itself is (the next value
/// depends on the last).
bool isFreeIterArg(BlockArgument arg, Attribute target, unsigned depth,
                   LoopCarriedSearch &loops) {
  scf::ForOp forOp = iterArgLoop(arg);
  if (!forOp || !loops.inside || !forOp->isProperAncestor(loops.inside) ||
      !isDistributedEncoding(target))
    return false;
  auto key = std::make_pair(Value(arg), target);
  if (loops.assumed.contains(key) || loops.found.count(key))
    return true;
  unsigned i = arg.getArgNumber() - 1;
  auto forget = [&](size_t size) {
    while (loops.found.size() > size)
      loops.found.pop_back();
  };
  size_t before = loops.found.size();
  loops.assumed.insert(key);
  bool loadsAllowed = loops.loadsAllowed;
  loops.loadsAllowed = false;
  bool yielded =
      isFreeIn(forOp.getYieldedValues()[i], target, depth + 1, &loops);
  loops.loadsAllowed = loadsAllowed;
  loops.assumed.erase(key);
  if (!yielded) {
    forget(before);
    return false;
  }
  // The start value is computed again where that is free, else converted
  // once before the loop.
  size_t beforeInit = loops.found.size();
  bool initFree = isFreeIn(forOp.getInitArgs()[i], target, depth + 1, &loops);
  if (!initFree)
    forget(beforeInit);
  loops.found[key] = initFree;
  return true;
}

unsigned loopNesting(Operation *op) {
  unsigned depth = 0;
  for (Operation *parent = op->getParentOp(); parent;
       parent = parent->getParentOp())
    depth += isa<scf::ForOp>(parent);
  return depth;
}

/// A new scf.if before `ifOp`, of results `types`, with `ifOp`'s branches
/// moved into it (their yields are the caller's to fix).
scf::IfOp moveIfRegions(scf::IfOp ifOp, TypeRange types,
                        RewriterBase &rewriter) {
  rewriter.setInsertionPoint(ifOp);
  auto newIf =
      scf::IfOp::create(rewriter, ifOp.getLoc(), types, ifOp.getCondition(),
                        /*addThenBlock=*/false, /*addElseBlock=*/false);
  for (auto [from, to] :
       {std::make_pair(&ifOp.getThenRegion(), &newIf.getThenRegion()),
        std::make_pair(&ifOp.getElseRegion(), &newIf.getElseRegion())}) {
    while (!to->empty()) // (the builder may have made blocks of its own)
      rewriter.eraseBlock(&to->front());
    rewriter.inlineRegionBefore(*from, *to, to->end());
  }
  return newIf;
}

/// `ifOp` without its results `drop` (unused): their yielded values go.
void dropIfResults(scf::IfOp ifOp, const llvm::SmallDenseSet<unsigned> &drop,
                   RewriterBase &rewriter) {
  SmallVector<Type> types;
  SmallVector<Value> kept;
  for (OpResult result : ifOp->getResults())
    if (!drop.contains(result.getResultNumber())) {
      types.push_back(result.getType());
      kept.push_back(result);
    }
  scf::IfOp newIf = moveIfRegions(ifOp, types, rewriter);
  for (scf::YieldOp yield : {newIf.thenYield(), newIf.elseYield()}) {
    SmallVector<Value> operands;
    for (auto [i, operand] : llvm::enumerate(yield.getOperands()))
      if (!drop.contains(i))
        operands.push_back(operand);
    rewriter.modifyOpInPlace(yield, [&] { yield->setOperands(operands); });
  }
  for (auto [old, now] : llvm::zip(kept, newIf.getResults()))
    rewriter.replaceAllUsesWith(old, now);
  rewriter.eraseOp(ifOp);
}

/// Drops the iter_args `candidates` of `forOp` that nothing reads any more:
/// their results are unused and they only feed the pure ops computing their
/// own next value, also through the results of scf.ifs in the loop (which
/// lose those results).
void dropDeadIterArgsAmong(scf::ForOp forOp, ArrayRef<unsigned> candidates,
                           RewriterBase &rewriter) {
  Operation *yield = forOp.getBody()->getTerminator();
  llvm::SmallDenseSet<unsigned> dead;
  llvm::SetVector<Operation *> deadOps;
  llvm::MapVector<Operation *, llvm::SmallDenseSet<unsigned>> deadIfResults;
  for (unsigned i : candidates) {
    if (!forOp.getResult(i).use_empty())
      continue;
    llvm::SetVector<Operation *> cycle;
    llvm::MapVector<Operation *, llvm::SmallDenseSet<unsigned>> ifResults;
    SmallVector<Value> work{forOp.getRegionIterArgs()[i]};
    llvm::DenseSet<Value> seen;
    bool isDead = true;
    while (!work.empty() && isDead) {
      Value v = work.pop_back_val();
      if (!seen.insert(v).second)
        continue;
      for (OpOperand &use : v.getUses()) {
        Operation *user = use.getOwner();
        if (user == yield) {
          isDead &= use.getOperandNumber() == i;
          continue;
        }
        // A branch of an if yields it: it goes on as the if's result.
        auto ifOp = dyn_cast<scf::IfOp>(user->getParentOp());
        if (isa<scf::YieldOp>(user) && ifOp) {
          ifResults[ifOp].insert(use.getOperandNumber());
          work.push_back(ifOp->getResult(use.getOperandNumber()));
          continue;
        }
        if (user->getNumRegions() != 0 ||
            user->hasTrait<OpTrait::IsTerminator>() ||
            !isMemoryEffectFree(user)) {
          isDead = false;
          break;
        }
        if (cycle.insert(user))
          work.append(user->result_begin(), user->result_end());
      }
    }
    if (!isDead)
      continue;
    dead.insert(i);
    deadOps.insert(cycle.begin(), cycle.end());
    for (auto &[ifOp, results] : ifResults)
      deadIfResults[ifOp].insert(results.begin(), results.end());
  }
  if (dead.empty())
    return;
  // Cut the cycles at the yield, then erase their ops, users first, and the
  // ifs' results between them.
  for (unsigned i : dead)
    rewriter.modifyOpInPlace(
        yield, [&] { yield->setOperand(i, forOp.getRegionIterArgs()[i]); });
  auto eraseUnused = [&] {
    for (bool erased = true; erased;) {
      erased = false;
      for (Operation *op : deadOps)
        if (op->use_empty()) {
          deadOps.remove(op);
          rewriter.eraseOp(op);
          erased = true;
          break;
        }
    }
  };
  eraseUnused();
  for (auto &[ifOp, results] : deadIfResults)
    if (llvm::all_of(results, [&](unsigned r) {
          return ifOp->getResult(r).use_empty();
        }))
      dropIfResults(cast<scf::IfOp>(ifOp), results, rewriter);
  eraseUnused();
  SmallVector<Value> inits;
  for (auto [i, init] : llvm::enumerate(forOp.getInitArgs()))
    if (!dead.contains(i))
      inits.push_back(init);
  rewriter.setInsertionPoint(forOp);
  auto newLoop =
      scf::ForOp::create(rewriter, forOp.getLoc(), forOp.getLowerBound(),
                         forOp.getUpperBound(), forOp.getStep(), inits);
  newLoop->setAttrs(forOp->getAttrDictionary());
  Block *body = newLoop.getBody();
  if (!body->empty())
    rewriter.eraseOp(&body->back());
  SmallVector<Value> arguments{newLoop.getInductionVar()};
  SmallVector<Value> yielded, results;
  unsigned kept = 0;
  for (auto [i, init] : llvm::enumerate(forOp.getInitArgs())) {
    if (dead.contains(i)) {
      arguments.push_back(init);
      continue;
    }
    arguments.push_back(newLoop.getRegionIterArgs()[kept]);
    results.push_back(newLoop.getResult(kept++));
  }
  rewriter.mergeBlocks(forOp.getBody(), body, arguments);
  // The yielded values are read after the merge: an iter_arg yielded as it is
  // (a pipelined loop's rotating tokens) is now the new loop's argument.
  for (unsigned i = 0, e = yield->getNumOperands(); i < e; ++i)
    if (!dead.contains(i))
      yielded.push_back(yield->getOperand(i));
  rewriter.setInsertionPoint(yield);
  scf::YieldOp::create(rewriter, yield->getLoc(), yielded);
  rewriter.eraseOp(yield);
  kept = 0;
  for (auto [i, result] : llvm::enumerate(forOp.getResults()))
    if (!dead.contains(i))
      rewriter.replaceAllUsesWith(result, results[kept++]);
  rewriter.eraseOp(forOp);
}

} // namespace

bool mlir::triton::gpu::isLayoutFreeElementwise(Operation *op) {
  return op->hasTrait<OpTrait::Elementwise>() && op->getNumResults() == 1 &&
         op->getNumRegions() == 0 && isMemoryEffectFree(op) &&
         isa<RankedTensorType>(op->getResult(0).getType());
}

bool mlir::triton::gpu::isCheap(Operation *op) {
  if (isa<SplatOp, MakeRangeOp, AddPtrOp, BroadcastOp, ExpandDimsOp>(op))
    return true;
  if (auto constant = dyn_cast<arith::ConstantOp>(op))
    return isa<SplatElementsAttr>(constant.getValue());
  if (!isLayoutFreeElementwise(op))
    return false;
  // Integer, pointer and comparison arithmetic, and integer-to-float casts
  // (a count kept as a float); float math is not cheap.
  if (isa<arith::UIToFPOp, arith::SIToFPOp>(op))
    return true;
  Type elt = getElementTypeOrSelf(op->getResult(0).getType());
  return isa<IntegerType, PointerType>(elt);
}

namespace {

/// isFreeIn's walk. Without a loop search the answers are memoized per
/// (value, layout): chains that reuse values (tl.rand's Philox rounds) are
/// DAGs, exponential as trees; the depth allowed is then larger too.
/// A conversion of `v` into `target` already made before `reader` (in its
/// block or one around it): `reader` may read that instead.
ConvertLayoutOp earlierConversion(Value v, Attribute target,
                                  Operation *reader) {
  if (!reader)
    return {};
  for (Operation *user : v.getUsers()) {
    auto convert = dyn_cast<ConvertLayoutOp>(user);
    if (!convert || convert.getType().getEncoding() != target ||
        convert == reader)
      continue;
    Operation *ancestor = convert->getBlock()->findAncestorOpInBlock(*reader);
    if (ancestor && convert->isBeforeInBlock(ancestor))
      return convert;
  }
  return {};
}

bool isFreeInImpl(Value v, Attribute target, unsigned depth,
                  LoopCarriedSearch *loops,
                  DenseMap<std::pair<Value, Attribute>, bool> *memo,
                  Operation *reader = nullptr, bool reuse = false) {
  auto tensor = dyn_cast<RankedTensorType>(v.getType());
  if (!tensor)
    return true; // scalars are everywhere
  if (tensor.getEncoding() == target)
    return true;
  // (Not memoized: the answer depends on the reader.)
  if (earlierConversion(v, target, reader))
    return true;
  if (depth > (memo ? kMaxMemoizedDepth : kMaxDepth))
    return false;
  if (memo) {
    auto it = memo->find({v, target});
    if (it != memo->end())
      return it->second;
  }
  auto answer = [&](bool free) {
    if (memo)
      (*memo)[{v, target}] = free;
    return free;
  };
  if (auto arg = dyn_cast<BlockArgument>(v))
    return answer(loops && isFreeIterArg(arg, target, depth, *loops));
  Operation *def = v.getDefiningOp();
  if (auto convert = dyn_cast<ConvertLayoutOp>(def))
    return answer(isFreeInImpl(convert.getSrc(), target, depth + 1, loops, memo,
                               nullptr, reuse));
  // An scf.if's result, where both branches yield a free value: the if gets
  // a result in the target layout (a Welford loop's first-iteration branch,
  // as Inductor writes it, between a running count and its loop-carried
  // value).
  if (auto ifOp = dyn_cast<scf::IfOp>(def)) {
    unsigned r = cast<OpResult>(v).getResultNumber();
    return answer(!ifOp.getElseRegion().empty() &&
                  isFreeInImpl(ifOp.thenYield().getOperand(r), target,
                               depth + 1, loops, memo, nullptr, reuse) &&
                  isFreeInImpl(ifOp.elseYield().getOperand(r), target,
                               depth + 1, loops, memo, nullptr, reuse));
  }
  // A reduction read only here moves into the layout its result is needed
  // in (a sum of constants, or of values free there): it runs once either
  // way, and its operands need no conversion.
  if (auto reduce = dyn_cast<ReduceOp>(def)) {
    unsigned uses = 0;
    for (Value result : reduce->getResults())
      uses += std::distance(result.use_begin(), result.use_end());
    Attribute needed = operandTarget(def, target);
    return answer(uses == 1 && needed && isDistributedEncoding(needed) &&
                  llvm::all_of(reduce.getSrcs(), [&](Value operand) {
                    return isFreeInImpl(operand, needed, depth + 1, loops, memo,
                                        reuse ? def : nullptr, reuse);
                  }));
  }
  // A read of shared memory used only here reads straight into the layout
  // wanted (the lowering takes any distributed layout).
  if (isa<LocalLoadOp>(def))
    return answer(v.hasOneUse() && isDistributedEncoding(target) &&
                  !isa<DotOperandEncodingAttr>(target));
  // A gather read only here moves too: its result and indices share a
  // layout, its source (read through shared memory) keeps its own. Not one
  // whose layout was chosen for its shuffles (efficient_layout).
  if (auto gather = dyn_cast<GatherOp>(def))
    return answer(!gather.getEfficientLayout() && v.hasOneUse() &&
                  isDistributedEncoding(target) &&
                  isFreeInImpl(gather.getIndices(), target, depth + 1, loops,
                               memo, reuse ? def : nullptr, reuse));
  if (auto range = dyn_cast<MakeRangeOp>(def))
    return answer(isDistributedEncoding(target) &&
                  getEncodingRank(target) == 1);
  // Any elementwise op whose one result has one use moves rather than being
  // duplicated (tl.rand's Philox rounds and float tail feeding a select of
  // loaded values): it still runs once, now in the layout its user needs.
  // So does an fp4 unpacking (its bytes then come in the layout that keeps
  // each byte's two values in one thread).
  bool moved = (isLayoutFreeElementwise(def) || isa<Fp4ToFpOp>(def)) &&
               def->getResult(0).hasOneUse();
  // Moving a conversion out of a loop pays for computing some float math
  // twice in it (a running count updated beside a running mean: GroupNorm's
  // Welford loop): the duplicated arithmetic costs less than a conversion
  // through shared memory in every iteration.
  bool worthInLoop = loops && isLayoutFreeElementwise(def);
  if (!isCheap(def) && !moved && !worthInLoop &&
      !isRematerializableInto(def, target))
    return answer(false);
  if (isa<LoadOp>(def) && loops && !loops->loadsAllowed)
    return answer(false);
  if (isa<ExpandDimsOp>(def) && !isDistributedEncoding(target))
    return answer(false);
  Attribute needed = operandTarget(def, target);
  if (!needed)
    return answer(false);
  return answer(llvm::all_of(def->getOperands(), [&](Value operand) {
    return isFreeInImpl(operand, needed, depth + 1, loops, memo,
                        reuse ? def : nullptr, reuse);
  }));
}

} // namespace

bool mlir::triton::gpu::isFreeIn(Value v, Attribute target, unsigned depth,
                                 LoopCarriedSearch *loops,
                                 bool reuseConversions) {
  if (loops)
    return isFreeInImpl(v, target, depth, loops, nullptr, nullptr,
                        reuseConversions);
  DenseMap<std::pair<Value, Attribute>, bool> memo;
  return isFreeInImpl(v, target, depth, nullptr, &memo, nullptr,
                      reuseConversions);
}

namespace {

/// Result `r` of `ifOp` in `target`: each branch yields its value computed
/// there as one more result of a new if that replaces `ifOp`; `done` records
/// it under the new if's result r, the value the IR now names.
Value materializeIfResult(scf::IfOp ifOp, unsigned r, Attribute target,
                          RewriterBase &rewriter, MaterializedMap &done) {
  Value thenValue =
      materializeIn(ifOp.thenYield().getOperand(r), target, rewriter, done);
  Value elseValue =
      materializeIn(ifOp.elseYield().getOperand(r), target, rewriter, done);
  OpBuilder::InsertionGuard guard(rewriter);
  SmallVector<Type> types(ifOp.getResultTypes());
  types.push_back(thenValue.getType());
  scf::IfOp newIf = moveIfRegions(ifOp, types, rewriter);
  for (auto [yield, value] : {std::make_pair(newIf.thenYield(), thenValue),
                              std::make_pair(newIf.elseYield(), elseValue)})
    rewriter.modifyOpInPlace(
        yield, [&] { yield->insertOperands(yield->getNumOperands(), value); });
  rewriter.replaceOp(ifOp, newIf.getResults().drop_back());
  done[{newIf.getResult(r), target}] = newIf.getResults().back();
  return newIf.getResults().back();
}

} // namespace

Value mlir::triton::gpu::materializeIn(Value v, Attribute target,
                                       RewriterBase &rewriter,
                                       MaterializedMap &done,
                                       Operation *reader) {
  auto tensor = dyn_cast<RankedTensorType>(v.getType());
  if (!tensor || tensor.getEncoding() == target)
    return v;
  if (Value known = done.lookup({v, target}))
    return known;
  if (ConvertLayoutOp earlier = earlierConversion(v, target, reader))
    return earlier.getResult();
  Operation *def = v.getDefiningOp();
  Value result;
  if (!def) {
    // A block argument the caller did not carry in `target`: convert it
    // where it starts.
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToStart(cast<BlockArgument>(v).getOwner());
    result = ConvertLayoutOp::create(rewriter, v.getLoc(),
                                     tensor.cloneWithEncoding(target), v);
  } else if (auto convert = dyn_cast<ConvertLayoutOp>(def)) {
    result = materializeIn(convert.getSrc(), target, rewriter, done);
  } else if (auto ifOp = dyn_cast<scf::IfOp>(def)) {
    // (`v` went with the old if: no entry under it.)
    return materializeIfResult(ifOp, cast<OpResult>(v).getResultNumber(),
                               target, rewriter, done);
  } else {
    SmallVector<Value> operands;
    Attribute needed = operandTarget(def, target);
    for (OpOperand &operand : def->getOpOperands()) {
      // (A gather's source stays where it is.)
      bool kept = isa<GatherOp>(def) &&
                  &operand == &cast<GatherOp>(def).getSrcMutable();
      operands.push_back(kept ? operand.get()
                              : materializeIn(operand.get(), needed, rewriter,
                                              done, reader ? def : nullptr));
    }
    OpBuilder::InsertionGuard guard(rewriter);
    // Right before the original (where Triton puts it, so a loop's body
    // reads in the order it was written), unless an operand in the target
    // layout is made later in the block: then after the last of those.
    Operation *latest = nullptr;
    for (Value operand : operands)
      if (Operation *producer = operand.getDefiningOp())
        if (producer->getBlock() == def->getBlock() &&
            def->isBeforeInBlock(producer) &&
            (!latest || latest->isBeforeInBlock(producer)))
          latest = producer;
    if (latest)
      rewriter.setInsertionPointAfter(latest);
    else
      rewriter.setInsertionPoint(def);
    Operation *clone = rewriter.clone(*def);
    clone->setOperands(operands);
    // Every result takes the layout (a reduction's several results are all
    // slices of one layout along its axis).
    for (Value cloned : clone->getResults())
      if (auto type = dyn_cast<RankedTensorType>(cloned.getType()))
        cloned.setType(type.cloneWithEncoding(target));
    if (auto constant = dyn_cast<arith::ConstantOp>(clone)) {
      auto splat = cast<SplatElementsAttr>(constant.getValue());
      constant.setValueAttr(SplatElementsAttr::get(
          cast<ShapedType>(clone->getResult(0).getType()),
          splat.getSplatValue<Attribute>()));
    }
    result = clone->getResult(cast<OpResult>(v).getResultNumber());
  }
  done[{v, target}] = result;
  return result;
}

LogicalResult
mlir::triton::gpu::rematerializeThroughLoops(ConvertLayoutOp cvt,
                                             RewriterBase &rewriter) {
  Attribute target = cvt.getType().getEncoding();
  // Not into dot operand layouts: a loop carrying an operand fragment keeps
  // registers of the MMA's shape live across iterations; the operand is
  // converted where the dot reads it (as Triton leaves it).
  if (!isDistributedEncoding(target) || isa<DotOperandEncodingAttr>(target))
    return failure();
  LoopCarriedSearch loops;
  loops.inside = cvt;
  if (!isFreeIn(cvt.getSrc(), target, 0, &loops) || loops.found.empty())
    return failure();
  SmallVector<ConvertLayoutOp> alsoCarried;
  cvt->getParentOfType<FuncOp>().walk([&](ConvertLayoutOp other) {
    if (other == cvt || other.getType().getEncoding() != target ||
        other.getSrc() == cvt.getSrc())
      return;
    LoopCarriedSearch search;
    search.inside = other;
    if (!isFreeIn(other.getSrc(), target, 0, &search) || search.found.empty())
      return;
    for (auto &entry : search.found)
      if (!loops.found.count(entry.first))
        return;
    alsoCarried.push_back(other);
  });

  // The iter_args to add, loop by loop, outer loops first: adding iter_args
  // replaces a loop and its block arguments, not the ops in its body.
  struct Carried {
    unsigned index;
    Attribute target;
    bool initFree;
  };
  SmallVector<std::pair<scf::ForOp, SmallVector<Carried>>> perLoop;
  for (auto &[key, initFree] : loops.found) {
    auto arg = cast<BlockArgument>(key.first);
    scf::ForOp forOp = iterArgLoop(arg);
    auto it = llvm::find_if(perLoop,
                            [&](auto &entry) { return entry.first == forOp; });
    if (it == perLoop.end()) {
      perLoop.push_back({forOp, {}});
      it = std::prev(perLoop.end());
    }
    it->second.push_back({arg.getArgNumber() - 1, key.second, initFree});
  }
  llvm::stable_sort(perLoop, [](auto &a, auto &b) {
    return loopNesting(a.first) < loopNesting(b.first);
  });

  MaterializedMap done;
  struct Added {
    scf::ForOp loop;
    unsigned original, added;
    Attribute target;
  };
  SmallVector<Added> added;
  for (auto &[forOp, carried] : perLoop) {
    SmallVector<Value> inits;
    for (const Carried &c : carried) {
      Value init = forOp.getInitArgs()[c.index];
      if (c.initFree) {
        inits.push_back(materializeIn(init, c.target, rewriter, done));
        continue;
      }
      rewriter.setInsertionPoint(forOp);
      auto type =
          cast<RankedTensorType>(init.getType()).cloneWithEncoding(c.target);
      inits.push_back(
          ConvertLayoutOp::create(rewriter, forOp.getLoc(), type, init));
    }
    unsigned first = forOp.getNumRegionIterArgs();
    rewriter.setInsertionPoint(forOp);
    // Each new iter_arg yields itself until its next value is built below.
    FailureOr<LoopLikeOpInterface> replaced = forOp.replaceWithAdditionalYields(
        rewriter, inits, /*replaceInitOperandUsesInLoop=*/false,
        [](OpBuilder &, Location, ArrayRef<BlockArgument> args) {
          return SmallVector<Value>(args.begin(), args.end());
        });
    if (failed(replaced))
      return failure(); // not for scf.for, which always adds them
    auto newLoop = cast<scf::ForOp>(replaced->getOperation());
    for (auto [k, c] : llvm::enumerate(carried)) {
      done[{newLoop.getRegionIterArgs()[c.index], c.target}] =
          newLoop.getRegionIterArgs()[first + k];
      added.push_back(
          {newLoop, c.index, first + static_cast<unsigned>(k), c.target});
    }
  }

  Value result = materializeIn(cvt.getSrc(), target, rewriter, done);
  // The other conversions to the target layout that need no iter_args but
  // these (a second pointer advanced from the same loop-carried base) read
  // them too, rather than carrying the value in the layout once more.
  SmallVector<std::pair<ConvertLayoutOp, Value>> siblings;
  for (ConvertLayoutOp other : alsoCarried)
    siblings.push_back(
        {other, materializeIn(other.getSrc(), target, rewriter, done)});
  for (Added &a : added) {
    Operation *yield = a.loop.getBody()->getTerminator();
    Value next =
        materializeIn(yield->getOperand(a.original), a.target, rewriter, done);
    rewriter.modifyOpInPlace(yield, [&] { yield->setOperand(a.added, next); });
  }
  // Every conversion of the same value to the same layout that the result
  // reaches is the result.
  DominanceInfo dominance(cvt->getParentOfType<FuncOp>());
  SmallVector<Operation *> same;
  for (Operation *user : cvt.getSrc().getUsers())
    if (auto other = dyn_cast<ConvertLayoutOp>(user))
      if (other != cvt && other.getType() == cvt.getType() &&
          dominance.properlyDominates(result, other))
        same.push_back(other);
  for (Operation *other : same)
    rewriter.replaceOp(other, result);
  rewriter.replaceOp(cvt, result);
  for (auto [other, value] : siblings)
    if (!llvm::is_contained(same, other.getOperation()))
      rewriter.replaceOp(other, value);

  // After the loop, the old results are the new ones converted once, so
  // that the old iter_args can go (a count carried in two layouts, its old
  // one read only by a reduction after the loop).
  for (Added &a : added) {
    Value old = a.loop.getResult(a.original);
    if (old.use_empty())
      continue;
    rewriter.setInsertionPointAfter(a.loop);
    Value back = ConvertLayoutOp::create(
        rewriter, a.loop.getLoc(), old.getType(), a.loop.getResult(a.added));
    rewriter.replaceAllUsesWith(old, back);
  }
  // The old iter_args go where nothing reads them any more.
  SmallVector<std::pair<scf::ForOp, SmallVector<unsigned>>> touched;
  for (Added &a : added) {
    auto it = llvm::find_if(touched,
                            [&](auto &entry) { return entry.first == a.loop; });
    if (it == touched.end()) {
      touched.push_back({a.loop, {}});
      it = std::prev(touched.end());
    }
    it->second.push_back(a.original);
  }
  for (auto &[forOp, originals] : touched)
    dropDeadIterArgsAmong(forOp, originals, rewriter);
  return success();
}

void mlir::triton::gpu::dropDeadIterArgs(scf::ForOp forOp,
                                         RewriterBase &rewriter) {
  SmallVector<unsigned> all(forOp.getNumRegionIterArgs());
  std::iota(all.begin(), all.end(), 0);
  dropDeadIterArgsAmong(forOp, all, rewriter);
}

namespace {

/// Whether `a` and `b` hold the same values in every iteration of `forOp`
/// once its iter_args `i` and `j` do: the same value, those two iter_args,
/// or the same pure op (no regions) of equivalent operands.
bool sameInEveryIteration(Value a, Value b, scf::ForOp forOp, unsigned i,
                          unsigned j, unsigned depth) {
  if (a == b)
    return true;
  Value argI = forOp.getRegionIterArgs()[i], argJ = forOp.getRegionIterArgs()[j];
  if ((a == argI && b == argJ) || (a == argJ && b == argI))
    return true;
  Operation *x = a.getDefiningOp(), *y = b.getDefiningOp();
  if (!x || !y || depth > 16 || x->getNumRegions() || y->getNumRegions() ||
      !isMemoryEffectFree(x) || !isMemoryEffectFree(y) ||
      cast<OpResult>(a).getResultNumber() != cast<OpResult>(b).getResultNumber())
    return false;
  return OperationEquivalence::isEquivalentTo(
      x, y,
      [&](Value l, Value r) {
        return success(sameInEveryIteration(l, r, forOp, i, j, depth + 1));
      },
      /*markEquivalent=*/nullptr, OperationEquivalence::IgnoreLocations);
}

} // namespace

void mlir::triton::gpu::mergeEquivalentIterArgs(scf::ForOp forOp,
                                                RewriterBase &rewriter) {
  unsigned n = forOp.getNumRegionIterArgs();
  Operation *yield = forOp.getBody()->getTerminator();
  for (unsigned j = 0; j < n; ++j)
    for (unsigned i = 0; i < j; ++i) {
      Value argJ = forOp.getRegionIterArgs()[j];
      if (forOp.getInitArgs()[i] != forOp.getInitArgs()[j] ||
          argJ.getType() != forOp.getRegionIterArgs()[i].getType() ||
          (argJ.use_empty() && forOp.getResult(j).use_empty()) ||
          !sameInEveryIteration(yield->getOperand(i), yield->getOperand(j),
                                forOp, i, j, 0))
        continue;
      // Started alike and advanced alike: j is i. (It is left unread, for
      // dropDeadIterArgs.)
      rewriter.replaceAllUsesWith(argJ, forOp.getRegionIterArgs()[i]);
      rewriter.replaceAllUsesWith(forOp.getResult(j), forOp.getResult(i));
      break;
    }
}
