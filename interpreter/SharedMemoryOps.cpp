//===- SharedMemoryOps.cpp - TTGIR shared memory and warp-group dots ------===//
//
// A program's shared-memory buffers are plain tensors; `!ttg.memdesc` values
// are views (a buffer and an element offset) into them. Asynchronous copies
// complete when they are issued: one program runs at a time, so nothing can
// observe them earlier or later, and waits have nothing left to wait for.
//
//===----------------------------------------------------------------------===//

#include "interpreter/Dispatch.h"

#include "dialects/Triton/IR/Dialect.h"
#include "dialects/TritonAMDGPU/IR/Dialect.h"
#include "dialects/TritonGPU/IR/Dialect.h"
#include "dialects/TritonGPU/IR/LinearLayoutConversions.h"
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
  // The memdesc types were checked against the memory budget before the
  // run, so one buffer fits; what the program holds in all is checked after
  // the op.
  sharedBuffers.push_back(classify(elem).isFloat ? Tensor::ofFloats(shape)
                                                 : Tensor::ofInts(shape));
  sharedBytes += bytesOf(sharedBuffers.back().get());
  return sharedBuffers.size() - 1;
}

void Executor::startProgram() {
  sharedBuffers.clear();
  viewTable.clear();
  barriers.clear();
  sharedBytes = 0;
  programSteps = 0;
}

const Executor::MemDescView *Executor::getView(Value v) const {
  if (!isa<ttg::MemDescType>(v.getType()))
    return nullptr;
  TensorRef handle = get(v);
  if (!handle || handle->ints.size() != 1 || handle->ints[0] < 0 ||
      handle->ints[0] >= (int64_t)viewTable.size())
    return nullptr;
  return &viewTable[handle->ints[0]];
}

void Executor::setView(Value v, MemDescView view) {
  viewTable.push_back(std::move(view));
  set(v, Tensor::ofInts({}, viewTable.size() - 1));
}

/// Row-major strides of a whole buffer of `shape`.
static SmallVector<int64_t, 4> rowMajorStrides(ArrayRef<int64_t> shape) {
  SmallVector<int64_t, 4> strides(shape.size(), 1);
  for (int64_t d = (int64_t)shape.size() - 2; d >= 0; --d)
    strides[d] = strides[d + 1] * shape[d + 1];
  return strides;
}

/// For each element of `view` in row-major order, its position in the
/// buffer.
static SmallVector<int64_t> bufferPositions(const Executor::MemDescView &view) {
  if (!view.positions.empty())
    return SmallVector<int64_t>(view.positions.begin(), view.positions.end());
  int64_t n = product(view.shape);
  SmallVector<int64_t> positions(n);
  for (int64_t i = 0; i < n; ++i) {
    int64_t rest = i, position = view.offset;
    for (int64_t d = (int64_t)view.shape.size() - 1; d >= 0; --d) {
      position += (rest % view.shape[d]) * view.strides[d];
      rest /= view.shape[d];
    }
    positions[i] = position;
  }
  return positions;
}

/// The row-major index of `coords` in `shape`.
static int64_t rowMajorIndex(ArrayRef<int64_t> coords, ArrayRef<int64_t> shape) {
  int64_t index = 0;
  for (auto [c, size] : llvm::zip(coords, shape))
    index = index * size + c;
  return index;
}

/// A view of `src` (a view listing its positions) of `shape`, whose element
/// at coordinates c is `src`'s element at `parent(c)`.
static Executor::MemDescView
derivedView(const Executor::MemDescView &src, ArrayRef<int64_t> shape,
            function_ref<void(ArrayRef<int64_t>, SmallVectorImpl<int64_t> &)>
                parent) {
  Executor::MemDescView view;
  view.buffer = src.buffer;
  view.shape.assign(shape.begin(), shape.end());
  int64_t n = product(shape);
  view.positions.resize(n);
  SmallVector<int64_t> coords(shape.size()), from;
  for (int64_t i = 0; i < n; ++i) {
    int64_t rest = i;
    for (int64_t d = (int64_t)shape.size() - 1; d >= 0; --d) {
      coords[d] = rest % shape[d];
      rest /= shape[d];
    }
    from.clear();
    parent(coords, from);
    view.positions[i] = src.positions[rowMajorIndex(from, src.shape)];
  }
  return view;
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

namespace {

LogicalResult evalLocalAlloc(Executor &ex, ttg::LocalAllocOp alloc) {
  auto type = cast<ttg::MemDescType>(alloc.getType());
  Executor::MemDescView view;
  view.buffer = ex.allocate(type.getAllocShape(), type.getElementType());
  view.shape.assign(type.getShape().begin(), type.getShape().end());
  view.strides = rowMajorStrides(type.getShape());
  if (alloc.getSrc())
    ex.writeView(view, *ex.get(alloc.getSrc()));
  ex.setView(alloc.getResult(), view);
  return success();
}

LogicalResult evalMemDescIndex(Executor &ex, ttg::MemDescIndexOp op) {
  const Executor::MemDescView *src = ex.getView(op.getSrc());
  if (!src)
    return ex.error(op) << "indexes a buffer that was not allocated here";
  int64_t i = ex.get(op.getIndex())->ints[0];
  if (i < 0 || i >= src->shape.front())
    return ex.error(op) << "index " << i << " is outside the buffer's "
                        << src->shape.front() << " rows";
  if (!src->positions.empty()) {
    ex.setView(op.getResult(),
               derivedView(*src, ArrayRef(src->shape).drop_front(),
                           [&](ArrayRef<int64_t> c, SmallVectorImpl<int64_t> &p) {
                             p.push_back(i);
                             p.append(c.begin(), c.end());
                           }));
    return success();
  }
  Executor::MemDescView view;
  view.buffer = src->buffer;
  view.shape.assign(src->shape.begin() + 1, src->shape.end());
  view.strides.assign(src->strides.begin() + 1, src->strides.end());
  view.offset = src->offset + i * src->strides.front();
  ex.setView(op.getResult(), view);
  return success();
}

LogicalResult evalMemDescSubslice(Executor &ex, ttg::MemDescSubsliceOp op) {
  const Executor::MemDescView *src = ex.getView(op.getSrc());
  if (!src)
    return ex.error(op) << "slices a buffer that was not allocated here";
  auto type = cast<ttg::MemDescType>(op.getType());
  if (!src->positions.empty()) {
    ArrayRef<int32_t> offsets = op.getOffsets();
    ex.setView(op.getResult(),
               derivedView(*src, type.getShape(),
                           [&](ArrayRef<int64_t> c, SmallVectorImpl<int64_t> &p) {
                             for (auto [x, o] : llvm::zip(c, offsets))
                               p.push_back(x + o);
                           }));
    return success();
  }
  Executor::MemDescView view = *src;
  view.shape.assign(type.getShape().begin(), type.getShape().end());
  for (auto [d, offset] : llvm::enumerate(op.getOffsets()))
    view.offset += offset * src->strides[d];
  ex.setView(op.getResult(), view);
  return success();
}

LogicalResult evalMemDescTrans(Executor &ex, ttg::MemDescTransOp op) {
  const Executor::MemDescView *src = ex.getView(op.getSrc());
  if (!src)
    return ex.error(op) << "transposes a buffer that was not allocated here";
  if (!src->positions.empty()) {
    SmallVector<int64_t, 4> shape;
    for (int32_t d : op.getOrder())
      shape.push_back(src->shape[d]);
    ArrayRef<int32_t> order = op.getOrder();
    ex.setView(op.getResult(),
               derivedView(*src, shape,
                           [&](ArrayRef<int64_t> c, SmallVectorImpl<int64_t> &p) {
                             p.resize(c.size());
                             for (auto [i, d] : llvm::enumerate(order))
                               p[d] = c[i];
                           }));
    return success();
  }
  Executor::MemDescView view = *src;
  view.shape.clear();
  view.strides.clear();
  for (int32_t d : op.getOrder()) {
    view.shape.push_back(src->shape[d]);
    view.strides.push_back(src->strides[d]);
  }
  ex.setView(op.getResult(), view);
  return success();
}

/// The same elements under another shape, in row-major order (the result's
/// element i is the source's element i, as tt.reshape numbers them).
LogicalResult evalMemDescReshape(Executor &ex, ttg::MemDescReshapeOp op) {
  const Executor::MemDescView *src = ex.getView(op.getSrc());
  if (!src)
    return ex.error(op) << "reshapes a buffer that was not allocated here";
  auto type = cast<ttg::MemDescType>(op.getType());
  Executor::MemDescView view;
  view.buffer = src->buffer;
  view.shape.assign(type.getShape().begin(), type.getShape().end());
  view.positions = bufferPositions(*src);
  if ((int64_t)view.positions.size() != product(type.getShape()))
    return ex.error(op) << "reshapes " << view.positions.size()
                        << " elements into " << product(type.getShape());
  ex.setView(op.getResult(), view);
  return success();
}

/// The same bytes under another layout: the view's element v is the one
/// at the shared-memory offset that v has in the view's layout, which is
/// the source's element of that offset in the source's layout (both layouts
/// are linear: offset -> coordinates).
LogicalResult evalMemDescReinterpret(Executor &ex,
                                     ttg::MemDescReinterpretOp op) {
  const Executor::MemDescView *src = ex.getView(op.getSrc());
  if (!src)
    return ex.error(op) << "reinterprets a buffer that was not allocated here";
  auto srcType = cast<ttg::MemDescType>(op.getSrc().getType());
  auto type = cast<ttg::MemDescType>(op.getType());
  int64_t n = product(type.getShape());
  std::optional<ttg::LinearLayout> from =
      ttg::toLinearLayout(srcType.getShape(), srcType.getEncoding());
  std::optional<ttg::LinearLayout> to =
      ttg::toLinearLayout(type.getShape(), type.getEncoding());
  if (srcType.getElementType() != type.getElementType() ||
      product(srcType.getShape()) != n || !from || !to ||
      from->getTotalInDimSize() != n || to->getTotalInDimSize() != n)
    return ex.error(op)
           << "reinterprets " << srcType << " as " << type
           << ": only the same elements under two linear layouts (one CTA) "
              "are supported by the interpreter yet";
  SmallVector<int64_t> srcPositions = bufferPositions(*src);
  SmallVector<std::string> dims = ttg::standardOutDimNames(type.getRank());
  auto coordinates = [&](const ttg::LinearLayout &layout, int64_t offset,
                         ArrayRef<int64_t> shape) {
    ttg::LinearLayout::Point point =
        layout.apply({{"offset", int32_t(offset)}});
    SmallVector<int64_t> coords(shape.size(), 0);
    for (auto &[name, value] : point)
      for (auto [d, dim] : llvm::enumerate(dims))
        if (name == dim)
          coords[d] = value;
    return rowMajorIndex(coords, shape);
  };
  Executor::MemDescView view;
  view.buffer = src->buffer;
  view.shape.assign(type.getShape().begin(), type.getShape().end());
  view.positions.resize(n);
  for (int64_t offset = 0; offset < n; ++offset)
    view.positions[coordinates(*to, offset, type.getShape())] =
        srcPositions[coordinates(*from, offset, srcType.getShape())];
  ex.setView(op.getResult(), view);
  return success();
}

LogicalResult evalLocalLoad(Executor &ex, ttg::LocalLoadOp op) {
  const Executor::MemDescView *view = ex.getView(op.getSrc());
  if (!view)
    return ex.error(op) << "reads a buffer that was not allocated here";
  ex.set(op.getResult(), ex.readView(*view));
  return success();
}

LogicalResult evalLocalStore(Executor &ex, ttg::LocalStoreOp op) {
  const Executor::MemDescView *view = ex.getView(op.getDst());
  if (!view)
    return ex.error(op) << "writes a buffer that was not allocated here";
  ex.writeView(*view, *ex.get(op.getSrc()));
  return success();
}

LogicalResult evalWarpGroupDot(Executor &ex, ttng::WarpGroupDotOp op) {
  TensorRef a = operandOf(ex, op.getA()), b = operandOf(ex, op.getB());
  TensorRef c = ex.get(op.getC());
  if (op.getUseC() && ex.get(op.getUseC())->ints[0] == 0)
    c = zerosOf(op.getC().getType());
  FailureOr<TensorPtr> d = computeDot(
      ex, op, *a, *b, *c, operandType(op.getA()), operandType(op.getB()),
      op.getType(), op.getInputPrecision() == triton::InputPrecision::TF32);
  if (failed(d))
    return failure();
  ex.set(op.getD(), *d);
  return success();
}

LogicalResult evalWarpGroupDotWait(Executor &ex,
                                   ttng::WarpGroupDotWaitOp wait) {
  for (auto [input, output] : llvm::zip(wait.getInputs(), wait.getOutputs())) {
    if (const Executor::MemDescView *view = ex.getView(input))
      ex.setView(output, *view);
    else
      ex.set(output, ex.get(input));
  }
  return success();
}

LogicalResult evalLocalDealloc(Executor &, ttg::LocalDeallocOp) {
  return success(); // buffers live until the program ends
}

/// ttg.async_commit_group, ttg.async_wait and amdg.async_wait: copies
/// complete when issued.
template <typename OpTy> LogicalResult evalAsyncGroupOp(Executor &ex, OpTy op) {
  for (Value result : op->getResults())
    ex.set(result, Tensor::ofInts({}, 0)); // tokens carry nothing here
  return success();
}

} // namespace

void mlir::triton::interp::addSharedMemoryEvaluators(EvaluatorTable &table) {
  table.add<evalLocalAlloc>();
  table.add<evalMemDescIndex>();
  table.add<evalMemDescSubslice>();
  table.add<evalMemDescTrans>();
  table.add<evalMemDescReinterpret>();
  table.add<evalMemDescReshape>();
  table.add<evalLocalLoad>();
  table.add<evalLocalStore>();
  table.add<evalWarpGroupDot>();
  table.add<evalWarpGroupDotWait>();
  table.add<evalLocalDealloc>();
  table.add<evalAsyncGroupOp<ttg::AsyncCommitGroupOp>>();
  table.add<evalAsyncGroupOp<ttg::AsyncWaitOp>>();
  table.add<evalAsyncGroupOp<triton::amdgpu::AsyncWaitOp>>();
}
