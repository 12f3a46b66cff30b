//===- FpConversionOpToLLVM.cpp - gfx942's fp8 conversion instructions ----===//
//
// gfx942 (CDNA3) converts its own fp8 formats, f8E4M3FNUZ and f8E5M2FNUZ
// (no infinities, one NaN: 0x80, no negative zero, biases 8 and 16), with
// v_cvt_pk_fp8_f32 / v_cvt_pk_bf8_f32 (two f32 into one half of a dword,
// rounding to nearest even; out of range gives NaN) and v_cvt_pk_f32_fp8 /
// v_cvt_pk_f32_bf8 (one half of a dword to two f32, exact). Every other
// conversion touching these formats goes through f32: wider floats are
// widened exactly first, and f32 narrows exactly to f16, bf16 or f64 from an
// fp8 value. gfx90a (CDNA2), without these instructions, converts the same
// formats by the common emulation's integer arithmetic (as Triton 3.6's
// software conversions there). The OCP formats (f8E4M3FN, f8E5M2) stay
// with the common emulation, which gives Triton's numbers on any GPU.
//
// Saturation (tt.fp_to_fp from a wider float) clamps the input to the
// largest finite value first, keeping NaN, since the instructions make NaN
// of anything out of range; round toward zero has no instruction and is not
// supported for these formats.
//
// f32 to f16 toward zero is one instruction on every gfx9 GPU,
// v_cvt_pkrtz_f16_f32 (two values per instruction; an overflow gives the
// largest finite value, as round toward zero must), where the common
// lowering rounds to nearest and steps back.
//
//===----------------------------------------------------------------------===//

#include "passes/Conversion/TritonGPUToLLVM/AMD/Patterns.h"
#include "passes/Conversion/TritonGPUToLLVM/common/FpConversion.h"
#include "passes/Conversion/TritonGPUToLLVM/common/Utility.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"

using namespace mlir;
using namespace mlir::triton;

namespace {

/// The gfx942 fp8 formats: whether `type` is one, and its largest finite
/// value.
std::optional<double> getFnuzMax(Type type) {
  if (isa<Float8E4M3FNUZType>(type))
    return 240.0;
  if (isa<Float8E5M2FNUZType>(type))
    return 57344.0;
  return std::nullopt;
}

class AMDFpConversionTarget : public FpConversionTarget {
public:
  explicit AMDFpConversionTarget(std::string arch) : arch(std::move(arch)) {}

  bool convertsFormat(Type type) const override {
    return (arch == "gfx942" || arch == "gfx90a") &&
           getFnuzMax(type).has_value();
  }

  std::optional<SmallVector<Value>>
  convertNatively(FloatConverter &converter, Operation *op,
                  ArrayRef<Value> values, Type src, Type dst, bool rtz,
                  bool saturate) const override {
    if (rtz && src.isF32() && dst.isF16())
      return packToF16TowardZero(converter.getBuilder(), converter.getLoc(),
                                 values);
    std::optional<double> srcMax = getFnuzMax(src), dstMax = getFnuzMax(dst);
    // What is left (another GPU, rounding toward zero, the other side an
    // 8-bit format neither native nor emulated) the common check refuses,
    // at the op.
    auto isKnown = [&](Type t) {
      return !isSmallFloat(t) || getFnuzMax(t) ||
             isa<Float8E4M3FNType, Float8E5M2Type>(t);
    };
    if ((!srcMax && !dstMax) || !convertsFormat(srcMax ? src : dst) ||
        (dstMax && rtz) || !isKnown(src) || !isKnown(dst))
      return std::nullopt;
    OpBuilder &b = converter.getBuilder();
    Location loc = converter.getLoc();
    Type f32 = b.getF32Type();
    bool hardware = arch == "gfx942";
    if (srcMax) {
      SmallVector<Value> wide;
      if (hardware)
        wide = unpackToF32(b, loc, values, src);
      else
        for (Value v : values)
          wide.push_back(emitFnuzToF32(b, loc, v, src));
      if (dst.isF32())
        return wide;
      // fp8 values are exact in every wider float; to another fp8 format
      // this rounds once, from f32.
      FailureOr<SmallVector<Value>> rest =
          converter.convert(op, wide, f32, dst, rtz, saturate);
      if (failed(rest))
        return std::nullopt;
      return *rest;
    }
    // f64 rounds once, from f64: the emulation takes it as it is; the
    // instructions take only f32, so f64 is not converted there.
    if (!hardware) {
      SmallVector<Value> codes;
      for (Value v : values) {
        Value wide = src.isF64() ? v : converter.toF32(v, src);
        codes.push_back(emitFloatToFnuz(b, loc, wide, dst, rtz, saturate));
      }
      return codes;
    }
    if (src.isF64())
      return std::nullopt;
    SmallVector<Value> wide;
    for (Value v : values)
      wide.push_back(converter.toF32(v, src));
    if (saturate)
      for (Value &v : wide)
        v = clampKeepingNaN(b, loc, v, *dstMax);
    return packFromF32(b, loc, wide, dst);
  }

private:
  /// `v` (f32) limited to [-max, max]; NaN stays NaN.
  static Value clampKeepingNaN(OpBuilder &b, Location loc, Value v,
                               double max) {
    Type f32 = b.getF32Type();
    Value hi = LLVM::ConstantOp::create(b, loc, f32, b.getF32FloatAttr(max));
    Value lo = LLVM::ConstantOp::create(b, loc, f32, b.getF32FloatAttr(-max));
    Value clamped = LLVM::MinNumOp::create(
        b, loc, LLVM::MaxNumOp::create(b, loc, v, lo), hi);
    Value isNaN = LLVM::FCmpOp::create(b, loc, LLVM::FCmpPredicate::uno, v, v);
    return LLVM::SelectOp::create(b, loc, isNaN, v, clamped);
  }

  /// f32 values as f16 rounded toward zero, two per instruction (an odd
  /// last one converted with itself).
  static SmallVector<Value> packToF16TowardZero(OpBuilder &b, Location loc,
                                                ArrayRef<Value> values) {
    Type f16 = b.getF16Type();
    auto pairType = VectorType::get({2}, f16);
    SmallVector<Value> result;
    for (unsigned start = 0; start < values.size(); start += 2) {
      Value a = values[start];
      Value c = start + 1 < values.size() ? values[start + 1] : a;
      Value pair = ROCDL::CvtPkRtz::create(b, loc, pairType, a, c);
      for (unsigned i = 0; i < 2 && start + i < values.size(); ++i)
        result.push_back(LLVM::ExtractElementOp::create(
            b, loc, f16, pair, createI32Constant(b, loc, i)));
    }
    return result;
  }

  /// f32 values as fp8 bytes of `dst`, two per instruction, four per dword.
  static SmallVector<Value> packFromF32(OpBuilder &b, Location loc,
                                        ArrayRef<Value> values, Type dst) {
    bool e4m3 = isa<Float8E4M3FNUZType>(dst);
    Type i32 = b.getI32Type(), i8 = b.getI8Type();
    auto bytesType = VectorType::get({4}, i8);
    Value zero =
        LLVM::ConstantOp::create(b, loc, b.getF32Type(), b.getF32FloatAttr(0));
    SmallVector<Value> result;
    for (unsigned start = 0; start < values.size(); start += 4) {
      auto at = [&](unsigned i) {
        return start + i < values.size() ? values[start + i] : zero;
      };
      Value word = LLVM::UndefOp::create(b, loc, i32);
      for (unsigned half = 0; half < 2 && start + 2 * half < values.size();
           ++half) {
        Value a = at(2 * half), c = at(2 * half + 1);
        bool high = half == 1;
        word = e4m3
                   ? ROCDL::CvtPkFp8F32Op::create(b, loc, i32, a, c, word, high)
                         .getResult()
                   : ROCDL::CvtPkBf8F32Op::create(b, loc, i32, a, c, word, high)
                         .getResult();
      }
      Value bytes = LLVM::BitcastOp::create(b, loc, bytesType, word);
      for (unsigned i = 0; i < 4 && start + i < values.size(); ++i)
        result.push_back(LLVM::ExtractElementOp::create(
            b, loc, i8, bytes, createI32Constant(b, loc, i)));
    }
    return result;
  }

  /// fp8 bytes of `src` as f32, four per dword, two per instruction.
  static SmallVector<Value> unpackToF32(OpBuilder &b, Location loc,
                                        ArrayRef<Value> values, Type src) {
    bool e4m3 = isa<Float8E4M3FNUZType>(src);
    Type i8 = b.getI8Type(), f32 = b.getF32Type();
    auto bytesType = VectorType::get({4}, i8);
    auto pairType = VectorType::get({2}, f32);
    Value zeroByte = createIntConstant(b, loc, i8, 0);
    SmallVector<Value> result;
    for (unsigned start = 0; start < values.size(); start += 4) {
      Value bytes = LLVM::UndefOp::create(b, loc, bytesType);
      for (unsigned i = 0; i < 4; ++i) {
        Value v = start + i < values.size() ? values[start + i] : zeroByte;
        bytes = LLVM::InsertElementOp::create(b, loc, bytes, v,
                                              createI32Constant(b, loc, i));
      }
      Value word = LLVM::BitcastOp::create(b, loc, b.getI32Type(), bytes);
      for (unsigned half = 0; half < 2 && start + 2 * half < values.size();
           ++half) {
        bool high = half == 1;
        Value pair =
            e4m3 ? ROCDL::CvtPkF32Fp8Op::create(b, loc, pairType, word, high)
                       .getResult()
                 : ROCDL::CvtPkF32Bf8Op::create(b, loc, pairType, word, high)
                       .getResult();
        for (unsigned i = 0; i < 2 && start + 2 * half + i < values.size(); ++i)
          result.push_back(LLVM::ExtractElementOp::create(
              b, loc, f32, pair, createI32Constant(b, loc, i)));
      }
    }
    return result;
  }

  std::string arch;
};

} // namespace

std::unique_ptr<FpConversionTarget>
mlir::triton::amd::createFpConversionTarget(StringRef arch) {
  return std::make_unique<AMDFpConversionTarget>(arch.str());
}
