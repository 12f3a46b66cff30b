//===- InitAllDialects.h - Register the project's dialects ------*- C++ -*-===//
//
// The project's dialects plus the upstream ones they work with. Drivers and
// out-of-tree tools call registerTritonDialects() on their registry.
//
//===----------------------------------------------------------------------===//

#ifndef DIALECTS_INITALLDIALECTS_H
#define DIALECTS_INITALLDIALECTS_H

#include "dialects/NVGPU/IR/Dialect.h"
#include "dialects/Triton/IR/Dialect.h"
#include "dialects/TritonAMDGPU/IR/Dialect.h"
#include "dialects/TritonGPU/IR/Dialect.h"
#include "dialects/TritonNvidiaGPU/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/Extensions/InlinerExtension.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/Dialect/LLVMIR/Transforms/InlinerInterfaceImpl.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/DialectRegistry.h"

namespace mlir {
namespace triton {

/// Registers the tt, ttg, ttng, amdg and nvg dialects and the upstream
/// dialects Triton IR uses.
inline void registerTritonDialects(DialectRegistry &registry) {
  registry.insert<
      TritonDialect, gpu::TritonGPUDialect, nvidia_gpu::TritonNvidiaGPUDialect,
      amdgpu::TritonAMDGPUDialect, nvgpu::NVGPUDialect, arith::ArithDialect,
      cf::ControlFlowDialect, func::FuncDialect, mlir::gpu::GPUDialect,
      LLVM::LLVMDialect, math::MathDialect, NVVM::NVVMDialect,
      ROCDL::ROCDLDialect, scf::SCFDialect, ub::UBDialect>();
  func::registerInlinerExtension(registry);
  LLVM::registerInlinerInterface(registry);
}

} // namespace triton
} // namespace mlir

#endif // DIALECTS_INITALLDIALECTS_H
