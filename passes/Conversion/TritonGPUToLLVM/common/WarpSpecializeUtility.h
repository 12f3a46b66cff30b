//===- WarpSpecializeUtility.h - Code inside ttg.warp_specialize -*- C++ -*-===//
//
// Code in a partition of a ttg.warp_specialize runs on warps of its own
// (warpGroupStartIds, set by -tritongpu-allocate-warp-groups): its layouts
// count warps from the partition's first, so the lowering numbers threads
// from there too.
//
//===----------------------------------------------------------------------===//

#ifndef PASSES_CONVERSION_TRITONGPUTOLLVM_COMMON_WARPSPECIALIZEUTILITY_H
#define PASSES_CONVERSION_TRITONGPUTOLLVM_COMMON_WARPSPECIALIZEUTILITY_H

#include "mlir/IR/Block.h"
#include "mlir/IR/BuiltinOps.h"

#include <optional>

namespace mlir {
namespace triton {

/// The threads of the partition `block` lies in.
struct PartitionThreads {
  int firstThread; ///< the partition's first thread in the CTA
  int numThreads;
};

/// The threads of the ttg.warp_specialize partition enclosing `block`, or
/// nullopt outside partitions. In partitions not given warps yet, the
/// partition's thread count from 0, and the op is marked for
/// checkWarpGroupsAllocated to refuse.
std::optional<PartitionThreads> getPartitionThreads(Block *block,
                                                    int threadsPerWarp);

/// The entry block of the partition enclosing `block`, or null outside them.
Block *getPartitionEntry(Block *block);

/// `value` (defined outside the ttg.warp_specialize) inside the partition
/// whose entry block is `partitionEntry`: the argument of its capture, made
/// a capture of the op (an argument of every partition) if it is not one.
Value captureIntoPartition(Block *partitionEntry, Value value);

/// After the lowering: a located error for a ttg.warp_specialize of
/// `module` whose partitions have no warps yet but whose lowered code asked
/// for thread ids (numbered from the partitions' first warps).
LogicalResult checkWarpGroupsAllocated(ModuleOp module);

} // namespace triton
} // namespace mlir

#endif // PASSES_CONVERSION_TRITONGPUTOLLVM_COMMON_WARPSPECIALIZEUTILITY_H
