//===- Passes.h - Triton (TTIR) transforms ----------------------*- C++ -*-===//

#ifndef PASSES_TRITON_PASSES_H
#define PASSES_TRITON_PASSES_H

#include "dialects/Triton/IR/Dialect.h"

#include "mlir/Pass/Pass.h"

namespace mlir {
namespace triton {

#define GEN_PASS_DECL
#include "passes/Triton/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "passes/Triton/Passes.h.inc"

} // namespace triton
} // namespace mlir

#endif // PASSES_TRITON_PASSES_H
