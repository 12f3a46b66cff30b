//===- MathOpToLLVM.cpp - f32 math on the AMDGPU instructions -------------===//
//
// Triton's math.exp, math.exp2, math.sqrt and math.rsqrt are approximate
// (tl.sqrt_rn, tt.precise_sqrt, is the correctly rounded square root), and
// Triton 3.6 lowers them for f32 onto the hardware's v_exp_f32, v_sqrt_f32 and
// v_rsq_f32 (1 ulp), instead of LLVM's and ocml's correctly rounded versions.
// `ftz` says whether denormal f32 inputs and results may be flushed to zero:
//   - exp2: llvm.amdgcn.exp2.f32 (flushes) or llvm.exp2.f32 (LLVM keeps
//     denormals); exp is exp2 of x * log2(e), with llvm.exp2.f32 either way.
//   - rsqrt: llvm.amdgcn.rsq.f32 with ftz; without, ocml's rsqrt (the scalar
//     math patterns), which keeps denormals.
//   - sqrt: llvm.amdgcn.sqrt.f32; without ftz an input below 2^-96 is scaled
//     by 2^32 first and the result by 2^-16, so it is not flushed.
//   - tt.precise_sqrt (f32, ftz): x * rsq(x) refined by Newton steps to the
//     correctly rounded result, with 0, -0 and +inf passed through; without
//     ftz, and for other types, llvm.intr.sqrt (f16 and bf16 through f32).
// Other element types go to the scalar math patterns (ocml, LLVM).
//
//===----------------------------------------------------------------------===//

#include "dialects/Triton/IR/Dialect.h"
#include "passes/Conversion/TritonGPUToLLVM/AMD/Patterns.h"
#include "passes/Conversion/TritonGPUToLLVM/common/ElementUtility.h"
#include "passes/Conversion/TritonGPUToLLVM/common/Utility.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"

using namespace mlir;
using namespace mlir::triton;

namespace {

/// Above the scalar math patterns (ocml, LLVM), below the tensor ones.
constexpr int kBenefit = 5;

Value f32Constant(OpBuilder &b, Location loc, float value) {
  return LLVM::ConstantOp::create(b, loc, b.getF32Type(),
                                  b.getF32FloatAttr(value));
}

/// A scalar f32 math op as `lower(x)`; fails for other types.
template <typename OpT> struct ScalarF32Pattern : ConvertOpToLLVMPattern<OpT> {
  ScalarF32Pattern(LLVMTypeConverter &converter, bool ftz)
      : ConvertOpToLLVMPattern<OpT>(converter, kBenefit), ftz(ftz) {}

  LogicalResult
  matchAndRewrite(OpT op, typename OpT::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!op.getType().isF32())
      return failure();
    Value result = lower(rewriter, op.getLoc(), adaptor.getOperand());
    if (!result)
      return failure();
    rewriter.replaceOp(op, result);
    return success();
  }

  virtual Value lower(OpBuilder &b, Location loc, Value x) const = 0;

  bool ftz;
};

struct Exp2Pattern : ScalarF32Pattern<math::Exp2Op> {
  using ScalarF32Pattern::ScalarF32Pattern;
  Value lower(OpBuilder &b, Location loc, Value x) const override {
    return callIntrinsic(b, loc, ftz ? "llvm.amdgcn.exp2.f32" : "llvm.exp2.f32",
                         b.getF32Type(), x);
  }
};

struct ExpPattern : ScalarF32Pattern<math::ExpOp> {
  using ScalarF32Pattern::ScalarF32Pattern;
  Value lower(OpBuilder &b, Location loc, Value x) const override {
    Value scaled = LLVM::FMulOp::create(
        b, loc, x, f32Constant(b, loc, 1.4426950408889634f));
    // llvm.exp2.f32 even with ftz: exp keeps denormal results.
    return callIntrinsic(b, loc, "llvm.exp2.f32", b.getF32Type(), scaled);
  }
};

struct RsqrtPattern : ScalarF32Pattern<math::RsqrtOp> {
  using ScalarF32Pattern::ScalarF32Pattern;
  Value lower(OpBuilder &b, Location loc, Value x) const override {
    if (!ftz)
      return Value();
    return callIntrinsic(b, loc, "llvm.amdgcn.rsq.f32", b.getF32Type(), x);
  }
};

struct SqrtPattern : ScalarF32Pattern<math::SqrtOp> {
  using ScalarF32Pattern::ScalarF32Pattern;
  Value lower(OpBuilder &b, Location loc, Value x) const override {
    if (ftz)
      return callIntrinsic(b, loc, "llvm.amdgcn.sqrt.f32", b.getF32Type(), x);
    // v_sqrt_f32 flushes denormals: lift small inputs by 2^32 (the root by
    // 2^16) and scale the result back.
    Value small = LLVM::FCmpOp::create(b, loc, LLVM::FCmpPredicate::ogt,
                                       f32Constant(b, loc, 0x1.0p-96f), x);
    Value lifted =
        LLVM::FMulOp::create(b, loc, x, f32Constant(b, loc, 0x1.0p+32f));
    Value input = LLVM::SelectOp::create(b, loc, small, lifted, x);
    Value root =
        callIntrinsic(b, loc, "llvm.amdgcn.sqrt.f32", b.getF32Type(), input);
    Value lowered =
        LLVM::FMulOp::create(b, loc, root, f32Constant(b, loc, 0x1.0p-16f));
    return LLVM::SelectOp::create(b, loc, small, lowered, root);
  }
};

/// The correctly rounded f32 square root from v_rsq_f32, for ftz: s = x * r
/// and h = r / 2 refined by one Newton step each, then s corrected by its
/// residual; 0, -0 and +inf (where x * rsq(x) is NaN) are x itself.
Value emitPreciseSqrtF32(OpBuilder &b, Location loc, Value x) {
  Value half = f32Constant(b, loc, 0.5f);
  Value r = callIntrinsic(b, loc, "llvm.amdgcn.rsq.f32", b.getF32Type(), x);
  Value s = LLVM::FMulOp::create(b, loc, x, r);
  Value h = LLVM::FMulOp::create(b, loc, r, half);
  Value e =
      LLVM::FMAOp::create(b, loc, LLVM::FNegOp::create(b, loc, h), s, half);
  h = LLVM::FMAOp::create(b, loc, h, e, h);
  s = LLVM::FMAOp::create(b, loc, s, e, s);
  Value d = LLVM::FMAOp::create(b, loc, LLVM::FNegOp::create(b, loc, s), s, x);
  s = LLVM::FMAOp::create(b, loc, d, h, s);
  // llvm::FPClassTest: positive infinity, negative and positive zero.
  constexpr uint32_t posInf = 0x200, negZero = 0x20, posZero = 0x40;
  Value special = LLVM::IsFPClass::create(b, loc, b.getI1Type(), x,
                                          posInf | negZero | posZero);
  return LLVM::SelectOp::create(b, loc, special, x, s);
}

struct PreciseSqrtPattern : ConvertOpToLLVMPattern<PreciseSqrtOp> {
  PreciseSqrtPattern(LLVMTypeConverter &converter, bool ftz)
      : ConvertOpToLLVMPattern(converter, kBenefit), ftz(ftz) {}

  LogicalResult
  matchAndRewrite(PreciseSqrtOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value operand = adaptor.getX();
    bool isTensor = isa<LLVM::LLVMStructType>(operand.getType());
    SmallVector<Value> elements = isTensor
                                      ? unpackLLElements(loc, operand, rewriter)
                                      : SmallVector<Value>{operand};
    Type elementType = getElementTypeOrSelf(op.getType());
    Type llvmElementType = getTypeConverter()->convertType(elementType);
    SmallVector<Value> results;
    for (Value x : elements) {
      if (elementType.isF32() && ftz) {
        results.push_back(emitPreciseSqrtF32(rewriter, loc, x));
        continue;
      }
      if (elementType.isF32() || elementType.isF64()) {
        results.push_back(LLVM::SqrtOp::create(rewriter, loc, x));
        continue;
      }
      // f16 and bf16: the f32 root rounded to the narrower type is the
      // correctly rounded one (f32 has more than twice their precision).
      Value wide =
          LLVM::FPExtOp::create(rewriter, loc, rewriter.getF32Type(), x);
      Value root = LLVM::SqrtOp::create(rewriter, loc, wide);
      results.push_back(
          LLVM::FPTruncOp::create(rewriter, loc, llvmElementType, root));
    }
    if (!isTensor) {
      rewriter.replaceOp(op, results.front());
      return success();
    }
    rewriter.replaceOp(op, packLLElements(loc, getTypeConverter(), results,
                                          rewriter, op.getType()));
    return success();
  }

  bool ftz;
};

} // namespace

void mlir::triton::amd::populateMathOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &converter, RewritePatternSet &patterns,
    bool ftz) {
  patterns.add<Exp2Pattern, ExpPattern, RsqrtPattern, SqrtPattern,
               PreciseSqrtPattern>(converter, ftz);
}
