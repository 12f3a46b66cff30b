//===- FpConversion.h - Float conversions, fp8 included ---------*- C++ -*-===//
//
// tt.fp_to_fp between f64, f32, f16, bf16, f8E4M3FN and f8E5M2, and every
// arith or math op that touches an 8-bit float (which travels as an i8: LLVM
// has no such type), for every backend: an emulation with integer and plain
// float operations gives Triton's numbers on any GPU, and a backend may
// answer some conversions with its own instructions (FpConversionTarget).
//
// Numerics are the reference's (interpreter/Conversions.cpp, measured on an
// H200): narrowing rounds to nearest even or toward zero; tt.fp_to_fp from a
// wider float to fp8 saturates (NaN stays NaN, anything beyond the largest
// finite value, infinities included, becomes it, as PTX's cvt .satfinite
// and Triton's AMD software conversions do); fp8 to fp8 and arith ops
// producing fp8 do not saturate (overflow gives inf for E5M2, NaN for
// E4M3FN, which has no inf; toward zero, the largest finite value).
// Widening is exact. Arith ops on fp8 compute in f32 and round the result
// back.
//
//===----------------------------------------------------------------------===//

#ifndef PASSES_CONVERSION_TRITONGPUTOLLVM_COMMON_FPCONVERSION_H
#define PASSES_CONVERSION_TRITONGPUTOLLVM_COMMON_FPCONVERSION_H

#include "passes/Conversion/TritonGPUToLLVM/common/TypeConverter.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir {
namespace triton {

class FloatConverter;

/// The conversions a backend does with its own instructions.
class FpConversionTarget {
public:
  virtual ~FpConversionTarget() = default;
  /// `values` of float type `src` as `dst` (`rtz` and `saturate` apply to
  /// narrowing), or nullopt where the emulation should do it. `converter`
  /// converts what is left (e.g. from a native intermediate type) for `op`.
  virtual std::optional<SmallVector<Value>>
  convertNatively(FloatConverter &converter, Operation *op,
                  ArrayRef<Value> values, Type src, Type dst, bool rtz,
                  bool saturate) const {
    return std::nullopt;
  }
  /// Whether convertNatively handles the 8-bit float `type` although the
  /// emulation does not (every conversion from or to it that it accepts).
  virtual bool convertsFormat(Type type) const { return false; }
};

/// Converts element lists between float types; `op` names the errors.
class FloatConverter {
public:
  FloatConverter(OpBuilder &b, Location loc, const FpConversionTarget &target)
      : b(b), loc(loc), target(target) {}

  /// `values` of type `src` as `dst`. `rtz` and `saturate` apply to narrowing.
  FailureOr<SmallVector<Value>> convert(Operation *op, ArrayRef<Value> values,
                                        Type src, Type dst, bool rtz,
                                        bool saturate);

  /// Exact widening of an fp8, f16 or bf16 value to f32 (f32 stays).
  Value toF32(Value v, Type src);

  OpBuilder &getBuilder() { return b; }
  Location getLoc() { return loc; }

private:
  /// One IEEE narrowing (f64 to f32/f16/bf16, f32 to f16/bf16).
  Value narrow(Value v, FloatType dst, bool rtz);

  OpBuilder &b;
  Location loc;
  const FpConversionTarget &target;
};

/// Whether `type` is a float of 8 bits or fewer.
bool isSmallFloat(Type type);

/// The exact f32 value of an element of an 8-bit float `type` (f8E4M3FN or
/// f8E5M2), which travels as an i8; null for other 8-bit formats.
Value convertSmallFloatToF32(OpBuilder &b, Location loc, Value bits, Type type);

/// The emulation of AMD's fnuz formats (f8E4M3FNUZ, f8E5M2FNUZ: biases 8
/// and 16, no infinities or negative zero, 0x80 the one NaN), for a target
/// that declares them (convertsFormat) without instructions for them: the
/// i8 code of `x` (f32 or f64) in `type`, rounded once (saturating or not:
/// an overflow is NaN unless saturating), and the exact f32 of a code; null
/// for other types.
Value emitFloatToFnuz(OpBuilder &b, Location loc, Value x, Type type, bool rtz,
                      bool saturate);
Value emitFnuzToF32(OpBuilder &b, Location loc, Value bits, Type type);

/// tt.fp_to_fp, arith and math ops on 8-bit floats (computed in f32), and
/// 8-bit float constants, with `target`'s native conversions (the patterns
/// keep a reference to it).
void populateFpConversionOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &converter, RewritePatternSet &patterns,
    const FpConversionTarget &target);

} // namespace triton
} // namespace mlir

#endif // PASSES_CONVERSION_TRITONGPUTOLLVM_COMMON_FPCONVERSION_H
