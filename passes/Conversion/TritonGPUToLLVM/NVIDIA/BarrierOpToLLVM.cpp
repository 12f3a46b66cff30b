//===- BarrierOpToLLVM.cpp - CTA barriers ---------------------------------===//
//
// ttg.barrier, which membar inserts between conflicting shared-memory
// accesses (around an atomic's scratch, say), becomes one bar.sync 0 like
// gpu.barrier: it orders the shared- and global-memory accesses of the CTA's
// threads. The tensor (TMA) spaces need proxy fences as well, which are not
// emitted yet.
//
//===----------------------------------------------------------------------===//

#include "dialects/TritonGPU/IR/Dialect.h"
#include "passes/Conversion/TritonGPUToLLVM/NVIDIA/Patterns.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"

using namespace mlir;
using namespace mlir::triton;

namespace {

/// The tensor_read and tensor_write bits of ttg.barrier's address spaces.
constexpr int32_t kTensorSpaces = 8 | 16;

struct TTGBarrierOpPattern : ConvertOpToLLVMPattern<triton::gpu::BarrierOp> {
  TTGBarrierOpPattern(LLVMTypeConverter &converter, const TargetInfoBase &target)
      : ConvertOpToLLVMPattern(converter), target(target) {}

  LogicalResult matchAndRewrite(triton::gpu::BarrierOp op, OpAdaptor,
                                ConversionPatternRewriter &rewriter) const override {
    if (op.getAddrSpace() & kTensorSpaces)
      return op.emitError("ttg.barrier on the tensor (TMA) address spaces is not supported "
                          "yet by the LLVM lowering");
    target.barrier(rewriter, op.getLoc());
    rewriter.eraseOp(op);
    return success();
  }

  const TargetInfoBase &target;
};

} // namespace

void mlir::triton::nvidia::populateBarrierOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &converter, RewritePatternSet &patterns,
    const TargetInfoBase &target) {
  patterns.add<TTGBarrierOpPattern>(converter, target);
}
