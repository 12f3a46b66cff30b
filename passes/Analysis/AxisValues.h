//===- AxisValues.h - An integer tensor's values along one axis -*- C++ -*-===//
//
// Masks such as `broadcast(1 - arange(0, 2)[None, :, None])` take one value
// per coordinate of a single axis and the same value whatever the other
// coordinates are. Knowing those values at compile time lets a lowering see
// that `sum(x * mask, axis)` only selects an element (Inductor's sort
// helpers build their compare-and-swap steps from such sums).
//
//===----------------------------------------------------------------------===//

#ifndef PASSES_ANALYSIS_AXISVALUES_H
#define PASSES_ANALYSIS_AXISVALUES_H

#include "mlir/IR/Value.h"
#include "llvm/ADT/APInt.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace mlir {
namespace triton {

/// The values of `tensor` (a ranked tensor of integers, i1 included) at
/// coordinates 0, 1, ... of dimension `axis`, where it provably takes the
/// same value at every coordinate of its other dimensions; one value per
/// coordinate, of the element type's width. The tensor must be built from
/// integer constants and `tt.make_range` through `tt.splat`,
/// `tt.expand_dims`, `tt.broadcast`, `tt.reshape`s that only add or drop
/// unit dimensions, layout conversions, and integer arithmetic, comparisons,
/// casts and selects; std::nullopt for anything else.
std::optional<llvm::SmallVector<llvm::APInt>> getValuesAlongAxis(Value tensor,
                                                                 unsigned axis);

} // namespace triton
} // namespace mlir

#endif // PASSES_ANALYSIS_AXISVALUES_H
