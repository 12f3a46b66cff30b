//===- Interpreter.cpp - Execute Triton IR on the CPU ---------------------===//

#include "interpreter/Interpreter.h"
#include "interpreter/Executor.h"

#include "dialects/Triton/IR/Dialect.h"

#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;
using namespace mlir::triton::interp;

Operation *mlir::triton::findKernel(ModuleOp module, StringRef kernelName) {
  Operation *kernel = nullptr;
  module.walk([&](triton::FuncOp func) {
    if (kernelName.empty() ? func.isPublic() : func.getName() == kernelName)
      kernel = kernel ? kernel : func.getOperation();
  });
  if (!kernel) {
    if (kernelName.empty())
      module.emitError("no public tt.func to run");
    else
      module.emitError("no tt.func named '") << kernelName << "'";
  }
  return kernel;
}

LogicalResult mlir::triton::runKernel(ModuleOp module, Operation *kernel,
                                      ArrayRef<int64_t> grid,
                                      ArrayRef<KernelArg> args, Memory &memory,
                                      llvm::raw_ostream &printOut) {
  auto func = cast<triton::FuncOp>(kernel);
  if (func.getNumArguments() != args.size())
    return func.emitError() << "kernel takes " << func.getNumArguments()
                            << " arguments, " << args.size() << " bound";
  if (func.isExternal())
    return func.emitError() << "kernel has no body";
  // Element types the interpreter cannot hold are refused before the run.
  bool typesOk = true;
  module.walk([&](Operation *op) {
    for (Type t : op->getResultTypes()) {
      Type e = getElementTypeOrSelf(t);
      if (auto p = dyn_cast<triton::PointerType>(e))
        e = getElementTypeOrSelf(p.getPointeeType());
      bool bad =
          (isa<FloatType>(e) && floatKindOf(e) == FloatKind::Unsupported) ||
          (isa<IntegerType>(e) && cast<IntegerType>(e).getWidth() > 64);
      if (bad) {
        op->emitError() << "element type " << e
                        << " is not supported by the interpreter yet";
        typesOk = false;
        return WalkResult::interrupt();
      }
      // Values are held densely: refuse tensors too large to hold.
      if (auto rt = dyn_cast<RankedTensorType>(t)) {
        if (rt.hasStaticShape() && rt.getNumElements() > (int64_t(1) << 28)) {
          op->emitError() << "tensor of " << rt.getNumElements()
                          << " elements is too large for the interpreter";
          typesOk = false;
          return WalkResult::interrupt();
        }
      }
    }
    return WalkResult::advance();
  });
  if (!typesOk)
    return failure();
  Executor ex(module, memory, printOut);
  SmallVector<TensorRef, 8> values;
  for (const KernelArg &a : args) {
    if (a.isBuffer)
      values.push_back(Tensor::ofInts({}, memory.buffers()[a.buffer].base));
    else
      values.push_back(a.scalar);
  }
  int64_t g[3] = {1, 1, 1};
  for (size_t i = 0; i < grid.size() && i < 3; ++i)
    g[i] = grid[i];
  std::copy(g, g + 3, ex.numPrograms);
  if (failed(allocateGlobalScratch(ex, module, g[0] * g[1] * g[2])))
    return failure();
  SmallVector<TensorRef, 4> results;
  for (int64_t z = 0; z < g[2]; ++z)
    for (int64_t y = 0; y < g[1]; ++y)
      for (int64_t x = 0; x < g[0]; ++x) {
        ex.pid[0] = x;
        ex.pid[1] = y;
        ex.pid[2] = z;
        if (failed(ex.callFunction(kernel, values, results)))
          return failure();
      }
  return success();
}
