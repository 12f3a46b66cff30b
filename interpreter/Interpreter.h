//===- Interpreter.h - Execute Triton IR on the CPU -------------*- C++ -*-===//
//
// The public entry of the interpreter: bind buffers and scalars to a
// kernel's arguments and run it over a grid. Numerics follow the reference
// interpreter (`seeds/interpreter.py`) except where the GPU disagrees; see
// Conversions.h and ElementwiseOps.cpp for each departure.
//
//===----------------------------------------------------------------------===//

#ifndef INTERPRETER_INTERPRETER_H
#define INTERPRETER_INTERPRETER_H

#include "interpreter/Buffers.h"
#include "interpreter/Tensor.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Support/LLVM.h"

namespace mlir {
namespace triton {

/// Finds the kernel to run: the tt.func named `kernelName`, or the first
/// public tt.func when the name is empty. Reports an error and returns null
/// when there is none.
Operation *findKernel(ModuleOp module, StringRef kernelName);

/// A value bound to one kernel argument: a buffer (by index in the Memory)
/// or a scalar.
struct KernelArg {
  bool isBuffer = false;
  size_t buffer = 0;
  interp::TensorRef scalar;
};

/// Runs `kernel` (a tt.func) over `grid` programs with `args`, against
/// `memory`; tt.print output goes to `printOut`. Programs run one at a time in
/// order x fastest, then y, then z. Errors are reported as diagnostics.
LogicalResult runKernel(ModuleOp module, Operation *kernel,
                        ArrayRef<int64_t> grid, ArrayRef<KernelArg> args,
                        interp::Memory &memory, llvm::raw_ostream &printOut);

} // namespace triton
} // namespace mlir

#endif // INTERPRETER_INTERPRETER_H
