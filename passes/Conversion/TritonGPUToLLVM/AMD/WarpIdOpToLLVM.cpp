//===- WarpIdOpToLLVM.cpp - ttg.warp_id on AMD GPUs -----------------------===//
//
// ttg.warp_id as the work-item index / the wave size, computed once at the
// start of the function, where LLVM's uniformity analysis sees it as
// function-wide. gfx9 has no instruction that reads the wave index: on
// gfx942 (CDNA3) a v_readfirstlane moves the quotient to a scalar register,
// as Triton 3.6 does; gfx90a keeps the vector value, as 3.6 does too.
//
//===----------------------------------------------------------------------===//

#include "dialects/TritonGPU/IR/Dialect.h"
#include "passes/Conversion/TritonGPUToLLVM/AMD/Patterns.h"
#include "passes/Conversion/TritonGPUToLLVM/AMD/TargetInfo.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;
using namespace mlir::triton;

namespace {

struct WarpIdOpPattern : ConvertOpToLLVMPattern<triton::gpu::WarpIdOp> {
  WarpIdOpPattern(LLVMTypeConverter &converter, const amd::TargetInfo &target)
      : ConvertOpToLLVMPattern(converter), target(target) {}

  LogicalResult
  matchAndRewrite(triton::gpu::WarpIdOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto module = op->getParentOfType<ModuleOp>();
    auto waveSize = module ? module->getAttrOfType<IntegerAttr>(
                                 triton::gpu::kThreadsPerWarpAttrName)
                           : IntegerAttr();
    if (!waveSize)
      return op.emitError("ttg.warp_id outside a module with ")
             << triton::gpu::kThreadsPerWarpAttrName;
    auto function = op->getParentOfType<FunctionOpInterface>();
    if (!function)
      return op.emitError("ttg.warp_id outside a function");
    Location loc = op.getLoc();
    Value warp;
    {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(&function.getFunctionBody().front());
      Type i32 = rewriter.getI32Type();
      Value size = LLVM::ConstantOp::create(
          rewriter, loc, i32, rewriter.getI32IntegerAttr(waveSize.getInt()));
      Value tid = target.getThreadId(rewriter, loc);
      warp = LLVM::UDivOp::create(rewriter, loc, tid, size);
      if (target.getArch() == "gfx942")
        warp = ROCDL::ReadfirstlaneOp::create(rewriter, loc, i32, warp);
    }
    rewriter.replaceOp(op, warp);
    return success();
  }

  const amd::TargetInfo &target;
};

} // namespace

void mlir::triton::amd::populateWarpIdOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &converter, RewritePatternSet &patterns,
    const TargetInfo &target) {
  patterns.add<WarpIdOpPattern>(converter, target);
}
