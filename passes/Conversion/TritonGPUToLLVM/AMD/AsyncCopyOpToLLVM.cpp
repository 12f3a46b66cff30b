//===- AsyncCopyOpToLLVM.cpp - Direct-to-LDS copies on gfx942 -------------===//
//
// ttg.async_copy_global_to_local as gfx942's `global_load_lds_dword`: each
// lane of a wave reads 4 bytes from its own global address, and the hardware
// writes lane i's 4 bytes to LDS at one wave-uniform address (M0) plus 4 * i.
// The instruction cannot scatter, so a copy lowers only where the shared
// layout already puts each vector of 4 bytes of lane i at the wave's address
// plus 4 * i (for every register and warp); 1- and 2-byte pieces would be
// widened to 4 by the hardware and overwrite their neighbours, wider ones do
// not exist on gfx942 (gfx90a has no LDS-DMA from global at all). Where a
// copy cannot be made of these, the pattern does not apply and the op fails
// to legalize at its location.
//
// A masked-off lane skips the load (a branch); with `other`, it stores
// `other` into its own slot instead, since the skipped load writes nothing.
// ttg.async_commit_group needs no instruction (the hardware counts the loads
// themselves); ttg.async_wait waits until every outstanding load has landed
// (vmcnt 0), which covers any number of groups the op allows to stay in
// flight.
//
//===----------------------------------------------------------------------===//

#include "dialects/TritonGPU/IR/Dialect.h"
#include "passes/Conversion/TritonGPUToLLVM/AMD/MemoryAccess.h"
#include "passes/Conversion/TritonGPUToLLVM/AMD/Patterns.h"
#include "passes/Conversion/TritonGPUToLLVM/AMD/TargetInfo.h"
#include "passes/Conversion/TritonGPUToLLVM/common/ElementUtility.h"
#include "passes/Conversion/TritonGPUToLLVM/common/SharedMemoryUtility.h"
#include "passes/Conversion/TritonGPUToLLVM/common/Utility.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace mlir::triton;
namespace ttg = mlir::triton::gpu;
using ttg::LinearLayout;

namespace {

/// The bytes one lane moves per global_load_lds on gfx942.
constexpr unsigned kLdsDmaBytes = 4;

struct AsyncCopyGlobalToLocalOpPattern
    : ConvertOpToLLVMPattern<ttg::AsyncCopyGlobalToLocalOp> {
  AsyncCopyGlobalToLocalOpPattern(TritonGPUToLLVMTypeConverter &converter,
                                  const amd::TargetInfo &target,
                                  const AccessWidths &widths)
      : ConvertOpToLLVMPattern(converter), target(target), widths(widths) {}

  LogicalResult
  matchAndRewrite(ttg::AsyncCopyGlobalToLocalOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (target.getArch() != "gfx942")
      return rewriter.notifyMatchFailure(
          op, "no LDS-DMA load from global memory on this GPU");
    auto converter =
        static_cast<const TritonGPUToLLVMTypeConverter *>(getTypeConverter());
    auto srcType = cast<RankedTensorType>(op.getSrc().getType());
    ttg::MemDescType memType = op.getResult().getType();
    std::string reason;
    std::optional<SharedMemoryLayout> layout =
        SharedMemoryLayout::get(memType, reason);
    if (!layout)
      return rewriter.notifyMatchFailure(op, reason);
    std::optional<LinearLayout> distributed = getDistributedLayout(srcType);
    if (!distributed || distributed->getInDimSize("block") != 1)
      return rewriter.notifyMatchFailure(
          op, "pointers without a single-CTA distributed layout");
    Type sharedType =
        getSharedElementType(*converter, memType.getElementType());
    unsigned elementBytes = getSharedElementBytes(sharedType);
    if (elementBytes > kLdsDmaBytes || kLdsDmaBytes % elementBytes != 0)
      return rewriter.notifyMatchFailure(op, "elements wider than 4 bytes");
    unsigned vector = kLdsDmaBytes / elementBytes;

    // The global side: `vector` contiguous, aligned elements under one mask
    // (axis info, or the pipeliner's `contiguity` for the load it replaced).
    auto it = widths.find(op);
    unsigned globalWidth = it == widths.end() ? 1 : it->second;
    globalWidth = std::max<unsigned>(globalWidth, op.getContiguity());
    if (globalWidth < vector)
      return rewriter.notifyMatchFailure(op, "pieces of fewer than 4 bytes");

    // The shared side: registers 0 .. vector-1 consecutive, lane i's vector
    // at vector * i, and nothing else (other registers, warps, the view's
    // run-time offset) touching the offset bits below 64 vectors, so that the
    // lane part adds to the wave's address instead of mixing with it.
    OffsetMap map = layout->mapDistributed(*distributed);
    VectorPlan plan = planVectors(map, vector, layout->getViewOffsetMask());
    for (unsigned i = 0; i < plan.registerBits.size(); ++i)
      if (plan.registerBits[i] != i)
        return rewriter.notifyMatchFailure(op, "registers not contiguous");
    if (plan.elements() != vector)
      return rewriter.notifyMatchFailure(op, "pieces of fewer than 4 bytes");
    unsigned waveLanes = target.getWarpSize();
    if (map.lanes.size() != llvm::Log2_32(waveLanes))
      return rewriter.notifyMatchFailure(op, "a layout of another lane count");
    for (auto [i, offset] : llvm::enumerate(map.lanes))
      if (offset != static_cast<int64_t>(vector) << i)
        return rewriter.notifyMatchFailure(
            op, "lanes not in consecutive 4-byte slots of LDS");
    int64_t laneSpan = static_cast<int64_t>(vector) * waveLanes - 1;
    int64_t otherBits = layout->getViewOffsetMask();
    for (auto [bit, offset] : llvm::enumerate(map.registers))
      if (bit >= plan.registerBits.size())
        otherBits |= offset;
    for (int64_t offset : map.warps)
      otherBits |= offset;
    if (otherBits & laneSpan)
      return rewriter.notifyMatchFailure(
          op, "registers or warps interleave with the lanes' slots");

    Location loc = op.getLoc();
    SharedMemoryObject object =
        unpackSharedMemoryObject(rewriter, loc, adaptor.getResult());
    LaneAndWarp thread = getLaneAndWarp(rewriter, loc, target);
    // The wave's part of the address: the lane bits left out (lane 0's).
    LaneAndWarp lane0{createI32Constant(rewriter, loc, 0), thread.warp};
    ThreadOffset waveOffset =
        emitThreadOffset(rewriter, loc, map, lane0,
                         layout->emitViewOffset(rewriter, loc, object.offsets),
                         layout->getViewOffsetMask());
    Value owner = getUniqueOwnerPredicate(rewriter, loc, *distributed, thread);
    unsigned repeated = getBroadcastRegisterMask(*distributed);
    SmallVector<Value> ptrs = unpackLLElements(loc, adaptor.getSrc(), rewriter);
    SmallVector<Value> masks, others;
    if (adaptor.getMask())
      masks = unpackLLElements(loc, adaptor.getMask(), rewriter);
    if (adaptor.getMask() && adaptor.getOther())
      others = unpackLLElements(loc, adaptor.getOther(), rewriter);
    int32_t policy =
        amd::getCachePolicy(op.getCache(), /*isLoad=*/true, target.getArch());
    Value laneSlot = LLVM::MulOp::create(
        rewriter, loc, thread.lane, createI32Constant(rewriter, loc, vector));

    for (unsigned reg = 0; reg < ptrs.size(); ++reg) {
      if (reg & (plan.mask() | repeated))
        continue;
      Value offset =
          waveOffset.withRegister(rewriter, loc, getRegisterOffset(map, reg));
      Value waveDst =
          LLVM::GEPOp::create(rewriter, loc, object.base.getType(), sharedType,
                              object.base, ArrayRef<LLVM::GEPArg>{offset});
      Value mask = masks.empty() ? Value() : masks[reg];
      if (mask && matchPattern(mask, m_One()))
        mask = Value();
      Value predicate = mask;
      if (owner)
        predicate = predicate
                        ? LLVM::AndOp::create(rewriter, loc, predicate, owner)
                              .getResult()
                        : owner;
      auto load = [&]() {
        ROCDL::GlobalLoadLDSOp::create(rewriter, loc, ptrs[reg], waveDst,
                                       kLdsDmaBytes, /*offset=*/0, policy,
                                       nullptr, nullptr, nullptr);
      };
      if (predicate)
        emitIf(rewriter, loc, predicate, load);
      else
        load();
      if (!mask || others.empty())
        continue;
      // The lane's own slot gets `other` where the load was skipped.
      Value fill = LLVM::XOrOp::create(rewriter, loc, mask,
                                       createI1Constant(rewriter, loc, true));
      if (owner)
        fill = LLVM::AndOp::create(rewriter, loc, fill, owner);
      SmallVector<Value> values;
      for (unsigned j = 0; j < vector; ++j)
        values.push_back(
            toSharedValue(rewriter, loc, others[reg + j], sharedType));
      emitIf(rewriter, loc, fill, [&]() {
        storeSharedVector(rewriter, loc, waveDst, laneSlot, values, sharedType);
      });
    }
    rewriter.replaceOp(op, createI32Constant(rewriter, loc, 0));
    return success();
  }

  const amd::TargetInfo &target;
  const AccessWidths &widths;
};

struct AsyncCommitGroupOpPattern
    : ConvertOpToLLVMPattern<ttg::AsyncCommitGroupOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(ttg::AsyncCommitGroupOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, createI32Constant(rewriter, op.getLoc(), 0));
    return success();
  }
};

struct AsyncWaitOpPattern : ConvertOpToLLVMPattern<ttg::AsyncWaitOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(ttg::AsyncWaitOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    ROCDL::SWaitcntOp::create(rewriter, loc, amd::getVmcntWaitBits(0));
    rewriter.replaceOp(op, createI32Constant(rewriter, loc, 0));
    return success();
  }
};

} // namespace

void mlir::triton::amd::populateAsyncCopyOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &converter, RewritePatternSet &patterns,
    const TargetInfo &target, const AccessWidths &widths) {
  patterns.add<AsyncCopyGlobalToLocalOpPattern>(converter, target, widths);
  patterns.add<AsyncCommitGroupOpPattern, AsyncWaitOpPattern>(converter);
}
