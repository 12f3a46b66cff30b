//===- BarrierOpToLLVM.cpp - Workgroup barriers on AMD GPUs ---------------===//
//
// ttg.barrier (upstream's op after 3.6; the barrier analysis inserts 3.6's
// ttg.local_barrier, which the shared pattern lowers the same way) becomes
// the target's barrier: s_barrier between workgroup-scope release and
// acquire fences, which order the workgroup's LDS and global accesses alike.
// A barrier on no address space (`none`) is the bare s_barrier. AMD GPUs
// have no tensor (TMA) spaces. amdg.cond_barrier (the ping-pong schedule's
// barrier for one half of the warps) is an s_barrier behind a branch on its
// predicate.
//
//===----------------------------------------------------------------------===//

#include "dialects/TritonAMDGPU/IR/Dialect.h"
#include "dialects/TritonGPU/IR/Dialect.h"
#include "passes/Conversion/TritonGPUToLLVM/AMD/Patterns.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"

using namespace mlir;
using namespace mlir::triton;

namespace {

/// The tensor_read and tensor_write bits of ttg.barrier's address spaces.
constexpr int32_t kTensorSpaces = 8 | 16;

struct BarrierOpPattern : ConvertOpToLLVMPattern<triton::gpu::BarrierOp> {
  // Above the shared ttg.barrier pattern: a barrier for no address space
  // needs no fences here.
  BarrierOpPattern(LLVMTypeConverter &converter, const TargetInfoBase &target)
      : ConvertOpToLLVMPattern(converter, /*benefit=*/2), target(target) {}

  LogicalResult
  matchAndRewrite(triton::gpu::BarrierOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (op.getAddrSpace() & kTensorSpaces)
      return op.emitError(
          "ttg.barrier on the tensor (TMA) address spaces is not supported "
          "by the AMD LLVM lowering: AMD GPUs have none");
    if (op.getAddrSpace() == 0)
      ROCDL::SBarrierOp::create(rewriter, op.getLoc());
    else
      target.barrier(rewriter, op.getLoc());
    rewriter.eraseOp(op);
    return success();
  }

  const TargetInfoBase &target;
};

/// Only the warps whose predicate holds wait at the barrier: a branch around
/// the s_barrier, not a select, since the barrier itself must not execute
/// for the others.
struct CondBarrierOpPattern
    : ConvertOpToLLVMPattern<triton::amdgpu::CondBarrierOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(triton::amdgpu::CondBarrierOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Block *before = op->getBlock();
    Block *after = rewriter.splitBlock(before, op->getIterator());
    Block *wait = rewriter.createBlock(after);
    ROCDL::SBarrierOp::create(rewriter, loc);
    LLVM::BrOp::create(rewriter, loc, after);
    rewriter.setInsertionPointToEnd(before);
    LLVM::CondBrOp::create(rewriter, loc, adaptor.getPred(), wait, after);
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void mlir::triton::amd::populateBarrierOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &converter, RewritePatternSet &patterns,
    const TargetInfoBase &target) {
  patterns.add<BarrierOpPattern>(converter, target);
  patterns.add<CondBarrierOpPattern>(converter);
}
