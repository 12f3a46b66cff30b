//===- Patterns.h - The AMD-only TTGIR to LLVM patterns ---------*- C++ -*-===//

#ifndef PASSES_CONVERSION_TRITONGPUTOLLVM_AMD_PATTERNS_H
#define PASSES_CONVERSION_TRITONGPUTOLLVM_AMD_PATTERNS_H

#include "passes/Conversion/TritonGPUToLLVM/common/FpConversion.h"
#include "passes/Conversion/TritonGPUToLLVM/common/Patterns.h"
#include "passes/Conversion/TritonGPUToLLVM/common/Vectorization.h"

namespace mlir {
namespace triton {
namespace amd {

class TargetInfo;

/// tt.load and tt.store through tensors of pointers (or one pointer), as LLVM
/// vector loads and stores of `widths` elements at a time, masked ones under a
/// branch.
void populateLoadStoreOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                                       RewritePatternSet &patterns,
                                       const TargetInfoBase &target,
                                       const AccessWidths &widths);

/// amdg.buffer_load and amdg.buffer_store, as raw buffer accesses of
/// `widths` elements at a time through a resource made of the base pointer.
void populateBufferOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                                    RewritePatternSet &patterns,
                                    const TargetInfo &target,
                                    const AccessWidths &widths);

/// ttg.async_copy_global_to_local as gfx942's LDS-DMA loads (where the
/// shared layout takes each lane's 4 bytes in order; elsewhere the op fails
/// to legalize), ttg.async_commit_group and ttg.async_wait.
void populateAsyncCopyOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                                       RewritePatternSet &patterns,
                                       const TargetInfo &target,
                                       const AccessWidths &widths);

/// The AMD exception to shared-memory barriers (a MembarFilter): an async
/// copy into LDS and a ttg.local_load whose token comes from an async wait
/// (on every path) need no barrier between them, either way round. The
/// wait already ends with a barrier, and the pipeliner that made the pair
/// keeps them on different stages of a multi-buffered allocation, which the
/// barrier analysis cannot tell apart when the stage index is dynamic.
bool isOrderedByAsyncWait(Operation *earlier, Operation *later);

/// ttg.barrier: the target's barrier (a bare s_barrier for `none`).
void populateBarrierOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                                     RewritePatternSet &patterns,
                                     const TargetInfoBase &target);

/// ttg.warp_id: the work-item index / the wave size, at the function's
/// start (read into a scalar register on gfx942).
void populateWarpIdOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                                    RewritePatternSet &patterns,
                                    const TargetInfo &target);

/// The access width of each f16/bf16 tt.atomic_rmw fadd in `root`: its
/// pointers' alone (the lowering packs pairs whatever their masks).
void computeAtomicAccessWidths(Operation *root, const ModuleAxisInfo &axis,
                               AccessWidths &widths);

/// tt.atomic_rmw and tt.atomic_cas as LLVM atomicrmw and cmpxchg, one
/// thread per element.
void populateAtomicOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                                    RewritePatternSet &patterns,
                                    const TargetInfoBase &target,
                                    const AccessWidths &widths);

/// tt.print through the HIP hostcall printf (ockl); tt.assert printing its
/// failure to stderr and trapping.
void populatePrintAssertOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &converter, RewritePatternSet &patterns,
    const TargetInfoBase &target);

/// tt.extern_elementwise as calls (libdevice's __nv_* rejected), and a
/// located error for tt.elementwise_inline_asm.
void populateExternElementwiseOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &converter, RewritePatternSet &patterns);

/// tt.dot with an #ttg.amd_mfma result on `arch`'s MFMA instructions
/// (rocdl.mfma.*), its operands #ttg.dot_op registers of that layout.
void populateMFMADotOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                                     RewritePatternSet &patterns,
                                     StringRef arch);

/// f32 math.exp, math.exp2, math.sqrt, math.rsqrt on the hardware's
/// approximate instructions and tt.precise_sqrt correctly rounded, flushing
/// denormals where `ftz` allows (Triton 3.6's lowering).
void populateMathOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                                  RewritePatternSet &patterns, bool ftz);

/// amdg.extract_slice, amdg.concat and amdg.in_thread_transpose, as
/// selections of the registers each thread already holds.
void populateSliceConcatOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &converter, RewritePatternSet &patterns);

/// The float conversions `arch` does with its own instructions: on gfx942
/// those of its fp8 formats (f8E4M3FNUZ, f8E5M2FNUZ).
std::unique_ptr<FpConversionTarget> createFpConversionTarget(StringRef arch);

/// Rewrites tt.precise_divf, tt.mulhiui and tt.clampf in
/// `root` (TTGIR, before the conversion) into arith and math ops.
void rewriteElementwiseOpsToArith(Operation *root);

/// Adds to `widths` the elements per access of every buffer op in `root`.
void computeBufferAccessWidths(Operation *root, const ModuleAxisInfo &axis,
                               AccessWidths &widths);

} // namespace amd
} // namespace triton
} // namespace mlir

#endif // PASSES_CONVERSION_TRITONGPUTOLLVM_AMD_PATTERNS_H
