//===- AxisInfo.h - Divisibility, contiguity and constancy ------*- C++ -*-===//
//
// What is known, per dimension, about the integers and pointers of a kernel:
// how many consecutive elements are contiguous (each one more than the last),
// how many are equal, and the largest power of two that divides the first
// element of each such run. Memory-access lowering and coalescing use it to
// pick vector widths; it is computed over tt, arith and scf (through loops and
// ifs) from the `tt.divisibility`, `tt.contiguity` and `tt.constancy`
// attributes of kernel arguments.
//
//===----------------------------------------------------------------------===//

#ifndef PASSES_ANALYSIS_AXISINFO_H
#define PASSES_ANALYSIS_AXISINFO_H

#include "mlir/Analysis/DataFlow/SparseAnalysis.h"
#include "mlir/Analysis/DataFlowFramework.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>
#include <optional>

namespace mlir {
namespace triton {

/// The facts about one value. Scalars count as tensors of one dimension of
/// size 1. A default-constructed AxisInfo is "not known yet" (the lattice's
/// bottom); joined with anything it gives the other.
class AxisInfo {
public:
  using DimVector = SmallVector<int64_t, 4>;

  AxisInfo() = default;
  AxisInfo(DimVector contiguity, DimVector divisibility, DimVector constancy,
           std::optional<int64_t> constantValue = std::nullopt)
      : contiguity(std::move(contiguity)),
        divisibility(std::move(divisibility)), constancy(std::move(constancy)),
        constantValue(constantValue), known(true) {}

  /// Nothing known about a value of `rank` dimensions.
  static AxisInfo getPessimistic(int64_t rank);
  /// What a kernel argument's attributes say, or nothing known.
  static AxisInfo getPessimisticValueState(Value value);
  /// The facts that hold for both.
  static AxisInfo join(const AxisInfo &lhs, const AxisInfo &rhs);

  bool isKnown() const { return known; }
  int64_t getRank() const { return contiguity.size(); }
  int64_t getContiguity(int64_t d) const { return contiguity[d]; }
  int64_t getDivisibility(int64_t d) const { return divisibility[d]; }
  int64_t getConstancy(int64_t d) const { return constancy[d]; }
  const DimVector &getContiguity() const { return contiguity; }
  const DimVector &getDivisibility() const { return divisibility; }
  const DimVector &getConstancy() const { return constancy; }
  std::optional<int64_t> getConstantValue() const { return constantValue; }

  bool operator==(const AxisInfo &other) const {
    return known == other.known && contiguity == other.contiguity &&
           divisibility == other.divisibility && constancy == other.constancy &&
           constantValue == other.constantValue;
  }
  void print(raw_ostream &os) const;

private:
  DimVector contiguity, divisibility, constancy;
  std::optional<int64_t> constantValue;
  bool known = false;
};

/// The largest power of two dividing `n` (a large power of two for 0).
int64_t highestPowerOf2Divisor(int64_t n);

using AxisInfoLattice = dataflow::Lattice<AxisInfo>;

/// The sparse forward analysis computing AxisInfo for every value.
class AxisInfoAnalysis
    : public dataflow::SparseForwardDataFlowAnalysis<AxisInfoLattice> {
public:
  /// `calleeArgs`: the entry facts of called functions' arguments, joined
  /// over their call sites (instead of their attributes alone).
  explicit AxisInfoAnalysis(
      DataFlowSolver &solver,
      const llvm::DenseMap<Value, AxisInfo> *calleeArgs = nullptr)
      : SparseForwardDataFlowAnalysis(solver), calleeArgs(calleeArgs) {}

  LogicalResult visitOperation(Operation *op,
                               ArrayRef<const AxisInfoLattice *> operands,
                               ArrayRef<AxisInfoLattice *> results) override;
  void visitNonControlFlowArguments(Operation *op,
                                    const RegionSuccessor &successor,
                                    ArrayRef<AxisInfoLattice *> argLattices,
                                    unsigned firstIndex) override;
  void setToEntryState(AxisInfoLattice *lattice) override;

private:
  const llvm::DenseMap<Value, AxisInfo> *calleeArgs;
};

/// Runs the analysis over `root` and answers queries about its values.
/// Functions called within `root` start from what holds at their call sites.
class ModuleAxisInfo {
public:
  explicit ModuleAxisInfo(Operation *root);
  ModuleAxisInfo(const ModuleAxisInfo &) = delete;
  ModuleAxisInfo &operator=(const ModuleAxisInfo &) = delete;
  /// The facts about `value` (nothing known if the analysis did not reach it).
  AxisInfo get(Value value) const;

private:
  void run(Operation *root);

  llvm::DenseMap<Value, AxisInfo> calleeArgs;
  std::unique_ptr<DataFlowSolver> solver;
};

} // namespace triton
} // namespace mlir

#endif // PASSES_ANALYSIS_AXISINFO_H
