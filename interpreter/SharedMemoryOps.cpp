//===- SharedMemoryOps.cpp - TTGIR shared memory and warp-group dots ------===//
//
// A program's shared-memory buffers are plain tensors; `!ttg.memdesc` values
// are views (a buffer and an element offset) into them. Asynchronous copies
// complete when they are issued: one program runs at a time, so nothing can
// observe them earlier or later, and waits have nothing left to wait for.
//
//===----------------------------------------------------------------------===//

#include "interpreter/Executor.h"

#include "dialects/Triton/IR/Dialect.h"
#include "dialects/TritonGPU/IR/Dialect.h"
#include "dialects/TritonNvidiaGPU/IR/Dialect.h"

using namespace mlir;
using namespace mlir::triton::interp;
namespace ttg = mlir::triton::gpu;
namespace ttng = mlir::triton::nvidia_gpu;

static int64_t product(ArrayRef<int64_t> shape) {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  return n;
}

unsigned Executor::allocate(ArrayRef<int64_t> shape, Type elem) {
  sharedBuffers.push_back(classify(elem).isFloat ? Tensor::ofFloats(shape)
                                                 : Tensor::ofInts(shape));
  return sharedBuffers.size() - 1;
}

/// For each element of `view` in row-major order, its position in the
/// buffer.
static SmallVector<int64_t> bufferPositions(const Executor::MemDescView &view) {
  int64_t n = product(view.shape);
  SmallVector<int64_t> positions(n);
  if (view.order.empty()) {
    for (int64_t i = 0; i < n; ++i)
      positions[i] = view.offset + i;
    return positions;
  }
  // Row-major strides of the stored (unpermuted) shape, seen through order.
  size_t rank = view.shape.size();
  SmallVector<int64_t, 4> stored(rank), storedStrides(rank, 1), strides(rank);
  for (size_t i = 0; i < rank; ++i)
    stored[view.order[i]] = view.shape[i];
  for (int64_t d = (int64_t)rank - 2; d >= 0; --d)
    storedStrides[d] = storedStrides[d + 1] * stored[d + 1];
  for (size_t i = 0; i < rank; ++i)
    strides[i] = storedStrides[view.order[i]];
  for (int64_t i = 0; i < n; ++i) {
    int64_t rest = i, position = view.offset;
    for (int64_t d = (int64_t)rank - 1; d >= 0; --d) {
      position += (rest % view.shape[d]) * strides[d];
      rest /= view.shape[d];
    }
    positions[i] = position;
  }
  return positions;
}

TensorPtr Executor::readView(const MemDescView &view) const {
  const Tensor &buffer = *sharedBuffers[view.buffer];
  auto t = Tensor::like(buffer, view.shape);
  SmallVector<int64_t> positions = bufferPositions(view);
  for (auto [i, position] : llvm::enumerate(positions)) {
    if (buffer.isFloat)
      t->floats[i] = buffer.floats[position];
    else
      t->ints[i] = buffer.ints[position];
  }
  return t;
}

void Executor::writeView(const MemDescView &view, const Tensor &value) {
  Tensor &buffer = *sharedBuffers[view.buffer];
  bool splat = value.size() == 1;
  SmallVector<int64_t> positions = bufferPositions(view);
  for (auto [i, position] : llvm::enumerate(positions)) {
    if (buffer.isFloat)
      buffer.floats[position] = value.floats[splat ? 0 : i];
    else
      buffer.ints[position] = value.ints[splat ? 0 : i];
  }
}

/// The tensor a dot operand holds: a tensor value, or a memdesc's elements.
static TensorRef operandOf(Executor &ex, Value v) {
  if (const Executor::MemDescView *view = ex.getView(v))
    return ex.readView(*view);
  return ex.get(v);
}

/// The type a dot operand's elements are read as.
static Type operandType(Value v) {
  if (auto memdesc = dyn_cast<ttg::MemDescType>(v.getType()))
    return RankedTensorType::get(memdesc.getShape(), memdesc.getElementType());
  return v.getType();
}

std::optional<LogicalResult> mlir::triton::interp::execSharedMemory(Executor &ex,
                                                                    Operation *op) {
  if (auto alloc = dyn_cast<ttg::LocalAllocOp>(op)) {
    auto type = cast<ttg::MemDescType>(alloc.getType());
    Executor::MemDescView view;
    view.buffer = ex.allocate(type.getAllocShape(), type.getElementType());
    view.shape.assign(type.getShape().begin(), type.getShape().end());
    if (alloc.getSrc())
      ex.writeView(view, *ex.get(alloc.getSrc()));
    ex.setView(alloc.getResult(), view);
    return success();
  }
  if (auto index = dyn_cast<ttg::MemDescIndexOp>(op)) {
    const Executor::MemDescView *src = ex.getView(index.getSrc());
    if (!src)
      return ex.error(op) << "indexes a buffer that was not allocated here";
    if (!src->order.empty())
      return ex.error(op) << "indexing a transposed view is not supported yet";
    int64_t i = ex.get(index.getIndex())->ints[0];
    if (i < 0 || i >= src->shape.front())
      return ex.error(op) << "index " << i << " is outside the buffer's "
                          << src->shape.front() << " rows";
    Executor::MemDescView view;
    view.buffer = src->buffer;
    view.shape.assign(src->shape.begin() + 1, src->shape.end());
    view.offset = src->offset + i * product(view.shape);
    ex.setView(index.getResult(), view);
    return success();
  }
  if (auto trans = dyn_cast<ttg::MemDescTransOp>(op)) {
    const Executor::MemDescView *src = ex.getView(trans.getSrc());
    if (!src)
      return ex.error(op) << "transposes a buffer that was not allocated here";
    Executor::MemDescView view = *src;
    view.shape.clear();
    view.order.clear();
    for (int32_t d : trans.getOrder()) {
      view.shape.push_back(src->shape[d]);
      view.order.push_back(src->order.empty() ? d : src->order[d]);
    }
    ex.setView(trans.getResult(), view);
    return success();
  }
  if (auto load = dyn_cast<ttg::LocalLoadOp>(op)) {
    const Executor::MemDescView *view = ex.getView(load.getSrc());
    if (!view)
      return ex.error(op) << "reads a buffer that was not allocated here";
    ex.set(load.getResult(), ex.readView(*view));
    return success();
  }
  if (auto store = dyn_cast<ttg::LocalStoreOp>(op)) {
    const Executor::MemDescView *view = ex.getView(store.getDst());
    if (!view)
      return ex.error(op) << "writes a buffer that was not allocated here";
    ex.writeView(*view, *ex.get(store.getSrc()));
    return success();
  }
  if (isa<ttg::LocalDeallocOp>(op))
    return success();
  if (isa<ttg::AsyncCommitGroupOp, ttg::AsyncWaitOp>(op)) {
    for (Value result : op->getResults())
      ex.set(result, Tensor::ofInts({}, 0)); // tokens carry nothing here
    return success();
  }
  if (auto dot = dyn_cast<ttng::WarpGroupDotOp>(op)) {
    TensorRef a = operandOf(ex, dot.getA()), b = operandOf(ex, dot.getB());
    TensorRef c = ex.get(dot.getC());
    if (dot.getUseC() && ex.get(dot.getUseC())->ints[0] == 0)
      c = zerosOf(dot.getC().getType());
    FailureOr<TensorPtr> d =
        computeDot(ex, op, *a, *b, *c, operandType(dot.getA()), operandType(dot.getB()),
                   dot.getType(), dot.getInputPrecision() == triton::InputPrecision::TF32);
    if (failed(d))
      return failure();
    ex.set(dot.getD(), *d);
    return success();
  }
  if (auto wait = dyn_cast<ttng::WarpGroupDotWaitOp>(op)) {
    for (auto [input, output] : llvm::zip(wait.getInputs(), wait.getOutputs())) {
      if (const Executor::MemDescView *view = ex.getView(input))
        ex.setView(output, *view);
      else
        ex.set(output, ex.get(input));
    }
    return success();
  }
  return std::nullopt;
}
