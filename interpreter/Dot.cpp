//===- Dot.cpp - tt.dot ---------------------------------------------------===//
//
// D = A·B + C over the two minor dimensions (with an optional batch
// dimension). Float operands are multiplied and summed in fp32, then C is
// added, as the seed's `np.matmul(a, b, dtype=float32) + d` does; fp8
// operands are upcast to fp16 first (exact). With inputPrecision = tf32, fp32
// operands are truncated to tf32 first, as the H200 does (a departure from
// the seed); tf32x3, bf16x3 and bf16x6 are taken as full fp32 products (on
// the H200 tf32x3 came within 2.4e-7 of them).
// Integer dots accumulate exactly and wrap to the result width.
//
// tt.dot_scaled decodes its operands (fp4 unpacked, fp8 read from their
// bits) to their logical M x K and K x N values, multiplies each by its
// E8M0 block scale, and hands them to the same fp32 dot as fp32 operands.
//
//===----------------------------------------------------------------------===//

#include "interpreter/Dispatch.h"

#include "dialects/Triton/IR/Dialect.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <string>

using namespace mlir;
using namespace mlir::triton::interp;

FailureOr<TensorPtr>
mlir::triton::interp::computeDot(Executor &ex, Operation *op, const Tensor &a,
                                 const Tensor &b, const Tensor &c, Type aType,
                                 Type bType, Type resultType, bool tf32) {
  size_t rank = a.shape.size();
  if (rank < 2 || b.shape.size() != rank)
    return ex.error(op) << "a dot needs operands of rank 2 or 3";
  int64_t batch = rank == 3 ? a.shape[0] : 1;
  int64_t M = a.shape[rank - 2], K = a.shape[rank - 1], N = b.shape[rank - 1];
  ElemType re = classify(resultType);
  auto r = Tensor::like(c, c.shape);
  if (a.isFloat) {
    std::vector<float> fa(a.floats.begin(), a.floats.end()),
        fb(b.floats.begin(), b.floats.end()), acc(N);
    // fp32 operands with inputPrecision = tf32 lose their low 13 mantissa
    // bits: on the H200, Triton 3.6's tf32 dot truncates both operands
    // (measured; the seed ignores the precision).
    if (tf32 && classify(aType).kind == FloatKind::F32 &&
        classify(bType).kind == FloatKind::F32) {
      auto toTf32 = [](float &v) {
        if (!std::isfinite(v))
          return;
        uint32_t bits;
        std::memcpy(&bits, &v, 4);
        bits &= ~uint32_t(0x1fff);
        std::memcpy(&v, &bits, 4);
      };
      std::for_each(fa.begin(), fa.end(), toTf32);
      std::for_each(fb.begin(), fb.end(), toTf32);
    }
    for (int64_t bt = 0; bt < batch; ++bt)
      for (int64_t i = 0; i < M; ++i) {
        std::fill(acc.begin(), acc.end(), 0.0f);
        const float *arow = fa.data() + (bt * M + i) * K;
        for (int64_t kk = 0; kk < K; ++kk) {
          float av = arow[kk];
          const float *brow = fb.data() + (bt * K + kk) * N;
          for (int64_t j = 0; j < N; ++j)
            acc[j] += av * brow[j];
        }
        int64_t base = (bt * M + i) * N;
        for (int64_t j = 0; j < N; ++j) {
          if (re.isFloat)
            r->floats[base + j] =
                re.kind == FloatKind::F32
                    ? (double)(acc[j] + (float)c.floats[base + j])
                    : roundFloat((double)acc[j] + c.floats[base + j], re.kind);
          else
            r->ints[base + j] = wrapInt((int64_t)acc[j], re.width);
        }
      }
  } else {
    unsigned aw = classify(aType).width;
    std::vector<int64_t> acc(N);
    for (int64_t bt = 0; bt < batch; ++bt)
      for (int64_t i = 0; i < M; ++i) {
        std::fill(acc.begin(), acc.end(), 0);
        for (int64_t kk = 0; kk < K; ++kk) {
          int64_t av = asSigned(a.ints[(bt * M + i) * K + kk], aw);
          const int64_t *brow = b.ints.data() + (bt * K + kk) * N;
          for (int64_t j = 0; j < N; ++j)
            acc[j] += av * asSigned(brow[j], aw);
        }
        int64_t base = (bt * M + i) * N;
        for (int64_t j = 0; j < N; ++j)
          r->ints[base + j] = wrapInt(acc[j] + c.ints[base + j], re.width);
      }
  }
  return r;
}

static LogicalResult runDot(Executor &ex, triton::DotOp op) {
  FailureOr<TensorPtr> r = computeDot(
      ex, op, *ex.get(op.getA()), *ex.get(op.getB()), *ex.get(op.getC()),
      op.getA().getType(), op.getB().getType(), op.getType(),
      op.getInputPrecision() == triton::InputPrecision::TF32);
  if (failed(r))
    return failure();
  ex.set(op.getResult(), *r);
  return success();
}

//===----------------------------------------------------------------------===//
// tt.dot_scaled
//===----------------------------------------------------------------------===//

/// The value of the fp4 (e2m1) code in the low four bits of `code`: sign,
/// two exponent bits (bias 1), one mantissa bit; 0, 0.5, 1, 1.5, 2, 3, 4, 6.
static double decodeE2M1(unsigned code) {
  unsigned e = (code >> 1) & 3, m = code & 1;
  double mag = e == 0 ? 0.5 * m : std::ldexp(1.0 + 0.5 * m, (int)e - 1);
  return code & 8 ? -mag : mag;
}

/// The logical values of operand `t` of type `type` in format `fmt` (a
/// float tensor of the dot's shape), or failure after an error at `op`.
/// An e2m1 operand holds two values per i8 along dimension `packedDim`, the
/// low nibble first.
static FailureOr<TensorPtr>
decodeScaledOperand(Executor &ex, triton::DotScaledOp op, StringRef name,
                    const Tensor &t, Type type, triton::ScaleDotElemType fmt,
                    size_t packedDim) {
  using triton::ScaleDotElemType;
  Type elem = cast<RankedTensorType>(type).getElementType();
  auto wrongType = [&]() -> LogicalResult {
    return ex.error(op) << "tt.dot_scaled operand " << name << " of format "
                        << triton::stringifyScaleDotElemType(fmt)
                        << " cannot hold " << elem << " elements";
  };
  switch (fmt) {
  case ScaleDotElemType::E2M3:
  case ScaleDotElemType::E3M2:
    return ex.error(op) << "tt.dot_scaled with " << name << " = "
                        << triton::stringifyScaleDotElemType(fmt)
                        << " (fp6) is not supported by the interpreter yet";
  case ScaleDotElemType::E2M1: {
    if (!elem.isInteger(8))
      return wrongType();
    SmallVector<int64_t, 4> shape(t.shape);
    shape[packedDim] *= 2;
    auto r = Tensor::ofFloats(shape);
    // Logical element `index` is in byte `index` with dimension
    // `packedDim` halved, in its low nibble when that index is even.
    SmallVector<int64_t, 4> index(shape.size(), 0);
    for (int64_t i = 0, n = r->numel(); i < n; ++i) {
      int64_t rest = i, src = 0, half = 0;
      for (size_t d = shape.size(); d-- > 0;) {
        index[d] = rest % shape[d];
        rest /= shape[d];
      }
      for (size_t d = 0; d < shape.size(); ++d) {
        int64_t x = index[d];
        if (d == packedDim) {
          half = x % 2;
          x /= 2;
        }
        src = src * t.shape[d] + x;
      }
      unsigned byte = asUnsigned(t.ints[src], 8);
      r->floats[i] = decodeE2M1(half ? byte >> 4 : byte & 0xf);
    }
    return r;
  }
  case ScaleDotElemType::E4M3:
  case ScaleDotElemType::E5M2: {
    FloatKind kind =
        fmt == ScaleDotElemType::E4M3 ? FloatKind::F8E4M3FN : FloatKind::F8E5M2;
    auto r = Tensor::ofFloats(t.shape);
    if (elem.isInteger(8)) {
      for (int64_t i = 0, n = r->numel(); i < n; ++i)
        r->floats[i] = bitsToFloat(asUnsigned(t.ints[i], 8), kind);
      return r;
    }
    if (floatKindOf(elem) != kind)
      return wrongType();
    r->floats = t.floats;
    return r;
  }
  case ScaleDotElemType::BF16:
  case ScaleDotElemType::FP16: {
    FloatKind kind =
        fmt == ScaleDotElemType::BF16 ? FloatKind::BF16 : FloatKind::F16;
    if (!isa<FloatType>(elem) || floatKindOf(elem) != kind)
      return wrongType();
    auto r = Tensor::ofFloats(t.shape);
    r->floats = t.floats;
    return r;
  }
  }
  return ex.error(op) << "tt.dot_scaled: unknown format for operand " << name;
}

/// Multiplies the logical operand `x` by its scales (E8M0 bytes, or e4m3
/// values): `scale` is
/// [batch x] rows-or-columns x groups, indexed by the dimension that is not
/// K (M for a, N for b) and by k / groupSize. The scaled values are rounded
/// to fp32, which holds scaled fp4 and fp8 values exactly unless they
/// overflow (to infinity).
static LogicalResult applyScales(Executor &ex, triton::DotScaledOp op,
                                 StringRef name, Tensor &x, bool kIsLast,
                                 const Tensor &scale) {
  size_t rank = x.shape.size();
  int64_t batch = rank == 3 ? x.shape[0] : 1;
  int64_t rows = x.shape[rank - 2], cols = x.shape[rank - 1];
  int64_t k = kIsLast ? cols : rows, other = kIsLast ? rows : cols;
  int64_t groups = scale.shape.empty() ? 0 : scale.shape.back();
  bool shapeOk =
      scale.shape.size() == rank && (rank != 3 || scale.shape[0] == batch) &&
      scale.shape[rank - 2] == other && groups > 0 && k % groups == 0;
  if (!shapeOk) {
    auto diag = ex.error(op)
                << "tt.dot_scaled scale of " << name << " has shape ";
    llvm::interleave(scale.shape, diag, "x");
    diag << "; expected " << (rank == 3 ? std::to_string(batch) + "x" : "")
         << other << "xG with G dividing K = " << k;
    return diag;
  }
  int64_t groupSize = k / groups;
  for (int64_t bt = 0; bt < batch; ++bt)
    for (int64_t r = 0; r < rows; ++r)
      for (int64_t c = 0; c < cols; ++c) {
        int64_t kk = kIsLast ? c : r, o = kIsLast ? r : c;
        int64_t at = (bt * other + o) * groups + kk / groupSize;
        // e4m3 scales (NVFP4) are values; E8M0 ones exponent bytes.
        double s;
        if (scale.isFloat) {
          s = scale.floats[at];
        } else {
          unsigned byte = asUnsigned(scale.ints[at], 8);
          s = byte == 255 ? std::numeric_limits<double>::quiet_NaN()
                          : std::ldexp(1.0, (int)byte - 127);
        }
        double &v = x.floats[(bt * rows + r) * cols + c];
        v = (double)(float)(v * s);
      }
  return success();
}

static LogicalResult runDotScaled(Executor &ex, triton::DotScaledOp op) {
  Type resultType = op.getType();
  Type resultElem = cast<RankedTensorType>(resultType).getElementType();
  if (classify(resultType).kind != FloatKind::F32)
    return ex.error(op) << "tt.dot_scaled result element type " << resultElem
                        << " is not supported by the interpreter (f32 only)";
  size_t rank = cast<RankedTensorType>(resultType).getRank();
  if (rank != 2 && rank != 3)
    return ex.error(op) << "tt.dot_scaled needs operands of rank 2 or 3";
  // fp4 is packed along K unless the k_pack attribute is false, then along
  // M (a) or N (b).
  FailureOr<TensorPtr> a = decodeScaledOperand(
      ex, op, "lhs", *ex.get(op.getA()), op.getA().getType(), op.getAElemType(),
      op.getLhsKPack() ? rank - 1 : rank - 2);
  if (failed(a))
    return failure();
  FailureOr<TensorPtr> b = decodeScaledOperand(
      ex, op, "rhs", *ex.get(op.getB()), op.getB().getType(), op.getBElemType(),
      op.getRhsKPack() ? rank - 2 : rank - 1);
  if (failed(b))
    return failure();
  if (Value s = op.getAScale())
    if (failed(applyScales(ex, op, "lhs", **a, /*kIsLast=*/true, *ex.get(s))))
      return failure();
  if (Value s = op.getBScale())
    if (failed(applyScales(ex, op, "rhs", **b, /*kIsLast=*/false, *ex.get(s))))
      return failure();
  // The decoded operands are fp32 values: the dot is tt.dot's on fp32.
  Type f32 = Float32Type::get(op.getContext());
  FailureOr<TensorPtr> r = computeDot(ex, op, **a, **b, *ex.get(op.getC()), f32,
                                      f32, resultType, /*tf32=*/false);
  if (failed(r))
    return failure();
  ex.set(op.getResult(), *r);
  return success();
}

void mlir::triton::interp::addDotEvaluators(EvaluatorTable &table) {
  table.add<runDot>();
  table.add<runDotScaled>();
}
