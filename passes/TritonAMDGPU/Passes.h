//===- Passes.h - TritonAMDGPU (AMD TTGIR) transforms -----------*- C++ -*-===//

#ifndef PASSES_TRITONAMDGPU_PASSES_H
#define PASSES_TRITONAMDGPU_PASSES_H

#include "dialects/Triton/IR/Dialect.h"
#include "dialects/TritonGPU/IR/Dialect.h"

#include "mlir/Pass/Pass.h"

namespace mlir {
namespace triton {
namespace amdgpu {

#define GEN_PASS_DECL
#include "passes/TritonAMDGPU/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "passes/TritonAMDGPU/Passes.h.inc"

} // namespace amdgpu
} // namespace triton
} // namespace mlir

#endif // PASSES_TRITONAMDGPU_PASSES_H
