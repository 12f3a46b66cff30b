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
//===----------------------------------------------------------------------===//

#include "interpreter/Executor.h"

#include "dialects/Triton/IR/Dialect.h"

#include <algorithm>
#include <cmath>
#include <cstring>

using namespace mlir;
using namespace mlir::triton::interp;

FailureOr<TensorPtr> mlir::triton::interp::computeDot(Executor &ex, Operation *op,
                                                      const Tensor &a, const Tensor &b,
                                                      const Tensor &c, Type aType,
                                                      Type bType, Type resultType,
                                                      bool tf32) {
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

std::optional<LogicalResult> mlir::triton::interp::execDot(Executor &ex,
                                                           Operation *op) {
  if (auto d = dyn_cast<triton::DotOp>(op))
    return runDot(ex, d);
  if (isa<triton::DotScaledOp>(op))
    return ex.error(op)
           << "tt.dot_scaled is not supported by the interpreter yet";
  return std::nullopt;
}
