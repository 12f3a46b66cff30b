//===- MfmaInstructions.h - The MFMA instructions of CDNA2 and CDNA3 ------===//
//
// One table for the pass that chooses an MFMA layout and for the lowering
// that emits the instruction: which v_mfma multiplies given operand types
// for a 32x32, 16x16, 64x4 or 4x64 tile, how much K it covers, and how many
// K elements each lane feeds it (kBase; kDim = kBase * 64 / mDim for the
// square tiles). The 64x4 and 4x64 tiles are the 16-block 4x4 instructions
// with one operand broadcast from one block to all 16 (CBSZ = 4, ABID the
// block): 16 of them, one per block, cover kDim = 16 * kBase.
//
//===----------------------------------------------------------------------===//

#ifndef PASSES_TRITONAMDGPU_MFMAINSTRUCTIONS_H
#define PASSES_TRITONAMDGPU_MFMAINSTRUCTIONS_H

#include "mlir/IR/Types.h"

#include <optional>
#include <string>

namespace mlir {
namespace triton {
namespace amdgpu {

struct MfmaInstruction {
  /// The ROCDL op without its `rocdl.` prefix (mfma.f32.32x32x8f16).
  std::string name;
  unsigned mDim = 0;    ///< M of the tile
  unsigned nDim = 0;    ///< N of the tile
  unsigned kDim = 0;    ///< K of one instruction
  unsigned kBase = 0;   ///< K elements per lane per instruction
};

/// The MFMA version of a gfx architecture (gfx90a: 2, gfx942: 3), else 0.
unsigned getMfmaVersion(StringRef arch);

/// The instruction of MFMA `version` for an `mDim` x `nDim` tile of
/// `aElem` x `bElem` operands (`allowXF32`: fp32 operands may be rounded to
/// xf32, gfx942 only), or none.
std::optional<MfmaInstruction>
selectMfmaInstruction(unsigned version, unsigned mDim, unsigned nDim,
                      Type aElem, Type bElem, bool allowXF32);

/// Whether an `mDim` x `nDim` tile is one of the broadcast 4x4 forms.
inline bool isBroadcastMfma(unsigned mDim, unsigned nDim) {
  return (mDim == 64 && nDim == 4) || (mDim == 4 && nDim == 64);
}

} // namespace amdgpu
} // namespace triton
} // namespace mlir

#endif // PASSES_TRITONAMDGPU_MFMAINSTRUCTIONS_H
