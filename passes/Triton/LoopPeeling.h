//===- LoopPeeling.h - Peel the last iteration of an scf.for ----*- C++ -*-===//
//
// The last iteration of a loop, run after it under an `scf.if` (the loop may
// run no iteration at all). Triton 3.6's pipeliner peels Blackwell loops whose
// last stage waits on an MMA; -triton-test-loop-peeling runs it alone.
//
//===----------------------------------------------------------------------===//

#ifndef PASSES_TRITON_LOOPPEELING_H
#define PASSES_TRITON_LOOPPEELING_H

#include "mlir/Dialect/SCF/IR/SCF.h"

namespace mlir {
namespace triton {

/// The induction variable's value in the last iteration of `forOp`:
/// lb + ((ub - lb - 1) / step) * step, built at the builder's point (which
/// must see the bounds). Meaningless when the loop runs no iteration.
Value getLastInductionValue(OpBuilder &b, scf::ForOp forOp);

/// Moves the last iteration of `forOp` out of it: the loop stops one step
/// earlier and a clone of its body runs after it, under `scf.if lb < ub`,
/// on the loop's results; users after the loop take the `scf.if`'s results.
/// `processPeeledOp`, when given, is called on every op of the shortened
/// body (isEpilogue false) and of the peeled copy (true) and may return a
/// replacement for it.
void peelLoopEpilogue(
    scf::ForOp forOp,
    function_ref<Operation *(RewriterBase &, Operation *, bool)>
        processPeeledOp = nullptr);

} // namespace triton
} // namespace mlir

#endif // PASSES_TRITON_LOOPPEELING_H
