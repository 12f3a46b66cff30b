/*===- triton-c/Dialects.h - The Triton IR dialects from C --------*- C -*-===*\
|*                                                                            *|
|* MLIR's C API convention: one dialect handle per dialect, to register or    *|
|* load it in an MlirContext (mlirDialectHandleRegisterDialect,               *|
|* mlirDialectHandleLoadDialect), plus one call that registers everything a   *|
|* Triton IR module may hold.                                                 *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef TRITON_C_DIALECTS_H
#define TRITON_C_DIALECTS_H

#include "mlir-c/IR.h"

#ifdef __cplusplus
extern "C" {
#endif

MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(Triton, tt);
MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(TritonGPU, ttg);
MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(TritonNvidiaGPU, ttng);
MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(TritonAMDGPU, amdg);

/// Registers tt, ttg, ttng, amdg and Triton's nvg (no handle of its own), the upstream dialects Triton IR
/// uses (arith, scf, cf, math, llvm, nvvm, rocdl, ...) and their LLVM IR
/// translations, as triton-opt does.
MLIR_CAPI_EXPORTED void tritonRegisterAllDialects(MlirDialectRegistry registry);

/// A context with every dialect of tritonRegisterAllDialects registered and
/// loaded, ready to parse Triton IR.
MLIR_CAPI_EXPORTED MlirContext tritonContextCreate(void);

#ifdef __cplusplus
}
#endif

#endif /* TRITON_C_DIALECTS_H */
