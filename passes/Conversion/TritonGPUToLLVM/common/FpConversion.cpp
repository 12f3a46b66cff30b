//===- FpConversion.cpp - Float conversions, fp8 included -----------------===//
//
// The emulation: fp8 codes from and to f32 with integer arithmetic on the
// bits, IEEE conversions among the wider floats with LLVM's fpext/fptrunc,
// rounding toward zero as a correction of fptrunc's rounding to nearest.
//
//===----------------------------------------------------------------------===//

#include "passes/Conversion/TritonGPUToLLVM/common/FpConversion.h"
#include "dialects/Triton/IR/Dialect.h"
#include "passes/Conversion/TritonGPUToLLVM/common/ElementUtility.h"
#include "passes/Conversion/TritonGPUToLLVM/common/Utility.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"

using namespace mlir;
using namespace mlir::triton;

bool mlir::triton::isSmallFloat(Type type) {
  auto floatType = dyn_cast<FloatType>(type);
  return floatType && floatType.getWidth() <= 8;
}

namespace {

/// The encoding of an 8-bit float format.
struct Fp8Format {
  StringRef name; // e4m3 or e5m2
  unsigned expBits;
  unsigned manBits;
  int bias;
  uint32_t maxFinite;    // the largest finite magnitude's code
  uint32_t overflowCode; // what a non-saturating overflow gives: inf or NaN
  uint32_t nanCode;
  bool hasInf;
  // AMD's fnuz formats: no negative zero, 0x80 the one NaN (no sign on it).
  bool fnuz = false;
};

std::optional<Fp8Format> getFp8Format(Type type) {
  if (isa<Float8E4M3FNType>(type))
    return Fp8Format{"e4m3", 4, 3, 7, 0x7E, 0x7F, 0x7F, false};
  if (isa<Float8E5M2Type>(type))
    return Fp8Format{"e5m2", 5, 2, 15, 0x7B, 0x7C, 0x7F, true};
  return std::nullopt;
}

/// The fnuz formats, which only a target that declares them converts (the
/// emulation's own conversions leave them out).
std::optional<Fp8Format> getFnuzFormat(Type type) {
  if (isa<Float8E4M3FNUZType>(type))
    return Fp8Format{"e4m3fnuz", 4, 3, 8, 0x7F, 0x80, 0x80, false, true};
  if (isa<Float8E5M2FNUZType>(type))
    return Fp8Format{"e5m2fnuz", 5, 2, 16, 0x7F, 0x80, 0x80, false, true};
  return std::nullopt;
}

Value i32Const(OpBuilder &b, Location loc, int64_t v) {
  return createI32Constant(b, loc, v);
}

/// The fp8 code (i8) of `x` (f32 or f64) rounded to nearest even or toward
/// zero, saturating or not. Integer arithmetic on the bits for normal results;
/// subnormal ones come from scaling by a power of two (exact) and rounding to
/// an integer, which is the subnormal's code (2^manBits is the smallest
/// normal's code, so rounding up across the boundary encodes right too).
Value emitFloatToFp8(OpBuilder &b, Location loc, Value x, const Fp8Format &f,
                     bool rtz, bool saturate) {
  auto floatType = cast<FloatType>(x.getType());
  unsigned width = floatType.getWidth();
  unsigned srcMan = floatType.getFPMantissaWidth() - 1;
  int srcBias = width == 64 ? 1023 : 127;
  Type intType = b.getIntegerType(width);
  auto c = [&](uint64_t v) { return createIntConstant(b, loc, intType, v); };

  Value bits = LLVM::BitcastOp::create(b, loc, intType, x);
  uint64_t signMask = uint64_t(1) << (width - 1);
  Value magnitude = LLVM::AndOp::create(b, loc, bits, c(signMask - 1));
  uint64_t infBits = ((uint64_t(1) << (width - 1 - srcMan)) - 1) << srcMan;
  Value isNan = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::ugt,
                                     magnitude, c(infBits));

  // Normal results: drop the extra mantissa bits with rounding, then rebias.
  unsigned shift = srcMan - f.manBits;
  Value rounded = magnitude;
  if (!rtz) {
    // One constant a statement where a call has two: the order of argument
    // evaluation is the compiler's, and the IR must not depend on it.
    Value one = c(1);
    Value lsb = LLVM::AndOp::create(
        b, loc, LLVM::LShrOp::create(b, loc, magnitude, c(shift)), one);
    Value bias =
        LLVM::AddOp::create(b, loc, lsb, c((uint64_t(1) << (shift - 1)) - 1));
    rounded = LLVM::AddOp::create(b, loc, magnitude, bias);
  }
  Value rebias = c(static_cast<uint64_t>(srcBias - f.bias) << f.manBits);
  Value normal = LLVM::SubOp::create(
      b, loc, LLVM::LShrOp::create(b, loc, rounded, c(shift)), rebias);
  // Beyond the largest finite value: it when saturating or truncating (IEEE's
  // round-toward-zero), else inf (NaN without inf); an infinity stays one
  // unless saturating.
  Value overflows = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::ugt,
                                         normal, c(f.maxFinite));
  normal = LLVM::SelectOp::create(
      b, loc, overflows, c(saturate || rtz ? f.maxFinite : f.overflowCode),
      normal);
  if (rtz && !saturate) {
    Value isInf = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::eq,
                                       magnitude, c(infBits));
    normal = LLVM::SelectOp::create(b, loc, isInf, c(f.overflowCode), normal);
  }

  // Subnormal results (and zero): the magnitude in units of the smallest one.
  Value absolute = LLVM::FAbsOp::create(b, loc, x);
  double scale = std::ldexp(1.0, f.bias - 1 + static_cast<int>(f.manBits));
  Value scaled = LLVM::FMulOp::create(
      b, loc, absolute, createFloatConstant(b, loc, floatType, scale));
  Value integral = rtz ? LLVM::FTruncOp::create(b, loc, scaled).getResult()
                       : LLVM::RoundEvenOp::create(b, loc, scaled).getResult();
  Value subnormal = LLVM::FPToUIOp::create(b, loc, intType, integral);
  uint64_t minNormalBits = static_cast<uint64_t>(srcBias + 1 - f.bias)
                           << srcMan;
  Value isSubnormal = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::ult,
                                           magnitude, c(minNormalBits));

  Value code = LLVM::SelectOp::create(b, loc, isSubnormal, subnormal, normal);
  code = LLVM::SelectOp::create(b, loc, isNan, c(f.nanCode), code);
  Value signBit = c(0x80);
  Value sign = LLVM::AndOp::create(
      b, loc, LLVM::LShrOp::create(b, loc, bits, c(width - 8)), signBit);
  if (f.fnuz) {
    // A zero has no sign (0x80 is NaN).
    Value zero = c(0);
    Value isZero =
        LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::eq, code, zero);
    sign = LLVM::SelectOp::create(b, loc, isZero, zero, sign);
  }
  code = LLVM::OrOp::create(b, loc, code, sign);
  return LLVM::TruncOp::create(b, loc, b.getI8Type(), code);
}

/// The f32 value of an fp8 code (i8); exact.
Value emitFp8ToF32(OpBuilder &b, Location loc, Value code, const Fp8Format &f) {
  Type i32 = b.getI32Type();
  Type f32 = b.getF32Type();
  Value c = LLVM::ZExtOp::create(b, loc, i32, code);
  Value signShift = i32Const(b, loc, 24);
  Value sign = LLVM::ShlOp::create(
      b, loc, LLVM::AndOp::create(b, loc, c, i32Const(b, loc, 0x80)),
      signShift);
  Value exponentMask = i32Const(b, loc, (1 << f.expBits) - 1);
  Value exponent = LLVM::AndOp::create(
      b, loc, LLVM::LShrOp::create(b, loc, c, i32Const(b, loc, f.manBits)),
      exponentMask);
  Value mantissa =
      LLVM::AndOp::create(b, loc, c, i32Const(b, loc, (1 << f.manBits) - 1));
  Value normalMantissa =
      LLVM::ShlOp::create(b, loc, mantissa, i32Const(b, loc, 23 - f.manBits));
  Value exponentShift = i32Const(b, loc, 23);
  Value normal = LLVM::OrOp::create(
      b, loc,
      LLVM::ShlOp::create(
          b, loc,
          LLVM::AddOp::create(b, loc, exponent, i32Const(b, loc, 127 - f.bias)),
          exponentShift),
      normalMantissa);
  // Subnormals: mantissa * 2^(1 - bias - manBits), a normal f32.
  Value unit = createFloatConstant(
      b, loc, f32, std::ldexp(1.0, 1 - f.bias - static_cast<int>(f.manBits)));
  Value subnormal = LLVM::FMulOp::create(
      b, loc, LLVM::UIToFPOp::create(b, loc, f32, mantissa), unit);
  subnormal = LLVM::BitcastOp::create(b, loc, i32, subnormal);
  Value isSubnormal = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::eq,
                                           exponent, i32Const(b, loc, 0));
  Value magnitude =
      LLVM::SelectOp::create(b, loc, isSubnormal, subnormal, normal);
  // Infinities and NaNs.
  Value special;
  Value specialBits;
  if (f.fnuz) {
    // 0x80 alone is NaN; every other code is finite.
    Value nanCode = i32Const(b, loc, 0x80);
    special = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::eq, c, nanCode);
    Value noSign = i32Const(b, loc, 0);
    sign = LLVM::SelectOp::create(b, loc, special, noSign, sign);
    specialBits = i32Const(b, loc, 0x7FC00000);
  } else if (f.hasInf) {
    special = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::eq, exponent,
                                   i32Const(b, loc, (1 << f.expBits) - 1));
    Value payload =
        LLVM::ShlOp::create(b, loc, mantissa, i32Const(b, loc, 23 - f.manBits));
    specialBits =
        LLVM::OrOp::create(b, loc, i32Const(b, loc, 0x7F800000), payload);
  } else {
    Value allOnes = i32Const(b, loc, 0x7F);
    special = LLVM::ICmpOp::create(
        b, loc, LLVM::ICmpPredicate::eq,
        LLVM::AndOp::create(b, loc, c, i32Const(b, loc, 0x7F)), allOnes);
    specialBits = i32Const(b, loc, 0x7FC00000);
  }
  magnitude = LLVM::SelectOp::create(b, loc, special, specialBits, magnitude);
  return LLVM::BitcastOp::create(b, loc, f32,
                                 LLVM::OrOp::create(b, loc, magnitude, sign));
}

/// Rejects conversions from or to 8-bit float formats other than f8E4M3FN
/// and f8E5M2, but those `target` converts itself.
LogicalResult checkFloatTypes(Operation *op, Type src, Type dst,
                              const FpConversionTarget &target) {
  auto known = [&](Type t) {
    return !isSmallFloat(t) || getFp8Format(t) || target.convertsFormat(t);
  };
  if (!known(src) || !known(dst))
    return op->emitError()
           << "converting " << src << " to " << dst
           << " is not supported yet by the LLVM lowering (8-bit floats: "
              "f8E4M3FN and f8E5M2)";
  return success();
}

} // namespace

FailureOr<SmallVector<Value>> FloatConverter::convert(Operation *op,
                                                      ArrayRef<Value> values,
                                                      Type src, Type dst,
                                                      bool rtz, bool saturate) {
  if (src == dst)
    return SmallVector<Value>(values);
  if (failed(checkFloatTypes(op, src, dst, target)))
    return failure();
  if (std::optional<SmallVector<Value>> native =
          target.convertNatively(*this, op, values, src, dst, rtz, saturate))
    return *native;
  // The emulation's formats from here on: what a target declined of its own
  // formats is refused.
  if (failed(checkFloatTypes(op, src, dst, FpConversionTarget())))
    return failure();
  std::optional<Fp8Format> srcF8 = getFp8Format(src), dstF8 = getFp8Format(dst);
  Type f32 = b.getF32Type();
  if (dstF8) {
    if (src.isF64() || src.isF32()) {
      SmallVector<Value> result;
      for (Value v : values)
        result.push_back(emitFloatToFp8(b, loc, v, *dstF8, rtz, saturate));
      return result;
    }
    // From fp8, f16 or bf16: exactly to f32 first.
    SmallVector<Value> wide;
    for (Value v : values)
      wide.push_back(toF32(v, src));
    return convert(op, wide, f32, dst, rtz, saturate);
  }
  if (srcF8) {
    SmallVector<Value> wide;
    Type wideType;
    if (srcF8->name == "e5m2") {
      // E5M2 is the upper byte of f16.
      wideType = b.getF16Type();
      for (Value v : values) {
        Value eight = createIntConstant(b, loc, b.getI16Type(), 8);
        Value bits = LLVM::ShlOp::create(
            b, loc, LLVM::ZExtOp::create(b, loc, b.getI16Type(), v), eight);
        wide.push_back(LLVM::BitcastOp::create(b, loc, wideType, bits));
      }
    } else {
      wideType = f32;
      for (Value v : values)
        wide.push_back(emitFp8ToF32(b, loc, v, *srcF8));
    }
    // Every fp8 value is exact in f16, bf16, f32 and f64.
    return convert(op, wide, wideType, dst, false, false);
  }
  auto srcFloat = cast<FloatType>(src), dstFloat = cast<FloatType>(dst);
  bool widening = srcFloat.getWidth() < dstFloat.getWidth() &&
                  (dstFloat.getWidth() >= 32 || srcFloat.getWidth() < 16);
  SmallVector<Value> result;
  if (widening) {
    for (Value v : values)
      result.push_back(LLVM::FPExtOp::create(b, loc, dst, v));
    return result;
  }
  if (srcFloat.getWidth() == 16 && dstFloat.getWidth() == 16) {
    // f16 <-> bf16: through f32, exactly, then one rounding.
    SmallVector<Value> wide;
    for (Value v : values)
      wide.push_back(LLVM::FPExtOp::create(b, loc, f32, v));
    return convert(op, wide, f32, dst, rtz, saturate);
  }
  for (Value v : values)
    result.push_back(narrow(v, dstFloat, rtz));
  return result;
}

Value FloatConverter::toF32(Value v, Type src) {
  if (std::optional<Fp8Format> f = getFp8Format(src))
    return emitFp8ToF32(b, loc, v, *f);
  if (src.isF32())
    return v;
  return LLVM::FPExtOp::create(b, loc, b.getF32Type(), v);
}

Value FloatConverter::narrow(Value v, FloatType dst, bool rtz) {
  Value nearest = LLVM::FPTruncOp::create(b, loc, dst, v);
  if (!rtz)
    return nearest;
  // Toward zero: the nearest value, or the next one toward zero when the
  // nearest rounded away (its magnitude exceeds the source's). That one is
  // the code below it, whatever the exponent: a finite overflow that became
  // inf becomes the largest finite value. NaN compares false and stays.
  Type srcType = v.getType();
  Value back = LLVM::FPExtOp::create(b, loc, srcType, nearest);
  Value sourceMagnitude = LLVM::FAbsOp::create(b, loc, v);
  Value away =
      LLVM::FCmpOp::create(b, loc, LLVM::FCmpPredicate::ogt,
                           LLVM::FAbsOp::create(b, loc, back), sourceMagnitude);
  Type intType = b.getIntegerType(dst.getWidth());
  Value bits = LLVM::BitcastOp::create(b, loc, intType, nearest);
  Value below =
      LLVM::SubOp::create(b, loc, bits, createIntConstant(b, loc, intType, 1));
  Value toward = LLVM::BitcastOp::create(b, loc, dst, below);
  return LLVM::SelectOp::create(b, loc, away, toward, nearest);
}

namespace {

/// tt.fp_to_fp: every conversion among the supported float types.
struct FpToFpOpPattern : ConvertOpToLLVMPattern<FpToFpOp> {
  FpToFpOpPattern(LLVMTypeConverter &converter,
                  const FpConversionTarget &target)
      : ConvertOpToLLVMPattern(converter), target(target) {}

  LogicalResult
  matchAndRewrite(FpToFpOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    std::optional<unsigned> count = getThreadElementCount(op.getType());
    if (!count)
      return rewriter.notifyMatchFailure(op,
                                         "result layout has no linear layout");
    Type src = getElementTypeOrSelf(op.getSrc().getType());
    Type dst = getElementTypeOrSelf(op.getType());
    if (failed(checkFloatTypes(op, src, dst, target)))
      return failure();
    bool rtz = op.getRounding() && *op.getRounding() == RoundingMode::RTZ;
    SmallVector<Value> values =
        unpackOperandElements(loc, adaptor.getSrc(), *count, rewriter)[0];
    FloatConverter converter(rewriter, loc, target);
    // Narrowing to fp8 saturates (Triton's cvt .satfinite); the others,
    // fp8 to fp8 included, are IEEE.
    bool saturate = isSmallFloat(dst) && !isSmallFloat(src);
    FailureOr<SmallVector<Value>> result =
        converter.convert(op, values, src, dst, rtz, saturate);
    if (failed(result))
      return failure();
    rewriter.replaceOp(op, packLLElements(loc, getTypeConverter(), *result,
                                          rewriter, op.getType()));
    return success();
  }

  const FpConversionTarget &target;
};

/// Any arith or math op with an 8-bit float operand or result (but constants,
/// selects and bitcasts, which move bits), and truncations that name a
/// rounding mode: the op computes in f32, its fp8 results rounded back.
struct SmallFloatArithOpPattern : ConversionPattern {
  SmallFloatArithOpPattern(TypeConverter &converter, MLIRContext *context,
                           const FpConversionTarget &target)
      : ConversionPattern(converter, MatchAnyOpTypeTag(), /*benefit=*/20,
                          context),
        target(target) {}

  static bool touchesSmallFloat(Operation *op) {
    auto isSmall = [](Type t) { return isSmallFloat(getElementTypeOrSelf(t)); };
    return llvm::any_of(op->getOperandTypes(), isSmall) ||
           llvm::any_of(op->getResultTypes(), isSmall);
  }

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    Dialect *dialect = op->getDialect();
    if (!dialect || !isa<arith::ArithDialect, math::MathDialect>(dialect) ||
        isa<arith::ConstantOp, arith::SelectOp, arith::BitcastOp>(op) ||
        op->getNumResults() != 1 || op->getNumRegions() != 0)
      return failure();
    auto truncf = dyn_cast<arith::TruncFOp>(op);
    bool namedRounding = truncf && truncf.getRoundingmodeAttr();
    // Narrowing to bf16 goes through the target too: NVIDIA converts f32
    // pairs in one cvt (LLVM's fptrunc converts and packs one at a time).
    bool toBF16 = truncf && getElementTypeOrSelf(truncf.getType()).isBF16();
    if (!touchesSmallFloat(op) && !namedRounding && !toBF16)
      return failure();
    Location loc = op->getLoc();
    Type resultType = op->getResult(0).getType();
    std::optional<unsigned> count = getThreadElementCount(resultType);
    if (!count)
      return rewriter.notifyMatchFailure(op,
                                         "result layout has no linear layout");
    Type resultElement = getElementTypeOrSelf(resultType);
    // What is not lowered is rejected before anything is rewritten.
    bool rtz = false;
    if (namedRounding) {
      arith::RoundingMode mode = *truncf.getRoundingmode();
      if (mode != arith::RoundingMode::to_nearest_even &&
          mode != arith::RoundingMode::toward_zero)
        return op->emitError() << "arith.truncf with rounding mode "
                               << arith::stringifyRoundingMode(mode)
                               << " is not supported yet by the LLVM lowering";
      rtz = mode == arith::RoundingMode::toward_zero;
    }
    for (Type t :
         llvm::concat<Type>(op->getOperandTypes(), op->getResultTypes()))
      if (isSmallFloat(getElementTypeOrSelf(t)) &&
          !getFp8Format(getElementTypeOrSelf(t)))
        return op->emitError()
               << "'" << op->getName() << "' on " << getElementTypeOrSelf(t)
               << " is not supported yet by the LLVM lowering (8-bit "
                  "floats: f8E4M3FN and f8E5M2)";
    SmallVector<SmallVector<Value>> elements =
        unpackOperandElements(loc, operands, *count, rewriter);
    FloatConverter converter(rewriter, loc, target);
    SmallVector<Value> results;

    if (isa<arith::ExtFOp, arith::TruncFOp>(op)) {
      Type src = getElementTypeOrSelf(op->getOperand(0).getType());
      FailureOr<SmallVector<Value>> converted = converter.convert(
          op, elements[0], src, resultElement, rtz, /*saturate=*/false);
      if (failed(converted))
        return failure();
      results = std::move(*converted);
    } else {
      // The same op on f32 (fp8 operands widened exactly), its fp8 result
      // rounded to nearest even without saturation.
      Type f32 = rewriter.getF32Type();
      for (unsigned i = 0; i < *count; ++i) {
        OperationState state(loc, op->getName());
        for (auto [operand, values] : llvm::zip(op->getOperands(), elements)) {
          Type t = getElementTypeOrSelf(operand.getType());
          state.addOperands(isSmallFloat(t) ? converter.toF32(values[i], t)
                                            : values[i]);
        }
        state.addTypes(isSmallFloat(resultElement) ? f32 : resultElement);
        state.addAttributes(op->getAttrs());
        Value scalar = rewriter.create(state)->getResult(0);
        if (isSmallFloat(resultElement)) {
          FailureOr<SmallVector<Value>> rounded =
              converter.convert(op, scalar, f32, resultElement, false, false);
          if (failed(rounded))
            return failure();
          scalar = (*rounded)[0];
        }
        results.push_back(scalar);
      }
    }
    rewriter.replaceOp(op, packLLElements(loc, getTypeConverter(), results,
                                          rewriter, resultType));
    return success();
  }

  const FpConversionTarget &target;
};

/// A scalar 8-bit float constant: its bits.
struct SmallFloatConstantPattern : ConvertOpToLLVMPattern<arith::ConstantOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(arith::ConstantOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto value = dyn_cast<FloatAttr>(op.getValue());
    if (!value || !isSmallFloat(value.getType()))
      return failure();
    APInt bits = value.getValue().bitcastToAPInt();
    Type intType = rewriter.getIntegerType(bits.getBitWidth());
    rewriter.replaceOpWithNewOp<LLVM::ConstantOp>(
        op, intType, rewriter.getIntegerAttr(intType, bits));
    return success();
  }
};

} // namespace

Value mlir::triton::emitFloatToFnuz(OpBuilder &b, Location loc, Value x,
                                    Type type, bool rtz, bool saturate) {
  std::optional<Fp8Format> format = getFnuzFormat(type);
  return format ? emitFloatToFp8(b, loc, x, *format, rtz, saturate) : Value();
}

Value mlir::triton::emitFnuzToF32(OpBuilder &b, Location loc, Value bits,
                                  Type type) {
  std::optional<Fp8Format> format = getFnuzFormat(type);
  return format ? emitFp8ToF32(b, loc, bits, *format) : Value();
}

Value mlir::triton::convertSmallFloatToF32(OpBuilder &b, Location loc,
                                           Value bits, Type type) {
  std::optional<Fp8Format> format = getFp8Format(type);
  if (!format)
    return Value();
  return emitFp8ToF32(b, loc, bits, *format);
}

void mlir::triton::populateFpConversionOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &converter, RewritePatternSet &patterns,
    const FpConversionTarget &target) {
  MLIRContext *context = patterns.getContext();
  patterns.add<FpToFpOpPattern>(converter, target);
  patterns.add<SmallFloatArithOpPattern>(converter, context, target);
  patterns.add<SmallFloatConstantPattern>(converter, /*benefit=*/20);
}
