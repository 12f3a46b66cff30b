/*===- triton-c/Compile.h - Triton IR to PTX, cubin, AMDGCN from C -*- C -*-===*\
|*                                                                            *|
|* The compile path of triton-compile and triton-translate as two calls:      *|
|* tritonLowerToLLVM runs Triton 3.6's stages on a TTIR or TTGIR module, and  *|
|* tritonEmitDeviceCode turns the LLVM-dialect result into device code and    *|
|* the launch metadata JSON (docs/Bindings.md lists its keys). Failures are   *|
|* located diagnostics, delivered to the context's handlers.                  *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef TRITON_C_COMPILE_H
#define TRITON_C_COMPILE_H

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/// What to compile for and how (Triton's compile options).
typedef struct TritonCompileOptions {
  /// "cuda:80", "cuda:90", "hip:gfx90a" or "hip:gfx942".
  const char *target;
  int numWarps, numCtas, numStages;
  /// The PTX ISA version times ten (87 = 8.7); NVIDIA only.
  int ptxVersion;
  /// ptxas to assemble cubins with; NULL: the one found at configure time.
  const char *ptxas;
  /// The registers a thread may use, 1-255 (Triton's maxnreg: the module's
  /// ttg.maxnreg, PTX .maxnreg); 0: ptxas chooses. cuda targets only.
  int maxnreg;
  /// CUDA's nvJitLink library (a path, or a name the dynamic loader finds)
  /// to assemble cubins with in this process instead of ptxas; NULL: ptxas.
  /// Its cubins are not ptxas's (docs/CompileSpeed.md). cuda targets only.
  const char *nvjitlink;
} TritonCompileOptions;

/// target "cuda:90", 4 warps, 1 CTA, 3 stages, PTX 8.7, the configured ptxas,
/// no register limit, no nvJitLink.
MLIR_CAPI_EXPORTED TritonCompileOptions tritonCompileOptionsDefault(void);

/// What tritonEmitDeviceCode produces.
typedef enum TritonDeviceOutput {
  TritonDeviceOutputPTX,
  TritonDeviceOutputCubin,
  TritonDeviceOutputAMDGCN,
  TritonDeviceOutputHsaco,
} TritonDeviceOutput;

/// Lowers `module` in place to the LLVM dialect: make_ttir, make_ttgir and
/// make_llir for TTIR, make_llir alone for TTGIR (a module with
/// ttg.num-warps).
MLIR_CAPI_EXPORTED MlirLogicalResult
tritonLowerToLLVM(MlirModule module, const TritonCompileOptions *options);

/// Emits the LLVM-dialect `module` as `output` for `options->target`
/// (sm_90a for cuda:90, sm_80 for cuda:80, gfx942 / gfx90a for hip). `code`
/// receives the PTX text, cubin bytes, AMDGCN text or HSA code object, in
/// one or more pieces; `metadata`, if not NULL, the launch metadata JSON.
MLIR_CAPI_EXPORTED MlirLogicalResult tritonEmitDeviceCode(
    MlirModule module, TritonDeviceOutput output,
    const TritonCompileOptions *options, MlirStringCallback code,
    MlirStringCallback metadata, void *userData);

/// TTIR or TTGIR `module` (left lowered to the LLVM dialect) to PTX and a
/// cubin for a cuda target, AMDGCN assembly and an HSA code object for a
/// hip one, and the metadata JSON. Any callback may be NULL.
MLIR_CAPI_EXPORTED MlirLogicalResult tritonCompile(
    MlirModule module, const TritonCompileOptions *options,
    MlirStringCallback assembly, MlirStringCallback binary,
    MlirStringCallback metadata, void *userData);

#ifdef __cplusplus
}
#endif

#endif /* TRITON_C_COMPILE_H */
