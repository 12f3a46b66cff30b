//===- Patterns.h - The NVIDIA-only TTGIR to LLVM patterns -------*- C++ -*-===//

#ifndef PASSES_CONVERSION_TRITONGPUTOLLVM_NVIDIA_PATTERNS_H
#define PASSES_CONVERSION_TRITONGPUTOLLVM_NVIDIA_PATTERNS_H

#include "passes/Conversion/TritonGPUToLLVM/common/Patterns.h"
#include "passes/Conversion/TritonGPUToLLVM/common/Vectorization.h"

namespace mlir {
namespace triton {
namespace nvidia {

/// tt.load and tt.store through tensors of pointers (or one pointer), as
/// predicated PTX loads and stores of `widths` elements at a time.
void populateLoadStoreOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                                       RewritePatternSet &patterns,
                                       const TargetInfoBase &target, const AccessWidths &widths);

/// tt.dot in #ttg.nvidia_mma version 2 layouts: mma.sync per 16x8 tile.
void populateMMAv2DotOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                                      RewritePatternSet &patterns);

/// ttg.async_copy_global_to_local (cp.async, `widths` elements at most per
/// copy), ttg.async_commit_group and ttg.async_wait.
void populateAsyncCopyOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                                       RewritePatternSet &patterns,
                                       const TargetInfoBase &target, const AccessWidths &widths);

} // namespace nvidia
} // namespace triton
} // namespace mlir

#endif // PASSES_CONVERSION_TRITONGPUTOLLVM_NVIDIA_PATTERNS_H
