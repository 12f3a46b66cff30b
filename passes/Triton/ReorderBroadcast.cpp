//===- ReorderBroadcast.cpp - The -triton-reorder-broadcast pass ----------===//

#include "passes/Triton/Passes.h"

#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir {
namespace triton {
#define GEN_PASS_DEF_TRITONREORDERBROADCAST
#include "passes/Triton/Passes.h.inc"
} // namespace triton
} // namespace mlir

using namespace mlir;
using namespace mlir::triton;

namespace {

/// An op that applies to each element independently, without side effects,
/// with one result: the ops whose broadcasts may move after them.
bool isMovableElementwise(Operation *op) {
  return op->hasTrait<OpTrait::Elementwise>() && op->getNumResults() == 1 &&
         op->getNumOperands() > 0 && isMemoryEffectFree(op) &&
         isa<RankedTensorType>(op->getResult(0).getType());
}

/// The scalar a splat (or splat constant) spreads, built before `op` if needed.
Value getSplatSource(Value v, PatternRewriter &rewriter, Location loc) {
  if (auto splat = v.getDefiningOp<SplatOp>())
    return splat.getSrc();
  DenseElementsAttr dense;
  if (matchPattern(v, m_Constant(&dense)) && dense.isSplat())
    return arith::ConstantOp::materialize(rewriter,
                                          dense.getSplatValue<Attribute>(),
                                          dense.getElementType(), loc);
  return {};
}

bool isSplatLike(Value v) {
  DenseElementsAttr dense;
  return v.getDefiningOp<SplatOp>() ||
         (matchPattern(v, m_Constant(&dense)) && dense.isSplat());
}

/// Clones `op` (properties included) with new operands and result type.
Operation *cloneWith(PatternRewriter &rewriter, Operation *op,
                     ValueRange operands, Type resultType) {
  Operation *clone = rewriter.clone(*op);
  clone->setOperands(operands);
  clone->getResult(0).setType(resultType);
  return clone;
}

/// elementwise(splat(a), splat(b), ...) -> splat(elementwise(a, b, ...)).
struct MoveSplatAfterElementwise : public RewritePattern {
  MoveSplatAfterElementwise(MLIRContext *context)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/1, context) {}
  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    if (!isMovableElementwise(op) ||
        !llvm::all_of(op->getOperands(), isSplatLike))
      return failure();
    // Only worth it where a splat op is involved (all-constant folds
    // elsewhere).
    if (llvm::none_of(op->getOperands(),
                      [](Value v) { return v.getDefiningOp<SplatOp>(); }))
      return failure();
    SmallVector<Value> scalars;
    for (Value v : op->getOperands())
      scalars.push_back(getSplatSource(v, rewriter, op->getLoc()));
    auto resultType = cast<RankedTensorType>(op->getResult(0).getType());
    Operation *scalarOp =
        cloneWith(rewriter, op, scalars, resultType.getElementType());
    rewriter.replaceOpWithNewOp<SplatOp>(op, resultType,
                                         scalarOp->getResult(0));
    return success();
  }
};

/// elementwise(broadcast(a), splat(b)...) -> broadcast(elementwise(a,
/// splat'(b))).
struct MoveBroadcastAfterElementwise : public RewritePattern {
  MoveBroadcastAfterElementwise(MLIRContext *context)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/1, context) {}
  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    if (!isMovableElementwise(op))
      return failure();
    BroadcastOp broadcast;
    for (Value v : op->getOperands()) {
      if (auto b = v.getDefiningOp<BroadcastOp>()) {
        // Every broadcast operand must come from the same source shape.
        if (broadcast &&
            cast<RankedTensorType>(b.getSrc().getType()).getShape() !=
                cast<RankedTensorType>(broadcast.getSrc().getType()).getShape())
          return failure();
        broadcast = b;
      } else if (!isSplatLike(v)) {
        return failure();
      }
    }
    if (!broadcast)
      return failure();
    auto srcType = cast<RankedTensorType>(broadcast.getSrc().getType());
    SmallVector<Value> operands;
    for (Value v : op->getOperands()) {
      if (auto b = v.getDefiningOp<BroadcastOp>()) {
        operands.push_back(b.getSrc());
        continue;
      }
      Value scalar = getSplatSource(v, rewriter, op->getLoc());
      auto narrow = RankedTensorType::get(srcType.getShape(),
                                          getElementTypeOrSelf(v.getType()),
                                          srcType.getEncoding());
      operands.push_back(
          SplatOp::create(rewriter, op->getLoc(), narrow, scalar));
    }
    auto resultType = cast<RankedTensorType>(op->getResult(0).getType());
    auto narrowResult = RankedTensorType::get(
        srcType.getShape(), resultType.getElementType(), srcType.getEncoding());
    Operation *narrowOp = cloneWith(rewriter, op, operands, narrowResult);
    rewriter.replaceOpWithNewOp<BroadcastOp>(op, resultType,
                                             narrowOp->getResult(0));
    return success();
  }
};

class TritonReorderBroadcastPass
    : public mlir::triton::impl::TritonReorderBroadcastBase<
          TritonReorderBroadcastPass> {
public:
  using Base::Base;
  void runOnOperation() override {
    MLIRContext *context = &getContext();
    RewritePatternSet patterns(context);
    patterns.add<MoveSplatAfterElementwise, MoveBroadcastAfterElementwise>(
        context);
    // Shape-op canonicalizations (broadcast of splat, ...) keep chains short.
    BroadcastOp::getCanonicalizationPatterns(patterns, context);
    ExpandDimsOp::getCanonicalizationPatterns(patterns, context);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
