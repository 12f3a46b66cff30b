//===- Passes.h - nvgpu to the LLVM and NVVM dialects -----------*- C++ -*-===//

#ifndef PASSES_CONVERSION_NVGPUTOLLVM_PASSES_H
#define PASSES_CONVERSION_NVGPUTOLLVM_PASSES_H

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir {
namespace triton {

#define GEN_PASS_DECL
#include "passes/Conversion/NVGPUToLLVM/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "passes/Conversion/NVGPUToLLVM/Passes.h.inc"

} // namespace triton
} // namespace mlir

#endif // PASSES_CONVERSION_NVGPUTOLLVM_PASSES_H
