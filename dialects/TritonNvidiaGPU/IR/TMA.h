//===- TMA.h - Facts about TMA (bulk tensor) copies -------------*- C++ -*-===//
//
// What the TMA passes, the lowering and the launch metadata agree on: the box
// a TMA copy moves for a descriptor's block, the descriptor's data type and
// swizzle codes, and the blocks TMA cannot move.
//
//===----------------------------------------------------------------------===//

#ifndef DIALECTS_TRITONNVIDIAGPU_IR_TMA_H
#define DIALECTS_TRITONNVIDIAGPU_IR_TMA_H

#include "dialects/Triton/IR/Dialect.h"
#include "dialects/TritonGPU/IR/Dialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"

#include <optional>
#include <string>

namespace mlir {
namespace triton {
namespace nvidia_gpu {

/// The shared layout of a descriptor block that TMA fills: its NVMMA
/// encoding, or null.
gpu::NVMMASharedEncodingAttr getTMAEncoding(RankedTensorType block);

/// The NVMMA layout of a buffer of `shape` that a TMA copy of `block` fills:
/// the block's own when the shapes are equal; when `shape` is the block
/// without leading dimensions of size 1 (the frontend folds such a reshape
/// into `desc.load`), the same swizzle at the lower rank; null otherwise.
gpu::NVMMASharedEncodingAttr getTMABufferEncoding(RankedTensorType block,
                                                  ArrayRef<int64_t> shape);

/// Whether `encoding` is a #ttg.swizzled_shared layout without swizzling
/// (vec, perPhase and maxPhase 1) in row-major order over `rank` dimensions:
/// the order TMA without swizzling writes a box in. Triton 3.6 takes such
/// descriptor blocks for TMA stores, reductions and tensormaps; its TMA
/// loads need an NVMMA layout.
bool isUnswizzledRowMajor(Attribute encoding, unsigned rank);

/// Why TMA cannot move `block` (empty when it can): it needs an NVMMA
/// layout that is not transposed, or an unswizzled row-major one
/// (isUnswizzledRowMajor) whose rows fit one box, rank 1 to 5, a box row of
/// 16 bytes or a multiple of them, and a block that is a whole number of
/// boxes.
std::string whyNotTMABlock(RankedTensorType block);

/// The part of `block` one CTA of a cluster moves: the block split along
/// the dimensions its layout's CGA bases name (each basis halves one
/// dimension; a zero basis is a copy in every CTA). The whole block outside
/// clusters.
SmallVector<int64_t> getTMATileShape(RankedTensorType block);

/// The bytes of that tile: what one CTA's TMA copies of `block` bring, the
/// count its mbarrier expects.
int64_t getTMATileBytes(RankedTensorType block);

/// The box one TMA copy moves (in the block's dimension order): each
/// dimension at most 256 elements, the contiguous one at most one swizzle
/// row (32/64/128 bytes) when swizzled, within the CTA's tile
/// (getTMATileShape), as Triton 3.6 encodes descriptors for clusters. A
/// tile is moved as several boxes when it is larger.
SmallVector<int64_t> getTMABoxShape(RankedTensorType block);

/// The module attribute -triton-nvidia-gpu-tma-multicast sets: TMA loads
/// into buffers the CTAs of the cluster hold copies of are multicast, so
/// descriptor boxes are getTMABoxShape(block, /*multicast=*/true).
constexpr StringLiteral kTMAMulticastAttrName = "ttng.tma_multicast";

/// The attribute of a ttng.async_tma_copy_global_to_local that the lowering
/// multicasts (set by the same pass).
constexpr StringLiteral kTMAMulticastLoadAttrName = "ttng.multicast";

/// The CTA id bits of `block`'s CGA layout whose basis is zero: the CTAs
/// that differ in them hold copies of one tile (0 outside clusters).
unsigned getTMACopyBits(RankedTensorType block);

/// The box of `block` when its TMA loads are multicast: getTMABoxShape cut
/// along its outermost dimensions until the CTA tile is a multiple of as
/// many boxes as there are copies (getTMACopyBits), so that each copy loads
/// its share and multicasts it; empty when the box cannot be cut so. The
/// plain box where the block has no copies or `multicast` is false.
SmallVector<int64_t> getTMABoxShape(RankedTensorType block, bool multicast);

/// Whether `op`'s module multicasts TMA loads (kTMAMulticastAttrName).
bool isTMAMulticastModule(Operation *op);

/// The TMA element type code of an element type (UINT8 for 8-bit types,
/// FLOAT16, BFLOAT16, FLOAT32, ...) in PTX's tensormap numbering, as Triton
/// 3.6 writes it in ttng.tensormap_create and the launch metadata (the
/// driver's CUtensorMapDataType differs for FLOAT64 and BFLOAT16: launchers
/// map it); std::nullopt for types TMA cannot move.
std::optional<int> getTMADataType(Type elementType);

/// Writes the TMA descriptor of `make` (whose block TMA can move) into 128
/// bytes of global memory that `slot` makes at `b`'s insertion point,
/// fences it for the tensormap proxy and returns the descriptor read from
/// there (ttng.reinterpret_tensor_descriptor). TMA lists dimensions
/// innermost first and strides in bytes, without the innermost (unit)
/// stride; null after an error on `make`.
Value writeTensormap(OpBuilder &b, MakeTensorDescOp make,
                     llvm::function_ref<Value(OpBuilder &)> slot);

/// The CUtensorMapSwizzle of a descriptor block's layout: 1/2/3 for NVMMA
/// swizzles of 32/64/128 bytes, 0 (none) for the others TMA takes.
int getTMASwizzleMode(Attribute blockEncoding);

} // namespace nvidia_gpu
} // namespace triton
} // namespace mlir

#endif // DIALECTS_TRITONNVIDIAGPU_IR_TMA_H
