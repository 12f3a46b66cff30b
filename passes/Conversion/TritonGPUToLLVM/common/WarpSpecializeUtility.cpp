//===- WarpSpecializeUtility.cpp - Code inside ttg.warp_specialize --------===//

#include "passes/Conversion/TritonGPUToLLVM/common/WarpSpecializeUtility.h"

#include "dialects/TritonGPU/IR/Dialect.h"

using namespace mlir;
using namespace mlir::triton;
namespace ttg = mlir::triton::gpu;

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
  if (!starts || index >= starts->size())
    return std::nullopt;
  return PartitionThreads{(*starts)[index] * threadsPerWarp,
                          ws.getPartitionNumWarps()[index] * threadsPerWarp};
}

Block *mlir::triton::getPartitionEntry(Block *block) {
  Region *region = enclosingPartition(block);
  return region ? &region->front() : nullptr;
}

LogicalResult mlir::triton::checkWarpGroupsAllocated(ModuleOp module) {
  WalkResult walk = module.walk([](ttg::WarpSpecializeOp op) {
    if (op.getPartitionNumWarps().empty() || op.getWarpGroupStartIds())
      return WalkResult::advance();
    op.emitError("the partitions have no warps yet: run "
                 "-tritongpu-allocate-warp-groups before the lowering");
    return WalkResult::interrupt();
  });
  return failure(walk.wasInterrupted());
}
