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

/// The default layout of a tensor of `shape`: one element per thread, the
/// threads of a warp and then the warps laid out from the fastest (last)
/// dimension, as upstream's getDefaultBlockedEncoding.
gpu::BlockedEncodingAttr getDefaultBlockedEncoding(MLIRContext *context,
                                                   ArrayRef<int64_t> shape, int numWarps,
                                                   int threadsPerWarp, int numCTAs);

} // namespace triton
} // namespace mlir

#endif // PASSES_CONVERSION_TRITONTOTRITONGPU_PASSES_H
