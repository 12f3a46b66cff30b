//===- AnchorLayoutPropagation.h - Carry dot layouts forward ----*- C++ -*-===//
//
// Part of -tritongpu-remove-layout-conversions: a dot's result layout is
// fixed by the hardware, so the values computed from it are cheapest in that
// layout too; likewise a tile loaded in a loop, whose coalesced layout would
// otherwise be converted on every iteration. The layouts of these anchors
// flow forward to their users through elementwise ops, broadcasts,
// reductions (as slices), expand_dims, conversions and loop-carried values
// (scf.for/while/if results and block arguments change type); where several
// layouts reach one value an MMA layout wins (the accumulator is the most
// costly value to convert), else the
// first to reach it. Operands that come from outside, and users that keep
// their layout (loads, stores, dots, ...), get a conversion, which the
// pass's rematerialization removes where the value is free to compute
// again. Loads outside loops are not anchors (the pass's patterns handle
// them, and keep an unaligned row narrow instead of converting it:
// layer-norm backward), except a load whose tile is reshaped and reduced
// along what the views made where those reductions cross fewer lanes and
// warps in the load's layout (a bitonic sort network): its layout is
// carried through the views too.
//===----------------------------------------------------------------------===//

#ifndef PASSES_TRITONGPU_ANCHORLAYOUTPROPAGATION_H
#define PASSES_TRITONGPU_ANCHORLAYOUTPROPAGATION_H

#include "dialects/Triton/IR/Dialect.h"

namespace mlir {
namespace triton {
namespace gpu {

/// Rewrites `func` so that values computed from dot results, and from loads
/// in loops, carry their layouts. An MMA result is carried only where some
/// value computed from it is converted to an MMA layout (or an operand of one)
/// again, as in a loop that accumulates into the dot or feeds a second dot;
/// elsewhere a conversion back to a plain layout is as cheap once as later.
/// Returns whether it changed anything.
bool propagateAnchorLayouts(FuncOp func);

} // namespace gpu
} // namespace triton
} // namespace mlir

#endif // PASSES_TRITONGPU_ANCHORLAYOUTPROPAGATION_H
