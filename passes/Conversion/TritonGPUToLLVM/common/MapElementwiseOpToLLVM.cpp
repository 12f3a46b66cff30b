//===- MapElementwiseOpToLLVM.cpp - tt.map_elementwise on every target ----===//
//
// A scalar region applied element by element: each thread inlines the region
// once per `pack` of its elements. Nothing in it is target specific; the
// region's ops are converted by the same conversion afterwards.
//
//===----------------------------------------------------------------------===//

#include "dialects/Triton/IR/Dialect.h"
#include "passes/Conversion/TritonGPUToLLVM/common/ElementUtility.h"
#include "passes/Conversion/TritonGPUToLLVM/common/Patterns.h"
#include "passes/Conversion/TritonGPUToLLVM/common/Utility.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/IR/IRMapping.h"

using namespace mlir;
using namespace mlir::triton;

namespace {

/// tt.map_elementwise: the region inlined once per `pack` elements. Its
/// arguments and results cross between the converted and the original types
/// through casts that the conversion folds away.
struct MapElementwiseOpPattern : ConvertOpToLLVMPattern<MapElementwiseOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(MapElementwiseOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    unsigned pack = op.getPack();
    std::optional<unsigned> count =
        getThreadElementCount(op->getResult(0).getType());
    if (!count)
      return rewriter.notifyMatchFailure(op, "no linear layout");
    if (*count % pack != 0)
      return op.emitError() << "tt.map_elementwise with pack = " << pack
                            << " on a layout of " << *count
                            << " elements per thread is not supported yet by "
                               "the LLVM lowering";
    Region &region = op.getScalarOp();
    Block &body = region.front();
    bool branches = !llvm::hasSingleElement(region);
    if (branches)
      for (Block &block : llvm::drop_begin(region))
        for (BlockArgument arg : block.getArguments())
          if (llvmElementType(arg.getType()) != arg.getType())
            return op.emitError()
                   << "tt.map_elementwise with a branch carrying "
                   << arg.getType()
                   << " is not supported yet by the LLVM lowering";
    SmallVector<SmallVector<Value>> elements =
        unpackOperandElements(loc, adaptor.getSrcs(), *count, rewriter);
    SmallVector<SmallVector<Value>> results(op->getNumResults());
    SmallVector<Type> resultElements;
    for (Type type : op->getResultTypes())
      resultElements.append(pack, llvmElementType(getElementTypeOrSelf(type)));
    for (unsigned start = 0; start < *count; start += pack) {
      SmallVector<Value> args;
      unsigned arg = 0;
      for (auto [src, values] : llvm::zip(op.getSrcs(), elements))
        for (unsigned j = 0; j < pack; ++j)
          args.push_back(castTo(rewriter, loc, values[start + j],
                                body.getArgument(arg++).getType()));
      SmallVector<Value> returned =
          branches ? inlineBranching(op, args, resultElements, rewriter)
                   : inlineStraight(op, args, rewriter);
      for (unsigned r = 0, next = 0; r < op->getNumResults(); ++r)
        for (unsigned j = 0; j < pack; ++j, ++next)
          results[r].push_back(
              castTo(rewriter, loc, returned[next], resultElements[next]));
    }
    SmallVector<Value> packed;
    for (auto [r, values] : llvm::enumerate(results))
      packed.push_back(packLLElements(loc, getTypeConverter(), values, rewriter,
                                      op->getResult(r).getType()));
    rewriter.replaceOp(op, packed);
    return success();
  }

private:
  Type llvmElementType(Type type) const {
    return static_cast<const TritonGPUToLLVMTypeConverter *>(getTypeConverter())
        ->convertElementType(type);
  }

  static Value castTo(ConversionPatternRewriter &rewriter, Location loc,
                      Value value, Type type) {
    if (value.getType() == type)
      return value;
    return UnrealizedConversionCastOp::create(rewriter, loc, type, value)
        .getResult(0);
  }

  /// A one-block region: its ops cloned at the insertion point.
  static SmallVector<Value>
  inlineStraight(MapElementwiseOp op, ArrayRef<Value> args,
                 ConversionPatternRewriter &rewriter) {
    Block &body = op.getScalarOp().front();
    IRMapping mapping;
    mapping.map(body.getArguments(), args);
    for (Operation &inner : body.without_terminator())
      rewriter.clone(inner, mapping);
    return llvm::map_to_vector(
        body.getTerminator()->getOperands(),
        [&](Value v) { return mapping.lookupOrDefault(v); });
  }

  /// A region of several blocks (its scf.if and loops lowered to branches):
  /// the block in hand is split at the insertion point, the region's blocks
  /// cloned between the halves, its entry merged into the first half, and each
  /// return made a branch to the second half, whose arguments are the results.
  static SmallVector<Value>
  inlineBranching(MapElementwiseOp op, ArrayRef<Value> args,
                  ArrayRef<Type> resultTypes,
                  ConversionPatternRewriter &rewriter) {
    Location loc = op.getLoc();
    Block *before = rewriter.getInsertionBlock();
    Block *after = rewriter.splitBlock(before, rewriter.getInsertionPoint());
    SmallVector<Value> results;
    for (Type type : resultTypes)
      results.push_back(after->addArgument(type, loc));
    IRMapping mapping;
    Region &region = op.getScalarOp();
    rewriter.cloneRegionBefore(region, *after->getParent(),
                               after->getIterator(), mapping);
    Block *entry = mapping.lookup(&region.front());
    for (Block &block : region) {
      auto ret = dyn_cast<MapElementwiseReturnOp>(block.getTerminator());
      if (!ret)
        continue;
      Operation *clone = mapping.lookup(&block)->getTerminator();
      rewriter.setInsertionPoint(clone);
      SmallVector<Value> operands;
      for (auto [value, type] : llvm::zip(clone->getOperands(), resultTypes))
        operands.push_back(castTo(rewriter, loc, value, type));
      LLVM::BrOp::create(rewriter, loc, operands, after);
      rewriter.eraseOp(clone);
    }
    rewriter.mergeBlocks(entry, before, args);
    rewriter.setInsertionPointToStart(after);
    return results;
  }
};

} // namespace

void mlir::triton::populateMapElementwiseOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<MapElementwiseOpPattern>(converter);
}
