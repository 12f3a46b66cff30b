//===- PrintUtility.h - tt.print for every backend --------------*- C++ -*-===//
//
// tt.print prints each element once, as Triton does, with the format
//   pid (<x>, <y>, <z>) idx (<i0>, <i1>, ...)<prefix>[(operand <n>) ]<value>
// (`idx ()` for a scalar): by the first register of the thread that owns it
// when a layout repeats elements, and by thread 0 for a scalar. Values print
// as %f (floats, fp8 included, widened to double), %i/%u (%lli/%llu for 64
// bits) by the operand's signedness, %p for pointers; with `hex`, as 0x and
// the value's bits in as many hex digits as its width needs (floats by their
// bits, not widened). A backend supplies the printf call.
//
//===----------------------------------------------------------------------===//

#ifndef PASSES_CONVERSION_TRITONGPUTOLLVM_COMMON_PRINTUTILITY_H
#define PASSES_CONVERSION_TRITONGPUTOLLVM_COMMON_PRINTUTILITY_H

#include "dialects/Triton/IR/Dialect.h"
#include "passes/Conversion/TritonGPUToLLVM/common/TargetInfo.h"

#include "mlir/Transforms/DialectConversion.h"

namespace mlir {
namespace triton {

/// Prints `format` with `args` (C's default promotions: i32, i64, f64) from
/// the calling thread.
using PrintfEmitter = function_ref<void(
    RewriterBase &rewriter, StringRef format, ArrayRef<Value> args)>;

/// Rewrites `op`, whose converted arguments are `convertedArgs`, into calls
/// of `printf`.
LogicalResult lowerPrintOp(PrintOp op, ValueRange convertedArgs,
                           ConversionPatternRewriter &rewriter,
                           const TargetInfoBase &target, PrintfEmitter printf);

} // namespace triton
} // namespace mlir

#endif // PASSES_CONVERSION_TRITONGPUTOLLVM_COMMON_PRINTUTILITY_H
