//===- HistogramOpToLLVM.cpp - tt.histogram with shared-memory atomics ----===//
//
// The bins live in the op's scratch: every thread zeroes the bins its result
// registers hold (together they cover them all), a barrier, every element
// is counted once (by the one register, lane and warp that own it among
// those holding copies) with an atomic add on its bin, a barrier, and every
// thread reads its result bins. Values outside [0, bins) and masked-off
// elements are not counted, as the reference interpreter does. A thread
// whose element is not counted adds 0 to a bin of its lane's choosing, so
// that no branch is needed and no one bin takes every such add.
//
//===----------------------------------------------------------------------===//

#include "dialects/Triton/IR/Dialect.h"
#include "passes/Analysis/Allocation.h"
#include "passes/Conversion/TritonGPUToLLVM/common/Patterns.h"
#include "passes/Conversion/TritonGPUToLLVM/common/SharedMemoryUtility.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"

using namespace mlir;
using namespace mlir::triton;
using gpu::LinearLayout;

namespace {

struct HistogramOpPattern : ConvertOpToLLVMPattern<HistogramOp> {
  HistogramOpPattern(TritonGPUToLLVMTypeConverter &converter,
                     const TargetInfoBase &target)
      : ConvertOpToLLVMPattern(converter), target(target) {}

  LogicalResult
  matchAndRewrite(HistogramOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType srcType = op.getSrc().getType(), resultType = op.getType();
    std::optional<LinearLayout> srcLayout = getDistributedLayout(srcType);
    std::optional<LinearLayout> resultLayout = getDistributedLayout(resultType);
    if (!srcLayout || !resultLayout || srcLayout->getInDimSize("block") != 1 ||
        resultLayout->getInDimSize("block") != 1)
      return op.emitError(
          "tt.histogram without single-CTA linear layouts is not supported "
          "yet by the LLVM lowering");
    auto mask = op.getMask();
    auto maskType =
        mask ? dyn_cast<RankedTensorType>(mask.getType()) : RankedTensorType();
    if (maskType && getDistributedLayout(maskType) != srcLayout)
      return op.emitError(
          "tt.histogram whose mask layout differs from its source's is not "
          "supported yet by the LLVM lowering");
    int64_t numBins = resultType.getNumElements();
    unsigned binBits = resultType.getElementType().getIntOrFloatBitWidth();
    if (binBits != 32)
      return op.emitError(
          "tt.histogram with bins of other than 32 bits is not supported yet "
          "by the LLVM lowering");
    std::optional<int64_t> scratchOffset = getAllocationOffset(op);
    if (!scratchOffset || getScratchSizeInBytes(op) < numBins * 4)
      return op.emitError(
          "tt.histogram without shared-memory scratch for its bins is not "
          "supported yet by the LLVM lowering (run -allocate-shared-memory)");
    // Counting each element once needs the non-zero bases to be independent:
    // then only zero bases repeat elements.
    GF2Span span;
    for (StringRef dim : {"register", "lane", "warp"})
      for (uint64_t flat : getFlatBases(*srcLayout, dim, srcType.getShape()))
        if (flat && !span.insert(flat))
          return op.emitError(
              "tt.histogram of a layout that repeats elements other than by "
              "broadcasting is not supported yet by the LLVM lowering");

    Location loc = op.getLoc();
    Type i32 = rewriter.getI32Type();
    Value bins = getSharedMemoryBase(rewriter, loc, *scratchOffset);
    LaneAndWarp thread = getLaneAndWarp(rewriter, loc, target);
    auto binPointer = [&](Value index) {
      return LLVM::GEPOp::create(rewriter, loc, bins.getType(), i32, bins,
                                 ArrayRef<LLVM::GEPArg>{index});
    };

    SmallVector<SmallVector<Value>> resultCoords =
        emitIndices(rewriter, loc, *resultLayout, thread);
    Value zero = createI32Constant(rewriter, loc, 0);
    for (const SmallVector<Value> &coords : resultCoords)
      LLVM::StoreOp::create(rewriter, loc, zero, binPointer(coords[0]),
                            /*alignment=*/4);
    target.barrier(rewriter, loc);

    SmallVector<Value> values =
        unpackLLElements(loc, adaptor.getSrc(), rewriter);
    SmallVector<Value> masks;
    if (mask)
      masks = unpackLLElements(loc, adaptor.getMask(), rewriter);
    unsigned repeated = getBroadcastRegisterMask(*srcLayout);
    Value owner = getUniqueOwnerPredicate(rewriter, loc, *srcLayout, thread);
    Value spareBin =
        LLVM::AndOp::create(rewriter, loc, thread.lane,
                            createI32Constant(rewriter, loc, numBins - 1));
    Value one = createI32Constant(rewriter, loc, 1);
    for (auto [reg, value] : llvm::enumerate(values)) {
      if (reg & repeated)
        continue;
      // Compared as i64, where `numBins` fits whatever the value's width.
      Type i64 = rewriter.getI64Type();
      Value wide = value;
      if (value.getType().getIntOrFloatBitWidth() < 64)
        wide = LLVM::SExtOp::create(rewriter, loc, i64, value);
      Value belowEnd =
          LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::slt, wide,
                               createIntConstant(rewriter, loc, i64, numBins));
      Value notNegative =
          LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::sge, wide,
                               createIntConstant(rewriter, loc, i64, 0));
      Value inRange = LLVM::AndOp::create(rewriter, loc, notNegative, belowEnd);
      Value counted = inRange;
      if (!masks.empty())
        counted = LLVM::AndOp::create(
            rewriter, loc, counted, masks.size() == 1 ? masks[0] : masks[reg]);
      if (owner)
        counted = LLVM::AndOp::create(rewriter, loc, counted, owner);
      Value bin = LLVM::TruncOp::create(rewriter, loc, i32, wide);
      bin = LLVM::SelectOp::create(rewriter, loc, counted, bin, spareBin);
      Value increment =
          LLVM::SelectOp::create(rewriter, loc, counted, one, zero);
      LLVM::AtomicRMWOp::create(rewriter, loc, LLVM::AtomicBinOp::add,
                                binPointer(bin), increment,
                                LLVM::AtomicOrdering::monotonic);
    }
    target.barrier(rewriter, loc);

    SmallVector<Value> results;
    for (const SmallVector<Value> &coords : resultCoords)
      results.push_back(LLVM::LoadOp::create(rewriter, loc, i32,
                                             binPointer(coords[0]),
                                             /*alignment=*/4));
    rewriter.replaceOp(op, packLLElements(loc, getTypeConverter(), results,
                                          rewriter, resultType));
    return success();
  }

  const TargetInfoBase &target;
};

} // namespace

void mlir::triton::populateHistogramOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &converter, RewritePatternSet &patterns,
    const TargetInfoBase &target) {
  patterns.add<HistogramOpPattern>(converter, target);
}
