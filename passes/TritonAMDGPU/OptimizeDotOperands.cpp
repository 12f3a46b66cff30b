//===- OptimizeDotOperands.cpp - One LDS copy for a tile used two ways ----===//
//
// In attention backward passes one loaded tile feeds a dot directly and
// another dot through tt.trans. Each use converts the tile to its operand
// layout on its own, and each conversion goes through LDS. Staging the tile
// in LDS once (a local_alloc with the direct dot's operand swizzle) and
// reading it twice (a local_load into the direct operand, and one feeding
// the transpose's conversion) halves the LDS writes; the canonicalization of
// conversions then folds the second read's conversion into the local_load.
//
// Triton 3.6 also stages the scales of gfx950's scaled upcasts here; that
// architecture is not a target of this project.
//
//===----------------------------------------------------------------------===//

#include "passes/TritonAMDGPU/Passes.h"

#include "passes/TritonGPU/SharedEncodings.h"

#include "dialects/Triton/IR/Dialect.h"
#include "dialects/TritonGPU/IR/Dialect.h"

#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir {
namespace triton {
namespace amdgpu {
#define GEN_PASS_DEF_TRITONAMDGPUOPTIMIZEDOTOPERANDS
#include "passes/TritonAMDGPU/Passes.h.inc"
} // namespace amdgpu
} // namespace triton
} // namespace mlir

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {

/// Follows single-use conversions from `op` on; `used` becomes the value
/// the returned op takes. Null where a conversion has other uses.
Operation *skipConversions(Value &used, Operation *op) {
  while (isa<ConvertLayoutOp>(op)) {
    if (!op->hasOneUse())
      return nullptr;
    used = op->getResult(0);
    op = *op->getUsers().begin();
  }
  return op;
}

/// The operand index of `used` in `dot`, when it is A or B.
std::optional<unsigned> operandIndex(DotOp dot, Value used) {
  if (used == dot.getA())
    return 0;
  if (used == dot.getB())
    return 1;
  return std::nullopt;
}

struct ShareLoadedOperand : OpRewritePattern<LoadOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(LoadOp load,
                                PatternRewriter &rewriter) const override {
    auto loadType = dyn_cast<RankedTensorType>(load.getType());
    if (!loadType || llvm::range_size(load->getUsers()) < 2)
      return failure();
    DotOp direct, transposed;
    ConvertLayoutOp beforeTrans;
    std::optional<unsigned> directIdx, transIdx;
    for (Operation *user : load->getUsers()) {
      Value used = load.getResult();
      Operation *op = skipConversions(used, user);
      if (auto trans = dyn_cast_or_null<TransOp>(op)) {
        auto convert = trans.getSrc().getDefiningOp<ConvertLayoutOp>();
        if (!convert || !trans->hasOneUse())
          continue;
        Value out = trans.getResult();
        auto dot = dyn_cast_or_null<DotOp>(
            skipConversions(out, *trans->getUsers().begin()));
        if (!dot || !(transIdx = operandIndex(dot, out)))
          continue;
        transposed = dot;
        beforeTrans = convert;
      } else if (auto dot = dyn_cast_or_null<DotOp>(op)) {
        if (!(directIdx = operandIndex(dot, used)))
          continue;
        direct = dot;
      }
      if (direct && transposed)
        break;
    }
    if (!direct || !transposed || *directIdx != *transIdx)
      return failure();
    unsigned idx = *directIdx;
    auto directType = cast<RankedTensorType>(direct->getOperand(idx).getType());
    auto transType =
        cast<RankedTensorType>(transposed->getOperand(idx).getType());
    auto directEnc =
        dyn_cast<DotOperandEncodingAttr>(directType.getEncoding());
    auto transEnc = dyn_cast<DotOperandEncodingAttr>(transType.getEncoding());
    // Both operands must read one buffer alike: same kWidth, same CTAs.
    if (!directEnc || !transEnc || directEnc.getKWidth() != transEnc.getKWidth() ||
        getEncodingNumCTAs(directEnc) != getEncodingNumCTAs(transEnc))
      return failure();
    std::optional<SwizzledSharedEncodingAttr> shared =
        getDotOperandSharedLayout(loadType, directEnc);
    if (!shared)
      return failure();
    rewriter.setInsertionPointAfter(load);
    Location loc = load.getLoc();
    auto memType = MemDescType::get(
        loadType.getShape(), loadType.getElementType(), *shared,
        SharedMemorySpaceAttr::get(getContext()));
    auto alloc = LocalAllocOp::create(rewriter, loc, memType, load.getResult());
    auto read = LocalLoadOp::create(rewriter, loc, directType, alloc.getResult(),
                                    Value());
    Value oldOperand = direct->getOperand(idx);
    rewriter.modifyOpInPlace(direct, [&] { direct->setOperand(idx, read); });
    rewriter.modifyOpInPlace(beforeTrans, [&] {
      beforeTrans.getSrcMutable().assign(read.getResult());
    });
    // The direct operand's conversions are dead now.
    while (auto convert = oldOperand.getDefiningOp<ConvertLayoutOp>()) {
      if (!convert->use_empty())
        break;
      oldOperand = convert.getSrc();
      rewriter.eraseOp(convert);
    }
    return success();
  }
};

struct OptimizeDotOperandsPass
    : public amdgpu::impl::TritonAMDGPUOptimizeDotOperandsBase<
          OptimizeDotOperandsPass> {
  using Base::Base;
  void runOnOperation() override {
    MLIRContext *context = &getContext();
    RewritePatternSet patterns(context);
    patterns.add<ShareLoadedOperand>(context);
    ConvertLayoutOp::getCanonicalizationPatterns(patterns, context);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
