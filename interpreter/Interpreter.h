//===- Interpreter.h - Execute Triton IR on the CPU ---------------*- C++ -*-===//

#ifndef INTERPRETER_INTERPRETER_H
#define INTERPRETER_INTERPRETER_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Support/LLVM.h"

namespace mlir {
namespace triton {

/// Runs kernel `kernelName` of `module` over a grid. Until the interpreter is
/// built this reports, at the kernel, that execution is not implemented yet.
LogicalResult runKernel(ModuleOp module, StringRef kernelName);

} // namespace triton
} // namespace mlir

#endif // INTERPRETER_INTERPRETER_H
