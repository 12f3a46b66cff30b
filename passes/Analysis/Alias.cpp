//===- Alias.cpp - Which buffers a memory descriptor may point into -------===//

#include "passes/Analysis/Alias.h"

#include "dialects/TritonGPU/IR/Dialect.h"

#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace mlir::triton;

AliasSet AliasSet::none() {
  AliasSet set;
  set.known = true;
  return set;
}

AliasSet AliasSet::of(Value allocation) {
  AliasSet set = none();
  set.allocations.insert(allocation);
  return set;
}

AliasSet AliasSet::join(const AliasSet &lhs, const AliasSet &rhs) {
  if (!lhs.known)
    return rhs;
  if (!rhs.known)
    return lhs;
  AliasSet set = lhs;
  set.allocations.insert(rhs.allocations.begin(), rhs.allocations.end());
  return set;
}

bool AliasSet::operator==(const AliasSet &other) const {
  // As sets: joins may list the same allocations in another order.
  return known == other.known &&
         allocations.size() == other.allocations.size() &&
         llvm::all_of(allocations,
                      [&](Value v) { return other.allocations.contains(v); });
}

void AliasSet::print(raw_ostream &os) const {
  if (!known) {
    os << "<unknown>";
    return;
  }
  os << allocations.size() << " allocation(s)";
}

LogicalResult SharedMemoryAliasAnalysis::visitOperation(
    Operation *op, ArrayRef<const AliasLattice *> operands,
    ArrayRef<AliasLattice *> results) {
  bool allocates = hasEffect<MemoryEffects::Allocate>(op);
  for (auto [result, lattice] : llvm::zip(op->getResults(), results)) {
    AliasSet set = AliasSet::none();
    if (isa<triton::gpu::MemDescType>(result.getType())) {
      if (allocates) {
        set = AliasSet::of(result);
      } else {
        // A view points where the descriptors it is made from do.
        for (auto [operand, operandLattice] :
             llvm::zip(op->getOperands(), operands))
          if (isa<triton::gpu::MemDescType>(operand.getType()))
            set = AliasSet::join(set, operandLattice->getValue());
      }
    }
    propagateIfChanged(lattice, lattice->join(set));
  }
  return success();
}

void SharedMemoryAliasAnalysis::setToEntryState(AliasLattice *lattice) {
  propagateIfChanged(lattice, lattice->join(AliasSet::none()));
}
