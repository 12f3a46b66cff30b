//===- BlockAddress.h - Pointers and masks of a strided block ---*- C++ -*-===//
//
// Shared by the block-pointer and tensor-descriptor rewrites: the tensor of
// pointers that addresses a block of a strided global tensor, and the mask of
// the elements inside the tensor's bounds.
//
//===----------------------------------------------------------------------===//

#ifndef PASSES_TRITON_BLOCKADDRESS_H
#define PASSES_TRITON_BLOCKADDRESS_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"

namespace mlir {
namespace triton {

/// A block of `blockShape` elements starting at `offsets` (i64, one per
/// dimension) of a global tensor at `base` with `shape` and `strides` (i64).
struct StridedBlock {
  Value base;
  SmallVector<Value> shape, strides, offsets;
};

/// The pointers and bounds mask of a block.
struct BlockAddress {
  Value pointers; ///< tensor<blockShape x !tt.ptr<T>>
  Value mask;     ///< tensor<blockShape x i1>, null if no dimension is checked
};

/// Builds the pointers of `block` (shape `blockShape`) and the mask that is
/// true where `0 <= index < shape` holds in every dimension of `checkedDims`.
BlockAddress buildBlockAddress(OpBuilder &builder, Location loc,
                               const StridedBlock &block,
                               ArrayRef<int64_t> blockShape,
                               ArrayRef<int32_t> checkedDims);

/// A constant tensor of `type` filled with zero, or with NaN if `nan` (floats).
Value buildPaddingConstant(OpBuilder &builder, Location loc,
                           RankedTensorType type, bool nan);

/// `value` as i64 (sign-extended).
Value toI64(OpBuilder &builder, Location loc, Value value);

} // namespace triton
} // namespace mlir

#endif // PASSES_TRITON_BLOCKADDRESS_H
