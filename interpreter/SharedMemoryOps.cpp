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

TensorPtr Executor::readView(const MemDescView &view) const {
  const Tensor &buffer = *sharedBuffers[view.buffer];
  int64_t n = product(view.shape);
  auto t = Tensor::like(buffer, view.shape);
  if (buffer.isFloat)
    std::copy_n(buffer.floats.begin() + view.offset, n, t->floats.begin());
  else
    std::copy_n(buffer.ints.begin() + view.offset, n, t->ints.begin());
  return t;
}

void Executor::writeView(const MemDescView &view, const Tensor &value) {
  Tensor &buffer = *sharedBuffers[view.buffer];
  int64_t n = product(view.shape);
  bool splat = value.size() == 1;
  for (int64_t i = 0; i < n; ++i) {
    if (buffer.isFloat)
      buffer.floats[view.offset + i] = value.floats[splat ? 0 : i];
    else
      buffer.ints[view.offset + i] = value.ints[splat ? 0 : i];
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
