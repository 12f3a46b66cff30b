//===- SPMDOpToLLVM.cpp - Program ids and index ranges --------------------===//

#include "dialects/Triton/IR/Dialect.h"
#include "passes/Conversion/TritonGPUToLLVM/common/Patterns.h"
#include "passes/Conversion/TritonGPUToLLVM/common/Utility.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"

using namespace mlir;
using namespace mlir::triton;

namespace {

struct GetProgramIdOpPattern : ConvertOpToLLVMPattern<GetProgramIdOp> {
  GetProgramIdOpPattern(LLVMTypeConverter &converter, const TargetInfoBase &target)
      : ConvertOpToLLVMPattern(converter), target(target) {}
  LogicalResult matchAndRewrite(GetProgramIdOp op, OpAdaptor,
                                ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, target.getProgramId(rewriter, op.getLoc(),
                                               static_cast<int>(op.getAxis())));
    return success();
  }
  const TargetInfoBase &target;
};

struct GetNumProgramsOpPattern : ConvertOpToLLVMPattern<GetNumProgramsOp> {
  GetNumProgramsOpPattern(LLVMTypeConverter &converter, const TargetInfoBase &target)
      : ConvertOpToLLVMPattern(converter), target(target) {}
  LogicalResult matchAndRewrite(GetNumProgramsOp op, OpAdaptor,
                                ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, target.getNumPrograms(rewriter, op.getLoc(),
                                                 static_cast<int>(op.getAxis())));
    return success();
  }
  const TargetInfoBase &target;
};

/// Each register's index along the range, from the layout's coordinates.
struct MakeRangeOpPattern : ConvertOpToLLVMPattern<MakeRangeOp> {
  MakeRangeOpPattern(LLVMTypeConverter &converter, const TargetInfoBase &target)
      : ConvertOpToLLVMPattern(converter), target(target) {}
  LogicalResult matchAndRewrite(MakeRangeOp op, OpAdaptor,
                                ConversionPatternRewriter &rewriter) const override {
    std::optional<triton::gpu::LinearLayout> layout = getDistributedLayout(op.getType());
    if (!layout)
      return rewriter.notifyMatchFailure(op, "layout without a linear layout");
    Location loc = op.getLoc();
    LaneAndWarp thread = getLaneAndWarp(rewriter, loc, target);
    SmallVector<SmallVector<Value>> indices = emitIndices(rewriter, loc, *layout, thread);
    Value start = createI32Constant(rewriter, loc, op.getStart());
    SmallVector<Value> elements;
    for (const SmallVector<Value> &coords : indices)
      elements.push_back(op.getStart() == 0
                             ? coords[0]
                             : LLVM::AddOp::create(rewriter, loc, coords[0], start).getResult());
    rewriter.replaceOp(op, packLLElements(loc, getTypeConverter(), elements, rewriter,
                                          op.getType()));
    return success();
  }
  const TargetInfoBase &target;
};

} // namespace

void mlir::triton::populateSPMDOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                                                RewritePatternSet &patterns,
                                                const TargetInfoBase &target) {
  patterns.add<GetProgramIdOpPattern, GetNumProgramsOpPattern, MakeRangeOpPattern>(converter,
                                                                                   target);
}
