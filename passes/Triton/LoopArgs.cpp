//===- LoopArgs.cpp - Rebuilding an scf.for with fewer iteration arguments ===//

#include "passes/Triton/LoopArgs.h"

#include "mlir/IR/PatternMatch.h"

using namespace mlir;

scf::ForOp mlir::triton::rebuildForKeepingIterArgs(scf::ForOp loop,
                                                   ArrayRef<unsigned> kept) {
  unsigned n = loop.getNumRegionIterArgs();
  IRRewriter rewriter(loop);
  SmallVector<Value> inits;
  for (unsigned i : kept)
    inits.push_back(loop.getInitArgs()[i]);
  auto newLoop =
      scf::ForOp::create(rewriter, loop.getLoc(), loop.getLowerBound(),
                         loop.getUpperBound(), loop.getStep(), inits);
  newLoop.setUnsignedCmp(loop.getUnsignedCmp());
  newLoop->setDiscardableAttrs(loop->getDiscardableAttrDictionary());
  Block *body = newLoop.getBody();
  if (!body->empty())
    rewriter.eraseOp(body->getTerminator());
  // The dropped arguments have no uses: any value of their type stands in.
  SmallVector<Value> args = {newLoop.getInductionVar()};
  for (unsigned i = 0, k = 0; i < n; ++i)
    args.push_back(k < kept.size() && kept[k] == i
                       ? Value(newLoop.getRegionIterArg(k++))
                       : loop.getInitArgs()[i]);
  rewriter.mergeBlocks(loop.getBody(), body, args);
  auto yield = cast<scf::YieldOp>(body->getTerminator());
  SmallVector<Value> yielded;
  for (unsigned i : kept)
    yielded.push_back(yield.getOperand(i));
  rewriter.modifyOpInPlace(yield, [&] { yield->setOperands(yielded); });
  for (auto [k, i] : llvm::enumerate(kept))
    loop.getResult(i).replaceAllUsesWith(newLoop.getResult(k));
  rewriter.eraseOp(loop);
  return newLoop;
}
