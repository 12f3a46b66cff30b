//===- ElementwiseOpToLLVM.cpp - Element-by-element ops on tensors --------===//
//
// A thread computes an elementwise op on a tensor by computing it on each of
// the elements it holds. Tensor arith and math ops become one scalar op per
// element, which the scalar patterns of the same conversion then lower, so a
// scalar rule (libdevice calls, fast paths) serves tensors too.
//
//===----------------------------------------------------------------------===//

#include "dialects/Triton/IR/Dialect.h"
#include "passes/Conversion/TritonGPUToLLVM/common/Patterns.h"
#include "passes/Conversion/TritonGPUToLLVM/common/Utility.h"
#include "passes/Conversion/TritonGPUToLLVM/common/Vectorization.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"

using namespace mlir;
using namespace mlir::triton;

namespace {

/// The elements of each operand, a scalar operand repeated `count` times.
SmallVector<SmallVector<Value>> unpackOperands(Location loc,
                                               ValueRange operands,
                                               unsigned count, OpBuilder &b) {
  SmallVector<SmallVector<Value>> result;
  for (Value operand : operands) {
    SmallVector<Value> elements = unpackLLElements(loc, operand, b);
    if (!isa<LLVM::LLVMStructType>(operand.getType()))
      elements.assign(count, operand);
    result.push_back(std::move(elements));
  }
  return result;
}

/// Any arith or math op whose results are tensors: one scalar op per element.
/// Above the scalar patterns, which would accept the struct a tensor becomes.
struct TensorArithOpPattern : ConversionPattern {
  TensorArithOpPattern(TypeConverter &converter, MLIRContext *context,
                       const ResultConstancies &constancies)
      : ConversionPattern(converter, MatchAnyOpTypeTag(), /*benefit=*/10,
                          context),
        constancies(constancies) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    Dialect *dialect = op->getDialect();
    if (!dialect || !isa<arith::ArithDialect, math::MathDialect>(dialect) ||
        isa<arith::ConstantOp>(op) || op->getNumResults() == 0 ||
        op->getNumRegions() != 0)
      return failure();
    auto resultType = dyn_cast<RankedTensorType>(op->getResult(0).getType());
    if (!resultType)
      return failure();
    std::optional<int> count = getElemsPerThread(resultType);
    if (!count)
      return rewriter.notifyMatchFailure(op,
                                         "result layout has no linear layout");
    Location loc = op->getLoc();
    SmallVector<SmallVector<Value>> elements =
        unpackOperands(loc, operands, *count, rewriter);
    SmallVector<Type> scalarTypes;
    for (Type type : op->getResultTypes())
      scalarTypes.push_back(cast<RankedTensorType>(type).getElementType());
    SmallVector<int> representatives =
        getSharedRegisters(op, resultType, *count, constancies);
    SmallVector<SmallVector<Value>> results(op->getNumResults());
    for (int i = 0; i < *count; ++i) {
      if (representatives[i] != i) {
        for (auto &values : results)
          values.push_back(values[representatives[i]]);
        continue;
      }
      OperationState state(loc, op->getName());
      for (const SmallVector<Value> &operand : elements)
        state.addOperands(operand[i]);
      state.addTypes(scalarTypes);
      state.addAttributes(op->getAttrs());
      Operation *scalar = rewriter.create(state);
      for (auto [r, value] : llvm::enumerate(scalar->getResults()))
        results[r].push_back(value);
    }
    SmallVector<Value> packed;
    for (auto [r, values] : llvm::enumerate(results))
      packed.push_back(packLLElements(loc, getTypeConverter(), values, rewriter,
                                      op->getResult(r).getType()));
    rewriter.replaceOp(op, packed);
    return success();
  }

  const ResultConstancies &constancies;
};

/// A tensor constant: each thread materializes its elements. Splats only: the
/// elements of a non-uniform constant depend on the thread.
struct TensorConstantPattern : ConvertOpToLLVMPattern<arith::ConstantOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(arith::ConstantOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = dyn_cast<RankedTensorType>(op.getType());
    if (!type)
      return failure();
    auto dense = dyn_cast<DenseElementsAttr>(op.getValue());
    std::optional<int> count = getElemsPerThread(type);
    if (!dense || !count)
      return rewriter.notifyMatchFailure(op,
                                         "not a dense constant with a layout");
    if (!dense.isSplat())
      return rewriter.notifyMatchFailure(
          op, "non-splat (rejected before conversion)");
    Location loc = op.getLoc();
    auto converter =
        static_cast<const TritonGPUToLLVMTypeConverter *>(getTypeConverter());
    Type elementType = converter->convertElementType(type.getElementType());
    Attribute splat = dense.getSplatValue<Attribute>();
    Value element;
    if (auto floatAttr = dyn_cast<FloatAttr>(splat)) {
      if (isa<IntegerType>(elementType))
        splat = rewriter.getIntegerAttr(elementType,
                                        floatAttr.getValue().bitcastToAPInt());
    } else if (auto intAttr = dyn_cast<IntegerAttr>(splat)) {
      splat = rewriter.getIntegerAttr(elementType, intAttr.getValue());
    }
    element = LLVM::ConstantOp::create(rewriter, loc, elementType,
                                       cast<TypedAttr>(splat));
    SmallVector<Value> elements(*count, element);
    rewriter.replaceOp(
        op, packLLElements(loc, converter, elements, rewriter, type));
    return success();
  }
};

/// Ops whose tensor form applies a one-operand rule to each element.
template <typename SourceOp>
struct PerElementPattern : ConvertOpToLLVMPattern<SourceOp> {
  PerElementPattern(LLVMTypeConverter &converter,
                    const ResultConstancies &constancies)
      : ConvertOpToLLVMPattern<SourceOp>(converter), constancies(constancies) {}
  using OpAdaptor = typename SourceOp::Adaptor;
  const ResultConstancies &constancies;

  /// The LLVM value of one element of the result from one of each operand.
  virtual Value rewriteElement(SourceOp op, ArrayRef<Value> operands,
                               Type elementType,
                               ConversionPatternRewriter &rewriter) const = 0;

  LogicalResult
  matchAndRewrite(SourceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type resultType = op->getResult(0).getType();
    auto converter = static_cast<const TritonGPUToLLVMTypeConverter *>(
        this->getTypeConverter());
    auto tensorType = dyn_cast<RankedTensorType>(resultType);
    Type elementType =
        converter->convertElementType(getElementTypeOrSelf(resultType));
    if (!tensorType) {
      rewriter.replaceOp(
          op, rewriteElement(op, llvm::to_vector(adaptor.getOperands()),
                             elementType, rewriter));
      return success();
    }
    std::optional<int> count = getElemsPerThread(tensorType);
    if (!count)
      return rewriter.notifyMatchFailure(op,
                                         "result layout has no linear layout");
    SmallVector<SmallVector<Value>> elements =
        unpackOperands(loc, adaptor.getOperands(), *count, rewriter);
    SmallVector<int> representatives =
        getSharedRegisters(op, tensorType, *count, constancies);
    SmallVector<Value> results;
    for (int i = 0; i < *count; ++i) {
      if (representatives[i] != i) {
        results.push_back(results[representatives[i]]);
        continue;
      }
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

struct SplatOpPattern : PerElementPattern<SplatOp> {
  using PerElementPattern::PerElementPattern;
  Value rewriteElement(SplatOp, ArrayRef<Value> operands, Type,
                       ConversionPatternRewriter &) const override {
    return operands[0];
  }
};

struct AddPtrOpPattern : PerElementPattern<AddPtrOp> {
  using PerElementPattern::PerElementPattern;
  Value rewriteElement(AddPtrOp op, ArrayRef<Value> operands, Type elementType,
                       ConversionPatternRewriter &rewriter) const override {
    auto pointerType =
        cast<PointerType>(getElementTypeOrSelf(op.getPtr().getType()));
    auto converter =
        static_cast<const TritonGPUToLLVMTypeConverter *>(getTypeConverter());
    Type pointee = converter->convertElementType(pointerType.getPointeeType());
    if (pointee.isInteger(1))
      pointee = rewriter.getI8Type(); // booleans are stored as bytes
    return LLVM::GEPOp::create(rewriter, op.getLoc(), elementType, pointee,
                               operands[0], operands[1]);
  }
};

struct IntToPtrOpPattern : PerElementPattern<IntToPtrOp> {
  using PerElementPattern::PerElementPattern;
  Value rewriteElement(IntToPtrOp op, ArrayRef<Value> operands,
                       Type elementType,
                       ConversionPatternRewriter &rewriter) const override {
    return LLVM::IntToPtrOp::create(rewriter, op.getLoc(), elementType,
                                    operands[0]);
  }
};

struct PtrToIntOpPattern : PerElementPattern<PtrToIntOp> {
  using PerElementPattern::PerElementPattern;
  Value rewriteElement(PtrToIntOp op, ArrayRef<Value> operands,
                       Type elementType,
                       ConversionPatternRewriter &rewriter) const override {
    return LLVM::PtrToIntOp::create(rewriter, op.getLoc(), elementType,
                                    operands[0]);
  }
};

struct BitcastOpPattern : PerElementPattern<BitcastOp> {
  using PerElementPattern::PerElementPattern;
  Value rewriteElement(BitcastOp op, ArrayRef<Value> operands, Type elementType,
                       ConversionPatternRewriter &rewriter) const override {
    Value source = operands[0];
    if (source.getType() == elementType)
      return source;
    bool fromPtr = isa<LLVM::LLVMPointerType>(source.getType());
    bool toPtr = isa<LLVM::LLVMPointerType>(elementType);
    if (fromPtr && toPtr)
      return LLVM::AddrSpaceCastOp::create(rewriter, op.getLoc(), elementType,
                                           source);
    if (fromPtr)
      return LLVM::PtrToIntOp::create(rewriter, op.getLoc(), elementType,
                                      source);
    if (toPtr)
      return LLVM::IntToPtrOp::create(rewriter, op.getLoc(), elementType,
                                      source);
    return LLVM::BitcastOp::create(rewriter, op.getLoc(), elementType, source);
  }
};

} // namespace

void mlir::triton::populateElementwiseOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &converter, RewritePatternSet &patterns,
    const ResultConstancies &constancies) {
  MLIRContext *context = patterns.getContext();
  patterns.add<TensorArithOpPattern>(converter, context, constancies);
  // Above arith-to-llvm's constant pattern, which would try a tensor constant.
  patterns.add<TensorConstantPattern>(converter, /*benefit=*/10);
  patterns.add<SplatOpPattern, AddPtrOpPattern, IntToPtrOpPattern,
               PtrToIntOpPattern, BitcastOpPattern>(converter, constancies);
}
