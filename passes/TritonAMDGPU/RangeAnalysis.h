//===- RangeAnalysis.h - Integer ranges of Triton values --------*- C++ -*-===//
//
// MLIR's integer range analysis, taught Triton's ops and two sources of
// facts it does not know: `llvm.intr.assume` of an integer comparison with a
// constant (`assume x < 1024` bounds x wherever the assume's block
// dominates), and loops with a known trip count, which are interpreted that
// many times so that loop-carried values get exact bounds instead of the
// full range. The AMD backend asks it whether buffer offsets stay in range.
//
//===----------------------------------------------------------------------===//

#ifndef PASSES_TRITONAMDGPU_RANGEANALYSIS_H
#define PASSES_TRITONAMDGPU_RANGEANALYSIS_H

#include "mlir/Analysis/DataFlow/IntegerRangeAnalysis.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Dominance.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "llvm/ADT/SetVector.h"

#include <optional>

namespace mlir {
namespace triton {
namespace amdgpu {

/// Per value, the comparisons fed to `llvm.intr.assume` that mention it.
using AssumptionMap = DenseMap<Value, llvm::SetVector<Operation *>>;

class TritonRangeAnalysis : public dataflow::IntegerRangeAnalysis {
public:
  /// Loops with more (total, nested) iterations than this are not
  /// interpreted: their carried values get the full range.
  static constexpr int64_t kMaxInterpretedTrips = 1024;

  TritonRangeAnalysis(DataFlowSolver &solver, const AssumptionMap &assumptions,
                      DominanceInfo *dominance)
      : IntegerRangeAnalysis(solver), assumptions(assumptions),
        dominance(dominance) {}

  /// Every non-constant operand of every comparison under `root` that an
  /// `llvm.intr.assume` takes as its condition.
  static AssumptionMap collectAssumptions(Operation *root);

  /// Seeds the arguments of every tt.func under `root` that an assumption
  /// mentions; call before running the solver.
  void seedFunctionArguments(Operation *root);

  /// Loads into `solver` the analysis of `root` with what it builds on (dead
  /// code, constants), its assumptions collected and function arguments
  /// seeded; the caller runs the solver.
  static TritonRangeAnalysis *loadInto(DataFlowSolver &solver, Operation *root,
                                       DominanceInfo *dominance);

  /// The trip count of `loop` times those of the loops around it; a loop
  /// whose count is unknown counts as kMaxInterpretedTrips + 1.
  int64_t getTotalTripCount(LoopLikeOpInterface loop);

  void setToEntryState(dataflow::IntegerValueRangeLattice *lattice) override;
  LogicalResult visitOperation(
      Operation *op,
      ArrayRef<const dataflow::IntegerValueRangeLattice *> operands,
      ArrayRef<dataflow::IntegerValueRangeLattice *> results) override;
  void visitRegionSuccessors(
      ProgramPoint *point, RegionBranchOpInterface branch,
      RegionSuccessor successor,
      ArrayRef<dataflow::AbstractSparseLattice *> lattices) override;

private:
  /// The range the assumptions give `value` in `block`, when some apply.
  std::optional<ConstantIntRanges> assumedRange(Value value,
                                                Block *block) const;
  std::optional<int64_t> getTripCount(LoopLikeOpInterface loop);
  LogicalResult
  inferResults(Operation *op,
               ArrayRef<const dataflow::IntegerValueRangeLattice *> operands,
               ArrayRef<dataflow::IntegerValueRangeLattice *> results);
  /// Joins `range`, narrowed by the result's assumptions, into its lattice.
  void joinResult(Operation *op, Value result, const IntegerValueRange &range,
                  ArrayRef<dataflow::IntegerValueRangeLattice *> results);

  AssumptionMap assumptions;
  DominanceInfo *dominance;
  /// Assumed ranges of the results of the op being visited.
  llvm::SmallDenseMap<Value, ConstantIntRanges, 2> resultAssumptions;
  /// Per loop, the fewest total trips seen; per (loop, lattice), how often
  /// the lattice has changed by flowing around the loop.
  llvm::SmallDenseMap<Operation *, int64_t> tripCounts;
  llvm::SmallDenseMap<std::pair<Operation *, void *>, int64_t> visits;
};

/// The range the solver computed for `value`, when it has a meaningful one.
std::optional<ConstantIntRanges> getKnownRange(const DataFlowSolver &solver,
                                               Value value);

/// Whether the operand ranges make `cmp` true for every value.
bool isStaticallyTrue(const DataFlowSolver &solver, arith::CmpIOp cmp);

} // namespace amdgpu
} // namespace triton
} // namespace mlir

#endif // PASSES_TRITONAMDGPU_RANGEANALYSIS_H
