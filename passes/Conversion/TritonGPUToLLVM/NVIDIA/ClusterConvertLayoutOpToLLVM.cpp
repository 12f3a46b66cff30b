//===- ClusterConvertLayoutOpToLLVM.cpp - Conversions across a cluster ----===//
//
// A ttg.convert_layout whose source and result place elements in different
// CTAs of a cluster (their block bases differ: a tile split along rows that
// becomes one split along columns, or a split tensor gathered into copies
// for a reduction along the split axis) moves data between CTAs through
// distributed shared memory:
//  1. each CTA stores its tile of the source into its own scratch, row-major
//     over the tile;
//  2. a cluster barrier (arrive.release / wait.acquire) makes the stores
//     visible to the whole cluster;
//  3. each thread loads every element of its result from the scratch of the
//     CTA that holds it (mapa to that CTA's window, ld.shared::cluster): the
//     element's coordinates give the owner's rank bits where the source's
//     CTAs split the tensor, its own where they hold copies, so a copy is
//     read locally;
//  4. a second cluster barrier keeps every CTA from reusing its scratch
//     while another still reads it.
// Conversions that keep each CTA's elements are the common pattern's (a
// lower benefit).
//
//===----------------------------------------------------------------------===//

#include "passes/Conversion/TritonGPUToLLVM/NVIDIA/Patterns.h"

#include "dialects/TritonGPU/IR/CTATiles.h"
#include "dialects/TritonGPU/IR/Dialect.h"
#include "passes/Analysis/Allocation.h"
#include "passes/Conversion/TritonGPUToLLVM/common/SharedMemoryUtility.h"
#include "passes/Conversion/TritonGPUToLLVM/common/Utility.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace mlir;
using namespace mlir::triton;
namespace ttg = mlir::triton::gpu;
using ttg::LinearLayout;

namespace {

ArrayRef<LinearLayout::Basis> blockBasesOf(const LinearLayout &layout) {
  return layout.hasInDim("block") ? layout.getBases("block")
                                  : ArrayRef<LinearLayout::Basis>();
}

/// Row-major element offset (i32) of the tile coordinates `coords` in a
/// tile of power-of-two `tile` extents, each coordinate first masked to its
/// extent (global coordinates give the element's place in its CTA's tile).
Value emitTileOffset(OpBuilder &b, Location loc, ArrayRef<Value> coords,
                     ArrayRef<int64_t> tile, bool mask) {
  Value offset;
  unsigned shift = 0;
  for (int d = static_cast<int>(tile.size()) - 1; d >= 0; --d) {
    Value coord = coords[d];
    if (mask)
      coord = LLVM::AndOp::create(b, loc, coord,
                                  createI32Constant(b, loc, tile[d] - 1));
    if (shift != 0)
      coord =
          LLVM::ShlOp::create(b, loc, coord, createI32Constant(b, loc, shift));
    offset =
        offset ? LLVM::OrOp::create(b, loc, offset, coord).getResult() : coord;
    shift += log2Exact(tile[d]);
  }
  return offset ? offset : createI32Constant(b, loc, 0);
}

struct ClusterConvertLayoutOpPattern
    : ConvertOpToLLVMPattern<ttg::ConvertLayoutOp> {
  ClusterConvertLayoutOpPattern(TritonGPUToLLVMTypeConverter &converter,
                                const TargetInfoBase &target)
      : ConvertOpToLLVMPattern(converter, /*benefit=*/3), target(target) {}

  LogicalResult
  matchAndRewrite(ttg::ConvertLayoutOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType srcType = op.getSrc().getType(), dstType = op.getType();
    std::optional<LinearLayout> srcLayout = getDistributedLayout(srcType);
    std::optional<LinearLayout> dstLayout = getDistributedLayout(dstType);
    if (!srcLayout || !dstLayout ||
        blockBasesOf(*srcLayout) == blockBasesOf(*dstLayout))
      return failure(); // each CTA keeps its elements: not ours
    auto refuse = [&](const Twine &why) -> LogicalResult {
      return op.emitError() << "ttg.convert_layout between CTAs " << why
                            << " is not supported yet by the LLVM lowering";
    };
    std::string reason;
    std::optional<SmallVector<int64_t>> tile =
        ttg::getCTATileShape(*srcLayout, reason);
    std::optional<LinearLayout> tileLayout;
    if (tile)
      tileLayout = ttg::getCTATileLayout(*srcLayout, *tile, reason);
    if (!tileLayout)
      return refuse("from " + reason);
    // Which bit of which coordinate names each bit of the owner's rank
    // (getCTATileShape checked that a non-zero block basis is one high bit
    // of one dimension); -1 where the source's CTAs hold copies.
    SmallVector<std::pair<int, unsigned>> rankBits;
    for (const LinearLayout::Basis &basis : blockBasesOf(*srcLayout)) {
      std::pair<int, unsigned> bit{-1, 0};
      for (auto [d, value] : llvm::enumerate(basis))
        if (value != 0)
          bit = {static_cast<int>(d), log2Exact(value)};
      rankBits.push_back(bit);
    }

    auto converter =
        static_cast<const TritonGPUToLLVMTypeConverter *>(getTypeConverter());
    Type elementType = srcType.getElementType();
    Type sharedType = getSharedElementType(*converter, elementType);
    Type registerType = converter->convertElementType(elementType);
    unsigned elementBytes = getSharedElementBytes(sharedType);
    int64_t tileElements = 1;
    for (int64_t extent : *tile)
      tileElements *= extent;
    std::optional<int64_t> scratch = getAllocationOffset(op);
    if (!scratch || getScratchSizeInBytes(op) < tileElements * elementBytes)
      return refuse("without shared-memory scratch for a CTA's tile of the "
                    "source (run -allocate-shared-memory)");

    Location loc = op.getLoc();
    Value base = getSharedMemoryBase(rewriter, loc, *scratch);
    LaneAndWarp thread = getLaneAndWarp(rewriter, loc, target);
    if (!thread.block)
      return refuse("in a module of one CTA");

    // 1. This CTA's tile of the source into its scratch.
    LaneAndWarp inTile = thread;
    inTile.block = Value();
    SmallVector<Value> values =
        unpackLLElements(loc, adaptor.getSrc(), rewriter);
    SmallVector<SmallVector<Value>> tileCoords =
        emitIndices(rewriter, loc, *tileLayout, inTile);
    unsigned repeated = getBroadcastRegisterMask(*tileLayout);
    for (auto [reg, value] : llvm::enumerate(values)) {
      if (reg & repeated)
        continue;
      Value offset =
          emitTileOffset(rewriter, loc, tileCoords[reg], *tile, /*mask=*/false);
      storeSharedVector(rewriter, loc, base, offset,
                        {toSharedValue(rewriter, loc, value, sharedType)},
                        sharedType, target);
    }
    // 2. Published to the cluster.
    NVVM::ClusterArriveOp::create(rewriter, loc, rewriter.getUnitAttr());
    NVVM::ClusterWaitOp::create(rewriter, loc, rewriter.getUnitAttr());

    // 3. Each result element from its owner's scratch.
    auto clusterPointer = LLVM::LLVMPointerType::get(
        rewriter.getContext(),
        static_cast<unsigned>(NVVM::NVVMMemorySpace::SharedCluster));
    SmallVector<SmallVector<Value>> coords =
        emitIndices(rewriter, loc, *dstLayout, thread);
    unsigned dstRepeated = getBroadcastRegisterMask(*dstLayout);
    SmallVector<Value> results(coords.size());
    for (auto [reg, element] : llvm::enumerate(coords)) {
      if (reg & dstRepeated) {
        results[reg] = results[reg & ~dstRepeated];
        continue;
      }
      Value owner = thread.block;
      for (auto [rankBit, source] : llvm::enumerate(rankBits)) {
        auto [dim, bit] = source;
        if (dim < 0)
          continue; // a copy: this CTA's own
        Value shifted = LLVM::LShrOp::create(
            rewriter, loc, element[dim], createI32Constant(rewriter, loc, bit));
        Value one = createI32Constant(rewriter, loc, 1);
        Value set = LLVM::AndOp::create(rewriter, loc, shifted, one);
        Value cleared = LLVM::AndOp::create(
            rewriter, loc, owner,
            createI32Constant(rewriter, loc, ~(1 << rankBit)));
        Value placed = LLVM::ShlOp::create(
            rewriter, loc, set, createI32Constant(rewriter, loc, rankBit));
        owner = LLVM::OrOp::create(rewriter, loc, cleared, placed);
      }
      Value offset =
          emitTileOffset(rewriter, loc, element, *tile, /*mask=*/true);
      Value local =
          getSharedAddress(rewriter, loc, base, offset, sharedType, target);
      Value remote =
          NVVM::MapaOp::create(rewriter, loc, clusterPointer, local, owner);
      Value loaded =
          LLVM::LoadOp::create(rewriter, loc, sharedType, remote, elementBytes);
      results[reg] = fromSharedValue(rewriter, loc, loaded, registerType);
    }
    // 4. No CTA reuses its scratch before every other has read it.
    NVVM::ClusterArriveOp::create(rewriter, loc, rewriter.getUnitAttr());
    NVVM::ClusterWaitOp::create(rewriter, loc, rewriter.getUnitAttr());

    rewriter.replaceOp(
        op, packLLElements(loc, converter, results, rewriter, dstType));
    return success();
  }

  const TargetInfoBase &target;
};

} // namespace

void mlir::triton::nvidia::populateClusterConvertLayoutOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &converter, RewritePatternSet &patterns,
    const TargetInfoBase &target) {
  patterns.add<ClusterConvertLayoutOpPattern>(converter, target);
}
