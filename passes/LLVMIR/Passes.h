//===- Passes.h - Passes over the LLVM dialect ------------------*- C++ -*-===//

#ifndef PASSES_LLVMIR_PASSES_H
#define PASSES_LLVMIR_PASSES_H

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Pass/Pass.h"

namespace mlir {
namespace triton {

#define GEN_PASS_DECL
#include "passes/LLVMIR/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "passes/LLVMIR/Passes.h.inc"

} // namespace triton
} // namespace mlir

#endif // PASSES_LLVMIR_PASSES_H
