//===- Conversions.cpp - Element types and float rounding -----------------===//

#include "interpreter/Conversions.h"

#include "dialects/Triton/IR/Dialect.h"

#include "mlir/IR/BuiltinTypes.h"

#include <cmath>
#include <cstring>
#include <limits>

using namespace mlir;
using namespace mlir::triton::interp;

namespace {
enum class NanStyle { IEEE, FN, FNUZ };
struct Format {
  int expBits, manBits, bias;
  NanStyle nan;
};

Format formatOf(FloatKind kind) {
  switch (kind) {
  case FloatKind::F16:
    return {5, 10, 15, NanStyle::IEEE};
  case FloatKind::BF16:
    return {8, 7, 127, NanStyle::IEEE};
  case FloatKind::F8E5M2:
    return {5, 2, 15, NanStyle::IEEE};
  case FloatKind::F8E4M3FN:
    return {4, 3, 7, NanStyle::FN};
  case FloatKind::F8E4M3FNUZ:
    return {4, 3, 8, NanStyle::FNUZ};
  case FloatKind::F8E5M2FNUZ:
    return {5, 2, 16, NanStyle::FNUZ};
  default:
    return {11, 52, 1023, NanStyle::IEEE};
  }
}

double maxFinite(const Format &f) {
  int maxExpField = (1 << f.expBits) - 1;
  double mant;
  if (f.nan == NanStyle::IEEE) {
    maxExpField -= 1;
    mant = 2.0 - std::ldexp(1.0, -f.manBits);
  } else if (f.nan == NanStyle::FN) {
    mant = 2.0 - std::ldexp(2.0, -f.manBits); // all-ones mantissa is NaN
  } else {
    mant = 2.0 - std::ldexp(1.0, -f.manBits);
  }
  return std::ldexp(mant, maxExpField - f.bias);
}

double nanValue() { return std::numeric_limits<double>::quiet_NaN(); }
} // namespace

FloatKind mlir::triton::interp::floatKindOf(Type t) {
  if (t.isF64())
    return FloatKind::F64;
  if (t.isF32())
    return FloatKind::F32;
  if (t.isF16())
    return FloatKind::F16;
  if (t.isBF16())
    return FloatKind::BF16;
  if (isa<Float8E4M3FNType>(t))
    return FloatKind::F8E4M3FN;
  if (isa<Float8E5M2Type>(t))
    return FloatKind::F8E5M2;
  if (isa<Float8E4M3FNUZType>(t))
    return FloatKind::F8E4M3FNUZ;
  if (isa<Float8E5M2FNUZType>(t))
    return FloatKind::F8E5M2FNUZ;
  return FloatKind::Unsupported;
}

unsigned mlir::triton::interp::floatBits(FloatKind kind) {
  switch (kind) {
  case FloatKind::F64:
    return 64;
  case FloatKind::F32:
    return 32;
  case FloatKind::F16:
  case FloatKind::BF16:
    return 16;
  default:
    return 8;
  }
}

unsigned mlir::triton::interp::storageBytes(Type t) {
  if (isa<triton::PointerType>(t))
    return 8;
  if (auto it = dyn_cast<IntegerType>(t))
    return std::max(1u, it.getWidth() / 8);
  if (auto ft = dyn_cast<FloatType>(t))
    return ft.getWidth() / 8;
  return 0;
}

ElemType mlir::triton::interp::classify(Type type) {
  ElemType e;
  Type s = getElementTypeOrSelf(type);
  if (auto p = dyn_cast<triton::PointerType>(s)) {
    e.isPtr = true;
    e.width = 64;
    e.pointee = p.getPointeeType();
    e.pointeeBytes = storageBytes(e.pointee);
    return e;
  }
  if (auto it = dyn_cast<IntegerType>(s)) {
    e.width = it.getWidth();
    return e;
  }
  if (s.isIndex()) {
    e.width = 64;
    return e;
  }
  if (auto ft = dyn_cast<FloatType>(s)) {
    e.isFloat = true;
    e.width = ft.getWidth();
    e.kind = floatKindOf(s);
  }
  return e;
}

bool mlir::triton::interp::saturatesOnConvert(FloatKind kind) {
  return floatBits(kind) == 8;
}

double mlir::triton::interp::roundFloat(double x, FloatKind kind, bool rtz,
                                        bool saturate) {
  if (kind == FloatKind::F64)
    return x;
  if (kind == FloatKind::F32 && !rtz && !saturate)
    return (double)(float)x;
  if (std::isnan(x))
    return x;
  Format f = kind == FloatKind::F32 ? Format{8, 23, 127, NanStyle::IEEE}
                                    : formatOf(kind);
  double mx = maxFinite(f);
  double a = std::fabs(x);
  bool neg = std::signbit(x);
  auto signed_ = [&](double v) {
    if (f.nan == NanStyle::FNUZ && v == 0)
      return 0.0;
    return neg ? -v : v;
  };
  if (std::isinf(a)) {
    if (saturate)
      return signed_(mx);
    return f.nan == NanStyle::IEEE ? x : nanValue();
  }
  if (a == 0)
    return signed_(0.0);
  int ex;
  std::frexp(a, &ex);
  int e = ex - 1;
  int minExp = 1 - f.bias;
  if (e < minExp)
    e = minExp;
  double quantum = std::ldexp(1.0, e - f.manBits);
  double q = a / quantum;
  double qi = rtz ? std::trunc(q) : std::nearbyint(q); // default mode: RNE
  double r = qi * quantum;
  if (r > mx) {
    if (saturate || rtz)
      r = mx;
    else if (f.nan == NanStyle::IEEE)
      r = std::numeric_limits<double>::infinity();
    else
      return nanValue();
  }
  return signed_(r);
}

uint64_t mlir::triton::interp::floatToBits(double x, FloatKind kind) {
  if (kind == FloatKind::F64) {
    uint64_t b;
    std::memcpy(&b, &x, 8);
    return b;
  }
  if (kind == FloatKind::F32) {
    float v = (float)x;
    uint32_t b;
    std::memcpy(&b, &v, 4);
    return b;
  }
  Format f = formatOf(kind);
  int total = 1 + f.expBits + f.manBits;
  uint64_t signBit = uint64_t(1) << (total - 1);
  uint64_t expAll = (uint64_t(1) << f.expBits) - 1;
  if (std::isnan(x)) {
    if (f.nan == NanStyle::FNUZ)
      return signBit;
    if (f.nan == NanStyle::FN)
      return (expAll << f.manBits) | ((uint64_t(1) << f.manBits) - 1);
    return (expAll << f.manBits) | (uint64_t(1) << (f.manBits - 1));
  }
  uint64_t sign = std::signbit(x) ? signBit : 0;
  double a = std::fabs(x);
  if (std::isinf(a))
    return sign | (expAll << f.manBits);
  if (a == 0)
    return f.nan == NanStyle::FNUZ ? 0 : sign;
  int ex;
  std::frexp(a, &ex);
  int e = ex - 1;
  if (e < 1 - f.bias) {
    uint64_t mant = (uint64_t)std::ldexp(a, f.bias - 1 + f.manBits);
    return sign | mant;
  }
  uint64_t mant =
      (uint64_t)(std::ldexp(a, f.manBits - e)) - (uint64_t(1) << f.manBits);
  return sign | ((uint64_t)(e + f.bias) << f.manBits) | mant;
}

double mlir::triton::interp::bitsToFloat(uint64_t bits, FloatKind kind) {
  if (kind == FloatKind::F64) {
    double d;
    std::memcpy(&d, &bits, 8);
    return d;
  }
  if (kind == FloatKind::F32) {
    uint32_t b = (uint32_t)bits;
    float v;
    std::memcpy(&v, &b, 4);
    return v;
  }
  Format f = formatOf(kind);
  int total = 1 + f.expBits + f.manBits;
  bits &= (uint64_t(1) << total) - 1;
  bool neg = (bits >> (total - 1)) & 1;
  uint64_t expAll = (uint64_t(1) << f.expBits) - 1;
  uint64_t expField = (bits >> f.manBits) & expAll;
  uint64_t mant = bits & ((uint64_t(1) << f.manBits) - 1);
  if (f.nan == NanStyle::FNUZ && neg && expField == 0 && mant == 0)
    return nanValue();
  if (f.nan == NanStyle::IEEE && expField == expAll)
    return mant ? nanValue()
                : (neg ? -std::numeric_limits<double>::infinity()
                       : std::numeric_limits<double>::infinity());
  if (f.nan == NanStyle::FN && expField == expAll &&
      mant == (uint64_t(1) << f.manBits) - 1)
    return nanValue();
  double v;
  if (expField == 0)
    v = std::ldexp((double)mant, 1 - f.bias - f.manBits);
  else
    v = std::ldexp((double)(mant | (uint64_t(1) << f.manBits)),
                   (int)expField - f.bias - f.manBits);
  return neg ? -v : v;
}
