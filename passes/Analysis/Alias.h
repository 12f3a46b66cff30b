//===- Alias.h - Buffers a memory descriptor points into --------*- C++ -*-===//
//
// A sparse forward analysis over memory descriptors (!ttg.memdesc): each one
// may point into the buffers of a set of allocations. An allocation's result
// points into its own buffer; a view (index, subslice, transpose, reshape)
// into its operand's; loops, ifs and branches join what reaches them.
//
//===----------------------------------------------------------------------===//

#ifndef PASSES_ANALYSIS_ALIAS_H
#define PASSES_ANALYSIS_ALIAS_H

#include "mlir/Analysis/DataFlow/SparseAnalysis.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir {
namespace triton {

/// The allocations (their results) a value may point into. Default-constructed
/// it is "not known yet" (the lattice's bottom).
class AliasSet {
public:
  AliasSet() = default;
  /// Known to point into nothing (not a memory descriptor, or poison).
  static AliasSet none();
  static AliasSet of(Value allocation);
  static AliasSet join(const AliasSet &lhs, const AliasSet &rhs);

  bool isKnown() const { return known; }
  const llvm::SetVector<Value> &getAllocations() const { return allocations; }
  bool operator==(const AliasSet &other) const;
  void print(raw_ostream &os) const;

private:
  llvm::SetVector<Value> allocations;
  bool known = false;
};

using AliasLattice = dataflow::Lattice<AliasSet>;

class SharedMemoryAliasAnalysis
    : public dataflow::SparseForwardDataFlowAnalysis<AliasLattice> {
public:
  using SparseForwardDataFlowAnalysis::SparseForwardDataFlowAnalysis;

  LogicalResult visitOperation(Operation *op,
                               ArrayRef<const AliasLattice *> operands,
                               ArrayRef<AliasLattice *> results) override;
  void setToEntryState(AliasLattice *lattice) override;
};

} // namespace triton
} // namespace mlir

#endif // PASSES_ANALYSIS_ALIAS_H
