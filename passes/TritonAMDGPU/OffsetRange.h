//===- OffsetRange.h - Signed bounds of 32-bit offsets ----------*- C++ -*-===//
//
// Buffer instructions take unsigned 32-bit byte offsets from a scalar base, so
// a tensor of element offsets may move to one only when every element is
// provably in [0, 2^31) before and after scaling by the element size. The
// bounds here are computed from the ops that build the offsets, with every
// intermediate checked against 32-bit overflow: arith ops wrap, so a bound
// that leaves the i32 range proves nothing.
//
//===----------------------------------------------------------------------===//

#ifndef PASSES_TRITONAMDGPU_OFFSETRANGE_H
#define PASSES_TRITONAMDGPU_OFFSETRANGE_H

#include "mlir/IR/Value.h"

#include <cstdint>
#include <optional>

namespace mlir {
namespace triton {
namespace amdgpu {

/// Inclusive signed bounds of an integer value (every element of a tensor).
struct SignedRange {
  int64_t lo;
  int64_t hi;
};

/// The bounds of the i32 (or narrower) scalar or tensor `value`, when the ops
/// that compute it prove them; nullopt otherwise.
std::optional<SignedRange> getSignedRange(Value value);

} // namespace amdgpu
} // namespace triton
} // namespace mlir

#endif // PASSES_TRITONAMDGPU_OFFSETRANGE_H
