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
    // Small floats travel as integers of their width (FpConversion lowers
    // the ops that compute on them; what reaches here, a select, only moves
    // their bits).
    SmallVector<Type> scalarTypes;
    for (Type type : op->getResultTypes()) {
      Type element = cast<RankedTensorType>(type).getElementType();
      auto small = dyn_cast<FloatType>(element);
      if (small && small.getWidth() <= 8)
        element = IntegerType::get(op->getContext(), small.getWidth());
      scalarTypes.push_back(element);
    }
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

/// One element of a dense constant as an attribute of the lowered element
/// type (small floats travel as integers of their width).
TypedAttr lowerConstantElement(Attribute element, Type elementType,
                               Builder &b) {
  if (auto floatAttr = dyn_cast<FloatAttr>(element)) {
    // An 8-bit float keeps its float attribute on the i8 it travels as (the
    // LLVM translation takes its bits), as Triton 3.6 prints it.
    if (elementType.isInteger(8) &&
        floatAttr.getType().getIntOrFloatBitWidth() == 8)
      return floatAttr;
    if (isa<IntegerType>(elementType))
      return b.getIntegerAttr(elementType,
                              floatAttr.getValue().bitcastToAPInt());
    return b.getFloatAttr(elementType, floatAttr.getValue());
  }
  if (auto intAttr = dyn_cast<IntegerAttr>(element))
    return b.getIntegerAttr(elementType, intAttr.getValue());
  return cast<TypedAttr>(element);
}

/// A tensor constant: each thread materializes the elements it holds. A
/// splat, or a constant whose elements a thread holds whatever its lane and
/// warp (the layout gives every thread the whole tensor), becomes one LLVM
/// constant per register. Otherwise which element a register holds depends
/// on the thread: the elements go into a constant table (address space 4, the
/// read-only space of NVPTX and AMDGPU) that each register reads at its
/// element's row-major index.
struct TensorConstantPattern : ConvertOpToLLVMPattern<arith::ConstantOp> {
  TensorConstantPattern(LLVMTypeConverter &converter,
                        const TargetInfoBase &target)
      : ConvertOpToLLVMPattern(converter, /*benefit=*/10), target(target) {}

  LogicalResult
  matchAndRewrite(arith::ConstantOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = dyn_cast<RankedTensorType>(op.getType());
    if (!type)
      return failure();
    auto dense = dyn_cast<DenseElementsAttr>(op.getValue());
    std::optional<gpu::LinearLayout> layout = getDistributedLayout(type);
    if (!dense || !layout)
      return rewriter.notifyMatchFailure(op,
                                         "not a dense constant with a layout");
    Location loc = op.getLoc();
    auto converter =
        static_cast<const TritonGPUToLLVMTypeConverter *>(getTypeConverter());
    Type elementType = converter->convertElementType(type.getElementType());
    int count = layout->getInDimSize("register");
    if (dense.isSplat()) {
      Value element = LLVM::ConstantOp::create(
          rewriter, loc, elementType,
          lowerConstantElement(dense.getSplatValue<Attribute>(), elementType,
                               rewriter));
      // Through a bitcast to the element type, as Triton 3.6 writes a splat
      // (a no-op LLVM folds away).
      element = LLVM::BitcastOp::create(rewriter, loc, elementType, element);
      SmallVector<Value> elements(count, element);
      rewriter.replaceOp(
          op, packLLElements(loc, converter, elements, rewriter, type));
      return success();
    }

    SmallVector<Attribute> values(dense.getValues<Attribute>());
    ArrayRef<int64_t> shape = type.getShape();
    auto linearIndex = [&](ArrayRef<int32_t> coords) {
      int64_t index = 0;
      for (auto [coord, size] : llvm::zip(coords, shape))
        index = index * size + coord;
      return index;
    };
    auto threadIndependent = [&](StringRef dim) {
      return !layout->hasInDim(dim) ||
             llvm::all_of(layout->getBases(dim), [](const auto &basis) {
               return llvm::all_of(basis, [](int32_t v) { return v == 0; });
             });
    };
    SmallVector<SmallVector<int32_t>> registers = getRegisterPart(*layout);
    SmallVector<Value> elements;
    if (threadIndependent("lane") && threadIndependent("warp")) {
      for (ArrayRef<int32_t> coords : registers)
        elements.push_back(LLVM::ConstantOp::create(
            rewriter, loc, elementType,
            lowerConstantElement(values[linearIndex(coords)], elementType,
                                 rewriter)));
      rewriter.replaceOp(
          op, packLLElements(loc, converter, elements, rewriter, type));
      return success();
    }

    // The table holds i1 elements as bytes (an LLVM i1 array is bit-packed
    // in no address space the GPU backends agree on).
    bool isBool = elementType.isInteger(1);
    Type tableElementType = isBool ? rewriter.getI8Type() : elementType;
    SmallVector<Attribute> tableValues;
    for (Attribute value : values) {
      TypedAttr lowered = lowerConstantElement(value, elementType, rewriter);
      if (auto small = dyn_cast<FloatAttr>(lowered);
          small && isa<IntegerType>(elementType))
        lowered = rewriter.getIntegerAttr(elementType,
                                          small.getValue().bitcastToAPInt());
      if (isBool)
        lowered = rewriter.getIntegerAttr(
            tableElementType,
            cast<IntegerAttr>(lowered).getValue().getZExtValue());
      tableValues.push_back(lowered);
    }
    auto tableShape = RankedTensorType::get(
        {static_cast<int64_t>(values.size())}, tableElementType);
    auto module = op->getParentOfType<ModuleOp>();
    std::string name;
    for (int i = 0;; ++i) {
      name = "tt_constant_table_" + std::to_string(i);
      if (!module.lookupSymbol(name))
        break;
    }
    constexpr unsigned kConstantAddressSpace = 4;
    {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(module.getBody());
      LLVM::GlobalOp::create(
          rewriter, loc,
          LLVM::LLVMArrayType::get(tableElementType, values.size()),
          /*isConstant=*/true, LLVM::Linkage::Internal, name,
          DenseElementsAttr::get(tableShape, tableValues),
          /*alignment=*/0, kConstantAddressSpace);
    }
    auto pointerType = LLVM::LLVMPointerType::get(rewriter.getContext(),
                                                  kConstantAddressSpace);
    Value base = LLVM::AddressOfOp::create(rewriter, loc, pointerType, name);
    LaneAndWarp thread = getLaneAndWarp(rewriter, loc, target);
    SmallVector<Value> threadPart =
        emitThreadPart(rewriter, loc, *layout, thread);
    // Row-major index of the thread's part; a register's index is its
    // coordinates' xor with the thread part, linearized.
    for (ArrayRef<int32_t> regCoords : registers) {
      Value index;
      for (auto [d, size] : llvm::enumerate(shape)) {
        Value coord = threadPart[d];
        if (regCoords[d] != 0)
          coord = LLVM::XOrOp::create(
              rewriter, loc, coord,
              createI32Constant(rewriter, loc, regCoords[d]));
        if (index)
          coord = LLVM::AddOp::create(
              rewriter, loc,
              LLVM::MulOp::create(rewriter, loc, index,
                                  createI32Constant(rewriter, loc, size)),
              coord);
        index = coord;
      }
      Value address =
          LLVM::GEPOp::create(rewriter, loc, pointerType, tableElementType,
                              base, ValueRange{index});
      Value element =
          LLVM::LoadOp::create(rewriter, loc, tableElementType, address);
      if (isBool)
        element = LLVM::TruncOp::create(rewriter, loc, elementType, element);
      elements.push_back(element);
    }
    rewriter.replaceOp(
        op, packLLElements(loc, converter, elements, rewriter, type));
    return success();
  }

  const TargetInfoBase &target;
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
    const ResultConstancies &constancies, const TargetInfoBase &target) {
  MLIRContext *context = patterns.getContext();
  patterns.add<TensorArithOpPattern>(converter, context, constancies);
  // Above arith-to-llvm's constant pattern (benefit 10), which would try a
  // tensor constant.
  patterns.add<TensorConstantPattern>(converter, target);
  patterns.add<SplatOpPattern, AddPtrOpPattern, IntToPtrOpPattern,
               PtrToIntOpPattern, BitcastOpPattern>(converter, constancies);
}
