//===- PaddedScratch.h - Triton's padded layout-conversion scratch -*- C++ -*-===//
//
// The scratch a ttg.convert_layout marked `amdg.use_padded_scratch_shmem`
// goes through (Triton 3.6's AMD "padded" conversion): one tile of the two
// layouts at a time (the larger of their CTA tiles in each dimension), its
// elements row-major in the destination's order, each row (the fastest
// dimension) followed by a vector of padding so that the stores and loads
// of a row fall in other banks than the next row's. The tensor goes through
// in rounds, one tile each. Sizing (allocation) and lowering both read it
// from here.
//
//===----------------------------------------------------------------------===//

#ifndef PASSES_ANALYSIS_PADDEDSCRATCH_H
#define PASSES_ANALYSIS_PADDEDSCRATCH_H

#include "dialects/TritonGPU/IR/LinearLayout.h"

#include <cstdint>

namespace mlir {
namespace triton {

/// The unit attribute that asks for the padded scratch of a conversion
/// (3.6 ships the `amdg.` spelling, after its dialect rename).
constexpr llvm::StringLiteral kPaddedScratchAttrName =
    "amdg.use_padded_scratch_shmem";

struct PaddedConvertTile {
  /// The tile, per dimension (powers of two).
  llvm::SmallVector<unsigned> shape;
  /// Its dimensions, fastest first (the destination's register order).
  llvm::SmallVector<unsigned> order;
  /// Elements of padding after each row of shape[order[0]] elements (0 when
  /// the tile is one row).
  unsigned padding = 0;
  /// The scratch elements, padding included.
  int64_t elements() const;
};

/// The padded tile converting `src` to `dst` (elements of `bitWidth` bits).
PaddedConvertTile getPaddedConvertTile(const gpu::LinearLayout &src,
                                       const gpu::LinearLayout &dst,
                                       unsigned bitWidth);

/// The dimensions in the order `bases` first move along them, then the
/// rest from the last dimension down.
llvm::SmallVector<unsigned>
orderOfBases(llvm::ArrayRef<gpu::LinearLayout::Basis> bases, size_t rank);

} // namespace triton
} // namespace mlir

#endif // PASSES_ANALYSIS_PADDEDSCRATCH_H
