//===- Patterns.h - The NVIDIA-only TTGIR to LLVM patterns ------*- C++ -*-===//

#ifndef PASSES_CONVERSION_TRITONGPUTOLLVM_NVIDIA_PATTERNS_H
#define PASSES_CONVERSION_TRITONGPUTOLLVM_NVIDIA_PATTERNS_H

#include "dialects/Triton/IR/Dialect.h"
#include "passes/Conversion/TritonGPUToLLVM/common/FpConversion.h"
#include "passes/Conversion/TritonGPUToLLVM/common/Patterns.h"
#include "passes/Conversion/TritonGPUToLLVM/common/Vectorization.h"

namespace mlir {
namespace triton {
namespace nvidia {

/// An L2 eviction policy register for `evict` (first or last), made by
/// `createpolicy` for the access that follows (`.L2::cache_hint`); null for
/// other policies.
Value createL2Policy(OpBuilder &b, Location loc, EvictionPolicy evict);

/// tt.load and tt.store through tensors of pointers (or one pointer), as
/// predicated PTX loads and stores of `widths` elements at a time; a load's
/// registers in one block of `constancies` share one access.
void populateLoadStoreOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                                       RewritePatternSet &patterns,
                                       const TargetInfoBase &target,
                                       const AccessWidths &widths,
                                       const ResultConstancies &constancies);

/// tt.dot in #ttg.nvidia_mma version 2 layouts: mma.sync per 16x8 tile.
void populateMMAv2DotOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                                      RewritePatternSet &patterns,
                                      int computeCapability, int ptxVersion);

/// ttng.warp_group_dot on wgmma (compute capability 90),
/// ttng.warp_group_dot_wait and ttng.fence_async_shared.
void populateWGMMADotOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                                      RewritePatternSet &patterns,
                                      const TargetInfoBase &target,
                                      int computeCapability);

/// ttg.async_copy_global_to_local (cp.async, `widths` elements at most per
/// copy), ttg.async_commit_group and ttg.async_wait.
void populateAsyncCopyOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                                       RewritePatternSet &patterns,
                                       const TargetInfoBase &target,
                                       const AccessWidths &widths);

/// The float conversions the GPU of `computeCapability` does with PTX's cvt
/// (for common/FpConversion.h's patterns).
std::unique_ptr<FpConversionTarget>
createFpConversionTarget(int computeCapability);

/// tt.clampf, tt.precise_sqrt, tt.precise_divf, tt.mulhiui,
/// tt.extern_elementwise, tt.elementwise_inline_asm, tt.map_elementwise.
void populateElementwiseOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &converter, RewritePatternSet &patterns,
    int computeCapability);

/// Triton's fast paths for scalar math: math.exp and arith.divf on f32.
void populateMathOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                                  RewritePatternSet &patterns);

/// tt.atomic_rmw and tt.atomic_cas as PTX atom, one thread per element.
/// Vector float adds need sm_90 and PTX 8.1 (`ptxVersion` 81); before that,
/// pairs of halves are added with one f16x2 atomic.
void populateAtomicOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                                    RewritePatternSet &patterns,
                                    const TargetInfoBase &target,
                                    int computeCapability, int ptxVersion,
                                    const AccessWidths &widths);

class TargetInfo;

/// mbarriers, TMA copies and TMA descriptors (TMAOpToLLVM.cpp); the PTX
/// depends on the compute capability and PTX version.
void populateTMAOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                                 RewritePatternSet &patterns,
                                 const TargetInfo &target);

/// ttg.convert_layout between the CTAs of a cluster, through distributed
/// shared memory (ClusterConvertLayoutOpToLLVM.cpp).
void populateClusterConvertLayoutOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &converter, RewritePatternSet &patterns,
    const TargetInfoBase &target);

/// ttng.cluster_arrive and ttng.cluster_wait (ClusterBarrierOpToLLVM.cpp).
void populateClusterBarrierOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &converter, RewritePatternSet &patterns,
    int computeCapability);

/// tt.print (vprintf) and tt.assert (__assertfail).
void populatePrintAssertOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &converter, RewritePatternSet &patterns,
    const TargetInfoBase &target);

} // namespace nvidia
} // namespace triton
} // namespace mlir

#endif // PASSES_CONVERSION_TRITONGPUTOLLVM_NVIDIA_PATTERNS_H
