//===- ElementwiseUtility.h - Helpers of the NVIDIA numeric lowerings -*- C++ -*-===//
//
// Inline PTX, and the NVIDIA side of the numeric helpers; what every backend
// shares is in common/ElementUtility.h.
//
//===----------------------------------------------------------------------===//

#ifndef PASSES_CONVERSION_TRITONGPUTOLLVM_NVIDIA_ELEMENTWISEUTILITY_H
#define PASSES_CONVERSION_TRITONGPUTOLLVM_NVIDIA_ELEMENTWISEUTILITY_H

#include "passes/Conversion/TritonGPUToLLVM/common/ElementUtility.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir {
namespace triton {
namespace nvidia {

/// Inline PTX with `resultTypes` results (none, one, or a struct of several,
/// returned unpacked). Without side effects LLVM may move, merge or drop it.
SmallVector<Value> createInlinePtx(OpBuilder &b, Location loc, TypeRange resultTypes,
                                   ValueRange operands, StringRef text, StringRef constraints,
                                   bool hasSideEffects);

/// The exact f32 value of an element of an 8-bit float `type` (f8E4M3FN or
/// f8E5M2), which travels as an i8; null for other 8-bit formats.
Value convertSmallFloatToF32(OpBuilder &b, Location loc, Value bits, Type type);

} // namespace nvidia
} // namespace triton
} // namespace mlir

#endif // PASSES_CONVERSION_TRITONGPUTOLLVM_NVIDIA_ELEMENTWISEUTILITY_H
