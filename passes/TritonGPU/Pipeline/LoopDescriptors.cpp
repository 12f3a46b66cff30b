//===- LoopDescriptors.cpp - Tensormaps made in a pipelined loop ----------===//
//
// A tt.make_tensor_descriptor in a pipelined loop writes a new tensormap
// each trip, while TMA copies issued in earlier trips may still read theirs.
// As in Triton 3.6, each such op gets a ring of 128-byte slots in global
// scratch, made before the loop, and writes them in turn: a counter carried
// by the loop (through the scf.if ops around the op) picks the slot.
//
//===----------------------------------------------------------------------===//

#include "passes/TritonGPU/Pipeline/AsyncLoads.h"
#include "passes/TritonGPU/Pipeline/Pipeline.h"

#include "dialects/TritonNvidiaGPU/IR/Dialect.h"
#include "dialects/TritonNvidiaGPU/IR/TMA.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;
using namespace mlir::triton::gpu::pipeline;

namespace {

constexpr int64_t kTensormapBytes = 128;

/// The ops between `op` and the loop body, innermost first, when they are
/// all scf.if ops (the only region ops the counter is carried out of).
std::optional<SmallVector<scf::IfOp>> enclosingIfs(Operation *op,
                                                   scf::ForOp forOp) {
  SmallVector<scf::IfOp> ifs;
  for (Operation *parent = op->getParentOp(); parent != forOp;
       parent = parent->getParentOp()) {
    auto ifOp = dyn_cast_or_null<scf::IfOp>(parent);
    if (!ifOp)
      return std::nullopt;
    ifs.push_back(ifOp);
  }
  return ifs;
}

/// `ifOp` with one more i32 result: `inside` from the region that holds
/// `from`, `outside` from the other one (an else region is added when there
/// is none). Returns the new op; the old one is erased and its place in
/// `schedule` given to the new one.
scf::IfOp addCounterResult(RewriterBase &rewriter, scf::IfOp ifOp,
                           Block *from, Value inside, Value outside,
                           CoarseSchedule &schedule) {
  rewriter.setInsertionPoint(ifOp);
  SmallVector<Type> types(ifOp.getResultTypes());
  types.push_back(rewriter.getI32Type());
  auto newIf = scf::IfOp::create(rewriter, ifOp.getLoc(), types,
                                 ifOp.getCondition(), /*addThenBlock=*/false,
                                 /*addElseBlock=*/false);
  newIf->setAttrs(ifOp->getAttrs());
  newIf.getThenRegion().takeBody(ifOp.getThenRegion());
  newIf.getElseRegion().takeBody(ifOp.getElseRegion());
  if (newIf.getElseRegion().empty()) {
    Block *block = rewriter.createBlock(&newIf.getElseRegion());
    rewriter.setInsertionPointToEnd(block);
    scf::YieldOp::create(rewriter, ifOp.getLoc());
  }
  bool inThen = newIf.getThenRegion().isAncestor(from->getParent());
  for (Region *region : {&newIf.getThenRegion(), &newIf.getElseRegion()}) {
    auto yield = cast<scf::YieldOp>(region->front().getTerminator());
    bool holds = (region == &newIf.getThenRegion()) == inThen;
    rewriter.modifyOpInPlace(yield, [&] {
      yield.getResultsMutable().append(holds ? inside : outside);
    });
  }
  rewriter.replaceOp(ifOp, newIf->getResults().drop_back());
  if (schedule.count(ifOp)) {
    auto [stage, cluster] = schedule.lookup(ifOp);
    schedule.ops.erase(ifOp);
    schedule.insert(newIf, stage, cluster);
  }
  return newIf;
}

} // namespace

void pipeline::lowerLoopDescriptors(scf::ForOp &forOp,
                                    CoarseSchedule &schedule) {
  if (!targetHasTMA(forOp))
    return;
  // Descriptors TMA can move, under scf.if ops at most (others are left to
  // the TMA lowering, which says why it cannot take them).
  SmallVector<MakeTensorDescOp> makes;
  forOp.getBody()->walk([&](MakeTensorDescOp make) {
    if (nvidia_gpu::whyNotTMABlock(make.getType().getBlockType()).empty() &&
        matchPattern(make.getStrides().back(), m_One()) &&
        enclosingIfs(make, forOp))
      makes.push_back(make);
  });
  if (makes.empty())
    return;
  // A copy issued in stage s or later of trip i has landed by the end of
  // its last stage (trip i + numStages - 1); the slot is written again at
  // stage s of trip i + numStages at the earliest.
  int64_t numSlots = std::max(schedule.numStages, 1);

  IRRewriter rewriter(forOp.getContext());
  rewriter.setInsertionPoint(forOp);
  Location loopLoc = forOp.getLoc();
  auto bytePtr = PointerType::get(rewriter.getI8Type(), 1);
  SmallVector<Value> rings;
  for (MakeTensorDescOp make : makes)
    rings.push_back(GlobalScratchAllocOp::create(
        rewriter, make.getLoc(), bytePtr, numSlots * kTensormapBytes,
        kTensormapBytes));
  Value zero = arith::ConstantIntOp::create(rewriter, loopLoc, 0, 32);
  SmallVector<Value> inits(makes.size(), zero);
  unsigned firstCounter = forOp.getNumRegionIterArgs();
  // The counters are yielded as they are for now; each make's rewrite below
  // yields its next value. The body's ops move to the new loop.
  FailureOr<LoopLikeOpInterface> newLoop = forOp.replaceWithAdditionalYields(
      rewriter, inits, /*replaceInitOperandUsesInLoop=*/false,
      [](OpBuilder &, Location, ArrayRef<BlockArgument> args) {
        return SmallVector<Value>(args.begin(), args.end());
      });
  forOp = cast<scf::ForOp>(newLoop->getOperation());
  Block *body = forOp.getBody();

  for (auto [k, make] : llvm::enumerate(makes)) {
    Value counter = forOp.getRegionIterArg(firstCounter + k);
    Operation *anchor = body->findAncestorOpInBlock(*make);
    auto [stage, cluster] = schedule.lookup(anchor);
    llvm::SmallPtrSet<Operation *, 16> before;
    for (Operation &op : *body)
      before.insert(&op);

    Location loc = make.getLoc();
    Block *from = make->getBlock();
    SmallVector<scf::IfOp> ifs = *enclosingIfs(make, forOp);
    rewriter.setInsertionPoint(make);
    Value slotBytes =
        arith::ConstantIntOp::create(rewriter, loc, kTensormapBytes, 32);
    Value offset = arith::MulIOp::create(rewriter, loc, counter, slotBytes);
    Value slot = AddPtrOp::create(rewriter, loc, bytePtr, rings[k], offset);
    Value desc = nvidia_gpu::writeTensormap(rewriter, make,
                                            [&](OpBuilder &) { return slot; });
    assert(desc && "the block and strides were checked above");
    Value one = arith::ConstantIntOp::create(rewriter, loc, 1, 32);
    Value modulus = arith::ConstantIntOp::create(rewriter, loc, numSlots, 32);
    Value add = arith::AddIOp::create(rewriter, loc, counter, one);
    Value wrap = arith::CmpIOp::create(rewriter, loc,
                                       arith::CmpIPredicate::sge, add, modulus);
    Value next = arith::SelectOp::create(
        rewriter, loc, wrap,
        arith::ConstantIntOp::create(rewriter, loc, 0, 32), add);
    rewriter.replaceOp(make, desc);
    // Out through the ifs: the next value where the op ran, the counter
    // unchanged where it did not.
    for (scf::IfOp ifOp : ifs) {
      bool wasAnchor = ifOp.getOperation() == anchor;
      scf::IfOp newIf =
          addCounterResult(rewriter, ifOp, from, next, counter, schedule);
      if (wasAnchor)
        anchor = newIf;
      next = newIf->getResults().back();
      from = newIf->getBlock();
    }
    auto yield = cast<scf::YieldOp>(body->getTerminator());
    yield->setOperand(firstCounter + k, next);
    // The ops made in the body run with the op they replace.
    for (Operation &op : *body)
      if (!before.contains(&op) && !isa<scf::YieldOp>(op) &&
          !schedule.count(&op))
        schedule.insert(&op, stage, cluster);
  }
}
