//===- SharedLayouts.h - Shared-memory layouts for tensors -------*- C++ -*-===//
//
// The swizzled shared layouts that -tritongpu-reduce-data-duplication and
// the pipeliner give a tensor they put in shared memory (implemented in
// ReduceDataDuplication.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef PASSES_TRITONGPU_SHAREDLAYOUTS_H
#define PASSES_TRITONGPU_SHAREDLAYOUTS_H

#include "dialects/TritonGPU/IR/Dialect.h"

namespace mlir {
namespace triton {
namespace gpu {

/// The layout through which `srcType` reaches the dot operand `dot`
/// (Triton 3.6's swizzle for dot operands); std::nullopt where the source's
/// CTA layout or memory order cannot be told.
std::optional<SwizzledSharedEncodingAttr>
getDotOperandSharedLayout(RankedTensorType srcType, DotOperandEncodingAttr dot);

/// vec = perPhase = maxPhase = 1 in the source's memory order.
std::optional<SwizzledSharedEncodingAttr> getUnswizzledSharedLayout(RankedTensorType srcType);

} // namespace gpu
} // namespace triton
} // namespace mlir

#endif // PASSES_TRITONGPU_SHAREDLAYOUTS_H
