//===- LinearLayoutConversions.h - Layout encodings as linear layouts -----===//
//
// The linear layout of a layout encoding for a tensor (or buffer) shape:
// distributed encodings map (register, lane, warp, block) to (dim0, ...),
// shared encodings map (offset, block) to (dim0, ...).
//
//===----------------------------------------------------------------------===//

#ifndef DIALECTS_TRITONGPU_IR_LINEARLAYOUTCONVERSIONS_H
#define DIALECTS_TRITONGPU_IR_LINEARLAYOUTCONVERSIONS_H

#include "dialects/TritonGPU/IR/LinearLayout.h"

#include "mlir/IR/Attributes.h"

namespace mlir {
namespace triton {
namespace gpu {

/// The linear layout of `encoding` over a tensor of `shape`. Supports
/// #ttg.blocked, #ttg.slice, #ttg.linear, #ttg.nvidia_mma (v2, v3),
/// #ttg.amd_mfma (32x32 and 16x16, 32-bit), #ttg.dot_op of NVIDIA MMA and
/// blocked parents, #ttg.swizzled_shared and 2-D #ttg.nvmma_shared (without
/// fp4 padding);
/// std::nullopt for other encodings, shapes that are not powers of two, or
/// ranks that do not match.
std::optional<LinearLayout> toLinearLayout(ArrayRef<int64_t> shape,
                                           Attribute encoding);

/// `dim0`, ..., `dim<rank-1>`.
SmallVector<std::string> standardOutDimNames(unsigned rank);

} // namespace gpu
} // namespace triton
} // namespace mlir

#endif // DIALECTS_TRITONGPU_IR_LINEARLAYOUTCONVERSIONS_H
