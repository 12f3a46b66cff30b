//===- DotOpToLLVM.cpp - tt.dot on blocked layouts, with FMAs -------------===//
//
// A dot whose accumulator has a blocked layout and whose operands are
// #ttg.dot_op of it: each thread holds, for each of its accumulator elements
// (m, n) (of each batch, for a 3-D dot), the whole row m of A and column n of
// B along K, and accumulates
// A(m, k) * B(k, n) over k in order with fused multiply-adds. This is the
// fallback for dots the tensor-core layouts (accelerate-matmul) do not take;
// fp8 operands are widened exactly first.
//
//===----------------------------------------------------------------------===//

#include "dialects/Triton/IR/Dialect.h"
#include "dialects/TritonGPU/IR/Dialect.h"
#include "passes/Conversion/TritonGPUToLLVM/common/FMADotOpToLLVM.h"
#include "passes/Conversion/TritonGPUToLLVM/common/FpConversion.h"
#include "passes/Conversion/TritonGPUToLLVM/common/Patterns.h"
#include "passes/Conversion/TritonGPUToLLVM/common/Utility.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"

#include <map>

using namespace mlir;
using namespace mlir::triton;

namespace {

using Coords = SmallVector<int32_t, 3>;

/// The register holding each element of an operand or accumulator, by the
/// constant part of its coordinates (batch, row, column; lane and warp add
/// the same offsets to all).
std::map<Coords, int> indexRegisters(const triton::gpu::LinearLayout &layout) {
  std::map<Coords, int> index;
  for (auto [reg, coords] : llvm::enumerate(getRegisterPart(layout)))
    index.try_emplace(Coords(coords.begin(), coords.end()), reg);
  return index;
}

/// Widens an operand element to the accumulator's type (an 8-bit float,
/// which travels as an i8, through its exact f32 value; every fp8 value is
/// exact in f16 and bf16 too).
Value castToAccumulator(OpBuilder &b, Location loc, Value value,
                        Type operandType, Type accType) {
  if (isSmallFloat(operandType)) {
    value = convertSmallFloatToF32(b, loc, value, operandType);
    if (accType.getIntOrFloatBitWidth() < 32)
      return LLVM::FPTruncOp::create(b, loc, accType, value);
    operandType = value.getType();
  }
  if (value.getType() == accType)
    return value;
  if (isa<FloatType>(accType)) {
    if (isa<IntegerType>(operandType))
      return LLVM::SIToFPOp::create(b, loc, accType, value);
    return LLVM::FPExtOp::create(b, loc, accType, value);
  }
  if (value.getType().getIntOrFloatBitWidth() < accType.getIntOrFloatBitWidth())
    return LLVM::SExtOp::create(b, loc, accType, value);
  return value;
}

struct FMADotOpPattern : ConvertOpToLLVMPattern<DotOp> {
  FMADotOpPattern(TritonGPUToLLVMTypeConverter &converter,
                  MultiplyAdd multiplyAdd, PatternBenefit benefit)
      : ConvertOpToLLVMPattern(converter, benefit),
        multiplyAdd(std::move(multiplyAdd)) {}

  LogicalResult
  matchAndRewrite(DotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto dType = cast<RankedTensorType>(op.getType());
    auto aType = cast<RankedTensorType>(op.getA().getType());
    auto bType = cast<RankedTensorType>(op.getB().getType());
    if (!isa<triton::gpu::BlockedEncodingAttr>(dType.getEncoding()))
      return rewriter.notifyMatchFailure(op, "not a blocked accumulator");
    Type aElem = aType.getElementType(), bElem = bType.getElementType();
    Type accElem = dType.getElementType();
    for (Type element : {aElem, bElem})
      if (isSmallFloat(element) &&
          !isa<Float8E4M3FNType, Float8E5M2Type>(element))
        return op.emitError()
               << "a tt.dot of " << element
               << " on a blocked layout is not supported yet by the LLVM "
                  "lowering (8-bit floats: f8E4M3FN and f8E5M2)";
    if (!isa<FloatType>(accElem) &&
        (isSmallFloat(aElem) || isSmallFloat(bElem)))
      return op.emitError(
          "an fp8 tt.dot with an integer accumulator is not supported");
    std::optional<triton::gpu::LinearLayout> aLayout =
        getDistributedLayout(aType);
    std::optional<triton::gpu::LinearLayout> bLayout =
        getDistributedLayout(bType);
    std::optional<triton::gpu::LinearLayout> dLayout =
        getDistributedLayout(dType);
    if (!aLayout || !bLayout || !dLayout)
      return rewriter.notifyMatchFailure(
          op, "operand layouts without linear layouts");
    std::map<Coords, int> aIndex = indexRegisters(*aLayout),
                          bIndex = indexRegisters(*bLayout);
    // A batched (3-D) dot multiplies the matrices of each batch index.
    unsigned rank = dType.getRank();
    int64_t k = aType.getShape()[rank - 1];

    Location loc = op.getLoc();
    SmallVector<Value> a = unpackLLElements(loc, adaptor.getA(), rewriter);
    SmallVector<Value> b = unpackLLElements(loc, adaptor.getB(), rewriter);
    SmallVector<Value> acc = unpackLLElements(loc, adaptor.getC(), rewriter);
    auto converter =
        static_cast<const TritonGPUToLLVMTypeConverter *>(getTypeConverter());
    Type accType = converter->convertElementType(accElem);
    SmallVector<SmallVector<int32_t>> dRegs = getRegisterPart(*dLayout);
    // Operand elements are widened once, not once per use.
    for (Value &x : a)
      x = castToAccumulator(rewriter, loc, x, aElem, accType);
    for (Value &y : b)
      y = castToAccumulator(rewriter, loc, y, bElem, accType);
    SmallVector<Value> results;
    for (auto [reg, coords] : llvm::enumerate(dRegs)) {
      Value sum = acc[reg];
      Coords aKey(coords.begin(), coords.end()),
          bKey(coords.begin(), coords.end());
      for (int64_t kk = 0; kk < k; ++kk) {
        aKey[rank - 1] = bKey[rank - 2] = static_cast<int32_t>(kk);
        auto aIt = aIndex.find(aKey);
        auto bIt = bIndex.find(bKey);
        if (aIt == aIndex.end() || bIt == bIndex.end())
          return op.emitError(
              "tt.dot operands whose layouts do not give each thread whole "
              "rows of A and columns of B are not supported yet by the LLVM "
              "lowering");
        Value x = a[aIt->second];
        Value y = b[bIt->second];
        sum = multiplyAdd(rewriter, loc, x, y, sum);
      }
      results.push_back(sum);
    }
    rewriter.replaceOp(
        op, packLLElements(loc, converter, results, rewriter, dType));
    return success();
  }

  MultiplyAdd multiplyAdd;
};

} // namespace

void mlir::triton::populateFMADotOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &converter, RewritePatternSet &patterns,
    MultiplyAdd multiplyAdd, PatternBenefit benefit) {
  patterns.add<FMADotOpPattern>(converter, std::move(multiplyAdd), benefit);
}

void mlir::triton::populateDotOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &converter, RewritePatternSet &patterns) {
  populateFMADotOpToLLVMPatterns(
      converter, patterns,
      [](OpBuilder &b, Location loc, Value x, Value y, Value acc) -> Value {
        if (isa<FloatType>(acc.getType()))
          return LLVM::FMulAddOp::create(b, loc, x, y, acc);
        return LLVM::AddOp::create(b, loc, acc,
                                   LLVM::MulOp::create(b, loc, x, y));
      },
      /*benefit=*/1);
}
