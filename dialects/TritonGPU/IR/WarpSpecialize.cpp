//===- WarpSpecialize.cpp - ttg.warp_specialize syntax and checks ---------===//
//
//   %r = ttg.warp_specialize(%a, %b) attributes {...}
//   default {
//     ttg.warp_yield %x : i32
//   }
//   partition0(%arg0: i32, %arg1: f32) num_warps(4) {
//     ttg.warp_return
//   } : (i32, f32) -> i32
//
//===----------------------------------------------------------------------===//

#include "dialects/TritonGPU/IR/Dialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/BitVector.h"

using namespace mlir;
using namespace mlir::triton::gpu;

WarpSpecializePartitionsOp WarpSpecializeOp::getPartitionOp() {
  Region &holder = getPartitionOpHolder();
  if (holder.empty() || holder.front().empty())
    return {};
  return dyn_cast<WarpSpecializePartitionsOp>(holder.front().front());
}

ParseResult WarpSpecializeOp::parse(OpAsmParser &parser,
                                    OperationState &result) {
  SmallVector<OpAsmParser::UnresolvedOperand> captures;
  SMLoc capturesLoc = parser.getCurrentLocation();
  if (parser.parseOperandList(captures, OpAsmParser::Delimiter::Paren) ||
      parser.parseOptionalAttrDictWithKeyword(result.attributes) ||
      parser.parseKeyword("default"))
    return failure();
  Region *defaultRegion = result.addRegion();
  if (parser.parseRegion(*defaultRegion, /*arguments=*/{}))
    return failure();

  // The partitions op is located where the partitions begin, so that an
  // error in its regions (an empty one) points there.
  Location partitionsLoc =
      parser.getEncodedSourceLoc(parser.getCurrentLocation());
  SmallVector<std::unique_ptr<Region>> partitions;
  SmallVector<int32_t> numWarps;
  StringRef keyword;
  while (true) {
    SMLoc keywordLoc = parser.getCurrentLocation();
    if (failed(parser.parseOptionalKeyword(&keyword)))
      break;
    std::string expected = "partition" + std::to_string(partitions.size());
    if (keyword != expected)
      return parser.emitError(keywordLoc)
             << "expected '" << expected << "', got '" << keyword << "'";
    SmallVector<OpAsmParser::Argument> args;
    int32_t warps = 0;
    if (parser.parseArgumentList(args, OpAsmParser::Delimiter::Paren,
                                 /*allowType=*/true) ||
        parser.parseKeyword("num_warps") || parser.parseLParen() ||
        parser.parseInteger(warps) || parser.parseRParen())
      return failure();
    auto region = std::make_unique<Region>();
    if (parser.parseRegion(*region, args))
      return failure();
    partitions.push_back(std::move(region));
    numWarps.push_back(warps);
  }

  FunctionType type;
  if (parser.parseColonType(type) ||
      parser.resolveOperands(captures, type.getInputs(), capturesLoc,
                             result.operands))
    return failure();
  result.addTypes(type.getResults());
  result.addAttribute(getPartitionNumWarpsAttrName(result.name),
                      parser.getBuilder().getDenseI32ArrayAttr(numWarps));

  // The partitions go into a ttg.warp_specialize.partitions op, the only op
  // of the holder region.
  Region *holder = result.addRegion();
  Block *block = new Block();
  holder->push_back(block);
  OperationState partitionsState(
      partitionsLoc, WarpSpecializePartitionsOp::getOperationName());
  for (std::unique_ptr<Region> &region : partitions)
    partitionsState.addRegion(std::move(region));
  OpBuilder builder(parser.getContext());
  builder.setInsertionPointToEnd(block);
  builder.create(partitionsState);
  return success();
}

void WarpSpecializeOp::print(OpAsmPrinter &printer) {
  printer << '(' << getExplicitCaptures() << ')';
  printer.printOptionalAttrDictWithKeyword((*this)->getAttrs(),
                                           {getPartitionNumWarpsAttrName()});
  printer.printNewline();
  printer << "default ";
  printer.printRegion(getDefaultRegion(), /*printEntryBlockArgs=*/false);
  if (WarpSpecializePartitionsOp partitions = getPartitionOp()) {
    for (auto [i, region, numWarps] : llvm::enumerate(
             partitions.getPartitionRegions(), getPartitionNumWarps())) {
      printer.printNewline();
      printer << "partition" << i << '(';
      llvm::interleaveComma(
          region.getArguments(), printer,
          [&](BlockArgument arg) { printer.printRegionArgument(arg); });
      printer << ") num_warps(" << numWarps << ") ";
      printer.printRegion(region, /*printEntryBlockArgs=*/false);
    }
  }
  printer << " : ";
  printer.printFunctionalType(*this);
}

static LogicalResult verifyYield(WarpYieldOp yield, WarpSpecializeOp parent) {
  if (yield.getValues().size() != parent.getNumResults())
    return yield.emitOpError()
           << "has " << yield.getValues().size()
           << " operands but parent op expected " << parent.getNumResults();
  for (auto [i, type, expected] :
       llvm::enumerate(yield.getValues().getTypes(), parent.getResultTypes()))
    if (type != expected)
      return yield.emitOpError() << "operand #" << i << " has type " << type
                                 << " but parent op expected " << expected;
  return success();
}

// The messages start with Triton 3.6's words (its invalid.mlir expects
// them).
LogicalResult WarpSpecializeOp::verify() {
  WarpSpecializePartitionsOp partitions = getPartitionOp();
  if (!partitions || getPartitionOpHolder().front().getOperations().size() != 1)
    return emitOpError() << "expected to find only a "
                            "`ttg.warp_specialize.partitions` op inside its "
                            "second region";
  size_t numPartitions = partitions.getPartitionRegions().size();
  ArrayRef<int32_t> partitionNumWarps = getPartitionNumWarps();
  if (numPartitions != partitionNumWarps.size())
    return emitOpError() << "has " << numPartitions
                         << " partitions but `partitionNumWarps` has "
                         << partitionNumWarps.size() << " elements";
  for (auto [i, numWarps] : llvm::enumerate(partitionNumWarps))
    if (numWarps <= 0 || (numWarps & (numWarps - 1)) != 0)
      return emitOpError() << "partition #" << i << " number of warps ("
                           << numWarps << ") must be a power of 2";
  if (std::optional<ArrayRef<int32_t>> startIds = getWarpGroupStartIds())
    if (startIds->size() != partitionNumWarps.size())
      return emitOpError() << "has " << startIds->size()
                           << " warp group start IDs but expected "
                           << partitionNumWarps.size();
  TypeRange captureTypes = getExplicitCaptures().getTypes();
  for (auto [i, region] : llvm::enumerate(partitions.getPartitionRegions())) {
    if (region.getNumArguments() != captureTypes.size())
      return emitOpError() << "partition region #" << i << " has "
                           << region.getNumArguments()
                           << " arguments but expected " << captureTypes.size();
    for (auto [j, argType, captureType] :
         llvm::enumerate(region.getArgumentTypes(), captureTypes))
      if (argType != captureType)
        return emitOpError()
               << "partition region #" << i << " argument #" << j
               << " has type " << argType
               << " but corresponding capture has type " << captureType;
  }
  // Partitions take warps of their own; a nested op would need warps that
  // its enclosing partition does not have.
  if ((*this)->getParentOfType<WarpSpecializeOp>())
    return emitOpError()
           << "cannot be nested inside another `ttg.warp_specialize` op";
  // Every exit of the default region (a block ending without successors)
  // is a ttg.warp_yield of the results' types (reported at the yield).
  for (Block &block : getDefaultRegion()) {
    if (block.empty() || block.back().getNumSuccessors() != 0)
      continue;
    auto yield = dyn_cast<WarpYieldOp>(block.back());
    if (!yield)
      return emitOpError() << "default region must end with ttg.warp_yield";
    if (failed(verifyYield(yield, *this)))
      return failure();
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Canonicalization
//===----------------------------------------------------------------------===//

namespace {

/// A capture no partition reads, or one that repeats an earlier capture of
/// the same value, is dropped: its block argument in every partition is
/// replaced by the earlier one's (repeats) or is unused (dropped as is).
struct DropUnusedAndRepeatedCaptures
    : public OpRewritePattern<WarpSpecializeOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(WarpSpecializeOp op,
                                PatternRewriter &rewriter) const override {
    WarpSpecializePartitionsOp partitions = op.getPartitionOp();
    if (!partitions)
      return failure();
    SmallVector<Value> captures(op.getExplicitCaptures());
    llvm::BitVector dropped(captures.size());
    // The index of the first capture of each value.
    SmallVector<unsigned> first(captures.size());
    for (auto [i, capture] : llvm::enumerate(captures)) {
      first[i] = i;
      for (unsigned j = 0; j < i; ++j)
        if (captures[j] == capture && first[j] == j) {
          first[i] = j;
          break;
        }
      if (first[i] != i) {
        dropped.set(i);
        continue;
      }
      bool used = llvm::any_of(
          partitions.getPartitionRegions(),
          [&](Region &region) { return !region.getArgument(i).use_empty(); });
      // A repeat of this capture later on keeps it alive through its uses.
      for (unsigned k = i + 1; k < captures.size() && !used; ++k)
        if (captures[k] == capture)
          used = llvm::any_of(partitions.getPartitionRegions(),
                              [&](Region &region) {
                                return !region.getArgument(k).use_empty();
                              });
      if (!used)
        dropped.set(i);
    }
    if (dropped.none())
      return failure();
    rewriter.modifyOpInPlace(op, [&] {
      for (Region &region : partitions.getPartitionRegions()) {
        for (unsigned i = 0; i < captures.size(); ++i)
          if (first[i] != i)
            rewriter.replaceAllUsesWith(region.getArgument(i),
                                        region.getArgument(first[i]));
        region.front().eraseArguments(dropped);
      }
      for (int i = static_cast<int>(captures.size()) - 1; i >= 0; --i)
        if (dropped.test(i))
          op.getExplicitCapturesMutable().erase(i);
    });
    return success();
  }
};

/// Results nobody reads are dropped, with the values the default region
/// yields for them.
struct DropUnusedResults : public OpRewritePattern<WarpSpecializeOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(WarpSpecializeOp op,
                                PatternRewriter &rewriter) const override {
    llvm::BitVector unused(op.getNumResults());
    for (OpResult result : op->getResults())
      if (result.use_empty())
        unused.set(result.getResultNumber());
    if (unused.none())
      return failure();
    SmallVector<Type> types;
    for (OpResult result : op->getResults())
      if (!unused.test(result.getResultNumber()))
        types.push_back(result.getType());
    rewriter.setInsertionPoint(op);
    auto replacement = WarpSpecializeOp::create(
        rewriter, op.getLoc(), types, op.getExplicitCaptures(),
        op->getAttrs());
    rewriter.inlineRegionBefore(op.getDefaultRegion(),
                                replacement.getDefaultRegion(),
                                replacement.getDefaultRegion().end());
    rewriter.inlineRegionBefore(op.getPartitionOpHolder(),
                                replacement.getPartitionOpHolder(),
                                replacement.getPartitionOpHolder().end());
    for (Block &block : replacement.getDefaultRegion())
      if (auto yield = dyn_cast_or_null<WarpYieldOp>(
              block.empty() ? nullptr : &block.back()))
        rewriter.modifyOpInPlace(
            yield, [&] { yield->eraseOperands(unused); });
    SmallVector<Value> results;
    unsigned next = 0;
    for (OpResult result : op->getResults())
      results.push_back(unused.test(result.getResultNumber())
                            ? Value()
                            : replacement->getResult(next++));
    rewriter.replaceOp(op, results);
    return success();
  }
};

} // namespace

void WarpSpecializeOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                                   MLIRContext *context) {
  results.add<DropUnusedAndRepeatedCaptures, DropUnusedResults>(context);
}
