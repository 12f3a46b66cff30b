//===- Interpreter.cpp - Run Triton IR on the CPU from C ------------------===//
//
// The arguments go through triton-run's binding (interp::bindArgs), so that
// types, the memory budget and tensor descriptors are checked as there: each
// buffer is bound as a zero-filled buffer of the caller's dtype and shape,
// then the caller's bytes are copied in; after the run they are copied back.
//
//===----------------------------------------------------------------------===//

#include "bindings/c/triton-c/Interpreter.h"

#include "dialects/Triton/IR/Dialect.h"
#include "interpreter/ArgSpecs.h"
#include "interpreter/Interpreter.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>

using namespace mlir;
using namespace mlir::triton;

namespace {

/// Sends what is written to it to an MlirStringCallback.
class CallbackStream : public llvm::raw_ostream {
public:
  CallbackStream(MlirStringCallback callback, void *userData)
      : callback(callback), userData(userData) {
    SetUnbuffered();
  }

private:
  void write_impl(const char *ptr, size_t size) override {
    written += size;
    if (callback)
      callback(mlirStringRefCreate(ptr, size), userData);
  }
  uint64_t current_pos() const override { return written; }
  MlirStringCallback callback;
  void *userData;
  uint64_t written = 0;
};

/// The spec dtype of a scalar parameter type (triton-run's spelling).
std::string scalarDtype(Type type) {
  if (type.isInteger(1))
    return "i1";
  if (auto integer = dyn_cast<IntegerType>(type))
    return (integer.isUnsigned() ? "u" : "i") +
           std::to_string(integer.getWidth());
  if (type.isF16())
    return "f16";
  if (type.isBF16())
    return "bf16";
  if (type.isF32())
    return "f32";
  if (type.isF64())
    return "f64";
  return "";
}

} // namespace

MlirLogicalResult tritonInterpret(MlirModule cModule, MlirStringRef kernelName,
                                  const int64_t *grid, intptr_t gridRank,
                                  const TritonInterpArg *args,
                                  intptr_t numArgs, MlirStringCallback print,
                                  void *userData) {
  ModuleOp module = unwrap(cModule);
  Operation *kernel = findKernel(module, unwrap(kernelName));
  if (!kernel)
    return wrap(failure());
  auto func = cast<triton::FuncOp>(kernel);
  if (gridRank < 1 || gridRank > 3 ||
      llvm::any_of(llvm::ArrayRef(grid, gridRank),
                   [](int64_t n) { return n < 1; })) {
    func.emitError("the grid must have 1 to 3 dimensions, each at least 1");
    return wrap(failure());
  }
  if (numArgs > (intptr_t)func.getNumArguments()) {
    func.emitError("@") << func.getName() << " takes "
                        << func.getNumArguments() << " arguments, "
                        << numArgs << " given";
    return wrap(failure());
  }
  // Specs named by position; bindArgs reports what is missing or mistyped.
  SmallVector<interp::ArgSpec, 8> specs;
  for (intptr_t i = 0; i < numArgs; ++i) {
    const TritonInterpArg &arg = args[i];
    std::string text;
    llvm::raw_string_ostream spec(text);
    spec << i << "=";
    if (arg.kind == TritonInterpArgBuffer) {
      spec << (arg.dtype ? arg.dtype : "") << "[";
      for (intptr_t d = 0; d < arg.rank; ++d)
        spec << (d ? "," : "") << arg.shape[d];
      spec << "]:zeros";
    } else {
      Type type = func.getArgument(i).getType();
      std::string dtype = scalarDtype(type);
      bool isFloat = isa<FloatType>(type);
      if (dtype.empty() || isFloat != (arg.kind == TritonInterpArgFloat)) {
        func.emitError("argument ")
            << i << " ('" << interp::argName(kernel, i) << "') is " << type
            << " but the value given is "
            << (arg.kind == TritonInterpArgFloat ? "a float" : "an integer");
        return wrap(failure());
      }
      spec << dtype << ":";
      if (isFloat)
        spec << llvm::format("%.17g", arg.floatValue);
      else
        spec << arg.intValue;
    }
    llvm::Expected<interp::ArgSpec> parsed = interp::parseArgSpec(text);
    if (!parsed) {
      func.emitError("argument ")
          << i << ": " << llvm::toString(parsed.takeError());
      return wrap(failure());
    }
    specs.push_back(std::move(*parsed));
  }
  interp::Memory memory;
  SmallVector<KernelArg, 8> kernelArgs;
  llvm::StringMap<size_t> bufferByName;
  if (failed(interp::bindArgs(kernel, specs, memory, kernelArgs,
                              bufferByName)))
    return wrap(failure());
  // The buffer of each buffer argument, by position.
  SmallVector<std::pair<intptr_t, size_t>, 8> buffers;
  for (intptr_t i = 0; i < numArgs; ++i) {
    if (args[i].kind != TritonInterpArgBuffer)
      continue;
    size_t index = bufferByName.lookup(std::to_string(i));
    std::vector<uint8_t> &bytes = memory.buffers()[index].bytes;
    if (!bytes.empty())
      std::memcpy(bytes.data(), args[i].data, bytes.size());
    buffers.push_back({i, index});
  }
  CallbackStream out(print, userData);
  LogicalResult result = runKernel(module, kernel, llvm::ArrayRef(grid, gridRank),
                                   kernelArgs, memory, out);
  // What was written before a failure is copied back too, as triton-run's
  // --print shows it.
  for (auto [i, index] : buffers) {
    const std::vector<uint8_t> &bytes = memory.buffers()[index].bytes;
    if (!bytes.empty())
      std::memcpy(args[i].data, bytes.data(), bytes.size());
  }
  return wrap(result);
}
