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

#include "interpreter/Executor.h"

#include "dialects/Triton/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/ADT/StringSwitch.h"

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

enum Code {
  None,
  Constant,
  AddI,
  SubI,
  MulI,
  DivSI,
  DivUI,
  RemSI,
  RemUI,
  CeilDivSI,
  FloorDivSI,
  AndI,
  OrI,
  XOrI,
  ShLI,
  ShRSI,
  ShRUI,
  MaxSI,
  MinSI,
  MaxUI,
  MinUI,
  CmpI,
  AddF,
  SubF,
  MulF,
  DivF,
  RemF,
  MaxNumF,
  MinNumF,
  MaximumF,
  MinimumF,
  CmpF,
  NegF,
  Select,
  ExtSI,
  ExtUI,
  TruncI,
  SIToFP,
  UIToFP,
  FPToSI,
  FPToUI,
  ExtF,
  TruncF,
  ArithBitcast,
  IndexCast,
  IndexCastUI,
  MulHiUI,
  MulSIExtended,
  MathUnary,
  MathFma,
  MathPowF,
  MathAtan2,
  AbsI,
  CopySign,
  ClampF,
  PreciseSqrt,
  PreciseDivF,
  FpToFp,
  TTBitcast,
  IntToPtr,
  PtrToInt,
  AddPtr,
  Extern,
  InlineAsm,
};

Code codeOf(StringRef name) {
  return llvm::StringSwitch<Code>(name)
      .Case("arith.constant", Constant)
      .Case("arith.addi", AddI)
      .Case("arith.subi", SubI)
      .Case("arith.muli", MulI)
      .Case("arith.divsi", DivSI)
      .Case("arith.divui", DivUI)
      .Case("arith.remsi", RemSI)
      .Case("arith.remui", RemUI)
      .Case("arith.ceildivsi", CeilDivSI)
      .Case("arith.floordivsi", FloorDivSI)
      .Case("arith.andi", AndI)
      .Case("arith.ori", OrI)
      .Case("arith.xori", XOrI)
      .Case("arith.shli", ShLI)
      .Case("arith.shrsi", ShRSI)
      .Case("arith.shrui", ShRUI)
      .Case("arith.maxsi", MaxSI)
      .Case("arith.minsi", MinSI)
      .Case("arith.maxui", MaxUI)
      .Case("arith.minui", MinUI)
      .Case("arith.cmpi", CmpI)
      .Case("arith.addf", AddF)
      .Case("arith.subf", SubF)
      .Case("arith.mulf", MulF)
      .Case("arith.divf", DivF)
      .Case("arith.remf", RemF)
      .Case("arith.maxnumf", MaxNumF)
      .Case("arith.minnumf", MinNumF)
      .Case("arith.maximumf", MaximumF)
      .Case("arith.minimumf", MinimumF)
      .Case("arith.cmpf", CmpF)
      .Case("arith.negf", NegF)
      .Case("arith.select", Select)
      .Case("arith.extsi", ExtSI)
      .Case("arith.extui", ExtUI)
      .Case("arith.trunci", TruncI)
      .Case("arith.sitofp", SIToFP)
      .Case("arith.uitofp", UIToFP)
      .Case("arith.fptosi", FPToSI)
      .Case("arith.fptoui", FPToUI)
      .Case("arith.extf", ExtF)
      .Case("arith.truncf", TruncF)
      .Case("arith.bitcast", ArithBitcast)
      .Case("arith.index_cast", IndexCast)
      .Case("arith.index_castui", IndexCastUI)
      .Case("arith.mulsi_extended", MulSIExtended)
      .Case("tt.mulhiui", MulHiUI)
      .Cases("math.exp", "math.exp2", "math.log", "math.log2", "math.log10",
             "math.sqrt", "math.rsqrt", "math.sin", "math.cos", MathUnary)
      .Cases("math.tan", "math.tanh", "math.erf", "math.absf", "math.floor",
             "math.ceil", "math.trunc", "math.round", "math.roundeven",
             MathUnary)
      .Cases("math.expm1", "math.log1p", "math.atan", "math.asin", "math.acos",
             "math.sinh", "math.cosh", "math.cbrt", MathUnary)
      .Case("math.fma", MathFma)
      .Case("math.powf", MathPowF)
      .Case("math.atan2", MathAtan2)
      .Case("math.absi", AbsI)
      .Case("math.copysign", CopySign)
      .Case("tt.clampf", ClampF)
      .Case("tt.precise_sqrt", PreciseSqrt)
      .Case("tt.precise_divf", PreciseDivF)
      .Case("tt.fp_to_fp", FpToFp)
      .Case("tt.bitcast", TTBitcast)
      .Case("tt.int_to_ptr", IntToPtr)
      .Case("tt.ptr_to_int", PtrToInt)
      .Case("tt.addptr", AddPtr)
      .Case("tt.extern_elementwise", Extern)
      .Case("tt.elementwise_inline_asm", InlineAsm)
      .Default(None);
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

} // namespace

std::optional<LogicalResult>
mlir::triton::interp::execElementwise(Executor &ex, Operation *op) {
  Code code = codeOf(op->getName().getStringRef());
  if (code == None)
    return std::nullopt;
  if (code == Constant) {
    auto it = ex.constants.find(op);
    if (it == ex.constants.end()) {
      TensorRef t =
          constantOf(op->getAttr("value"), op->getResult(0).getType());
      if (!t)
        return ex.error(op) << "constant attribute is not supported yet";
      it = ex.constants.try_emplace(op, t).first;
    }
    ex.set(op->getResult(0), it->second);
    return success();
  }
  if (code == InlineAsm)
    return ex.error(op)
           << "tt.elementwise_inline_asm is not supported by the interpreter";

  Type resTy = op->getResult(0).getType();
  ElemType re = classify(resTy);
  unsigned w = re.width;
  FloatKind fk = re.kind;
  auto arg = [&](unsigned i) -> const Tensor & {
    return *ex.get(op->getOperand(i));
  };
  ElemType ae = classify(op->getOperand(0).getType());
  unsigned aw = ae.width;
  TensorRef result;

  switch (code) {
  case AddI:
    result = mapII(arg(0), arg(1), [w](int64_t a, int64_t b) {
      return wrapInt((int64_t)((uint64_t)a + (uint64_t)b), w);
    });
    break;
  case SubI:
    result = mapII(arg(0), arg(1), [w](int64_t a, int64_t b) {
      return wrapInt((int64_t)((uint64_t)a - (uint64_t)b), w);
    });
    break;
  case MulI:
    result = mapII(arg(0), arg(1), [w](int64_t a, int64_t b) {
      return wrapInt((int64_t)((uint64_t)a * (uint64_t)b), w);
    });
    break;
  case DivSI:
    result = mapII(arg(0), arg(1), [w](int64_t a, int64_t b) {
      a = asSigned(a, w);
      b = asSigned(b, w);
      if (b == 0)
        return wrapInt(-1, w);
      if (b == -1)
        return wrapInt((int64_t)(0 - (uint64_t)a), w);
      return wrapInt(a / b, w);
    });
    break;
  case DivUI:
    result = mapII(arg(0), arg(1), [w](int64_t a, int64_t b) {
      uint64_t ua = asUnsigned(a, w), ub = asUnsigned(b, w);
      return wrapInt(ub ? (int64_t)(ua / ub) : -1, w);
    });
    break;
  case RemSI:
    result = mapII(arg(0), arg(1), [w](int64_t a, int64_t b) {
      a = asSigned(a, w);
      b = asSigned(b, w);
      if (b == 0)
        return wrapInt(a, w);
      if (b == -1)
        return (int64_t)0;
      return wrapInt(a % b, w);
    });
    break;
  case RemUI:
    result = mapII(arg(0), arg(1), [w](int64_t a, int64_t b) {
      uint64_t ua = asUnsigned(a, w), ub = asUnsigned(b, w);
      return wrapInt(ub ? (int64_t)(ua % ub) : a, w);
    });
    break;
  case CeilDivSI:
  case FloorDivSI: {
    bool ceil = code == CeilDivSI;
    result = mapII(arg(0), arg(1), [w, ceil](int64_t a, int64_t b) {
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
    break;
  }
  case AndI:
    result = mapII(arg(0), arg(1), [](int64_t a, int64_t b) { return a & b; });
    break;
  case OrI:
    result = mapII(arg(0), arg(1), [](int64_t a, int64_t b) { return a | b; });
    break;
  case XOrI:
    result = mapII(arg(0), arg(1),
                   [w](int64_t a, int64_t b) { return wrapInt(a ^ b, w); });
    break;
  case ShLI:
    result = mapII(arg(0), arg(1), [w](int64_t a, int64_t b) {
      uint64_t s = asUnsigned(b, w);
      return s >= w ? (int64_t)0 : wrapInt((int64_t)((uint64_t)a << s), w);
    });
    break;
  case ShRSI:
    result = mapII(arg(0), arg(1), [w](int64_t a, int64_t b) {
      uint64_t s = asUnsigned(b, w);
      int64_t sa = asSigned(a, w);
      return wrapInt(s >= w ? (sa < 0 ? -1 : 0) : (sa >> s), w);
    });
    break;
  case ShRUI:
    result = mapII(arg(0), arg(1), [w](int64_t a, int64_t b) {
      uint64_t s = asUnsigned(b, w);
      return s >= w ? (int64_t)0 : wrapInt((int64_t)(asUnsigned(a, w) >> s), w);
    });
    break;
  case MaxSI:
    result = mapII(arg(0), arg(1), [w](int64_t a, int64_t b) {
      return asSigned(a, w) >= asSigned(b, w) ? a : b;
    });
    break;
  case MinSI:
    result = mapII(arg(0), arg(1), [w](int64_t a, int64_t b) {
      return asSigned(a, w) <= asSigned(b, w) ? a : b;
    });
    break;
  case MaxUI:
    result = mapII(arg(0), arg(1), [w](int64_t a, int64_t b) {
      return asUnsigned(a, w) >= asUnsigned(b, w) ? a : b;
    });
    break;
  case MinUI:
    result = mapII(arg(0), arg(1), [w](int64_t a, int64_t b) {
      return asUnsigned(a, w) <= asUnsigned(b, w) ? a : b;
    });
    break;
  case MulHiUI:
    result = mapII(arg(0), arg(1), [w](int64_t a, int64_t b) {
      unsigned __int128 p = (unsigned __int128)asUnsigned(a, w) *
                            (unsigned __int128)asUnsigned(b, w);
      return wrapInt((int64_t)(uint64_t)(p >> w), w);
    });
    break;
  case MulSIExtended: {
    const Tensor &a = arg(0), &b = arg(1);
    auto lo = mapII(a, b, [w](int64_t x, int64_t y) {
      return wrapInt((int64_t)((uint64_t)x * (uint64_t)y), w);
    });
    auto hi = mapII(a, b, [w](int64_t x, int64_t y) {
      __int128 p = (__int128)asSigned(x, w) * (__int128)asSigned(y, w);
      return wrapInt((int64_t)(p >> w), w);
    });
    ex.set(op->getResult(0), lo);
    ex.set(op->getResult(1), hi);
    return success();
  }
  case CmpI: {
    auto pred = cast<arith::CmpIOp>(op).getPredicate();
    using P = arith::CmpIPredicate;
    result = mapII(arg(0), arg(1), [pred, aw](int64_t a, int64_t b) -> int64_t {
      int64_t sa = asSigned(a, aw), sb = asSigned(b, aw);
      uint64_t ua = asUnsigned(a, aw), ub = asUnsigned(b, aw);
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
    });
    break;
  }
  case AddF:
    result = mapFF(arg(0), arg(1),
                   [fk](double a, double b) { return rnd(a + b, fk); });
    break;
  case SubF:
    result = mapFF(arg(0), arg(1),
                   [fk](double a, double b) { return rnd(a - b, fk); });
    break;
  case MulF:
    result = mapFF(arg(0), arg(1),
                   [fk](double a, double b) { return rnd(a * b, fk); });
    break;
  case DivF:
  case PreciseDivF:
    result = mapFF(arg(0), arg(1),
                   [fk](double a, double b) { return rnd(a / b, fk); });
    break;
  case RemF:
    result = mapFF(arg(0), arg(1), [fk](double a, double b) {
      return rnd(std::fmod(a, b), fk);
    });
    break;
  case MaxNumF:
    result = mapFF(arg(0), arg(1),
                   [](double a, double b) { return std::fmax(a, b); });
    break;
  case MinNumF:
    result = mapFF(arg(0), arg(1),
                   [](double a, double b) { return std::fmin(a, b); });
    break;
  case MaximumF:
    result = mapFF(arg(0), arg(1), [](double a, double b) {
      if (std::isnan(a) || std::isnan(b))
        return std::numeric_limits<double>::quiet_NaN();
      if (a == b)
        return std::signbit(a) ? b : a;
      return a > b ? a : b;
    });
    break;
  case MinimumF:
    result = mapFF(arg(0), arg(1), [](double a, double b) {
      if (std::isnan(a) || std::isnan(b))
        return std::numeric_limits<double>::quiet_NaN();
      if (a == b)
        return std::signbit(a) ? a : b;
      return a < b ? a : b;
    });
    break;
  case CopySign:
    result = mapFF(arg(0), arg(1),
                   [](double a, double b) { return std::copysign(a, b); });
    break;
  case CmpF: {
    auto pred = cast<arith::CmpFOp>(op).getPredicate();
    using P = arith::CmpFPredicate;
    result = mapFFtoI(arg(0), arg(1), [pred](double a, double b) -> bool {
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
    });
    break;
  }
  case NegF:
    result = mapF(arg(0), [](double a) { return -a; });
    break;
  case Select: {
    const Tensor &c = arg(0), &a = arg(1), &b = arg(2);
    SmallVector<int64_t, 4> shape = a.numel() >= b.numel() ? a.shape : b.shape;
    if (c.numel() > a.numel() && c.numel() > b.numel())
      shape = c.shape;
    auto r = Tensor::like(a, shape);
    size_t n = r->size(), sc = c.ints.size() == 1 ? 0 : 1,
           sa = a.size() == 1 ? 0 : 1, sb = b.size() == 1 ? 0 : 1;
    if (a.block || b.block) { // select between block pointers
      result =
          c.ints[0] ? ex.get(op->getOperand(1)) : ex.get(op->getOperand(2));
      break;
    }
    if (a.isFloat)
      for (size_t i = 0; i < n; ++i)
        r->floats[i] = c.ints[i * sc] ? a.floats[i * sa] : b.floats[i * sb];
    else
      for (size_t i = 0; i < n; ++i)
        r->ints[i] = c.ints[i * sc] ? a.ints[i * sa] : b.ints[i * sb];
    result = r;
    break;
  }
  case ExtSI:
  case IndexCast:
    result = mapI(arg(0),
                  [aw, w](int64_t a) { return wrapInt(asSigned(a, aw), w); });
    break;
  case ExtUI:
  case IndexCastUI:
    result = mapI(arg(0), [aw, w](int64_t a) {
      return wrapInt((int64_t)asUnsigned(a, aw), w);
    });
    break;
  case TruncI:
    result = mapI(arg(0), [w](int64_t a) { return wrapInt(a, w); });
    break;
  case SIToFP:
    // Straight to float for fp32: going through double could round twice.
    result = mapItoF(arg(0), [aw, fk](int64_t a) {
      int64_t v = asSigned(a, aw);
      return fk == FloatKind::F32 ? (double)(float)v : rnd((double)v, fk);
    });
    break;
  case UIToFP:
    result = mapItoF(arg(0), [aw, fk](int64_t a) {
      uint64_t v = asUnsigned(a, aw);
      return fk == FloatKind::F32 ? (double)(float)v : rnd((double)v, fk);
    });
    break;
  case FPToSI:
    result = mapFtoI(arg(0), [w](double a) { return floatToInt(a, w, true); });
    break;
  case FPToUI:
    result = mapFtoI(arg(0), [w](double a) { return floatToInt(a, w, false); });
    break;
  case ExtF:
    result = ex.get(op->getOperand(0)); // every narrower value is exact
    break;
  case TruncF:
    result = mapF(arg(0), [fk](double a) { return roundFloat(a, fk); });
    break;
  case FpToFp: {
    auto rounding = cast<triton::FpToFpOp>(op).getRounding();
    bool rtz = rounding && *rounding == triton::RoundingMode::RTZ;
    bool sat = saturatesOnConvert(fk) && floatBits(ae.kind) > floatBits(fk);
    bool exact = fk == FloatKind::F32 || fk == FloatKind::F64 ||
                 (floatBits(ae.kind) == 8 && floatBits(fk) == 16) ||
                 ae.kind == fk;
    if (exact)
      result = ex.get(op->getOperand(0));
    else
      result = mapF(arg(0), [fk, rtz, sat](double a) {
        return roundFloat(a, fk, rtz, sat);
      });
    break;
  }
  case ArithBitcast:
  case TTBitcast: {
    if (ae.isFloat == re.isFloat && !ae.isFloat) {
      result = mapI(arg(0), [w](int64_t a) { return wrapInt(a, w); });
    } else if (ae.isFloat && !re.isFloat) {
      FloatKind ak = ae.kind;
      result = mapFtoI(arg(0), [ak, w](double a) {
        return wrapInt((int64_t)floatToBits(a, ak), w);
      });
    } else if (!ae.isFloat && re.isFloat) {
      result = mapItoF(arg(0), [aw, fk](int64_t a) {
        return bitsToFloat(asUnsigned(a, aw), fk);
      });
    } else {
      FloatKind ak = ae.kind;
      result = mapF(arg(0), [ak, fk](double a) {
        return bitsToFloat(floatToBits(a, ak), fk);
      });
    }
    break;
  }
  case IntToPtr:
  case PtrToInt:
    result = ex.get(op->getOperand(0));
    break;
  case AddPtr: {
    int64_t scale = re.pointeeBytes;
    unsigned ow = classify(op->getOperand(1).getType()).width;
    result = mapII(arg(0), arg(1), [scale, ow](int64_t p, int64_t o) {
      return (int64_t)((uint64_t)p + (uint64_t)(asSigned(o, ow) * scale));
    });
    break;
  }
  case AbsI:
    result = mapI(arg(0), [w](int64_t a) {
      int64_t s = asSigned(a, w);
      return wrapInt(s < 0 ? (int64_t)(0 - (uint64_t)s) : s, w);
    });
    break;
  case MathUnary:
  case PreciseSqrt: {
    StringRef name = code == PreciseSqrt
                         ? StringRef("sqrt")
                         : op->getName().getStringRef().drop_front(5);
    auto fn = unaryByName(name, fk != FloatKind::F64);
    if (!fn)
      return ex.error(op) << "'" << op->getName() << "' is not supported yet";
    auto f = *fn;
    result = mapF(arg(0), [f, fk](double a) { return rnd(f(a), fk); });
    break;
  }
  case MathFma: {
    const Tensor &a = arg(0), &b = arg(1), &c = arg(2);
    auto r = Tensor::ofFloats(a.shape);
    size_t sa = a.size() == 1 ? 0 : 1, sb = b.size() == 1 ? 0 : 1,
           sc = c.size() == 1 ? 0 : 1;
    for (size_t i = 0, n = r->floats.size(); i < n; ++i)
      r->floats[i] = rnd(
          fk == FloatKind::F64
              ? std::fma(a.floats[i * sa], b.floats[i * sb], c.floats[i * sc])
              : (double)std::fmaf((float)a.floats[i * sa],
                                  (float)b.floats[i * sb],
                                  (float)c.floats[i * sc]),
          fk);
    result = r;
    break;
  }
  case MathPowF:
  case MathAtan2: {
    auto fn =
        binaryByName(code == MathPowF ? "pow" : "atan2", fk != FloatKind::F64);
    auto f = *fn;
    result = mapFF(arg(0), arg(1),
                   [f, fk](double a, double b) { return rnd(f(a, b), fk); });
    break;
  }
  case ClampF: {
    auto clamp = cast<triton::ClampFOp>(op);
    bool prop = clamp.getPropagateNan() == triton::PropagateNan::ALL;
    const Tensor &x = arg(0), &lo = arg(1), &hi = arg(2);
    auto r = Tensor::ofFloats(x.shape);
    size_t sl = lo.size() == 1 ? 0 : 1, sh = hi.size() == 1 ? 0 : 1;
    for (size_t i = 0, n = r->floats.size(); i < n; ++i) {
      double v = x.floats[i];
      r->floats[i] =
          (prop && std::isnan(v))
              ? v
              : std::fmax(std::fmin(v, hi.floats[i * sh]), lo.floats[i * sl]);
    }
    result = r;
    break;
  }
  case Extern: {
    auto sym = op->getAttrOfType<StringAttr>("symbol");
    std::string name =
        externShortName(sym ? sym.getValue() : "", fk == FloatKind::F32);
    bool useFloat = fk != FloatKind::F64;
    unsigned n = op->getNumOperands();
    if (!re.isFloat && !ae.isFloat) {
      SmallVector<const Tensor *> args;
      for (unsigned i = 0; i < n; ++i)
        args.push_back(&arg(i));
      if (TensorRef r =
              integerLibdevice(sym ? sym.getValue() : "", args, aw, w)) {
        result = r;
        break;
      }
    }
    if (!re.isFloat || name.empty())
      return ex.error(op) << "tt.extern_elementwise call to '"
                          << (sym ? sym.getValue() : "")
                          << "' is not supported "
                          << "by the interpreter (only libdevice/ocml standard "
                             "math and libdevice's "
                             "integer functions are)";
    if (n == 1)
      if (auto fn = unaryByName(name, useFloat)) {
        auto f = *fn;
        result = mapF(arg(0), [f, fk](double a) { return rnd(f(a), fk); });
        break;
      }
    if (n == 2)
      if (auto fn = binaryByName(name, useFloat)) {
        auto f = *fn;
        result = mapFF(arg(0), arg(1), [f, fk](double a, double b) {
          return rnd(f(a, b), fk);
        });
        break;
      }
    return ex.error(op) << "tt.extern_elementwise call to '" << sym.getValue()
                        << "' is not supported by the interpreter";
  }
  default:
    return std::nullopt;
  }
  ex.set(op->getResult(0), result);
  return success();
}
