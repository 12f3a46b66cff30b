/*===- triton-c/Interpreter.h - Run Triton IR on the CPU from C ---*- C -*-===*\
|*                                                                            *|
|* The interpreter of triton-run on caller-owned memory: each buffer argument *|
|* is copied in before the run and back after it, every access is checked     *|
|* against the buffers' bounds, and a bad access, a wrong argument or an      *|
|* exhausted budget is a located diagnostic through the context's handlers.   *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef TRITON_C_INTERPRETER_H
#define TRITON_C_INTERPRETER_H

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum TritonInterpArgKind {
  TritonInterpArgBuffer,
  TritonInterpArgInt,
  TritonInterpArgFloat,
} TritonInterpArgKind;

/// One kernel argument, in the kernel's parameter order.
typedef struct TritonInterpArg {
  TritonInterpArgKind kind;
  /// Buffer: the element type as triton-run spells it (f32, f16, bf16, f64,
  /// i1, i8, i16, i32, i64, u8, u16, u32, u64, f8e4nv, f8e5); it must be the
  /// pointee of the kernel's pointer argument.
  const char *dtype;
  /// Buffer: the elements, row-major and contiguous, read before the run and
  /// written back after it.
  void *data;
  /// Buffer: its shape.
  const int64_t *shape;
  intptr_t rank;
  /// Scalar values (converted to the kernel's parameter type).
  int64_t intValue;
  double floatValue;
} TritonInterpArg;

/// Runs the kernel `kernelName` of `module` (empty: its first public
/// tt.func) over `grid` (1 to 3 dimensions) with `args`; tt.print output goes
/// to `print` (may be NULL: discarded).
MLIR_CAPI_EXPORTED MlirLogicalResult tritonInterpret(
    MlirModule module, MlirStringRef kernelName, const int64_t *grid,
    intptr_t gridRank, const TritonInterpArg *args, intptr_t numArgs,
    MlirStringCallback print, void *userData);

#ifdef __cplusplus
}
#endif

#endif /* TRITON_C_INTERPRETER_H */
