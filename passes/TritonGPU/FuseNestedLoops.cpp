//===- FuseNestedLoops.cpp - -tritongpu-fuse-nested-loops -----------------===//
//
// Triton 3.6's flattening of a loop nest into one loop, so that the
// pipeliner, which only pipelines innermost loops, overlaps the inner loop's
// loads across iterations of the outer loop too (a persistent matmul's
// tiles). The fused loop runs len(outer) * inner_len iterations; a counter T
// says where in one outer iteration it is, and each piece of the outer body
// (the prologue before each inner loop, each inner body, the epilogue) runs
// under an scf.if on T. Values that crossed from one piece to another become
// loop-carried values of the fused loop. The algorithm and the shape of its
// output (whose tests upstream's lit file checks op by op) are 3.6's.
//
// Only inner loops whose bounds are, or can be hoisted to be, invariant to
// the outer loop are fused, or whose bounds depend only on the outer
// induction variable (their lengths are then summed by a loop before the
// fused one). Nests other than one outer loop with one inner loop are fused
// only when marked `ttg.always-fuse` (tests).
//
//===----------------------------------------------------------------------===//

#include "passes/TritonGPU/Passes.h"

#include "dialects/Triton/IR/Dialect.h"
#include "dialects/TritonNvidiaGPU/IR/Dialect.h"

#include "mlir/Analysis/TopologicalSortUtils.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/BitVector.h"

#include <queue>

namespace mlir {
namespace triton {
namespace gpu {
#define GEN_PASS_DEF_TRITONGPUFUSENESTEDLOOPS
#include "passes/TritonGPU/Passes.h.inc"
} // namespace gpu
} // namespace triton
} // namespace mlir

using namespace mlir;
using namespace mlir::triton;

namespace {

/// Set by the frontend (`tl.range(..., flatten=True)`): fuse this nest.
constexpr StringLiteral kFlattenAttr = "tt.flatten";
/// The inner loop is known to run at least once (its body needs no guard).
constexpr StringLiteral kMustExecuteAttr = "ttg.must-execute";
/// Tests: fuse this nest whatever its shape, without preprocessing.
constexpr StringLiteral kAlwaysFuseAttr = "ttg.always-fuse";
/// Loop attributes the fused loop inherits.
constexpr StringLiteral kWarpSpecializeAttr = "tt.warp_specialize";
constexpr StringLiteral kDisallowAccMultiBufferAttr =
    "tt.disallow_acc_multi_buffer";
constexpr StringLiteral kNumStagesAttr = "tt.num_stages";

//===----------------------------------------------------------------------===//
// Loop nests
//===----------------------------------------------------------------------===//

/// One loop of a nest and the loops directly inside it.
struct LoopNode {
  explicit LoopNode(scf::ForOp loop) : loop(loop) {}
  scf::ForOp loop;
  SmallVector<LoopNode *, 1> children;
};

/// A tree of scf.for loops nested without other region ops between them.
struct LoopNest {
  explicit LoopNest(scf::ForOp outermost) {
    nodes.push_back(std::make_unique<LoopNode>(outermost));
    root = nodes.front().get();
  }
  SmallVector<std::unique_ptr<LoopNode>> nodes;
  LoopNode *root;
};

void collectLoopNests(Operation *container, SmallVectorImpl<LoopNest> &nests);

/// Adds the loops under `parent` to `nest`; another region op (an scf.if, a
/// while) ends the nest there and starts new nests inside it.
void growLoopNest(LoopNode *parent, LoopNest &nest,
                  SmallVectorImpl<LoopNest> &nests) {
  parent->loop->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (op == parent->loop.getOperation())
      return WalkResult::advance();
    if (auto forOp = dyn_cast<scf::ForOp>(op)) {
      nest.nodes.push_back(std::make_unique<LoopNode>(forOp));
      LoopNode *child = nest.nodes.back().get();
      parent->children.push_back(child);
      growLoopNest(child, nest, nests);
      return WalkResult::skip();
    }
    if (op->getNumRegions()) {
      collectLoopNests(op, nests);
      return WalkResult::skip();
    }
    return WalkResult::advance();
  });
}

void collectLoopNests(Operation *container, SmallVectorImpl<LoopNest> &nests) {
  container->walk<WalkOrder::PreOrder>([&](scf::ForOp loop) {
    LoopNest nest(loop);
    growLoopNest(nest.root, nest, nests);
    nests.push_back(std::move(nest));
    return WalkResult::skip();
  });
}

//===----------------------------------------------------------------------===//
// Prologues and epilogues
//===----------------------------------------------------------------------===//

/// A run of ops of the outer body between inner loops, and its outputs: the
/// results used after the run.
struct Logue {
  void moveBefore(Block *block, Block::iterator it) {
    for (Operation *op : ops)
      op->moveBefore(block, it);
  }
  /// Uses outside `region` (where the ops now are) read `values` instead.
  void replaceUsesOutside(ValueRange values, Region &region) {
    for (auto [value, output] : llvm::zip(values, outputs))
      output.replaceUsesWithIf(value, [&](OpOperand &use) {
        return !region.isAncestor(use.getOwner()->getParentRegion());
      });
  }
  TypeRange getOutputTypes() const { return ValueRange(outputs).getTypes(); }

  SmallVector<Operation *> ops;
  SmallVector<Value> outputs;
};

Logue makeLogue(Block::iterator begin, Block::iterator end,
                DominanceInfo &dominance) {
  Logue logue;
  for (Operation &op : llvm::make_range(begin, end))
    logue.ops.push_back(&op);
  if (logue.ops.empty())
    return logue;
  Operation *last = logue.ops.back();
  for (Operation *op : logue.ops)
    for (OpResult result : op->getResults())
      if (llvm::any_of(result.getUsers(), [&](Operation *user) {
            return dominance.properlyDominates(last, user);
          }))
        logue.outputs.push_back(result);
  return logue;
}

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

/// Ops that may move out of the outer loop to compute an inner loop's
/// bounds: free of effects other than reads, on scalars only (the integer
/// divisions of bounds fused earlier never divide by zero).
bool canHoistBoundOp(Operation *op) {
  auto isScalar = [](Type type) {
    return type.isIntOrIndexOrFloat() || isa<PointerType>(type);
  };
  return (isMemoryEffectFree(op) ||
          hasSingleEffect<MemoryEffects::Read>(op)) &&
         llvm::all_of(op->getOperandTypes(), isScalar) &&
         llvm::all_of(op->getResultTypes(), isScalar);
}

/// Whether `values` are computed before `refOp` or by ops that may be moved
/// there (added to `toMove`, only if all can be); block arguments must pass
/// `canUseArg`.
bool findOpsToHoist(DominanceInfo &dominance, Operation *refOp,
                    ArrayRef<Value> values, llvm::SetVector<Operation *> &toMove,
                    function_ref<bool(BlockArgument)> canUseArg) {
  llvm::SetVector<Operation *> visited;
  std::queue<Value> queue;
  for (Value value : values)
    queue.push(value);
  while (!queue.empty()) {
    Value value = queue.front();
    queue.pop();
    if (dominance.properlyDominates(value, refOp))
      continue;
    if (auto arg = dyn_cast<BlockArgument>(value)) {
      if (!canUseArg(arg))
        return false;
      continue;
    }
    Operation *op = value.getDefiningOp();
    if (visited.contains(op))
      continue;
    if (!canHoistBoundOp(op))
      return false;
    visited.insert(op);
    for (Value operand : op->getOperands())
      queue.push(operand);
  }
  toMove.insert(visited.begin(), visited.end());
  return true;
}

void moveOpsBefore(Block *block, Block::iterator it,
                   const llvm::SetVector<Operation *> &ops) {
  for (Operation *op : topologicalSort(ops))
    op->moveBefore(block, it);
}

void moveOpsBefore(Operation *refOp, const llvm::SetVector<Operation *> &ops) {
  moveOpsBefore(refOp->getBlock(), refOp->getIterator(), ops);
}

bool isFunctionArg(BlockArgument arg) {
  return isa<FuncOp>(arg.getOwner()->getParentOp());
}

/// Whether the bounds of `inner` can be made invariant to `outer`.
bool boundsInvariantTo(DominanceInfo &dominance, scf::ForOp outer,
                       scf::ForOp inner, llvm::SetVector<Operation *> &toMove) {
  return findOpsToHoist(
      dominance, outer,
      {inner.getLowerBound(), inner.getUpperBound(), inner.getStep()}, toMove,
      isFunctionArg);
}

/// Index types count as 64 bits: lengths are computed at least that wide.
unsigned getIntWidth(Type type) {
  if (isa<IndexType>(type))
    return IndexType::kInternalStorageBitWidth;
  return cast<IntegerType>(type).getWidth();
}

/// len(range(lb, ub, step)), for either sign of step.
Value emitTripCount(ImplicitLocOpBuilder &b, Value lb, Value ub, Value step) {
  Value diff = arith::SubIOp::create(b, ub, lb);
  return arith::CeilDivSIOp::create(b, diff, step);
}

Value emitTripCount(ImplicitLocOpBuilder &b, scf::ForOp loop) {
  return emitTripCount(b, loop.getLowerBound(), loop.getUpperBound(),
                       loop.getStep());
}

Value castInt(ImplicitLocOpBuilder &b, Value value, Type type) {
  if (value.getType() == type)
    return value;
  if (isa<IndexType>(value.getType()) || isa<IndexType>(type))
    return arith::IndexCastOp::create(b, type, value);
  if (getIntWidth(value.getType()) > getIntWidth(type))
    return arith::TruncIOp::create(b, type, value);
  return arith::ExtSIOp::create(b, type, value);
}

/// A value never read on a live path: zero where the type has one (ptxas
/// does better with zeros than with undefined registers), else poison.
Value createUnusedValue(ImplicitLocOpBuilder &b, Type type) {
  Type element = getElementTypeOrSelf(type);
  if (!element.isIntOrIndexOrFloat() ||
      (!isa<RankedTensorType>(type) && type != element))
    return ub::PoisonOp::create(b, type);
  TypedAttr zero = isa<FloatType>(element)
                       ? TypedAttr(b.getFloatAttr(element, 0))
                       : TypedAttr(b.getIntegerAttr(element, 0));
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    zero = SplatElementsAttr::get(tensor, zero);
  return arith::ConstantOp::create(b, zero);
}

scf::YieldOp getYield(Region &region) {
  return cast<scf::YieldOp>(region.front().getTerminator());
}

/// `ifOp` without the results in `drop`, whose uses read `replacements` (in
/// order) instead.
scf::IfOp dropIfResults(ImplicitLocOpBuilder &b, scf::IfOp ifOp,
                        llvm::BitVector drop, ArrayRef<Value> replacements) {
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPoint(ifOp);
  drop.resize(ifOp.getNumResults());
  getYield(ifOp.getThenRegion())->eraseOperands(drop);
  getYield(ifOp.getElseRegion())->eraseOperands(drop);
  auto newIf = scf::IfOp::create(
      b, getYield(ifOp.getThenRegion()).getOperandTypes(),
      ifOp.getCondition());
  newIf.getThenRegion().takeBody(ifOp.getThenRegion());
  newIf.getElseRegion().takeBody(ifOp.getElseRegion());
  SmallVector<Value> values;
  const Value *replacement = replacements.begin();
  auto kept = newIf->result_begin();
  for (unsigned i = 0, e = ifOp.getNumResults(); i < e; ++i)
    values.push_back(drop[i] ? *replacement++ : Value(*kept++));
  ifOp.replaceAllUsesWith(values);
  ifOp.erase();
  return newIf;
}

/// An inner loop to fuse; `boundOps` compute its bounds from the outer
/// induction variable when they are not outer-loop invariant.
struct InnerLoop {
  scf::ForOp op;
  llvm::SetVector<Operation *> boundOps;
  bool isInvariant() const { return boundOps.empty(); }
};

//===----------------------------------------------------------------------===//
// Fusing one level
//===----------------------------------------------------------------------===//

/// Fuses the inner loops of `parent` (which have no children left) into it:
///
///   for i in range(lbi, ubi, stepi):          T = 0; i = lbi - stepi
///     prologue0(i)                            for _ in range(len_i * inner_len):
///     for j0 in range(...): body0(i, j0)        if T == start0: i += stepi;
///     prologue1(i)                                 prologue0(i); j0 = lbj0
///     for j1 in range(...): body1(i, j1)        if start0 <= T < start0 + len_j0:
///     epilogue(i)                                  body0(i, j0); j0 += stepj0
///                                               if T == start1: prologue1(i); ...
///                                               ...
///                                               if T == inner_len - 1: epilogue(i)
///                                               T = 0 if T == inner_len - 1 else T + 1
///
/// with start_k = sum_{m<k} max(1, len_jm) - k and inner_len = start_N +
/// max(1, len_jN): the last iteration of one inner body shares its fused
/// iteration with the next prologue's first.
void fuseOneLevel(LoopNode *parent, DominanceInfo &dominance) {
  scf::ForOp outer = parent->loop;
  SmallVector<InnerLoop> inners;
  llvm::SetVector<Operation *> toHoist;
  for (LoopNode *child : parent->children) {
    scf::ForOp inner = child->loop;
    if (boundsInvariantTo(dominance, outer, inner, toHoist)) {
      inners.push_back({inner, {}});
      continue;
    }
    llvm::SetVector<Operation *> boundOps;
    if (findOpsToHoist(
            dominance, outer,
            {inner.getLowerBound(), inner.getUpperBound(), inner.getStep()},
            boundOps, [&](BlockArgument arg) {
              return arg == outer.getInductionVar() || isFunctionArg(arg);
            }))
      inners.push_back({inner, std::move(boundOps)});
  }
  // Loops not fused are ordinary ops of the fused body from here on.
  parent->children.clear();
  if (inners.empty())
    return;
  moveOpsBefore(outer, toHoist);

  unsigned width = getIntWidth(outer.getInductionVar().getType());
  for (InnerLoop &inner : inners)
    width =
        std::max(width, getIntWidth(inner.op.getInductionVar().getType()));
  ImplicitLocOpBuilder b(outer.getLoc(), outer);
  Type intTy = b.getIntegerType(width);
  auto constant = [&](int64_t value) -> Value {
    return arith::ConstantOp::create(b, IntegerAttr::get(intTy, value));
  };
  bool allInvariant = llvm::all_of(
      inners, [](const InnerLoop &inner) { return inner.isInvariant(); });

  Value lenOuter = emitTripCount(b, outer);
  SmallVector<Value> lenInners;
  for (InnerLoop &inner : inners)
    lenInners.push_back(inner.isInvariant()
                            ? castInt(b, emitTripCount(b, inner.op), intTy)
                            : createUnusedValue(b, intTy));
  unsigned N = inners.size() - 1;
  Value innerLen = constant(0);
  for (auto [inner, len] : llvm::zip(inners, lenInners))
    if (inner.isInvariant())
      innerLen = arith::AddIOp::create(
          b, innerLen, arith::MaxSIOp::create(b, constant(1), len));
  innerLen = arith::SubIOp::create(b, innerLen, constant(N));
  Value totalIters =
      arith::MulIOp::create(b, castInt(b, lenOuter, intTy), innerLen);

  // Inner loops whose lengths vary with i: a loop before the fused one adds
  // them up.
  {
    auto lengths =
        scf::ForOp::create(b, outer.getLowerBound(), outer.getUpperBound(),
                           outer.getStep(), ValueRange{totalIters});
    Value sum = lengths.getRegionIterArg(0);
    IRMapping mapping;
    mapping.map(outer.getInductionVar(), lengths.getInductionVar());
    b.setInsertionPointToStart(lengths.getBody());
    for (InnerLoop &inner : inners) {
      if (inner.isInvariant())
        continue;
      for (Operation *op : topologicalSort(inner.boundOps))
        if (!mapping.contains(op))
          b.clone(*op, mapping);
      Value len = emitTripCount(
          b, mapping.lookupOrDefault(inner.op.getLowerBound()),
          mapping.lookupOrDefault(inner.op.getUpperBound()),
          mapping.lookupOrDefault(inner.op.getStep()));
      Value castLen = castInt(b, len, intTy);
      len = arith::MaxSIOp::create(b, constant(1), castLen);
      sum = arith::AddIOp::create(b, sum, len);
    }
    scf::YieldOp::create(b, sum);
    totalIters = lengths.getResult(0);
    b.setInsertionPointAfter(lengths);
  }

  // The pieces of the outer body: prologue k before inner loop k, the
  // epilogue after the last (without the yield).
  SmallVector<Logue> logues;
  Block *outerBody = outer.getBody();
  logues.push_back(makeLogue(outerBody->begin(),
                             inners.front().op->getIterator(), dominance));
  for (unsigned k = 0; k < N; ++k)
    logues.push_back(makeLogue(std::next(inners[k].op->getIterator()),
                               inners[k + 1].op->getIterator(), dominance));
  logues.push_back(makeLogue(std::next(inners.back().op->getIterator()),
                             std::prev(outerBody->end()), dominance));

  // Carried values: T, i, the outer loop's, the inner lengths and
  // inner_len, each jk, each inner loop's, each prologue's outputs.
  SmallVector<Value> inits{constant(0), arith::SubIOp::create(
                                            b, outer.getLowerBound(),
                                            outer.getStep())};
  unsigned outerArgsAt = inits.size();
  llvm::append_range(inits, outer.getInits());
  unsigned lenInnersAt = inits.size();
  llvm::append_range(inits, lenInners);
  unsigned innerLenAt = inits.size();
  inits.push_back(innerLen);
  unsigned ivsAt = inits.size();
  for (InnerLoop &inner : inners)
    inits.push_back(
        createUnusedValue(b, inner.op.getInductionVar().getType()));
  unsigned innerOutsAt = inits.size();
  for (InnerLoop &inner : inners)
    for (Type type : inner.op.getResultTypes())
      inits.push_back(createUnusedValue(b, type));
  unsigned logueOutsAt = inits.size();
  for (Logue &logue : llvm::drop_end(logues))
    for (Type type : logue.getOutputTypes())
      inits.push_back(createUnusedValue(b, type));

  Value step = constant(1);
  auto fused = scf::ForOp::create(b, constant(0), totalIters, step, inits);
  ArrayRef<BlockArgument> fusedArgs = fused.getRegionIterArgs();
  for (auto [arg, fusedArg] : llvm::zip(outer.getRegionIterArgs(),
                                        fusedArgs.drop_front(outerArgsAt)))
    arg.replaceAllUsesWith(fusedArg);
  ValueRange lenInnerArgs = ValueRange(fusedArgs).slice(
      lenInnersAt, lenInners.size());
  for (auto [len, arg] : llvm::zip(lenInners, lenInnerArgs))
    len = arg;
  b.setInsertionPointToStart(fused.getBody());

  Value T = fusedArgs[0];
  Value prevI = fusedArgs[1];
  Value i;
  ArrayRef<BlockArgument> ivArgs = fusedArgs.drop_front(ivsAt);
  ValueRange fusedValues(fusedArgs);
  auto innerOutArgs = fusedValues.begin() + innerOutsAt;
  auto logueOutArgs = fusedValues.begin() + logueOutsAt;
  SmallVector<scf::IfOp> prologueIfs, bodyIfs;
  for (unsigned k = 0; k <= N; ++k) {
    Value start = constant(0);
    for (unsigned m = 0; m < k; ++m)
      start = arith::AddIOp::create(
          b, start, arith::MaxSIOp::create(b, constant(1), lenInners[m]));
    start = arith::SubIOp::create(b, start, constant(k));
    Value atStart =
        arith::CmpIOp::create(b, arith::CmpIPredicate::eq, T, start);

    // if T == start_k: [k == 0: i += stepi] prologue_k(i); jk = lbjk; the
    // inner loop's inits.
    scf::ForOp inner = inners[k].op;
    Logue &prologue = logues[k];
    SmallVector<Type> types{inner.getInductionVar().getType()};
    llvm::append_range(types, prologue.getOutputTypes());
    llvm::append_range(types, inner.getInits().getTypes());
    if (k == 0) {
      types.push_back(prevI.getType());
      types.append(inners.size(), intTy);
      types.push_back(innerLen.getType());
    }
    auto prologueIf = scf::IfOp::create(b, types, atStart);
    prologueIfs.push_back(prologueIf);
    Block *thenBlock = b.createBlock(&prologueIf.getThenRegion());
    prologue.moveBefore(thenBlock, thenBlock->end());
    if (k == 0) {
      b.setInsertionPointToStart(thenBlock);
      i = arith::AddIOp::create(b, prevI, outer.getStep());
      replaceAllUsesInRegionWith(outer.getInductionVar(), i,
                                 prologueIf.getThenRegion());
      // The lengths that vary with i, for this outer iteration.
      IRMapping mapping;
      for (auto [inner, len] : llvm::zip(inners, lenInners)) {
        if (inner.isInvariant())
          continue;
        for (Operation *op : topologicalSort(inner.boundOps))
          if (!mapping.contains(op))
            b.clone(*op, mapping);
        len = castInt(b,
                      emitTripCount(
                          b, mapping.lookupOrDefault(inner.op.getLowerBound()),
                          mapping.lookupOrDefault(inner.op.getUpperBound()),
                          mapping.lookupOrDefault(inner.op.getStep())),
                      intTy);
        innerLen = arith::AddIOp::create(
            b, innerLen, arith::MaxSIOp::create(b, constant(1), len));
      }
    }
    b.setInsertionPointToEnd(thenBlock);
    SmallVector<Value> thenValues{inner.getLowerBound()};
    llvm::append_range(thenValues, prologue.outputs);
    llvm::append_range(thenValues, inner.getInits());
    if (k == 0) {
      thenValues.push_back(i);
      llvm::append_range(thenValues, lenInners);
      thenValues.push_back(innerLen);
    }
    scf::YieldOp::create(b, thenValues);
    // Otherwise the values carried from before.
    b.createBlock(&prologueIf.getElseRegion());
    unsigned numOutputs = prologue.outputs.size();
    SmallVector<Value> elseValues{ivArgs[k]};
    elseValues.append(logueOutArgs, logueOutArgs + numOutputs);
    elseValues.append(innerOutArgs, innerOutArgs + inner.getNumResults());
    if (k == 0) {
      elseValues.push_back(prevI);
      llvm::append_range(elseValues, lenInnerArgs);
      // inner_len is the same every iteration when no length varies.
      elseValues.push_back(allInvariant ? innerLen
                                        : Value(fusedArgs[innerLenAt]));
    }
    logueOutArgs += numOutputs;
    scf::YieldOp::create(b, elseValues);

    Value jk = prologueIf.getResult(0);
    ValueRange prologueOuts = prologueIf.getResults().slice(1, numOutputs);
    ValueRange innerInits =
        prologueIf.getResults().slice(1 + numOutputs, inner.getNumResults());
    inner.getInductionVar().replaceAllUsesWith(jk);
    prologue.replaceUsesOutside(prologueOuts, prologueIf.getThenRegion());
    for (auto [init, arg] : llvm::zip(innerInits, inner.getRegionIterArgs()))
      arg.replaceAllUsesWith(init);
    if (k == 0) {
      ValueRange results = prologueIf.getResults();
      i = results.drop_back(1 + lenInners.size()).back();
      ValueRange lens = results.drop_back().take_back(lenInners.size());
      lenInners.assign(lens.begin(), lens.end());
      innerLen = results.back();
      outer.getInductionVar().replaceAllUsesWith(i);
    }

    // if start_k <= T < start_k + len_jk: body_k(i, jk); jk += stepjk
    b.setInsertionPointAfter(prologueIf);
    Value end = arith::AddIOp::create(b, start, castInt(b, lenInners[k], intTy));
    Value afterStart =
        arith::CmpIOp::create(b, arith::CmpIPredicate::sge, T, start);
    Value beforeEnd =
        arith::CmpIOp::create(b, arith::CmpIPredicate::slt, T, end);
    Value inBody = arith::AndIOp::create(b, afterStart, beforeEnd);
    SmallVector<Type> bodyTypes{jk.getType()};
    llvm::append_range(bodyTypes, inner.getResultTypes());
    auto bodyIf = scf::IfOp::create(b, bodyTypes, inBody);
    bodyIfs.push_back(bodyIf);
    inner.getBody()->eraseArguments([](BlockArgument) { return true; });
    bodyIf.getThenRegion().takeBody(inner.getBodyRegion());
    scf::YieldOp bodyYield = getYield(bodyIf.getThenRegion());
    b.setInsertionPoint(bodyYield);
    Value nextJk = arith::AddIOp::create(b, jk, inner.getStep());
    bodyYield->insertOperands(0, nextJk);
    b.createBlock(&bodyIf.getElseRegion());
    SmallVector<Value> forwarded{jk};
    forwarded.append(innerOutArgs, innerOutArgs + inner.getNumResults());
    innerOutArgs += inner.getNumResults();
    scf::YieldOp::create(b, forwarded);
    inner.replaceAllUsesWith(
        bodyIf.getResults().slice(1, inner.getNumResults()));
    if (inner->hasAttr(kMustExecuteAttr)) {
      b.setInsertionPoint(bodyIf);
      bodyIf.getConditionMutable().assign(
          arith::ConstantOp::create(b, b.getBoolAttr(true)));
    }
    b.setInsertionPointAfter(bodyIf);
  }

  // if T == inner_len - 1: epilogue(i). Its outputs can only be yielded to
  // the outer loop; otherwise those keep their carried values.
  Logue &epilogue = logues.back();
  auto outerYield = cast<scf::YieldOp>(outerBody->getTerminator());
  SmallVector<Value> keptArgs;
  for (Value output : epilogue.outputs)
    for (OpOperand &use : output.getUses())
      if (use.getOwner() == outerYield)
        keptArgs.push_back(
            fusedArgs.drop_front(outerArgsAt)[use.getOperandNumber()]);
  Value atEnd = arith::CmpIOp::create(
      b, arith::CmpIPredicate::eq, T,
      arith::SubIOp::create(b, innerLen, constant(1)));
  auto epilogueIf = scf::IfOp::create(b, epilogue.getOutputTypes(), atEnd);
  Block *epilogueBlock = b.createBlock(&epilogueIf.getThenRegion());
  epilogue.moveBefore(epilogueBlock, epilogueBlock->end());
  b.setInsertionPointToEnd(epilogueBlock);
  scf::YieldOp::create(b, epilogue.outputs);
  b.createBlock(&epilogueIf.getElseRegion());
  scf::YieldOp::create(b, keptArgs);
  epilogue.replaceUsesOutside(epilogueIf.getResults(),
                              epilogueIf.getThenRegion());

  // T = 0 if T == inner_len - 1 else T + 1
  b.setInsertionPointToEnd(fused.getBody());
  Value nextT = arith::AddIOp::create(b, T, constant(1));
  Value wraps = arith::CmpIOp::create(
      b, arith::CmpIPredicate::eq, T,
      arith::SubIOp::create(b, innerLen, constant(1)));
  T = arith::SelectOp::create(b, wraps, constant(0), nextT);

  SmallVector<Value> yielded{T, i};
  llvm::append_range(yielded, outerYield.getOperands());
  llvm::append_range(yielded, lenInners);
  yielded.push_back(innerLen);
  for (scf::IfOp bodyIf : bodyIfs)
    yielded.push_back(bodyIf.getResult(0));
  for (auto [bodyIf, inner] : llvm::zip(bodyIfs, inners))
    llvm::append_range(yielded,
                       bodyIf.getResults().slice(1, inner.op.getNumResults()));
  for (auto [prologueIf, logue] :
       llvm::zip(prologueIfs, llvm::drop_end(logues)))
    llvm::append_range(yielded,
                       prologueIf.getResults().slice(1, logue.outputs.size()));
  scf::YieldOp::create(b, yielded);
  outer.replaceAllUsesWith(
      fused.getResults().slice(outerArgsAt, outer.getNumResults()));

  // An inner loop's inits computed outside the fused loop are carried from
  // the start and reset by the epilogue instead of set by the prologue:
  // fewer values pass from one inner loop to the next.
  MutableArrayRef<OpOperand> fusedInits = fused.getInitsMutable();
  scf::YieldOp fusedYield = getYield(fused.getBodyRegion());
  unsigned innerOut = innerOutsAt;
  SmallVector<OpOperand *> resetYields;
  SmallVector<Value> resetValues, forwardedValues;
  for (auto [inner, prologueIf, bodyIf, prologue] :
       llvm::zip(inners, prologueIfs, bodyIfs, logues)) {
    unsigned numResults = inner.op.getNumResults();
    unsigned skip = 1 + prologue.outputs.size();
    llvm::BitVector drop(skip + numResults);
    SmallVector<Value> replacements;
    for (auto [m, init] : llvm::enumerate(inner.op.getInits())) {
      if (init.getParentRegion() == &fused.getBodyRegion())
        continue;
      fusedInits[innerOut + m].set(init);
      replacements.push_back(fusedArgs[innerOut + m]);
      drop.set(skip + m);
      resetYields.push_back(&fusedYield->getOpOperand(innerOut + m));
      forwardedValues.push_back(bodyIf.getResult(1 + m));
      resetValues.push_back(init);
    }
    dropIfResults(b, prologueIf, drop, replacements);
    innerOut += numResults;
  }
  if (!resetYields.empty()) {
    MutableOperandRange(getYield(epilogueIf.getThenRegion()))
        .append(resetValues);
    MutableOperandRange(getYield(epilogueIf.getElseRegion()))
        .append(forwardedValues);
    b.setInsertionPoint(epilogueIf);
    auto newIf = scf::IfOp::create(
        b, getYield(epilogueIf.getThenRegion()).getOperandTypes(),
        epilogueIf.getCondition());
    newIf.getThenRegion().takeBody(epilogueIf.getThenRegion());
    newIf.getElseRegion().takeBody(epilogueIf.getElseRegion());
    epilogueIf.replaceAllUsesWith(
        newIf.getResults().take_front(epilogueIf.getNumResults()));
    ResultRange resets = newIf.getResults().drop_front(
        epilogueIf.getNumResults());
    for (auto [use, reset] : llvm::zip(resetYields, resets))
      use->set(reset);
    epilogueIf.erase();
  }

  if (outer->hasAttr(kWarpSpecializeAttr) ||
      llvm::any_of(inners, [](const InnerLoop &inner) {
        return inner.op->hasAttr(kWarpSpecializeAttr);
      }))
    fused->setAttr(kWarpSpecializeAttr, b.getUnitAttr());
  if (outer->hasAttr(kDisallowAccMultiBufferAttr) ||
      llvm::any_of(inners, [](const InnerLoop &inner) {
        return inner.op->hasAttr(kDisallowAccMultiBufferAttr);
      }))
    fused->setAttr(kDisallowAccMultiBufferAttr, b.getUnitAttr());
  // The fused loop takes the largest stage count of the nest.
  int numStages = 1;
  if (auto stages = outer->getAttrOfType<IntegerAttr>(kNumStagesAttr))
    numStages = stages.getInt();
  for (InnerLoop &inner : inners) {
    if (auto stages = inner.op->getAttrOfType<IntegerAttr>(kNumStagesAttr))
      numStages = std::max<int>(numStages, stages.getInt());
    inner.op.erase();
  }
  outer.erase();
  parent->loop = fused;
  if (numStages > 1)
    fused->setAttr(kNumStagesAttr, b.getI32IntegerAttr(numStages));
}

/// Leaf to root: each level fuses loops that have no children left.
void flattenLoopNest(LoopNode *node, DominanceInfo &dominance) {
  for (LoopNode *child : node->children)
    flattenLoopNest(child, dominance);
  fuseOneLevel(node, dominance);
}

//===----------------------------------------------------------------------===//
// Preparing a nest
//===----------------------------------------------------------------------===//

bool shouldFuse(const LoopNest &nest) {
  // Trip counts are computed with signed divisions: loops comparing their
  // bounds unsigned (which Triton's frontend never emits) stay as they are.
  if (llvm::any_of(nest.nodes, [](const std::unique_ptr<LoopNode> &node) {
        return node->loop.getUnsignedCmp();
      }))
    return false;
  if (nest.root->loop->hasAttr(kAlwaysFuseAttr))
    return true;
  return nest.nodes.size() == 2 && nest.root->children.size() == 1 &&
         nest.root->loop->hasAttr(kFlattenAttr);
}

bool isDot(Operation *op) {
  return isa<DotOp, DotScaledOp, nvidia_gpu::WarpGroupDotOp,
             nvidia_gpu::TCGen5MMAOp, nvidia_gpu::TCGen5MMAScaledOp>(op);
}

/// Pure ops of the prologue (dots aside) used only after the inner loop move
/// to right after it: they are no longer carried through the fused loop.
void sinkIntoEpilogue(scf::ForOp outer, scf::ForOp inner,
                      DominanceInfo &dominance) {
  auto inEpilogue = [&](Operation *op) {
    return dominance.properlyDominates(inner, op, /*enclosingOpOk=*/false);
  };
  llvm::SetVector<Operation *> sunk;
  for (Operation &op : llvm::reverse(
           llvm::make_range(outer.getBody()->begin(), inner->getIterator()))) {
    if (!isPure(&op) || isDot(&op))
      continue;
    if (llvm::all_of(op.getUsers(), [&](Operation *user) {
          return inEpilogue(user) || sunk.contains(user);
        }))
      sunk.insert(&op);
  }
  if (!sunk.empty())
    moveOpsBefore(outer.getBody(), std::next(inner->getIterator()), sunk);
}

/// Whether an llvm.intr.assume says ub > lb (or lb < ub).
bool hasPositiveTripCountAssumption(scf::ForOp loop) {
  arith::CmpIPredicate gt = loop.getUnsignedCmp() ? arith::CmpIPredicate::ugt
                                                  : arith::CmpIPredicate::sgt;
  arith::CmpIPredicate lt = loop.getUnsignedCmp() ? arith::CmpIPredicate::ult
                                                  : arith::CmpIPredicate::slt;
  for (Operation *user : loop.getUpperBound().getUsers()) {
    auto cmp = dyn_cast<arith::CmpIOp>(user);
    if (!cmp || llvm::none_of(cmp->getUsers(), [](Operation *op) {
          return isa<LLVM::AssumeOp>(op);
        }))
      continue;
    if ((cmp.getPredicate() == gt && cmp.getLhs() == loop.getUpperBound() &&
         cmp.getRhs() == loop.getLowerBound()) ||
        (cmp.getPredicate() == lt && cmp.getLhs() == loop.getLowerBound() &&
         cmp.getRhs() == loop.getUpperBound()))
      return true;
  }
  return false;
}

/// Makes the inner loop known to run at least once, so that its body needs
/// no guard in the fused loop (which the pipeliner handles better): from an
/// assumption, or by running a copy of the nest without the inner loop when
/// its (outer-invariant) length is 0.
LogicalResult speculateInnerLoopRuns(scf::ForOp outer, scf::ForOp inner,
                                     DominanceInfo &dominance) {
  ImplicitLocOpBuilder b(inner.getLoc(), outer);
  if (hasPositiveTripCountAssumption(inner)) {
    inner->setAttr(kMustExecuteAttr, b.getUnitAttr());
    return success();
  }
  llvm::SetVector<Operation *> toHoist;
  if (!boundsInvariantTo(dominance, outer, inner, toHoist))
    return failure();
  moveOpsBefore(outer, toHoist);
  inner->setAttr(kMustExecuteAttr, b.getUnitAttr());

  Value len = emitTripCount(b, inner);
  Value empty = arith::CmpIOp::create(
      b, arith::CmpIPredicate::eq, len,
      arith::ConstantOp::create(b, IntegerAttr::get(len.getType(), 0)));
  auto ifOp = scf::IfOp::create(b, outer.getResultTypes(), empty);
  IRMapping mapping;
  b.createBlock(&ifOp.getThenRegion());
  auto copy = cast<scf::ForOp>(b.clone(*outer, mapping));
  scf::YieldOp::create(b, copy.getResults());
  auto innerCopy = cast<scf::ForOp>(mapping.lookup(inner.getOperation()));
  innerCopy.replaceAllUsesWith(innerCopy.getInits());
  innerCopy.erase();
  copy->removeAttr(kWarpSpecializeAttr);

  outer.replaceAllUsesWith(ifOp.getResults());
  b.createBlock(&ifOp.getElseRegion());
  outer->remove();
  b.insert(outer);
  scf::YieldOp::create(b, outer.getResults());
  return success();
}

LogicalResult prepareLoopNest(const LoopNest &nest, DominanceInfo &dominance) {
  scf::ForOp outer = nest.root->loop;
  scf::ForOp inner = nest.root->children.front()->loop;
  moveLoopInvariantCode(outer);
  sinkIntoEpilogue(outer, inner, dominance);
  return speculateInnerLoopRuns(outer, inner, dominance);
}

struct FuseNestedLoopsPass
    : triton::gpu::impl::TritonGPUFuseNestedLoopsBase<FuseNestedLoopsPass> {
  using Base::Base;
  void runOnOperation() override {
    DominanceInfo &dominance = getAnalysis<DominanceInfo>();
    for (auto func : getOperation().getOps<FuncOp>()) {
      SmallVector<LoopNest> nests;
      collectLoopNests(func, nests);
      for (LoopNest &nest : nests) {
        if (!shouldFuse(nest))
          continue;
        if (!nest.root->loop->hasAttr(kAlwaysFuseAttr) &&
            failed(prepareLoopNest(nest, dominance)))
          continue;
        flattenLoopNest(nest.root, dominance);
      }
    }
  }
};

} // namespace
