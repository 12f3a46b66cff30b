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

/// What one run may spend before it stops with a diagnostic at the op it
/// reached. Steps count every op an executor runs, terminators included,
/// over all programs of the grid; memory counts the bytes of the bound and
/// scratch buffers, the shared-memory buffers of the running program and the
/// values it holds (each element 8 bytes on the host, whatever its type).
/// The defaults are far above what any test or corpus kernel takes (the
/// largest take under a few million steps and a few hundred MiB).
struct RunLimits {
  static constexpr uint64_t kDefaultMaxSteps = 1000000000;  // 10^9
  static constexpr int64_t kDefaultMaxMemory = int64_t(8) << 30; // 8 GiB
  /// Regions (loop bodies, branches, calls) nested deeper than this stop the
  /// run rather than the host's stack.
  static constexpr unsigned kMaxRegionDepth = 512;
  uint64_t maxSteps = kDefaultMaxSteps;
  int64_t maxMemory = kDefaultMaxMemory;
};

/// A value bound to one kernel argument: a buffer (by index in the Memory)
/// or a scalar.
struct KernelArg {
  bool isBuffer = false;
  size_t buffer = 0;
  interp::TensorRef scalar;
};

/// Runs `kernel` (a tt.func) over `grid` programs with `args`, against
/// `memory`; tt.print output goes to `printOut`. Programs run one at a time in
/// order x fastest, then y, then z. Errors are reported as diagnostics; a
/// run that exceeds `limits` stops at the op it reached.
LogicalResult runKernel(ModuleOp module, Operation *kernel,
                        ArrayRef<int64_t> grid, ArrayRef<KernelArg> args,
                        interp::Memory &memory, llvm::raw_ostream &printOut,
                        const RunLimits &limits = {});

} // namespace triton
} // namespace mlir

#endif // INTERPRETER_INTERPRETER_H
