//===- ElementwiseOpToLLVM.cpp - Triton's own elementwise ops on NVIDIA ---===//
//
// tt.clampf, tt.precise_sqrt, tt.precise_divf, tt.mulhiui, calls of device
// library functions (tt.extern_elementwise), on tensors (each thread on its
// elements) and scalars alike; i8 tensors to bf16 four at a time in PTX.
// Scalar regions (tt.map_elementwise) take the common lowering.
//
//===----------------------------------------------------------------------===//

#include "dialects/Triton/IR/Dialect.h"
#include "passes/Conversion/TritonGPUToLLVM/NVIDIA/ElementwiseUtility.h"
#include "passes/Conversion/TritonGPUToLLVM/NVIDIA/Patterns.h"
#include "passes/Conversion/TritonGPUToLLVM/common/Utility.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::nvidia;

namespace {

/// Ops with one result that apply a scalar rule to the i-th element of each
/// operand (a scalar operand standing for all its elements).
template <typename SourceOp>
struct PerElementPattern : ConvertOpToLLVMPattern<SourceOp> {
  using ConvertOpToLLVMPattern<SourceOp>::ConvertOpToLLVMPattern;
  using OpAdaptor = typename SourceOp::Adaptor;

  /// One element of the result (LLVM type `elementType`) from one element of
  /// each operand.
  virtual Value rewriteElement(SourceOp op, ArrayRef<Value> operands,
                               Type elementType,
                               ConversionPatternRewriter &rewriter) const = 0;

  /// Rejects, with a diagnostic and before any rewriting, what the pattern
  /// does not lower.
  virtual LogicalResult checkSupported(SourceOp op) const { return success(); }

  LogicalResult
  matchAndRewrite(SourceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (failed(checkSupported(op)))
      return failure();
    Location loc = op.getLoc();
    Type resultType = op->getResult(0).getType();
    std::optional<unsigned> count = getThreadElementCount(resultType);
    if (!count)
      return rewriter.notifyMatchFailure(op,
                                         "result layout has no linear layout");
    auto converter = static_cast<const TritonGPUToLLVMTypeConverter *>(
        this->getTypeConverter());
    Type elementType =
        converter->convertElementType(getElementTypeOrSelf(resultType));
    SmallVector<SmallVector<Value>> elements =
        unpackOperandElements(loc, adaptor.getOperands(), *count, rewriter);
    SmallVector<Value> results;
    for (unsigned i = 0; i < *count; ++i) {
      SmallVector<Value> scalars;
      for (const SmallVector<Value> &operand : elements)
        scalars.push_back(operand[i]);
      results.push_back(rewriteElement(op, scalars, elementType, rewriter));
    }
    rewriter.replaceOp(
        op, packLLElements(loc, converter, results, rewriter, resultType));
    return success();
  }
};

/// `value` widened to f32 (f16, bf16), the result of `compute` narrowed back.
Value computeInF32(OpBuilder &b, Location loc, ArrayRef<Value> operands,
                   function_ref<Value(ArrayRef<Value>)> compute) {
  Type type = operands[0].getType();
  if (type.isF32())
    return compute(operands);
  SmallVector<Value> wide;
  for (Value v : operands)
    wide.push_back(LLVM::FPExtOp::create(b, loc, b.getF32Type(), v));
  return LLVM::FPTruncOp::create(b, loc, type, compute(wide));
}

/// The splat value of a constant float operand, if it is one.
std::optional<APFloat> getConstantSplat(Value value) {
  auto constant = value.getDefiningOp<arith::ConstantOp>();
  if (!constant)
    return std::nullopt;
  if (auto floatAttr = dyn_cast<FloatAttr>(constant.getValue()))
    return floatAttr.getValue();
  if (auto dense = dyn_cast<DenseFPElementsAttr>(constant.getValue()))
    if (dense.isSplat())
      return dense.getSplatValue<APFloat>();
  return std::nullopt;
}

/// tt.clampf: min with the upper bound, then max with the lower (a NaN input
/// gives the upper bound); with propagateNan = all, a NaN input stays NaN.
/// On sm_90 a symmetric clip clamp(x, -c, c) of f32 or f16 is one
/// min.xorsign.abs (min.NaN.xorsign.abs with NaN propagation): the smaller
/// magnitude of x and c with x's sign (c's sign is clear, as min <= max
/// requires), as Triton 3.6 emits. The clip is a constant pair c > 0, -c, or
/// a lower bound computed as 0 - c from the upper bound c.
struct ClampFOpPattern : PerElementPattern<ClampFOp> {
  ClampFOpPattern(LLVMTypeConverter &converter, int computeCapability)
      : PerElementPattern(converter), computeCapability(computeCapability) {}

  static bool isSymmetricClip(ClampFOp op) {
    if (auto negation = op.getMin().getDefiningOp<arith::SubFOp>()) {
      std::optional<APFloat> zero = getConstantSplat(negation.getLhs());
      return negation.getRhs() == op.getMax() && zero && zero->isZero();
    }
    std::optional<APFloat> lo = getConstantSplat(op.getMin());
    std::optional<APFloat> hi = getConstantSplat(op.getMax());
    if (!lo || !hi || hi->isNaN() || hi->isNegative() || hi->isZero())
      return false;
    APFloat negated = *hi;
    negated.changeSign();
    return lo->bitwiseIsEqual(negated);
  }

  Value rewriteElement(ClampFOp op, ArrayRef<Value> operands, Type elementType,
                       ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    bool propagate = op.getPropagateNan() == PropagateNan::ALL;
    Value x = operands[0], lo = operands[1], hi = operands[2];
    if (computeCapability >= 90 &&
        (elementType.isF32() || elementType.isF16()) && isSymmetricClip(op)) {
      std::string name =
          (Twine("llvm.nvvm.fmin.") + (propagate ? "nan." : "") +
           "xorsign.abs." + (elementType.isF32() ? "f" : "f16"))
              .str();
      return callIntrinsic(rewriter, loc, name, elementType, ValueRange{x, hi});
    }
    Value clamped = LLVM::MaxNumOp::create(
        rewriter, loc, LLVM::MinNumOp::create(rewriter, loc, x, hi), lo);
    if (!propagate)
      return clamped;
    Value isNan =
        LLVM::FCmpOp::create(rewriter, loc, LLVM::FCmpPredicate::uno, x, x);
    return LLVM::SelectOp::create(rewriter, loc, isNan, x, clamped);
  }

  int computeCapability;
};

/// tt.precise_sqrt: sqrt.rn (f16 and bf16 through f32, which rounds right:
/// 24 bits are at least twice their precision plus two).
struct PreciseSqrtOpPattern : PerElementPattern<PreciseSqrtOp> {
  using PerElementPattern::PerElementPattern;
  Value rewriteElement(PreciseSqrtOp op, ArrayRef<Value> operands,
                       Type elementType,
                       ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    if (elementType.isF64())
      return LLVM::SqrtOp::create(rewriter, loc, operands[0]);
    return computeInF32(rewriter, loc, operands, [&](ArrayRef<Value> wide) {
      return callIntrinsic(rewriter, loc, "llvm.nvvm.sqrt.rn.f",
                           rewriter.getF32Type(), wide);
    });
  }
};

/// tt.precise_divf: div.rn (f16 and bf16 through f32, as for sqrt).
struct PreciseDivFOpPattern : PerElementPattern<PreciseDivFOp> {
  using PerElementPattern::PerElementPattern;
  Value rewriteElement(PreciseDivFOp op, ArrayRef<Value> operands,
                       Type elementType,
                       ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    if (elementType.isF64())
      return LLVM::FDivOp::create(rewriter, loc, operands[0], operands[1]);
    return computeInF32(rewriter, loc, operands, [&](ArrayRef<Value> wide) {
      return callIntrinsic(rewriter, loc, "llvm.nvvm.div.rn.f",
                           rewriter.getF32Type(), wide);
    });
  }
};

/// tt.mulhiui: the upper half of the unsigned double-width product.
struct MulhiUIOpPattern : PerElementPattern<MulhiUIOp> {
  using PerElementPattern::PerElementPattern;
  Value rewriteElement(MulhiUIOp op, ArrayRef<Value> operands, Type elementType,
                       ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    unsigned width = elementType.getIntOrFloatBitWidth();
    if (width == 16 || width == 32 || width == 64) {
      StringRef name = width == 16   ? "llvm.nvvm.mulhi.us"
                       : width == 32 ? "llvm.nvvm.mulhi.ui"
                                     : "llvm.nvvm.mulhi.ull";
      return callIntrinsic(rewriter, loc, name, elementType, operands);
    }
    Type i32 = rewriter.getI32Type();
    Value a = LLVM::ZExtOp::create(rewriter, loc, i32, operands[0]);
    Value b = LLVM::ZExtOp::create(rewriter, loc, i32, operands[1]);
    Value product = LLVM::MulOp::create(rewriter, loc, a, b);
    Value high = LLVM::LShrOp::create(rewriter, loc, product,
                                      createI32Constant(rewriter, loc, width));
    return LLVM::TruncOp::create(rewriter, loc, elementType, high);
  }
};

/// tt.extern_elementwise: a call of the device-library function `symbol` per
/// element. libdevice (`__nv_*`) is linked when PTX is emitted.
struct ExternElementwiseOpPattern : PerElementPattern<ExternElementwiseOp> {
  using PerElementPattern::PerElementPattern;

  /// The function's type: the converted element types.
  LLVM::LLVMFunctionType getCalleeType(ExternElementwiseOp op) const {
    auto converter =
        static_cast<const TritonGPUToLLVMTypeConverter *>(getTypeConverter());
    SmallVector<Type> argTypes;
    for (Type type : op->getOperandTypes())
      argTypes.push_back(
          converter->convertElementType(getElementTypeOrSelf(type)));
    return LLVM::LLVMFunctionType::get(
        converter->convertElementType(getElementTypeOrSelf(op.getType())),
        argTypes);
  }

  LogicalResult checkSupported(ExternElementwiseOp op) const override {
    StringRef symbol = op.getSymbol();
    auto module = op->getParentOfType<ModuleOp>();
    if (auto existing = module.lookupSymbol<LLVM::LLVMFuncOp>(symbol)) {
      if (existing.getFunctionType() != getCalleeType(op))
        return op.emitError()
               << "tt.extern_elementwise calls '" << symbol << "' as "
               << getCalleeType(op) << " but the module declares it as "
               << existing.getFunctionType();
      return success();
    }
    if (symbol.starts_with("__nv_"))
      return success();
    return op.emitError()
           << "tt.extern_elementwise calls '" << symbol
           << "': only libdevice functions (__nv_*) are linked by the NVIDIA "
              "lowering; other libraries are not supported yet by the LLVM "
              "lowering";
  }

  Value rewriteElement(ExternElementwiseOp op, ArrayRef<Value> operands,
                       Type elementType,
                       ConversionPatternRewriter &rewriter) const override {
    LLVM::LLVMFuncOp callee =
        getOrDeclareFunction(op, op.getSymbol(), getCalleeType(op));
    return LLVM::CallOp::create(rewriter, op.getLoc(), callee, operands)
        .getResult();
  }
};

/// arith.sitofp of i8 tensors to bf16, four elements per inline PTX block
/// (the bytes of one 32-bit register) as Triton 3.6 converts them: on sm_90
/// without cvt (slow there): each byte becomes the low mantissa byte of the
/// bf16 0x43XX (128 + the byte's low seven bits, or 256 + twice them when
/// its top bit is set: that bit lands in the exponent); subtracting the same
/// value with the mantissa cleared (128, or 256) leaves the signed byte,
/// exactly. Before sm_90, each byte converts to f32 (exact) and the pair's
/// upper halves are the bf16s (an integer below 2^8 in magnitude has no
/// bits below them).
struct SIToFPBF16Pattern : ConvertOpToLLVMPattern<arith::SIToFPOp> {
  SIToFPBF16Pattern(LLVMTypeConverter &converter, int computeCapability)
      : ConvertOpToLLVMPattern(converter, /*benefit=*/20),
        computeCapability(computeCapability) {}

  LogicalResult
  matchAndRewrite(arith::SIToFPOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto srcType = dyn_cast<RankedTensorType>(op.getIn().getType());
    if (!srcType || !srcType.getElementType().isInteger(8) ||
        !getElementTypeOrSelf(op.getType()).isBF16())
      return failure();
    Location loc = op.getLoc();
    SmallVector<Value> bytes = unpackLLElements(loc, adaptor.getIn(), rewriter);
    if (bytes.empty() || bytes.size() % 4 != 0)
      return failure();
    static constexpr StringLiteral sm90 =
        "{\n\t"
        ".reg .b32 w01, w23, m01, m23, b01, b23;\n\t"
        // 0x43XX per byte: bytes 0, 1 and bytes 2, 3.
        "prmt.b32 w01, $2, 0x43, 0x4140;\n\t"
        "prmt.b32 w23, $2, 0x43, 0x4342;\n\t"
        // 128 + low seven bits: the exponent's lowest bit cleared.
        "and.b32 m01, w01, 0xff7fff7f;\n\t"
        "and.b32 m23, w23, 0xff7fff7f;\n\t"
        // 128 or 256: the mantissa cleared.
        "and.b32 b01, w01, 0xff80ff80;\n\t"
        "and.b32 b23, w23, 0xff80ff80;\n\t"
        "sub.bf16x2 $0, m01, b01;\n\t"
        "sub.bf16x2 $1, m23, b23;\n\t"
        "}";
    static constexpr StringLiteral sm80 =
        "{\n\t"
        ".reg .s8 i<4>;\n\t"
        ".reg .f32 x<4>;\n\t"
        "mov.b32 {i0, i1, i2, i3}, $2;\n\t"
        "cvt.rn.f32.s8 x0, i0;\n\t"
        "cvt.rn.f32.s8 x1, i1;\n\t"
        "cvt.rn.f32.s8 x2, i2;\n\t"
        "cvt.rn.f32.s8 x3, i3;\n\t"
        // The upper halves of two f32s: a bf16 pair.
        "prmt.b32 $0, x0, x1, 0x7632;\n\t"
        "prmt.b32 $1, x2, x3, 0x7632;\n\t"
        "}";
    StringRef text = computeCapability >= 90 ? sm90 : sm80;
    Type i8 = rewriter.getI8Type(), bf16 = rewriter.getBF16Type();
    auto pairType = VectorType::get(2, bf16);
    SmallVector<Value> results;
    for (size_t i = 0; i < bytes.size(); i += 4) {
      auto quadType = VectorType::get(4, i8);
      Value quad = LLVM::UndefOp::create(rewriter, loc, quadType);
      for (unsigned j = 0; j < 4; ++j)
        quad = LLVM::InsertElementOp::create(
            rewriter, loc, quad, bytes[i + j],
            createI32Constant(rewriter, loc, j));
      Value word =
          LLVM::BitcastOp::create(rewriter, loc, rewriter.getI32Type(), quad);
      SmallVector<Value> pairs =
          createInlinePtx(rewriter, loc, {pairType, pairType}, word, text,
                          "=r,=r,r", /*hasSideEffects=*/false);
      for (Value pair : pairs)
        for (unsigned j = 0; j < 2; ++j)
          results.push_back(LLVM::ExtractElementOp::create(
              rewriter, loc, pair, createI32Constant(rewriter, loc, j)));
    }
    auto converter =
        static_cast<const TritonGPUToLLVMTypeConverter *>(getTypeConverter());
    rewriter.replaceOp(
        op, packLLElements(loc, converter, results, rewriter, op.getType()));
    return success();
  }

  int computeCapability;
};

} // namespace

void mlir::triton::nvidia::populateElementwiseOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &converter, RewritePatternSet &patterns,
    int computeCapability) {
  patterns.add<ClampFOpPattern, SIToFPBF16Pattern>(converter,
                                                  computeCapability);
  patterns.add<PreciseSqrtOpPattern, PreciseDivFOpPattern, MulhiUIOpPattern,
               ExternElementwiseOpPattern>(converter);
  populateElementwiseInlineAsmOpToLLVMPatterns(converter, patterns);
  populateMapElementwiseOpToLLVMPatterns(converter, patterns);
}
