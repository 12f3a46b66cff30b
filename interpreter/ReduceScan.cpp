//===- ReduceScan.cpp - tt.reduce and tt.scan -----------------------------===//
//
// Both run their combine region on whole batches: the operands are laid out
// with the reduced axis outermost, and each step combines one batch of rows
// with another in a single run of the region. tt.reduce combines pairwise in
// a tree (log2(n) region runs, left operand before right, so tie-breaking
// argmin/argmax keeps the leftmost index); tt.scan uses the Hillis-Steele
// scheme (log2(n) region runs). Any combine region works, with any number of
// operands; floating-point sums may differ from a sequential sum in the last
// bits, as the GPU's tree reductions do.
//
//===----------------------------------------------------------------------===//

#include "interpreter/Dispatch.h"

#include "dialects/Triton/IR/Dialect.h"

using namespace mlir;
using namespace mlir::triton::interp;

namespace {

struct Layout {
  int64_t outer = 1, n = 1, inner = 1;
  int64_t m() const { return outer * inner; }
};

Layout layoutOf(ArrayRef<int64_t> shape, unsigned axis) {
  Layout l;
  for (unsigned d = 0; d < shape.size(); ++d) {
    if (d < axis)
      l.outer *= shape[d];
    else if (d == axis)
      l.n = shape[d];
    else
      l.inner *= shape[d];
  }
  return l;
}

/// Reorders `src` (original layout) into axis-major rows, or back.
template <class T>
void reorder(const std::vector<T> &src, std::vector<T> &dst, const Layout &l,
             bool toAxisMajor) {
  for (int64_t o = 0; o < l.outer; ++o)
    for (int64_t k = 0; k < l.n; ++k)
      for (int64_t i = 0; i < l.inner; ++i) {
        int64_t orig = (o * l.n + k) * l.inner + i;
        int64_t am = k * l.m() + o * l.inner + i;
        if (toAxisMajor)
          dst[am] = src[orig];
        else
          dst[orig] = src[am];
      }
}

TensorPtr toAxisMajor(const Tensor &t, const Layout &l) {
  if (l.outer == 1) { // already axis-major
    auto r = std::make_shared<Tensor>(t);
    r->shape = {l.n * l.m()};
    return r;
  }
  auto r = Tensor::like(t, {l.n * l.m()});
  if (t.isFloat)
    reorder(t.floats, r->floats, l, true);
  else
    reorder(t.ints, r->ints, l, true);
  return r;
}

/// Copies rows [first, first + count*step) with stride `step`, each of m
/// elements, from `src` to the front of `dst`. Rows of one element (a tensor
/// reduced whole) are copied as elements: a copy call per element would
/// cost more than the combine itself.
template <class T>
void copyRows(const std::vector<T> &src, std::vector<T> &dst, int64_t first,
              int64_t count, int64_t step, int64_t m) {
  const T *s = src.data();
  T *d = dst.data();
  if (m == 1) {
    for (int64_t c = 0; c < count; ++c)
      d[c] = s[first + c * step];
    return;
  }
  for (int64_t c = 0; c < count; ++c)
    std::copy(s + (first + c * step) * m, s + (first + c * step + 1) * m,
              d + c * m);
}

TensorPtr rows(const Tensor &t, int64_t first, int64_t count, int64_t step,
               int64_t m) {
  auto r = Tensor::like(t, {count * m});
  if (t.isFloat)
    copyRows(t.floats, r->floats, first, count, step, m);
  else
    copyRows(t.ints, r->ints, first, count, step, m);
  return r;
}

/// Copies `src` (count*m elements, or one to broadcast) into `dst` from row
/// `first` on.
template <class T>
void fillRows(std::vector<T> &dst, const std::vector<T> &src, int64_t first,
              int64_t count, int64_t m) {
  T *d = dst.data() + first * m;
  int64_t total = count * m;
  if (src.size() == 1)
    std::fill(d, d + total, src[0]);
  else
    std::copy(src.data(), src.data() + total, d);
}

void putRows(Tensor &dst, const Tensor &src, int64_t first, int64_t count,
             int64_t m) {
  if (dst.isFloat)
    fillRows(dst.floats, src.floats, first, count, m);
  else
    fillRows(dst.ints, src.ints, first, count, m);
}

LogicalResult combine(Executor &ex, Operation *op, ArrayRef<TensorPtr> lhs,
                      ArrayRef<TensorPtr> rhs,
                      SmallVectorImpl<TensorRef> &out) {
  SmallVector<TensorRef, 8> args(lhs.begin(), lhs.end());
  args.append(rhs.begin(), rhs.end());
  if (failed(ex.runRegion(op->getRegion(0), args, out)))
    return failure();
  if (out.size() != lhs.size())
    return ex.error(op) << "combine region returns " << out.size()
                        << " values for " << lhs.size() << " operands";
  return success();
}

LogicalResult runReduce(Executor &ex, triton::ReduceOp op) {
  unsigned axis = op.getAxis();
  unsigned k = op.getNumOperands();
  Layout l = layoutOf(ex.get(op->getOperand(0))->shape, axis);
  int64_t m = l.m();
  SmallVector<TensorPtr, 4> cur;
  for (Value v : op.getSrcs())
    cur.push_back(toAxisMajor(*ex.get(v), l));
  int64_t count = l.n;
  while (count > 1) {
    int64_t half = count / 2;
    SmallVector<TensorPtr, 4> lhs, rhs;
    for (unsigned i = 0; i < k; ++i) {
      lhs.push_back(rows(*cur[i], 0, half, 2, m));
      rhs.push_back(rows(*cur[i], 1, half, 2, m));
    }
    SmallVector<TensorRef, 4> out;
    if (failed(combine(ex, op, lhs, rhs, out)))
      return failure();
    int64_t next = half + (count & 1);
    for (unsigned i = 0; i < k; ++i) {
      auto t = Tensor::like(*cur[i], {next * m});
      putRows(*t, *out[i], 0, half, m);
      if (count & 1)
        putRows(*t, *rows(*cur[i], count - 1, 1, 1, m), half, 1, m);
      cur[i] = t;
    }
    count = next;
  }
  for (unsigned i = 0; i < k; ++i) {
    cur[i]->shape = shapeOf(op->getResult(i).getType());
    ex.set(op->getResult(i), cur[i]);
  }
  return success();
}

LogicalResult runScan(Executor &ex, triton::ScanOp op) {
  unsigned axis = op.getAxis();
  unsigned k = op.getNumOperands();
  auto shape = ex.get(op->getOperand(0))->shape;
  Layout l = layoutOf(shape, axis);
  int64_t m = l.m(), n = l.n;
  bool reverse = op.getReverse();
  SmallVector<TensorPtr, 4> cur;
  for (Value v : op.getSrcs()) {
    TensorPtr t = toAxisMajor(*ex.get(v), l);
    if (reverse)
      t = rows(*t, n - 1, n, -1, m);
    cur.push_back(t);
  }
  for (int64_t d = 1; d < n; d *= 2) {
    SmallVector<TensorPtr, 4> lhs, rhs;
    for (unsigned i = 0; i < k; ++i) {
      lhs.push_back(rows(*cur[i], 0, n - d, 1, m));
      rhs.push_back(rows(*cur[i], d, n - d, 1, m));
    }
    SmallVector<TensorRef, 4> out;
    if (failed(combine(ex, op, lhs, rhs, out)))
      return failure();
    for (unsigned i = 0; i < k; ++i)
      putRows(*cur[i], *out[i], d, n - d, m);
  }
  for (unsigned i = 0; i < k; ++i) {
    TensorPtr t = reverse ? rows(*cur[i], n - 1, n, -1, m) : cur[i];
    auto r = Tensor::like(*t, shape);
    if (t->isFloat)
      reorder(t->floats, r->floats, l, false);
    else
      reorder(t->ints, r->ints, l, false);
    ex.set(op->getResult(i), r);
  }
  return success();
}

} // namespace

void mlir::triton::interp::addReduceScanEvaluators(EvaluatorTable &table) {
  table.add<runReduce>();
  table.add<runScan>();
}
