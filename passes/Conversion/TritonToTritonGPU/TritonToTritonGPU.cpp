//===- TritonToTritonGPU.cpp - The -convert-triton-to-tritongpu pass ------===//

#include "dialects/TritonGPU/IR/LinearLayoutConversions.h"
#include "passes/Conversion/TritonToTritonGPU/Passes.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/Transforms/FuncConversions.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/Transforms/DialectConversion.h"

#include <numeric>

namespace mlir {
namespace triton {
#define GEN_PASS_DEF_CONVERTTRITONTOTRITONGPU
#include "passes/Conversion/TritonToTritonGPU/Passes.h.inc"
} // namespace triton
} // namespace mlir

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {

/// Tensors without a layout get the default blocked layout of their shape.
class TritonGPUTypeConverter : public TypeConverter {
public:
  TritonGPUTypeConverter(MLIRContext *context, int numWarps, int threadsPerWarp,
                         int numCTAs)
      : numWarps(numWarps), threadsPerWarp(threadsPerWarp), numCTAs(numCTAs) {
    addConversion([](Type type) { return type; });
    addConversion([=](RankedTensorType type) -> Type {
      if (type.getEncoding())
        return type;
      return RankedTensorType::get(
          type.getShape(), type.getElementType(),
          getDefaultBlockedEncoding(context, type.getShape(), numWarps,
                                    threadsPerWarp, numCTAs));
    });
    // A value in another layout than its users expect moves with a
    // ttg.convert_layout.
    auto convert = [](OpBuilder &builder, Type type, ValueRange inputs,
                      Location loc) -> Value {
      if (inputs.size() != 1 || !isa<RankedTensorType>(type) ||
          !isa<RankedTensorType>(inputs[0].getType()))
        return Value();
      return ConvertLayoutOp::create(builder, loc, type, inputs[0]);
    };
    addTargetMaterialization(convert);
    addSourceMaterialization(convert);
  }
  int numWarps, threadsPerWarp, numCTAs;
};

Value convertTo(OpBuilder &builder, Value value, Attribute encoding) {
  auto type = cast<RankedTensorType>(value.getType());
  if (type.getEncoding() == encoding)
    return value;
  return ConvertLayoutOp::create(builder, value.getLoc(),
                                 type.cloneWithEncoding(encoding), value);
}

/// Ops whose result layouts are the converted types of their results.
struct GenericConversion : public ConversionPattern {
  GenericConversion(const TypeConverter &converter, MLIRContext *context)
      : ConversionPattern(converter, MatchAnyOpTypeTag(), /*benefit=*/0,
                          context) {}
  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    if (op->getNumRegions() != 0)
      return failure();
    FailureOr<Operation *> converted =
        convertOpResultTypes(op, operands, *getTypeConverter(), rewriter);
    if (failed(converted))
      return failure();
    rewriter.replaceOp(op, (*converted)->getResults());
    return success();
  }
};

/// Tensor constants: the same values, in the converted tensor type.
struct ConstantConversion : public OpConversionPattern<arith::ConstantOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(arith::ConstantOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto dense = dyn_cast<DenseElementsAttr>(op.getValue());
    auto type = dyn_cast<RankedTensorType>(
        getTypeConverter()->convertType(op.getType()));
    if (!dense || !type)
      return failure();
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(op, type,
                                                   dense.reshape(type));
    return success();
  }
};

/// A broadcast keeps its source's layout.
struct BroadcastConversion : public OpConversionPattern<BroadcastOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(BroadcastOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Attribute encoding =
        cast<RankedTensorType>(adaptor.getSrc().getType()).getEncoding();
    rewriter.replaceOpWithNewOp<BroadcastOp>(
        op, cast<RankedTensorType>(op.getType()).cloneWithEncoding(encoding),
        adaptor.getSrc());
    return success();
  }
};

/// expand_dims takes a slice of its result's layout along the new axis.
struct ExpandDimsConversion : public OpConversionPattern<ExpandDimsOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ExpandDimsOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto resultType =
        cast<RankedTensorType>(getTypeConverter()->convertType(op.getType()));
    auto slice = SliceEncodingAttr::get(getContext(), op.getAxis(),
                                        resultType.getEncoding());
    Value src = convertTo(rewriter, adaptor.getSrc(), slice);
    rewriter.replaceOpWithNewOp<ExpandDimsOp>(op, resultType, src,
                                              op.getAxis());
    return success();
  }
};

/// Replaces `op` by `newOp`, which takes over op's only region.
void replaceWithRegionOp(ConversionPatternRewriter &rewriter, Operation *op,
                         Operation *newOp) {
  rewriter.inlineRegionBefore(op->getRegion(0), newOp->getRegion(0),
                              newOp->getRegion(0).end());
  rewriter.replaceOp(op, newOp->getResults());
}

/// A reduce yields a slice of its source's layout.
struct ReduceConversion : public OpConversionPattern<ReduceOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ReduceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Type> resultTypes;
    for (auto [src, result] : llvm::zip(adaptor.getSrcs(), op.getResult())) {
      auto tensor = dyn_cast<RankedTensorType>(result.getType());
      if (!tensor) {
        resultTypes.push_back(result.getType());
        continue;
      }
      Attribute parent = cast<RankedTensorType>(src.getType()).getEncoding();
      resultTypes.push_back(tensor.cloneWithEncoding(
          SliceEncodingAttr::get(getContext(), op.getAxis(), parent)));
    }
    auto reduce = ReduceOp::create(rewriter, op.getLoc(), resultTypes,
                                   adaptor.getSrcs(), op.getAxis());
    replaceWithRegionOp(rewriter, op, reduce);
    return success();
  }
};

/// A scan keeps its sources' layout.
struct ScanConversion : public OpConversionPattern<ScanOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ScanOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto scan =
        ScanOp::create(rewriter, op.getLoc(), adaptor.getSrcs().getTypes(),
                       adaptor.getSrcs(), op.getAxis(), op.getReverse());
    replaceWithRegionOp(rewriter, op, scan);
    return success();
  }
};

/// A region-carrying elementwise map keeps its operands' (converted) layouts.
struct MapElementwiseConversion : public OpConversionPattern<MapElementwiseOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(MapElementwiseOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Type> resultTypes;
    if (failed(
            getTypeConverter()->convertTypes(op.getResultTypes(), resultTypes)))
      return failure();
    auto map = MapElementwiseOp::create(rewriter, op.getLoc(), resultTypes,
                                        adaptor.getSrcs(), op.getPack());
    replaceWithRegionOp(rewriter, op, map);
    return success();
  }
};

/// dot's operands take #ttg.dot_op layouts of the accumulator's layout.
struct DotConversion : public OpConversionPattern<DotOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(DotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    // The accumulator's layout: a 2x2 block per thread of
    // the last two dimensions where each thread has 4 elements or more, a
    // 4x4 one from 16 on (the blocks an FMA dot reuses its operands over;
    // accelerate-matmul replaces it for the tensor cores).
    auto converter =
        static_cast<const TritonGPUTypeConverter *>(getTypeConverter());
    auto origType = cast<RankedTensorType>(op.getType());
    ArrayRef<int64_t> shape = origType.getShape();
    unsigned rank = shape.size();
    int64_t perThread = origType.getNumElements() /
                        (converter->numWarps * converter->threadsPerWarp);
    unsigned block = perThread >= 16 ? 4 : perThread >= 4 ? 2 : 1;
    SmallVector<unsigned> sizePerThread(rank, 1), order;
    for (unsigned dim = rank - 2; dim < rank; ++dim)
      sizePerThread[dim] = std::min<int64_t>(block, shape[dim]);
    for (unsigned dim = rank; dim > 0; --dim)
      order.push_back(dim - 1);
    Attribute parent = getBlockedEncoding(
        getContext(), shape, sizePerThread, order, converter->numWarps,
        converter->threadsPerWarp, converter->numCTAs);
    auto resultType = origType.cloneWithEncoding(parent);
    Value a =
        convertTo(rewriter, adaptor.getA(),
                  DotOperandEncodingAttr::get(getContext(), 0, parent, 0));
    Value b =
        convertTo(rewriter, adaptor.getB(),
                  DotOperandEncodingAttr::get(getContext(), 1, parent, 0));
    Value c = convertTo(rewriter, adaptor.getC(), parent);
    rewriter.replaceOpWithNewOp<DotOp>(op, resultType, a, b, c,
                                       op.getInputPrecision(),
                                       op.getMaxNumImpreciseAcc());
    return success();
  }
};

/// trans: the source's blocked layout with its dimensions permuted.
struct TransConversion : public OpConversionPattern<TransOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(TransOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto blocked = dyn_cast<BlockedEncodingAttr>(
        cast<RankedTensorType>(adaptor.getSrc().getType()).getEncoding());
    if (!blocked)
      return rewriter.notifyMatchFailure(op, "only blocked sources");
    ArrayRef<int32_t> perm = op.getOrder();
    // The CTA bases are coordinates too: permuted like the dimensions, so
    // each CTA keeps its part of the tensor.
    BasisList cga;
    for (const auto &basis : blocked.getCGALayout().bases) {
      SmallVector<int32_t> permuted;
      for (int32_t d : perm)
        permuted.push_back(basis[d]);
      cga.bases.push_back(std::move(permuted));
    }
    SmallVector<unsigned> spt, lanes, warps, order, inverse(perm.size());
    for (auto [i, d] : llvm::enumerate(perm)) {
      spt.push_back(blocked.getSizePerThread()[d]);
      lanes.push_back(blocked.getThreadsPerWarp()[d]);
      warps.push_back(blocked.getWarpsPerCTA()[d]);
      inverse[d] = i;
    }
    for (unsigned d : blocked.getOrder())
      order.push_back(inverse[d]);
    auto encoding =
        BlockedEncodingAttr::get(getContext(), spt, lanes, warps, order, cga);
    rewriter.replaceOpWithNewOp<TransOp>(
        op, cast<RankedTensorType>(op.getType()).cloneWithEncoding(encoding),
        adaptor.getSrc(), perm);
    return success();
  }
};

/// join: a new fastest dimension of two elements, both held by one thread.
struct JoinConversion : public OpConversionPattern<JoinOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(JoinOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto blocked = dyn_cast<BlockedEncodingAttr>(
        cast<RankedTensorType>(adaptor.getLhs().getType()).getEncoding());
    if (!blocked)
      return rewriter.notifyMatchFailure(op, "only blocked sources are joined");
    rewriter.replaceOpWithNewOp<JoinOp>(
        op,
        cast<RankedTensorType>(op.getType())
            .cloneWithEncoding(getPairEncoding(blocked)),
        adaptor.getLhs(), adaptor.getRhs());
    return success();
  }
};

/// split: the source moves to a layout whose fastest dimension, of two
/// elements, one thread holds; the halves drop that dimension.
struct SplitConversion : public OpConversionPattern<SplitOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(SplitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto resultType =
        cast<RankedTensorType>(getTypeConverter()->convertType(op.getType(0)));
    auto half = dyn_cast<BlockedEncodingAttr>(resultType.getEncoding());
    if (!half)
      return rewriter.notifyMatchFailure(op, "only blocked results are split");
    Value src = convertTo(rewriter, adaptor.getSrc(), getPairEncoding(half));
    rewriter.replaceOpWithNewOp<SplitOp>(op, TypeRange{resultType, resultType},
                                         src);
    return success();
  }
};

/// The registers a thread holds of a tensor of `type`'s shape and layout.
std::optional<int64_t> getRegisterCount(RankedTensorType type) {
  std::optional<LinearLayout> layout =
      toLinearLayout(type.getShape(), type.getEncoding());
  if (!layout)
    return std::nullopt;
  return layout->getInDimSize("register");
}

/// cat: the default layout of the result, with enough registers along its
/// fastest dimension for each thread to hold its elements of both operands
/// (rounded up to a power of two), since tt.cat may order the result's
/// elements as it likes and so moves no data between threads.
struct CatConversion : public OpConversionPattern<CatOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(CatOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto resultType =
        cast<RankedTensorType>(getTypeConverter()->convertType(op.getType()));
    auto blocked = dyn_cast<BlockedEncodingAttr>(resultType.getEncoding());
    auto lhsType = cast<RankedTensorType>(adaptor.getLhs().getType());
    auto rhsType = cast<RankedTensorType>(adaptor.getRhs().getType());
    std::optional<int64_t> lhs = getRegisterCount(lhsType),
                           rhs = getRegisterCount(rhsType),
                           result = getRegisterCount(resultType);
    if (!blocked || !lhs || !rhs || !result)
      return rewriter.notifyMatchFailure(op, "layouts without a linear layout");
    int64_t wanted = llvm::PowerOf2Ceil(*lhs + *rhs);
    SmallVector<unsigned> spt(blocked.getSizePerThread());
    if (wanted > *result)
      spt[blocked.getOrder()[0]] *= wanted / *result;
    auto encoding = BlockedEncodingAttr::get(
        getContext(), spt, blocked.getThreadsPerWarp(),
        blocked.getWarpsPerCTA(), blocked.getOrder(), blocked.getCGALayout());
    rewriter.replaceOpWithNewOp<CatOp>(op,
                                       resultType.cloneWithEncoding(encoding),
                                       adaptor.getLhs(), adaptor.getRhs());
    return success();
  }
};

/// TMA gather4/scatter4 read four consecutive row indices per instruction,
/// so the thread issuing one must hold all four: the row offsets take a
/// slice of a layout with 4 consecutive elements per thread along the rows,
/// every lane of a warp the same rows (broadcast over lanes), warps spread
/// over the columns.
template <typename OpT>
struct GatherScatterConversion : public OpConversionPattern<OpT> {
  using OpConversionPattern<OpT>::OpConversionPattern;
  LogicalResult
  matchAndRewrite(OpT op, typename OpT::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto converter =
        static_cast<const TritonGPUTypeConverter *>(this->getTypeConverter());
    MLIRContext *context = op->getContext();
    // With several CTAs, each holds all the offsets.
    BasisList ctas;
    for (int n = 1; n < converter->numCTAs; n *= 2)
      ctas.bases.push_back({0, 0});
    auto parent = BlockedEncodingAttr::get(
        context, /*sizePerThread=*/{1, 4},
        /*threadsPerWarp=*/{unsigned(converter->threadsPerWarp), 1},
        /*warpsPerCTA=*/{1, unsigned(converter->numWarps)}, /*order=*/{1, 0},
        ctas);
    auto slice = SliceEncodingAttr::get(context, /*dim=*/0, parent);
    SmallVector<Type> resultTypes;
    if (failed(converter->convertTypes(op->getResultTypes(), resultTypes)))
      return failure();
    SmallVector<Value> operands(adaptor.getOperands());
    unsigned index = op.getXOffsetsMutable().getOperandNumber();
    operands[index] = convertTo(rewriter, operands[index], slice);
    Operation *converted =
        rewriter.create(op->getLoc(), op->getName().getIdentifier(), operands,
                        resultTypes, op->getAttrs());
    rewriter.replaceOp(op, converted->getResults());
    return success();
  }
};

/// Unstructured control flow: a branch carries converted values, and the
/// blocks of its region (the function's conversion only did the entry block)
/// take the converted argument types.
template <typename OpT>
struct BranchConversion : public OpConversionPattern<OpT> {
  using OpConversionPattern<OpT>::OpConversionPattern;
  LogicalResult
  matchAndRewrite(OpT op, typename OpT::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Region *region = op->getParentRegion();
    Operation *branch = rewriter.create(
        op->getLoc(), op->getName().getIdentifier(), adaptor.getOperands(),
        op->getResultTypes(), op->getAttrs(), op->getSuccessors());
    rewriter.replaceOp(op, branch->getResults());
    if (failed(rewriter.convertRegionTypes(region, *this->getTypeConverter())))
      return failure();
    return success();
  }
};

bool hasLegalTypes(Operation *op, const TypeConverter &converter) {
  if (!converter.isLegal(op->getOperandTypes()) ||
      !converter.isLegal(op->getResultTypes()))
    return false;
  for (Region &region : op->getRegions())
    for (Block &block : region)
      if (!converter.isLegal(block.getArgumentTypes()))
        return false;
  return true;
}

class ConvertTritonToTritonGPUPass
    : public mlir::triton::impl::ConvertTritonToTritonGPUBase<
          ConvertTritonToTritonGPUPass> {
public:
  using Base::Base;
  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *context = &getContext();
    if (numWarps < 1 || threadsPerWarp < 1 || numCTAs < 1 ||
        !llvm::isPowerOf2_32(numWarps) ||
        !llvm::isPowerOf2_32(threadsPerWarp) || !llvm::isPowerOf2_32(numCTAs)) {
      module.emitError("num-warps, threads-per-warp and num-ctas must be "
                       "powers of two, got ")
          << int64_t(numWarps) << ", " << int64_t(threadsPerWarp) << " and "
          << int64_t(numCTAs);
      return signalPassFailure();
    }
    TritonGPUTypeConverter converter(context, numWarps, threadsPerWarp,
                                     numCTAs);
    ConversionTarget legality(*context);
    legality.addLegalDialect<TritonGPUDialect>();
    legality.markUnknownOpDynamicallyLegal(
        [&](Operation *op) { return hasLegalTypes(op, converter); });
    // The function's own conversion covers its signature (the entry block);
    // the arguments of its other blocks are the branches' to convert.
    legality.addDynamicallyLegalOp<FuncOp>([&](FuncOp func) {
      return converter.isSignatureLegal(func.getFunctionType());
    });

    RewritePatternSet patterns(context);
    patterns.add<GenericConversion>(converter, context);
    patterns
        .add<ConstantConversion, BroadcastConversion, ExpandDimsConversion,
             ReduceConversion, ScanConversion, MapElementwiseConversion,
             DotConversion, TransConversion, JoinConversion, SplitConversion,
             CatConversion, GatherScatterConversion<DescriptorGatherOp>,
             GatherScatterConversion<DescriptorScatterOp>,
             BranchConversion<cf::BranchOp>,
             BranchConversion<cf::CondBranchOp>>(converter, context);
    populateFunctionOpInterfaceTypeConversionPattern<FuncOp>(patterns,
                                                             converter);
    scf::populateSCFStructuralTypeConversionsAndLegality(converter, patterns,
                                                         legality);
    if (failed(applyPartialConversion(module, legality, std::move(patterns))))
      return signalPassFailure();

    auto i32 = [&](int value) {
      return IntegerAttr::get(IntegerType::get(context, 32), value);
    };
    module->setAttr("ttg.num-warps", i32(numWarps));
    module->setAttr("ttg.num-ctas", i32(numCTAs));
    module->setAttr("ttg.threads-per-warp", i32(threadsPerWarp));
    if (!target.empty())
      module->setAttr("ttg.target", StringAttr::get(context, target));
  }
};

} // namespace
