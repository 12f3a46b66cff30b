//===- PrintAssertOpToLLVM.cpp - tt.print and tt.assert through CUDA's syscalls ===//
//
// tt.print calls vprintf once per element, as Triton does, with the format
//   pid (<x>, <y>, <z>) idx (<i0>, <i1>, ...)<prefix>[(operand <n>) ]<value>
// (`idx ()` for a scalar). Each element is printed once: by the first
// register of the thread that owns it when a layout repeats elements, and by
// thread 0 for a scalar. Values print as %f (floats, fp8 included, widened
// to double), %i/%u (%lli/%llu for 64 bits) by the operand's signedness, %p
// for pointers; with `hex`, as 0x and the value's bits in as many hex digits
// as its width needs (floats by their bits, not widened).
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
#include "passes/Conversion/TritonGPUToLLVM/common/TypeConverter.h"
#include "passes/Conversion/TritonGPUToLLVM/common/Utility.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::nvidia;

namespace {

/// A value as vprintf takes it (C's default promotions), and its format.
struct PrintedValue {
  Value value;
  std::string format;
};

PrintedValue promoteForPrint(OpBuilder &b, Location loc, Value element, Type type, bool hex,
                             bool isSigned) {
  Type i32 = b.getI32Type(), i64 = b.getI64Type();
  if (isa<LLVM::LLVMPointerType>(element.getType()))
    return {LLVM::PtrToIntOp::create(b, loc, i64, element), "%p"};
  unsigned bits = type.getIntOrFloatBitWidth();
  Value wide = element;
  if (isa<FloatType>(type) && bits <= 8 && !hex) {
    wide = convertSmallFloatToF32(b, loc, element, type);
    hex = !wide; // formats we cannot decode print their bits
  }
  if (hex || !isa<FloatType>(type)) {
    Value bitsValue = bitcastToInt(b, loc, element);
    if (bits > 32) {
      std::string format = hex ? "0x%016llx" : isSigned ? "%lli" : "%llu";
      if (bits < 64)
        bitsValue = isSigned && !hex ? LLVM::SExtOp::create(b, loc, i64, bitsValue).getResult()
                                     : LLVM::ZExtOp::create(b, loc, i64, bitsValue).getResult();
      return {bitsValue, format};
    }
    if (bits < 32)
      bitsValue = isSigned && !hex && bits > 1
                      ? LLVM::SExtOp::create(b, loc, i32, bitsValue).getResult()
                      : LLVM::ZExtOp::create(b, loc, i32, bitsValue).getResult();
    std::string format =
        hex ? llvm::formatv("0x%0{0}x", (bits + 3) / 4).str() : isSigned ? "%i" : "%u";
    return {bitsValue, format};
  }
  if (!wide.getType().isF64())
    wide = LLVM::FPExtOp::create(b, loc, b.getF64Type(), wide);
  return {wide, "%f"};
}

/// The number of decimal digits of the largest index along a dimension.
unsigned getIndexWidth(int64_t size) {
  unsigned digits = 1;
  for (int64_t v = size - 1; v >= 10; v /= 10)
    ++digits;
  return digits;
}

/// Calls vprintf(`format`, args) with the arguments stored in `buffer` (an
/// alloca of `bufferType`).
void emitPrintf(OpBuilder &b, Location loc, Operation *op, StringRef format,
                ArrayRef<Value> args, Value buffer, LLVM::LLVMStructType bufferType) {
  auto ptrType = LLVM::LLVMPointerType::get(b.getContext());
  Value formatPtr = getStringConstant(b, loc, op, "printfFormat", format);
  for (auto [i, arg] : llvm::enumerate(args)) {
    Value field = LLVM::GEPOp::create(b, loc, ptrType, bufferType, buffer,
                                      ArrayRef<LLVM::GEPArg>{0, static_cast<int32_t>(i)});
    LLVM::StoreOp::create(b, loc, arg, field);
  }
  auto vprintfType = LLVM::LLVMFunctionType::get(b.getI32Type(), {ptrType, ptrType});
  LLVM::LLVMFuncOp vprintf = getOrDeclareFunction(op, "vprintf", vprintfType);
  LLVM::CallOp::create(b, loc, vprintf, ValueRange{formatPtr, buffer});
}

/// An alloca of `type` at the start of the enclosing function, so that a
/// print in a loop does not grow the stack.
Value createEntryAlloca(ConversionPatternRewriter &rewriter, Location loc, Operation *op,
                        Type type) {
  auto func = op->getParentOfType<FunctionOpInterface>();
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPointToStart(&func.getFunctionBody().front());
  Value one = createI32Constant(rewriter, loc, 1);
  return LLVM::AllocaOp::create(rewriter, loc, LLVM::LLVMPointerType::get(rewriter.getContext()),
                                type, one, /*alignment=*/8);
}

struct PrintOpPattern : ConvertOpToLLVMPattern<PrintOp> {
  PrintOpPattern(LLVMTypeConverter &converter, const TargetInfoBase &target)
      : ConvertOpToLLVMPattern(converter), target(target) {}

  LogicalResult matchAndRewrite(PrintOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    for (Value arg : op.getArgs())
      if (auto tensorType = dyn_cast<RankedTensorType>(arg.getType()))
        if (!getDistributedLayout(tensorType))
          return op.emitError("tt.print of a tensor without a distributed layout is not "
                              "supported yet by the LLVM lowering");
    Type i32 = rewriter.getI32Type();
    SmallVector<Value> pid;
    for (int axis = 0; axis < 3; ++axis)
      pid.push_back(target.getProgramId(rewriter, loc, axis));
    std::string pidFormat = "pid (%u, %u, %u)";
    Value isThreadZero = LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::eq,
                                              target.getThreadId(rewriter, loc),
                                              createI32Constant(rewriter, loc, 0));
    // The prefix is text, not format: its percent signs print as such.
    std::string prefix;
    for (char c : op.getPrefix()) {
      prefix.push_back(c);
      if (c == '%')
        prefix.push_back('%');
    }
    ArrayRef<int32_t> isSigned = op.getIsSigned();

    if (op.getArgs().empty()) {
      auto bufferType = LLVM::LLVMStructType::getLiteral(getContext(), {i32, i32, i32});
      Value buffer = createEntryAlloca(rewriter, loc, op, bufferType);
      emitIf(rewriter, loc, isThreadZero, [&] {
        emitPrintf(rewriter, loc, op, pidFormat + prefix + "\n", pid, buffer, bufferType);
      });
      rewriter.eraseOp(op);
      return success();
    }

    bool several = op.getArgs().size() > 1;
    for (auto [n, arg, converted] : llvm::enumerate(op.getArgs(), adaptor.getArgs())) {
      Type type = arg.getType();
      Type element = getElementTypeOrSelf(type);
      bool signedValue = n < isSigned.size() && isSigned[n] != 0;
      std::string operandPart = several ? llvm::formatv("(operand {0}) ", n).str() : "";
      SmallVector<Value> values = unpackLLElements(loc, converted, rewriter);
      auto tensorType = dyn_cast<RankedTensorType>(type);
      if (!tensorType) {
        PrintedValue printed =
            promoteForPrint(rewriter, loc, values[0], element, op.getHex(), signedValue);
        SmallVector<Value> args(pid);
        args.push_back(printed.value);
        SmallVector<Type> fields{i32, i32, i32, printed.value.getType()};
        auto bufferType = LLVM::LLVMStructType::getLiteral(getContext(), fields);
        Value buffer = createEntryAlloca(rewriter, loc, op, bufferType);
        std::string format = pidFormat + " idx ()" + prefix + operandPart + printed.format + "\n";
        emitIf(rewriter, loc, isThreadZero,
               [&] { emitPrintf(rewriter, loc, op, format, args, buffer, bufferType); });
        continue;
      }

      std::optional<gpu::LinearLayout> layout = getDistributedLayout(tensorType);
      LaneAndWarp thread = getLaneAndWarp(rewriter, loc, target);
      SmallVector<SmallVector<Value>> indices = emitIndices(rewriter, loc, *layout, thread);
      // Print each element once where the layout says who owns it; a layout
      // that repeats elements otherwise prints the repeats too.
      FailureOr<ElementOwners> owners = getElementOwners(rewriter, loc, *layout, target);
      Value owner = succeeded(owners) ? owners->threadIsOwner : Value();
      std::string idxFormat = " idx (";
      for (auto [d, size] : llvm::enumerate(tensorType.getShape()))
        idxFormat += llvm::formatv("{0}%{1}u", d ? ", " : "", getIndexWidth(size)).str();
      idxFormat += ")";

      SmallVector<PrintedValue> printed;
      for (unsigned r = 0; r < values.size(); ++r)
        printed.push_back(
            promoteForPrint(rewriter, loc, values[r], element, op.getHex(), signedValue));
      SmallVector<Type> fields{i32, i32, i32};
      fields.append(tensorType.getRank(), i32);
      fields.push_back(printed[0].value.getType());
      auto bufferType = LLVM::LLVMStructType::getLiteral(getContext(), fields);
      Value buffer = createEntryAlloca(rewriter, loc, op, bufferType);
      std::string format =
          pidFormat + idxFormat + prefix + operandPart + printed[0].format + "\n";
      auto printAll = [&] {
        for (unsigned r = 0; r < values.size(); ++r) {
          if (succeeded(owners) && owners->firstRegister[r] != r)
            continue;
          SmallVector<Value> args(pid);
          args.append(indices[r].begin(), indices[r].end());
          args.push_back(printed[r].value);
          emitPrintf(rewriter, loc, op, format, args, buffer, bufferType);
        }
      };
      if (owner)
        emitIf(rewriter, loc, owner, printAll);
      else
        printAll();
    }
    rewriter.eraseOp(op);
    return success();
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

  LogicalResult matchAndRewrite(AssertOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value anyFalse;
    for (Value element : unpackLLElements(loc, adaptor.getCondition(), rewriter)) {
      Value isFalse = LLVM::XOrOp::create(rewriter, loc, element, createI1Constant(rewriter, loc, true));
      anyFalse = anyFalse ? LLVM::OrOp::create(rewriter, loc, anyFalse, isFalse).getResult()
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
      Value message = getStringConstant(rewriter, loc, op, "assertMessage", op.getMessage());
      Value fileName = getStringConstant(rewriter, loc, op, "assertFile", file);
      Value functionName = getStringConstant(rewriter, loc, op, "assertFunc", function);
      auto type = LLVM::LLVMFunctionType::get(
          LLVM::LLVMVoidType::get(getContext()),
          {ptrType, ptrType, rewriter.getI32Type(), ptrType, rewriter.getI64Type()});
      LLVM::LLVMFuncOp assertFail = getOrDeclareFunction(op, "__assertfail", type);
      LLVM::CallOp::create(rewriter, loc, assertFail,
                           ValueRange{message, fileName, createI32Constant(rewriter, loc, line),
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
