//===- Interpreter.cpp - Execute Triton IR on the CPU ---------------------===//

#include "interpreter/Interpreter.h"
#include "interpreter/Executor.h"

#include "dialects/Triton/IR/Dialect.h"
#include "dialects/TritonGPU/IR/Dialect.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::triton::interp;

/// Values of more dimensions than this are refused before the run: printing
/// and some shape ops recurse once per dimension.
static constexpr unsigned kMaxRank = 64;

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
                                      llvm::raw_ostream &printOut,
                                      const RunLimits &limits) {
  auto func = cast<triton::FuncOp>(kernel);
  if (func.getNumArguments() != args.size())
    return func.emitError() << "kernel takes " << func.getNumArguments()
                            << " arguments, " << args.size() << " bound";
  if (func.isExternal())
    return func.emitError() << "kernel has no body";
  // Element types the interpreter cannot hold, and values larger than the
  // memory budget, are refused before the run.
  bool typesOk = true;
  auto checkType = [&](Operation *op, Type t) {
    Type e = getElementTypeOrSelf(t);
    if (auto p = dyn_cast<triton::PointerType>(e))
      e = getElementTypeOrSelf(p.getPointeeType());
    bool bad =
        (isa<FloatType>(e) && floatKindOf(e) == FloatKind::Unsupported) ||
        (isa<IntegerType>(e) && cast<IntegerType>(e).getWidth() > 64);
    if (bad) {
      op->emitError() << "element type " << e
                      << " is not supported by the interpreter yet";
      return false;
    }
    ArrayRef<int64_t> shape;
    if (auto rt = dyn_cast<RankedTensorType>(t))
      shape = rt.getShape();
    else if (auto mt = dyn_cast<triton::gpu::MemDescType>(t))
      shape = mt.getShape();
    else
      return true;
    if (shape.size() > kMaxRank) {
      op->emitError() << "a value of rank " << shape.size()
                      << " has more dimensions than the interpreter's "
                      << kMaxRank;
      return false;
    }
    // Values are held densely, 8 bytes an element.
    int64_t numel = 1;
    bool overflow = false;
    for (int64_t d : shape)
      overflow |= d < 0 || llvm::MulOverflow(numel, d, numel);
    if (overflow || numel > limits.maxMemory / 8) {
      auto diag = op->emitError() << "a value of type " << t << " has ";
      if (overflow)
        diag << "more than 2^63 elements";
      else
        diag << numel << " elements (" << numel * 8 << " bytes in the "
             << "interpreter)";
      diag << ", more than the memory budget allows (--max-memory="
           << limits.maxMemory << ")";
      return false;
    }
    return true;
  };
  // The kernel and every function it may call.
  SymbolTable symbols(module);
  SmallVector<Operation *, 4> funcs = {kernel};
  llvm::SmallPtrSet<Operation *, 4> seen = {kernel};
  for (size_t i = 0; i < funcs.size() && typesOk; ++i)
    funcs[i]->walk([&](Operation *op) {
      if (auto call = dyn_cast<triton::CallOp>(op))
        if (Operation *callee = symbols.lookup(call.getCallee()))
          if (seen.insert(callee).second)
            funcs.push_back(callee);
      for (Type t : op->getResultTypes())
        if (!checkType(op, t)) {
          typesOk = false;
          return WalkResult::interrupt();
        }
      for (Region &region : op->getRegions())
        if (!region.empty())
          for (Type t : region.front().getArgumentTypes())
            if (!checkType(op, t)) {
              typesOk = false;
              return WalkResult::interrupt();
            }
      return WalkResult::advance();
    });
  if (!typesOk)
    return failure();
  int64_t g[3] = {1, 1, 1};
  for (size_t i = 0; i < grid.size() && i < 3; ++i)
    g[i] = grid[i];
  // Each program takes at least one step (its return): a grid larger than
  // the step budget cannot finish.
  uint64_t programs = llvm::SaturatingMultiply(
      llvm::SaturatingMultiply(uint64_t(g[0]), uint64_t(g[1])), uint64_t(g[2]));
  if (programs > limits.maxSteps)
    return func.emitError() << "a grid of " << programs
                            << " programs takes at least as many steps, more "
                               "than the step budget (--max-steps="
                            << limits.maxSteps << ")";
  Executor ex(module, memory, printOut);
  ex.limits = limits;
  SmallVector<TensorRef, 8> values;
  for (const KernelArg &a : args) {
    if (a.isBuffer)
      values.push_back(Tensor::ofInts({}, memory.buffers()[a.buffer].base));
    else
      values.push_back(a.scalar);
  }
  std::copy(g, g + 3, ex.numPrograms);
  if (failed(allocateGlobalScratch(ex, module, g[0] * g[1] * g[2])))
    return failure();
  for (const Buffer &b : memory.buffers())
    ex.bufferBytes += b.bytes.size();
  if (ex.bufferBytes > limits.maxMemory)
    return func.emitError() << "the buffers of the run take " << ex.bufferBytes
                            << " bytes, more than the memory budget "
                               "(--max-memory="
                            << limits.maxMemory << ")";
  SmallVector<TensorRef, 4> results;
  for (int64_t z = 0; z < g[2]; ++z)
    for (int64_t y = 0; y < g[1]; ++y)
      for (int64_t x = 0; x < g[0]; ++x) {
        ex.pid[0] = x;
        ex.pid[1] = y;
        ex.pid[2] = z;
        ex.startProgram();
        if (failed(ex.callFunction(kernel, values, results)))
          return failure();
      }
  return success();
}
