//===- PrintUtility.cpp - tt.print and tt.assert for every backend -------===//

#include "passes/Conversion/TritonGPUToLLVM/common/PrintUtility.h"
#include "passes/Conversion/TritonGPUToLLVM/common/ElementUtility.h"
#include "passes/Conversion/TritonGPUToLLVM/common/FpConversion.h"
#include "passes/Conversion/TritonGPUToLLVM/common/Utility.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace mlir::triton;

namespace {

/// A value as printf takes it (C's default promotions), and its format.
struct PrintedValue {
  Value value;
  std::string format;
};

PrintedValue promoteForPrint(OpBuilder &b, Location loc, Value element,
                             Type type, bool hex, bool isSigned) {
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
        bitsValue =
            isSigned && !hex
                ? LLVM::SExtOp::create(b, loc, i64, bitsValue).getResult()
                : LLVM::ZExtOp::create(b, loc, i64, bitsValue).getResult();
      return {bitsValue, format};
    }
    if (bits < 32)
      bitsValue =
          isSigned && !hex && bits > 1
              ? LLVM::SExtOp::create(b, loc, i32, bitsValue).getResult()
              : LLVM::ZExtOp::create(b, loc, i32, bitsValue).getResult();
    std::string format = hex ? llvm::formatv("0x%0{0}x", (bits + 3) / 4).str()
                         : isSigned ? "%i"
                                    : "%u";
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

} // namespace

LogicalResult mlir::triton::lowerPrintOp(PrintOp op, ValueRange convertedArgs,
                                         ConversionPatternRewriter &rewriter,
                                         const TargetInfoBase &target,
                                         PrintfEmitter printf) {
  Location loc = op.getLoc();
  for (Value arg : op.getArgs())
    if (auto tensorType = dyn_cast<RankedTensorType>(arg.getType()))
      if (!getDistributedLayout(tensorType))
        return op.emitError(
            "tt.print of a tensor without a distributed layout is not "
            "supported yet by the LLVM lowering");
  SmallVector<Value> pid;
  for (int axis = 0; axis < 3; ++axis)
    pid.push_back(target.getProgramId(rewriter, loc, axis));
  std::string pidFormat = "pid (%u, %u, %u)";
  Value zero = createI32Constant(rewriter, loc, 0);
  Value isThreadZero =
      LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::eq,
                           target.getThreadId(rewriter, loc), zero);
  // The prefix is text, not format: its percent signs print as such.
  std::string prefix;
  for (char c : op.getPrefix()) {
    prefix.push_back(c);
    if (c == '%')
      prefix.push_back('%');
  }
  ArrayRef<int32_t> isSigned = op.getIsSigned();

  if (op.getArgs().empty()) {
    emitIf(rewriter, loc, isThreadZero,
           [&] { printf(rewriter, pidFormat + prefix + "\n", pid); });
    rewriter.eraseOp(op);
    return success();
  }

  bool several = op.getArgs().size() > 1;
  for (auto [n, arg, converted] :
       llvm::enumerate(op.getArgs(), convertedArgs)) {
    Type type = arg.getType();
    Type element = getElementTypeOrSelf(type);
    bool signedValue = n < isSigned.size() && isSigned[n] != 0;
    std::string operandPart =
        several ? llvm::formatv("(operand {0}) ", n).str() : "";
    SmallVector<Value> values = unpackLLElements(loc, converted, rewriter);
    auto tensorType = dyn_cast<RankedTensorType>(type);
    if (!tensorType) {
      PrintedValue printed = promoteForPrint(rewriter, loc, values[0], element,
                                             op.getHex(), signedValue);
      SmallVector<Value> args(pid);
      args.push_back(printed.value);
      std::string format =
          pidFormat + " idx ()" + prefix + operandPart + printed.format + "\n";
      emitIf(rewriter, loc, isThreadZero,
             [&] { printf(rewriter, format, args); });
      continue;
    }

    std::optional<gpu::LinearLayout> layout = getDistributedLayout(tensorType);
    LaneAndWarp thread = getLaneAndWarp(rewriter, loc, target);
    SmallVector<SmallVector<Value>> indices =
        emitIndices(rewriter, loc, *layout, thread);
    // Print each element once where the layout says who owns it; a layout
    // that repeats elements otherwise prints the repeats too.
    FailureOr<ElementOwners> owners =
        getElementOwners(rewriter, loc, *layout, target);
    Value owner = succeeded(owners) ? owners->threadIsOwner : Value();
    std::string idxFormat = " idx (";
    for (auto [d, size] : llvm::enumerate(tensorType.getShape()))
      idxFormat +=
          llvm::formatv("{0}%{1}u", d ? ", " : "", getIndexWidth(size)).str();
    idxFormat += ")";

    SmallVector<PrintedValue> printed;
    for (unsigned r = 0; r < values.size(); ++r)
      printed.push_back(promoteForPrint(rewriter, loc, values[r], element,
                                        op.getHex(), signedValue));
    std::string format =
        pidFormat + idxFormat + prefix + operandPart + printed[0].format + "\n";
    auto printAll = [&] {
      for (unsigned r = 0; r < values.size(); ++r) {
        if (succeeded(owners) && owners->firstRegister[r] != r)
          continue;
        SmallVector<Value> args(pid);
        args.append(indices[r].begin(), indices[r].end());
        args.push_back(printed[r].value);
        printf(rewriter, format, args);
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

namespace {

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
  AssertOpPattern(LLVMTypeConverter &converter, const TargetInfoBase &target,
                  AssertFailEmitter fail)
      : ConvertOpToLLVMPattern(converter), target(target),
        fail(std::move(fail)) {}

  LogicalResult
  matchAndRewrite(AssertOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override;

  const TargetInfoBase &target;
  AssertFailEmitter fail;
};

} // namespace

LogicalResult
AssertOpPattern::matchAndRewrite(AssertOp op, OpAdaptor adaptor,
                                 ConversionPatternRewriter &rewriter) const {
  Location loc = op.getLoc();
  Value anyFalse;
  for (Value element :
       unpackLLElements(loc, adaptor.getCondition(), rewriter)) {
    Value isFalse = LLVM::XOrOp::create(rewriter, loc, element,
                                        createI1Constant(rewriter, loc, true));
    anyFalse = anyFalse ? LLVM::OrOp::create(rewriter, loc, anyFalse, isFalse)
                              .getResult()
                        : isFalse;
  }
  if (!anyFalse)
    return op.emitError("tt.assert of a condition without elements");
  auto [file, line] = getFileAndLine(loc);
  AssertPlace place{op.getMessage(), file.empty() ? "<unknown>" : file, line,
                    "<unknown>"};
  if (auto func = op->getParentOfType<FunctionOpInterface>())
    place.function = func.getName().str();
  emitIf(rewriter, loc, anyFalse, [&] { fail(rewriter, op, place); });
  if (isa<RankedTensorType>(op.getCondition().getType()))
    target.barrier(rewriter, loc);
  rewriter.eraseOp(op);
  return success();
}

void mlir::triton::populateAssertOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &converter, RewritePatternSet &patterns,
    const TargetInfoBase &target, AssertFailEmitter fail) {
  patterns.add<AssertOpPattern>(converter, target, std::move(fail));
}
