//===- FMADotOpToLLVM.h - tt.dot with FMAs, spelled per target ------------===//
//
// The blocked-layout dot of DotOpToLLVM.cpp with the multiply-add of a
// target's choosing: populateDotOpToLLVMPatterns uses llvm.intr.fmuladd
// (and integer mul + add); a target whose compiler spells it otherwise adds
// the pattern with its own at a higher benefit.
//
//===----------------------------------------------------------------------===//

#ifndef PASSES_CONVERSION_TRITONGPUTOLLVM_COMMON_FMADOTOPTOLLVM_H
#define PASSES_CONVERSION_TRITONGPUTOLLVM_COMMON_FMADOTOPTOLLVM_H

#include "passes/Conversion/TritonGPUToLLVM/common/TypeConverter.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/PatternMatch.h"

#include <functional>

namespace mlir {
namespace triton {

/// acc + x * y for operands already of the accumulator's LLVM type.
using MultiplyAdd =
    std::function<Value(OpBuilder &, Location, Value x, Value y, Value acc)>;

/// The FMA dot pattern with `multiplyAdd` for each step along K.
void populateFMADotOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                                    RewritePatternSet &patterns,
                                    MultiplyAdd multiplyAdd,
                                    PatternBenefit benefit);

} // namespace triton
} // namespace mlir

#endif // PASSES_CONVERSION_TRITONGPUTOLLVM_COMMON_FMADOTOPTOLLVM_H
