//===- Passes.h - TritonGPU (TTGIR) transforms ------------------*- C++ -*-===//

#ifndef PASSES_TRITONGPU_PASSES_H
#define PASSES_TRITONGPU_PASSES_H

#include "dialects/Triton/IR/Dialect.h"
#include "dialects/TritonGPU/IR/Dialect.h"
#include "dialects/TritonNvidiaGPU/IR/Dialect.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

#include "mlir/Pass/Pass.h"

namespace mlir {
namespace triton {
namespace gpu {

#define GEN_PASS_DECL
#include "passes/TritonGPU/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "passes/TritonGPU/Passes.h.inc"

} // namespace gpu
} // namespace triton
} // namespace mlir

#endif // PASSES_TRITONGPU_PASSES_H
