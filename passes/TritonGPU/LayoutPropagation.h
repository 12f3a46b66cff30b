//===- LayoutPropagation.h - Carry a layout through scf control flow ------===//
//
// Part of -tritongpu-remove-layout-conversions: moves a conversion's source
// layout forward through elementwise ops, loops (scf.for, scf.while) and
// scf.if, so that the values computed there keep the layout they came in
// with and the conversions back to it disappear.
//
//===----------------------------------------------------------------------===//

#ifndef PASSES_TRITONGPU_LAYOUTPROPAGATION_H
#define PASSES_TRITONGPU_LAYOUTPROPAGATION_H

#include "dialects/TritonGPU/IR/Dialect.h"

namespace mlir {
namespace triton {
namespace gpu {

/// If every value `cvt`'s result flows into (through elementwise ops, loop
/// carried values and if results) can take `cvt`'s source layout, and data
/// only leaves that set through conversions, rewrites the set into the source
/// layout and erases `cvt` (and conversions that became identities).
/// Returns whether it did.
bool propagateSourceLayoutForward(ConvertLayoutOp cvt);

} // namespace gpu
} // namespace triton
} // namespace mlir

#endif // PASSES_TRITONGPU_LAYOUTPROPAGATION_H
