//===- WarpSpecializeUtility.cpp - Code inside ttg.warp_specialize --------===//

#include "passes/Conversion/TritonGPUToLLVM/common/WarpSpecializeUtility.h"

#include "dialects/TritonGPU/IR/Dialect.h"

using namespace mlir;
using namespace mlir::triton;
namespace ttg = mlir::triton::gpu;

/// Marks a ttg.warp_specialize whose partitions' code asked for thread ids
/// before the partitions were given warps.
static constexpr llvm::StringLiteral kNeedsWarpGroupsAttr =
    "ttg.lowering-needs-warp-groups";

/// The partition region holding `block` (directly or nested), or null.
static Region *enclosingPartition(Block *block) {
  for (Region *region = block ? block->getParent() : nullptr; region;
       region = region->getParentRegion())
    if (isa_and_nonnull<ttg::WarpSpecializePartitionsOp>(
            region->getParentOp()))
      return region;
  return nullptr;
}

std::optional<PartitionThreads>
mlir::triton::getPartitionThreads(Block *block, int threadsPerWarp) {
  Region *region = enclosingPartition(block);
  if (!region)
    return std::nullopt;
  auto ws = cast<ttg::WarpSpecializeOp>(region->getParentOp()->getParentOp());
  std::optional<ArrayRef<int32_t>> starts = ws.getWarpGroupStartIds();
  unsigned index = region->getRegionNumber();
  int numThreads = ws.getPartitionNumWarps()[index] * threadsPerWarp;
  if (!starts || index >= starts->size()) {
    // Code that needs thread ids in partitions not given warps yet: the
    // lowering fails where it ends (checkWarpGroupsAllocated); code that
    // needs none lowers, as in Triton 3.6.
    ws->setAttr(kNeedsWarpGroupsAttr, UnitAttr::get(ws.getContext()));
    return PartitionThreads{0, numThreads};
  }
  return PartitionThreads{(*starts)[index] * threadsPerWarp, numThreads};
}

Block *mlir::triton::getPartitionEntry(Block *block) {
  Region *region = enclosingPartition(block);
  return region ? &region->front() : nullptr;
}

Value mlir::triton::captureIntoPartition(Block *partitionEntry, Value value) {
  auto ws =
      cast<ttg::WarpSpecializeOp>(partitionEntry->getParentOp()->getParentOp());
  for (auto [i, capture] : llvm::enumerate(ws.getExplicitCaptures()))
    if (capture == value)
      return partitionEntry->getArgument(i);
  // A new capture: every partition takes it as its last argument.
  ws->insertOperands(ws->getNumOperands(), value);
  for (Region &region : ws.getPartitionOp().getPartitionRegions())
    region.front().addArgument(value.getType(), value.getLoc());
  return partitionEntry->getArgument(partitionEntry->getNumArguments() - 1);
}

LogicalResult mlir::triton::checkWarpGroupsAllocated(ModuleOp module) {
  WalkResult walk = module.walk([](ttg::WarpSpecializeOp op) {
    if (!op->hasAttr(kNeedsWarpGroupsAttr))
      return WalkResult::advance();
    op->removeAttr(kNeedsWarpGroupsAttr);
    op.emitError("the partitions have no warps yet, and their code needs "
                 "thread ids: run -tritongpu-allocate-warp-groups before the "
                 "lowering");
    return WalkResult::interrupt();
  });
  return failure(walk.wasInterrupted());
}
