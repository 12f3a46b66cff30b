//===- OptimizeDotOperands.cpp - -tritongpu-optimize-dot-operands ---------===//
//
// Triton 3.6's rewrites of how dot operands reach the tensor cores, for
// NVIDIA's mma v2 and v3:
// - a transpose converted into an mma v2 operand is stored untransposed to
//   shared memory and read through a transposed view;
// - a transpose stored to shared memory for a dot becomes a transposed view
//   of the untransposed tensor's buffer (wgmma reads either orientation, so
//   no register transpose is needed);
// - a wgmma A operand stored to shared memory from an MMA v3 result is
//   converted to a register operand instead (no shared-memory round trip);
// - with hoist-layout-conversion, a conversion into a dot operand layout
//   moves above the elementwise op that feeds it when the chain starts at a
//   load or a constant, so the loaded data reaches the dot operand layout
//   before it is upcast or scaled.
//
//===----------------------------------------------------------------------===//

#include "passes/TritonGPU/Passes.h"

#include "dialects/TritonNvidiaGPU/IR/Dialect.h"
#include "passes/TritonGPU/SharedEncodings.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir {
namespace triton {
namespace gpu {
#define GEN_PASS_DEF_TRITONGPUOPTIMIZEDOTOPERANDS
#include "passes/TritonGPU/Passes.h.inc"
} // namespace gpu
} // namespace triton
} // namespace mlir

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {

bool isDotLike(Operation *op) {
  return isa<DotOp, nvidia_gpu::WarpGroupDotOp>(op);
}

/// The NVMMA layout of a 2-D buffer viewed with its dimensions swapped.
NVMMASharedEncodingAttr transposeEncoding(NVMMASharedEncodingAttr encoding) {
  return NVMMASharedEncodingAttr::get(
      encoding.getContext(), encoding.getSwizzlingByteWidth(),
      !encoding.getTransposed(), encoding.getElementBitWidth(),
      encoding.getFp4Padded(), encoding.getCGALayout(), encoding.getRank());
}

/// local_alloc(trans(x)) -> memdesc_trans(local_alloc(x)), for a buffer only
/// dots read (one or several: chunked linear attention's k^T is one dot's B
/// and another's A, one buffer for both, which makes the load of x a plain
/// pipelined dot operand): x is stored in its
/// own memory order, the view swaps the dimensions. For element types wgmma
/// cannot transpose (all but 16-bit floats) the view must keep the orientation
/// the dot was given.
struct FoldTransposeIntoSharedView : OpRewritePattern<LocalAllocOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(LocalAllocOp alloc,
                                PatternRewriter &rewriter) const override {
    if (!alloc.getSrc() || alloc->use_empty() ||
        !llvm::all_of(alloc->getUsers(),
                      [](Operation *user) { return isDotLike(user); }))
      return failure();
    auto trans = alloc.getSrc().getDefiningOp<TransOp>();
    if (!trans || trans.getOrder() != ArrayRef<int32_t>{1, 0})
      return failure();
    MemDescType allocType = alloc.getType();
    auto encoding = dyn_cast<NVMMASharedEncodingAttr>(allocType.getEncoding());
    if (!encoding || encoding.getFp4Padded())
      return failure();
    auto srcType = cast<RankedTensorType>(trans.getSrc().getType());
    auto inner = getNVMMASharedEncoding(
        getContext(), srcType.getShape(), getMemoryOrder(srcType),
        encoding.getCGALayout(), srcType.getElementType());
    NVMMASharedEncodingAttr viewed = transposeEncoding(inner);
    Type element = srcType.getElementType();
    if (!(element.isF16() || element.isBF16()) && viewed != encoding)
      return failure();
    auto innerType = MemDescType::get(srcType.getShape(), element, inner,
                                      allocType.getMemorySpace(),
                                      allocType.getMutableMemory());
    auto newAlloc = LocalAllocOp::create(rewriter, alloc.getLoc(), innerType,
                                         trans.getSrc());
    auto viewType = MemDescType::get(allocType.getShape(), element, viewed,
                                     allocType.getMemorySpace(),
                                     allocType.getMutableMemory());
    rewriter.replaceOpWithNewOp<MemDescTransOp>(
        alloc, viewType, newAlloc.getResult(), ArrayRef<int32_t>{1, 0});
    return success();
  }
};

/// convert(trans(x)) into an mma v2 operand that only a dot reads ->
/// local_load(memdesc_trans(local_alloc(x))): x is stored untransposed, in
/// its own memory order with the swizzle of the operand it becomes read
/// across (the other operand's), and the dot reads it through a transposed
/// view, as in Triton 3.6. The conversion went through shared memory
/// anyway; this way the register transpose is not needed for it.
struct TransposedOperandThroughSharedMemory : OpRewritePattern<ConvertLayoutOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ConvertLayoutOp cvt,
                                PatternRewriter &rewriter) const override {
    if (!cvt->hasOneUse() || !isa<DotOp>(*cvt->user_begin()))
      return failure();
    auto trans = cvt.getSrc().getDefiningOp<TransOp>();
    if (!trans || trans.getOrder() != ArrayRef<int32_t>{1, 0})
      return failure();
    auto operand = dyn_cast<DotOperandEncodingAttr>(cvt.getType().getEncoding());
    auto mma = operand ? dyn_cast<NvidiaMmaEncodingAttr>(operand.getParent())
                       : NvidiaMmaEncodingAttr();
    if (!mma || mma.getVersionMajor() != 2)
      return failure();
    // The layout x was converted from, if it was, says its memory order.
    RankedTensorType srcType = trans.getSrc().getType();
    if (auto srcCvt = trans.getSrc().getDefiningOp<ConvertLayoutOp>())
      srcType = srcCvt.getSrc().getType();
    auto across = DotOperandEncodingAttr::get(
        getContext(), 1 - operand.getOpIdx(), mma, operand.getKWidth());
    std::optional<SwizzledSharedEncodingAttr> shared =
        getDotOperandSharedLayout(srcType, across);
    if (!shared)
      return failure();
    rewriter.setInsertionPoint(trans);
    auto alloc = LocalAllocOp::create(
        rewriter, trans.getLoc(),
        MemDescType::get(srcType.getShape(), srcType.getElementType(), *shared,
                         SharedMemorySpaceAttr::get(getContext())),
        trans.getSrc());
    // The view swaps the two dimensions, and with them the memory order.
    SmallVector<unsigned> viewOrder;
    for (unsigned dim : shared->getOrder())
      viewOrder.push_back(1 - dim);
    BasisList viewCGA = shared->getCGALayout();
    for (SmallVector<int32_t> &basis : viewCGA.bases)
      if (basis.size() == 2)
        std::swap(basis[0], basis[1]);
    auto viewed = SwizzledSharedEncodingAttr::get(
        getContext(), shared->getVec(), shared->getPerPhase(),
        shared->getMaxPhase(), viewOrder, viewCGA);
    RankedTensorType transType = trans.getType();
    auto view = MemDescTransOp::create(
        rewriter, trans.getLoc(),
        MemDescType::get(transType.getShape(), transType.getElementType(),
                         viewed, SharedMemorySpaceAttr::get(getContext())),
        alloc, ArrayRef<int32_t>{1, 0});
    rewriter.replaceOpWithNewOp<LocalLoadOp>(cvt, cvt.getType(), view,
                                             Value());
    return success();
  }
};

/// A wgmma whose A is stored to shared memory from an MMA v3 result of the
/// same warps takes A from registers: with warps only along M, each warp
/// already holds the rows of A it multiplies (16- and 8-bit data).
struct UseRegisterOperandForMmaV3
    : OpRewritePattern<nvidia_gpu::WarpGroupDotOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(nvidia_gpu::WarpGroupDotOp dot,
                                PatternRewriter &rewriter) const override {
    auto alloc = dot.getA().getDefiningOp<LocalAllocOp>();
    if (!alloc || !alloc.getSrc())
      return failure();
    auto srcType = cast<RankedTensorType>(alloc.getSrc().getType());
    auto srcMma = dyn_cast<NvidiaMmaEncodingAttr>(srcType.getEncoding());
    auto dotMma = dyn_cast<NvidiaMmaEncodingAttr>(dot.getType().getEncoding());
    if (!srcMma || !dotMma || srcMma.getVersionMajor() != 3 ||
        dotMma.getVersionMajor() != 3 ||
        srcMma.getWarpsPerCTA() != dotMma.getWarpsPerCTA() ||
        srcMma.getWarpsPerCTA()[1] != 1)
      return failure();
    unsigned bitWidth = srcType.getElementType().getIntOrFloatBitWidth();
    if (bitWidth != 16 && bitWidth != 8)
      return failure();
    auto operand =
        DotOperandEncodingAttr::get(getContext(), 0, dotMma, 32 / bitWidth);
    Value a = ConvertLayoutOp::create(rewriter, dot.getLoc(),
                                      srcType.cloneWithEncoding(operand),
                                      alloc.getSrc());
    rewriter.modifyOpInPlace(dot, [&] { dot.getAMutable().assign(a); });
    // An allocation is not trivially dead (it has a memory effect).
    if (alloc->use_empty())
      rewriter.eraseOp(alloc);
    return success();
  }
};

/// Elementwise ops a dot operand layout can be computed in: arith (but not
/// truncations, selects or i1-to-float), fp_to_fp, bitcast and pure one-input
/// inline assembly. Extensions are kept out of kWidth-1 operands, whose
/// kWidth was chosen for the narrow type.
bool canHoistThrough(Operation *op, DotOperandEncodingAttr operand) {
  bool pureUnaryAsm = false;
  if (auto asmOp = dyn_cast<ElementwiseInlineAsmOp>(op))
    pureUnaryAsm = asmOp.getPure() && op->getNumOperands() == 1 &&
                   op->getNumResults() == 1;
  if (!isa<FpToFpOp, BitcastOp>(op) && !pureUnaryAsm &&
      !isa<arith::ArithDialect>(op->getDialect()))
    return false;
  if (isa<arith::ExtFOp>(op) && operand.getKWidth() == 1)
    return false;
  if (isa<arith::TruncIOp, arith::TruncFOp, arith::SelectOp>(op))
    return false;
  if (isa<arith::UIToFPOp>(op) &&
      getElementTypeOrSelf(op->getOperand(0).getType()).isInteger(1))
    return false;
  return true;
}

/// convert(op(x, ...)) to an NVIDIA dot operand layout -> op(convert(x), ...)
/// when every op between the nearest load or constant and the conversion can
/// be computed in that layout.
struct HoistDotOperandConversion : OpRewritePattern<ConvertLayoutOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ConvertLayoutOp cvt,
                                PatternRewriter &rewriter) const override {
    auto cvtType = cast<RankedTensorType>(cvt.getType());
    auto operand = dyn_cast<DotOperandEncodingAttr>(cvtType.getEncoding());
    if (!operand || !isa<NvidiaMmaEncodingAttr>(operand.getParent()))
      return failure();
    Operation *src = cvt.getSrc().getDefiningOp();
    if (!src || src->getNumOperands() == 0 || src->getNumResults() != 1 ||
        src->getNumRegions() != 0)
      return failure();
    auto srcType = dyn_cast<RankedTensorType>(src->getResult(0).getType());
    if (!srcType || !llvm::all_of(src->getOperandTypes(), [&](Type type) {
          auto tensor = dyn_cast<RankedTensorType>(type);
          return tensor && tensor.getShape() == srcType.getShape();
        }))
      return failure();
    if (!canHoistThrough(src, operand))
      return failure();
    // Walking up from the conversion, every op up to the first load or
    // constant must be one the operand layout can be computed in.
    SetVector<Operation *> slice;
    BackwardSliceOptions options;
    options.omitBlockArguments = true;
    options.filter = [&](Operation *op) {
      return op->getParentRegion() == cvt->getParentRegion();
    };
    (void)getBackwardSlice(cvt.getOperation(), &slice, options);
    bool foundStart = false;
    for (Operation *op : llvm::reverse(slice)) {
      if (isa<LoadOp, arith::ConstantOp>(op)) {
        foundStart = true;
        break;
      }
      if (!canHoistThrough(op, operand))
        return failure();
    }
    if (!foundStart)
      return failure();
    SmallVector<Value> operands;
    for (Value value : src->getOperands()) {
      auto type = cast<RankedTensorType>(value.getType());
      operands.push_back(ConvertLayoutOp::create(
          rewriter, cvt.getLoc(), type.cloneWithEncoding(operand), value));
    }
    Operation *hoisted = rewriter.clone(*src);
    hoisted->setOperands(operands);
    hoisted->getResult(0).setType(srcType.cloneWithEncoding(operand));
    rewriter.replaceOp(cvt, hoisted->getResults());
    return success();
  }
};

struct TritonGPUOptimizeDotOperandsPass
    : public triton::gpu::impl::TritonGPUOptimizeDotOperandsBase<
          TritonGPUOptimizeDotOperandsPass> {
  using Base::Base;
  void runOnOperation() override {
    MLIRContext *context = &getContext();
    RewritePatternSet patterns(context);
    patterns.add<FoldTransposeIntoSharedView, UseRegisterOperandForMmaV3,
                 TransposedOperandThroughSharedMemory>(context);
    if (hoistLayoutConversion)
      patterns.add<HoistDotOperandConversion>(context);
    ConvertLayoutOp::getCanonicalizationPatterns(patterns, context);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
