//===- LoopArgs.h - Rebuilding an scf.for with fewer iteration arguments --===//
//
// Passes that find loop-carried values they no longer need (merged by CSE,
// forwarded unchanged by the tensor-pointer rewrite) drop them with this.
//
//===----------------------------------------------------------------------===//

#ifndef TRITON_PASSES_TRITON_LOOPARGS_H
#define TRITON_PASSES_TRITON_LOOPARGS_H

#include "mlir/Dialect/SCF/IR/SCF.h"

namespace mlir::triton {

/// Replaces `loop` by a loop that carries only the iteration arguments whose
/// indices `kept` lists (ascending); the others, and the loop's results for
/// them, must have no uses left. Returns the new loop.
scf::ForOp rebuildForKeepingIterArgs(scf::ForOp loop, ArrayRef<unsigned> kept);

} // namespace mlir::triton

#endif // TRITON_PASSES_TRITON_LOOPARGS_H
