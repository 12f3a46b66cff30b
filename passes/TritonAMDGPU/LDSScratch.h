//===- LDSScratch.h - LDS a layout conversion takes on AMD GPUs -*- C++ -*-===//
//
// The scratch buffer (in LDS, AMD's shared memory) a ttg.convert_layout
// between two candidate types would need, in two forms: swizzled (the tensor
// split into rounds that each fit a conflict-free swizzled tile, the default;
// passes/Analysis/SwizzledScratch.h) and padded (one tile of the two layouts
// at a time, each row padded by a vector; chosen by the
// `amdg.use_padded_scratch_shmem` attribute, PaddedScratch.h). The LDS-usage
// pass sizes candidate conversions with these; conversions in the IR are
// sized by getScratchSizeInBytes, from the same plans.
//
//===----------------------------------------------------------------------===//

#ifndef PASSES_TRITONAMDGPU_LDSSCRATCH_H
#define PASSES_TRITONAMDGPU_LDSSCRATCH_H

#include "passes/Analysis/PaddedScratch.h"
#include "mlir/IR/BuiltinTypes.h"

#include <cstdint>
#include <optional>

namespace mlir {
namespace triton {
namespace amdgpu {

/// The LDS bytes converting `srcType` to `dstType`'s layout takes (0 when it
/// stays in registers and lane shuffles); std::nullopt when a layout has no
/// linear layout or the element type no bit width.
std::optional<int64_t> getConvertLDSBytes(RankedTensorType srcType,
                                          RankedTensorType dstType,
                                          bool padded);

} // namespace amdgpu
} // namespace triton
} // namespace mlir

#endif // PASSES_TRITONAMDGPU_LDSSCRATCH_H
