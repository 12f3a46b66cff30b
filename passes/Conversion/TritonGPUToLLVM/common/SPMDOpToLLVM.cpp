//===- SPMDOpToLLVM.cpp - Program ids and index ranges --------------------===//

#include "dialects/Triton/IR/Dialect.h"
#include "dialects/TritonGPU/IR/Dialect.h"
#include "passes/Conversion/TritonGPUToLLVM/common/Patterns.h"
#include "passes/Conversion/TritonGPUToLLVM/common/Utility.h"
#include "passes/Conversion/TritonGPUToLLVM/common/WarpSpecializeUtility.h"

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

/// The global scratch the allocation gave the op (its
/// `ttg.global_scratch_memory_offset` in the function's scratch).
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
    rewriter.replaceOp(op, getGlobalScratchPtr(rewriter, op.getLoc(), target,
                                               offset.getInt()));
    return success();
  }
  const TargetInfoBase &target;
};

} // namespace

Value mlir::triton::getGlobalScratchPtr(OpBuilder &b, Location loc,
                                        const TargetInfoBase &target,
                                        int64_t offset) {
  Operation *parent = b.getInsertionBlock()->getParentOp();
  auto func = dyn_cast<LLVM::LLVMFuncOp>(parent);
  if (!func)
    func = parent->getParentOfType<LLVM::LLVMFuncOp>();
  // The global scratch pointer is the second-to-last parameter of every
  // function (FuncOpToLLVM.cpp).
  Value scratch = func.getArgument(func.getNumArguments() - 2);
  // Partitions are isolated from above: they see the pointer as a capture.
  if (Block *partition = getPartitionEntry(b.getInsertionBlock()))
    scratch = captureIntoPartition(partition, scratch);
  Type i64 = b.getI64Type();
  Value bytes = createIntConstant(b, loc, i64, offset);
  if (!isDeviceFunction(func)) {
    // This program's slice: `program * size` bytes in, the program
    // numbered x fastest, as Triton's launcher sizes the buffer.
    auto module = func->getParentOfType<ModuleOp>();
    auto size = module->getAttrOfType<IntegerAttr>(
        "ttg.global_scratch_memory_size");
    Value program = target.getProgramId(b, loc, 2);
    for (int axis = 1; axis >= 0; --axis) {
      Value count = target.getNumPrograms(b, loc, axis);
      Value id = target.getProgramId(b, loc, axis);
      program = LLVM::AddOp::create(
          b, loc, LLVM::MulOp::create(b, loc, program, count), id);
    }
    // In a cluster each CTA has its slice (3.6's numbering: program *
    // CTAs + rank; its launcher sizes the buffer grid x num_ctas slices).
    if (Value rank = target.getClusterCTAId(b, loc)) {
      int numCTAs = getModuleIntAttr(module, gpu::kNumCTAsAttrName, 1);
      program = LLVM::AddOp::create(
          b, loc,
          LLVM::MulOp::create(b, loc, program,
                              createI32Constant(b, loc, numCTAs)),
          rank);
    }
    Value programBytes =
        createIntConstant(b, loc, i64, size ? size.getInt() : 0);
    bytes = LLVM::AddOp::create(
        b, loc,
        LLVM::MulOp::create(b, loc, LLVM::ZExtOp::create(b, loc, i64, program),
                            programBytes),
        bytes);
  }
  return LLVM::GEPOp::create(b, loc, scratch.getType(), b.getI8Type(), scratch,
                             ValueRange{bytes});
}

void mlir::triton::populateSPMDOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &converter, RewritePatternSet &patterns,
    const TargetInfoBase &target) {
  patterns.add<GetProgramIdOpPattern, GetNumProgramsOpPattern,
               MakeRangeOpPattern, GlobalScratchAllocOpPattern>(converter,
                                                                target);
}
