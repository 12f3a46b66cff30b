//===- SharedEncodings.h - Shared-memory layouts for tensors ----*- C++ -*-===//
//
// What the passes that put tensors in shared memory ask of a tensor's
// distributed layout (its CTA split, the order its elements lie in) and the
// NVMMA layout Triton 3.6 gives a buffer of a given shape and order; the
// swizzled layouts of tensors put in shared memory on their way to a dot.
//
//===----------------------------------------------------------------------===//

#ifndef PASSES_TRITONGPU_SHAREDENCODINGS_H
#define PASSES_TRITONGPU_SHAREDENCODINGS_H

#include "dialects/TritonGPU/IR/Dialect.h"

#include <optional>

namespace mlir {
namespace triton {
namespace gpu {

/// The CGA (CTA) layout of a distributed encoding, the one a shared buffer
/// holding the tensor gets; std::nullopt where it cannot be told.
std::optional<BasisList> getCGALayoutOf(Attribute encoding);

/// `shape` split over the CTAs of `cga`.
SmallVector<int64_t> getShapePerCTA(ArrayRef<int64_t> shape,
                                    const BasisList &cga);

/// Whether `encoding` spreads dimension `dim` over several CTAs.
/// Reductions and scans combine within each CTA only: an operand must not
/// be split along their axis.
bool splitsDimOverCTAs(Attribute encoding, unsigned dim);

/// The order (fastest dimension first) in which a tensor is laid out in
/// memory: a blocked layout's own order; otherwise the order in which
/// registers, then lanes, move along the dimensions, then the row-major one.
SmallVector<unsigned> getMemoryOrder(RankedTensorType type);

/// Triton 3.6's `#ttg.nvmma_shared` for a buffer of `shape` laid out in
/// `order`: the widest swizzle (128, 64 or 32 bytes) that the contiguous
/// dimension fills whole, none when fewer than 8 rows (or rank 1);
/// `transposed` when the second-to-last dimension is the contiguous one.
NVMMASharedEncodingAttr getNVMMASharedEncoding(MLIRContext *context,
                                               ArrayRef<int64_t> shape,
                                               ArrayRef<unsigned> order,
                                               const BasisList &cga,
                                               Type elementType);

/// The swizzled layout through which `srcType` reaches the dot operand `dot`
/// (Triton 3.6's swizzle for dot operands, used by
/// -tritongpu-reduce-data-duplication and the pipeliner; implemented in
/// ReduceDataDuplication.cpp); std::nullopt where the source's CTA layout or
/// memory order cannot be told.
std::optional<SwizzledSharedEncodingAttr>
getDotOperandSharedLayout(RankedTensorType srcType, DotOperandEncodingAttr dot);

/// The same swizzle for the source laid out in `order` (fastest dimension
/// first) instead of its own memory order: a buffer the operand is
/// transposed into.
std::optional<SwizzledSharedEncodingAttr>
getDotOperandSharedLayout(RankedTensorType srcType, DotOperandEncodingAttr dot,
                          ArrayRef<unsigned> order);

/// The swizzled layout for `srcType` when it is read back in `dstType`, a
/// layout that is not a dot operand's but starts like one warp's tile of an
/// mma.sync operand (a transposed operand before its `tt.trans`): the dot
/// operand swizzle for that tile, so the reads (ldmatrix) hit distinct banks;
/// std::nullopt for any other layout (implemented in ReduceDataDuplication.cpp).
std::optional<SwizzledSharedEncodingAttr>
getMmaOperandLikeSharedLayout(RankedTensorType srcType,
                              RankedTensorType dstType);

/// vec = perPhase = maxPhase = 1 in the source's memory order.
std::optional<SwizzledSharedEncodingAttr>
getUnswizzledSharedLayout(RankedTensorType srcType);

} // namespace gpu
} // namespace triton
} // namespace mlir

#endif // PASSES_TRITONGPU_SHAREDENCODINGS_H
