//===- Patterns.h - The TTGIR to LLVM patterns, by op family ----*- C++ -*-===//
//
// Each family lives in a file named after it; a backend's pass collects the
// families it needs with these functions and adds its own.
//
//===----------------------------------------------------------------------===//

#ifndef PASSES_CONVERSION_TRITONGPUTOLLVM_COMMON_PATTERNS_H
#define PASSES_CONVERSION_TRITONGPUTOLLVM_COMMON_PATTERNS_H

#include "passes/Conversion/TritonGPUToLLVM/common/TargetInfo.h"
#include "passes/Conversion/TritonGPUToLLVM/common/TypeConverter.h"
#include "passes/Conversion/TritonGPUToLLVM/common/Vectorization.h"

#include "mlir/IR/PatternMatch.h"

namespace mlir {
namespace triton {

/// Element-by-element ops on tensors: arith and math ops, tt.splat,
/// tt.addptr, tt.bitcast, tt.int_to_ptr, tt.ptr_to_int, tensor constants.
/// Elements in one block of `constancies` are computed once.
void populateElementwiseOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &converter, RewritePatternSet &patterns,
    const ResultConstancies &constancies, const TargetInfoBase &target);

/// tt.elementwise_inline_asm: the text once per `packed_element` elements,
/// narrow elements packed in 32-bit registers (every target).
void populateElementwiseInlineAsmOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &converter, RewritePatternSet &patterns);

/// tt.map_elementwise: its scalar region inlined once per `pack` elements of
/// each thread (regions with branches split the block around each copy).
void populateMapElementwiseOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &converter, RewritePatternSet &patterns);

/// Ops that move no data between threads: tt.broadcast, tt.expand_dims,
/// tt.reshape, tt.trans, tt.join, tt.split, tt.cat, and ttg.convert_layout
/// between layouts that keep every element in its thread.
void populateViewOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                                  RewritePatternSet &patterns);

/// tt.make_range, tt.get_program_id, tt.get_num_programs.
void populateSPMDOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                                  RewritePatternSet &patterns,
                                  const TargetInfoBase &target);

/// The global scratch of the function the builder inserts into, plus
/// `offset` bytes: in a kernel this program's slice of the buffer the
/// launcher passes (the program's linear id times the module's
/// `ttg.global_scratch_memory_size`), in a device function the pointer its
/// caller passes (the caller's scratch plus the call's offset).
Value getGlobalScratchPtr(OpBuilder &b, Location loc,
                          const TargetInfoBase &target, int64_t offset);

/// tt.func, tt.return and tt.call. Every function gets two trailing pointer
/// parameters (global and profile scratch) as Triton 3.6's ABI has.
void populateFuncOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                                  RewritePatternSet &patterns,
                                  const TargetInfoBase &target, int numThreads);

/// tt.dot on a blocked accumulator with #ttg.dot_op operands: FMAs.
void populateDotOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                                 RewritePatternSet &patterns);

/// ttg.convert_layout between layouts that move elements between threads:
/// through the op's shared-memory scratch, or with warp shuffles when the
/// allocation gave it none (the conversion stays within warps).
void populateConvertLayoutOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &converter, RewritePatternSet &patterns,
    const TargetInfoBase &target);

/// Shared-memory buffers: ttg.local_alloc, ttg.local_load, ttg.local_store,
/// ttg.local_dealloc, the views ttg.memdesc_index, ttg.memdesc_subslice,
/// ttg.memdesc_trans, ttg.memdesc_reshape, ttg.local_barrier and ttg.barrier.
void populateMemoryOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                                    RewritePatternSet &patterns,
                                    const TargetInfoBase &target);

/// tt.gather: warp shuffles where every element a result names is held in
/// its warp, else through the op's shared-memory scratch.
void populateGatherOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                                    RewritePatternSet &patterns,
                                    const TargetInfoBase &target);

/// tt.histogram with atomic adds on bins in the op's shared-memory scratch.
void populateHistogramOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                                       RewritePatternSet &patterns,
                                       const TargetInfoBase &target);

/// tt.reduce: in-thread, then warp butterflies, then (warps along the axis)
/// partials through the op's shared-memory scratch.
void populateReduceOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                                    RewritePatternSet &patterns,
                                    const TargetInfoBase &target);

/// tt.scan: in-thread, then lane shuffles, then (warps along the axis) block
/// totals through the op's shared-memory scratch.
void populateScanOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                                  RewritePatternSet &patterns,
                                  const TargetInfoBase &target);

} // namespace triton
} // namespace mlir

#endif // PASSES_CONVERSION_TRITONGPUTOLLVM_COMMON_PATTERNS_H
