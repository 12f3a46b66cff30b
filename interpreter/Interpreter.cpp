//===- Interpreter.cpp - Execute Triton IR on the CPU -----------------------===//

#include "interpreter/Interpreter.h"

#include "dialects/Triton/IR/Dialect.h"

using namespace mlir;

LogicalResult mlir::triton::runKernel(ModuleOp module, StringRef kernelName) {
  Operation *kernel = nullptr;
  module.walk([&](FuncOp func) {
    if (kernelName.empty() ? func.isPublic() : func.getName() == kernelName)
      kernel = kernel ? kernel : func.getOperation();
  });
  if (!kernel) {
    if (kernelName.empty())
      return module.emitError("no public tt.func to run");
    return module.emitError("no tt.func named '") << kernelName << "'";
  }
  return kernel->emitError("triton-run: executing Triton IR is not implemented yet");
}
