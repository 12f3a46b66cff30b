//===- FpConversionOpToLLVM.cpp - NVIDIA's own float conversions ----------===//
//
// The conversions of common/FpConversion.h that NVIDIA GPUs do with PTX's
// cvt: on sm_90 the rounding-to-nearest, saturating conversions to fp8 (from
// f32 and f16, on element pairs as Triton does), fp8 to f16 (pairs), E5M2
// to bf16 (integer operations and a bf16x2 multiply, pairs), and f16 <->
// bf16; on sm_80 and later f32 to bf16 rounding to nearest (pairs); on every
// GPU the narrowings toward zero (cvt.rz). The rest is the common emulation,
// which gives the same results. Pairs travel in vectors (vector<2xf16>,
// vector<2xi8>) as in Triton 3.6.
//
//===----------------------------------------------------------------------===//

#include "passes/Conversion/TritonGPUToLLVM/NVIDIA/ElementwiseUtility.h"
#include "passes/Conversion/TritonGPUToLLVM/NVIDIA/Patterns.h"
#include "passes/Conversion/TritonGPUToLLVM/common/Utility.h"

#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::nvidia;

namespace {

/// PTX's name of an fp8 format in cvt.
std::optional<StringRef> getPtxName(Type type) {
  if (isa<Float8E4M3FNType>(type))
    return StringRef("e4m3");
  if (isa<Float8E5M2Type>(type))
    return StringRef("e5m2");
  return std::nullopt;
}

/// Emits PTX cvt instructions for one list of elements.
class CvtEmitter {
public:
  CvtEmitter(OpBuilder &b, Location loc) : b(b), loc(loc) {}

  /// One cvt.rz narrowing (f64 to f32/f16/bf16, f32 to f16/bf16).
  Value narrowTowardZero(Value v, FloatType dst, int computeCapability) {
    bool fromF64 = v.getType().isF64();
    if (fromF64 && dst.isBF16() && computeCapability < 90) {
      // Truncating twice truncates once.
      v = narrowTowardZero(v, b.getF32Type(), computeCapability);
      fromF64 = false;
    }
    StringRef srcName = fromF64 ? "f64" : "f32";
    StringRef dstName = dst.isF32() ? "f32" : dst.isF16() ? "f16" : "bf16";
    StringRef srcConstraint = fromF64 ? "d" : "f";
    StringRef dstConstraint = dst.isF32() ? "=f" : "=h";
    Type resultType = dst.isF32() ? Type(dst) : Type(b.getI16Type());
    std::string text = ("cvt.rz." + dstName + "." + srcName + " $0, $1;").str();
    Value result = createInlinePtx(b, loc, resultType, v, text,
                                   (dstConstraint + "," + srcConstraint).str(),
                                   /*hasSideEffects=*/false)[0];
    if (resultType != dst)
      result = LLVM::BitcastOp::create(b, loc, dst, result);
    return result;
  }

  /// f16 <-> bf16 in one cvt (sm_90).
  SmallVector<Value> convert16(ArrayRef<Value> values, Type src, Type dst,
                               bool rtz) {
    std::string text =
        llvm::formatv("cvt.{0}.{1}.{2} $0, $1;", rtz ? "rz" : "rn",
                      dst.isBF16() ? "bf16" : "f16",
                      src.isBF16() ? "bf16" : "f16")
            .str();
    Type i16 = b.getI16Type();
    SmallVector<Value> result;
    for (Value v : values) {
      Value bits = LLVM::BitcastOp::create(b, loc, i16, v);
      Value converted =
          createInlinePtx(b, loc, i16, bits, text, "=h,h", false)[0];
      result.push_back(LLVM::BitcastOp::create(b, loc, dst, converted));
    }
    return result;
  }

  /// f32 to fp8, two per cvt: the pair's bits in two 32-bit registers, the
  /// two codes back as a vector<2xi8> (Triton 3.6's operand types).
  SmallVector<Value> pairwiseF32ToFp8(ArrayRef<Value> values,
                                      StringRef format) {
    Type i32 = b.getI32Type();
    Value pad = createFloatConstant(b, loc, b.getF32Type(), 0.0);
    // cvt puts its first source in the upper byte.
    std::string text =
        ("cvt.rn.satfinite." + format + "x2.f32 $0, $2, $1;").str();
    return pairwise(values, pad, [&](Value lo, Value hi) {
      Value loBits = LLVM::BitcastOp::create(b, loc, i32, lo);
      Value hiBits = LLVM::BitcastOp::create(b, loc, i32, hi);
      Value pair =
          createInlinePtx(b, loc, VectorType::get(2, b.getI8Type()),
                          ValueRange{loBits, hiBits}, text, "=h,r,r", false)[0];
      return splitVector(pair);
    });
  }

  /// f32 to bf16 rounding to nearest, two per cvt (sm_80), as Triton does.
  SmallVector<Value> pairwiseF32ToBF16(ArrayRef<Value> values) {
    Type i32 = b.getI32Type(), bf16 = b.getBF16Type();
    Value pad = createFloatConstant(b, loc, b.getF32Type(), 0.0);
    // cvt puts its first source in the upper half.
    return pairwise(values, pad, [&](Value lo, Value hi) {
      Value pair =
          createInlinePtx(b, loc, i32, ValueRange{lo, hi},
                          "cvt.rn.bf16x2.f32 $0, $2, $1;", "=r,f,f", false)[0];
      return splitHalves(pair, bf16);
    });
  }

  /// f16 to fp8, two per cvt: the pair packed in a 32-bit register, the
  /// codes back as a vector<2xi8>.
  SmallVector<Value> pairwiseF16ToFp8(ArrayRef<Value> values,
                                      StringRef format) {
    Value pad = createFloatConstant(b, loc, b.getF16Type(), 0.0);
    std::string text =
        ("cvt.rn.satfinite." + format + "x2.f16x2 $0, $1;").str();
    return pairwise(values, pad, [&](Value lo, Value hi) {
      Value packed = packVector(lo, hi, b.getI32Type());
      Value pair = createInlinePtx(b, loc, VectorType::get(2, b.getI8Type()),
                                   packed, text, "=h,r", false)[0];
      return splitVector(pair);
    });
  }

  /// fp8 to f16, two per cvt (exact): the codes packed in a 16-bit
  /// register, the halves back as a vector<2xf16>.
  SmallVector<Value> pairwiseFp8ToF16(ArrayRef<Value> values,
                                      StringRef format) {
    Value pad = createIntConstant(b, loc, b.getI8Type(), 0);
    std::string text = ("cvt.rn.f16x2." + format + "x2 $0, $1;").str();
    return pairwise(values, pad, [&](Value lo, Value hi) {
      Value packed = packVector(lo, hi, b.getI16Type());
      Value halves = createInlinePtx(b, loc, VectorType::get(2, b.getF16Type()),
                                     packed, text, "=r,h", false)[0];
      return splitVector(halves);
    });
  }

  /// E5M2 to bf16 with integer operations and one bf16x2 multiply per pair
  /// (as Triton 3.6 on sm_90, whose cvt is slow): each code's magnitude
  /// shifted into a bf16's low exponent and mantissa bits is the value times
  /// 2^-112 (exact, subnormals included), the multiply by 2^112 rebiases it
  /// exactly. Infinities and NaNs (exponent 31) would come out finite: their
  /// halves get the all-ones exponent afterwards (mantissa kept).
  SmallVector<Value> pairwiseE5M2ToBF16(ArrayRef<Value> values) {
    Value pad = createIntConstant(b, loc, b.getI8Type(), 0);
    static constexpr StringLiteral text =
        "{\n\t"
        ".reg .b32 f, m, s, r;\n\t"
        // The codes in the high bytes of two f16 halves.
        "prmt.b32 f, 0, $1, 0x5140;\n\t"
        // Magnitudes, shifted to bf16's position; signs back.
        "and.b32 m, f, 0x7fff7fff;\n\t"
        "shr.b32 m, m, 3;\n\t"
        "lop3.b32 m, m, 0x80008000, f, 0xf8;\n\t"
        "mov.b32 r, 0x77807780;\n\t"
        "mul.rn.bf16x2 r, m, r;\n\t"
        // Bit 15 of a half set where its exponent is all ones; spread over
        // the half, then the bf16 exponent set there.
        "and.b32 s, f, 0x7c007c00;\n\t"
        "add.u32 s, s, 0x04000400;\n\t"
        "prmt.b32 s, s, 0, 0xbb99;\n\t"
        "lop3.b32 $0, r, s, 0x7f807f80, 0xf8;\n\t"
        "}";
    return pairwise(values, pad, [&](Value lo, Value hi) {
      Value packed = LLVM::ZExtOp::create(
          b, loc, b.getI32Type(), packVector(lo, hi, b.getI16Type()));
      Value pair = createInlinePtx(b, loc, VectorType::get(2, b.getBF16Type()),
                                   packed, text, "=r,r", false)[0];
      return splitVector(pair);
    });
  }

private:
  /// The elements two at a time, the last paired with `pad` when odd.
  template <typename Fn>
  SmallVector<Value> pairwise(ArrayRef<Value> values, Value pad, Fn fn) {
    SmallVector<Value> result;
    for (size_t i = 0; i < values.size(); i += 2) {
      Value lo = values[i];
      Value hi = i + 1 < values.size() ? values[i + 1] : pad;
      auto [first, second] = fn(lo, hi);
      result.push_back(first);
      if (i + 1 < values.size())
        result.push_back(second);
    }
    return result;
  }

  /// `lo` and `hi` (of one type) as a two-element vector, bitcast to the
  /// integer `type` of its width (`lo` in the low bits).
  Value packVector(Value lo, Value hi, Type type) {
    auto vectorType = VectorType::get(2, lo.getType());
    Value vector = LLVM::UndefOp::create(b, loc, vectorType);
    vector = LLVM::InsertElementOp::create(b, loc, vector, lo,
                                           createI32Constant(b, loc, 0));
    vector = LLVM::InsertElementOp::create(b, loc, vector, hi,
                                           createI32Constant(b, loc, 1));
    return LLVM::BitcastOp::create(b, loc, type, vector);
  }

  /// The two elements of a two-element vector.
  std::pair<Value, Value> splitVector(Value vector) {
    Value first = LLVM::ExtractElementOp::create(b, loc, vector,
                                                 createI32Constant(b, loc, 0));
    Value second = LLVM::ExtractElementOp::create(b, loc, vector,
                                                  createI32Constant(b, loc, 1));
    return {first, second};
  }

  /// Splits an i32 holding two 16-bit floats of `type` (the first in the
  /// low half).
  std::pair<Value, Value> splitHalves(Value pair, Type type) {
    Type i16 = b.getI16Type();
    Value first = LLVM::BitcastOp::create(
        b, loc, type, LLVM::TruncOp::create(b, loc, i16, pair));
    Value high =
        LLVM::LShrOp::create(b, loc, pair, createI32Constant(b, loc, 16));
    Value second = LLVM::BitcastOp::create(
        b, loc, type, LLVM::TruncOp::create(b, loc, i16, high));
    return {first, second};
  }

  OpBuilder &b;
  Location loc;
};

class NvidiaFpConversionTarget : public FpConversionTarget {
public:
  explicit NvidiaFpConversionTarget(int computeCapability)
      : computeCapability(computeCapability) {}

  std::optional<SmallVector<Value>>
  convertNatively(FloatConverter &converter, Operation *op,
                  ArrayRef<Value> values, Type src, Type dst, bool rtz,
                  bool saturate) const override {
    CvtEmitter cvt(converter.getBuilder(), converter.getLoc());
    bool sm90 = computeCapability >= 90;
    std::optional<StringRef> srcF8 = getPtxName(src), dstF8 = getPtxName(dst);
    if (dstF8) {
      if (!sm90 || rtz || !saturate)
        return std::nullopt;
      if (src.isF16())
        return cvt.pairwiseF16ToFp8(values, *dstF8);
      if (src.isF32())
        return cvt.pairwiseF32ToFp8(values, *dstF8);
      return std::nullopt;
    }
    if (srcF8) {
      if (!sm90)
        return std::nullopt;
      if (*srcF8 == "e5m2" && dst.isBF16())
        return cvt.pairwiseE5M2ToBF16(values);
      SmallVector<Value> halves = cvt.pairwiseFp8ToF16(values, *srcF8);
      FailureOr<SmallVector<Value>> rest = converter.convert(
          op, halves, converter.getBuilder().getF16Type(), dst, false, false);
      if (failed(rest))
        return std::nullopt;
      return *rest;
    }
    auto srcFloat = dyn_cast<FloatType>(src),
         dstFloat = dyn_cast<FloatType>(dst);
    if (!srcFloat || !dstFloat)
      return std::nullopt;
    if (srcFloat.getWidth() == 16 && dstFloat.getWidth() == 16)
      return sm90 ? std::optional(cvt.convert16(values, src, dst, rtz))
                  : std::nullopt;
    if (srcFloat.isF32() && dstFloat.isBF16() && !rtz &&
        computeCapability >= 80)
      return cvt.pairwiseF32ToBF16(values);
    if (rtz && srcFloat.getWidth() > dstFloat.getWidth() &&
        srcFloat.getWidth() >= 32) {
      SmallVector<Value> result;
      for (Value v : values)
        result.push_back(cvt.narrowTowardZero(v, dstFloat, computeCapability));
      return result;
    }
    return std::nullopt;
  }

private:
  int computeCapability;
};

} // namespace

std::unique_ptr<FpConversionTarget>
mlir::triton::nvidia::createFpConversionTarget(int computeCapability) {
  return std::make_unique<NvidiaFpConversionTarget>(computeCapability);
}
