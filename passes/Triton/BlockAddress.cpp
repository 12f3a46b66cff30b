//===- BlockAddress.cpp - Pointers and masks of a strided block -----------===//

#include "passes/Triton/BlockAddress.h"

#include "dialects/Triton/IR/Dialect.h"

using namespace mlir;
using namespace mlir::triton;

Value mlir::triton::toI64(OpBuilder &builder, Location loc, Value value) {
  Type i64 = builder.getI64Type();
  if (value.getType() == i64)
    return value;
  return arith::ExtSIOp::create(builder, loc, i64, value);
}

BlockAddress mlir::triton::buildBlockAddress(OpBuilder &builder, Location loc,
                                             const StridedBlock &block,
                                             ArrayRef<int64_t> blockShape,
                                             ArrayRef<int32_t> checkedDims) {
  int64_t rank = blockShape.size();
  Type i64 = builder.getI64Type(), i32 = builder.getI32Type(),
       i1 = builder.getI1Type();
  auto fullType = [&](Type elt) {
    return RankedTensorType::get(blockShape, elt);
  };
  // The ops come in the order base, then each dimension's scaled index added
  // to the pointers, then the masks; constants are scalars splat: the pass's
  // output reads as Triton 3.6's op for op, and make_ttir's (after
  // -canonicalize and -triton-combine fold the splats and merge the addptrs)
  // too.
  auto ptrType = cast<PointerType>(block.base.getType());
  Value pointers = SplatOp::create(builder, loc, fullType(ptrType), block.base);

  SmallVector<Value> indices; // index_d with size in dimension d, 1 elsewhere
  for (int64_t d = 0; d < rank; ++d) {
    int64_t size = blockShape[d];
    auto line = RankedTensorType::get({size}, i64);
    Value start = SplatOp::create(builder, loc, line, block.offsets[d]);
    auto range =
        MakeRangeOp::create(builder, loc, RankedTensorType::get({size}, i32), 0,
                            static_cast<int32_t>(size));
    Value index = arith::ExtSIOp::create(builder, loc, line, range);
    index = arith::AddIOp::create(builder, loc, start, index);
    SmallVector<int64_t> shape = {size};
    for (int64_t k = 0; k < rank; ++k) {
      if (k == d)
        continue;
      shape.insert(shape.begin() + k, 1);
      index =
          ExpandDimsOp::create(builder, loc, RankedTensorType::get(shape, i64),
                               index, static_cast<int32_t>(k));
    }
    indices.push_back(index);
    Value stride =
        SplatOp::create(builder, loc, index.getType(), block.strides[d]);
    Value scaled = arith::MulIOp::create(builder, loc, index, stride);
    if (rank > 1)
      scaled = BroadcastOp::create(builder, loc, fullType(i64), scaled);
    pointers =
        AddPtrOp::create(builder, loc, fullType(ptrType), pointers, scaled);
  }

  Value mask;
  for (int64_t d = 0; d < rank; ++d) {
    if (!llvm::is_contained(checkedDims, static_cast<int32_t>(d)))
      continue;
    Value index = indices[d];
    auto partType = cast<RankedTensorType>(index.getType());
    Value zero = SplatOp::create(
        builder, loc, partType,
        arith::ConstantOp::create(builder, loc, builder.getI64IntegerAttr(0)));
    Value aboveZero = arith::CmpIOp::create(
        builder, loc, arith::CmpIPredicate::sge, index, zero);
    Value upper = SplatOp::create(builder, loc, partType, block.shape[d]);
    Value belowEnd = arith::CmpIOp::create(
        builder, loc, arith::CmpIPredicate::slt, index, upper);
    Value inside = arith::AndIOp::create(builder, loc, aboveZero, belowEnd);
    if (rank > 1)
      inside = BroadcastOp::create(builder, loc, fullType(i1), inside);
    mask = mask ? arith::AndIOp::create(builder, loc, mask, inside).getResult()
                : inside;
  }
  return {pointers, mask};
}

Value mlir::triton::buildPaddingConstant(OpBuilder &builder, Location loc,
                                         RankedTensorType type, bool nan) {
  Type elt = type.getElementType();
  Attribute value;
  if (auto floatType = dyn_cast<FloatType>(elt))
    value = builder.getFloatAttr(
        floatType, nan ? APFloat::getNaN(floatType.getFloatSemantics())
                       : APFloat::getZero(floatType.getFloatSemantics()));
  else
    value = builder.getIntegerAttr(elt, 0);
  Value scalar =
      arith::ConstantOp::create(builder, loc, cast<TypedAttr>(value));
  return SplatOp::create(builder, loc, type, scalar);
}
