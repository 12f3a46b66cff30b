//===- Passes.h - TTIR to TTGIR ---------------------------------*- C++ -*-===//

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

} // namespace triton
} // namespace mlir

#endif // PASSES_CONVERSION_TRITONTOTRITONGPU_PASSES_H
