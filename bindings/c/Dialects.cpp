//===- Dialects.cpp - The Triton IR dialects from C -----------------------===//

#include "bindings/c/triton-c/Dialects.h"

#include "dialects/InitAllDialects.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Registration.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/NVVM/NVVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/ROCDL/ROCDLToLLVMIRTranslation.h"

MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(Triton, tt, mlir::triton::TritonDialect)
MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(TritonGPU, ttg,
                                      mlir::triton::gpu::TritonGPUDialect)
MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(
    TritonNvidiaGPU, ttng, mlir::triton::nvidia_gpu::TritonNvidiaGPUDialect)
MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(TritonAMDGPU, amdg,
                                      mlir::triton::amdgpu::TritonAMDGPUDialect)

void tritonRegisterAllDialects(MlirDialectRegistry registry) {
  mlir::DialectRegistry &cppRegistry = *unwrap(registry);
  mlir::triton::registerTritonDialects(cppRegistry);
  // The LLVM IR translations, so that a lowered module can be emitted.
  mlir::registerBuiltinDialectTranslation(cppRegistry);
  mlir::registerLLVMDialectTranslation(cppRegistry);
  mlir::registerNVVMDialectTranslation(cppRegistry);
  mlir::registerROCDLDialectTranslation(cppRegistry);
}

MlirContext tritonContextCreate(void) {
  mlir::DialectRegistry registry;
  tritonRegisterAllDialects(wrap(&registry));
  auto *context = new mlir::MLIRContext(registry);
  context->loadAllAvailableDialects();
  return wrap(context);
}
