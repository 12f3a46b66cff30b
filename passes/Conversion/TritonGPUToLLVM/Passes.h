//===- Passes.h - TTGIR to the LLVM dialect ---------------------*- C++ -*-===//

#ifndef PASSES_CONVERSION_TRITONGPUTOLLVM_PASSES_H
#define PASSES_CONVERSION_TRITONGPUTOLLVM_PASSES_H

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir {
namespace triton {

#define GEN_PASS_DECL
#include "passes/Conversion/TritonGPUToLLVM/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "passes/Conversion/TritonGPUToLLVM/Passes.h.inc"

} // namespace triton
} // namespace mlir

#endif // PASSES_CONVERSION_TRITONGPUTOLLVM_PASSES_H
