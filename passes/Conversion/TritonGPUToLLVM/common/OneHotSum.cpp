//===- OneHotSum.cpp - Reductions that only select an element ------------===//

#include "passes/Conversion/TritonGPUToLLVM/common/OneHotSum.h"

#include "passes/Analysis/AxisValues.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace mlir::triton;

namespace {

/// Whether result `i` of the region is `op(arg i, arg n+i)`, `op` an
/// integer operation with 0 as its identity.
bool combinesPairWithIdentityZero(Block &combine, unsigned i, unsigned n) {
  Operation *yield = combine.getTerminator();
  Operation *def = yield->getOperand(i).getDefiningOp();
  if (!def || !isa<arith::AddIOp, arith::OrIOp, arith::XOrIOp>(def))
    return false;
  Value a = combine.getArgument(i), b = combine.getArgument(n + i);
  return (def->getOperand(0) == a && def->getOperand(1) == b) ||
         (def->getOperand(0) == b && def->getOperand(1) == a);
}

/// The coordinate where `mask` is 1 along `axis`, it being 0 at the others.
std::optional<int64_t> getOneHotIndex(Value mask, unsigned axis) {
  std::optional<SmallVector<APInt>> values = getValuesAlongAxis(mask, axis);
  if (!values)
    return std::nullopt;
  std::optional<int64_t> index;
  for (auto [coord, value] : llvm::enumerate(*values)) {
    if (value.isZero())
      continue;
    if (!value.isOne() || index)
      return std::nullopt;
    index = coord;
  }
  return index;
}

} // namespace

std::optional<OneHotSum> mlir::triton::matchOneHotSum(ReduceOp op) {
  unsigned n = op.getNumOperands();
  Region &region = op.getCombineOp();
  if (!region.hasOneBlock())
    return std::nullopt;
  Block &combine = region.front();
  unsigned axis = op.getAxis();
  OneHotSum result;
  std::optional<int64_t> index;
  for (unsigned i = 0; i < n; ++i) {
    if (!combinesPairWithIdentityZero(combine, i, n))
      return std::nullopt;
    Value source = op.getSrcs()[i];
    OneHotSum::Operand operand;
    Operation *def = source.getDefiningOp();
    if (isa_and_nonnull<arith::ExtSIOp, arith::ExtUIOp>(def)) {
      operand.extension = isa<arith::ExtSIOp>(def) ? OneHotSum::Extension::Sign
                                                   : OneHotSum::Extension::Zero;
      def = def->getOperand(0).getDefiningOp();
    }
    auto product = dyn_cast_or_null<arith::MulIOp>(def);
    if (!product)
      return std::nullopt;
    std::optional<int64_t> here;
    for (unsigned side = 0; side < 2 && !here; ++side) {
      here = getOneHotIndex(product->getOperand(side), axis);
      if (here)
        operand.selected = product->getOperand(1 - side);
    }
    if (!here || (index && *index != *here))
      return std::nullopt;
    index = here;
    result.operands.push_back(operand);
  }
  if (!index)
    return std::nullopt;
  result.index = *index;
  return result;
}
