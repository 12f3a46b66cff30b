//===- OneHotSum.h - Reductions that only select an element -----*- C++ -*-===//
//
// `sum(x * mask, axis)` of integers, where `mask` is 1 at one coordinate k of
// the axis and 0 at the others whatever the other coordinates, is `x` at k:
// every other product is 0. The same holds for `or` and `xor` reductions,
// and through a sign or zero extension of the product. Inductor's sort
// helpers take the two elements of each compare-and-swap pair this way (four
// such sums a step); lowered as a selection, each pair costs one shuffle
// per value instead of one per sum, and LLVM sees which element is which.
//
//===----------------------------------------------------------------------===//

#ifndef PASSES_CONVERSION_TRITONGPUTOLLVM_COMMON_ONEHOTSUM_H
#define PASSES_CONVERSION_TRITONGPUTOLLVM_COMMON_ONEHOTSUM_H

#include "dialects/Triton/IR/Dialect.h"

#include <optional>

namespace mlir {
namespace triton {

struct OneHotSum {
  enum class Extension { None, Sign, Zero };
  struct Operand {
    /// The tensor the mask selects from (before any extension).
    Value selected;
    /// How the selected element widens to the reduction's element type.
    Extension extension = Extension::None;
  };
  /// One per operand of the reduction.
  SmallVector<Operand> operands;
  /// The coordinate along the axis that every operand's mask keeps.
  int64_t index = 0;
};

/// `op` as a selection, where each of its operands is a one-hot product
/// (possibly extended) and its region combines each operand's pair by
/// `arith.addi`, `arith.ori` or `arith.xori` alone.
std::optional<OneHotSum> matchOneHotSum(ReduceOp op);

} // namespace triton
} // namespace mlir

#endif // PASSES_CONVERSION_TRITONGPUTOLLVM_COMMON_ONEHOTSUM_H
