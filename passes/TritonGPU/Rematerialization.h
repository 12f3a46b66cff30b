//===- Rematerialization.h - Compute a value again in another layout ------===//
//
// Part of -tritongpu-remove-layout-conversions: instead of converting a value
// from one layout to another, compute it again in the target layout from
// values that are there already (or free to get there: constants, splats,
// ranges, integer and pointer arithmetic, loads into plain layouts, shape ops
// whose operand layout can be inferred).
//
// Through loop-carried values too: a value carried by an scf.for around the
// conversion is free in the target layout when what the loop yields for it
// is. The loop then carries the value in the target layout as an extra
// iter_arg (its start value computed again, or converted once before the
// loop), and the original iter_arg goes if nothing else uses it; the
// rewritten iter_args come after the others, which keep their positions.
//
//===----------------------------------------------------------------------===//

#ifndef PASSES_TRITONGPU_REMATERIALIZATION_H
#define PASSES_TRITONGPU_REMATERIALIZATION_H

#include "dialects/Triton/IR/Dialect.h"
#include "dialects/TritonGPU/IR/Dialect.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"

namespace mlir {
namespace triton {
namespace gpu {

/// An elementwise op that may run in any layout: pure, one result, every
/// tensor operand and the result of one shape.
bool isLayoutFreeElementwise(Operation *op);

/// The layout the operands of `op` must have for op to produce `target`:
/// the same, except for expand_dims, whose operand is a slice of it, and
/// reshapes and transposes, whose operand layout is inferred (null if none).
Attribute operandTarget(Operation *op, Attribute target);

/// The threads of a program of the module around `op` (ttg.num-warps times
/// ttg.threads-per-warp, 32 where that is absent); nullopt without
/// ttg.num-warps.
std::optional<int64_t> getThreadsPerProgram(Operation *op);

/// Ops cheap enough to compute again in another layout.
bool isCheap(Operation *op);

/// Values computed again in a layout: (value, layout) -> value there.
using MaterializedMap = DenseMap<std::pair<Value, Attribute>, Value>;

/// What a search through loop-carried values needs and finds.
struct LoopCarriedSearch {
  /// Only the iter_args of loops around this op are followed (moving a
  /// conversion out of a loop is what pays for carrying a second value).
  Operation *inside = nullptr;
  /// Iter_args assumed free while their loop's yielded value is checked.
  llvm::DenseSet<std::pair<Value, Attribute>> assumed;
  /// The iter_args to carry in another layout, and whether their start
  /// value is free there (else it is converted before the loop).
  llvm::MapVector<std::pair<Value, Attribute>, bool> found;
  /// Whether loads may be read again; not for the values a loop yields,
  /// which would be read twice every iteration.
  bool loadsAllowed = true;
};

/// Whether `v` can be had in layout `target` without moving data: it is
/// there already, comes from there through a conversion, is converted there
/// already before the op that reads it (with `reuseConversions`: not for the
/// greedy patterns, which would then move a conversion back and forth), or
/// is computed by
/// cheap ops from such values and scalars. With `loops`, loop-carried values
/// of the loops around `loops->inside` count too (and are recorded there).
bool isFreeIn(Value v, Attribute target, unsigned depth = 0,
              LoopCarriedSearch *loops = nullptr,
              bool reuseConversions = false);

/// Builds `v` in layout `target` (isFreeIn(v, target) holds, and the loops
/// it needs carry the value already: see rematerializeThroughLoops). With
/// `reader` (the op reading `v`), conversions into the target made before
/// the ops that read them are reused, as isFreeIn's `reuseConversions`
/// finds them.
Value materializeIn(Value v, Attribute target, RewriterBase &rewriter,
                    MaterializedMap &done, Operation *reader = nullptr);

/// Replaces `cvt` by its source computed in the target layout where that
/// needs loop-carried values in the target layout (`cvt` inside the loops):
/// adds them as iter_args and drops the old ones nothing else uses. Other
/// conversions of the same value to the same layout are replaced too.
/// Returns failure, changing nothing, where that is not free.
LogicalResult rematerializeThroughLoops(ConvertLayoutOp cvt,
                                        RewriterBase &rewriter);

/// Drops the iter_args of `forOp` that nothing reads: their results are
/// unused and they only feed the pure ops computing their own next value (an
/// accumulator rescaled every iteration but never returned).
void dropDeadIterArgs(scf::ForOp forOp, RewriterBase &rewriter);

/// Makes the readers of an iter_arg of `forOp` that starts as another one
/// does and is advanced by the same pure computation of it read the other
/// one (a running maximum carried twice), leaving it for dropDeadIterArgs.
void mergeEquivalentIterArgs(scf::ForOp forOp, RewriterBase &rewriter);

} // namespace gpu
} // namespace triton
} // namespace mlir

#endif // PASSES_TRITONGPU_REMATERIALIZATION_H
