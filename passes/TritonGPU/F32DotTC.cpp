//===- F32DotTC.cpp - -tritongpu-F32DotTC ---------------------------------===//
//
// fp32 dots that ask for about fp32 precision (tf32x3, bf16x3, bf16x6) run
// as several tensor-core dots over a split of each operand into parts that a
// tf32 or bf16 product reads exactly (see Passes.td). The parts are made by
// elementwise ops on the operands in their dot-operand layouts, so the dots
// that come out are ordinary tf32/bf16 dots for -tritongpu-accelerate-matmul.
//
//===----------------------------------------------------------------------===//

#include "passes/TritonGPU/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir {
namespace triton {
namespace gpu {
#define GEN_PASS_DEF_TRITONGPUF32DOTTC
#include "passes/TritonGPU/Passes.h.inc"
} // namespace gpu
} // namespace triton
} // namespace mlir

using namespace mlir;
using namespace mlir::triton;

namespace {

/// A tf32 product reads the sign, the exponent and the 10 high mantissa bits
/// of an fp32 value. Rounding to tf32 (to nearest, ties away from zero, as
/// PTX's cvt.rna.tf32.f32 that 3.6 emits here) is adding half of the 13 low
/// bits' weight to the magnitude bits, then clearing them; a carry into the
/// exponent is the right rounding, infinities stay, NaNs stay NaNs.
constexpr int32_t kTF32Half = 0x1000;
constexpr int32_t kTF32Mask = -8192; // 0xffffe000

Value splatInt(PatternRewriter &rewriter, Location loc, RankedTensorType type,
               int32_t value) {
  auto intType = type.clone(rewriter.getI32Type());
  return arith::ConstantOp::create(
      rewriter, loc,
      DenseElementsAttr::get(intType, rewriter.getI32IntegerAttr(value)));
}

/// x rounded to tf32, as an fp32 value.
Value roundToTF32(PatternRewriter &rewriter, Location loc, Value x) {
  auto type = cast<RankedTensorType>(x.getType());
  auto intType = type.clone(rewriter.getI32Type());
  Value bits = BitcastOp::create(rewriter, loc, intType, x);
  Value up = arith::AddIOp::create(rewriter, loc, bits,
                                   splatInt(rewriter, loc, type, kTF32Half));
  Value kept = arith::AndIOp::create(rewriter, loc, up,
                                     splatInt(rewriter, loc, type, kTF32Mask));
  return BitcastOp::create(rewriter, loc, type, kept);
}

/// `x` split into `count` parts of the chosen kind, the high one first: each
/// part is what remains of x after the previous ones, rounded to bf16 (or
/// tf32; the last tf32 part is the remainder itself, which the product reads
/// to tf32 precision); the parts add up to x up to the last part's rounding.
SmallVector<Value> split(PatternRewriter &rewriter, Location loc, Value x,
                         bool tf32, unsigned count) {
  auto type = cast<RankedTensorType>(x.getType());
  auto bf16Type = type.clone(rewriter.getBF16Type());
  SmallVector<Value> parts;
  Value rest = x;
  for (unsigned i = 0; i < count; ++i) {
    Value part, asF32;
    if (tf32) {
      part = asF32 = i + 1 < count ? roundToTF32(rewriter, loc, rest) : rest;
    } else {
      part = arith::TruncFOp::create(rewriter, loc, bf16Type, rest);
      asF32 = arith::ExtFOp::create(rewriter, loc, type, part);
    }
    parts.push_back(part);
    if (i + 1 < count)
      rest = arith::SubFOp::create(rewriter, loc, rest, asF32);
  }
  return parts;
}

struct SplitF32Dot : OpRewritePattern<DotOp> {
  SplitF32Dot(MLIRContext *context, bool emuTF32)
      : OpRewritePattern(context), emuTF32(emuTF32) {}

  LogicalResult matchAndRewrite(DotOp dot,
                                PatternRewriter &rewriter) const override {
    InputPrecision precision = dot.getInputPrecision();
    bool tf32 = precision == InputPrecision::TF32x3;
    unsigned parts;
    if (tf32 && emuTF32)
      parts = 2;
    else if (precision == InputPrecision::BF16x3)
      parts = 2;
    else if (precision == InputPrecision::BF16x6)
      parts = 3;
    else
      return failure();
    auto isF32 = [](Value v) {
      return cast<RankedTensorType>(v.getType()).getElementType().isF32();
    };
    if (!isF32(dot.getA()) || !isF32(dot.getB()) || !isF32(dot.getC()))
      return failure();
    Location loc = dot.getLoc();
    SmallVector<Value> a = split(rewriter, loc, dot.getA(), tf32, parts);
    SmallVector<Value> b = split(rewriter, loc, dot.getB(), tf32, parts);
    // Products a[i]·b[j] with i + j < parts, the smallest first, summed from
    // zero; a NaN there (an infinite operand makes inf - inf in its low
    // part) is dropped before the big product, which carries the infinity;
    // C is added last, so the small terms are not lost against the large
    // ones. Among products of one magnitude (one i + j), those of two
    // middle parts come before those pairing a low part with a high one
    // (bf16x6: mid·mid, lo·hi, hi·lo), then A's smaller part first; this
    // order also gives Triton 3.6's bits.
    SmallVector<std::pair<unsigned, unsigned>> products;
    for (int order = parts - 1; order >= 1; --order) {
      size_t first = products.size();
      for (int i = order; i >= 0; --i)
        products.push_back({unsigned(i), unsigned(order - i)});
      std::stable_sort(
          products.begin() + first, products.end(), [](auto x, auto y) {
            return std::max(x.first, x.second) < std::max(y.first, y.second);
          });
    }
    InputPrecision partPrecision =
        tf32 ? InputPrecision::TF32 : InputPrecision::IEEE;
    auto resultType = cast<RankedTensorType>(dot.getType());
    Value zero = arith::ConstantOp::create(
        rewriter, loc,
        DenseElementsAttr::get(
            resultType, rewriter.getFloatAttr(rewriter.getF32Type(), 0.0)));
    auto product = [&](unsigned i, unsigned j, Value acc) {
      return DotOp::create(rewriter, loc, resultType, a[i], b[j], acc,
                           partPrecision, dot.getMaxNumImpreciseAcc())
          .getResult();
    };
    Value acc = zero;
    for (auto [i, j] : products)
      acc = product(i, j, acc);
    Value isNaN = arith::CmpFOp::create(rewriter, loc,
                                        arith::CmpFPredicate::UNO, acc, acc);
    acc = arith::SelectOp::create(rewriter, loc, isNaN, zero, acc);
    acc = product(0, 0, acc);
    acc = arith::AddFOp::create(rewriter, loc, acc, dot.getC());
    rewriter.replaceOp(dot, acc);
    return success();
  }

  bool emuTF32;
};

struct TritonGPUF32DotTCPass
    : public triton::gpu::impl::TritonGPUF32DotTCBase<TritonGPUF32DotTCPass> {
  using Base::Base;

  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<SplitF32Dot>(&getContext(), emuTF32);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
