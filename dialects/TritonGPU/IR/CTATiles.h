//===- CTATiles.h - The part of a layout one CTA of a cluster holds -------===//
//
// In a module with ttg.num-ctas > 1 a layout's "block" bases place a tensor
// (or a buffer) over the cluster's CTAs. Triton's CGA layouts give each CTA a
// tile: a block basis either names one high bit of one dimension (the tensor
// split there, CTA tiles one after another) or is zero (the CTAs hold
// copies). Code that works within each CTA -- its registers, its shared
// memory -- sees only the tile: these helpers give the tile's shape and the
// layout over it.
//
//===----------------------------------------------------------------------===//

#ifndef DIALECTS_TRITONGPU_IR_CTATILES_H
#define DIALECTS_TRITONGPU_IR_CTATILES_H

#include "dialects/TritonGPU/IR/LinearLayout.h"

#include "llvm/ADT/SmallVector.h"

#include <optional>
#include <string>

namespace mlir {
namespace triton {
namespace gpu {

/// The shape of one CTA's tile of `layout`'s output (the whole output where
/// it has no block dimension); nullopt, with `reason` set, where a block
/// basis does not split a dimension into whole tiles.
std::optional<llvm::SmallVector<int64_t>>
getCTATileShape(const LinearLayout &layout, std::string &reason);

/// `layout` without its block dimension, over the CTA tile `tileShape`:
/// what each CTA holds, in its tile's coordinates. Nullopt, with `reason`
/// set, where a register, lane, warp or offset basis leaves the tile.
std::optional<LinearLayout> getCTATileLayout(const LinearLayout &layout,
                                             llvm::ArrayRef<int64_t> tileShape,
                                             std::string &reason);

/// The number of CTAs a layout's elements are split over (2^number of
/// non-zero block bases); 1 without a block dimension.
int64_t getCTASplitCount(const LinearLayout &layout);

/// The shape one CTA's threads cover once: per dimension, one thread's
/// block of registers times the lanes times the warps along it. The
/// thread's block is its register bases without the trailing ones that only
/// repeat the tile: peeled from the last register basis backwards while each
/// doubles a dimension up to the CTA tile's extent (tensor extent over the
/// CTA split) and the dimensions come in one run each.
llvm::SmallVector<int64_t> getThreadCoverShape(const LinearLayout &layout);

} // namespace gpu
} // namespace triton
} // namespace mlir

#endif // DIALECTS_TRITONGPU_IR_CTATILES_H
