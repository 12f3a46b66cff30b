//===- RemoveLayoutConversions.cpp - -tritongpu-remove-layout-conversions ---===//

#include "passes/TritonGPU/LayoutInference.h"
#include "passes/TritonGPU/Passes.h"
#include "passes/TritonGPU/LayoutPropagation.h"

#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/Passes.h"

namespace mlir {
namespace triton {
namespace gpu {
#define GEN_PASS_DEF_TRITONGPUREMOVELAYOUTCONVERSIONS
#include "passes/TritonGPU/Passes.h.inc"
} // namespace gpu
} // namespace triton
} // namespace mlir

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {

constexpr unsigned kMaxDepth = 12;

Attribute encodingOf(Value v) {
  if (auto tensor = dyn_cast<RankedTensorType>(v.getType()))
    return tensor.getEncoding();
  return {};
}

/// An elementwise op that may run in any layout: pure, one result, every
/// tensor operand and the result of one shape.
bool isLayoutFreeElementwise(Operation *op) {
  return op->hasTrait<OpTrait::Elementwise>() && op->getNumResults() == 1 &&
         op->getNumRegions() == 0 && isMemoryEffectFree(op) &&
         isa<RankedTensorType>(op->getResult(0).getType());
}

/// Ops cheap enough to compute again in another layout.
bool isCheap(Operation *op) {
  if (isa<SplatOp, MakeRangeOp, AddPtrOp, BroadcastOp, ExpandDimsOp>(op))
    return true;
  if (auto constant = dyn_cast<arith::ConstantOp>(op))
    return isa<SplatElementsAttr>(constant.getValue());
  if (!isLayoutFreeElementwise(op))
    return false;
  // Integer, pointer and comparison arithmetic; float math is not cheap.
  Type elt = getElementTypeOrSelf(op->getResult(0).getType());
  return isa<IntegerType, PointerType>(elt);
}

/// The layout the operands of `op` must have for op to produce `target`:
/// the same, except for expand_dims, whose operand is a slice of it, and
/// reshapes and transposes, whose operand layout is inferred (null if none).
Attribute operandTarget(Operation *op, Attribute target) {
  if (auto expand = dyn_cast<ExpandDimsOp>(op))
    return SliceEncodingAttr::get(op->getContext(), expand.getAxis(), target);
  if (isa<ReshapeOp, TransOp>(op))
    return inferSourceEncoding(op, target);
  return target;
}

/// Loads and shape ops move no data between threads when done again in
/// another layout; a load read again costs memory traffic, so only into plain
/// layouts (blocked, slice, linear: never dot operands or MMA), as Triton
/// 3.6 rematerializes them.
bool isRematerializableInto(Operation *op, Attribute target) {
  if (isa<ReshapeOp, TransOp>(op))
    return isa<RankedTensorType>(op->getOperand(0).getType());
  if (auto load = dyn_cast<LoadOp>(op))
    return !load.getIsVolatile() && isa<RankedTensorType>(load.getType()) &&
           isa<BlockedEncodingAttr, SliceEncodingAttr, LinearEncodingAttr>(target);
  return false;
}

/// Whether `v` can be had in layout `target` without moving data: it is
/// there already, comes from there through a conversion, or is computed by
/// cheap ops from such values and scalars.
bool isFreeIn(Value v, Attribute target, unsigned depth = 0) {
  auto tensor = dyn_cast<RankedTensorType>(v.getType());
  if (!tensor)
    return true; // scalars are everywhere
  if (tensor.getEncoding() == target)
    return true;
  Operation *def = v.getDefiningOp();
  if (!def || depth > kMaxDepth)
    return false;
  if (auto convert = dyn_cast<ConvertLayoutOp>(def))
    return isFreeIn(convert.getSrc(), target, depth + 1);
  if (auto range = dyn_cast<MakeRangeOp>(def))
    return isDistributedEncoding(target) && getEncodingRank(target) == 1;
  if (!isCheap(def) && !isRematerializableInto(def, target))
    return false;
  if (isa<ExpandDimsOp>(def) && !isDistributedEncoding(target))
    return false;
  Attribute needed = operandTarget(def, target);
  if (!needed)
    return false;
  return llvm::all_of(def->getOperands(),
                      [&](Value operand) { return isFreeIn(operand, needed, depth + 1); });
}

/// Builds `v` in layout `target` (isFreeIn(v, target) holds).
using MaterializedMap = DenseMap<std::pair<Value, Attribute>, Value>;

Value materializeIn(Value v, Attribute target, PatternRewriter &rewriter,
                    MaterializedMap &done) {
  auto tensor = dyn_cast<RankedTensorType>(v.getType());
  if (!tensor || tensor.getEncoding() == target)
    return v;
  if (Value known = done.lookup({v, target}))
    return known;
  Operation *def = v.getDefiningOp();
  Value result;
  if (auto convert = dyn_cast<ConvertLayoutOp>(def)) {
    result = materializeIn(convert.getSrc(), target, rewriter, done);
  } else {
    SmallVector<Value> operands;
    Attribute needed = operandTarget(def, target);
    for (Value operand : def->getOperands())
      operands.push_back(materializeIn(operand, needed, rewriter, done));
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointAfter(def);
    for (Value operand : operands)
      if (Operation *producer = operand.getDefiningOp())
        if (producer->getBlock() == def->getBlock() && def->isBeforeInBlock(producer))
          rewriter.setInsertionPointAfter(producer);
    Operation *clone = rewriter.clone(*def);
    clone->setOperands(operands);
    clone->getResult(0).setType(cast<RankedTensorType>(v.getType()).cloneWithEncoding(target));
    if (auto constant = dyn_cast<arith::ConstantOp>(clone)) {
      auto splat = cast<SplatElementsAttr>(constant.getValue());
      constant.setValueAttr(SplatElementsAttr::get(cast<ShapedType>(clone->getResult(0).getType()),
                                                   splat.getSplatValue<Attribute>()));
    }
    result = clone->getResult(0);
  }
  done[{v, target}] = result;
  return result;
}

/// convert(x) where x is free in the target layout -> x computed there.
struct RematerializeConvertedValue : public OpRewritePattern<ConvertLayoutOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ConvertLayoutOp op, PatternRewriter &rewriter) const override {
    Attribute target = op.getType().getEncoding();
    Operation *def = op.getSrc().getDefiningOp();
    if (!def || isa<ConvertLayoutOp>(def) || !isDistributedEncoding(target) ||
        !isFreeIn(op.getSrc(), target))
      return failure();
    MaterializedMap done;
    rewriter.replaceOp(op, materializeIn(op.getSrc(), target, rewriter, done));
    return success();
  }
};

/// u(convert(x: B -> A), y...) -> convert(u(x, y in B): B -> A), when the
/// other operands are free in B.
struct SinkConvertThroughElementwise : public RewritePattern {
  SinkConvertThroughElementwise(MLIRContext *context)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/1, context) {}
  LogicalResult matchAndRewrite(Operation *op, PatternRewriter &rewriter) const override {
    if (!isLayoutFreeElementwise(op))
      return failure();
    Attribute source;
    for (Value operand : op->getOperands())
      if (auto convert = operand.getDefiningOp<ConvertLayoutOp>()) {
        Attribute from = encodingOf(convert.getSrc());
        if (isDistributedEncoding(from) && from != encodingOf(operand)) {
          source = from;
          break;
        }
      }
    if (!source ||
        !llvm::all_of(op->getOperands(), [&](Value v) { return isFreeIn(v, source); }))
      return failure();
    MaterializedMap done;
    SmallVector<Value> operands;
    for (Value operand : op->getOperands())
      operands.push_back(materializeIn(operand, source, rewriter, done));
    Operation *clone = rewriter.clone(*op);
    clone->setOperands(operands);
    Type oldType = op->getResult(0).getType();
    clone->getResult(0).setType(cast<RankedTensorType>(oldType).cloneWithEncoding(source));
    rewriter.replaceOpWithNewOp<ConvertLayoutOp>(op, oldType, clone->getResult(0));
    return success();
  }
};

/// When every value of `converted` is a conversion from one distributed
/// layout, that layout, with the conversions' sources in `sources`.
Attribute unconvertedSources(ValueRange converted, SmallVectorImpl<Value> &sources) {
  Attribute source;
  for (Value value : converted) {
    auto convert = value.getDefiningOp<ConvertLayoutOp>();
    if (!convert)
      return {};
    Attribute from = encodingOf(convert.getSrc());
    if (!isDistributedEncoding(from) || (source && from != source))
      return {};
    source = from;
    sources.push_back(convert.getSrc());
  }
  return source;
}

/// Replaces `op` by `replacement`, converting each result back to the type
/// `op` had where it differs.
void replaceConvertingBack(Operation *op, Operation *replacement,
                           PatternRewriter &rewriter) {
  SmallVector<Value> results;
  for (auto [oldResult, newResult] : llvm::zip(op->getResults(), replacement->getResults()))
    results.push_back(oldResult.getType() == newResult.getType()
                          ? Value(newResult)
                          : ConvertLayoutOp::create(rewriter, op->getLoc(),
                                                    oldResult.getType(), newResult)
                                .getResult());
  rewriter.replaceOp(op, results);
}

/// reduce(convert(x)) -> reduce(x), the results converted back.
struct ReduceOfConvert : public OpRewritePattern<ReduceOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ReduceOp op, PatternRewriter &rewriter) const override {
    SmallVector<Value> srcs;
    Attribute source = unconvertedSources(op.getSrcs(), srcs);
    if (!source)
      return failure();
    SmallVector<Type> resultTypes;
    for (Type type : op.getResultTypes())
      resultTypes.push_back(
          isa<RankedTensorType>(type)
              ? Type(cast<RankedTensorType>(type).cloneWithEncoding(
                    SliceEncodingAttr::get(getContext(), op.getAxis(), source)))
              : type);
    auto reduce = ReduceOp::create(rewriter, op.getLoc(), resultTypes, srcs, op.getAxis());
    rewriter.inlineRegionBefore(op.getCombineOp(), reduce.getCombineOp(),
                                reduce.getCombineOp().end());
    replaceConvertingBack(op, reduce, rewriter);
    return success();
  }
};

/// scan(convert(x)) -> scan(x), the results converted back.
struct ScanOfConvert : public OpRewritePattern<ScanOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ScanOp op, PatternRewriter &rewriter) const override {
    SmallVector<Value> srcs;
    Attribute source = unconvertedSources(op.getSrcs(), srcs);
    if (!source)
      return failure();
    auto scan = ScanOp::create(rewriter, op.getLoc(), ValueRange(srcs).getTypes(), srcs,
                               op.getAxis(), op.getReverse());
    rewriter.inlineRegionBefore(op.getCombineOp(), scan.getCombineOp(),
                                scan.getCombineOp().end());
    replaceConvertingBack(op, scan, rewriter);
    return success();
  }
};

class TritonGPURemoveLayoutConversionsPass
    : public mlir::triton::gpu::impl::TritonGPURemoveLayoutConversionsBase<
          TritonGPURemoveLayoutConversionsPass> {
public:
  using Base::Base;
  void runOnOperation() override {
    MLIRContext *context = &getContext();
    RewritePatternSet patterns(context);
    patterns.add<RematerializeConvertedValue, SinkConvertThroughElementwise, ReduceOfConvert,
                 ScanOfConvert>(context);
    ConvertLayoutOp::getCanonicalizationPatterns(patterns, context);
    FrozenRewritePatternSet frozen(std::move(patterns));
    if (failed(applyPatternsGreedily(getOperation(), frozen)))
      return signalPassFailure();
    // Then carry layouts through loops and ifs, cleaning up after each
    // success; every success erases at least one conversion, so this ends.
    for (bool changed = true; changed;) {
      changed = false;
      SmallVector<ConvertLayoutOp> converts;
      getOperation()->walk([&](ConvertLayoutOp cvt) { converts.push_back(cvt); });
      for (ConvertLayoutOp cvt : converts)
        if (propagateSourceLayoutForward(cvt)) {
          changed = true;
          break; // the others may have been erased
        }
      if (changed && failed(applyPatternsGreedily(getOperation(), frozen)))
        return signalPassFailure();
    }
    // Values computed again in several places are the same computation.
    OpPassManager cse("builtin.module");
    cse.addPass(createCSEPass());
    if (failed(runPipeline(cse, getOperation())))
      signalPassFailure();
  }
};

} // namespace
