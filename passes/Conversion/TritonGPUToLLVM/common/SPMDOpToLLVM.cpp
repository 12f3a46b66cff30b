//===- SPMDOpToLLVM.cpp - Program ids and index ranges --------------------===//

#include "dialects/Triton/IR/Dialect.h"
#include "dialects/TritonGPU/IR/Dialect.h"
#include "passes/Conversion/TritonGPUToLLVM/common/Patterns.h"
#include "passes/Conversion/TritonGPUToLLVM/common/Utility.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"

using namespace mlir;
using namespace mlir::triton;

namespace {

struct GetProgramIdOpPattern : ConvertOpToLLVMPattern<GetProgramIdOp> {
  GetProgramIdOpPattern(LLVMTypeConverter &converter,
                        const TargetInfoBase &target)
      : ConvertOpToLLVMPattern(converter), target(target) {}
  LogicalResult
  matchAndRewrite(GetProgramIdOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, target.getProgramId(rewriter, op.getLoc(),
                                               static_cast<int>(op.getAxis())));
    return success();
  }
  const TargetInfoBase &target;
};

struct GetNumProgramsOpPattern : ConvertOpToLLVMPattern<GetNumProgramsOp> {
  GetNumProgramsOpPattern(LLVMTypeConverter &converter,
                          const TargetInfoBase &target)
      : ConvertOpToLLVMPattern(converter), target(target) {}
  LogicalResult
  matchAndRewrite(GetNumProgramsOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op,
                       target.getNumPrograms(rewriter, op.getLoc(),
                                             static_cast<int>(op.getAxis())));
    return success();
  }
  const TargetInfoBase &target;
};

/// Each register's index along the range, from the layout's coordinates.
struct MakeRangeOpPattern : ConvertOpToLLVMPattern<MakeRangeOp> {
  MakeRangeOpPattern(LLVMTypeConverter &converter, const TargetInfoBase &target)
      : ConvertOpToLLVMPattern(converter), target(target) {}
  LogicalResult
  matchAndRewrite(MakeRangeOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    std::optional<triton::gpu::LinearLayout> layout =
        getDistributedLayout(op.getType());
    if (!layout)
      return rewriter.notifyMatchFailure(op, "layout without a linear layout");
    Location loc = op.getLoc();
    LaneAndWarp thread = getLaneAndWarp(rewriter, loc, target);
    SmallVector<SmallVector<Value>> indices =
        emitIndices(rewriter, loc, *layout, thread);
    Value start = createI32Constant(rewriter, loc, op.getStart());
    SmallVector<Value> elements;
    for (const SmallVector<Value> &coords : indices)
      elements.push_back(
          op.getStart() == 0
              ? coords[0]
              : LLVM::AddOp::create(rewriter, loc, coords[0], start)
                    .getResult());
    rewriter.replaceOp(op, packLLElements(loc, getTypeConverter(), elements,
                                          rewriter, op.getType()));
    return success();
  }
  const TargetInfoBase &target;
};

/// This program's slice of the global scratch buffer (the kernel's
/// second-to-last parameter): `program * size + offset` bytes into it, the
/// program numbered x fastest, as Triton's launcher sizes the buffer.
struct GlobalScratchAllocOpPattern
    : ConvertOpToLLVMPattern<triton::gpu::GlobalScratchAllocOp> {
  GlobalScratchAllocOpPattern(LLVMTypeConverter &converter,
                              const TargetInfoBase &target)
      : ConvertOpToLLVMPattern(converter), target(target) {}
  LogicalResult
  matchAndRewrite(triton::gpu::GlobalScratchAllocOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto func = op->getParentOfType<LLVM::LLVMFuncOp>();
    if (!func)
      return rewriter.notifyMatchFailure(op,
                                         "the function is not converted yet");
    auto offset =
        op->getAttrOfType<IntegerAttr>("ttg.global_scratch_memory_offset");
    auto module = op->getParentOfType<ModuleOp>();
    auto size = module ? module->getAttrOfType<IntegerAttr>(
                             "ttg.global_scratch_memory_size")
                       : IntegerAttr();
    if (!offset || !size)
      return op.emitError("global scratch without an offset: run "
                          "-tritongpu-global-scratch-memory-allocation first");
    Location loc = op.getLoc();
    Value program = target.getProgramId(rewriter, loc, 2);
    for (int axis = 1; axis >= 0; --axis) {
      Value count = target.getNumPrograms(rewriter, loc, axis);
      program = LLVM::AddOp::create(
          rewriter, loc, LLVM::MulOp::create(rewriter, loc, program, count),
          target.getProgramId(rewriter, loc, axis));
    }
    Type i64 = rewriter.getI64Type();
    Value bytes = LLVM::AddOp::create(
        rewriter, loc,
        LLVM::MulOp::create(
            rewriter, loc, LLVM::ZExtOp::create(rewriter, loc, i64, program),
            createIntConstant(rewriter, loc, i64, size.getInt())),
        createIntConstant(rewriter, loc, i64, offset.getInt()));
    Value scratch = func.getArgument(func.getNumArguments() - 2);
    rewriter.replaceOpWithNewOp<LLVM::GEPOp>(op, scratch.getType(),
                                             rewriter.getI8Type(), scratch,
                                             ValueRange{bytes});
    return success();
  }
  const TargetInfoBase &target;
};

} // namespace

void mlir::triton::populateSPMDOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &converter, RewritePatternSet &patterns,
    const TargetInfoBase &target) {
  patterns.add<GetProgramIdOpPattern, GetNumProgramsOpPattern,
               MakeRangeOpPattern, GlobalScratchAllocOpPattern>(converter,
                                                                target);
}
