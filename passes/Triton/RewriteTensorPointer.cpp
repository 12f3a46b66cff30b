//===- RewriteTensorPointer.cpp - The -triton-rewrite-tensor-pointer pass -===//
//
// A block pointer becomes the values that describe it: base pointer, shape,
// strides and offsets (i64), through a 1:N dialect conversion so that scf
// loops, ifs and yields carry the parts in its place.
//
//===----------------------------------------------------------------------===//

#include "passes/Triton/BlockAddress.h"
#include "passes/Triton/LoopArgs.h"
#include "passes/Triton/Passes.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir {
namespace triton {
#define GEN_PASS_DEF_TRITONREWRITETENSORPOINTER
#include "passes/Triton/Passes.h.inc"
} // namespace triton
} // namespace mlir

using namespace mlir;
using namespace mlir::triton;

namespace {

RankedTensorType getBlockType(Type blockPointer) {
  return cast<RankedTensorType>(
      cast<PointerType>(blockPointer).getPointeeType());
}

/// The parts of a converted block pointer: [base, shape x r, strides x r,
/// offsets x r].
StridedBlock unpack(ValueRange parts, int64_t rank) {
  StridedBlock block;
  block.base = parts[0];
  block.shape.assign(parts.begin() + 1, parts.begin() + 1 + rank);
  block.strides.assign(parts.begin() + 1 + rank, parts.begin() + 1 + 2 * rank);
  block.offsets.assign(parts.begin() + 1 + 2 * rank,
                       parts.begin() + 1 + 3 * rank);
  return block;
}

SmallVector<Value> pack(const StridedBlock &block) {
  SmallVector<Value> parts = {block.base};
  llvm::append_range(parts, block.shape);
  llvm::append_range(parts, block.strides);
  llvm::append_range(parts, block.offsets);
  return parts;
}

class BlockPointerTypeConverter : public TypeConverter {
public:
  BlockPointerTypeConverter() {
    addConversion([](Type type) { return type; });
    addConversion(
        [](PointerType type,
           SmallVectorImpl<Type> &results) -> std::optional<LogicalResult> {
          auto block = dyn_cast<RankedTensorType>(type.getPointeeType());
          if (!block)
            return std::nullopt;
          MLIRContext *context = type.getContext();
          results.push_back(
              PointerType::get(block.getElementType(), type.getAddressSpace()));
          results.append(3 * block.getRank(), IntegerType::get(context, 64));
          return success();
        });
  }
};

struct MakeTensorPtrConversion : public OpConversionPattern<MakeTensorPtrOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(MakeTensorPtrOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    StridedBlock block;
    block.base = adaptor.getBase().front();
    for (ValueRange v : adaptor.getShape())
      block.shape.push_back(v.front());
    for (ValueRange v : adaptor.getStrides())
      block.strides.push_back(v.front());
    for (ValueRange v : adaptor.getOffsets())
      block.offsets.push_back(toI64(rewriter, op.getLoc(), v.front()));
    rewriter.replaceOpWithMultiple(op, {pack(block)});
    return success();
  }
};

struct AdvanceConversion : public OpConversionPattern<AdvanceOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(AdvanceOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    int64_t rank = getBlockType(op.getType()).getRank();
    StridedBlock block = unpack(adaptor.getPtr(), rank);
    for (int64_t d = 0; d < rank; ++d) {
      Value delta =
          toI64(rewriter, op.getLoc(), adaptor.getOffsets()[d].front());
      block.offsets[d] =
          arith::AddIOp::create(rewriter, op.getLoc(), block.offsets[d], delta);
    }
    rewriter.replaceOpWithMultiple(op, {pack(block)});
    return success();
  }
};

/// The pointers and mask addressing the block of a block-pointer load/store.
template <typename OpT>
BlockAddress addressOf(OpT op, ValueRange parts, OpBuilder &builder) {
  RankedTensorType blockType = getBlockType(op.getPtr().getType());
  StridedBlock block = unpack(parts, blockType.getRank());
  return buildBlockAddress(builder, op.getLoc(), block, blockType.getShape(),
                           op.getBoundaryCheck());
}

struct LoadConversion : public OpConversionPattern<LoadOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(LoadOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isTensorPointerType(op.getPtr().getType()))
      return failure();
    RankedTensorType blockType = getBlockType(op.getPtr().getType());
    BlockAddress address = addressOf(op, adaptor.getPtr(), rewriter);
    Location loc = op.getLoc();
    Value other;
    if (address.mask && op.getPadding())
      other = buildPaddingConstant(rewriter, loc, blockType,
                                   *op.getPadding() == PaddingOption::PAD_NAN);
    // The load's own mask (a hoisted load's guard) adds to the bounds: its
    // masked-off elements take `other`, out-of-bounds ones the padding.
    Value mask = address.mask;
    if (Value own = op.getMask()) {
      mask = mask ? arith::AndIOp::create(rewriter, loc, mask, own).getResult()
                  : own;
      if (Value ownOther = op.getOther())
        other =
            other ? arith::SelectOp::create(rewriter, loc, own, other, ownOther)
                        .getResult()
                  : ownOther;
    }
    auto load =
        LoadOp::create(rewriter, loc, address.pointers, mask, other,
                       op.getCache(), op.getEvict(), op.getIsVolatile());
    rewriter.replaceOp(op, load);
    return success();
  }
};

struct StoreConversion : public OpConversionPattern<StoreOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(StoreOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isTensorPointerType(op.getPtr().getType()))
      return failure();
    BlockAddress address = addressOf(op, adaptor.getPtr(), rewriter);
    StoreOp::create(rewriter, op.getLoc(), address.pointers,
                    adaptor.getValue().front(), address.mask,
                    ArrayRef<int32_t>{}, op.getCache(), op.getEvict());
    rewriter.eraseOp(op);
    return success();
  }
};

bool mentionsBlockPointer(TypeRange types) {
  return llvm::any_of(types, isTensorPointerType);
}

/// Drops the iteration arguments of `loop` that each iteration yields
/// unchanged: their value is the initial one throughout. (A block pointer's
/// base, shape and strides, which tt.advance leaves alone, then stay outside
/// the loop and only the offsets are carried.)
void dropForwardedIterArgs(scf::ForOp loop) {
  auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
  SmallVector<unsigned> kept;
  unsigned n = loop.getNumRegionIterArgs();
  for (unsigned i = 0; i < n; ++i) {
    if (yield.getOperand(i) != loop.getRegionIterArg(i)) {
      kept.push_back(i);
      continue;
    }
    loop.getRegionIterArg(i).replaceAllUsesWith(loop.getInitArgs()[i]);
    loop.getResult(i).replaceAllUsesWith(loop.getInitArgs()[i]);
  }
  if (kept.size() == n)
    return;
  rebuildForKeepingIterArgs(loop, kept);
}

/// Drops the results of `ifOp` that both branches yield as one value from
/// outside (a block pointer's unchanged parts).
void dropCommonIfResults(scf::IfOp ifOp) {
  if (ifOp.getElseRegion().empty())
    return;
  scf::YieldOp thenYield = ifOp.thenYield(), elseYield = ifOp.elseYield();
  SmallVector<unsigned> kept;
  for (unsigned i = 0; i < ifOp.getNumResults(); ++i) {
    Value a = thenYield.getOperand(i);
    if (a != elseYield.getOperand(i) ||
        ifOp->isAncestor(a.getParentRegion()->getParentOp())) {
      kept.push_back(i);
      continue;
    }
    ifOp.getResult(i).replaceAllUsesWith(a);
  }
  if (kept.size() == ifOp.getNumResults())
    return;
  IRRewriter rewriter(ifOp);
  SmallVector<Type> types;
  for (unsigned i : kept)
    types.push_back(ifOp.getResult(i).getType());
  auto newIf = scf::IfOp::create(rewriter, ifOp.getLoc(), types,
                                 ifOp.getCondition(), /*withElseRegion=*/true);
  newIf->setDiscardableAttrs(ifOp->getDiscardableAttrDictionary());
  for (auto [from, to] :
       {std::pair(&ifOp.getThenRegion(), &newIf.getThenRegion()),
        std::pair(&ifOp.getElseRegion(), &newIf.getElseRegion())}) {
    to->getBlocks().clear();
    rewriter.inlineRegionBefore(*from, *to, to->end());
    auto yield = cast<scf::YieldOp>(to->front().getTerminator());
    SmallVector<Value> yielded;
    for (unsigned i : kept)
      yielded.push_back(yield.getOperand(i));
    rewriter.modifyOpInPlace(yield, [&] { yield->setOperands(yielded); });
  }
  for (auto [k, i] : llvm::enumerate(kept))
    ifOp.getResult(i).replaceAllUsesWith(newIf.getResult(k));
  rewriter.eraseOp(ifOp);
}

class TritonRewriteTensorPointerPass
    : public mlir::triton::impl::TritonRewriteTensorPointerBase<
          TritonRewriteTensorPointerPass> {
public:
  using Base::Base;
  void runOnOperation() override {
    ModuleOp module = getOperation();
    // Block pointers cross function boundaries only before inlining; that is
    // not rewritten here.
    WalkResult unsupported = module.walk([&](Operation *op) {
      if (auto func = dyn_cast<FuncOp>(op))
        if (mentionsBlockPointer(func.getArgumentTypes()) ||
            mentionsBlockPointer(func.getResultTypes())) {
          func.emitError(
              "block pointers as function arguments or results are not "
              "supported yet by -triton-rewrite-tensor-pointer; inline first");
          return WalkResult::interrupt();
        }
      return WalkResult::advance();
    });
    if (unsupported.wasInterrupted())
      return signalPassFailure();
    // The functions with block pointers, whose loops and ifs are tidied after
    // the conversion (which carries every part of a block pointer).
    SmallVector<FuncOp> withBlockPointers;
    module.walk([&](FuncOp func) {
      if (func.walk([](MakeTensorPtrOp) { return WalkResult::interrupt(); })
              .wasInterrupted())
        withBlockPointers.push_back(func);
    });

    MLIRContext *context = &getContext();
    BlockPointerTypeConverter converter;
    ConversionTarget target(*context);
    target.addIllegalOp<MakeTensorPtrOp, AdvanceOp>();
    target.addDynamicallyLegalOp<LoadOp>(
        [](LoadOp op) { return !isTensorPointerType(op.getPtr().getType()); });
    target.addDynamicallyLegalOp<StoreOp>(
        [](StoreOp op) { return !isTensorPointerType(op.getPtr().getType()); });
    target.markUnknownOpDynamicallyLegal([](Operation *op) {
      return !mentionsBlockPointer(op->getOperandTypes()) &&
             !mentionsBlockPointer(op->getResultTypes());
    });
    RewritePatternSet patterns(context);
    patterns.add<MakeTensorPtrConversion, AdvanceConversion, LoadConversion,
                 StoreConversion>(converter, context);
    scf::populateSCFStructuralTypeConversionsAndLegality(converter, patterns,
                                                         target);
    // Each op is rewritten as written (an advance by zero too): folding is
    // -canonicalize's, afterwards, as for the rest of the kernel.
    ConversionConfig config;
    config.foldingMode = DialectConversionFoldingMode::Never;
    if (failed(applyPartialConversion(module, target, std::move(patterns),
                                      config)))
      return signalPassFailure();
    for (FuncOp func : withBlockPointers) {
      SmallVector<Operation *> regionOps;
      func.walk([&](Operation *op) {
        if (isa<scf::ForOp, scf::IfOp>(op))
          regionOps.push_back(op);
      });
      for (Operation *op : regionOps) {
        if (auto loop = dyn_cast<scf::ForOp>(op))
          dropForwardedIterArgs(loop);
        else
          dropCommonIfResults(cast<scf::IfOp>(op));
      }
    }
  }
};

} // namespace
