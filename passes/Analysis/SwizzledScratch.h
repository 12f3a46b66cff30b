//===- SwizzledScratch.h - Triton's swizzled layout-conversion scratch -*- C++ -*-===//
//
// Where the elements of a ttg.convert_layout through shared memory sit in
// its scratch (Triton 3.6's optimalSwizzlingLdSt), and how much scratch that
// takes. Offsets are a linear (XOR) bijection of the flat element index:
// from the lowest bit, a vector of elements both layouts hold in registers,
// the bits that pick the banks of one 128-byte line, then the segment
// above. Segment bits that both layouts hold in registers become rounds:
// the tensor goes through a tile of the other bits once per round, so the
// scratch holds one tile. Where the target has matrix instructions
// (stmatrix, ldmatrix and their transposed forms), the layout is Triton
// 3.6's best among the pairs of a store and a load instruction
// (optimalSwizzling with tiles), and says which pair. The allocation
// (sizing), the LDS-usage estimates and the lowering all read it from here.
// Padded conversions are in PaddedScratch.h.
//
//===----------------------------------------------------------------------===//

#ifndef PASSES_ANALYSIS_SWIZZLEDSCRATCH_H
#define PASSES_ANALYSIS_SWIZZLEDSCRATCH_H

#include "dialects/TritonGPU/IR/LinearLayout.h"
#include "mlir/IR/BuiltinTypes.h"

#include <cstdint>
#include <optional>

namespace mlir {
namespace triton {

/// A distributed layout's register, lane and warp bases as row-major flat
/// element indices of `shape` (powers of two).
struct FlatLayout {
  llvm::SmallVector<uint64_t> registers, lanes, warps;

  FlatLayout() = default;
  FlatLayout(const gpu::LinearLayout &layout, llvm::ArrayRef<int64_t> shape);
};

/// How one side of a conversion accesses the scratch: plain vectors, 8 x 8
/// matrices (stmatrix / ldmatrix), or transposed ones (16-bit elements).
enum class ScratchAccess { Plain, Matrix, MatrixTransposed };

/// The matrix instructions a conversion through scratch may use.
struct ScratchMatrices {
  bool stores = false, loads = false;
};

struct SwizzledScratch {
  /// The flat element index each offset bit moves, lowest first (a basis of
  /// the flat indices).
  llvm::SmallVector<uint64_t> offsetBases;
  /// The highest `roundBits` offset bits pick the round, not a place in the
  /// scratch. Only registers move them (never a lane or warp), so each
  /// thread stores and loads the same tile offsets every round.
  unsigned roundBits = 0;
  /// The instructions the layout was chosen for.
  ScratchAccess store = ScratchAccess::Plain, load = ScratchAccess::Plain;

  unsigned tileBits() const { return offsetBases.size() - roundBits; }
};

/// Triton 3.6's swizzled scratch converting `src` to `dst` over `shape`
/// (one CTA's tile), for elements of `elementBits` bits, the source stored
/// with matrix stores and the destination loaded with matrix loads where
/// `matrices` allows them and they are chosen. Nullopt where a register or warp basis is not a
/// single element bit (then the tensor goes through whole, in some other
/// order).
std::optional<SwizzledScratch>
planSwizzledScratch(const FlatLayout &src, const FlatLayout &dst,
                    llvm::ArrayRef<int64_t> shape, unsigned elementBits,
                    ScratchMatrices matrices = {});

/// The scratch elements of a ttg.convert_layout from `srcType` to
/// `dstType` through shared memory, per CTA, elements of `elementBits` bits
/// (at least 8): 3.6's padded tile when `padded`, else one round of the
/// swizzled scratch with the `matrices` allowed, or the whole tensor where
/// that has no plan. Nullopt where a type has no linear layout or the CTAs'
/// tiles cannot be told. `rounds`, where given, receives the rounds of the
/// swizzled scratch (1 for a padded tile or the whole tensor).
std::optional<int64_t>
getConvertScratchElements(RankedTensorType srcType, RankedTensorType dstType,
                          unsigned elementBits, bool padded,
                          ScratchMatrices matrices, int64_t *rounds = nullptr);

} // namespace triton
} // namespace mlir

#endif // PASSES_ANALYSIS_SWIZZLEDSCRATCH_H
