//===- Patterns.h - The TTGIR to LLVM patterns, by op family -----*- C++ -*-===//
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
void populateElementwiseOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                                         RewritePatternSet &patterns,
                                         const ResultConstancies &constancies);

/// Ops that move no data between threads: tt.broadcast, tt.expand_dims,
/// tt.reshape, tt.trans, tt.join, tt.split, tt.cat, and ttg.convert_layout
/// between layouts that keep every element in its thread.
void populateViewOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                                  RewritePatternSet &patterns);

/// tt.make_range, tt.get_program_id, tt.get_num_programs, gpu.barrier.
void populateSPMDOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                                  RewritePatternSet &patterns, const TargetInfoBase &target);

/// tt.func, tt.return and tt.call. Every function gets two trailing pointer
/// parameters (global and profile scratch) as Triton 3.6's ABI has.
void populateFuncOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                                  RewritePatternSet &patterns, const TargetInfoBase &target,
                                  int numThreads);

/// tt.dot on a blocked accumulator with #ttg.dot_op operands: FMAs.
void populateDotOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                                 RewritePatternSet &patterns);

} // namespace triton
} // namespace mlir

#endif // PASSES_CONVERSION_TRITONGPUTOLLVM_COMMON_PATTERNS_H
