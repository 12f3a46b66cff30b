//===- RewriteTensorDescriptorToPointer.cpp - Descriptors to pointers -----===//
//
// A tensor descriptor becomes [base, shape x r (i64), strides x r (i64),
// pad-with-NaN (i1)] through a 1:N dialect conversion, kernel parameters
// included (Triton's launcher passes those parts for a host descriptor on
// targets without TMA); its loads and stores become masked pointer loads
// and stores.
//
//===----------------------------------------------------------------------===//

#include "passes/Triton/BlockAddress.h"
#include "passes/Triton/Passes.h"

#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir {
namespace triton {
#define GEN_PASS_DEF_TRITONREWRITETENSORDESCRIPTORTOPOINTER
#include "passes/Triton/Passes.h.inc"
} // namespace triton
} // namespace mlir

using namespace mlir;
using namespace mlir::triton;

namespace {

/// The parts of a converted descriptor.
struct Descriptor {
  Value base;
  SmallVector<Value> shape, strides;
  Value padNan; ///< i1: out-of-bounds reads give NaN instead of zero
};

Descriptor unpack(ValueRange parts, int64_t rank) {
  Descriptor d;
  d.base = parts[0];
  d.shape.assign(parts.begin() + 1, parts.begin() + 1 + rank);
  d.strides.assign(parts.begin() + 1 + rank, parts.begin() + 1 + 2 * rank);
  d.padNan = parts[1 + 2 * rank];
  return d;
}

class DescriptorTypeConverter : public TypeConverter {
public:
  DescriptorTypeConverter() {
    addConversion([](Type type) { return type; });
    addConversion([](TensorDescType type, SmallVectorImpl<Type> &results) {
      RankedTensorType block = type.getBlockType();
      MLIRContext *context = type.getContext();
      results.push_back(
          PointerType::get(block.getElementType(), kGlobalAddressSpace));
      results.append(2 * block.getRank(), IntegerType::get(context, 64));
      results.push_back(IntegerType::get(context, 1));
      return success();
    });
  }
};

/// The value to read outside the bounds: zero, or NaN where the descriptor
/// says.
Value buildOther(OpBuilder &builder, Location loc, RankedTensorType type,
                 Value padNan) {
  Value zero = buildPaddingConstant(builder, loc, type, /*nan=*/false);
  if (!isa<FloatType>(type.getElementType()))
    return zero;
  Value nan = buildPaddingConstant(builder, loc, type, /*nan=*/true);
  return arith::SelectOp::create(builder, loc, padNan, nan, zero);
}

StridedBlock blockAt(OpBuilder &builder, Location loc, const Descriptor &desc,
                     ValueRange indices) {
  StridedBlock block{desc.base, desc.shape, desc.strides, {}};
  for (Value index : indices)
    block.offsets.push_back(toI64(builder, loc, index));
  return block;
}

SmallVector<int32_t> allDims(int64_t rank) {
  return llvm::to_vector(llvm::seq<int32_t>(0, static_cast<int32_t>(rank)));
}

SmallVector<Value> firsts(ArrayRef<ValueRange> ranges) {
  SmallVector<Value> values;
  for (ValueRange r : ranges)
    values.push_back(r.front());
  return values;
}

struct MakeTensorDescConversion : public OpConversionPattern<MakeTensorDescOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(MakeTensorDescOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    SmallVector<Value> parts = {adaptor.getBase().front()};
    for (ValueRange v : adaptor.getShape())
      parts.push_back(toI64(rewriter, loc, v.front()));
    for (ValueRange v : adaptor.getStrides())
      parts.push_back(v.front());
    parts.push_back(arith::ConstantOp::create(
        rewriter, loc,
        rewriter.getBoolAttr(op.getPadding() == PaddingOption::PAD_NAN)));
    rewriter.replaceOpWithMultiple(op, {parts});
    return success();
  }
};

struct DescriptorLoadConversion : public OpConversionPattern<DescriptorLoadOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(DescriptorLoadOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    RankedTensorType blockType = op.getDesc().getType().getBlockType();
    Descriptor desc = unpack(adaptor.getDesc(), blockType.getRank());
    BlockAddress address = buildBlockAddress(
        rewriter, loc,
        blockAt(rewriter, loc, desc, firsts(adaptor.getIndices())),
        blockType.getShape(), allDims(blockType.getRank()));
    Value other = buildOther(rewriter, loc, blockType, desc.padNan);
    Value loaded =
        LoadOp::create(rewriter, loc, address.pointers, address.mask, other,
                       op.getCache(), op.getEvict(), /*isVolatile=*/false);
    if (loaded.getType() != op.getType())
      loaded = ReshapeOp::create(rewriter, loc, op.getType(), loaded);
    rewriter.replaceOp(op, loaded);
    return success();
  }
};

/// Stores `value` (reshaped to the block) through the descriptor at `indices`.
template <typename OpT>
LogicalResult
rewriteDescriptorWrite(OpT op, ValueRange descParts, ValueRange indices,
                       Value value, ConversionPatternRewriter &rewriter,
                       std::optional<DescriptorReduceKind> reduce) {
  Location loc = op.getLoc();
  RankedTensorType blockType = op.getDesc().getType().getBlockType();
  Descriptor desc = unpack(descParts, blockType.getRank());
  BlockAddress address =
      buildBlockAddress(rewriter, loc, blockAt(rewriter, loc, desc, indices),
                        blockType.getShape(), allDims(blockType.getRank()));
  if (value.getType() != blockType)
    value = ReshapeOp::create(rewriter, loc, blockType, value);
  if (!reduce) {
    StoreOp::create(rewriter, loc, address.pointers, value, address.mask,
                    ArrayRef<int32_t>{}, CacheModifier::NONE,
                    EvictionPolicy::NORMAL);
    rewriter.eraseOp(op);
    return success();
  }
  bool isFloat = isa<FloatType>(blockType.getElementType());
  std::optional<RMWOp> rmw;
  switch (*reduce) {
  case DescriptorReduceKind::ADD:
    rmw = isFloat ? RMWOp::FADD : RMWOp::ADD;
    break;
  case DescriptorReduceKind::MIN:
    rmw = RMWOp::MIN;
    break;
  case DescriptorReduceKind::MAX:
    rmw = RMWOp::MAX;
    break;
  case DescriptorReduceKind::AND:
    rmw = RMWOp::AND;
    break;
  case DescriptorReduceKind::OR:
    rmw = RMWOp::OR;
    break;
  case DescriptorReduceKind::XOR:
    rmw = RMWOp::XOR;
    break;
  case DescriptorReduceKind::INC:
  case DescriptorReduceKind::DEC:
    // Rejected with a diagnostic before the conversion starts.
    return rewriter.notifyMatchFailure(
        op, "no atomic for wrapping increment/decrement");
  }
  AtomicRMWOp::create(rewriter, loc, blockType, *rmw, address.pointers, value,
                      address.mask, MemSemantic::RELAXED, MemSyncScope::GPU);
  rewriter.eraseOp(op);
  return success();
}

struct DescriptorStoreConversion
    : public OpConversionPattern<DescriptorStoreOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(DescriptorStoreOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    return rewriteDescriptorWrite(
        op, adaptor.getDesc(), firsts(adaptor.getIndices()),
        adaptor.getSrc().front(), rewriter, std::nullopt);
  }
};

struct DescriptorReduceConversion
    : public OpConversionPattern<DescriptorReduceOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(DescriptorReduceOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    return rewriteDescriptorWrite(
        op, adaptor.getDesc(), firsts(adaptor.getIndices()),
        adaptor.getSrc().front(), rewriter, op.getKind());
  }
};

/// Pointers and mask of rows `rows[i]`, columns `col + j` of a 2-D descriptor.
BlockAddress buildRowsAddress(OpBuilder &builder, Location loc,
                              const Descriptor &desc, Value rows, Value col,
                              ArrayRef<int64_t> shape) {
  Type i64 = builder.getI64Type(), i32 = builder.getI32Type(),
       i1 = builder.getI1Type();
  int64_t numRows = shape[0], numCols = shape[1];
  auto full = [&](Type t) { return RankedTensorType::get(shape, t); };
  // Row indices as an Nx1 tensor, column indices as a 1xM tensor.
  Value r = arith::ExtSIOp::create(builder, loc,
                                   RankedTensorType::get({numRows}, i64), rows);
  r = ExpandDimsOp::create(builder, loc,
                           RankedTensorType::get({numRows, 1}, i64), r, 1);
  Value c =
      MakeRangeOp::create(builder, loc, RankedTensorType::get({numCols}, i32),
                          0, static_cast<int32_t>(numCols));
  c = arith::ExtSIOp::create(builder, loc,
                             RankedTensorType::get({numCols}, i64), c);
  c = arith::AddIOp::create(
      builder, loc,
      SplatOp::create(builder, loc, RankedTensorType::get({numCols}, i64),
                      toI64(builder, loc, col)),
      c);
  c = ExpandDimsOp::create(builder, loc,
                           RankedTensorType::get({1, numCols}, i64), c, 0);
  auto inBounds = [&](Value index, Value upper) {
    auto type = cast<RankedTensorType>(index.getType());
    Value zero = arith::ConstantOp::create(
        builder, loc,
        DenseElementsAttr::get(type, builder.getI64IntegerAttr(0)));
    Value lo = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::sge,
                                     index, zero);
    Value hi =
        arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::slt, index,
                              SplatOp::create(builder, loc, type, upper));
    Value both = arith::AndIOp::create(builder, loc, lo, hi);
    return BroadcastOp::create(builder, loc, full(i1), both).getResult();
  };
  auto scaled = [&](Value index, Value stride) {
    Value s = SplatOp::create(builder, loc, index.getType(), stride);
    Value m = arith::MulIOp::create(builder, loc, index, s);
    return BroadcastOp::create(builder, loc, full(i64), m).getResult();
  };
  // Columns first, as a right-to-left compiler emitted them: the order of a
  // call's argument evaluation is the compiler's, the IR's must not be.
  Value colOffsets = scaled(c, desc.strides[1]);
  Value offsets = arith::AddIOp::create(builder, loc,
                                        scaled(r, desc.strides[0]), colOffsets);
  Value colInBounds = inBounds(c, desc.shape[1]);
  Value mask = arith::AndIOp::create(builder, loc, inBounds(r, desc.shape[0]),
                                     colInBounds);
  auto ptrType = cast<PointerType>(desc.base.getType());
  Value bases = SplatOp::create(builder, loc, full(ptrType), desc.base);
  Value pointers =
      AddPtrOp::create(builder, loc, full(ptrType), bases, offsets);
  return {pointers, mask};
}

struct DescriptorGatherConversion
    : public OpConversionPattern<DescriptorGatherOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(DescriptorGatherOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Descriptor desc = unpack(adaptor.getDesc(), 2);
    BlockAddress address =
        buildRowsAddress(rewriter, loc, desc, adaptor.getXOffsets().front(),
                         adaptor.getYOffset().front(), op.getType().getShape());
    Value other = buildOther(rewriter, loc, op.getType(), desc.padNan);
    rewriter.replaceOp(
        op, LoadOp::create(rewriter, loc, address.pointers, address.mask, other,
                           CacheModifier::NONE, EvictionPolicy::NORMAL,
                           /*isVolatile=*/false));
    return success();
  }
};

struct DescriptorScatterConversion
    : public OpConversionPattern<DescriptorScatterOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(DescriptorScatterOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Descriptor desc = unpack(adaptor.getDesc(), 2);
    BlockAddress address = buildRowsAddress(
        rewriter, loc, desc, adaptor.getXOffsets().front(),
        adaptor.getYOffset().front(), op.getSrc().getType().getShape());
    StoreOp::create(rewriter, loc, address.pointers, adaptor.getSrc().front(),
                    address.mask, ArrayRef<int32_t>{}, CacheModifier::NONE,
                    EvictionPolicy::NORMAL);
    rewriter.eraseOp(op);
    return success();
  }
};

bool mentionsDescriptor(TypeRange types) {
  return llvm::any_of(types, [](Type t) { return isa<TensorDescType>(t); });
}

/// Values of a 1:N adaptor, flattened.
SmallVector<Value> flatten(ArrayRef<ValueRange> groups) {
  SmallVector<Value> values;
  for (ValueRange group : groups)
    llvm::append_range(values, group);
  return values;
}

/// A call passes (and returns) a descriptor's parts in its place.
struct CallConversion : public OpConversionPattern<CallOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(CallOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Type> resultTypes;
    SmallVector<unsigned> counts;
    for (Type type : op.getResultTypes()) {
      size_t before = resultTypes.size();
      if (failed(getTypeConverter()->convertType(type, resultTypes)))
        return failure();
      counts.push_back(resultTypes.size() - before);
    }
    auto call = CallOp::create(rewriter, op.getLoc(), op.getCallee(),
                               resultTypes, flatten(adaptor.getOperands()));
    SmallVector<SmallVector<Value>> results;
    unsigned next = 0;
    for (unsigned count : counts) {
      results.emplace_back(call.getResults().slice(next, count));
      next += count;
    }
    rewriter.replaceOpWithMultiple(op, results);
    return success();
  }
};

struct ReturnConversion : public OpConversionPattern<ReturnOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ReturnOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<ReturnOp>(op, flatten(adaptor.getOperands()));
    return success();
  }
};

/// Where the arguments of `func` go once descriptors are their parts: the
/// first new index of each old argument.
SmallVector<unsigned> newArgIndices(FuncOp func) {
  SmallVector<unsigned> indices;
  unsigned next = 0;
  for (Type type : func.getArgumentTypes()) {
    indices.push_back(next);
    auto desc = dyn_cast<TensorDescType>(type);
    next += desc ? 2 + 2 * desc.getBlockType().getRank() : 1;
  }
  return indices;
}

class TritonRewriteTensorDescriptorToPointerPass
    : public mlir::triton::impl::TritonRewriteTensorDescriptorToPointerBase<
          TritonRewriteTensorDescriptorToPointerPass> {
public:
  using Base::Base;
  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (onlyGatherScatter) {
      bool gathers = module
                         .walk([](Operation *op) {
                           return isa<DescriptorGatherOp, DescriptorScatterOp>(
                                      op)
                                      ? WalkResult::interrupt()
                                      : WalkResult::advance();
                         })
                         .wasInterrupted();
      if (!gathers)
        return;
    }
    // A descriptor parameter, argument or result becomes its parts: base,
    // shape and strides (i64) and the NaN-padding flag, as Triton's launcher
    // passes a kernel's on targets without TMA.
    WalkResult unsupported = module.walk([&](Operation *op) {
      if (auto reduce = dyn_cast<DescriptorReduceOp>(op)) {
        DescriptorReduceKind kind = reduce.getKind();
        if (kind == DescriptorReduceKind::INC ||
            kind == DescriptorReduceKind::DEC) {
          reduce.emitError("descriptor reduction '")
              << stringifyDescriptorReduceKind(kind)
              << "' is not supported yet by "
                 "-triton-rewrite-tensor-descriptor-to-pointer";
          return WalkResult::interrupt();
        }
      }
      return WalkResult::advance();
    });
    if (unsupported.wasInterrupted())
      return signalPassFailure();

    MLIRContext *context = &getContext();
    DescriptorTypeConverter converter;
    ConversionTarget target(*context);
    target.addIllegalOp<MakeTensorDescOp, DescriptorLoadOp, DescriptorStoreOp,
                        DescriptorReduceOp, DescriptorGatherOp,
                        DescriptorScatterOp>();
    target.markUnknownOpDynamicallyLegal([](Operation *op) {
      return !mentionsDescriptor(op->getOperandTypes()) &&
             !mentionsDescriptor(op->getResultTypes());
    });
    RewritePatternSet patterns(context);
    patterns.add<MakeTensorDescConversion, DescriptorLoadConversion,
                 DescriptorStoreConversion, DescriptorReduceConversion,
                 DescriptorGatherConversion, DescriptorScatterConversion,
                 CallConversion, ReturnConversion>(converter, context);
    scf::populateSCFStructuralTypeConversionsAndLegality(converter, patterns,
                                                         target);
    populateFunctionOpInterfaceTypeConversionPattern<FuncOp>(patterns,
                                                             converter);
    target.addDynamicallyLegalOp<FuncOp>([](FuncOp func) {
      return !mentionsDescriptor(func.getArgumentTypes()) &&
             !mentionsDescriptor(func.getResultTypes());
    });
    // The signature conversion leaves argument attributes at their old
    // positions: each function's are moved to where its arguments go. Where
    // each kernel's descriptor parameters' parts will be: a host descriptor's
    // base and strides are 16-byte aligned (the launcher checks), which the
    // converted parameters carry as tt.divisibility. (A device function's
    // descriptors come from its callers: nothing is promised.)
    struct Moved {
      FuncOp func;
      SmallVector<unsigned> indices;
      SmallVector<DictionaryAttr> attrs; ///< null for a descriptor
      SmallVector<std::pair<unsigned, RankedTensorType>> kernelParts;
    };
    SmallVector<Moved> moved;
    module.walk([&](FuncOp func) {
      if (!mentionsDescriptor(func.getArgumentTypes()))
        return;
      Moved entry{func, newArgIndices(func), {}, {}};
      for (auto [i, type] : llvm::enumerate(func.getArgumentTypes())) {
        auto desc = dyn_cast<TensorDescType>(type);
        entry.attrs.push_back(desc ? DictionaryAttr() : func.getArgAttrDict(i));
        if (desc && func.isPublic())
          entry.kernelParts.push_back({entry.indices[i], desc.getBlockType()});
      }
      moved.push_back(std::move(entry));
    });
    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      return signalPassFailure();
    Builder b(context);
    for (Moved &entry : moved) {
      FuncOp func = entry.func;
      SmallVector<DictionaryAttr> attrs(func.getNumArguments(),
                                        b.getDictionaryAttr({}));
      for (auto [i, index] : llvm::enumerate(entry.indices))
        if (entry.attrs[i])
          attrs[index] = entry.attrs[i];
      func.setAllArgAttrs(attrs);
    }
    for (Moved &entry : moved)
      for (auto [first, block] : entry.kernelParts) {
        FuncOp func = entry.func;
        unsigned rank = block.getRank();
        int64_t elementBytes =
            std::max<int64_t>(1, block.getElementTypeBitWidth() / 8);
        func.setArgAttr(first, "tt.divisibility", b.getI32IntegerAttr(16));
        // Strides of all but the innermost dimension, in elements.
        for (unsigned d = 0; d + 1 < rank; ++d)
          func.setArgAttr(
              first + 1 + rank + d, "tt.divisibility",
              b.getI32IntegerAttr(std::max<int64_t>(1, 16 / elementBytes)));
      }
  }
};

} // namespace
