//===- Passes.h - TritonNvidiaGPU (ttng) transforms -------------*- C++ -*-===//

#ifndef PASSES_TRITONNVIDIAGPU_PASSES_H
#define PASSES_TRITONNVIDIAGPU_PASSES_H

#include "dialects/TritonGPU/IR/Dialect.h"
#include "dialects/TritonNvidiaGPU/IR/Dialect.h"

#include "mlir/Pass/Pass.h"

namespace mlir {
namespace triton {
namespace nvidia_gpu {

#define GEN_PASS_DECL
#include "passes/TritonNvidiaGPU/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "passes/TritonNvidiaGPU/Passes.h.inc"

} // namespace nvidia_gpu
} // namespace triton
} // namespace mlir

#endif // PASSES_TRITONNVIDIAGPU_PASSES_H
