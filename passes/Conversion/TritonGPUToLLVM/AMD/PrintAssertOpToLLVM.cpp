//===- PrintAssertOpToLLVM.cpp - tt.print and tt.assert on AMD ------------===//
//
// tt.print's elements and format are common/PrintUtility.h's; each printf is
// what HIP's device printf becomes (clang's AMDGPU printf lowering, hostcall
// ABI), calls into ockl that fill a hostcall buffer the runtime prints from:
//   msg = __ockl_printf_begin(0)      (__ockl_fprintf_stderr_begin() for
//                                      stderr)
//   msg = __ockl_printf_append_string_n(msg, format, strlen(format) + 1,
//                                       /*is_last=*/no arguments)
//   msg = __ockl_printf_append_args(msg, n, a0, ..., a6, is_last)  (7 at a
//   time)
// Arguments travel as i64: integers zero-extended, doubles by their bits.
// The format is a constant in the constant address space (4).
//
// A failing tt.assert prints, as Triton 3.6's HIP backend does,
//   device assertion failed: '<message>', in <function> at <file>:<line>
// to stderr from each failing thread, waits at the workgroup barrier (so the
// other waves reach theirs and can print too: a tensor assertion is followed
// by a barrier in every thread) and traps (s_trap 2), which ends the kernel
// with an error the runtime reports.
//
//===----------------------------------------------------------------------===//

#include "passes/Conversion/TritonGPUToLLVM/AMD/Patterns.h"
#include "passes/Conversion/TritonGPUToLLVM/common/ElementUtility.h"
#include "passes/Conversion/TritonGPUToLLVM/common/PrintUtility.h"
#include "passes/Conversion/TritonGPUToLLVM/common/Utility.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::amd;

namespace {

constexpr unsigned kConstantAddressSpace = 4;
constexpr unsigned kArgsPerCall = 7;

/// One hostcall printf of `format` with `args` (i32, i64 or f64), to stdout
/// or stderr.
void emitHostcallPrintf(RewriterBase &b, Location loc, Operation *op,
                        StringRef format, ArrayRef<Value> args,
                        bool toStderr = false) {
  MLIRContext *context = b.getContext();
  Type i32 = b.getI32Type(), i64 = b.getI64Type();
  auto ptrType = LLVM::LLVMPointerType::get(context);
  LLVM::LLVMFuncOp begin =
      toStderr ? getOrDeclareFunction(op, "__ockl_fprintf_stderr_begin",
                                      LLVM::LLVMFunctionType::get(i64, {}))
               : getOrDeclareFunction(op, "__ockl_printf_begin",
                                      LLVM::LLVMFunctionType::get(i64, {i64}));
  LLVM::LLVMFuncOp appendString = getOrDeclareFunction(
      op, "__ockl_printf_append_string_n",
      LLVM::LLVMFunctionType::get(i64, {i64, ptrType, i64, i32}));
  SmallVector<Type> appendArgsTypes{i64, i32};
  appendArgsTypes.append(kArgsPerCall, i64);
  appendArgsTypes.push_back(i32);
  LLVM::LLVMFuncOp appendArgs =
      getOrDeclareFunction(op, "__ockl_printf_append_args",
                           LLVM::LLVMFunctionType::get(i64, appendArgsTypes));

  Value formatPtr = getStringConstant(b, loc, op, "printfFormat", format,
                                      kConstantAddressSpace);
  SmallVector<Value> beginArgs;
  if (!toStderr)
    beginArgs.push_back(createIntConstant(b, loc, i64, 0));
  Value message = LLVM::CallOp::create(b, loc, begin, beginArgs).getResult();
  message = LLVM::CallOp::create(
                b, loc, appendString,
                ValueRange{message, formatPtr,
                           createIntConstant(b, loc, i64, format.size() + 1),
                           createI32Constant(b, loc, args.empty() ? 1 : 0)})
                .getResult();
  SmallVector<Value> wide;
  for (Value arg : args) {
    Type type = arg.getType();
    if (type.isF64())
      wide.push_back(LLVM::BitcastOp::create(b, loc, i64, arg));
    else if (type.isInteger(64))
      wide.push_back(arg);
    else
      wide.push_back(LLVM::ZExtOp::create(b, loc, i64, arg));
  }
  for (size_t first = 0; first < wide.size(); first += kArgsPerCall) {
    size_t count = std::min<size_t>(kArgsPerCall, wide.size() - first);
    SmallVector<Value> operands{message, createI32Constant(b, loc, count)};
    for (size_t i = 0; i < kArgsPerCall; ++i)
      operands.push_back(i < count ? wide[first + i]
                                   : createIntConstant(b, loc, i64, 0));
    operands.push_back(
        createI32Constant(b, loc, first + count == wide.size() ? 1 : 0));
    message = LLVM::CallOp::create(b, loc, appendArgs, operands).getResult();
  }
}

struct PrintOpPattern : ConvertOpToLLVMPattern<PrintOp> {
  PrintOpPattern(LLVMTypeConverter &converter, const TargetInfoBase &target)
      : ConvertOpToLLVMPattern(converter), target(target) {}

  LogicalResult
  matchAndRewrite(PrintOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto printf = [&](RewriterBase &b, StringRef format, ArrayRef<Value> args) {
      emitHostcallPrintf(b, op.getLoc(), op, format, args);
    };
    return lowerPrintOp(op, adaptor.getArgs(), rewriter, target, printf);
  }

  const TargetInfoBase &target;
};

/// printf's format for `text`: a literal '%' doubled.
std::string escapePercent(StringRef text) {
  std::string out;
  for (char c : text) {
    out += c;
    if (c == '%')
      out += '%';
  }
  return out;
}

/// An assertion's failure, as Triton 3.6's HIP backend: its line to stderr,
/// the barrier, a trap.
void emitAssertFail(RewriterBase &b, AssertOp op, const AssertPlace &place,
                    const TargetInfoBase &target) {
  Location loc = op.getLoc();
  std::string format = "device assertion failed: '" +
                       escapePercent(place.message) + "', in " +
                       escapePercent(place.function) + " at " +
                       escapePercent(place.file) + ":" +
                       std::to_string(place.line) + "\n";
  emitHostcallPrintf(b, loc, op, format, {}, /*toStderr=*/true);
  target.barrier(b, loc);
  LLVM::Trap::create(b, loc);
}

} // namespace

void mlir::triton::amd::populatePrintAssertOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &converter, RewritePatternSet &patterns,
    const TargetInfoBase &target) {
  patterns.add<PrintOpPattern>(converter, target);
  populateAssertOpToLLVMPatterns(
      converter, patterns, target,
      [&target](RewriterBase &b, AssertOp op, const AssertPlace &place) {
        emitAssertFail(b, op, place, target);
      });
}
