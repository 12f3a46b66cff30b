//===- MemoryOpToLLVM.cpp - Shared-memory buffers, views and barriers -----===//
//
// A !ttg.memdesc becomes a struct of its base pointer (address space 3) and
// one i32 coordinate offset per dimension (non-zero only in views made by
// ttg.memdesc_subslice). Element (c) of a view sits at element offset
// L^-1(c ^ offsets) from the base, L being the linear layout of the shared
// encoding over the trailing alloc-shape dimensions (SharedMemoryUtility.h).
// Tensors are stored and loaded with the widest accesses (up to 16 bytes)
// the composition of the register layout with L^-1 allows; 16-bit loads
// whose offsets form 8 x 8 matrices of 16-byte rows (mma operands from
// swizzled buffers) use the target's matrix loads (ldmatrix) instead. Views
// only change the struct; their encodings must describe the same bytes as their
// source's, which the patterns check.
//
//===----------------------------------------------------------------------===//

#include "dialects/TritonGPU/IR/Dialect.h"
#include "passes/Conversion/TritonGPUToLLVM/common/Patterns.h"
#include "passes/Conversion/TritonGPUToLLVM/common/SharedMemoryUtility.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace mlir::triton;
namespace ttg = mlir::triton::gpu;
using ttg::LinearLayout;
using ttg::MemDescType;

namespace {

FailureOr<SharedMemoryLayout> getLayoutOrError(Operation *op,
                                               MemDescType type,
                                               bool allowPadding = true) {
  std::string reason;
  std::optional<SharedMemoryLayout> layout =
      SharedMemoryLayout::get(type, reason, allowPadding);
  if (!layout) {
    op->emitError() << op->getName() << " on " << reason
                    << " is not supported yet by the LLVM lowering";
    return failure();
  }
  return *layout;
}

/// How the calling thread's registers of `tensorType` map into the buffer:
/// its offset map, vector plan and own offset (lane, warp and view parts).
struct TensorAccess {
  OffsetMap map;
  VectorPlan plan;
  ThreadOffset threadOffset;
  unsigned repeatedRegisters;
  SmallVector<SharedPadding> padding;
};

FailureOr<TensorAccess>
planTensorAccess(Operation *op, RankedTensorType tensorType,
                 MemDescType memType, const SharedMemoryObject &object,
                 unsigned elementBytes, const TargetInfoBase &target,
                 OpBuilder &b) {
  FailureOr<SharedMemoryLayout> layout = getLayoutOrError(op, memType);
  if (failed(layout))
    return failure();
  std::optional<LinearLayout> distributed = getDistributedLayout(tensorType);
  if (!distributed) {
    op->emitError() << op->getName()
                    << " of a tensor without a distributed linear layout is "
                       "not supported yet by the LLVM lowering";
    return failure();
  }
  std::string why = layout->whyNotInOwnCTA(*distributed);
  if (!why.empty()) {
    op->emitError() << op->getName() << " of " << why
                    << " is not supported yet by the LLVM lowering";
    return failure();
  }
  Location loc = op->getLoc();
  TensorAccess access;
  access.map = layout->mapDistributed(*distributed);
  access.plan = planVectors(access.map,
                            layout->getMaxVectorElements(elementBytes),
                            layout->getViewOffsetMask());
  access.padding.assign(layout->getPadding().begin(),
                        layout->getPadding().end());
  access.repeatedRegisters = getBroadcastRegisterMask(*distributed);
  LaneAndWarp thread = getLaneAndWarp(b, loc, target);
  access.threadOffset =
      emitThreadOffset(b, loc, access.map, thread,
                       layout->emitViewOffset(b, loc, object.offsets),
                       layout->getViewOffsetMask());
  return access;
}

/// A tensor's offsets in a buffer, when both have linear layouts and each
/// CTA's elements are in its own tile of the buffer (nothing is reported
/// otherwise: planTensorAccess says why).
std::optional<std::pair<OffsetMap, SharedMemoryLayout>>
mapDistributedIfPossible(RankedTensorType tensorType, MemDescType memType) {
  std::string reason;
  std::optional<SharedMemoryLayout> layout =
      SharedMemoryLayout::get(memType, reason);
  std::optional<LinearLayout> distributed = getDistributedLayout(tensorType);
  if (!layout || !distributed || !layout->whyNotInOwnCTA(*distributed).empty())
    return std::nullopt;
  return std::make_pair(layout->mapDistributed(*distributed), *layout);
}

/// Stores a tensor's elements (`values`, converted) into a buffer.
LogicalResult storeTensor(Operation *op, RankedTensorType tensorType,
                          ArrayRef<Value> values, MemDescType memType,
                          const SharedMemoryObject &object,
                          const TritonGPUToLLVMTypeConverter &converter,
                          const TargetInfoBase &target, OpBuilder &b) {
  Location loc = op->getLoc();
  Type sharedType =
      getSharedElementType(converter, tensorType.getElementType());
  // Tiles whose rows are 16 contiguous bytes (an mma accumulator going to
  // an NVMMA buffer for a TMA store) store as whole 8 x 8 matrices of 16-bit
  // pieces where the target can (stmatrix on sm_90: one instruction for up
  // to four matrices instead of a store per register).
  if (std::optional<std::pair<OffsetMap, SharedMemoryLayout>> mapped =
          mapDistributedIfPossible(tensorType, memType)) {
    auto &[map, layout] = *mapped;
    if (std::optional<MatrixLoadPlan> plan = planMatrixStores(
            map, layout.getViewOffsetMask(), sharedType, target)) {
      SmallVector<Value> shared;
      for (Value value : values)
        shared.push_back(toSharedValue(b, loc, value, sharedType));
      LaneAndWarp thread = getLaneAndWarp(b, loc, target);
      emitMatrixStores(b, loc, *plan, map, object.base,
                       layout.emitViewOffset(b, loc, object.offsets),
                       layout.getViewOffsetMask(), thread, sharedType, shared,
                       target);
      return success();
    }
  }
  FailureOr<TensorAccess> access =
      planTensorAccess(op, tensorType, memType, object,
                       getSharedElementBytes(sharedType), target, b);
  if (failed(access))
    return failure();
  for (unsigned reg = 0; reg < values.size(); ++reg) {
    if (reg & (access->plan.mask() | access->repeatedRegisters))
      continue;
    SmallVector<Value> vector;
    for (unsigned j = 0; j < access->plan.elements(); ++j)
      vector.push_back(toSharedValue(
          b, loc, values[access->plan.spread(reg, j)], sharedType));
    Value offset = access->threadOffset.withRegister(
        b, loc, getRegisterOffset(access->map, reg));
    storeSharedVector(b, loc, object.base, offset, vector, sharedType, target,
                      access->padding);
  }
  return success();
}

/// Loads a tensor's elements from a buffer.
FailureOr<SmallVector<Value>>
loadTensor(Operation *op, RankedTensorType tensorType, MemDescType memType,
           const SharedMemoryObject &object,
           const TritonGPUToLLVMTypeConverter &converter,
           const TargetInfoBase &target, OpBuilder &b) {
  Location loc = op->getLoc();
  Type sharedType =
      getSharedElementType(converter, tensorType.getElementType());
  Type registerType = converter.convertElementType(tensorType.getElementType());
  // 16-bit tiles whose rows are 16 contiguous bytes (mma operands from
  // swizzled buffers) load as whole 8 x 8 matrices where the target can.
  if (std::optional<std::pair<OffsetMap, SharedMemoryLayout>> mapped =
          mapDistributedIfPossible(tensorType, memType)) {
    auto &[map, layout] = *mapped;
    if (std::optional<MatrixLoadPlan> plan = planMatrixLoads(
            map, layout.getViewOffsetMask(), sharedType, target)) {
      LaneAndWarp thread = getLaneAndWarp(b, loc, target);
      return emitMatrixLoads(b, loc, *plan, map, object.base,
                             layout.emitViewOffset(b, loc, object.offsets),
                             layout.getViewOffsetMask(), thread, sharedType,
                             registerType, target);
    }
  }
  FailureOr<TensorAccess> access =
      planTensorAccess(op, tensorType, memType, object,
                       getSharedElementBytes(sharedType), target, b);
  if (failed(access))
    return failure();
  unsigned count = 1u << access->map.registers.size();
  SmallVector<Value> results(count);
  for (unsigned reg = 0; reg < count; ++reg) {
    if (reg & (access->plan.mask() | access->repeatedRegisters))
      continue;
    Value offset = access->threadOffset.withRegister(
        b, loc, getRegisterOffset(access->map, reg));
    SmallVector<Value> loaded =
        loadSharedVector(b, loc, object.base, offset, access->plan.elements(),
                         sharedType, target, access->padding);
    for (unsigned j = 0; j < access->plan.elements(); ++j)
      results[access->plan.spread(reg, j)] =
          fromSharedValue(b, loc, loaded[j], registerType);
  }
  for (unsigned reg = 0; reg < count; ++reg)
    if (reg & access->repeatedRegisters)
      results[reg] = results[reg & ~access->repeatedRegisters];
  return results;
}

template <typename SourceOp>
struct SharedMemoryPattern : ConvertOpToLLVMPattern<SourceOp> {
  SharedMemoryPattern(TritonGPUToLLVMTypeConverter &converter,
                      const TargetInfoBase &target)
      : ConvertOpToLLVMPattern<SourceOp>(converter), target(target) {}

  const TritonGPUToLLVMTypeConverter &converter() const {
    return *static_cast<const TritonGPUToLLVMTypeConverter *>(
        this->getTypeConverter());
  }

  const TargetInfoBase &target;
};

struct LocalAllocOpPattern : SharedMemoryPattern<ttg::LocalAllocOp> {
  using SharedMemoryPattern::SharedMemoryPattern;

  LogicalResult
  matchAndRewrite(ttg::LocalAllocOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    MemDescType type = op.getType();
    if (!isa_and_nonnull<ttg::SharedMemorySpaceAttr>(type.getMemorySpace()))
      return op.emitError(
          "ttg.local_alloc outside shared memory is not supported yet by the "
          "LLVM lowering");
    std::optional<int64_t> offset = getAllocationOffset(op);
    if (!offset)
      return op.emitError("ttg.local_alloc has no allocation.offset: run "
                          "-allocate-shared-memory first");
    Location loc = op.getLoc();
    SharedMemoryObject object;
    object.base = getSharedMemoryBase(rewriter, loc, *offset);
    object.offsets.assign(type.getRank(), createI32Constant(rewriter, loc, 0));
    if (Value src = op.getSrc()) {
      SmallVector<Value> values =
          unpackLLElements(loc, adaptor.getSrc(), rewriter);
      if (failed(storeTensor(op, cast<RankedTensorType>(src.getType()), values,
                             type, object, converter(), target, rewriter)))
        return failure();
    }
    rewriter.replaceOp(
        op, packSharedMemoryObject(
                rewriter, loc, getTypeConverter()->convertType(type), object));
    return success();
  }
};

struct LocalStoreOpPattern : SharedMemoryPattern<ttg::LocalStoreOp> {
  using SharedMemoryPattern::SharedMemoryPattern;

  LogicalResult
  matchAndRewrite(ttg::LocalStoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    SharedMemoryObject object =
        unpackSharedMemoryObject(rewriter, loc, adaptor.getDst());
    SmallVector<Value> values =
        unpackLLElements(loc, adaptor.getSrc(), rewriter);
    if (failed(storeTensor(op, op.getSrc().getType(), values,
                           op.getDst().getType(), object, converter(), target,
                           rewriter)))
      return failure();
    rewriter.eraseOp(op);
    return success();
  }
};

struct LocalLoadOpPattern : SharedMemoryPattern<ttg::LocalLoadOp> {
  using SharedMemoryPattern::SharedMemoryPattern;

  LogicalResult
  matchAndRewrite(ttg::LocalLoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    SharedMemoryObject object =
        unpackSharedMemoryObject(rewriter, loc, adaptor.getSrc());
    FailureOr<SmallVector<Value>> values =
        loadTensor(op, op.getType(), op.getSrc().getType(), object, converter(),
                   target, rewriter);
    if (failed(values))
      return failure();
    rewriter.replaceOp(op, packLLElements(loc, getTypeConverter(), *values,
                                          rewriter, op.getType()));
    return success();
  }
};

struct LocalDeallocOpPattern : ConvertOpToLLVMPattern<ttg::LocalDeallocOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(ttg::LocalDeallocOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.eraseOp(op);
    return success();
  }
};

/// Bit `bit` of coordinate `dim` as a coordinate vector of rank `rank`.
SmallVector<int32_t> unitCoords(unsigned rank, unsigned dim, unsigned bit) {
  SmallVector<int32_t> coords(rank, 0);
  coords[dim] = 1 << bit;
  return coords;
}

/// Whether result coordinate bit (d, b) sits where source coordinate bit
/// (sourceDim(d), b) does, for every bit of the result's layout shape.
bool describesSameMemory(const SharedMemoryLayout &source,
                         const SharedMemoryLayout &result,
                         llvm::function_ref<unsigned(unsigned)> sourceDim) {
  ArrayRef<int64_t> resultShape = result.getLayoutShape();
  ArrayRef<int64_t> sourceShape = source.getLayoutShape();
  if (source.getPadding() != result.getPadding())
    return false;
  for (unsigned d = 0; d < resultShape.size(); ++d) {
    unsigned s = sourceDim(d);
    if (sourceShape[s] != resultShape[d])
      return false;
    for (unsigned bit = 0, e = log2Exact(resultShape[d]); bit < e; ++bit)
      if (result.getOffset(unitCoords(resultShape.size(), d, bit)) !=
          source.getOffset(unitCoords(sourceShape.size(), s, bit)))
        return false;
  }
  return true;
}

/// Whether field `position` of the memdesc struct `value` is the constant
/// zero, looking through the insertvalue chain or placeholder that built it.
bool isKnownZeroField(Value value, int64_t position) {
  if (auto cast = value.getDefiningOp<UnrealizedConversionCastOp>())
    if (isPackedElements(cast))
      return matchPattern(cast.getInputs()[position], m_Zero());
  while (auto insert = value.getDefiningOp<LLVM::InsertValueOp>()) {
    if (insert.getPosition() == ArrayRef<int64_t>{position})
      return matchPattern(insert.getValue(), m_Zero());
    value = insert.getContainer();
  }
  return false;
}

struct MemDescIndexOpPattern : SharedMemoryPattern<ttg::MemDescIndexOp> {
  using SharedMemoryPattern::SharedMemoryPattern;

  LogicalResult
  matchAndRewrite(ttg::MemDescIndexOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    MemDescType srcType = op.getSrc().getType(), dstType = op.getType();
    FailureOr<SharedMemoryLayout> source = getLayoutOrError(op, srcType);
    FailureOr<SharedMemoryLayout> result = getLayoutOrError(op, dstType);
    if (failed(source) || failed(result))
      return failure();
    // Buffer i is the block of elements [i * S, (i + 1) * S) of the
    // source's memory (S elements per buffer), laid out as the result's
    // encoding says, whatever the source's encoding does with its leading
    // dimension (Triton reads memdesc_index so).
    int64_t resultElements = 1;
    for (int64_t size : result->getLayoutShape())
      resultElements *= size;
    if (resultElements != source->getSliceElements())
      return op.emitError()
             << "ttg.memdesc_index whose result spans " << resultElements
             << " elements, not one buffer of its source ("
             << source->getSliceElements() << "), is not supported by the "
             << "LLVM lowering";
    Location loc = op.getLoc();
    Value stride = createI32Constant(rewriter, loc, source->getSliceElements());
    Value elements =
        LLVM::MulOp::create(rewriter, loc, adaptor.getIndex(), stride);
    SharedMemoryObject object =
        unpackSharedMemoryObject(rewriter, loc, adaptor.getSrc());
    // A subslice may have moved the view along the leading dimension; an
    // alloc's struct holds a constant zero there, which adds nothing.
    if (!isKnownZeroField(adaptor.getSrc(), 1))
      elements = LLVM::AddOp::create(
          rewriter, loc, elements,
          LLVM::MulOp::create(rewriter, loc, object.offsets.front(), stride));
    // A padded buffer's padding is additive over whole buffers when each
    // buffer is a whole number of intervals: buffer i then starts at
    // i * S plus i * S's padding.
    if (source->getPadding() != result->getPadding())
      return op.emitError("ttg.memdesc_index whose result is padded otherwise "
                          "than its source is not supported by the LLVM "
                          "lowering");
    for (const SharedPadding &p : source->getPadding())
      if (source->getSliceElements() % (int64_t(1) << p.intervalLog2))
        return op.emitError()
               << "ttg.memdesc_index of buffers of "
               << source->getSliceElements()
               << " elements, not a whole number of padding intervals ("
               << (int64_t(1) << p.intervalLog2)
               << "), is not supported yet by the LLVM lowering";
    Type sharedType =
        getSharedElementType(converter(), srcType.getElementType());
    object.base = getSharedAddress(rewriter, loc, object.base, elements,
                                   sharedType, target, source->getPadding());
    object.offsets.erase(object.offsets.begin());
    rewriter.replaceOp(
        op, packSharedMemoryObject(rewriter, loc,
                                   getTypeConverter()->convertType(dstType),
                                   object));
    return success();
  }
};

struct MemDescSubsliceOpPattern : SharedMemoryPattern<ttg::MemDescSubsliceOp> {
  using SharedMemoryPattern::SharedMemoryPattern;

  LogicalResult
  matchAndRewrite(ttg::MemDescSubsliceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    MemDescType srcType = op.getSrc().getType(), dstType = op.getType();
    FailureOr<SharedMemoryLayout> source = getLayoutOrError(op, srcType);
    FailureOr<SharedMemoryLayout> result = getLayoutOrError(op, dstType);
    if (failed(source) || failed(result))
      return failure();
    for (auto [offset, size] : llvm::zip(op.getOffsets(), dstType.getShape()))
      if (offset % size != 0)
        return op.emitError() << "ttg.memdesc_subslice at offset " << offset
                              << ", not a multiple of the slice size " << size
                              << ", is not supported yet by the LLVM lowering";
    if (!describesSameMemory(*source, *result, [](unsigned d) { return d; }))
      return op.emitError(
          "ttg.memdesc_subslice whose result layout differs from its "
          "source's is not supported yet by the LLVM lowering");
    Location loc = op.getLoc();
    SharedMemoryObject object =
        unpackSharedMemoryObject(rewriter, loc, adaptor.getSrc());
    for (auto [d, offset] : llvm::enumerate(op.getOffsets()))
      if (offset != 0)
        object.offsets[d] =
            LLVM::AddOp::create(rewriter, loc, object.offsets[d],
                                createI32Constant(rewriter, loc, offset));
    rewriter.replaceOp(
        op, packSharedMemoryObject(rewriter, loc,
                                   getTypeConverter()->convertType(dstType),
                                   object));
    return success();
  }
};

struct MemDescTransOpPattern : SharedMemoryPattern<ttg::MemDescTransOp> {
  using SharedMemoryPattern::SharedMemoryPattern;

  LogicalResult
  matchAndRewrite(ttg::MemDescTransOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    MemDescType srcType = op.getSrc().getType(), dstType = op.getType();
    FailureOr<SharedMemoryLayout> source = getLayoutOrError(op, srcType);
    FailureOr<SharedMemoryLayout> result = getLayoutOrError(op, dstType);
    if (failed(source) || failed(result))
      return failure();
    ArrayRef<int32_t> order = op.getOrder();
    if (!describesSameMemory(*source, *result,
                             [&](unsigned d) { return order[d]; }))
      return op.emitError(
          "ttg.memdesc_trans whose result encoding does not describe its "
          "source's memory is not supported yet by the LLVM lowering");
    Location loc = op.getLoc();
    SharedMemoryObject object =
        unpackSharedMemoryObject(rewriter, loc, adaptor.getSrc());
    SmallVector<Value> offsets;
    for (int32_t d : order)
      offsets.push_back(object.offsets[d]);
    object.offsets = offsets;
    rewriter.replaceOp(
        op, packSharedMemoryObject(rewriter, loc,
                                   getTypeConverter()->convertType(dstType),
                                   object));
    return success();
  }
};

struct MemDescReshapeOpPattern : SharedMemoryPattern<ttg::MemDescReshapeOp> {
  using SharedMemoryPattern::SharedMemoryPattern;

  LogicalResult
  matchAndRewrite(ttg::MemDescReshapeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    MemDescType srcType = op.getSrc().getType(), dstType = op.getType();
    FailureOr<SharedMemoryLayout> source = getLayoutOrError(op, srcType);
    FailureOr<SharedMemoryLayout> result = getLayoutOrError(op, dstType);
    if (failed(source) || failed(result))
      return failure();
    if (source->getLayoutShape() != source->getShape() ||
        result->getLayoutShape() != result->getShape())
      return op.emitError(
          "ttg.memdesc_reshape of a view of part of a buffer is not supported "
          "yet by the LLVM lowering");
    if (source->getPadding() != result->getPadding())
      return op.emitError(
          "ttg.memdesc_reshape whose result is padded otherwise than its "
          "source is not supported by the LLVM lowering");
    // Same row-major element, same offset.
    ArrayRef<int64_t> srcShape = srcType.getShape(),
                      dstShape = dstType.getShape();
    auto coordsOf = [](uint64_t flat, ArrayRef<int64_t> shape) {
      SmallVector<int32_t> coords(shape.size());
      for (int d = shape.size() - 1; d >= 0; --d) {
        coords[d] = flat & (shape[d] - 1);
        flat >>= log2Exact(shape[d]);
      }
      return coords;
    };
    unsigned totalBits = 0;
    for (int64_t size : srcShape)
      totalBits += log2Exact(size);
    for (unsigned bit = 0; bit < totalBits; ++bit)
      if (source->getOffset(coordsOf(uint64_t(1) << bit, srcShape)) !=
          result->getOffset(coordsOf(uint64_t(1) << bit, dstShape)))
        return op.emitError(
            "ttg.memdesc_reshape whose result encoding does not describe its "
            "source's memory is not supported yet by the LLVM lowering");
    Location loc = op.getLoc();
    SharedMemoryObject object =
        unpackSharedMemoryObject(rewriter, loc, adaptor.getSrc());
    object.offsets.assign(dstType.getRank(),
                          createI32Constant(rewriter, loc, 0));
    rewriter.replaceOp(
        op, packSharedMemoryObject(rewriter, loc,
                                   getTypeConverter()->convertType(dstType),
                                   object));
    return success();
  }
};

/// The bytes of a buffer (or of a view's origin onwards) as a new buffer of
/// another type and encoding: the view's offset goes into the base pointer
/// and the result starts whole (zero coordinate offsets).
struct MemDescReinterpretOpPattern
    : SharedMemoryPattern<ttg::MemDescReinterpretOp> {
  using SharedMemoryPattern::SharedMemoryPattern;

  LogicalResult
  matchAndRewrite(ttg::MemDescReinterpretOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    MemDescType srcType = op.getSrc().getType(), dstType = op.getType();
    FailureOr<SharedMemoryLayout> source =
        getLayoutOrError(op, srcType, /*allowPadding=*/false);
    if (failed(source))
      return failure();
    Location loc = op.getLoc();
    SharedMemoryObject object =
        unpackSharedMemoryObject(rewriter, loc, adaptor.getSrc());
    Value offset = source->emitViewOffset(rewriter, loc, object.offsets);
    if (!offset)
      offset = createI32Constant(rewriter, loc, 0);
    Type sharedType =
        getSharedElementType(converter(), srcType.getElementType());
    object.base =
        LLVM::GEPOp::create(rewriter, loc, object.base.getType(), sharedType,
                            object.base, ArrayRef<LLVM::GEPArg>{offset});
    object.offsets.assign(dstType.getRank(),
                          createI32Constant(rewriter, loc, 0));
    rewriter.replaceOp(
        op, packSharedMemoryObject(rewriter, loc,
                                   getTypeConverter()->convertType(dstType),
                                   object));
    return success();
  }
};

struct BarrierOpPattern : SharedMemoryPattern<ttg::BarrierOp> {
  using SharedMemoryPattern::SharedMemoryPattern;

  LogicalResult
  matchAndRewrite(ttg::BarrierOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    // local = 1, global_read = 2, global_write = 4: a CTA barrier orders
    // shared and global accesses of the CTA's threads. The tensor (async
    // proxy) spaces need proxy fences.
    if (op.getAddrSpace() & ~7u)
      return op.emitError(
          "ttg.barrier on the tensor address spaces is not supported yet by "
          "the LLVM lowering");
    target.barrier(rewriter, op.getLoc());
    rewriter.eraseOp(op);
    return success();
  }
};

/// ttg.local_barrier (the barrier analysis's, Triton 3.6's op) and
/// gpu.barrier (tl.debug_barrier) are the target's barrier too.
struct LocalBarrierOpPattern : SharedMemoryPattern<ttg::LocalBarrierOp> {
  using SharedMemoryPattern::SharedMemoryPattern;

  LogicalResult
  matchAndRewrite(ttg::LocalBarrierOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    target.barrier(rewriter, op.getLoc());
    rewriter.eraseOp(op);
    return success();
  }
};

struct GPUBarrierOpPattern : SharedMemoryPattern<mlir::gpu::BarrierOp> {
  using SharedMemoryPattern::SharedMemoryPattern;

  LogicalResult
  matchAndRewrite(mlir::gpu::BarrierOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    target.barrier(rewriter, op.getLoc());
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void mlir::triton::populateMemoryOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &converter, RewritePatternSet &patterns,
    const TargetInfoBase &target) {
  patterns
      .add<LocalAllocOpPattern, LocalStoreOpPattern, LocalLoadOpPattern,
           MemDescIndexOpPattern, MemDescSubsliceOpPattern,
           MemDescTransOpPattern, MemDescReshapeOpPattern,
           MemDescReinterpretOpPattern, BarrierOpPattern,
           LocalBarrierOpPattern, GPUBarrierOpPattern>(
          converter, target);
  patterns.add<LocalDeallocOpPattern>(converter);
}
