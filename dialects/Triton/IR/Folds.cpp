//===- Folds.cpp - Folders of tt ops --------------------------------------===//
//
// Folders that need no new ops: casts that undo each other, offsets of zero,
// and shape ops and conversions of constants.
//
//===----------------------------------------------------------------------===//

#include "dialects/Triton/IR/Dialect.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace mlir::triton;

/// A splat constant of `attr`'s value with type `type`, or null.
static Attribute resplat(Attribute attr, Type type) {
  auto splat = dyn_cast_if_present<SplatElementsAttr>(attr);
  auto shaped = dyn_cast<ShapedType>(type);
  if (!splat || !shaped)
    return {};
  return SplatElementsAttr::get(shaped, splat.getSplatValue<Attribute>());
}

OpFoldResult IntToPtrOp::fold(FoldAdaptor) {
  if (auto cast = getSrc().getDefiningOp<PtrToIntOp>())
    if (cast.getSrc().getType() == getType())
      return cast.getSrc();
  return {};
}

OpFoldResult PtrToIntOp::fold(FoldAdaptor) {
  if (auto cast = getSrc().getDefiningOp<IntToPtrOp>())
    if (cast.getSrc().getType() == getType())
      return cast.getSrc();
  return {};
}

OpFoldResult BitcastOp::fold(FoldAdaptor) {
  if (getSrc().getType() == getType())
    return getSrc();
  if (auto inner = getSrc().getDefiningOp<BitcastOp>())
    if (inner.getSrc().getType() == getType())
      return inner.getSrc();
  return {};
}

/// Converts `value` to `semantics` if it can be done exactly; a rounding
/// conversion is left to run time, whose rounding the target defines.
static std::optional<APFloat>
convertExactly(APFloat value, const llvm::fltSemantics &semantics) {
  // Zero is exact in every type; one without a negative zero (the fnuz fp8
  // types) holds -0 as its only zero, which APFloat reports as a loss.
  if (value.isZero())
    return APFloat::getZero(semantics, value.isNegative());
  bool losesInfo = false;
  APFloat::opStatus status =
      value.convert(semantics, APFloat::rmNearestTiesToEven, &losesInfo);
  if (status != APFloat::opOK || losesInfo)
    return std::nullopt;
  return value;
}

OpFoldResult FpToFpOp::fold(FoldAdaptor adaptor) {
  auto dstElt = cast<FloatType>(getElementTypeOrSelf(getType()));
  const llvm::fltSemantics &semantics = dstElt.getFloatSemantics();
  if (auto scalar = dyn_cast_if_present<FloatAttr>(adaptor.getSrc())) {
    if (auto converted = convertExactly(scalar.getValue(), semantics))
      return FloatAttr::get(dstElt, *converted);
    return {};
  }
  if (auto splat = dyn_cast_if_present<SplatElementsAttr>(adaptor.getSrc())) {
    auto converted = convertExactly(splat.getSplatValue<APFloat>(), semantics);
    if (converted)
      return SplatElementsAttr::get(cast<ShapedType>(getType()),
                                    FloatAttr::get(dstElt, *converted));
  }
  return {};
}

OpFoldResult AddPtrOp::fold(FoldAdaptor adaptor) {
  if (matchPattern(adaptor.getOffset(), m_Zero()) &&
      getPtr().getType() == getType())
    return getPtr();
  return {};
}

OpFoldResult AdvanceOp::fold(FoldAdaptor adaptor) {
  if (llvm::all_of(adaptor.getOffsets(),
                   [](Attribute a) { return a && matchPattern(a, m_Zero()); }))
    return getPtr();
  return {};
}

OpFoldResult SplatOp::fold(FoldAdaptor adaptor) {
  Attribute value = adaptor.getSrc();
  if (!value || !isa<IntegerAttr, FloatAttr>(value))
    return {};
  return SplatElementsAttr::get(getType(), value);
}

OpFoldResult ExpandDimsOp::fold(FoldAdaptor adaptor) {
  return resplat(adaptor.getSrc(), getType());
}

OpFoldResult ReshapeOp::fold(FoldAdaptor adaptor) {
  // A reshape that may reorder stays, even to its own shape: it marks where
  // layout passes are free to permute elements, a permission that folding it
  // away would lose.
  if (getSrc().getType() == getType() && !getAllowReorder())
    return getSrc();
  return resplat(adaptor.getSrc(), getType());
}

OpFoldResult BroadcastOp::fold(FoldAdaptor adaptor) {
  if (getSrc().getType() == getType())
    return getSrc();
  return resplat(adaptor.getSrc(), getType());
}

OpFoldResult TransOp::fold(FoldAdaptor adaptor) {
  ArrayRef<int32_t> order = getOrder();
  bool identity = true;
  for (auto [i, d] : llvm::enumerate(order))
    identity &= static_cast<int64_t>(i) == d;
  if (identity && getSrc().getType() == getType())
    return getSrc();
  // trans(trans(x)) whose orders cancel is x.
  if (auto inner = getSrc().getDefiningOp<TransOp>()) {
    ArrayRef<int32_t> innerOrder = inner.getOrder();
    bool cancels = true;
    for (auto [i, d] : llvm::enumerate(order))
      cancels &= innerOrder[d] == static_cast<int32_t>(i);
    if (cancels && inner.getSrc().getType() == getType())
      return inner.getSrc();
  }
  return resplat(adaptor.getSrc(), getType());
}

OpFoldResult MakeRangeOp::fold(FoldAdaptor) {
  // A range of one element is the constant `start`.
  if (getEnd() - getStart() != 1)
    return {};
  return SplatElementsAttr::get(
      getType(), IntegerAttr::get(getType().getElementType(), getStart()));
}
