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
// tt.assert runs a backend's failure code in each thread holding a false
// element, then (for a tensor condition) waits at a barrier, so that no
// thread runs on past the assertion while another is still failing it.
//
//===----------------------------------------------------------------------===//

#ifndef PASSES_CONVERSION_TRITONGPUTOLLVM_COMMON_PRINTUTILITY_H
#define PASSES_CONVERSION_TRITONGPUTOLLVM_COMMON_PRINTUTILITY_H

#include "dialects/Triton/IR/Dialect.h"
#include "passes/Conversion/TritonGPUToLLVM/common/TargetInfo.h"
#include "passes/Conversion/TritonGPUToLLVM/common/TypeConverter.h"

#include "mlir/Transforms/DialectConversion.h"

#include <functional>

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

/// What a failing tt.assert reports: its message, the file and line of its
/// location ("<unknown>" and 0 without one) and the enclosing function.
struct AssertPlace {
  StringRef message;
  std::string file;
  unsigned line;
  std::string function;
};

/// Emits the failure of assertion `op`, in the threads that fail it.
using AssertFailEmitter = std::function<void(
    RewriterBase &rewriter, AssertOp op, const AssertPlace &place)>;

/// tt.assert: the threads holding a false element run `fail`; a tensor
/// condition is followed by `target`'s barrier.
void populateAssertOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                                    RewritePatternSet &patterns,
                                    const TargetInfoBase &target,
                                    AssertFailEmitter fail);

} // namespace triton
} // namespace mlir

#endif // PASSES_CONVERSION_TRITONGPUTOLLVM_COMMON_PRINTUTILITY_H
