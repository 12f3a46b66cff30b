//===- Combine.cpp - The -triton-combine pass -----------------------------===//

#include "passes/Triton/Passes.h"

#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir {
namespace triton {
#define GEN_PASS_DEF_TRITONCOMBINEOPS
#include "passes/Triton/Passes.h.inc"
} // namespace triton
} // namespace mlir

using namespace mlir;
using namespace mlir::triton;

namespace {

bool isZero(Value v) {
  return matchPattern(v, m_Zero()) || matchPattern(v, m_AnyZeroFloat());
}

/// add(dot(a, b, 0), c) or add(c, dot(a, b, 0)) -> dot(a, b, c).
template <typename AddOp>
struct CombineDotAdd : public OpRewritePattern<AddOp> {
  using OpRewritePattern<AddOp>::OpRewritePattern;
  LogicalResult matchAndRewrite(AddOp add,
                                PatternRewriter &rewriter) const override {
    // The dot on the right absorbs the left operand first: an add of two
    // dots then folds as in Triton 3.6's TTIR, which users' tests check.
    for (unsigned i : {1u, 0u}) {
      auto dot = add->getOperand(i).template getDefiningOp<DotOp>();
      Value other = add->getOperand(1 - i);
      if (!dot || !dot->hasOneUse() || !isZero(dot.getC()) ||
          other.getType() != dot.getType())
        continue;
      // A limit on imprecise fp8 accumulation is relative to a zero start.
      if (dot.getMaxNumImpreciseAcc() != 0)
        continue;
      rewriter.replaceOpWithNewOp<DotOp>(
          add, dot.getType(), dot.getA(), dot.getB(), other,
          dot.getInputPrecision(), dot.getMaxNumImpreciseAcc());
      return success();
    }
    return failure();
  }
};

/// select(c, load(p, splat(c), o1), o2) -> load(p, splat(c), o2): the select
/// only repeats the load's own mask.
struct CombineSelectMaskedLoad : public OpRewritePattern<arith::SelectOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(arith::SelectOp select,
                                PatternRewriter &rewriter) const override {
    auto load = select.getTrueValue().getDefiningOp<LoadOp>();
    if (!load || !load->hasOneUse() || !load.getMask())
      return failure();
    Value cond = select.getCondition();
    auto splat = load.getMask().getDefiningOp<SplatOp>();
    if (!splat || splat.getSrc() != cond)
      return failure();
    rewriter.replaceOpWithNewOp<LoadOp>(select, load.getPtr(), load.getMask(),
                                        select.getFalseValue(), load.getCache(),
                                        load.getEvict(), load.getIsVolatile());
    return success();
  }
};

/// The constant value of an integer scalar or splat, if any.
std::optional<APInt> getConstantInt(Value v) {
  APInt value;
  if (matchPattern(v, m_ConstantInt(&value)))
    return value;
  return std::nullopt;
}

/// Adding the offsets first cannot overflow where adding them to the pointer
/// one after the other did not: 64-bit offsets, or constants whose sum fits.
bool isOffsetSumSafe(Value a, Value b) {
  if (a.getType() != b.getType())
    return false;
  unsigned bits = getElementTypeOrSelf(a.getType()).getIntOrFloatBitWidth();
  if (bits == 64)
    return true;
  std::optional<APInt> ca = getConstantInt(a), cb = getConstantInt(b);
  if (!ca || !cb)
    return false;
  bool overflow = false;
  (void)ca->sadd_ov(*cb, overflow);
  return !overflow;
}

/// addptr(addptr(p, a), b) -> addptr(p, a + b).
struct CombineAddPtr : public OpRewritePattern<AddPtrOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(AddPtrOp op,
                                PatternRewriter &rewriter) const override {
    auto inner = op.getPtr().getDefiningOp<AddPtrOp>();
    if (!inner || !isOffsetSumSafe(inner.getOffset(), op.getOffset()))
      return failure();
    Value sum = arith::AddIOp::create(rewriter, op.getLoc(), inner.getOffset(),
                                      op.getOffset());
    auto combined = rewriter.replaceOpWithNewOp<AddPtrOp>(op, op.getType(),
                                                          inner.getPtr(), sum);
    // The frontend's hints on the outer pointer still hold for the combined
    // one (same value); other discardable attributes may not.
    for (StringRef hint : {"tt.divisibility", "tt.contiguity", "tt.constancy"})
      if (Attribute attr = op->getDiscardableAttr(hint))
        combined->setDiscardableAttr(hint, attr);
    return success();
  }
};

/// Whether `reduce` sums its one operand: its region only adds its arguments.
bool isFloatSum(ReduceOp reduce) {
  Block &body = reduce.getCombineOp().front();
  if (reduce.getSrcs().size() != 1 || body.getOperations().size() != 2)
    return false;
  auto add = dyn_cast<arith::AddFOp>(body.front());
  auto ret = dyn_cast<ReduceReturnOp>(body.back());
  return add && ret && ret.getOperand(0) == add.getResult() &&
         ((add.getLhs() == body.getArgument(0) &&
           add.getRhs() == body.getArgument(1)) ||
          (add.getLhs() == body.getArgument(1) &&
           add.getRhs() == body.getArgument(0)));
}

/// The 2-D tensor `v` is broadcast from, through expand_dims at `axis`.
Value getExpandedSource(Value v, int axis) {
  auto broadcast = v.getDefiningOp<BroadcastOp>();
  if (!broadcast)
    return {};
  auto expand = broadcast.getSrc().getDefiningOp<ExpandDimsOp>();
  if (!expand || expand.getAxis() != static_cast<uint32_t>(axis) ||
      expand.getSrc().getType().getRank() != 2)
    return {};
  return expand.getSrc();
}

/// sum(a[:, :, None] * b[None, :, :], axis=1) -> dot(a, b, 0): the matrix
/// product written with broadcasts, for blocks of at least 16 in each
/// dimension (what tensor cores take).
struct CombineBroadcastMulReduce : public OpRewritePattern<ReduceOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ReduceOp reduce,
                                PatternRewriter &rewriter) const override {
    if (reduce.getAxis() != 1 || !isFloatSum(reduce))
      return failure();
    auto mul = reduce.getSrcs()[0].getDefiningOp<arith::MulFOp>();
    if (!mul)
      return failure();
    Value a = getExpandedSource(mul.getLhs(), 2),
          b = getExpandedSource(mul.getRhs(), 0);
    if (!a || !b)
      return failure();
    auto aType = cast<RankedTensorType>(a.getType()),
         bType = cast<RankedTensorType>(b.getType());
    int64_t m = aType.getDimSize(0), k = aType.getDimSize(1),
            n = bType.getDimSize(1);
    if (bType.getDimSize(0) != k || m < 16 || k < 16 || n < 16 ||
        aType.getElementType() != bType.getElementType())
      return failure();
    auto accType = RankedTensorType::get({m, n}, aType.getElementType());
    if (reduce.getResult()[0].getType() != accType)
      return failure();
    Value zero = arith::ConstantOp::create(
        rewriter, reduce.getLoc(),
        DenseElementsAttr::get(
            accType, rewriter.getFloatAttr(accType.getElementType(), 0.0)));
    rewriter.replaceOpWithNewOp<DotOp>(reduce, accType, a, b, zero,
                                       InputPrecision::IEEE,
                                       /*maxNumImpreciseAcc=*/0);
    return success();
  }
};

/// A 1-D tensor only reduced (with one operand) or counted in a histogram may
/// be reshaped in any order: the reshape allows reordering, which spares a
/// layout conversion. (A reduce of several operands pairs them by position:
/// reordering one alone would break the pairs.)
struct ReshapeForReduceReorders : public OpRewritePattern<ReshapeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ReshapeOp reshape,
                                PatternRewriter &rewriter) const override {
    if (reshape.getAllowReorder() || reshape.getType().getRank() != 1 ||
        reshape->use_empty())
      return failure();
    for (Operation *user : reshape->getUsers()) {
      auto reduce = dyn_cast<ReduceOp>(user);
      if (!isa<HistogramOp>(user) && !(reduce && reduce.getSrcs().size() == 1))
        return failure();
    }
    rewriter.modifyOpInPlace(reshape, [&] { reshape.setAllowReorder(true); });
    return success();
  }
};

/// reshape(descriptor_load) dropping leading unit dimensions of the block ->
/// a descriptor_load giving that shape directly (its result may omit them).
struct RankReducedDescriptorLoad : public OpRewritePattern<ReshapeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ReshapeOp reshape,
                                PatternRewriter &rewriter) const override {
    auto load = reshape.getSrc().getDefiningOp<DescriptorLoadOp>();
    if (!load || !load->hasOneUse())
      return failure();
    ArrayRef<int64_t> from = load.getType().getShape(),
                      to = reshape.getType().getShape();
    if (to.size() >= from.size() || from.take_back(to.size()) != to ||
        llvm::any_of(from.drop_back(to.size()),
                     [](int64_t d) { return d != 1; }) ||
        load.getType().getEncoding() || reshape.getType().getEncoding())
      return failure();
    rewriter.modifyOpInPlace(
        load, [&] { load.getResult().setType(reshape.getType()); });
    rewriter.replaceOp(reshape, load.getResult());
    return success();
  }
};

class TritonCombineOpsPass
    : public mlir::triton::impl::TritonCombineOpsBase<TritonCombineOpsPass> {
public:
  using Base::Base;
  void runOnOperation() override {
    MLIRContext *context = &getContext();
    RewritePatternSet patterns(context);
    patterns
        .add<CombineDotAdd<arith::AddFOp>, CombineDotAdd<arith::AddIOp>,
             CombineSelectMaskedLoad, CombineAddPtr, CombineBroadcastMulReduce,
             ReshapeForReduceReorders, RankReducedDescriptorLoad>(context);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
