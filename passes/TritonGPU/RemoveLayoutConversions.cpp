//===- RemoveLayoutConversions.cpp - -tritongpu-remove-layout-conversions -===//

#include "passes/TritonGPU/AnchorLayoutPropagation.h"
#include "passes/TritonGPU/LayoutInference.h"
#include "passes/TritonGPU/LayoutPropagation.h"
#include "passes/TritonGPU/Passes.h"
#include "passes/TritonGPU/Rematerialization.h"
#include "passes/TritonGPU/SharedEncodings.h"

#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
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

Attribute encodingOf(Value v) {
  if (auto tensor = dyn_cast<RankedTensorType>(v.getType()))
    return tensor.getEncoding();
  return {};
}

/// Whether `op`'s source can be computed in its target layout instead.
bool isRematerializable(ConvertLayoutOp op) {
  Attribute target = op.getType().getEncoding();
  Operation *def = op.getSrc().getDefiningOp();
  // Not into dot operand layouts: a load redone there (through a
  // transpose, say) would lose its coalescing; such conversions go through
  // shared memory, where accelerate-matmul and the pipeliner want them.
  return def && !isa<ConvertLayoutOp>(def) && isDistributedEncoding(target) &&
         !isa<DotOperandEncodingAttr>(target) && isFreeIn(op.getSrc(), target);
}

/// convert(x) where x is free in the target layout -> x computed there.
struct RematerializeConvertedValue : public OpRewritePattern<ConvertLayoutOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ConvertLayoutOp op,
                                PatternRewriter &rewriter) const override {
    Attribute target = op.getType().getEncoding();
    if (!isRematerializable(op))
      return failure();
    MaterializedMap done;
    rewriter.replaceOp(op, materializeIn(op.getSrc(), target, rewriter, done));
    return success();
  }
};

/// An op that makes more data than it reads: a broadcast, an expand_dims,
/// an integer or float extension, an fp_to_fp to a wider type.
bool isWidening(Operation *op) {
  if (isa<BroadcastOp, ExpandDimsOp, arith::ExtFOp, arith::ExtSIOp,
          arith::ExtUIOp>(op))
    return true;
  if (auto upcast = dyn_cast<FpToFpOp>(op))
    return getElementTypeOrSelf(upcast.getSrc().getType())
               .getIntOrFloatBitWidth() <
           getElementTypeOrSelf(upcast.getType()).getIntOrFloatBitWidth();
  return false;
}

/// Whether `op` computes each element of its results from the same element
/// of its operands, with no effects: it runs in any layout. Besides the
/// one-result elementwise ops, inline asm with several results and
/// tt.map_elementwise, whose region works on scalars.
bool isElementwiseInAnyLayout(Operation *op) {
  bool elementwise =
      (op->hasTrait<OpTrait::Elementwise>() && op->getNumRegions() == 0) ||
      isa<MapElementwiseOp>(op);
  return elementwise && op->getNumResults() > 0 && isMemoryEffectFree(op) &&
         llvm::all_of(op->getResultTypes(),
                      [](Type t) { return isa<RankedTensorType>(t); });
}

void replaceConvertingBack(Operation *op, Operation *replacement,
                           PatternRewriter &rewriter);

/// Whether `v` is a converted vector widened into a tile by ops used once
/// (expand_dims, broadcasts, extensions): converting the vector into what
/// layout `target` needs there costs what its conversion costs now.
bool isWidenedConversion(Value v, Attribute target, unsigned depth = 0) {
  Operation *def = v.getDefiningOp();
  if (!def || !v.hasOneUse() || depth > 8 || !isDistributedEncoding(target))
    return false;
  if (auto convert = dyn_cast<ConvertLayoutOp>(def))
    return depth > 0 && isDistributedEncoding(encodingOf(convert.getSrc()));
  if (!isWidening(def) || def->getNumOperands() != 1)
    return false;
  Attribute needed = operandTarget(def, target);
  return needed && isWidenedConversion(def->getOperand(0), needed, depth + 1);
}

/// Builds `v` (isWidenedConversion(v, target)) in `target` from a new
/// conversion of the vector.
Value rebuildWidenedConversion(Value v, Attribute target,
                               PatternRewriter &rewriter) {
  Operation *def = v.getDefiningOp();
  auto type = cast<RankedTensorType>(v.getType()).cloneWithEncoding(target);
  OpBuilder::InsertionGuard guard(rewriter);
  if (auto convert = dyn_cast<ConvertLayoutOp>(def)) {
    rewriter.setInsertionPoint(convert);
    return ConvertLayoutOp::create(rewriter, convert.getLoc(), type,
                                   convert.getSrc());
  }
  Value operand = rebuildWidenedConversion(
      def->getOperand(0), operandTarget(def, target), rewriter);
  rewriter.setInsertionPointAfter(def);
  Operation *clone = rewriter.clone(*def);
  clone->setOperands(operand);
  clone->getResult(0).setType(type);
  return clone->getResult(0);
}

/// u(convert(x: B -> A), y...) -> convert(u(x, y in B): B -> A), when the
/// other operands are free in B (each result converted back), or are
/// vectors converted and widened into A (an int4 GEMV's activations against
/// its unpacked weights): those are converted into B instead, and the
/// tile's conversion moves on toward a reduction that shrinks it.
struct SinkConvertThroughElementwise : public RewritePattern {
  SinkConvertThroughElementwise(MLIRContext *context)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/1, context) {}
  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    if (!isElementwiseInAnyLayout(op))
      return failure();
    Attribute source;
    for (Value operand : op->getOperands())
      if (auto convert = operand.getDefiningOp<ConvertLayoutOp>()) {
        Attribute from = encodingOf(convert.getSrc());
        // A conversion whose source is free in its target goes away
        // instead (RematerializeConvertedValue): moving it would give the
        // op the source's layout, a broadcast row's or column's, which may
        // spread a tile badly over the threads.
        if (isRematerializable(convert))
          return failure();
        // Nor a conversion of a broadcast: it moves onto the narrow data
        // before the broadcast instead (HoistConvertAboveWidening), where
        // sinking it would run the op, a whole tile, in the layout chosen
        // for the narrow operand (a column of ids compared with a row of
        // experts, then reduced over the column, had each thread hold
        // whole rows and reduce across every lane and warp).
        if (convert.getSrc().getDefiningOp<BroadcastOp>())
          return failure();
        if (isDistributedEncoding(from) && from != encodingOf(operand)) {
          source = from;
          break;
        }
      }
    if (!source)
      return failure();
    SmallVector<bool> free;
    for (Value operand : op->getOperands()) {
      free.push_back(isFreeIn(operand, source));
      if (!free.back() && !isWidenedConversion(operand, source))
        return failure();
    }
    MaterializedMap done;
    SmallVector<Value> operands;
    for (auto [operand, isFree] : llvm::zip(op->getOperands(), free))
      operands.push_back(
          isFree ? materializeIn(operand, source, rewriter, done)
                 : rebuildWidenedConversion(operand, source, rewriter));
    Operation *clone = rewriter.clone(*op);
    clone->setOperands(operands);
    for (Value result : clone->getResults())
      result.setType(
          cast<RankedTensorType>(result.getType()).cloneWithEncoding(source));
    replaceConvertingBack(op, clone, rewriter);
    return success();
  }
};

/// convert(f(widen(x))) -> f(widen(convert(x))) when f (elementwise ops,
/// broadcasts, expand_dims, a scan used once) can run in the target layout and
/// x, before one widening op, is the only value that is not free there: the
/// conversion then moves the least data (a bias vector
/// loaded, cast and broadcast before it is added to an MMA accumulator is
/// converted as the vector, not as the tile).
struct HoistConvertAboveWidening : public OpRewritePattern<ConvertLayoutOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ConvertLayoutOp op,
                                PatternRewriter &rewriter) const override {
    Attribute target = op.getType().getEncoding();
    if (!isDistributedEncoding(target) || isa<DotOperandEncodingAttr>(target))
      return failure();
    Operation *widening = nullptr;
    Attribute wideningTarget;
    SmallVector<std::pair<Value, Attribute>> work{{op.getSrc(), target}};
    llvm::DenseSet<std::pair<Value, Attribute>> seen;
    while (!work.empty()) {
      auto [value, layout] = work.pop_back_val();
      if (!seen.insert({value, layout}).second || isFreeIn(value, layout))
        continue;
      Operation *def = value.getDefiningOp();
      // A scan read only here moves with the conversion (a compaction's
      // positions: its flags are converted, not the pointers made from them).
      bool movableScan = def && isa<ScanOp>(def) && def->getNumResults() == 1 &&
                         def->getResult(0).hasOneUse();
      if (!def || def->getNumResults() != 1 ||
          !(isLayoutFreeElementwise(def) ||
            isa<BroadcastOp, ExpandDimsOp>(def) || movableScan))
        return failure();
      Attribute needed = operandTarget(def, layout);
      if (!needed)
        return failure();
      if (isWidening(def) && !isFreeIn(def->getOperand(0), needed)) {
        // One widening op only: a second would need a second conversion.
        if (widening && widening != def)
          return failure();
        widening = def;
        wideningTarget = needed;
        continue;
      }
      for (Value operand : def->getOperands())
        work.push_back({operand, needed});
    }
    if (!widening)
      return failure();
    Value narrow = widening->getOperand(0);
    auto narrowType = cast<RankedTensorType>(narrow.getType());
    rewriter.setInsertionPoint(widening);
    Value converted = ConvertLayoutOp::create(
        rewriter, op.getLoc(), narrowType.cloneWithEncoding(wideningTarget),
        narrow);
    MaterializedMap done;
    done[{narrow, wideningTarget}] = converted;
    rewriter.setInsertionPoint(op);
    rewriter.replaceOp(op, materializeIn(op.getSrc(), target, rewriter, done));
    return success();
  }
};

/// Whether `op` computes its results in any layout without moving data
/// between threads once its operands are in the layout it infers for them:
/// pure elementwise ops (inline asm of several results too), broadcasts,
/// expand_dims, views (reshape, trans, join, split), fp4 unpacking and
/// conversions (whose source then takes the layout).
bool isHoistableIntoDotOperand(Operation *op) {
  if (isa<BroadcastOp, ExpandDimsOp, ReshapeOp, TransOp, JoinOp, SplitOp,
          Fp4ToFpOp, ConvertLayoutOp>(op))
    return true;
  return op->hasTrait<OpTrait::Elementwise>() && op->getNumRegions() == 0 &&
         op->getNumResults() > 0 && isMemoryEffectFree(op) &&
         llvm::all_of(op->getResultTypes(),
                      [](Type t) { return isa<RankedTensorType>(t); });
}

/// convert(f(load...): B -> dot operand of an MMA) -> f(convert(load) ...)
/// computed in the operand layout, where f moves no data between threads
/// (isHoistableIntoDotOperand) over loads and splat constants (not splatted
/// scalars, which keeps make_ttgir's TTGIR the one its layout tests expect),
/// in a block with a dot: the conversion then sits right after the loads,
/// where the pipeliner loads straight into the operand layout from shared
/// memory (a tf32/bf16 split's rounding and subtractions of a loaded A run
/// in registers of the wgmma A fragment, with no shared memory round trip
/// per part; an int4 or fp4 tile is unpacked, scaled and permuted in the
/// registers the MMA reads). Each load is converted into the layout its
/// path infers: the operand layout, a slice of it behind broadcasts (a row
/// scale), or the layout a view or an unpacking needs.
struct HoistConvertIntoDotOperand : public OpRewritePattern<ConvertLayoutOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ConvertLayoutOp op,
                                PatternRewriter &rewriter) const override {
    auto target = dyn_cast<DotOperandEncodingAttr>(op.getType().getEncoding());
    if (!target || !isMmaEncoding(target.getParent()))
      return failure();
    Block *block = op->getBlock();
    if (llvm::none_of(*block, [](Operation &other) {
          return isa<DotOp, DotScaledOp, nvidia_gpu::WarpGroupDotOp>(other);
        }))
      return failure();
    Operation *src = op.getSrc().getDefiningOp();
    if (!src || isa<LoadOp, DescriptorLoadOp>(src))
      return failure();
    // The loads reached, each with the layout it is needed in.
    SmallVector<std::pair<Operation *, Attribute>> loads;
    struct Item {
      Value value;
      Attribute layout;
      bool widened; // behind a broadcast or expand_dims
    };
    SmallVector<Item> work = {{op.getSrc(), target, false}};
    llvm::DenseSet<std::pair<Value, Attribute>> seen;
    bool reachesTile = false;
    while (!work.empty()) {
      Item item = work.pop_back_val();
      if (!seen.insert({item.value, item.layout}).second)
        continue;
      Operation *def = item.value.getDefiningOp();
      if (!def)
        return failure();
      if (auto constant = dyn_cast<arith::ConstantOp>(def)) {
        if (!isa<SplatElementsAttr>(constant.getValue()))
          return failure();
        continue;
      }
      if (isa<LoadOp, DescriptorLoadOp>(def)) {
        reachesTile |= !item.widened;
        if (!llvm::is_contained(loads, std::make_pair(def, item.layout)))
          loads.push_back({def, item.layout});
        continue;
      }
      if (!isHoistableIntoDotOperand(def))
        return failure();
      Attribute needed = operandTarget(def, item.layout);
      if (!needed || !isDistributedEncoding(needed))
        return failure();
      bool widened =
          item.widened || isa<BroadcastOp, ExpandDimsOp>(def);
      for (Value operand : def->getOperands())
        if (isa<RankedTensorType>(operand.getType()))
          work.push_back({operand, needed, widened});
    }
    // A tile loaded in the loop must be among them: conversions of vectors
    // alone are not what this is for. Where no load is reached at all (math
    // on constants), everything is computed in the operand layout and no
    // conversion is left.
    if (!reachesTile && !loads.empty())
      return failure();
    MaterializedMap done;
    for (auto [load, layout] : loads) {
      rewriter.setInsertionPointAfter(load);
      Value loaded = load->getResult(0);
      auto type = cast<RankedTensorType>(loaded.getType());
      done[{loaded, layout}] =
          layout == type.getEncoding()
              ? loaded
              : ConvertLayoutOp::create(rewriter, op.getLoc(),
                                        type.cloneWithEncoding(layout), loaded)
                    .getResult();
    }
    rewriter.setInsertionPoint(op);
    rewriter.replaceOp(op, materializeIn(op.getSrc(), target, rewriter, done));
    return success();
  }
};

/// reshape(convert(x: B -> A)) -> convert(reshape(x) in the layout B gives
/// it), likewise for trans, where B is blocked and the tensor has an element
/// per thread or more: a load's layout moves past the shape op toward the
/// ops that need it (tl.sort's reshapes of a loaded row), so the shape op
/// moves no data between threads. Smaller tensors are left alone: their
/// loads' layouts are not worth propagating, and make_ttgir's layout tests
/// expect the conversion there.
struct SinkConvertThroughShapeOp : public RewritePattern {
  SinkConvertThroughShapeOp(MLIRContext *context)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/1, context) {}
  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    if (!isa<ReshapeOp, TransOp>(op) || op->getNumOperands() != 1)
      return failure();
    auto convert = op->getOperand(0).getDefiningOp<ConvertLayoutOp>();
    if (!convert)
      return failure();
    Attribute from = encodingOf(convert.getSrc());
    auto resultType = cast<RankedTensorType>(op->getResult(0).getType());
    if (!isa<BlockedEncodingAttr>(from) ||
        !isa<BlockedEncodingAttr>(resultType.getEncoding()))
      return failure();
    std::optional<int64_t> threads = getThreadsPerProgram(op);
    if (!threads || resultType.getNumElements() < *threads)
      return failure();
    Attribute result = inferResultEncoding(op, from);
    // A linear result (a reshape that interleaves rows) only where it goes
    // to shared memory, which takes any layout: the conversion after it
    // folds into the local_alloc.
    bool toSharedOnly = llvm::all_of(op->getUsers(), [](Operation *user) {
      return isa<LocalAllocOp>(user) ||
             (isa<ConvertLayoutOp>(user) &&
              llvm::all_of(user->getUsers(),
                           [](Operation *u) { return isa<LocalAllocOp>(u); }));
    });
    if (!result || result == resultType.getEncoding() ||
        !(isa<BlockedEncodingAttr>(result) ||
          (isa<LinearEncodingAttr>(result) && toSharedOnly)))
      return failure();
    Operation *clone = rewriter.clone(*op);
    clone->setOperand(0, convert.getSrc());
    clone->getResult(0).setType(resultType.cloneWithEncoding(result));
    rewriter.replaceOpWithNewOp<ConvertLayoutOp>(op, resultType,
                                                 clone->getResult(0));
    return success();
  }
};

/// join(convert(x: B -> A), convert(y: B -> A)) -> convert(join(x, y) in
/// B with its pair dimension), B blocked: a loaded layout reaches the ops
/// after the join (int4 weights unpacked by join, permute and reshape into
/// a dot operand), so the unpacking moves no data between threads.
struct SinkConvertThroughJoin : public OpRewritePattern<JoinOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(JoinOp op,
                                PatternRewriter &rewriter) const override {
    auto lhs = op.getLhs().getDefiningOp<ConvertLayoutOp>();
    auto rhs = op.getRhs().getDefiningOp<ConvertLayoutOp>();
    if (!lhs || !rhs)
      return failure();
    auto from = dyn_cast<BlockedEncodingAttr>(encodingOf(lhs.getSrc()));
    if (!from || encodingOf(rhs.getSrc()) != from ||
        !from.getCGALayout().empty() || from == encodingOf(op.getLhs()))
      return failure();
    auto type = cast<RankedTensorType>(op.getType());
    auto join = JoinOp::create(rewriter, op.getLoc(),
                               type.cloneWithEncoding(getPairEncoding(from)),
                               lhs.getSrc(), rhs.getSrc());
    rewriter.replaceOpWithNewOp<ConvertLayoutOp>(op, type, join.getResult());
    return success();
  }
};

/// split(convert(x: B -> A)) -> convert(split(x) in B without its pair
/// dimension), B blocked with the pair in each thread and at least an
/// element per thread: a loaded tile's layout reaches the halves (GPT-J
/// rotary embedding's reshape and split of a loaded row) instead of the
/// halves keeping a default layout that must be converted again.
struct SinkConvertThroughSplit : public OpRewritePattern<SplitOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(SplitOp op,
                                PatternRewriter &rewriter) const override {
    auto convert = op.getSrc().getDefiningOp<ConvertLayoutOp>();
    if (!convert)
      return failure();
    auto from = dyn_cast<BlockedEncodingAttr>(encodingOf(convert.getSrc()));
    if (!from || !from.getCGALayout().empty())
      return failure();
    auto sourceType = cast<RankedTensorType>(convert.getType());
    std::optional<int64_t> threads = getThreadsPerProgram(op);
    if (!threads || sourceType.getNumElements() < *threads)
      return failure();
    auto half =
        dyn_cast_or_null<BlockedEncodingAttr>(inferResultEncoding(op, from));
    auto resultType = cast<RankedTensorType>(op.getOutLHS().getType());
    if (!half || half == resultType.getEncoding())
      return failure();
    Type halfType = resultType.cloneWithEncoding(half);
    auto split = SplitOp::create(rewriter, op.getLoc(), halfType, halfType,
                                 convert.getSrc());
    replaceConvertingBack(op, split, rewriter);
    return success();
  }
};

/// When the values of `converted` are conversions from one distributed
/// layout, or free in it, that layout, with the conversions' sources (and
/// the others computed there) in `sources`.
Attribute unconvertedSources(ValueRange converted,
                             SmallVectorImpl<Value> &sources,
                             PatternRewriter &rewriter) {
  // The layout: that of the conversions among the operands (one at least).
  Attribute source;
  for (Value value : converted)
    if (auto convert = value.getDefiningOp<ConvertLayoutOp>()) {
      Attribute from = encodingOf(convert.getSrc());
      if (!isDistributedEncoding(from) || (source && from != source))
        return {};
      source = from;
    }
  if (!source)
    return {};
  // The other operands must be free there (argmax's index tensor, a
  // broadcast range, is computed again in the values' layout).
  for (Value value : converted)
    if (!value.getDefiningOp<ConvertLayoutOp>() && !isFreeIn(value, source))
      return {};
  MaterializedMap done;
  for (Value value : converted) {
    auto convert = value.getDefiningOp<ConvertLayoutOp>();
    sources.push_back(convert ? convert.getSrc()
                              : materializeIn(value, source, rewriter, done));
  }
  return source;
}

/// Replaces `op` by `replacement`, converting each result back to the type
/// `op` had where it differs.
void replaceConvertingBack(Operation *op, Operation *replacement,
                           PatternRewriter &rewriter) {
  SmallVector<Value> results;
  for (auto [oldResult, newResult] :
       llvm::zip(op->getResults(), replacement->getResults()))
    results.push_back(oldResult.getType() == newResult.getType()
                          ? Value(newResult)
                          : ConvertLayoutOp::create(rewriter, op->getLoc(),
                                                    oldResult.getType(),
                                                    newResult)
                                .getResult());
  rewriter.replaceOp(op, results);
}

/// reduce(convert(x)) -> reduce(x), the results converted back.
struct ReduceOfConvert : public OpRewritePattern<ReduceOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ReduceOp op,
                                PatternRewriter &rewriter) const override {
    SmallVector<Value> srcs;
    Attribute source = unconvertedSources(op.getSrcs(), srcs, rewriter);
    // Not onto a layout whose CTAs split the axis: each CTA reduces its own.
    if (!source || splitsDimOverCTAs(source, op.getAxis()))
      return failure();
    SmallVector<Type> resultTypes;
    for (Type type : op.getResultTypes())
      resultTypes.push_back(
          isa<RankedTensorType>(type)
              ? Type(cast<RankedTensorType>(type).cloneWithEncoding(
                    SliceEncodingAttr::get(getContext(), op.getAxis(), source)))
              : type);
    auto reduce = ReduceOp::create(rewriter, op.getLoc(), resultTypes, srcs,
                                   op.getAxis());
    rewriter.inlineRegionBefore(op.getCombineOp(), reduce.getCombineOp(),
                                reduce.getCombineOp().end());
    replaceConvertingBack(op, reduce, rewriter);
    return success();
  }
};

/// scan(convert(x)) -> scan(x), the results converted back.
struct ScanOfConvert : public OpRewritePattern<ScanOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ScanOp op,
                                PatternRewriter &rewriter) const override {
    SmallVector<Value> srcs;
    Attribute source = unconvertedSources(op.getSrcs(), srcs, rewriter);
    if (!source || splitsDimOverCTAs(source, op.getAxis()))
      return failure();
    auto scan =
        ScanOp::create(rewriter, op.getLoc(), ValueRange(srcs).getTypes(), srcs,
                       op.getAxis(), op.getReverse());
    rewriter.inlineRegionBefore(op.getCombineOp(), scan.getCombineOp(),
                                scan.getCombineOp().end());
    replaceConvertingBack(op, scan, rewriter);
    return success();
  }
};

/// gather(convert(src), convert(indices)) -> gather(src, indices), the
/// result in the indices' layout and converted back: the source may have
/// any layout (it goes through shared memory), the indices and the result
/// share theirs.
struct GatherOfConvert : public OpRewritePattern<GatherOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(GatherOp op,
                                PatternRewriter &rewriter) const override {
    // A gather whose layout was chosen for its shuffles keeps it.
    if (op.getEfficientLayout())
      return failure();
    auto unconverted = [](Value v) -> Value {
      if (auto convert = v.getDefiningOp<ConvertLayoutOp>())
        if (isDistributedEncoding(encodingOf(convert.getSrc())))
          return convert.getSrc();
      return v;
    };
    Value src = unconverted(op.getSrc()),
          indices = unconverted(op.getIndices());
    if (src == op.getSrc() && indices == op.getIndices())
      return failure();
    auto type = op.getType().cloneWithEncoding(encodingOf(indices));
    auto gather = GatherOp::create(rewriter, op.getLoc(), type, src, indices,
                                   op.getAxis(), op.getEfficientLayout());
    replaceConvertingBack(op, gather, rewriter);
    return success();
  }
};

/// histogram(convert(x)) -> histogram(x): every element is counted through
/// shared memory whatever its layout (a mask moves with it); the bins keep
/// theirs.
struct HistogramOfConvert : public OpRewritePattern<HistogramOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(HistogramOp op,
                                PatternRewriter &rewriter) const override {
    SmallVector<Value> converted{op.getSrc()};
    if (op.getMask())
      converted.push_back(op.getMask());
    SmallVector<Value> sources;
    if (!unconvertedSources(converted, sources, rewriter))
      return failure();
    rewriter.modifyOpInPlace(op, [&] {
      op.getSrcMutable().assign(sources[0]);
      if (op.getMask())
        op.getMaskMutable().assign(sources[1]);
    });
    return success();
  }
};

/// assert(convert(x)) -> assert(x): each thread checks the elements it
/// holds, in whatever layout (3.6 asserts on a loaded value in the load's).
struct AssertOfConvert : public OpRewritePattern<AssertOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(AssertOp op,
                                PatternRewriter &rewriter) const override {
    auto convert = op.getCondition().getDefiningOp<ConvertLayoutOp>();
    if (!convert || !isDistributedEncoding(encodingOf(convert.getSrc())))
      return failure();
    rewriter.modifyOpInPlace(
        op, [&] { op.getConditionMutable().assign(convert.getSrc()); });
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
    // First the dots' layouts flow to the values computed from them; the
    // conversions this leaves at the edges are cleaned up below.
    getOperation()->walk([](FuncOp func) { propagateAnchorLayouts(func); });
    RewritePatternSet patterns(context);
    patterns.add<RematerializeConvertedValue, SinkConvertThroughElementwise,
                 ReduceOfConvert, ScanOfConvert, GatherOfConvert,
                 HistogramOfConvert, AssertOfConvert, SinkConvertThroughShapeOp,
                 SinkConvertThroughJoin, SinkConvertThroughSplit>(context);
    ConvertLayoutOp::getCanonicalizationPatterns(patterns, context);
    FrozenRewritePatternSet frozen(std::move(patterns));
    if (failed(applyPatternsGreedily(getOperation(), frozen)))
      return signalPassFailure();
    // Then compute the values converted in loops again through what the
    // loops carry, in program order (which fixes the order of the new
    // iter_args), each success moving a conversion out of a loop.
    IRRewriter rewriter(context);
    bool carried = false;
    for (bool changed = true; changed;) {
      changed = false;
      SmallVector<ConvertLayoutOp> converts;
      getOperation()->walk(
          [&](ConvertLayoutOp cvt) { converts.push_back(cvt); });
      for (ConvertLayoutOp cvt : converts)
        if (succeeded(rematerializeThroughLoops(cvt, rewriter))) {
          changed = carried = true;
          break; // the others may have been erased
        }
    }
    if (carried && failed(applyPatternsGreedily(getOperation(), frozen)))
      return signalPassFailure();
    // Then carry layouts through loops and ifs, cleaning up after each
    // success; every success erases at least one conversion, so this ends.
    for (bool changed = true; changed;) {
      changed = false;
      SmallVector<ConvertLayoutOp> converts;
      getOperation()->walk(
          [&](ConvertLayoutOp cvt) { converts.push_back(cvt); });
      for (ConvertLayoutOp cvt : converts)
        if (propagateSourceLayoutForward(cvt)) {
          changed = true;
          break; // the others may have been erased
        }
      if (changed && failed(applyPatternsGreedily(getOperation(), frozen)))
        return signalPassFailure();
    }
    // Then, in program order, each conversion left whose value can be
    // computed in the target layout from conversions made before it (the
    // same value converted once already for another reader) is computed so.
    // Once, outside the greedy patterns: these would move the conversion
    // back below the op again.
    SmallVector<ConvertLayoutOp> left;
    getOperation()->walk([&](ConvertLayoutOp cvt) { left.push_back(cvt); });
    for (ConvertLayoutOp cvt : left) {
      Attribute target = cvt.getType().getEncoding();
      if (!isRematerializable(cvt) &&
          !(cvt.getSrc().getDefiningOp() &&
            !cvt.getSrc().getDefiningOp<ConvertLayoutOp>() &&
            isDistributedEncoding(target) &&
            !isa<DotOperandEncodingAttr>(target) &&
            isFreeIn(cvt.getSrc(), target, 0, nullptr,
                     /*reuseConversions=*/true)))
        continue;
      MaterializedMap done;
      rewriter.setInsertionPoint(cvt);
      rewriter.replaceOp(
          cvt, materializeIn(cvt.getSrc(), target, rewriter, done, cvt));
    }
    // Last, the conversions left move above the widening ops that feed them,
    // onto the least data. Only after the forward propagation: sinking a
    // conversion through an extension, above, is what lets the layout of a
    // load reach its store; here it would undo the hoisting.
    RewritePatternSet hoist(context);
    hoist.add<HoistConvertAboveWidening>(context);
    ConvertLayoutOp::getCanonicalizationPatterns(hoist, context);
    if (failed(applyPatternsGreedily(getOperation(), std::move(hoist))))
      return signalPassFailure();
    // And conversions into MMA operand layouts move up to the loads they
    // compute from, for the pipeliner; last, so that no pattern above moves
    // them down again.
    RewritePatternSet toLoads(context);
    toLoads.add<HoistConvertIntoDotOperand>(context);
    ConvertLayoutOp::getCanonicalizationPatterns(toLoads, context);
    if (failed(applyPatternsGreedily(getOperation(), std::move(toLoads))))
      return signalPassFailure();
    // Last, the loops and ifs lose what the rewrites left them carrying for
    // nothing: results nothing reads, iter_args that only feed their own
    // next value, pairs of iter_args started and advanced with the same
    // values, results the loop yields from outside it.
    RewritePatternSet tidy(context);
    scf::ForOp::getCanonicalizationPatterns(tidy, context);
    scf::IfOp::getCanonicalizationPatterns(tidy, context);
    ConvertLayoutOp::getCanonicalizationPatterns(tidy, context);
    if (failed(applyPatternsGreedily(getOperation(), std::move(tidy))))
      return signalPassFailure();
    // And iter_args that only compute their own next value, or that repeat
    // another one, inner loops first.
    SmallVector<scf::ForOp> loops;
    getOperation()->walk([&](scf::ForOp forOp) { loops.push_back(forOp); });
    for (scf::ForOp forOp : loops) {
      mergeEquivalentIterArgs(forOp, rewriter);
      dropDeadIterArgs(forOp, rewriter);
    }
    // Values computed again in several places are the same computation.
    OpPassManager cse("builtin.module");
    cse.addPass(createCSEPass());
    if (failed(runPipeline(cse, getOperation())))
      signalPassFailure();
  }
};

} // namespace
