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
#include "mlir/Interfaces/FunctionInterfaces.h"
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

/// The file and line of `loc`, looking through names, call sites (the
/// callee's place) and fusions.
std::pair<std::string, unsigned> getFileAndLine(Location loc) {
  if (auto file = dyn_cast<FileLineColLoc>(loc))
    return {file.getFilename().str(), file.getLine()};
  if (auto name = dyn_cast<NameLoc>(loc))
    return getFileAndLine(name.getChildLoc());
  if (auto callSite = dyn_cast<CallSiteLoc>(loc))
    return getFileAndLine(callSite.getCallee());
  if (auto fused = dyn_cast<FusedLoc>(loc))
    for (Location inner : fused.getLocations()) {
      auto found = getFileAndLine(inner);
      if (!found.first.empty())
        return found;
    }
  return {"", 0};
}

struct AssertOpPattern : ConvertOpToLLVMPattern<AssertOp> {
  AssertOpPattern(LLVMTypeConverter &converter, const TargetInfoBase &target)
      : ConvertOpToLLVMPattern(converter), target(target) {}

  LogicalResult
  matchAndRewrite(AssertOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value anyFalse;
    for (Value element :
         unpackLLElements(loc, adaptor.getCondition(), rewriter)) {
      Value isFalse = LLVM::XOrOp::create(
          rewriter, loc, element, createI1Constant(rewriter, loc, true));
      anyFalse =
          anyFalse
              ? LLVM::OrOp::create(rewriter, loc, anyFalse, isFalse).getResult()
              : isFalse;
    }
    std::pair<std::string, unsigned> place = getFileAndLine(loc);
    std::string file = place.first.empty() ? "<unknown>" : place.first;
    unsigned line = place.second;
    std::string function = "<unknown>";
    if (auto func = op->getParentOfType<FunctionOpInterface>())
      function = func.getName().str();
    auto ptrType = LLVM::LLVMPointerType::get(getContext());
    emitIf(rewriter, loc, anyFalse, [&] {
      Value message = getStringConstant(rewriter, loc, op, "assertMessage",
                                        op.getMessage());
      Value fileName = getStringConstant(rewriter, loc, op, "assertFile", file);
      Value functionName =
          getStringConstant(rewriter, loc, op, "assertFunc", function);
      auto type =
          LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(getContext()),
                                      {ptrType, ptrType, rewriter.getI32Type(),
                                       ptrType, rewriter.getI64Type()});
      LLVM::LLVMFuncOp assertFail =
          getOrDeclareFunction(op, "__assertfail", type);
      LLVM::CallOp::create(
          rewriter, loc, assertFail,
          ValueRange{
              message, fileName, createI32Constant(rewriter, loc, line),
              functionName,
              createIntConstant(rewriter, loc, rewriter.getI64Type(), 1)});
    });
    if (isa<RankedTensorType>(op.getCondition().getType()))
      target.barrier(rewriter, loc);
    rewriter.eraseOp(op);
    return success();
  }

  const TargetInfoBase &target;
};

} // namespace

void mlir::triton::nvidia::populatePrintAssertOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &converter, RewritePatternSet &patterns,
    const TargetInfoBase &target) {
  patterns.add<PrintOpPattern, AssertOpPattern>(converter, target);
}
