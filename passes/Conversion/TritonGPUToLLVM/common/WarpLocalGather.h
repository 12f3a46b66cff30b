//===- WarpLocalGather.h - tt.gather within warps, with shuffles ----------===//
//
// The lowering of a tt.gather whose named elements all stay in their warp
// (gpu::isWarpLocalGather), and what it shares with the shared-memory one.
//
//===----------------------------------------------------------------------===//

#ifndef PASSES_CONVERSION_TRITONGPUTOLLVM_COMMON_WARPLOCALGATHER_H
#define PASSES_CONVERSION_TRITONGPUTOLLVM_COMMON_WARPLOCALGATHER_H

#include "dialects/Triton/IR/Dialect.h"
#include "dialects/TritonGPU/IR/LinearLayout.h"
#include "passes/Conversion/TritonGPUToLLVM/common/TargetInfo.h"
#include "passes/Conversion/TritonGPUToLLVM/common/TypeConverter.h"

#include "mlir/Transforms/DialectConversion.h"

namespace mlir {
namespace triton {

/// An index register's value as an i32, as both gather lowerings read it:
/// its low 32 bits, zero-extended when narrower. Only the bits below the
/// axis size are used afterwards, which reduces it modulo that size.
Value getGatherIndexI32(OpBuilder &b, Location loc, Value index);

/// Replaces `op` (its source and indices already converted to `src` and
/// `indices`) by warp shuffles; the layouts must satisfy
/// gpu::isWarpLocalGather, the result's being the indices'. Fails with a
/// located error on what it does not support.
LogicalResult lowerWarpLocalGather(
    GatherOp op, Value src, Value indices, const gpu::LinearLayout &srcLayout,
    const gpu::LinearLayout &resultLayout,
    const TritonGPUToLLVMTypeConverter &converter, const TargetInfoBase &target,
    ConversionPatternRewriter &rewriter);

} // namespace triton
} // namespace mlir

#endif // PASSES_CONVERSION_TRITONGPUTOLLVM_COMMON_WARPLOCALGATHER_H
