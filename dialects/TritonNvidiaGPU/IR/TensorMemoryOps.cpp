//===- TensorMemoryOps.cpp - Verifiers and effects of TMEM/tcgen05 ops ----===//
//
// The tensor-memory ops (tmem_alloc/load/store/copy/subslice) and the
// tcgen05 ops (tc_gen5_mma, tc_gen5_mma_scaled, tc_gen5_commit) of Blackwell.
// They exist at the IR level only: nothing lowers them to LLVM yet.
//
//===----------------------------------------------------------------------===//

#include "dialects/TritonNvidiaGPU/IR/Dialect.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;
using namespace mlir::triton::nvidia_gpu;

using EffectList =
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>;

static bool isSharedMemory(MemDescType type) {
  return isa_and_nonnull<SharedMemorySpaceAttr>(type.getMemorySpace());
}

static bool hasTensorMemoryLayout(MemDescType type) {
  return isa_and_nonnull<TensorMemoryEncodingAttr,
                         TensorMemoryScalesEncodingAttr>(type.getEncoding());
}

/// The resource a buffer lives in (shared unless it is tensor memory).
static SideEffects::Resource *getMemoryOf(MemDescType type) {
  if (isTensorMemory(type))
    return TensorMemory::get();
  return SharedMemory::get();
}

/// Checks that the buffer `what` is in tensor memory, with a TMEM layout.
static LogicalResult verifyInTensorMemory(Operation *op, MemDescType type,
                                          StringRef what) {
  if (!isTensorMemory(type))
    return op->emitOpError() << what << " must be in tensor memory "
                             << "(#ttng.tensor_memory), got " << type;
  if (!hasTensorMemoryLayout(type))
    return op->emitOpError()
           << what << " must have a #ttng.tensor_memory_encoding "
           << "or #ttng.tensor_memory_scales_encoding layout";
  return success();
}

/// A tensor moved to or from a TMEM buffer has the buffer's shape and type.
static LogicalResult verifyTensorMatchesBuffer(Operation *op,
                                               RankedTensorType tensor,
                                               MemDescType buffer) {
  if (tensor.getShape() != buffer.getShape())
    return op->emitOpError()
           << "tensor shape [" << tensor.getShape()
           << "] differs from the buffer's [" << buffer.getShape() << "]";
  if (tensor.getElementType() != buffer.getElementType())
    return op->emitOpError()
           << "tensor element type " << tensor.getElementType()
           << " differs from the buffer's " << buffer.getElementType();
  return success();
}

//===----------------------------------------------------------------------===//
// Tensor-memory ops
//===----------------------------------------------------------------------===//

LogicalResult TMEMAllocOp::verify() {
  MemDescType type = getResult().getType();
  if (failed(verifyInTensorMemory(*this, type, "result")))
    return failure();
  if (!getSrc()) {
    if (!type.getMutableMemory())
      return emitOpError() << "an uninitialized buffer must be mutable";
    return success();
  }
  return verifyTensorMatchesBuffer(*this, getSrc().getType(), type);
}

void TMEMAllocOp::getEffects(EffectList &effects) {
  OpResult result = getOperation()->getOpResult(0);
  effects.emplace_back(MemoryEffects::Allocate::get(), result,
                       TensorMemory::get());
  if (getSrc())
    effects.emplace_back(MemoryEffects::Write::get(), result,
                         TensorMemory::get());
}

LogicalResult TMEMLoadOp::verify() {
  if (failed(verifyInTensorMemory(*this, getSrc().getType(), "source")))
    return failure();
  return verifyTensorMatchesBuffer(*this, getResult().getType(),
                                   getSrc().getType());
}

LogicalResult TMEMStoreOp::verify() {
  MemDescType dst = getDst().getType();
  if (failed(verifyInTensorMemory(*this, dst, "destination")))
    return failure();
  if (!dst.getMutableMemory())
    return emitOpError() << "cannot store into an immutable buffer";
  return verifyTensorMatchesBuffer(*this, getSrc().getType(), dst);
}

LogicalResult TMEMCopyOp::verify() {
  MemDescType src = getSrc().getType();
  MemDescType dst = getDst().getType();
  if (!isSharedMemory(src) || !isSharedEncoding(src.getEncoding()))
    return emitOpError()
           << "source must be in shared memory with a shared layout, got "
           << src;
  if (failed(verifyInTensorMemory(*this, dst, "destination")))
    return failure();
  if (!dst.getMutableMemory())
    return emitOpError() << "cannot copy into an immutable buffer";
  if (src.getElementType() != dst.getElementType())
    return emitOpError() << "source element type " << src.getElementType()
                         << " differs from the destination's "
                         << dst.getElementType();
  // Scales are copied between shapes of their own (5-D in shared memory,
  // rows x columns in TMEM): only the element counts must agree.
  auto count = [](MemDescType type) {
    int64_t n = 1;
    for (int64_t dim : type.getShape())
      n *= dim;
    return n;
  };
  if (count(src) != count(dst))
    return emitOpError() << "source has " << count(src)
                         << " elements but the destination " << count(dst);
  if (getBarrier())
    return verifyBarrierType(*this, getBarrier().getType());
  return success();
}

LogicalResult TMEMSubSliceOp::verify() {
  MemDescType src = getSrc().getType();
  MemDescType result = getResult().getType();
  auto srcLayout =
      dyn_cast_or_null<TensorMemoryEncodingAttr>(src.getEncoding());
  auto resultLayout =
      dyn_cast_or_null<TensorMemoryEncodingAttr>(result.getEncoding());
  if (!isTensorMemory(src) || !srcLayout)
    return emitOpError() << "source must be in tensor memory with a "
                            "#ttng.tensor_memory_encoding layout, got "
                         << src;
  if (!isTensorMemory(result) || !resultLayout)
    return emitOpError() << "result must be in tensor memory with a "
                            "#ttng.tensor_memory_encoding layout, got "
                         << result;
  if (src.getRank() != 2 || result.getRank() != 2)
    return emitOpError() << "source and result must be 2-D";
  if (src.getElementType() != result.getElementType())
    return emitOpError() << "result element type " << result.getElementType()
                         << " differs from the source's "
                         << src.getElementType();
  if (result.getShape()[0] != src.getShape()[0])
    return emitOpError() << "result must have the source's "
                         << src.getShape()[0] << " rows, got "
                         << result.getShape()[0];
  int64_t column = getN();
  if (column < 0 || column + result.getShape()[1] > src.getShape()[1])
    return emitOpError() << "columns [" << column << ", "
                         << column + result.getShape()[1]
                         << ") are not within the source's "
                         << src.getShape()[1];
  if (resultLayout.getBlockM() != srcLayout.getBlockM() ||
      resultLayout.getColStride() != srcLayout.getColStride())
    return emitOpError()
           << "result layout must have the source's blockM and colStride";
  return success();
}

//===----------------------------------------------------------------------===//
// tcgen05 ops
//===----------------------------------------------------------------------===//

/// How many values of `type` one element of a's or b's memdesc holds: two
/// for e2m1 packed into bytes, else one.
static int64_t getPacking(ScaleDotElemType type, MemDescType operand) {
  return type == ScaleDotElemType::E2M1 && operand.getElementType().isInteger(8)
             ? 2
             : 1;
}

/// Checks shared by both MMAs: where the operands live, their shapes
/// ([M, K] x [K, N] -> [M, N], K counted in values after unpacking) and the
/// completion barriers.
static LogicalResult verifyMMA(Operation *op, MemDescType a, MemDescType b,
                               MemDescType d, int64_t aPacking,
                               int64_t bPacking, ValueRange barriers,
                               ValueRange barrierPreds) {
  if (!isTensorMemory(d))
    return op->emitOpError() << "accumulator d must be in tensor memory "
                                "(#ttng.tensor_memory), got "
                             << d;
  if (!d.getMutableMemory())
    return op->emitOpError() << "accumulator d must be mutable";
  if (!isSharedMemory(a) && !isTensorMemory(a))
    return op->emitOpError()
           << "operand a must be in shared or tensor memory, got " << a;
  if (!isSharedMemory(b))
    return op->emitOpError() << "operand b must be in shared memory, got " << b;
  if (a.getRank() != 2 || b.getRank() != 2 || d.getRank() != 2)
    return op->emitOpError() << "a, b and d must be 2-D";
  int64_t aK = a.getShape()[1] * aPacking;
  int64_t bK = b.getShape()[0] * bPacking;
  if (aK != bK)
    return op->emitOpError()
           << "K of a (" << aK << ") differs from K of b (" << bK << ")";
  int64_t m = a.getShape()[0], n = b.getShape()[1];
  if (d.getShape()[0] != m || d.getShape()[1] != n)
    return op->emitOpError() << "accumulator shape [" << d.getShape()
                             << "] must be [" << m << ", " << n << "]";
  if (barriers.size() != barrierPreds.size())
    return op->emitOpError() << "has " << barriers.size() << " barriers but "
                             << barrierPreds.size() << " barrier predicates";
  for (Value barrier : barriers)
    if (failed(verifyBarrierType(op, cast<MemDescType>(barrier.getType()))))
      return failure();
  return success();
}

/// a and b are read where they live, d is read (`useD` may be true) and
/// written, the completion barriers are arrived on.
template <typename OpTy>
static void addMMAEffects(OpTy op, EffectList &effects) {
  effects.emplace_back(MemoryEffects::Read::get(), &op.getAMutable(),
                       getMemoryOf(op.getA().getType()));
  effects.emplace_back(MemoryEffects::Read::get(), &op.getBMutable(),
                       getMemoryOf(op.getB().getType()));
  effects.emplace_back(MemoryEffects::Read::get(), &op.getDMutable(),
                       TensorMemory::get());
  effects.emplace_back(MemoryEffects::Write::get(), &op.getDMutable(),
                       TensorMemory::get());
  for (OpOperand &barrier : op.getBarriersMutable())
    effects.emplace_back(MemoryEffects::Write::get(), &barrier,
                         SharedMemory::get());
}

LogicalResult TCGen5MMAOp::verify() {
  MemDescType a = getA().getType(), b = getB().getType();
  if (failed(verifyMMA(*this, a, b, getD().getType(), 1, 1, getBarriers(),
                       getBarrierPreds())))
    return failure();
  Type aElement = a.getElementType(), bElement = b.getElementType();
  if (!aElement.isIntOrFloat() || !bElement.isIntOrFloat())
    return emitOpError()
           << "a and b must have integer or floating-point elements";
  if (aElement.getIntOrFloatBitWidth() != bElement.getIntOrFloatBitWidth())
    return emitOpError() << "a and b must have element types of one width, got "
                         << aElement << " and " << bElement;
  return success();
}

void TCGen5MMAOp::getEffects(EffectList &effects) {
  addMMAEffects(*this, effects);
}

LogicalResult TCGen5MMAScaledOp::verify() {
  MemDescType a = getA().getType(), b = getB().getType();
  if (failed(verifyMMA(*this, a, b, getD().getType(), getPacking(getAType(), a),
                       getPacking(getBType(), b), getBarriers(),
                       getBarrierPreds())))
    return failure();
  for (auto [scale, name] :
       {std::pair(getAScale(), "a_scale"), std::pair(getBScale(), "b_scale")}) {
    auto type = cast<MemDescType>(scale.getType());
    if (!isSharedMemory(type) && !isTensorMemory(type))
      return emitOpError() << "scale " << name
                           << " must be in shared or tensor memory, got "
                           << type;
  }
  return success();
}

void TCGen5MMAScaledOp::getEffects(EffectList &effects) {
  addMMAEffects(*this, effects);
  effects.emplace_back(MemoryEffects::Read::get(), &getAScaleMutable(),
                       getMemoryOf(getAScale().getType()));
  effects.emplace_back(MemoryEffects::Read::get(), &getBScaleMutable(),
                       getMemoryOf(getBScale().getType()));
}

LogicalResult TCGen5CommitOp::verify() {
  return verifyBarrierType(*this, getBarrier().getType());
}
