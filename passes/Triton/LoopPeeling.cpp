//===- LoopPeeling.cpp - Peel the last iteration of an scf.for ------------===//
//
// The peeled iteration is guarded by lb < ub, not by a trip count: the
// bounds are signed (scf.for's), and a loop that runs at least once has a
// last iteration whose induction value is lb + ((ub - lb - 1) / step) * step.
//
//===----------------------------------------------------------------------===//

#include "passes/Triton/LoopPeeling.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;

Value mlir::triton::getLastInductionValue(OpBuilder &b, scf::ForOp forOp) {
  Location loc = forOp.getLoc();
  Value lb = forOp.getLowerBound();
  Value step = forOp.getStep();
  Value one = arith::ConstantOp::create(
      b, loc, b.getIntegerAttr(step.getType(), 1));
  Value range = arith::SubIOp::create(b, loc, forOp.getUpperBound(), lb);
  Value rangeMinusOne = arith::SubIOp::create(b, loc, range, one);
  Value itersMinusOne = arith::DivSIOp::create(b, loc, rangeMinusOne, step);
  Value delta = arith::MulIOp::create(b, loc, itersMinusOne, step);
  return arith::AddIOp::create(b, loc, delta, lb);
}

void mlir::triton::peelLoopEpilogue(
    scf::ForOp forOp,
    function_ref<Operation *(RewriterBase &, Operation *, bool)>
        processPeeledOp) {
  IRRewriter rewriter(forOp);
  Location loc = forOp.getLoc();
  Value lb = forOp.getLowerBound();
  Value ub = forOp.getUpperBound();
  Value shortenedUb =
      arith::SubIOp::create(rewriter, loc, ub, forOp.getStep());

  rewriter.setInsertionPointAfter(forOp);
  Value lastIV = getLastInductionValue(rewriter, forOp);
  Value runs =
      arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::slt, lb, ub);
  // The peeled body reads the shortened loop's results where the loop body
  // read its iteration arguments.
  IRMapping mapping;
  mapping.map(forOp.getRegionIterArgs(), forOp.getResults());
  mapping.map(forOp.getInductionVar(), lastIV);
  auto ifOp = scf::IfOp::create(rewriter, loc, forOp.getResultTypes(), runs);
  forOp.getBodyRegion().cloneInto(&ifOp.getThenRegion(), mapping);
  Block *elseBlock = rewriter.createBlock(&ifOp.getElseRegion());
  rewriter.setInsertionPointToStart(elseBlock);
  scf::YieldOp::create(rewriter, loc, forOp.getResults());
  forOp->replaceUsesWithIf(ifOp, [&](OpOperand &use) {
    return !ifOp->isAncestor(use.getOwner());
  });
  forOp.getUpperBoundMutable().assign(shortenedUb);

  if (!processPeeledOp)
    return;
  auto process = [&](Block &block, bool isEpilogue) {
    for (Operation &op :
         llvm::make_early_inc_range(block.without_terminator())) {
      Operation *replacement = processPeeledOp(rewriter, &op, isEpilogue);
      if (replacement && replacement != &op)
        op.replaceAllUsesWith(replacement);
    }
  };
  process(*forOp.getBody(), /*isEpilogue=*/false);
  process(ifOp.getThenRegion().front(), /*isEpilogue=*/true);
}
