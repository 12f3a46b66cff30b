//===- Canonicalize.cpp - Canonicalization patterns of tt ops -------------===//
//
// Patterns that replace an op with another: constant masks, and chains of
// shape ops over a splat or over one another.
//
//===----------------------------------------------------------------------===//

#include "dialects/Triton/IR/Dialect.h"

#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace mlir::triton;

namespace {

/// A mask that is a constant true or false everywhere.
std::optional<bool> getConstantMask(Value mask) {
  if (!mask)
    return std::nullopt;
  if (matchPattern(mask, m_One()))
    return true;
  if (matchPattern(mask, m_Zero()))
    return false;
  return std::nullopt;
}

/// load(p, true, other) -> load(p); load(p, false, other) -> other.
struct CanonicalizeMaskedLoad : public OpRewritePattern<LoadOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(LoadOp load,
                                PatternRewriter &rewriter) const override {
    std::optional<bool> mask = getConstantMask(load.getMask());
    if (!mask)
      return failure();
    if (*mask) {
      rewriter.replaceOpWithNewOp<LoadOp>(load, load.getPtr(), Value(), Value(),
                                          load.getCache(), load.getEvict(),
                                          load.getIsVolatile());
      return success();
    }
    // A volatile load is still performed; without `other` the value is
    // undefined and the load is left alone.
    if (!load.getOther() || load.getIsVolatile())
      return failure();
    rewriter.replaceOp(load, load.getOther());
    return success();
  }
};

/// store(p, v, true) -> store(p, v); store(p, v, false) is erased.
struct CanonicalizeMaskedStore : public OpRewritePattern<StoreOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(StoreOp store,
                                PatternRewriter &rewriter) const override {
    std::optional<bool> mask = getConstantMask(store.getMask());
    if (!mask)
      return failure();
    if (!*mask) {
      rewriter.eraseOp(store);
      return success();
    }
    rewriter.modifyOpInPlace(store, [&] { store.getMaskMutable().clear(); });
    return success();
  }
};

/// shape_op(splat(x)) -> splat(x), for any op that only moves elements.
template <typename OpT> struct ShapeOfSplat : public OpRewritePattern<OpT> {
  using OpRewritePattern<OpT>::OpRewritePattern;
  LogicalResult matchAndRewrite(OpT op,
                                PatternRewriter &rewriter) const override {
    auto splat = op.getSrc().template getDefiningOp<SplatOp>();
    if (!splat)
      return failure();
    rewriter.replaceOpWithNewOp<SplatOp>(op, op.getType(), splat.getSrc());
    return success();
  }
};

/// broadcast(broadcast(x)) -> broadcast(x).
struct BroadcastOfBroadcast : public OpRewritePattern<BroadcastOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(BroadcastOp op,
                                PatternRewriter &rewriter) const override {
    auto inner = op.getSrc().getDefiningOp<BroadcastOp>();
    if (!inner)
      return failure();
    rewriter.replaceOpWithNewOp<BroadcastOp>(op, op.getType(), inner.getSrc());
    return success();
  }
};

/// expand_dims(broadcast(x)) -> broadcast(expand_dims(x)): the broadcast
/// moves outward, where it meets another broadcast and merges with it (a
/// broadcast, expanded, broadcast again becomes one). A broadcast keeps its
/// operand's layout, so the new expand_dims of x has the layout the old one
/// had (the parent of x's slice layout).
struct ExpandDimsOfBroadcast : public OpRewritePattern<ExpandDimsOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ExpandDimsOp op,
                                PatternRewriter &rewriter) const override {
    auto broadcast = op.getSrc().getDefiningOp<BroadcastOp>();
    if (!broadcast)
      return failure();
    auto srcType = cast<RankedTensorType>(broadcast.getSrc().getType());
    SmallVector<int64_t> shape(srcType.getShape());
    shape.insert(shape.begin() + op.getAxis(), 1);
    auto expanded = ExpandDimsOp::create(
        rewriter, op.getLoc(),
        RankedTensorType::get(shape, srcType.getElementType(),
                              op.getType().getEncoding()),
        broadcast.getSrc(), op.getAxis());
    rewriter.replaceOpWithNewOp<BroadcastOp>(op, op.getType(), expanded);
    return success();
  }
};

/// reshape(reshape(x)) -> reshape(x); reordering is allowed if either allowed
/// it.
struct ReshapeOfReshape : public OpRewritePattern<ReshapeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ReshapeOp op,
                                PatternRewriter &rewriter) const override {
    auto inner = op.getSrc().getDefiningOp<ReshapeOp>();
    if (!inner)
      return failure();
    // Read op's attributes before the replacement erases it.
    bool reorder = op.getAllowReorder() || inner.getAllowReorder();
    bool efficientLayout = op.getEfficientLayout();
    auto merged = rewriter.replaceOpWithNewOp<ReshapeOp>(op, op.getType(),
                                                         inner.getSrc());
    merged.setAllowReorder(reorder);
    merged.setEfficientLayout(efficientLayout);
    return success();
  }
};

/// trans(trans(x)) -> trans(x) with the composed order.
struct TransOfTrans : public OpRewritePattern<TransOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(TransOp op,
                                PatternRewriter &rewriter) const override {
    auto inner = op.getSrc().getDefiningOp<TransOp>();
    if (!inner)
      return failure();
    SmallVector<int32_t> order;
    for (int32_t d : op.getOrder())
      order.push_back(inner.getOrder()[d]);
    rewriter.replaceOpWithNewOp<TransOp>(op, op.getType(), inner.getSrc(),
                                         order);
    return success();
  }
};

} // namespace

void LoadOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                         MLIRContext *context) {
  results.add<CanonicalizeMaskedLoad>(context);
}

void StoreOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                          MLIRContext *context) {
  results.add<CanonicalizeMaskedStore>(context);
}

void ExpandDimsOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                               MLIRContext *context) {
  results.add<ShapeOfSplat<ExpandDimsOp>, ExpandDimsOfBroadcast>(context);
}

void ReshapeOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                            MLIRContext *context) {
  results.add<ShapeOfSplat<ReshapeOp>, ReshapeOfReshape>(context);
}

void BroadcastOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                              MLIRContext *context) {
  results.add<ShapeOfSplat<BroadcastOp>, BroadcastOfBroadcast>(context);
}

void TransOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                          MLIRContext *context) {
  results.add<ShapeOfSplat<TransOp>, TransOfTrans>(context);
}
