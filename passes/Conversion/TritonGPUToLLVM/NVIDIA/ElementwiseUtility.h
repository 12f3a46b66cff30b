//===- ElementwiseUtility.h - Helpers of the NVIDIA numeric lowerings -----===//
//
// Inline PTX; what every backend shares is in common/ElementUtility.h and
// common/FpConversion.h.
//
//===----------------------------------------------------------------------===//

#ifndef PASSES_CONVERSION_TRITONGPUTOLLVM_NVIDIA_ELEMENTWISEUTILITY_H
#define PASSES_CONVERSION_TRITONGPUTOLLVM_NVIDIA_ELEMENTWISEUTILITY_H

#include "passes/Conversion/TritonGPUToLLVM/common/ElementUtility.h"
#include "passes/Conversion/TritonGPUToLLVM/common/FpConversion.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir {
namespace triton {
namespace nvidia {

/// Inline PTX with `resultTypes` results (none, one, or a struct of several,
/// returned unpacked). Without side effects LLVM may move, merge or drop it.
/// The lowering's own PTX carries an empty operand_attrs list, as Triton's
/// PTX builder prints it; a user's tt.elementwise_inline_asm carries none.
SmallVector<Value> createInlinePtx(OpBuilder &b, Location loc,
                                   TypeRange resultTypes, ValueRange operands,
                                   StringRef text, StringRef constraints,
                                   bool hasSideEffects,
                                   bool withOperandAttrs = true);

} // namespace nvidia
} // namespace triton
} // namespace mlir

#endif // PASSES_CONVERSION_TRITONGPUTOLLVM_NVIDIA_ELEMENTWISEUTILITY_H
