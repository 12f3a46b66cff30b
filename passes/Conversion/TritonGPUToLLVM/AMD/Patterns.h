//===- Patterns.h - The AMD-only TTGIR to LLVM patterns ----------*- C++ -*-===//

#ifndef PASSES_CONVERSION_TRITONGPUTOLLVM_AMD_PATTERNS_H
#define PASSES_CONVERSION_TRITONGPUTOLLVM_AMD_PATTERNS_H

#include "passes/Conversion/TritonGPUToLLVM/common/Patterns.h"
#include "passes/Conversion/TritonGPUToLLVM/common/Vectorization.h"

namespace mlir {
namespace triton {
namespace amd {

/// tt.load and tt.store through tensors of pointers (or one pointer), as LLVM
/// vector loads and stores of `widths` elements at a time, masked ones under a
/// branch.
void populateLoadStoreOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                                       RewritePatternSet &patterns,
                                       const TargetInfoBase &target, const AccessWidths &widths);

} // namespace amd
} // namespace triton
} // namespace mlir

#endif // PASSES_CONVERSION_TRITONGPUTOLLVM_AMD_PATTERNS_H
