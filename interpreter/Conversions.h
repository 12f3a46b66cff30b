//===- Conversions.h - Element types and float rounding ---------*- C++ -*-===//
//
// Element types as the interpreter sees them, integer wrapping, and the
// conversions between float formats. Narrow floats (fp16, bf16, fp8) follow
// the PTX `cvt` rules an H200 applies, not the seed's `_convert_float`:
//  - rounding is round-to-nearest-even on the exact value (the seed adds the
//    first cut-off bit, i.e. rounds half away from zero, and ignores the
//    sticky bits), or toward zero for `rounding = rtz`;
//  - f32/f16 -> fp8 saturates like `cvt.rn.satfinite`: NaN stays NaN, and
//    anything beyond the largest finite value (infinities included) becomes
//    that value with its sign (the seed clamps the exponent field, which can
//    produce NaN encodings or wrong magnitudes);
//  - f32 -> f16/bf16 overflows to infinity (`cvt.rn.f16.f32`); subnormals
//    are kept (no flush to zero).
//
//===----------------------------------------------------------------------===//

#ifndef INTERPRETER_CONVERSIONS_H
#define INTERPRETER_CONVERSIONS_H

#include "mlir/IR/Types.h"

#include <cstdint>

namespace mlir {
namespace triton {
namespace interp {

enum class FloatKind {
  F64,
  F32,
  F16,
  BF16,
  F8E4M3FN,
  F8E5M2,
  F8E4M3FNUZ,
  F8E5M2FNUZ,
  Unsupported
};

/// What the interpreter needs to know about an element type.
struct ElemType {
  bool isFloat = false;
  bool isPtr = false;
  unsigned width = 0; ///< bits (64 for pointers)
  FloatKind kind = FloatKind::Unsupported;
  unsigned pointeeBytes = 0; ///< for pointers: the pointee's size (i1 -> 1)
  mlir::Type pointee;        ///< for pointers: the pointee's type
};

/// Classifies the element type of `type` (a scalar, tensor or pointer type).
ElemType classify(mlir::Type type);
/// The number of bytes an element of `type` takes in memory (i1 -> 1).
unsigned storageBytes(mlir::Type scalar);
FloatKind floatKindOf(mlir::Type scalar);
unsigned floatBits(FloatKind kind);

/// Wraps `v` to a `width`-bit integer held as int64 (sign-extended; i1 as 0/1).
inline int64_t wrapInt(int64_t v, unsigned width) {
  if (width >= 64)
    return v;
  if (width == 1)
    return v & 1;
  int shift = 64 - width;
  return (int64_t)((uint64_t)v << shift) >> shift;
}
/// The unsigned reading of a held `width`-bit integer.
inline uint64_t asUnsigned(int64_t v, unsigned width) {
  if (width >= 64)
    return (uint64_t)v;
  return (uint64_t)v & ((uint64_t(1) << width) - 1);
}
/// The signed reading of a held `width`-bit integer (i1 true is -1).
inline int64_t asSigned(int64_t v, unsigned width) {
  return width == 1 ? -(v & 1) : v;
}

/// Rounds `x` to the float format `kind`. `rtz` rounds toward zero;
/// `saturate` clamps overflow (and infinities) to the largest finite value.
double roundFloat(double x, FloatKind kind, bool rtz = false,
                  bool saturate = false);
/// Whether a conversion to `kind` saturates like `cvt.rn.satfinite` (fp8).
bool saturatesOnConvert(FloatKind kind);
/// The bit pattern of `x` (already representable) in format `kind`.
uint64_t floatToBits(double x, FloatKind kind);
/// The value of bit pattern `bits` in format `kind`.
double bitsToFloat(uint64_t bits, FloatKind kind);

} // namespace interp
} // namespace triton
} // namespace mlir

#endif // INTERPRETER_CONVERSIONS_H
