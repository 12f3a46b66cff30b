//===- ShapeOps.cpp - Ops that move elements around -----------------------===//
//
// splat, broadcast, expand_dims, reshape (row-major, also with
// allow_reorder, as the seed does), trans, join/split (on the minor axis),
// cat (along axis 0), gather, histogram, make_range, the program ids, and
// ttg.fp4_to_fp (two e2m1 values unpacked from each byte along an axis).
//
//===----------------------------------------------------------------------===//

#include "interpreter/Dispatch.h"

#include "dialects/Triton/IR/Dialect.h"
#include "dialects/TritonAMDGPU/IR/Dialect.h"
#include "dialects/TritonGPU/IR/Dialect.h"

#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;
using namespace mlir::triton::interp;

SmallVector<int64_t, 4> mlir::triton::interp::shapeOf(Type type) {
  if (auto rt = dyn_cast<RankedTensorType>(type))
    return SmallVector<int64_t, 4>(rt.getShape());
  return {};
}

TensorPtr mlir::triton::interp::zerosOf(Type type) {
  ElemType e = classify(type);
  return e.isFloat ? Tensor::ofFloats(shapeOf(type))
                   : Tensor::ofInts(shapeOf(type));
}

namespace {

/// Copies src into a new tensor of `shape`, element `idx` coming from
/// src[offset + sum(idx[d] * strides[d])].
template <class T>
void strided(const std::vector<T> &src, std::vector<T> &dst,
             ArrayRef<int64_t> shape, ArrayRef<int64_t> strides,
             int64_t offset) {
  size_t rank = shape.size();
  if (rank == 0) {
    dst[0] = src[offset];
    return;
  }
  SmallVector<int64_t, 6> idx(rank, 0);
  int64_t inner = shape[rank - 1], innerStride = strides[rank - 1];
  int64_t n = (int64_t)dst.size(), pos = 0, base = offset;
  while (pos < n) {
    const T *s = src.data() + base;
    T *d = dst.data() + pos;
    if (innerStride == 1)
      std::copy(s, s + inner, d);
    else if (innerStride == 0)
      std::fill(d, d + inner, *s);
    else
      for (int64_t i = 0; i < inner; ++i)
        d[i] = s[i * innerStride];
    pos += inner;
    // advance the outer index
    for (int64_t dim = (int64_t)rank - 2; dim >= 0; --dim) {
      base += strides[dim];
      if (++idx[dim] < shape[dim])
        break;
      base -= strides[dim] * shape[dim];
      idx[dim] = 0;
    }
  }
}

TensorPtr stridedCopy(const Tensor &src, ArrayRef<int64_t> shape,
                      ArrayRef<int64_t> strides, int64_t offset = 0) {
  auto r = Tensor::like(src, shape);
  if (r->size() == 0)
    return r;
  if (src.isFloat)
    strided(src.floats, r->floats, shape, strides, offset);
  else
    strided(src.ints, r->ints, shape, strides, offset);
  return r;
}

SmallVector<int64_t, 4> rowMajorStrides(ArrayRef<int64_t> shape) {
  SmallVector<int64_t, 4> s(shape.size(), 1);
  for (int64_t d = (int64_t)shape.size() - 2; d >= 0; --d)
    s[d] = s[d + 1] * shape[d + 1];
  return s;
}

TensorPtr reshaped(const Tensor &src, ArrayRef<int64_t> shape) {
  auto r = std::make_shared<Tensor>(src);
  r->shape.assign(shape.begin(), shape.end());
  return r;
}

} // namespace

namespace {

LogicalResult evalSplat(Executor &ex, triton::SplatOp op) {
  const Tensor &s = ex.operand(op, 0);
  auto shape = shapeOf(op.getType());
  if (s.isFloat)
    return ex.setResult(op, Tensor::ofFloats(shape, s.floats[0]));
  return ex.setResult(op, Tensor::ofInts(shape, s.ints[0]));
}

LogicalResult evalUnsplat(Executor &ex, triton::UnsplatOp op) {
  return ex.setResult(op, reshaped(ex.operand(op, 0), {}));
}

LogicalResult evalBroadcast(Executor &ex, triton::BroadcastOp op) {
  const Tensor &s = ex.operand(op, 0);
  auto shape = shapeOf(op.getType());
  if (s.size() == 1)
    return ex.setResult(op, s.isFloat ? Tensor::ofFloats(shape, s.floats[0])
                                      : Tensor::ofInts(shape, s.ints[0]));
  SmallVector<int64_t, 4> strides = rowMajorStrides(s.shape);
  for (size_t d = 0; d < shape.size(); ++d)
    if (s.shape[d] == 1 && shape[d] != 1)
      strides[d] = 0;
  return ex.setResult(op, stridedCopy(s, shape, strides));
}

/// tt.expand_dims and tt.reshape: the same elements in row-major order.
template <typename OpTy> LogicalResult evalReshape(Executor &ex, OpTy op) {
  return ex.setResult(op, reshaped(ex.operand(op, 0), shapeOf(op.getType())));
}

LogicalResult evalTrans(Executor &ex, triton::TransOp op) {
  const Tensor &s = ex.operand(op, 0);
  ArrayRef<int32_t> order = op.getOrder();
  SmallVector<int64_t, 4> srcStrides = rowMajorStrides(s.shape), shape, strides;
  for (int32_t d : order) {
    shape.push_back(s.shape[d]);
    strides.push_back(srcStrides[d]);
  }
  return ex.setResult(op, stridedCopy(s, shape, strides));
}

LogicalResult evalJoin(Executor &ex, triton::JoinOp op) {
  const Tensor &a = ex.operand(op, 0), &b = ex.operand(op, 1);
  SmallVector<int64_t, 4> shape = a.shape;
  shape.push_back(2);
  auto r = Tensor::like(a, shape);
  int64_t n = a.numel();
  if (a.isFloat)
    for (int64_t i = 0; i < n; ++i) {
      r->floats[2 * i] = a.floats[i];
      r->floats[2 * i + 1] = b.floats[i];
    }
  else
    for (int64_t i = 0; i < n; ++i) {
      r->ints[2 * i] = a.ints[i];
      r->ints[2 * i + 1] = b.ints[i];
    }
  return ex.setResult(op, r);
}

LogicalResult evalSplit(Executor &ex, triton::SplitOp op) {
  const Tensor &s = ex.operand(op, 0);
  SmallVector<int64_t, 4> shape(s.shape.begin(), s.shape.end() - 1);
  SmallVector<int64_t, 4> strides = rowMajorStrides(s.shape);
  strides.pop_back();
  ex.set(op.getOutLHS(), stridedCopy(s, shape, strides, 0));
  ex.set(op.getOutRHS(), stridedCopy(s, shape, strides, 1));
  return success();
}

/// The value of an e2m1 nibble: sign, two exponent bits (bias 1) and one
/// mantissa bit; exponent 0 is subnormal (0 or 0.5).
double e2m1Value(int64_t nibble) {
  static constexpr double magnitudes[8] = {0, 0.5, 1, 1.5, 2, 3, 4, 6};
  double magnitude = magnitudes[nibble & 7];
  return nibble & 8 ? -magnitude : magnitude;
}

/// Byte i along `axis` gives elements 2i (its low nibble) and 2i + 1 (its
/// high nibble); every value is exact in f16 and bf16.
LogicalResult evalFp4ToFp(Executor &ex, triton::gpu::Fp4ToFpOp op) {
  const Tensor &s = ex.operand(op, 0);
  unsigned axis = op.getAxis();
  SmallVector<int64_t, 4> shape = shapeOf(op.getType());
  auto r = Tensor::ofFloats(shape);
  // Elements as (outer, along axis, inner) in row-major order.
  int64_t inner = 1, outer = 1;
  for (unsigned d = axis + 1; d < s.shape.size(); ++d)
    inner *= s.shape[d];
  for (unsigned d = 0; d < axis; ++d)
    outer *= s.shape[d];
  int64_t along = s.shape[axis];
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t a = 0; a < along; ++a)
      for (int64_t i = 0; i < inner; ++i) {
        int64_t byte = s.ints[(o * along + a) * inner + i] & 0xff;
        int64_t lo = (o * 2 * along + 2 * a) * inner + i;
        r->floats[lo] = e2m1Value(byte & 0xf);
        r->floats[lo + inner] = e2m1Value(byte >> 4);
      }
  return ex.setResult(op, r);
}

LogicalResult evalCat(Executor &ex, triton::CatOp op) {
  const Tensor &a = ex.operand(op, 0), &b = ex.operand(op, 1);
  auto r = Tensor::like(a, shapeOf(op.getType()));
  if (a.isFloat) {
    std::copy(a.floats.begin(), a.floats.end(), r->floats.begin());
    std::copy(b.floats.begin(), b.floats.end(), r->floats.begin() + a.size());
  } else {
    std::copy(a.ints.begin(), a.ints.end(), r->ints.begin());
    std::copy(b.ints.begin(), b.ints.end(), r->ints.begin() + a.size());
  }
  return ex.setResult(op, r);
}

/// amdg.extract_slice: the sub-tensor of the result's shape starting at the
/// static offsets (layouts play no part in the values).
LogicalResult evalExtractSlice(Executor &ex,
                               triton::amdgpu::ExtractSliceOp op) {
  const Tensor &s = ex.operand(op, 0);
  SmallVector<int64_t, 4> strides = rowMajorStrides(s.shape);
  int64_t start = 0;
  for (auto [offset, stride] : llvm::zip(op.getStaticOffsets(), strides))
    start += offset * stride;
  return ex.setResult(op,
                      stridedCopy(s, shapeOf(op.getType()), strides, start));
}

/// amdg.in_thread_transpose: only which register of its thread holds an
/// element changes, not the values.
LogicalResult evalInThreadTranspose(Executor &ex,
                                    triton::amdgpu::InThreadTransposeOp op) {
  return ex.setResult(op, ex.get(op.getSrc()));
}

/// amdg.concat: the sources are tiles of the result, laid out in row-major
/// order of the grid of tiles.
LogicalResult evalConcat(Executor &ex, triton::amdgpu::ConcatOp op) {
  const Tensor &first = ex.operand(op, 0);
  SmallVector<int64_t, 4> whole = shapeOf(op.getType());
  ArrayRef<int64_t> part = first.shape;
  SmallVector<int64_t, 4> wholeStrides = rowMajorStrides(whole);
  auto r = Tensor::like(first, whole);
  size_t rank = part.size();
  for (unsigned k = 0, e = op->getNumOperands(); k < e; ++k) {
    const Tensor &src = ex.operand(op, k);
    // The tile's first element in the result: tile k's grid position,
    // k's row-major digits in the grid's shape.
    int64_t base = 0;
    for (int64_t d = rank - 1, rest = k; d >= 0; --d) {
      int64_t tiles = whole[d] / part[d];
      base += (rest % tiles) * part[d] * wholeStrides[d];
      rest /= tiles;
    }
    for (int64_t i = 0, n = src.numel(); i < n; ++i) {
      int64_t at = base;
      for (int64_t d = rank - 1, rest = i; d >= 0; --d) {
        at += (rest % part[d]) * wholeStrides[d];
        rest /= part[d];
      }
      if (src.isFloat)
        r->floats[at] = src.floats[i];
      else
        r->ints[at] = src.ints[i];
    }
  }
  return ex.setResult(op, r);
}

LogicalResult evalGather(Executor &ex, triton::GatherOp op) {
  const Tensor &s = ex.operand(op, 0), &idx = ex.operand(op, 1);
  unsigned axis = op.getAxis();
  unsigned iw = classify(op.getIndices().getType()).width;
  auto r = Tensor::like(s, idx.shape);
  SmallVector<int64_t, 4> sStr = rowMajorStrides(s.shape),
                          iStr = rowMajorStrides(idx.shape);
  int64_t n = idx.numel();
  for (int64_t i = 0; i < n; ++i) {
    int64_t rem = i, off = 0;
    for (size_t d = 0; d < idx.shape.size(); ++d) {
      int64_t c = rem / iStr[d];
      rem %= iStr[d];
      if (d == axis) {
        c = asSigned(idx.ints[i], iw);
        if (c < 0 || c >= s.shape[d])
          return ex.error(op) << "gather index " << c << " at element " << i
                              << " is outside [0, " << s.shape[d] << ")";
      }
      off += c * sStr[d];
    }
    if (s.isFloat)
      r->floats[i] = s.floats[off];
    else
      r->ints[i] = s.ints[off];
  }
  return ex.setResult(op, r);
}

LogicalResult evalHistogram(Executor &ex, triton::HistogramOp op) {
  const Tensor &s = ex.operand(op, 0);
  unsigned w = classify(op.getSrc().getType()).width;
  auto shape = shapeOf(op.getType());
  auto r = Tensor::ofInts(shape);
  const Tensor *mask = op.getMask() ? ex.get(op.getMask()).get() : nullptr;
  int64_t bins = shape[0];
  for (int64_t i = 0, n = s.numel(); i < n; ++i) {
    if (mask && !mask->ints[mask->ints.size() == 1 ? 0 : i])
      continue;
    int64_t v = asSigned(s.ints[i], w);
    if (v >= 0 && v < bins)
      ++r->ints[v];
  }
  return ex.setResult(op, r);
}

LogicalResult evalMakeRange(Executor &ex, triton::MakeRangeOp op) {
  int64_t start = op.getStart(), end = op.getEnd();
  auto r = Tensor::ofInts({end - start});
  for (int64_t i = start; i < end; ++i)
    r->ints[i - start] = i;
  return ex.setResult(op, r);
}

LogicalResult evalGetProgramId(Executor &ex, triton::GetProgramIdOp op) {
  return ex.setResult(op, Tensor::ofInts({}, ex.pid[(int)op.getAxis()]));
}

LogicalResult evalGetNumPrograms(Executor &ex, triton::GetNumProgramsOp op) {
  return ex.setResult(op,
                      Tensor::ofInts({}, ex.numPrograms[(int)op.getAxis()]));
}

} // namespace

void mlir::triton::interp::addShapeEvaluators(EvaluatorTable &table) {
  table.add<evalSplat>();
  table.add<evalUnsplat>();
  table.add<evalBroadcast>();
  table.add<evalReshape<triton::ExpandDimsOp>>();
  table.add<evalReshape<triton::ReshapeOp>>();
  table.add<evalTrans>();
  table.add<evalJoin>();
  table.add<evalSplit>();
  table.add<evalCat>();
  table.add<evalFp4ToFp>();
  table.add<evalExtractSlice>();
  table.add<evalInThreadTranspose>();
  table.add<evalConcat>();
  table.add<evalGather>();
  table.add<evalHistogram>();
  table.add<evalMakeRange>();
  table.add<evalGetProgramId>();
  table.add<evalGetNumPrograms>();
}
