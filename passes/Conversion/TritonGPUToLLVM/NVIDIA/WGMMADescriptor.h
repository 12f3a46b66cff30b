//===- WGMMADescriptor.h - wgmma matrix descriptors from layouts ----------===//
//
// A wgmma operand in shared memory is named by a 64-bit matrix descriptor:
// start address >> 4 (bits 0-13), leading- and stride-dimension byte offsets
// >> 4 (bits 16-29, 32-45) and the swizzle mode (bits 62-63: 0 none, 1 128 B,
// 2 64 B, 3 32 B). The hardware reads a tile of MN x K elements from the
// canonical layout those fields describe (PTX ISA, "matrix descriptor"; the
// same layouts CUTLASS writes as Swizzle<b,4,3> o ((8,m),(T,2k)) and so on).
// Here the offsets are read off the operand's shared layout and every element
// of every tile is checked against the canonical formula, so a layout wgmma
// cannot read is an error, never a wrong descriptor.
//
//===----------------------------------------------------------------------===//

#ifndef PASSES_CONVERSION_TRITONGPUTOLLVM_NVIDIA_WGMMADESCRIPTOR_H
#define PASSES_CONVERSION_TRITONGPUTOLLVM_NVIDIA_WGMMADESCRIPTOR_H

#include "passes/Conversion/TritonGPUToLLVM/common/SharedMemoryUtility.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>

namespace mlir {
namespace triton {
namespace nvidia {

/// The descriptors of one wgmma operand for a list of tiles.
struct WgmmaOperandDescriptors {
  /// The MN dimension is the contiguous one (the instruction's imm-trans 1).
  bool mnMajor = false;
  /// Leading and stride byte offsets and the swizzle mode, in place.
  uint64_t fixedBits = 0;
  /// Per tile: the byte offset of its first element from the view's start.
  llvm::SmallVector<int64_t> startBytes;
};

/// What an operand is, for planDescriptors.
struct WgmmaOperandShape {
  /// B is (K, N) in its view, A is (M, K).
  bool isB = false;
  unsigned elementBytes = 2;
  /// The swizzle of the operand's #ttg.nvmma_shared encoding (0, 32, 64, 128).
  unsigned swizzleBytes = 0;
  /// One instruction's tile: MN x K elements.
  int64_t mnSize = 64, kSize = 16;
};

/// Descriptors for the tiles whose first elements are `origins` ((mn, k)
/// view coordinates) of the view `layout` describes. `runtimeOffsetMask`
/// has the element-offset bits that run-time parts (warpgroup, view offsets)
/// may add: they must leave the swizzle pattern alone and not overlap the
/// tiles' own offsets, so that adding them to the start address is exact.
/// Fails with `reason` when the layout is not one wgmma can read.
std::optional<WgmmaOperandDescriptors>
planDescriptors(const SharedMemoryLayout &layout,
                const WgmmaOperandShape &shape,
                llvm::ArrayRef<std::array<int64_t, 2>> origins,
                int64_t runtimeOffsetMask, std::string &reason);

} // namespace nvidia
} // namespace triton
} // namespace mlir

#endif // PASSES_CONVERSION_TRITONGPUTOLLVM_NVIDIA_WGMMADESCRIPTOR_H
