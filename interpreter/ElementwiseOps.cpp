//===- ElementwiseOps.cpp - arith, math and elementwise tt ops ------------===//
//
// Each op computes its whole result in one loop. Operands of one element are
// broadcast against larger ones, so that combine regions of tt.reduce and
// tt.scan can run on whole batches of scalars at once.
//
// Departures from the seed, which follows NumPy, toward what the GPU does:
// (each measured with Triton 3.6 on an H200, test/interpreter/int-corners.test)
//  - integer division by zero gives -1 (all ones) and remainder by zero the
//    dividend (NumPy gives 0 with a warning); INT_MIN / -1 wraps;
//  - shifts by at least the bit width give 0 (shli, shrui) or the sign fill
//    (shrsi), as PTX clamps the shift amount;
//  - fptosi/fptoui saturate and map NaN to 0 (cvt.rzi);
//  - tt.clampf without NaN propagation returns its upper bound for a NaN
//    input (fmin with the upper bound, then fmax with the lower); with
//    propagateNan = all it returns NaN.
//
//===----------------------------------------------------------------------===//

#include "interpreter/Dispatch.h"

#include "dialects/Triton/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/BuiltinAttributes.h"

#include <cmath>
#include <limits>
#include <math.h>

using namespace mlir;
using namespace mlir::triton::interp;

namespace {

inline double rnd(double x, FloatKind k) {
  if (k == FloatKind::F32)
    return (double)(float)x;
  if (k == FloatKind::F64)
    return x;
  return roundFloat(x, k);
}

const SmallVector<int64_t, 4> &bigShape(const Tensor &a, const Tensor &b) {
  return a.numel() >= b.numel() ? a.shape : b.shape;
}

/// r[i] = f(a[i], b[i]) over the broadcast of two operands (one of which may
/// be a single element), from the element arrays `A`/`B` into `R`.
template <class In, class Out, class F>
void zipInto(const std::vector<In> &a, const std::vector<In> &b,
             std::vector<Out> &r, F f) {
  size_t n = r.size(), sa = a.size() == 1 ? 0 : 1, sb = b.size() == 1 ? 0 : 1;
  const In *pa = a.data(), *pb = b.data();
  Out *pr = r.data();
  if (sa && sb)
    for (size_t i = 0; i < n; ++i)
      pr[i] = f(pa[i], pb[i]);
  else
    for (size_t i = 0; i < n; ++i)
      pr[i] = f(pa[i * sa], pb[i * sb]);
}

/// r[i] = f(a[i]) from the element array `in` into `out`.
template <class In, class Out, class F>
void mapInto(const std::vector<In> &in, std::vector<Out> &out, F f) {
  for (size_t i = 0, n = in.size(); i < n; ++i)
    out[i] = f(in[i]);
}

template <class F> TensorPtr mapII(const Tensor &a, const Tensor &b, F f) {
  auto r = Tensor::ofInts(bigShape(a, b));
  zipInto(a.ints, b.ints, r->ints, f);
  return r;
}

template <class F> TensorPtr mapFF(const Tensor &a, const Tensor &b, F f) {
  auto r = Tensor::ofFloats(bigShape(a, b));
  zipInto(a.floats, b.floats, r->floats, f);
  return r;
}

template <class F> TensorPtr mapFFtoI(const Tensor &a, const Tensor &b, F f) {
  auto r = Tensor::ofInts(bigShape(a, b));
  zipInto(a.floats, b.floats, r->ints,
          [&](double x, double y) -> int64_t { return f(x, y) ? 1 : 0; });
  return r;
}

template <class F> TensorPtr mapF(const Tensor &a, F f) {
  auto r = Tensor::ofFloats(a.shape);
  mapInto(a.floats, r->floats, f);
  return r;
}
template <class F> TensorPtr mapI(const Tensor &a, F f) {
  auto r = Tensor::ofInts(a.shape);
  mapInto(a.ints, r->ints, f);
  return r;
}
template <class F> TensorPtr mapItoF(const Tensor &a, F f) {
  auto r = Tensor::ofFloats(a.shape);
  mapInto(a.ints, r->floats, f);
  return r;
}
template <class F> TensorPtr mapFtoI(const Tensor &a, F f) {
  auto r = Tensor::ofInts(a.shape);
  mapInto(a.floats, r->ints, f);
  return r;
}

double toDouble(const APFloat &v) {
  APFloat d = v;
  bool lost;
  d.convert(APFloat::IEEEdouble(), APFloat::rmNearestTiesToEven, &lost);
  return d.convertToDouble();
}

TensorRef constantOf(Attribute attr, Type type) {
  SmallVector<int64_t, 4> shape = shapeOf(type);
  ElemType et = classify(type);
  if (auto dense = dyn_cast<DenseElementsAttr>(attr)) {
    if (et.isFloat) {
      if (dense.isSplat())
        return Tensor::ofFloats(shape,
                                toDouble(dense.getSplatValue<APFloat>()));
      auto t = Tensor::ofFloats(shape);
      size_t i = 0;
      for (APFloat v : dense.getValues<APFloat>())
        t->floats[i++] = toDouble(v);
      return t;
    }
    auto conv = [&](const APInt &v) {
      return wrapInt((int64_t)v.getZExtValue(), et.width);
    };
    if (dense.isSplat())
      return Tensor::ofInts(shape, conv(dense.getSplatValue<APInt>()));
    auto t = Tensor::ofInts(shape);
    size_t i = 0;
    for (APInt v : dense.getValues<APInt>())
      t->ints[i++] = conv(v);
    return t;
  }
  if (auto f = dyn_cast<FloatAttr>(attr))
    return Tensor::ofFloats(shape, toDouble(f.getValue()));
  if (auto i = dyn_cast<IntegerAttr>(attr))
    return Tensor::ofInts(shape, wrapInt((int64_t)i.getValue().getZExtValue(),
                                         et.width ? et.width : 64));
  return nullptr;
}

/// A unary math function by its short name (exp, tanh, ...), in the
/// precision `useFloat` selects (fp32 and narrower compute in float).
std::optional<double (*)(double)> unaryByName(StringRef n, bool useFloat) {
#define U(NAME, EXPR)                                                          \
  if (n == NAME)                                                               \
  return useFloat ? +[](double x) -> double {                                \
      float v = (float)x;                                                      \
      (void)v;                                                                 \
      return (double)(float)(::EXPR##f(v));                                      \
    }                                                                          \
                    : +[](double x) -> double { return std::EXPR(x); }
  U("exp", exp);
  U("exp2", exp2);
  U("log", log);
  U("log2", log2);
  U("log10", log10);
  U("sqrt", sqrt);
  U("sin", sin);
  U("cos", cos);
  U("tan", tan);
  U("tanh", tanh);
  U("erf", erf);
  U("floor", floor);
  U("ceil", ceil);
  U("trunc", trunc);
  U("round", round);
  U("expm1", expm1);
  U("log1p", log1p);
  U("atan", atan);
  U("asin", asin);
  U("acos", acos);
  U("sinh", sinh);
  U("cosh", cosh);
  U("cbrt", cbrt);
  U("erfc", erfc);
  U("asinh", asinh);
  U("acosh", acosh);
  U("atanh", atanh);
  U("nearbyint", nearbyint);
  U("rint", rint);
#undef U
  if (n == "absf" || n == "fabs" || n == "abs")
    return +[](double x) -> double { return std::fabs(x); };
  if (n == "roundeven")
    return +[](double x) -> double { return std::nearbyint(x); };
  if (n == "rsqrt")
    return useFloat
           ? +[](double x)
                 -> double { return (double)(1.0f / std::sqrt((float)x)); }
           : +[](double x) -> double { return 1.0 / std::sqrt(x); };
  if (n == "exp10")
    return useFloat
           ? +[](double x)
                 -> double { return (double)std::pow(10.0f, (float)x); }
           : +[](double x) -> double { return std::pow(10.0, x); };
  return std::nullopt;
}

std::optional<double (*)(double, double)> binaryByName(StringRef n,
                                                       bool useFloat) {
#define B(NAME, EXPR)                                                          \
  if (n == NAME)                                                               \
  return useFloat                                                              \
         ? +[](double x, double y)                                             \
               -> double { return (double)::EXPR##f((float)x, (float)y); }     \
         : +[](double x, double y) -> double { return std::EXPR(x, y); }
  B("pow", pow);
  B("powf", pow);
  B("atan2", atan2);
  B("fmod", fmod);
  B("hypot", hypot);
  B("copysign", copysign);
  B("fmin", fmin);
  B("fmax", fmax);
  B("fdim", fdim);
  B("remainder", remainder);
#undef B
  if (n == "div_rn" || n == "fdiv_rn")
    return +[](double x, double y) -> double { return x / y; };
  return std::nullopt;
}

/// Maps a libdevice (__nv_tanhf) or ocml (__ocml_tanh_f32) symbol to the
/// short name of its standard math function.
std::string externShortName(StringRef sym, bool isF32) {
  if (sym.consume_front("__nv_")) {
    if (sym.starts_with("fast_"))
      sym = sym.drop_front(5);
    if (isF32 && sym.ends_with("f") && sym != "erf" && sym != "fabsf" &&
        sym != "erfcf")
      sym = sym.drop_back();
    if (sym == "fabsf")
      return "fabs";
    if (sym == "erfcf")
      return "erfc";
    return sym.str();
  }
  if (sym.consume_front("__ocml_")) {
    sym.consume_back("_f32");
    sym.consume_back("_f64");
    sym.consume_back("_f16");
    return sym.str();
  }
  return "";
}

/// libdevice's integer functions (__nv_popc, __nv_clzll, __nv_umulhi, ...)
/// on held integers of `aw` bits giving `w` bits; nullptr for any other
/// symbol.
TensorRef integerLibdevice(StringRef sym, ArrayRef<const Tensor *> args,
                           unsigned aw, unsigned w) {
  if (!sym.consume_front("__nv_"))
    return nullptr;
  auto unary = [&](auto f) -> TensorRef {
    if (args.size() != 1)
      return nullptr;
    return mapI(*args[0],
                [&](int64_t a) { return wrapInt(f(asUnsigned(a, aw)), w); });
  };
  auto binary = [&](auto f) -> TensorRef {
    if (args.size() != 2)
      return nullptr;
    return mapII(*args[0], *args[1],
                 [&](int64_t a, int64_t b) { return wrapInt(f(a, b), w); });
  };
  auto countLeading = [aw](uint64_t a) -> int64_t {
    int64_t n = 0;
    for (int bit = int(aw) - 1; bit >= 0 && !((a >> bit) & 1); --bit)
      ++n;
    return n;
  };
  auto firstSet = [aw](uint64_t a) -> int64_t {
    for (unsigned bit = 0; bit < aw; ++bit)
      if ((a >> bit) & 1)
        return bit + 1;
    return 0;
  };
  auto reverse = [aw](uint64_t a) -> int64_t {
    uint64_t r = 0;
    for (unsigned bit = 0; bit < aw; ++bit)
      r |= ((a >> bit) & 1) << (aw - 1 - bit);
    return int64_t(r);
  };
  auto highHalf = [aw](bool isSigned) {
    return [aw, isSigned](int64_t a, int64_t b) -> int64_t {
      if (aw <= 32) {
        int64_t p =
            isSigned ? a * b : int64_t(asUnsigned(a, aw) * asUnsigned(b, aw));
        return p >> aw;
      }
      using Wide = __int128;
      using UWide = unsigned __int128;
      if (isSigned)
        return int64_t((Wide(a) * b) >> 64);
      return int64_t((UWide(uint64_t(a)) * uint64_t(b)) >> 64);
    };
  };
  if (sym == "popc" || sym == "popcll")
    return unary([](uint64_t a) { return int64_t(__builtin_popcountll(a)); });
  if (sym == "clz" || sym == "clzll")
    return unary(countLeading);
  if (sym == "ffs" || sym == "ffsll")
    return unary(firstSet);
  if (sym == "brev" || sym == "brevll")
    return unary(reverse);
  if (sym == "mulhi" || sym == "mul64hi")
    return binary(highHalf(true));
  if (sym == "umulhi" || sym == "umul64hi")
    return binary(highHalf(false));
  if (sym == "abs" || sym == "llabs")
    return args.size() == 1
               ? mapI(*args[0],
                      [w](int64_t a) {
                        return wrapInt(a < 0 ? int64_t(0 - uint64_t(a)) : a, w);
                      })
               : nullptr;
  if (sym == "min" || sym == "llmin")
    return binary([](int64_t a, int64_t b) { return std::min(a, b); });
  if (sym == "max" || sym == "llmax")
    return binary([](int64_t a, int64_t b) { return std::max(a, b); });
  if (sym == "umin" || sym == "ullmin")
    return binary([aw](int64_t a, int64_t b) {
      return asUnsigned(a, aw) < asUnsigned(b, aw) ? a : b;
    });
  if (sym == "umax" || sym == "ullmax")
    return binary([aw](int64_t a, int64_t b) {
      return asUnsigned(a, aw) > asUnsigned(b, aw) ? a : b;
    });
  // Halving adds without overflow: (a + b) >> 1, rounded up for rhadd.
  if (sym == "hadd" || sym == "rhadd")
    return binary([up = sym == "rhadd"](int64_t a, int64_t b) {
      using Wide = __int128;
      return int64_t((Wide(a) + b + (up ? 1 : 0)) >> 1);
    });
  if (sym == "uhadd" || sym == "urhadd")
    return binary([aw, up = sym == "urhadd"](int64_t a, int64_t b) {
      return int64_t((asUnsigned(a, aw) + asUnsigned(b, aw) + (up ? 1 : 0)) >>
                     1);
    });
  return nullptr;
}

int64_t floatToInt(double x, unsigned width, bool isSigned) {
  if (std::isnan(x))
    return 0;
  x = std::trunc(x);
  if (isSigned) {
    double lo = -std::ldexp(1.0, width - 1), hi = std::ldexp(1.0, width - 1);
    if (x <= lo)
      return wrapInt(width == 64 ? std::numeric_limits<int64_t>::min()
                                 : (int64_t)lo,
                     width);
    if (x >= hi)
      return width == 64 ? std::numeric_limits<int64_t>::max()
                         : (int64_t)hi - 1;
    return (int64_t)x;
  }
  if (x <= 0)
    return 0;
  double hi = std::ldexp(1.0, width);
  if (x >= hi)
    return wrapInt(-1, width);
  return wrapInt((int64_t)(uint64_t)x, width);
}

//===----------------------------------------------------------------------===//
// Evaluators
//===----------------------------------------------------------------------===//

ElemType resultElem(Operation *op) {
  return classify(op->getResult(0).getType());
}
ElemType operandElem(Operation *op, unsigned i = 0) {
  return classify(op->getOperand(i).getType());
}

/// An integer op of two operands: r = f(a, b, width of the result).
template <typename F>
LogicalResult intBinary(Executor &ex, Operation *op, F f) {
  unsigned w = resultElem(op).width;
  return ex.setResult(
      op, mapII(ex.operand(op, 0), ex.operand(op, 1),
                [w, &f](int64_t a, int64_t b) { return f(a, b, w); }));
}

/// A float op of two operands, rounded to the result's format.
template <typename F>
LogicalResult floatBinary(Executor &ex, Operation *op, F f) {
  FloatKind fk = resultElem(op).kind;
  return ex.setResult(
      op, mapFF(ex.operand(op, 0), ex.operand(op, 1),
                [fk, &f](double a, double b) { return rnd(f(a, b), fk); }));
}

/// A float op of two operands whose result is one of them (no rounding).
template <typename F>
LogicalResult floatSelectBinary(Executor &ex, Operation *op, F f) {
  return ex.setResult(op, mapFF(ex.operand(op, 0), ex.operand(op, 1), f));
}

LogicalResult evalConstant(Executor &ex, arith::ConstantOp op) {
  // Evaluated once per run: every program sees the same value.
  auto it = ex.constants.find(op);
  if (it == ex.constants.end()) {
    TensorRef t = constantOf(op.getValue(), op.getType());
    if (!t)
      return ex.error(op) << "constant attribute is not supported yet";
    it = ex.constants.try_emplace(op, t).first;
  }
  return ex.setResult(op, it->second);
}

LogicalResult evalAddI(Executor &ex, arith::AddIOp op) {
  return intBinary(ex, op, [](int64_t a, int64_t b, unsigned w) {
    return wrapInt((int64_t)((uint64_t)a + (uint64_t)b), w);
  });
}

LogicalResult evalSubI(Executor &ex, arith::SubIOp op) {
  return intBinary(ex, op, [](int64_t a, int64_t b, unsigned w) {
    return wrapInt((int64_t)((uint64_t)a - (uint64_t)b), w);
  });
}

LogicalResult evalMulI(Executor &ex, arith::MulIOp op) {
  return intBinary(ex, op, [](int64_t a, int64_t b, unsigned w) {
    return wrapInt((int64_t)((uint64_t)a * (uint64_t)b), w);
  });
}

LogicalResult evalDivSI(Executor &ex, arith::DivSIOp op) {
  return intBinary(ex, op, [](int64_t a, int64_t b, unsigned w) {
    a = asSigned(a, w);
    b = asSigned(b, w);
    if (b == 0)
      return wrapInt(-1, w);
    if (b == -1)
      return wrapInt((int64_t)(0 - (uint64_t)a), w);
    return wrapInt(a / b, w);
  });
}

LogicalResult evalDivUI(Executor &ex, arith::DivUIOp op) {
  return intBinary(ex, op, [](int64_t a, int64_t b, unsigned w) {
    uint64_t ua = asUnsigned(a, w), ub = asUnsigned(b, w);
    return wrapInt(ub ? (int64_t)(ua / ub) : -1, w);
  });
}

LogicalResult evalRemSI(Executor &ex, arith::RemSIOp op) {
  return intBinary(ex, op, [](int64_t a, int64_t b, unsigned w) {
    a = asSigned(a, w);
    b = asSigned(b, w);
    if (b == 0)
      return wrapInt(a, w);
    if (b == -1)
      return (int64_t)0;
    return wrapInt(a % b, w);
  });
}

LogicalResult evalRemUI(Executor &ex, arith::RemUIOp op) {
  return intBinary(ex, op, [](int64_t a, int64_t b, unsigned w) {
    uint64_t ua = asUnsigned(a, w), ub = asUnsigned(b, w);
    return wrapInt(ub ? (int64_t)(ua % ub) : a, w);
  });
}

/// Signed division rounded up (`ceil`) or down, with divsi's corner cases.
template <bool ceil> LogicalResult roundedDivSI(Executor &ex, Operation *op) {
  return intBinary(ex, op, [](int64_t a, int64_t b, unsigned w) {
    a = asSigned(a, w);
    b = asSigned(b, w);
    if (b == 0)
      return wrapInt(-1, w);
    if (b == -1)
      return wrapInt((int64_t)(0 - (uint64_t)a), w);
    int64_t q = a / b, r = a % b;
    if (r != 0 && ((r < 0) != (b < 0)) && !ceil)
      --q;
    if (r != 0 && ((r < 0) == (b < 0)) && ceil)
      ++q;
    return wrapInt(q, w);
  });
}

LogicalResult evalCeilDivSI(Executor &ex, arith::CeilDivSIOp op) {
  return roundedDivSI<true>(ex, op);
}

LogicalResult evalFloorDivSI(Executor &ex, arith::FloorDivSIOp op) {
  return roundedDivSI<false>(ex, op);
}

LogicalResult evalAndI(Executor &ex, arith::AndIOp op) {
  return intBinary(ex, op,
                   [](int64_t a, int64_t b, unsigned) { return a & b; });
}

LogicalResult evalOrI(Executor &ex, arith::OrIOp op) {
  return intBinary(ex, op,
                   [](int64_t a, int64_t b, unsigned) { return a | b; });
}

LogicalResult evalXOrI(Executor &ex, arith::XOrIOp op) {
  return intBinary(ex, op, [](int64_t a, int64_t b, unsigned w) {
    return wrapInt(a ^ b, w);
  });
}

LogicalResult evalShLI(Executor &ex, arith::ShLIOp op) {
  return intBinary(ex, op, [](int64_t a, int64_t b, unsigned w) {
    uint64_t s = asUnsigned(b, w);
    return s >= w ? (int64_t)0 : wrapInt((int64_t)((uint64_t)a << s), w);
  });
}

LogicalResult evalShRSI(Executor &ex, arith::ShRSIOp op) {
  return intBinary(ex, op, [](int64_t a, int64_t b, unsigned w) {
    uint64_t s = asUnsigned(b, w);
    int64_t sa = asSigned(a, w);
    return wrapInt(s >= w ? (sa < 0 ? -1 : 0) : (sa >> s), w);
  });
}

LogicalResult evalShRUI(Executor &ex, arith::ShRUIOp op) {
  return intBinary(ex, op, [](int64_t a, int64_t b, unsigned w) {
    uint64_t s = asUnsigned(b, w);
    return s >= w ? (int64_t)0 : wrapInt((int64_t)(asUnsigned(a, w) >> s), w);
  });
}

LogicalResult evalMaxSI(Executor &ex, arith::MaxSIOp op) {
  return intBinary(ex, op, [](int64_t a, int64_t b, unsigned w) {
    return asSigned(a, w) >= asSigned(b, w) ? a : b;
  });
}

LogicalResult evalMinSI(Executor &ex, arith::MinSIOp op) {
  return intBinary(ex, op, [](int64_t a, int64_t b, unsigned w) {
    return asSigned(a, w) <= asSigned(b, w) ? a : b;
  });
}

LogicalResult evalMaxUI(Executor &ex, arith::MaxUIOp op) {
  return intBinary(ex, op, [](int64_t a, int64_t b, unsigned w) {
    return asUnsigned(a, w) >= asUnsigned(b, w) ? a : b;
  });
}

LogicalResult evalMinUI(Executor &ex, arith::MinUIOp op) {
  return intBinary(ex, op, [](int64_t a, int64_t b, unsigned w) {
    return asUnsigned(a, w) <= asUnsigned(b, w) ? a : b;
  });
}

LogicalResult evalMulHiUI(Executor &ex, triton::MulhiUIOp op) {
  return intBinary(ex, op, [](int64_t a, int64_t b, unsigned w) {
    unsigned __int128 p = (unsigned __int128)asUnsigned(a, w) *
                          (unsigned __int128)asUnsigned(b, w);
    return wrapInt((int64_t)(uint64_t)(p >> w), w);
  });
}

LogicalResult evalMulSIExtended(Executor &ex, arith::MulSIExtendedOp op) {
  unsigned w = resultElem(op).width;
  const Tensor &a = ex.operand(op, 0), &b = ex.operand(op, 1);
  ex.set(op.getLow(), mapII(a, b, [w](int64_t x, int64_t y) {
           return wrapInt((int64_t)((uint64_t)x * (uint64_t)y), w);
         }));
  ex.set(op.getHigh(), mapII(a, b, [w](int64_t x, int64_t y) {
           __int128 p = (__int128)asSigned(x, w) * (__int128)asSigned(y, w);
           return wrapInt((int64_t)(p >> w), w);
         }));
  return success();
}

LogicalResult evalCmpI(Executor &ex, arith::CmpIOp op) {
  using P = arith::CmpIPredicate;
  P pred = op.getPredicate();
  unsigned aw = operandElem(op).width;
  return ex.setResult(op, mapII(ex.operand(op, 0), ex.operand(op, 1),
                                [pred, aw](int64_t a, int64_t b) -> int64_t {
                                  int64_t sa = asSigned(a, aw),
                                          sb = asSigned(b, aw);
                                  uint64_t ua = asUnsigned(a, aw),
                                           ub = asUnsigned(b, aw);
                                  switch (pred) {
                                  case P::eq:
                                    return ua == ub;
                                  case P::ne:
                                    return ua != ub;
                                  case P::slt:
                                    return sa < sb;
                                  case P::sle:
                                    return sa <= sb;
                                  case P::sgt:
                                    return sa > sb;
                                  case P::sge:
                                    return sa >= sb;
                                  case P::ult:
                                    return ua < ub;
                                  case P::ule:
                                    return ua <= ub;
                                  case P::ugt:
                                    return ua > ub;
                                  case P::uge:
                                    return ua >= ub;
                                  }
                                  return 0;
                                }));
}

LogicalResult evalAddF(Executor &ex, arith::AddFOp op) {
  return floatBinary(ex, op, [](double a, double b) { return a + b; });
}

LogicalResult evalSubF(Executor &ex, arith::SubFOp op) {
  return floatBinary(ex, op, [](double a, double b) { return a - b; });
}

LogicalResult evalMulF(Executor &ex, arith::MulFOp op) {
  return floatBinary(ex, op, [](double a, double b) { return a * b; });
}

/// arith.divf and tt.precise_divf: the division rounded once to the result's
/// format is already the correctly rounded quotient.
template <typename OpTy> LogicalResult evalDivF(Executor &ex, OpTy op) {
  return floatBinary(ex, op, [](double a, double b) { return a / b; });
}

LogicalResult evalRemF(Executor &ex, arith::RemFOp op) {
  return floatBinary(ex, op,
                     [](double a, double b) { return std::fmod(a, b); });
}

LogicalResult evalMaxNumF(Executor &ex, arith::MaxNumFOp op) {
  return floatSelectBinary(ex, op,
                           [](double a, double b) { return std::fmax(a, b); });
}

LogicalResult evalMinNumF(Executor &ex, arith::MinNumFOp op) {
  return floatSelectBinary(ex, op,
                           [](double a, double b) { return std::fmin(a, b); });
}

LogicalResult evalMaximumF(Executor &ex, arith::MaximumFOp op) {
  return floatSelectBinary(ex, op, [](double a, double b) {
    if (std::isnan(a) || std::isnan(b))
      return std::numeric_limits<double>::quiet_NaN();
    if (a == b)
      return std::signbit(a) ? b : a;
    return a > b ? a : b;
  });
}

LogicalResult evalMinimumF(Executor &ex, arith::MinimumFOp op) {
  return floatSelectBinary(ex, op, [](double a, double b) {
    if (std::isnan(a) || std::isnan(b))
      return std::numeric_limits<double>::quiet_NaN();
    if (a == b)
      return std::signbit(a) ? a : b;
    return a < b ? a : b;
  });
}

LogicalResult evalCopySign(Executor &ex, math::CopySignOp op) {
  return floatSelectBinary(
      ex, op, [](double a, double b) { return std::copysign(a, b); });
}

LogicalResult evalCmpF(Executor &ex, arith::CmpFOp op) {
  using P = arith::CmpFPredicate;
  P pred = op.getPredicate();
  return ex.setResult(op, mapFFtoI(ex.operand(op, 0), ex.operand(op, 1),
                                   [pred](double a, double b) -> bool {
                                     bool uno = std::isnan(a) || std::isnan(b);
                                     switch (pred) {
                                     case P::AlwaysFalse:
                                       return false;
                                     case P::OEQ:
                                       return !uno && a == b;
                                     case P::OGT:
                                       return !uno && a > b;
                                     case P::OGE:
                                       return !uno && a >= b;
                                     case P::OLT:
                                       return !uno && a < b;
                                     case P::OLE:
                                       return !uno && a <= b;
                                     case P::ONE:
                                       return !uno && a != b;
                                     case P::ORD:
                                       return !uno;
                                     case P::UEQ:
                                       return uno || a == b;
                                     case P::UGT:
                                       return uno || a > b;
                                     case P::UGE:
                                       return uno || a >= b;
                                     case P::ULT:
                                       return uno || a < b;
                                     case P::ULE:
                                       return uno || a <= b;
                                     case P::UNE:
                                       return uno || a != b;
                                     case P::UNO:
                                       return uno;
                                     case P::AlwaysTrue:
                                       return true;
                                     }
                                     return false;
                                   }));
}

LogicalResult evalNegF(Executor &ex, arith::NegFOp op) {
  return ex.setResult(op, mapF(ex.operand(op, 0), [](double a) { return -a; }));
}

LogicalResult evalSelect(Executor &ex, arith::SelectOp op) {
  const Tensor &c = ex.operand(op, 0), &a = ex.operand(op, 1),
               &b = ex.operand(op, 2);
  if (a.block || b.block) // a select between block pointers
    return ex.setResult(op, c.ints[0] ? ex.get(op.getTrueValue())
                                      : ex.get(op.getFalseValue()));
  SmallVector<int64_t, 4> shape = a.numel() >= b.numel() ? a.shape : b.shape;
  if (c.numel() > a.numel() && c.numel() > b.numel())
    shape = c.shape;
  auto r = Tensor::like(a, shape);
  size_t n = r->size(), sc = c.ints.size() == 1 ? 0 : 1,
         sa = a.size() == 1 ? 0 : 1, sb = b.size() == 1 ? 0 : 1;
  if (a.isFloat)
    for (size_t i = 0; i < n; ++i)
      r->floats[i] = c.ints[i * sc] ? a.floats[i * sa] : b.floats[i * sb];
  else
    for (size_t i = 0; i < n; ++i)
      r->ints[i] = c.ints[i * sc] ? a.ints[i * sa] : b.ints[i * sb];
  return ex.setResult(op, r);
}

/// arith.extsi and arith.index_cast: sign-extends (or truncates).
template <typename OpTy> LogicalResult evalSignedCast(Executor &ex, OpTy op) {
  unsigned aw = operandElem(op).width, w = resultElem(op).width;
  return ex.setResult(op, mapI(ex.operand(op, 0), [aw, w](int64_t a) {
                        return wrapInt(asSigned(a, aw), w);
                      }));
}

/// arith.extui and arith.index_castui: zero-extends (or truncates).
template <typename OpTy> LogicalResult evalUnsignedCast(Executor &ex, OpTy op) {
  unsigned aw = operandElem(op).width, w = resultElem(op).width;
  return ex.setResult(op, mapI(ex.operand(op, 0), [aw, w](int64_t a) {
                        return wrapInt((int64_t)asUnsigned(a, aw), w);
                      }));
}

LogicalResult evalTruncI(Executor &ex, arith::TruncIOp op) {
  unsigned w = resultElem(op).width;
  return ex.setResult(
      op, mapI(ex.operand(op, 0), [w](int64_t a) { return wrapInt(a, w); }));
}

LogicalResult evalSIToFP(Executor &ex, arith::SIToFPOp op) {
  unsigned aw = operandElem(op).width;
  FloatKind fk = resultElem(op).kind;
  // Straight to float for fp32: going through double could round twice.
  return ex.setResult(op, mapItoF(ex.operand(op, 0), [aw, fk](int64_t a) {
                        int64_t v = asSigned(a, aw);
                        return fk == FloatKind::F32 ? (double)(float)v
                                                    : rnd((double)v, fk);
                      }));
}

LogicalResult evalUIToFP(Executor &ex, arith::UIToFPOp op) {
  unsigned aw = operandElem(op).width;
  FloatKind fk = resultElem(op).kind;
  return ex.setResult(op, mapItoF(ex.operand(op, 0), [aw, fk](int64_t a) {
                        uint64_t v = asUnsigned(a, aw);
                        return fk == FloatKind::F32 ? (double)(float)v
                                                    : rnd((double)v, fk);
                      }));
}

LogicalResult evalFPToSI(Executor &ex, arith::FPToSIOp op) {
  unsigned w = resultElem(op).width;
  return ex.setResult(op, mapFtoI(ex.operand(op, 0), [w](double a) {
                        return floatToInt(a, w, true);
                      }));
}

LogicalResult evalFPToUI(Executor &ex, arith::FPToUIOp op) {
  unsigned w = resultElem(op).width;
  return ex.setResult(op, mapFtoI(ex.operand(op, 0), [w](double a) {
                        return floatToInt(a, w, false);
                      }));
}

LogicalResult evalExtF(Executor &ex, arith::ExtFOp op) {
  return ex.setResult(op, ex.get(op.getIn())); // every narrower value is exact
}

LogicalResult evalTruncF(Executor &ex, arith::TruncFOp op) {
  FloatKind fk = resultElem(op).kind;
  return ex.setResult(op, mapF(ex.operand(op, 0),
                               [fk](double a) { return roundFloat(a, fk); }));
}

LogicalResult evalFpToFp(Executor &ex, triton::FpToFpOp op) {
  FloatKind from = operandElem(op).kind, fk = resultElem(op).kind;
  auto rounding = op.getRounding();
  bool rtz = rounding && *rounding == triton::RoundingMode::RTZ;
  bool sat = saturatesOnConvert(fk) && floatBits(from) > floatBits(fk);
  bool exact = fk == FloatKind::F32 || fk == FloatKind::F64 ||
               (floatBits(from) == 8 && floatBits(fk) == 16) || from == fk;
  if (exact)
    return ex.setResult(op, ex.get(op.getSrc()));
  return ex.setResult(op, mapF(ex.operand(op, 0), [fk, rtz, sat](double a) {
                        return roundFloat(a, fk, rtz, sat);
                      }));
}

/// arith.bitcast and tt.bitcast: the same bits read as the result's type.
template <typename OpTy> LogicalResult evalBitcast(Executor &ex, OpTy op) {
  ElemType ae = operandElem(op), re = resultElem(op);
  unsigned aw = ae.width, w = re.width;
  FloatKind ak = ae.kind, fk = re.kind;
  const Tensor &a = ex.operand(op, 0);
  if (!ae.isFloat && !re.isFloat)
    return ex.setResult(op, mapI(a, [w](int64_t v) { return wrapInt(v, w); }));
  if (ae.isFloat && !re.isFloat)
    return ex.setResult(op, mapFtoI(a, [ak, w](double v) {
                          return wrapInt((int64_t)floatToBits(v, ak), w);
                        }));
  if (!ae.isFloat && re.isFloat)
    return ex.setResult(op, mapItoF(a, [aw, fk](int64_t v) {
                          return bitsToFloat(asUnsigned(v, aw), fk);
                        }));
  return ex.setResult(op, mapF(a, [ak, fk](double v) {
                        return bitsToFloat(floatToBits(v, ak), fk);
                      }));
}

/// tt.int_to_ptr and tt.ptr_to_int: pointers are held as integers already.
template <typename OpTy> LogicalResult evalSameBits(Executor &ex, OpTy op) {
  return ex.setResult(op, ex.get(op->getOperand(0)));
}

LogicalResult evalAddPtr(Executor &ex, triton::AddPtrOp op) {
  int64_t scale = resultElem(op).pointeeBytes;
  unsigned ow = classify(op.getOffset().getType()).width;
  return ex.setResult(
      op, mapII(ex.operand(op, 0), ex.operand(op, 1),
                [scale, ow](int64_t p, int64_t o) {
                  return (int64_t)((uint64_t)p +
                                   (uint64_t)(asSigned(o, ow) * scale));
                }));
}

LogicalResult evalAbsI(Executor &ex, math::AbsIOp op) {
  unsigned w = resultElem(op).width;
  return ex.setResult(op, mapI(ex.operand(op, 0), [w](int64_t a) {
                        int64_t s = asSigned(a, w);
                        return wrapInt(s < 0 ? (int64_t)(0 - (uint64_t)s) : s,
                                       w);
                      }));
}

/// A one-operand float function, computed in float for fp32 and narrower
/// formats, in double for fp64, and rounded to the result's format.
LogicalResult floatUnary(Executor &ex, Operation *op, StringRef function) {
  FloatKind fk = resultElem(op).kind;
  auto fn = unaryByName(function, fk != FloatKind::F64);
  if (!fn)
    return ex.error(op) << "'" << op->getName() << "' is not supported yet";
  auto f = *fn;
  return ex.setResult(
      op, mapF(ex.operand(op, 0), [f, fk](double a) { return rnd(f(a), fk); }));
}

/// The math dialect's one-operand functions: the op's name after `math.` is
/// the C function's (math.exp is exp, math.absf is fabs).
template <typename OpTy> LogicalResult evalMathUnary(Executor &ex, OpTy op) {
  return floatUnary(ex, op, OpTy::getOperationName().drop_front(5));
}

LogicalResult evalPreciseSqrt(Executor &ex, triton::PreciseSqrtOp op) {
  return floatUnary(ex, op, "sqrt");
}

LogicalResult evalFma(Executor &ex, math::FmaOp op) {
  FloatKind fk = resultElem(op).kind;
  const Tensor &a = ex.operand(op, 0), &b = ex.operand(op, 1),
               &c = ex.operand(op, 2);
  auto r = Tensor::ofFloats(a.shape);
  size_t sa = a.size() == 1 ? 0 : 1, sb = b.size() == 1 ? 0 : 1,
         sc = c.size() == 1 ? 0 : 1;
  for (size_t i = 0, n = r->floats.size(); i < n; ++i)
    r->floats[i] =
        rnd(fk == FloatKind::F64
                ? std::fma(a.floats[i * sa], b.floats[i * sb], c.floats[i * sc])
                : (double)std::fmaf((float)a.floats[i * sa],
                                    (float)b.floats[i * sb],
                                    (float)c.floats[i * sc]),
            fk);
  return ex.setResult(op, r);
}

/// math.powf and math.atan2: two-operand C functions.
LogicalResult floatBinaryFunction(Executor &ex, Operation *op,
                                  StringRef function) {
  FloatKind fk = resultElem(op).kind;
  auto f = *binaryByName(function, fk != FloatKind::F64);
  return floatBinary(ex, op, f);
}

LogicalResult evalPowF(Executor &ex, math::PowFOp op) {
  return floatBinaryFunction(ex, op, "pow");
}

LogicalResult evalAtan2(Executor &ex, math::Atan2Op op) {
  return floatBinaryFunction(ex, op, "atan2");
}

LogicalResult evalClampF(Executor &ex, triton::ClampFOp op) {
  bool prop = op.getPropagateNan() == triton::PropagateNan::ALL;
  const Tensor &x = ex.operand(op, 0), &lo = ex.operand(op, 1),
               &hi = ex.operand(op, 2);
  auto r = Tensor::ofFloats(x.shape);
  size_t sl = lo.size() == 1 ? 0 : 1, sh = hi.size() == 1 ? 0 : 1;
  for (size_t i = 0, n = r->floats.size(); i < n; ++i) {
    double v = x.floats[i];
    r->floats[i] =
        (prop && std::isnan(v))
            ? v
            : std::fmax(std::fmin(v, hi.floats[i * sh]), lo.floats[i * sl]);
  }
  return ex.setResult(op, r);
}

LogicalResult evalExternElementwise(Executor &ex,
                                    triton::ExternElementwiseOp op) {
  ElemType ae = operandElem(op), re = resultElem(op);
  FloatKind fk = re.kind;
  StringRef sym = op.getSymbol();
  unsigned n = op->getNumOperands();
  if (!re.isFloat && !ae.isFloat) {
    SmallVector<const Tensor *> args;
    for (unsigned i = 0; i < n; ++i)
      args.push_back(&ex.operand(op, i));
    if (TensorRef r = integerLibdevice(sym, args, ae.width, re.width))
      return ex.setResult(op, r);
  }
  std::string name = externShortName(sym, fk == FloatKind::F32);
  if (!re.isFloat || name.empty())
    return ex.error(op) << "tt.extern_elementwise call to '" << sym
                        << "' is not supported by the interpreter (only "
                           "libdevice/ocml standard math and libdevice's "
                           "integer functions are)";
  bool useFloat = fk != FloatKind::F64;
  if (n == 1)
    if (auto fn = unaryByName(name, useFloat)) {
      auto f = *fn;
      return ex.setResult(op, mapF(ex.operand(op, 0), [f, fk](double a) {
                            return rnd(f(a), fk);
                          }));
    }
  if (n == 2)
    if (auto fn = binaryByName(name, useFloat))
      return floatBinary(ex, op, *fn);
  return ex.error(op) << "tt.extern_elementwise call to '" << sym
                      << "' is not supported by the interpreter";
}

LogicalResult evalInlineAsm(Executor &ex, triton::ElementwiseInlineAsmOp op) {
  return ex.error(op)
         << "tt.elementwise_inline_asm is not supported by the interpreter";
}

} // namespace

void mlir::triton::interp::addElementwiseEvaluators(EvaluatorTable &table) {
  table.add<evalConstant>();
  table.add<evalAddI>();
  table.add<evalSubI>();
  table.add<evalMulI>();
  table.add<evalDivSI>();
  table.add<evalDivUI>();
  table.add<evalRemSI>();
  table.add<evalRemUI>();
  table.add<evalCeilDivSI>();
  table.add<evalFloorDivSI>();
  table.add<evalAndI>();
  table.add<evalOrI>();
  table.add<evalXOrI>();
  table.add<evalShLI>();
  table.add<evalShRSI>();
  table.add<evalShRUI>();
  table.add<evalMaxSI>();
  table.add<evalMinSI>();
  table.add<evalMaxUI>();
  table.add<evalMinUI>();
  table.add<evalMulHiUI>();
  table.add<evalMulSIExtended>();
  table.add<evalCmpI>();
  table.add<evalAddF>();
  table.add<evalSubF>();
  table.add<evalMulF>();
  table.add<evalDivF<arith::DivFOp>>();
  table.add<evalDivF<triton::PreciseDivFOp>>();
  table.add<evalRemF>();
  table.add<evalMaxNumF>();
  table.add<evalMinNumF>();
  table.add<evalMaximumF>();
  table.add<evalMinimumF>();
  table.add<evalCopySign>();
  table.add<evalCmpF>();
  table.add<evalNegF>();
  table.add<evalSelect>();
  table.add<evalSignedCast<arith::ExtSIOp>>();
  table.add<evalSignedCast<arith::IndexCastOp>>();
  table.add<evalUnsignedCast<arith::ExtUIOp>>();
  table.add<evalUnsignedCast<arith::IndexCastUIOp>>();
  table.add<evalTruncI>();
  table.add<evalSIToFP>();
  table.add<evalUIToFP>();
  table.add<evalFPToSI>();
  table.add<evalFPToUI>();
  table.add<evalExtF>();
  table.add<evalTruncF>();
  table.add<evalFpToFp>();
  table.add<evalBitcast<arith::BitcastOp>>();
  table.add<evalBitcast<triton::BitcastOp>>();
  table.add<evalSameBits<triton::IntToPtrOp>>();
  table.add<evalSameBits<triton::PtrToIntOp>>();
  table.add<evalAddPtr>();
  table.add<evalAbsI>();
  table.add<evalMathUnary<math::ExpOp>>();
  table.add<evalMathUnary<math::Exp2Op>>();
  table.add<evalMathUnary<math::LogOp>>();
  table.add<evalMathUnary<math::Log2Op>>();
  table.add<evalMathUnary<math::Log10Op>>();
  table.add<evalMathUnary<math::SqrtOp>>();
  table.add<evalMathUnary<math::RsqrtOp>>();
  table.add<evalMathUnary<math::SinOp>>();
  table.add<evalMathUnary<math::CosOp>>();
  table.add<evalMathUnary<math::TanOp>>();
  table.add<evalMathUnary<math::TanhOp>>();
  table.add<evalMathUnary<math::ErfOp>>();
  table.add<evalMathUnary<math::AbsFOp>>();
  table.add<evalMathUnary<math::FloorOp>>();
  table.add<evalMathUnary<math::CeilOp>>();
  table.add<evalMathUnary<math::TruncOp>>();
  table.add<evalMathUnary<math::RoundOp>>();
  table.add<evalMathUnary<math::RoundEvenOp>>();
  table.add<evalMathUnary<math::ExpM1Op>>();
  table.add<evalMathUnary<math::Log1pOp>>();
  table.add<evalMathUnary<math::AtanOp>>();
  table.add<evalMathUnary<math::AsinOp>>();
  table.add<evalMathUnary<math::AcosOp>>();
  table.add<evalMathUnary<math::SinhOp>>();
  table.add<evalMathUnary<math::CoshOp>>();
  table.add<evalMathUnary<math::CbrtOp>>();
  table.add<evalMathUnary<math::ErfcOp>>();
  table.add<evalMathUnary<math::AsinhOp>>();
  table.add<evalMathUnary<math::AcoshOp>>();
  table.add<evalMathUnary<math::AtanhOp>>();
  table.add<evalPreciseSqrt>();
  table.add<evalFma>();
  table.add<evalPowF>();
  table.add<evalAtan2>();
  table.add<evalClampF>();
  table.add<evalExternElementwise>();
  table.add<evalInlineAsm>();
}
