//===- MathOpToLLVM.cpp - Triton's fast paths for scalar math on NVIDIA ---===//
//
// Math that Triton 3.6 keeps out of libdevice becomes the instructions 3.6
// emits, whose speed and accuracy Triton kernels are tuned for:
//  - math.exp on f32: x * log2(e), then ex2.approx.f32 (libdevice's expf is
//    slower and more precise than what Triton kernels are tuned for);
//  - arith.divf on f32: div.full.f32 (the IEEE division is tt.precise_divf);
//  - math.absf, math.fma, arith.maxnumf and arith.minnumf: LLVM's intrinsics
//    (abs, fma, max, min without .ftz), where MLIR's libdevice patterns would
//    call __nv_fabsf & co., which flush denormals (Triton's libdevice runs
//    with __CUDA_FTZ = 1) and so change results;
//  - math.absi: LLVM's abs with the minimum integer defined (it stays itself),
//    which is what __nv_abs holds, without the call.
// Other math ops call libdevice (__nv_*; f16 and bf16 through f32), which is
// also what Triton does; LLVM emits the rest.
//
//===----------------------------------------------------------------------===//

#include "passes/Conversion/TritonGPUToLLVM/NVIDIA/ElementwiseUtility.h"
#include "passes/Conversion/TritonGPUToLLVM/NVIDIA/Patterns.h"
#include "passes/Conversion/TritonGPUToLLVM/common/Utility.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::nvidia;

namespace {

/// Above libdevice's patterns (benefit 10) and arith-to-llvm's; below the
/// tensor pattern's split into scalars only in that it runs on its output.
constexpr int kFastPathBenefit = 15;

struct ExpOpPattern : ConvertOpToLLVMPattern<math::ExpOp> {
  ExpOpPattern(LLVMTypeConverter &converter)
      : ConvertOpToLLVMPattern(converter, kFastPathBenefit) {}

  LogicalResult
  matchAndRewrite(math::ExpOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = adaptor.getOperand().getType();
    if (!type.isF32())
      return failure();
    Location loc = op.getLoc();
    Value log2e = createFloatConstant(rewriter, loc, type, 1.4426950408889634);
    Value scaled =
        LLVM::FMulOp::create(rewriter, loc, adaptor.getOperand(), log2e);
    rewriter.replaceOp(op,
                       callIntrinsic(rewriter, loc, "llvm.nvvm.ex2.approx.f32",
                                     type, ValueRange{scaled}));
    return success();
  }
};

struct DivFOpPattern : ConvertOpToLLVMPattern<arith::DivFOp> {
  DivFOpPattern(LLVMTypeConverter &converter)
      : ConvertOpToLLVMPattern(converter, kFastPathBenefit) {}

  LogicalResult
  matchAndRewrite(arith::DivFOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = adaptor.getLhs().getType();
    if (!type.isF32())
      return failure();
    rewriter.replaceOp(
        op, callIntrinsic(rewriter, op.getLoc(), "llvm.nvvm.div.full", type,
                          ValueRange{adaptor.getLhs(), adaptor.getRhs()}));
    return success();
  }
};

/// A scalar op that becomes one LLVM op of the same operands.
template <typename SourceOp, typename TargetOp>
struct DirectOpPattern : ConvertOpToLLVMPattern<SourceOp> {
  DirectOpPattern(LLVMTypeConverter &converter)
      : ConvertOpToLLVMPattern<SourceOp>(converter, kFastPathBenefit) {}

  LogicalResult
  matchAndRewrite(SourceOp op, typename SourceOp::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    ValueRange operands = adaptor.getOperands();
    if (!isa<FloatType>(operands[0].getType()))
      return failure(); // tensors: split into scalars first
    rewriter.replaceOpWithNewOp<TargetOp>(op, operands[0].getType(), operands);
    return success();
  }
};

/// math.absi on a scalar integer: llvm.intr.abs, the minimum integer not
/// poison (math.absi returns it unchanged).
struct AbsIOpPattern : ConvertOpToLLVMPattern<math::AbsIOp> {
  AbsIOpPattern(LLVMTypeConverter &converter)
      : ConvertOpToLLVMPattern(converter, kFastPathBenefit) {}

  LogicalResult
  matchAndRewrite(math::AbsIOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value operand = adaptor.getOperand();
    if (!isa<IntegerType>(operand.getType()))
      return failure(); // tensors: split into scalars first
    rewriter.replaceOpWithNewOp<LLVM::AbsOp>(op, operand.getType(), operand,
                                             /*is_int_min_poison=*/false);
    return success();
  }
};

} // namespace

void mlir::triton::nvidia::populateMathOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<ExpOpPattern, DivFOpPattern, AbsIOpPattern,
               DirectOpPattern<math::AbsFOp, LLVM::FAbsOp>,
               DirectOpPattern<math::FmaOp, LLVM::FMAOp>,
               DirectOpPattern<arith::MaxNumFOp, LLVM::MaxNumOp>,
               DirectOpPattern<arith::MinNumFOp, LLVM::MinNumOp>>(converter);
}
