//===- ViewOpToLLVM.cpp - Shape ops that move no data between threads -----===//
//
// Broadcasting, inserting a unit dimension, reshaping, transposing, joining
// and splitting change which tensor element a register names, not where the
// data is. When the source's and result's layouts give every lane and warp
// the same elements (up to the op's change of coordinates), the result's
// registers are a selection of the source's: found here by matching the
// register coordinates of the two linear layouts. Anything else needs a real
// layout conversion first; the pattern says so.
//
//===----------------------------------------------------------------------===//

#include "dialects/Triton/IR/Dialect.h"
#include "dialects/TritonGPU/IR/Dialect.h"
#include "passes/Conversion/TritonGPUToLLVM/common/Patterns.h"
#include "passes/Conversion/TritonGPUToLLVM/common/Utility.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"

using namespace mlir;
using namespace mlir::triton;
using gpu::LinearLayout;

namespace {

using Coords = SmallVector<int32_t>;
/// Maps a coordinate of the result to the coordinate of the source element it
/// reads. Must be linear over GF(2) (bitwise), as it is for the ops here on
/// power-of-two shapes.
using ProjectFn = llvm::function_ref<Coords(ArrayRef<int32_t>)>;

Coords basisAsCoords(const LinearLayout::Basis &basis) {
  return Coords(basis.begin(), basis.end());
}

/// Whether each basis of `result` along `dim`, at `project`, is `source`'s.
bool sameBases(const LinearLayout &source, const LinearLayout &result,
               ProjectFn project, StringRef dim) {
  ArrayRef<LinearLayout::Basis> resultBases, sourceBases;
  if (result.hasInDim(dim))
    resultBases = result.getBases(dim);
  if (source.hasInDim(dim))
    sourceBases = source.getBases(dim);
  if (resultBases.size() != sourceBases.size())
    return false;
  for (auto [resultBasis, sourceBasis] : llvm::zip(resultBases, sourceBases))
    if (project(basisAsCoords(resultBasis)) != basisAsCoords(sourceBasis))
      return false;
  return true;
}

/// For each register of `result`, the register of `source` holding the
/// element it names; nullopt when some lane or warp would need another
/// thread's data.
std::optional<SmallVector<int>> matchRegisters(const LinearLayout &source,
                                               const LinearLayout &result,
                                               ProjectFn project) {
  for (StringRef dim : {"lane", "warp", "block"})
    if (!sameBases(source, result, project, dim))
      return std::nullopt;
  SmallVector<SmallVector<int32_t>> sourceRegs = getRegisterPart(source);
  std::map<Coords, int> sourceByCoords;
  for (auto [reg, coords] : llvm::enumerate(sourceRegs))
    sourceByCoords.try_emplace(Coords(coords), reg);
  SmallVector<int> mapping;
  for (const SmallVector<int32_t> &coords : getRegisterPart(result)) {
    auto it = sourceByCoords.find(project(coords));
    if (it == sourceByCoords.end())
      return std::nullopt;
    mapping.push_back(it->second);
  }
  return mapping;
}

/// Whether `result`'s CTAs hold, at `project`, the elements `source`'s hold,
/// no CTA bit moving along `newDim` of `result` (the dim a join adds or a
/// split removes): a view whose CTAs would need each other's data is not a
/// selection of registers.
bool sameCTAs(const LinearLayout &source, const LinearLayout &result,
              ProjectFn project, unsigned newDim) {
  if (result.hasInDim("block"))
    for (const LinearLayout::Basis &basis : result.getBases("block"))
      if (basis[newDim] != 0)
        return false;
  return sameBases(source, result, project, "block");
}

/// The located refusal of a view whose CTAs would need each other's data.
LogicalResult emitAcrossCTAs(Operation *op) {
  return op->emitError()
         << "'" << op->getName()
         << "' whose result's CTAs hold other elements than its source's "
            "(across the cluster's CTAs) is not supported yet by the LLVM "
            "lowering";
}

/// Rewrites `op` (one tensor source, one tensor result) by selecting source
/// registers.
LogicalResult rewriteBySelection(Operation *op, Value source,
                                 Value convertedSource, ProjectFn project,
                                 const TypeConverter *converter,
                                 ConversionPatternRewriter &rewriter) {
  auto sourceType = cast<RankedTensorType>(source.getType());
  auto resultType = cast<RankedTensorType>(op->getResult(0).getType());
  std::optional<LinearLayout> sourceLayout = getDistributedLayout(sourceType);
  std::optional<LinearLayout> resultLayout = getDistributedLayout(resultType);
  if (!sourceLayout || !resultLayout)
    return rewriter.notifyMatchFailure(op, "layout without a linear layout");
  std::optional<SmallVector<int>> mapping =
      matchRegisters(*sourceLayout, *resultLayout, project);
  // A view whose CTAs would need each other's elements (clusters) has no
  // other lowering; a conversion has (through shared memory).
  if (!mapping && !isa<gpu::ConvertLayoutOp>(op) &&
      !sameBases(*sourceLayout, *resultLayout, project, "block"))
    return emitAcrossCTAs(op);
  if (!mapping)
    return rewriter.notifyMatchFailure(
        op, "the result's layout needs data from other threads");
  Location loc = op->getLoc();
  SmallVector<Value> elements =
      unpackLLElements(loc, convertedSource, rewriter);
  SmallVector<Value> results;
  for (int reg : *mapping)
    results.push_back(elements[reg]);
  rewriter.replaceOp(
      op, packLLElements(loc, converter, results, rewriter, resultType));
  return success();
}

/// Row-major linear index of `coords` in `shape`.
int64_t flatten(ArrayRef<int32_t> coords, ArrayRef<int64_t> shape) {
  int64_t index = 0;
  for (auto [c, size] : llvm::zip(coords, shape))
    index = index * size + c;
  return index;
}

Coords unflatten(int64_t index, ArrayRef<int64_t> shape) {
  Coords coords(shape.size());
  for (int d = shape.size() - 1; d >= 0; --d) {
    coords[d] = index % shape[d];
    index /= shape[d];
  }
  return coords;
}

struct BroadcastOpPattern : ConvertOpToLLVMPattern<BroadcastOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(BroadcastOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto sourceShape = cast<RankedTensorType>(op.getSrc().getType()).getShape();
    auto project = [&](ArrayRef<int32_t> coords) {
      Coords result(coords);
      for (auto [d, size] : llvm::enumerate(sourceShape))
        if (size == 1)
          result[d] = 0;
      return result;
    };
    return rewriteBySelection(op, op.getSrc(), adaptor.getSrc(), project,
                              getTypeConverter(), rewriter);
  }
};

struct ExpandDimsOpPattern : ConvertOpToLLVMPattern<ExpandDimsOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ExpandDimsOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    unsigned axis = op.getAxis();
    auto project = [&](ArrayRef<int32_t> coords) {
      Coords result(coords);
      result.erase(result.begin() + axis);
      return result;
    };
    return rewriteBySelection(op, op.getSrc(), adaptor.getSrc(), project,
                              getTypeConverter(), rewriter);
  }
};

struct ReshapeOpPattern : ConvertOpToLLVMPattern<ReshapeOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ReshapeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto sourceType = cast<RankedTensorType>(op.getSrc().getType());
    auto sourceShape = sourceType.getShape();
    auto resultShape = op.getType().getShape();
    // allow_reorder leaves the elements' order to the compiler: each thread
    // keeps its registers, in order, as Triton lowers it (so a sum over the
    // reshaped values adds them in Triton's order), where both layouts hold
    // every element once and the threads as many each.
    if (op.getAllowReorder()) {
      std::optional<LinearLayout> from = getDistributedLayout(sourceType);
      std::optional<LinearLayout> to = getDistributedLayout(op.getType());
      if (from && to && from->isInjective() && to->isInjective() &&
          from->getInDimSize("register") == to->getInDimSize("register")) {
        Location loc = op.getLoc();
        SmallVector<Value> elements =
            unpackLLElements(loc, adaptor.getSrc(), rewriter);
        rewriter.replaceOp(op, packLLElements(loc, getTypeConverter(), elements,
                                              rewriter, op.getType()));
        return success();
      }
    }
    auto project = [&](ArrayRef<int32_t> coords) {
      return unflatten(flatten(coords, resultShape), sourceShape);
    };
    return rewriteBySelection(op, op.getSrc(), adaptor.getSrc(), project,
                              getTypeConverter(), rewriter);
  }
};

struct TransOpPattern : ConvertOpToLLVMPattern<TransOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(TransOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isa<RankedTensorType>(op.getSrc().getType()))
      return failure();
    ArrayRef<int32_t> order = op.getOrder();
    // result dim i is source dim order[i].
    auto project = [&](ArrayRef<int32_t> coords) {
      Coords result(coords.size());
      for (auto [i, source] : llvm::enumerate(order))
        result[source] = coords[i];
      return result;
    };
    return rewriteBySelection(op, op.getSrc(), adaptor.getSrc(), project,
                              getTypeConverter(), rewriter);
  }
};

struct ConvertLayoutInThreadPattern
    : ConvertOpToLLVMPattern<gpu::ConvertLayoutOp> {
  ConvertLayoutInThreadPattern(LLVMTypeConverter &converter)
      : ConvertOpToLLVMPattern(converter, /*benefit=*/2) {}
  LogicalResult
  matchAndRewrite(gpu::ConvertLayoutOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto identity = [](ArrayRef<int32_t> coords) { return Coords(coords); };
    return rewriteBySelection(op, op.getSrc(), adaptor.getSrc(), identity,
                              getTypeConverter(), rewriter);
  }
};

/// tt.join: the result's last dimension (size 2) picks the operand.
struct JoinOpPattern : ConvertOpToLLVMPattern<JoinOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(JoinOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto sourceType = cast<RankedTensorType>(op.getLhs().getType());
    std::optional<LinearLayout> sourceLayout = getDistributedLayout(sourceType);
    std::optional<LinearLayout> resultLayout =
        getDistributedLayout(op.getType());
    if (!sourceLayout || !resultLayout)
      return rewriter.notifyMatchFailure(op, "layout without a linear layout");
    unsigned last = op.getType().getRank() - 1;
    auto project = [&](ArrayRef<int32_t> coords) {
      return Coords(coords.begin(), coords.begin() + last);
    };
    // Lanes and warps must not spread over the new dimension.
    for (StringRef dim : {"lane", "warp"})
      if (resultLayout->hasInDim(dim))
        for (const LinearLayout::Basis &basis : resultLayout->getBases(dim))
          if (basis[last] != 0)
            return rewriter.notifyMatchFailure(
                op, "the joined dimension spans threads");
    if (!sameCTAs(*sourceLayout, *resultLayout, project, last))
      return emitAcrossCTAs(op);
    Location loc = op.getLoc();
    SmallVector<Value> lhs = unpackLLElements(loc, adaptor.getLhs(), rewriter);
    SmallVector<Value> rhs = unpackLLElements(loc, adaptor.getRhs(), rewriter);
    std::map<Coords, int> sourceByCoords;
    for (auto [reg, coords] : llvm::enumerate(getRegisterPart(*sourceLayout)))
      sourceByCoords.try_emplace(Coords(coords), reg);
    SmallVector<Value> results;
    for (const SmallVector<int32_t> &coords : getRegisterPart(*resultLayout)) {
      auto it = sourceByCoords.find(project(coords));
      if (it == sourceByCoords.end())
        return rewriter.notifyMatchFailure(
            op, "the operands' layout does not match");
      results.push_back(coords[last] ? rhs[it->second] : lhs[it->second]);
    }
    rewriter.replaceOp(op, packLLElements(loc, getTypeConverter(), results,
                                          rewriter, op.getType()));
    return success();
  }
};

/// tt.split: the reverse of tt.join.
struct SplitOpPattern : ConvertOpToLLVMPattern<SplitOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(SplitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto sourceType = cast<RankedTensorType>(op.getSrc().getType());
    auto resultType = cast<RankedTensorType>(op.getOutLHS().getType());
    std::optional<LinearLayout> sourceLayout = getDistributedLayout(sourceType);
    std::optional<LinearLayout> resultLayout = getDistributedLayout(resultType);
    if (!sourceLayout || !resultLayout)
      return rewriter.notifyMatchFailure(op, "layout without a linear layout");
    unsigned last = sourceType.getRank() - 1;
    for (StringRef dim : {"lane", "warp"})
      if (sourceLayout->hasInDim(dim))
        for (const LinearLayout::Basis &basis : sourceLayout->getBases(dim))
          if (basis[last] != 0)
            return rewriter.notifyMatchFailure(
                op, "the split dimension spans threads");
    auto dropLast = [&](ArrayRef<int32_t> coords) {
      return Coords(coords.begin(), coords.begin() + last);
    };
    if (!sameCTAs(*resultLayout, *sourceLayout, dropLast, last))
      return emitAcrossCTAs(op);
    std::map<Coords, int> sourceByCoords;
    for (auto [reg, coords] : llvm::enumerate(getRegisterPart(*sourceLayout)))
      sourceByCoords.try_emplace(Coords(coords), reg);
    Location loc = op.getLoc();
    SmallVector<Value> elements =
        unpackLLElements(loc, adaptor.getSrc(), rewriter);
    SmallVector<Value> lhs, rhs;
    for (const SmallVector<int32_t> &coords : getRegisterPart(*resultLayout)) {
      Coords full(coords);
      full.push_back(0);
      auto low = sourceByCoords.find(full);
      full.back() = 1;
      auto high = sourceByCoords.find(full);
      if (low == sourceByCoords.end() || high == sourceByCoords.end())
        return rewriter.notifyMatchFailure(
            op, "the results' layout does not match");
      lhs.push_back(elements[low->second]);
      rhs.push_back(elements[high->second]);
    }
    rewriter.replaceOp(
        op,
        {packLLElements(loc, getTypeConverter(), lhs, rewriter, resultType),
         packLLElements(loc, getTypeConverter(), rhs, rewriter, resultType)});
    return success();
  }
};

/// tt.cat may order the result's elements as it likes: a thread's elements of
/// the result are its elements of both operands.
struct CatOpPattern : ConvertOpToLLVMPattern<CatOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(CatOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    SmallVector<Value> elements =
        unpackLLElements(loc, adaptor.getLhs(), rewriter);
    llvm::append_range(elements,
                       unpackLLElements(loc, adaptor.getRhs(), rewriter));
    std::optional<int> count = getElemsPerThread(op.getType());
    if (!count || *count != static_cast<int>(elements.size()))
      return op.emitError(
          "tt.cat whose result layout does not hold both operands' elements "
          "in each thread is not supported yet by the LLVM lowering");
    rewriter.replaceOp(op, packLLElements(loc, getTypeConverter(), elements,
                                          rewriter, op.getType()));
    return success();
  }
};

/// unsplat: a one-element tensor is held whole by every thread (all the
/// layout's bases are zero at that size), so its first register is the
/// scalar.
struct UnsplatOpPattern : ConvertOpToLLVMPattern<UnsplatOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(UnsplatOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Value> elements =
        unpackLLElements(op.getLoc(), adaptor.getSrc(), rewriter);
    if (elements.empty())
      return rewriter.notifyMatchFailure(op, "no register holds the element");
    rewriter.replaceOp(op, elements.front());
    return success();
  }
};

} // namespace

void mlir::triton::populateViewOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<BroadcastOpPattern, ExpandDimsOpPattern, ReshapeOpPattern,
               TransOpPattern, JoinOpPattern, SplitOpPattern, CatOpPattern,
               UnsplatOpPattern>(converter);
  patterns.add<ConvertLayoutInThreadPattern>(converter);
}
