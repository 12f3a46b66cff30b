//===- Dialect.h - The nvgpu dialect ----------------------------*- C++ -*-===//

#ifndef DIALECTS_NVGPU_IR_DIALECT_H
#define DIALECTS_NVGPU_IR_DIALECT_H

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "dialects/NVGPU/IR/NVGPUDialect.h.inc"
#include "dialects/NVGPU/IR/NVGPUEnums.h.inc"

#define GET_OP_CLASSES
#include "dialects/NVGPU/IR/NVGPUOps.h.inc"

namespace mlir {
namespace triton {
namespace nvgpu {

/// The K of one wgmma for operands of `type` (32 bytes of K), 0 for a type
/// wgmma does not multiply.
int64_t getWGMMAInstrK(WGMMAEltType type);

/// Whether a wgmma of `a` x `b` into `c` exists in PTX.
bool isWGMMATypeCombination(WGMMAEltType c, WGMMAEltType a, WGMMAEltType b);

} // namespace nvgpu
} // namespace triton
} // namespace mlir

#endif // DIALECTS_NVGPU_IR_DIALECT_H
