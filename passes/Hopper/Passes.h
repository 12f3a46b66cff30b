//===- Passes.h - Hopper warp specialization --------------------*- C++ -*-===//

#ifndef PASSES_HOPPER_PASSES_H
#define PASSES_HOPPER_PASSES_H

#include "dialects/TritonGPU/IR/Dialect.h"
#include "dialects/TritonNvidiaGPU/IR/Dialect.h"

#include "mlir/Pass/Pass.h"

namespace mlir {
namespace triton {
namespace hopper {

#define GEN_PASS_DECL
#include "passes/Hopper/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "passes/Hopper/Passes.h.inc"

} // namespace hopper
} // namespace triton
} // namespace mlir

#endif // PASSES_HOPPER_PASSES_H
