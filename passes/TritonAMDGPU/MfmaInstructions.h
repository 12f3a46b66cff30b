//===- MfmaInstructions.h - The MFMA instructions of CDNA2 and CDNA3 ------===//
//
// One table for the pass that chooses an MFMA layout and for the lowering
// that emits the instruction: which v_mfma multiplies given operand types
// for a 32x32 or 16x16 tile, how much K it covers, and how many K elements
// each lane feeds it (kBase; kDim = kBase * 64 / mDim).
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
  unsigned nonKDim = 0; ///< M = N of the tile
  unsigned kDim = 0;    ///< K of one instruction
  unsigned kBase = 0;   ///< K elements per lane per instruction
};

/// The MFMA version of a gfx architecture (gfx90a: 2, gfx942: 3), else 0.
unsigned getMfmaVersion(StringRef arch);

/// The instruction of MFMA `version` for a `nonKDim` x `nonKDim` tile of
/// `aElem` x `bElem` operands (`allowXF32`: fp32 operands may be rounded to
/// xf32, gfx942 only), or none.
std::optional<MfmaInstruction> selectMfmaInstruction(unsigned version,
                                                     unsigned nonKDim,
                                                     Type aElem, Type bElem,
                                                     bool allowXF32);

} // namespace amdgpu
} // namespace triton
} // namespace mlir

#endif // PASSES_TRITONAMDGPU_MFMAINSTRUCTIONS_H
