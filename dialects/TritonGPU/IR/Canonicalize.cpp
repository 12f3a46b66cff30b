//===- Canonicalize.cpp - Folds and patterns of ttg ops -------------------===//
//
// A layout conversion that undoes another, or that converts a value made
// from scalars alone (a splat, a range, a constant), need not move data: the
// value is made in the target layout instead, as is a histogram's; one on
// the way into shared memory is not needed at all. Ops that take any layout
// for an operand (a histogram's values, a gather's source read through
// shared memory, a reshape free to reorder that moves no data between
// threads) take the conversion's source instead, as do ops whose operand
// conversion changes nothing but the layout's spelling.
//
//===----------------------------------------------------------------------===//

#include "dialects/TritonGPU/IR/Dialect.h"
#include "dialects/TritonGPU/IR/LinearLayoutConversions.h"
#include "dialects/TritonGPU/IR/ShapeOpLayouts.h"

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

/// The linear layout of a tensor in a distributed layout, if it has one.
std::optional<LinearLayout> distributedLayout(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor || !isDistributedEncoding(tensor.getEncoding()))
    return std::nullopt;
  return toLinearLayout(tensor.getShape(), tensor.getEncoding());
}

/// Whether a conversion keeps every element in its register, lane, warp and
/// CTA: the two layouts are one layout spelt two ways (a #ttg.linear and the
/// #ttg.blocked it equals, say).
bool changesOnlySpelling(ConvertLayoutOp cvt) {
  std::optional<LinearLayout> from = distributedLayout(cvt.getSrc().getType());
  std::optional<LinearLayout> to = distributedLayout(cvt.getType());
  return from && to && *from == *to;
}

/// Per input dimension, the bits whose basis the bits before them already
/// reach: where a layout holds copies of an element.
SmallVector<uint64_t> copyMasks(const LinearLayout &layout) {
  GF2Span span;
  SmallVector<uint64_t> masks;
  for (const LinearLayout::InDim &in : layout.getInDims()) {
    uint64_t mask = 0;
    for (auto [bit, basis] : llvm::enumerate(in.bases)) {
      uint64_t column = 0;
      unsigned shift = 0;
      for (auto [value, out] : llvm::zip(basis, layout.getOutDims())) {
        column |= uint64_t(value) << shift;
        shift += llvm::Log2_32(out.size);
      }
      if (!span.insert(column))
        mask |= uint64_t(1) << bit;
    }
    masks.push_back(mask);
  }
  return masks;
}

/// Whether a reshape free to reorder elements can go from `src` to `dst`
/// without moving data between threads: both layouts hold their copies in
/// the same registers, lanes, warps and CTAs and give each thread as many
/// elements. Layouts without a linear form count as moving data.
bool reshapeKeepsThreads(Type src, Type dst) {
  std::optional<LinearLayout> from = distributedLayout(src);
  std::optional<LinearLayout> to = distributedLayout(dst);
  if (!from || !to || from->getInDimNames() != to->getInDimNames())
    return false;
  return copyMasks(*from) == copyMasks(*to) &&
         from->getInDimSize("register") == to->getInDimSize("register");
}

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

/// convert(reshape(x)) -> reshape(x) in the conversion's layout, when the
/// reshape may reorder elements, its layout was not chosen on purpose, and
/// it reaches the new layout from x's without moving data between threads.
/// Dot operand layouts are left alone: their registers pack several
/// elements, which a reshape's lowering does not unpack.
struct ConvertOfReshape : public OpRewritePattern<ConvertLayoutOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ConvertLayoutOp op,
                                PatternRewriter &rewriter) const override {
    auto reshape = op.getSrc().getDefiningOp<ReshapeOp>();
    if (!reshape || !reshape.getAllowReorder() ||
        reshape.getEfficientLayout())
      return failure();
    auto isDotOperand = [](Type type) {
      return isa<DotOperandEncodingAttr>(
          cast<RankedTensorType>(type).getEncoding());
    };
    if (isDotOperand(reshape.getType()) || isDotOperand(op.getType()) ||
        !reshapeKeepsThreads(reshape.getSrc().getType(), op.getType()))
      return failure();
    rewriter.replaceOpWithNewOp<ReshapeOp>(op, op.getType(), reshape.getSrc(),
                                           /*allow_reorder=*/true,
                                           /*efficient_layout=*/false);
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

/// local_store(convert(x)) -> local_store(x), for the reason above.
struct StoreOfConvert : public OpRewritePattern<LocalStoreOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(LocalStoreOp op,
                                PatternRewriter &rewriter) const override {
    auto cvt = op.getSrc().getDefiningOp<ConvertLayoutOp>();
    if (!cvt)
      return failure();
    rewriter.modifyOpInPlace(
        op, [&] { op.getSrcMutable().assign(cvt.getSrc()); });
    return success();
  }
};

/// local_alloc(local_load(m)) -> m when m is an immutable buffer of the
/// same type that is never freed: its contents cannot change, so a copy of
/// them is m itself. (Not for views: an immutable view may read a mutable
/// buffer that is written later.)
struct AllocOfLoad : public OpRewritePattern<LocalAllocOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(LocalAllocOp op,
                                PatternRewriter &rewriter) const override {
    if (!op.getSrc() || op.getType().getMutableMemory())
      return failure();
    auto load = op.getSrc().getDefiningOp<LocalLoadOp>();
    if (!load || load.getSrc().getType() != op.getType())
      return failure();
    auto buffer = load.getSrc().getDefiningOp<LocalAllocOp>();
    if (!buffer || llvm::any_of(buffer->getUsers(), [](Operation *user) {
          return isa<LocalDeallocOp>(user);
        }))
      return failure();
    rewriter.replaceOp(op, buffer.getResult());
    return success();
  }
};

/// reshape(convert(x)) -> reshape(x) when the conversion only respells the
/// layout, or when the reshape may reorder elements and can reach its result
/// layout from x's without moving data between threads (the conversion's
/// work is then not needed: the reshape puts the elements where they go).
struct ReshapeOfConvert : public OpRewritePattern<ReshapeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ReshapeOp op,
                                PatternRewriter &rewriter) const override {
    auto cvt = op.getSrc().getDefiningOp<ConvertLayoutOp>();
    if (!cvt)
      return failure();
    if (!changesOnlySpelling(cvt) &&
        !(op.getAllowReorder() &&
          reshapeKeepsThreads(cvt.getSrc().getType(), op.getType())))
      return failure();
    rewriter.modifyOpInPlace(
        op, [&] { op.getSrcMutable().assign(cvt.getSrc()); });
    return success();
  }
};

/// trans(x) with the identity order -> convert(x); trans(trans(x)) ->
/// trans(x) with the two orders composed; trans(convert(x)) -> trans(x) when
/// the conversion only respells the layout. The result type stays: each
/// rewrite keeps the elements in their threads.
struct SimplifyTrans : public OpRewritePattern<TransOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(TransOp op,
                                PatternRewriter &rewriter) const override {
    ArrayRef<int32_t> order = op.getOrder();
    if (llvm::equal(order, llvm::seq<int32_t>(0, order.size()))) {
      if (!isDistributedEncoding(op.getType().getEncoding()) ||
          !isDistributedEncoding(op.getSrc().getType().getEncoding()))
        return failure();
      rewriter.replaceOpWithNewOp<ConvertLayoutOp>(op, op.getType(),
                                                   op.getSrc());
      return success();
    }
    if (auto inner = op.getSrc().getDefiningOp<TransOp>()) {
      // Result dimension i is the inner result's order[i], which is the
      // source's innerOrder[order[i]].
      SmallVector<int32_t> composed;
      for (int32_t d : order)
        composed.push_back(inner.getOrder()[d]);
      rewriter.modifyOpInPlace(op, [&] {
        op.getSrcMutable().assign(inner.getSrc());
        op.setOrder(composed);
      });
      return success();
    }
    auto cvt = op.getSrc().getDefiningOp<ConvertLayoutOp>();
    if (!cvt || !changesOnlySpelling(cvt))
      return failure();
    rewriter.modifyOpInPlace(
        op, [&] { op.getSrcMutable().assign(cvt.getSrc()); });
    return success();
  }
};

/// histogram(convert(x), mask) -> histogram(x, convert(mask)): the bins do
/// not depend on where the values sit; the mask follows the values' layout.
struct HistogramOfConvert : public OpRewritePattern<HistogramOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(HistogramOp op,
                                PatternRewriter &rewriter) const override {
    auto cvt = op.getSrc().getDefiningOp<ConvertLayoutOp>();
    if (!cvt)
      return failure();
    Value src = cvt.getSrc();
    Value mask = op.getMask();
    rewriter.setInsertionPoint(op);
    if (mask)
      mask = ConvertLayoutOp::create(rewriter, op.getLoc(),
                                     getI1SameShape(src.getType()), mask);
    rewriter.modifyOpInPlace(op, [&] {
      op.getSrcMutable().assign(src);
      if (mask)
        op.getMaskMutable().assign(mask);
    });
    return success();
  }
};

/// gather(convert(src), idx) -> gather(src, idx) unless the gather's layout
/// was chosen on purpose (`efficient_layout`): the lowering reads the source
/// through shared memory, or within a warp where the layout allows, from any
/// layout.
struct GatherOfConvert : public OpRewritePattern<GatherOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(GatherOp op,
                                PatternRewriter &rewriter) const override {
    auto cvt = op.getSrc().getDefiningOp<ConvertLayoutOp>();
    if (!cvt || op.getEfficientLayout() ||
        !isDistributedEncoding(cvt.getSrc().getType().getEncoding()))
      return failure();
    rewriter.modifyOpInPlace(
        op, [&] { op.getSrcMutable().assign(cvt.getSrc()); });
    return success();
  }
};

/// split(convert(x)) -> split(x) when x's layout splits into the results'
/// layout.
struct SplitOfConvert : public OpRewritePattern<SplitOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(SplitOp op,
                                PatternRewriter &rewriter) const override {
    auto cvt = op.getSrc().getDefiningOp<ConvertLayoutOp>();
    if (!cvt)
      return failure();
    std::optional<LinearLayout> from = distributedLayout(cvt.getSrc().getType());
    std::optional<LinearLayout> halves = from ? splitLayout(*from) : std::nullopt;
    std::optional<LinearLayout> to =
        distributedLayout(op.getOutLHS().getType());
    if (!halves || !to || *halves != *to)
      return failure();
    rewriter.modifyOpInPlace(
        op, [&] { op.getSrcMutable().assign(cvt.getSrc()); });
    return success();
  }
};

} // namespace

void ConvertLayoutOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                                  MLIRContext *context) {
  results.add<ConvertOfConvert, ConvertOfScalarMade, ConvertOfHistogram,
              ConvertOfReshape, ConvertOfLocalLoad, AllocOfConvert>(context);
  // Patterns rooted at the users of conversions (Triton registers them with
  // the conversion too, so that -canonicalize runs them).
  results.add<AllocOfLoad, StoreOfConvert, ReshapeOfConvert, SimplifyTrans,
              HistogramOfConvert, GatherOfConvert, SplitOfConvert>(context);
}
