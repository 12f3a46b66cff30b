//===- Passes.h - TTIR to TTGIR -----------------------------------*- C++ -*-===//

#ifndef PASSES_CONVERSION_TRITONTOTRITONGPU_PASSES_H
#define PASSES_CONVERSION_TRITONTOTRITONGPU_PASSES_H

#include "dialects/Triton/IR/Dialect.h"
#include "dialects/TritonGPU/IR/Dialect.h"

#include "mlir/Pass/Pass.h"

namespace mlir {
namespace triton {

#define GEN_PASS_DECL
#include "passes/Conversion/TritonToTritonGPU/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "passes/Conversion/TritonToTritonGPU/Passes.h.inc"

/// The blocked layout of a tensor of `shape` with `sizePerThread` elements
/// per thread and dimensions `order` (fastest first): the threads of a warp,
/// then the warps, laid out from the fastest dimension as far as it has
/// elements, the rest on the slowest.
gpu::BlockedEncodingAttr getBlockedEncoding(MLIRContext *context, ArrayRef<int64_t> shape,
                                            ArrayRef<unsigned> sizePerThread,
                                            ArrayRef<unsigned> order, int numWarps,
                                            int threadsPerWarp, int numCTAs);

/// The default layout of a tensor of `shape`: one element per thread and the
/// last dimension fastest, as upstream's getDefaultBlockedEncoding.
gpu::BlockedEncodingAttr getDefaultBlockedEncoding(MLIRContext *context,
                                                   ArrayRef<int64_t> shape, int numWarps,
                                                   int threadsPerWarp, int numCTAs);

} // namespace triton
} // namespace mlir

#endif // PASSES_CONVERSION_TRITONTOTRITONGPU_PASSES_H
