//===- PrintAssertOpToLLVM.cpp - tt.print and tt.assert via CUDA syscalls -===//
//
// tt.print calls vprintf once per element, as Triton does, with the format
// and arguments of common/PrintUtility.h, from a stack buffer.
//
// tt.assert calls __assertfail(message, file, line, function, 1) in each
// thread holding a false element, with the file and line of the op's
// location and the enclosing function's name, then (for a tensor) waits at
// a barrier so no thread runs on past a failing one.
//
//===----------------------------------------------------------------------===//

#include "dialects/Triton/IR/Dialect.h"
#include "passes/Conversion/TritonGPUToLLVM/NVIDIA/ElementwiseUtility.h"
#include "passes/Conversion/TritonGPUToLLVM/NVIDIA/Patterns.h"
#include "passes/Conversion/TritonGPUToLLVM/common/PrintUtility.h"
#include "passes/Conversion/TritonGPUToLLVM/common/TypeConverter.h"
#include "passes/Conversion/TritonGPUToLLVM/common/Utility.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::nvidia;

namespace {

/// Calls vprintf(`format`, args) with the arguments stored in `buffer` (an
/// alloca of `bufferType`).
void emitPrintf(OpBuilder &b, Location loc, Operation *op, StringRef format,
                ArrayRef<Value> args, Value buffer,
                LLVM::LLVMStructType bufferType) {
  auto ptrType = LLVM::LLVMPointerType::get(b.getContext());
  Value formatPtr = getStringConstant(b, loc, op, "printfFormat", format);
  for (auto [i, arg] : llvm::enumerate(args)) {
    Value field =
        LLVM::GEPOp::create(b, loc, ptrType, bufferType, buffer,
                            ArrayRef<LLVM::GEPArg>{0, static_cast<int32_t>(i)});
    LLVM::StoreOp::create(b, loc, arg, field);
  }
  auto vprintfType =
      LLVM::LLVMFunctionType::get(b.getI32Type(), {ptrType, ptrType});
  LLVM::LLVMFuncOp vprintf = getOrDeclareFunction(op, "vprintf", vprintfType);
  LLVM::CallOp::create(b, loc, vprintf, ValueRange{formatPtr, buffer});
}

/// An alloca of `type` at the start of the enclosing function, so that a
/// print in a loop does not grow the stack.
Value createEntryAlloca(ConversionPatternRewriter &rewriter, Location loc,
                        Operation *op, Type type) {
  auto func = op->getParentOfType<FunctionOpInterface>();
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPointToStart(&func.getFunctionBody().front());
  Value one = createI32Constant(rewriter, loc, 1);
  return LLVM::AllocaOp::create(
      rewriter, loc, LLVM::LLVMPointerType::get(rewriter.getContext()), type,
      one, /*alignment=*/8);
}

struct PrintOpPattern : ConvertOpToLLVMPattern<PrintOp> {
  PrintOpPattern(LLVMTypeConverter &converter, const TargetInfoBase &target)
      : ConvertOpToLLVMPattern(converter), target(target) {}

  LogicalResult
  matchAndRewrite(PrintOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    // One argument buffer per op and layout of arguments, at the function's
    // entry, so that a print in a loop does not grow the stack.
    llvm::DenseMap<Type, Value> buffers;
    auto printf = [&](RewriterBase &b, StringRef format, ArrayRef<Value> args) {
      SmallVector<Type> fields;
      for (Value arg : args)
        fields.push_back(arg.getType());
      auto bufferType =
          LLVM::LLVMStructType::getLiteral(b.getContext(), fields);
      Value &buffer = buffers[bufferType];
      if (!buffer)
        buffer = createEntryAlloca(rewriter, op.getLoc(), op, bufferType);
      emitPrintf(b, op.getLoc(), op, format, args, buffer, bufferType);
    };
    return lowerPrintOp(op, adaptor.getArgs(), rewriter, target, printf);
  }

  const TargetInfoBase &target;
};

/// An assertion's failure: __assertfail(message, file, line, function, 1).
void emitAssertFail(RewriterBase &b, AssertOp op, const AssertPlace &place) {
  Location loc = op.getLoc();
  MLIRContext *context = b.getContext();
  auto ptrType = LLVM::LLVMPointerType::get(context);
  Value message = getStringConstant(b, loc, op, "assertMessage", place.message);
  Value fileName = getStringConstant(b, loc, op, "assertFile", place.file);
  Value functionName =
      getStringConstant(b, loc, op, "assertFunc", place.function);
  auto type = LLVM::LLVMFunctionType::get(
      LLVM::LLVMVoidType::get(context),
      {ptrType, ptrType, b.getI32Type(), ptrType, b.getI64Type()});
  LLVM::LLVMFuncOp assertFail = getOrDeclareFunction(op, "__assertfail", type);
  LLVM::CallOp::create(b, loc, assertFail,
                       ValueRange{message, fileName,
                                  createI32Constant(b, loc, place.line),
                                  functionName,
                                  createIntConstant(b, loc, b.getI64Type(), 1)});
}

} // namespace

void mlir::triton::nvidia::populatePrintAssertOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &converter, RewritePatternSet &patterns,
    const TargetInfoBase &target) {
  patterns.add<PrintOpPattern>(converter, target);
  populateAssertOpToLLVMPatterns(converter, patterns, target, emitAssertFail);
}
