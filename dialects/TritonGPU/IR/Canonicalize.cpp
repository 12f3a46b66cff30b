//===- Canonicalize.cpp - Folds and patterns of ttg ops -------------------===//
//
// A layout conversion that undoes another, or that converts a value made
// from scalars alone (a splat, a range, a constant), need not move data: the
// value is made in the target layout instead, as is a histogram's; one on
// the way into shared memory is not needed at all.
//
//===----------------------------------------------------------------------===//

#include "dialects/TritonGPU/IR/Dialect.h"

#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

OpFoldResult ConvertLayoutOp::fold(FoldAdaptor) {
  if (getSrc().getType() == getType())
    return getSrc();
  // convert(convert(x)) back to x's own layout is x.
  if (auto inner = getSrc().getDefiningOp<ConvertLayoutOp>())
    if (inner.getSrc().getType() == getType())
      return inner.getSrc();
  return {};
}

namespace {

/// convert(convert(x)) -> convert(x).
struct ConvertOfConvert : public OpRewritePattern<ConvertLayoutOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ConvertLayoutOp op,
                                PatternRewriter &rewriter) const override {
    auto inner = op.getSrc().getDefiningOp<ConvertLayoutOp>();
    if (!inner)
      return failure();
    rewriter.replaceOpWithNewOp<ConvertLayoutOp>(op, op.getType(),
                                                 inner.getSrc());
    return success();
  }
};

/// convert(splat(s)) -> splat(s), convert(make_range) -> make_range,
/// convert(splat constant) -> constant: made directly in the target layout.
struct ConvertOfScalarMade : public OpRewritePattern<ConvertLayoutOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ConvertLayoutOp op,
                                PatternRewriter &rewriter) const override {
    Operation *def = op.getSrc().getDefiningOp();
    if (!def || !isDistributedEncoding(op.getType().getEncoding()))
      return failure();
    if (auto splat = dyn_cast<SplatOp>(def)) {
      rewriter.replaceOpWithNewOp<SplatOp>(op, op.getType(), splat.getSrc());
      return success();
    }
    // A splat constant is the same constant in any layout.
    SplatElementsAttr splatValue;
    if (matchPattern(op.getSrc(), m_Constant(&splatValue))) {
      rewriter.replaceOpWithNewOp<arith::ConstantOp>(
          op, op.getType(),
          SplatElementsAttr::get(op.getType(),
                                 splatValue.getSplatValue<Attribute>()));
      return success();
    }
    if (auto range = dyn_cast<MakeRangeOp>(def)) {
      rewriter.replaceOpWithNewOp<MakeRangeOp>(
          op, op.getType(), range.getStart(), range.getEnd());
      return success();
    }
    return failure();
  }
};

/// convert(histogram(x)) -> histogram(x): the bins are counted in shared
/// memory and read back by each thread, so they come out in any distributed
/// layout at no cost (3.6 folds the same conversion).
struct ConvertOfHistogram : public OpRewritePattern<ConvertLayoutOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ConvertLayoutOp op,
                                PatternRewriter &rewriter) const override {
    auto histogram = op.getSrc().getDefiningOp<HistogramOp>();
    if (!histogram || !isDistributedEncoding(op.getType().getEncoding()))
      return failure();
    rewriter.replaceOpWithNewOp<HistogramOp>(
        op, op.getType(), histogram.getSrc(), histogram.getMask());
    return success();
  }
};

/// convert(local_load(m)) -> local_load(m): a load from shared memory can
/// produce any layout. The new load stays where the old one was, before any
/// write to the buffer between it and the conversion.
struct ConvertOfLocalLoad : public OpRewritePattern<ConvertLayoutOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ConvertLayoutOp op,
                                PatternRewriter &rewriter) const override {
    auto load = op.getSrc().getDefiningOp<LocalLoadOp>();
    if (!load)
      return failure();
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPoint(load);
    auto replacement = LocalLoadOp::create(
        rewriter, load.getLoc(), op.getType(), load.getSrc(), load.getToken());
    rewriter.replaceOp(op, replacement.getResult());
    return success();
  }
};

/// local_alloc(convert(x)) -> local_alloc(x): a store into shared memory
/// takes any distributed layout, so the conversion (itself a round trip
/// through shared memory) is not needed on the way there.
struct AllocOfConvert : public OpRewritePattern<ConvertLayoutOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ConvertLayoutOp op,
                                PatternRewriter &rewriter) const override {
    bool changed = false;
    for (OpOperand &use :
         llvm::make_early_inc_range(op.getResult().getUses())) {
      auto alloc = dyn_cast<LocalAllocOp>(use.getOwner());
      if (!alloc || alloc.getSrc() != op.getResult())
        continue;
      rewriter.modifyOpInPlace(alloc, [&] { use.set(op.getSrc()); });
      changed = true;
    }
    return success(changed);
  }
};

} // namespace

void ConvertLayoutOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                                  MLIRContext *context) {
  results.add<ConvertOfConvert, ConvertOfScalarMade, ConvertOfHistogram,
              ConvertOfLocalLoad, AllocOfConvert>(context);
}
