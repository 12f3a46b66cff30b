//===- GatherOpToLLVM.cpp - tt.gather with shuffles or shared memory ------===//
//
// `result[c] = src[c with c[axis] = indices[c]]`, indices reduced modulo the
// axis size (a power of two), so an out-of-range index names some element of
// the row instead of anything outside the source.
//
// When every element a result element can name is held within its warp
// (gpu::isWarpLocalGather, which the allocation asks too), warp shuffles
// (WarpLocalGather.cpp). Otherwise every thread stores its source elements
// into the op's scratch (row-major, in vectors of the registers that are
// contiguous there), a barrier, and every thread loads the element each of
// its index registers names.
//
//===----------------------------------------------------------------------===//

#include "dialects/Triton/IR/Dialect.h"
#include "passes/Analysis/Allocation.h"
#include "passes/Conversion/TritonGPUToLLVM/common/Patterns.h"
#include "passes/Conversion/TritonGPUToLLVM/common/SharedMemoryUtility.h"
#include "passes/Conversion/TritonGPUToLLVM/common/WarpLocalGather.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"

using namespace mlir;
using namespace mlir::triton;
using gpu::LinearLayout;

namespace {

struct GatherOpPattern : ConvertOpToLLVMPattern<GatherOp> {
  GatherOpPattern(TritonGPUToLLVMTypeConverter &converter,
                  const TargetInfoBase &target)
      : ConvertOpToLLVMPattern(converter), target(target) {}

  LogicalResult
  matchAndRewrite(GatherOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    std::optional<LinearLayout> srcLayout =
        getDistributedLayout(op.getSrc().getType());
    std::optional<LinearLayout> idxLayout =
        getDistributedLayout(op.getIndices().getType());
    std::optional<LinearLayout> resultLayout =
        getDistributedLayout(op.getType());
    if (!srcLayout || !idxLayout || !resultLayout ||
        *idxLayout != *resultLayout || srcLayout->getInDimSize("block") != 1 ||
        resultLayout->getInDimSize("block") != 1)
      return op.emitError(
          "tt.gather whose index and result layouts differ (or lack a "
          "single-CTA linear layout) is not supported yet by the LLVM "
          "lowering");
    if (gpu::isWarpLocalGather(*srcLayout, *idxLayout, op.getAxis()))
      return lowerWarpLocalGather(
          op, adaptor.getSrc(), adaptor.getIndices(), *srcLayout, *resultLayout,
          *static_cast<const TritonGPUToLLVMTypeConverter *>(
              getTypeConverter()),
          target, rewriter);
    return lowerThroughSharedMemory(op, adaptor, *srcLayout, *resultLayout,
                                    rewriter);
  }

  LogicalResult
  lowerThroughSharedMemory(GatherOp op, OpAdaptor adaptor,
                           const LinearLayout &srcLayout,
                           const LinearLayout &resultLayout,
                           ConversionPatternRewriter &rewriter) const {
    auto converter =
        static_cast<const TritonGPUToLLVMTypeConverter *>(getTypeConverter());
    RankedTensorType srcType = op.getSrc().getType();
    std::optional<int64_t> scratchOffset = getAllocationOffset(op);
    Type sharedType =
        getSharedElementType(*converter, srcType.getElementType());
    unsigned elementBytes = getSharedElementBytes(sharedType);
    if (!scratchOffset ||
        getScratchSizeInBytes(op) < srcType.getNumElements() * elementBytes)
      return op.emitError(
          "tt.gather without shared-memory scratch for its source is not "
          "supported yet by the LLVM lowering (run -allocate-shared-memory)");
    Location loc = op.getLoc();
    Type registerType = converter->convertElementType(srcType.getElementType());
    ArrayRef<int64_t> srcShape = srcType.getShape();
    unsigned axis = op.getAxis();

    // Source into scratch: element (c) at its row-major index.
    Value base = getSharedMemoryBase(rewriter, loc, *scratchOffset);
    LaneAndWarp thread = getLaneAndWarp(rewriter, loc, target);
    OffsetMap map;
    for (uint64_t flat : getFlatBases(srcLayout, "register", srcShape))
      map.registers.push_back(flat);
    for (uint64_t flat : getFlatBases(srcLayout, "lane", srcShape))
      map.lanes.push_back(flat);
    for (uint64_t flat : getFlatBases(srcLayout, "warp", srcShape))
      map.warps.push_back(flat);
    VectorPlan plan = planVectors(map, std::max(1u, 16 / elementBytes));
    unsigned repeated = getBroadcastRegisterMask(srcLayout);
    ThreadOffset threadOffset =
        emitThreadOffset(rewriter, loc, map, thread, Value(), 0);
    SmallVector<Value> values =
        unpackLLElements(loc, adaptor.getSrc(), rewriter);
    for (unsigned reg = 0; reg < values.size(); ++reg) {
      if (reg & (plan.mask() | repeated))
        continue;
      SmallVector<Value> vector;
      for (unsigned j = 0; j < plan.elements(); ++j)
        vector.push_back(toSharedValue(
            rewriter, loc, values[plan.spread(reg, j)], sharedType));
      Value offset =
          threadOffset.withRegister(rewriter, loc, getRegisterOffset(map, reg));
      storeSharedVector(rewriter, loc, base, offset, vector, sharedType,
                        target);
    }
    target.barrier(rewriter, loc);

    // Each result register reads the element its index names.
    SmallVector<Value> indices =
        unpackLLElements(loc, adaptor.getIndices(), rewriter);
    SmallVector<SmallVector<Value>> coords =
        emitIndices(rewriter, loc, resultLayout, thread);
    SmallVector<Value> results;
    for (auto [reg, index] : llvm::enumerate(indices)) {
      Value position = getGatherIndexI32(rewriter, loc, index);
      position = LLVM::AndOp::create(
          rewriter, loc, position,
          createI32Constant(rewriter, loc, srcShape[axis] - 1));
      Value flat;
      unsigned shift = 0;
      for (int d = srcShape.size() - 1; d >= 0; --d) {
        Value coord = d == static_cast<int>(axis) ? position : coords[reg][d];
        if (shift != 0)
          coord = LLVM::ShlOp::create(rewriter, loc, coord,
                                      createI32Constant(rewriter, loc, shift));
        flat = flat ? LLVM::OrOp::create(rewriter, loc, flat, coord).getResult()
                    : coord;
        shift += log2Exact(srcShape[d]);
      }
      Value loaded =
          loadSharedVector(rewriter, loc, base, flat, 1, sharedType, target)
              .front();
      results.push_back(fromSharedValue(rewriter, loc, loaded, registerType));
    }
    rewriter.replaceOp(
        op, packLLElements(loc, converter, results, rewriter, op.getType()));
    return success();
  }

  const TargetInfoBase &target;
};

} // namespace

void mlir::triton::populateGatherOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &converter, RewritePatternSet &patterns,
    const TargetInfoBase &target) {
  patterns.add<GatherOpPattern>(converter, target);
}
