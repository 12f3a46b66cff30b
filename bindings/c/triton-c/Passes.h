/*===- triton-c/Passes.h - Triton's passes and pipelines from C ---*- C -*-===*\
|*                                                                            *|
|* After tritonRegisterAllPasses(), mlirParsePassPipeline (mlir-c/Pass.h)     *|
|* accepts every flag triton-opt accepts, upstream's spellings included       *|
|* ("triton-combine", "tritongpu-coalesce") and the named pipelines           *|
|* ("triton-make-ttgir{target=cuda:90 num-warps=4}").                         *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef TRITON_C_PASSES_H
#define TRITON_C_PASSES_H

#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"
#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Registers the project's passes, named pipelines and upstream flag
/// aliases, and the upstream passes Triton's pipelines run (idempotent).
MLIR_CAPI_EXPORTED void tritonRegisterAllPasses(void);

/// Registers only -triton-make-ttir, -triton-make-ttgir, -triton-make-llir
/// and -triton-to-llvm (idempotent).
MLIR_CAPI_EXPORTED void tritonRegisterPipelines(void);

/// Parses `pipeline` (textual, as triton-opt's --pass-pipeline takes it,
/// e.g. "builtin.module(triton-combine,canonicalize)", or a bare
/// "triton-make-ttgir{target=cuda:90}" that is nested under builtin.module)
/// and runs it on `module`. Problems are reported through the context's
/// diagnostic handlers, a malformed pipeline at the module's location.
MLIR_CAPI_EXPORTED MlirLogicalResult tritonRunPassPipeline(
    MlirModule module, MlirStringRef pipeline);

#ifdef __cplusplus
}
#endif

#endif /* TRITON_C_PASSES_H */
