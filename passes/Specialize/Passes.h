//===- Passes.h - Specializing kernels and device functions ----*- C++ -*-===//

#ifndef PASSES_SPECIALIZE_PASSES_H
#define PASSES_SPECIALIZE_PASSES_H

#include "dialects/Triton/IR/Dialect.h"

#include "mlir/Pass/Pass.h"

namespace mlir {
namespace triton {

#define GEN_PASS_DECL
#include "passes/Specialize/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "passes/Specialize/Passes.h.inc"

} // namespace triton
} // namespace mlir

#endif // PASSES_SPECIALIZE_PASSES_H
