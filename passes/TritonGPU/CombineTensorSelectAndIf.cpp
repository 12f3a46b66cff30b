//===- CombineTensorSelectAndIf.cpp - -tritongpu-combine-tensor-select-and-if //

#include "passes/TritonGPU/Passes.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Dominance.h"

namespace mlir {
namespace triton {
namespace gpu {
#define GEN_PASS_DEF_TRITONGPUCOMBINETENSORSELECTANDIF
#include "passes/TritonGPU/Passes.h.inc"
} // namespace gpu
} // namespace triton
} // namespace mlir

using namespace mlir;

namespace {

/// Makes `ifOp` also yield `thenValues`/`elseValues`; returns the new if,
/// whose first results replace the old if's.
scf::IfOp addResults(scf::IfOp ifOp, ValueRange thenValues,
                     ValueRange elseValues) {
  OpBuilder builder(ifOp);
  SmallVector<Type> types(ifOp.getResultTypes());
  llvm::append_range(types, thenValues.getTypes());
  auto newIf =
      scf::IfOp::create(builder, ifOp.getLoc(), types, ifOp.getCondition(),
                        /*withElseRegion=*/true);
  auto moveBranch = [&](Region &from, Region &to, ValueRange extra) {
    to.getBlocks().clear();
    if (from.empty()) {
      Block *block = builder.createBlock(&to);
      builder.setInsertionPointToEnd(block);
      scf::YieldOp::create(builder, ifOp.getLoc(), extra);
      return;
    }
    to.takeBody(from);
    auto yield = cast<scf::YieldOp>(to.front().getTerminator());
    SmallVector<Value> operands(yield.getOperands());
    llvm::append_range(operands, extra);
    builder.setInsertionPoint(yield);
    scf::YieldOp::create(builder, yield.getLoc(), operands);
    yield.erase();
  };
  moveBranch(ifOp.getThenRegion(), newIf.getThenRegion(), thenValues);
  moveBranch(ifOp.getElseRegion(), newIf.getElseRegion(), elseValues);
  for (auto [oldResult, newResult] :
       llvm::zip(ifOp.getResults(), newIf.getResults()))
    oldResult.replaceAllUsesWith(newResult);
  ifOp.erase();
  return newIf;
}

/// Whether every use of `select` is in an op of the if's block after `ifOp`
/// (or nested in one), so the if's result can replace it, or inside the if,
/// where the branch taken tells the value.
bool allUsesAfterOrInside(arith::SelectOp select, scf::IfOp ifOp) {
  Block *block = ifOp->getBlock();
  for (Operation *user : select->getUsers()) {
    Operation *ancestor = block->findAncestorOpInBlock(*user);
    if (!ancestor)
      return false;
    if (ancestor == ifOp.getOperation()) {
      // The condition itself is no use inside a branch.
      if (user == ifOp.getOperation())
        return false;
      continue;
    }
    if (!ifOp->isBeforeInBlock(ancestor))
      return false;
  }
  return true;
}

/// Inside the if's branches the select is known: its true value in the then
/// branch, its false value in the else branch.
void replaceUsesInBranches(arith::SelectOp select, scf::IfOp ifOp) {
  auto inRegion = [](Region &region) {
    return [&region](OpOperand &use) {
      return region.isAncestor(use.getOwner()->getParentRegion());
    };
  };
  select.getResult().replaceUsesWithIf(select.getTrueValue(),
                                       inRegion(ifOp.getThenRegion()));
  select.getResult().replaceUsesWithIf(select.getFalseValue(),
                                       inRegion(ifOp.getElseRegion()));
}

class TritonGPUCombineTensorSelectAndIfPass
    : public mlir::triton::gpu::impl::TritonGPUCombineTensorSelectAndIfBase<
          TritonGPUCombineTensorSelectAndIfPass> {
public:
  using Base::Base;
  void runOnOperation() override {
    DominanceInfo dominance(getOperation());
    // Selects to fold, grouped by the if whose condition they share.
    llvm::MapVector<scf::IfOp, SmallVector<arith::SelectOp>> groups;
    getOperation().walk([&](arith::SelectOp select) {
      if (!isa<RankedTensorType>(select.getType()) ||
          !select.getCondition().getType().isInteger(1))
        return;
      for (Operation *user : select.getCondition().getUsers()) {
        auto ifOp = dyn_cast<scf::IfOp>(user);
        if (!ifOp || ifOp->getBlock() != select->getBlock())
          continue;
        // The selected values must exist before the if to be yielded by it,
        // and every use of the select must come after the if. The select may
        // stand before the if (a fused persistent loop's accumulator reset
        // beside its epilogue) or after it.
        auto before = [&](Value v) {
          return dominance.properlyDominates(v, ifOp);
        };
        if (before(select.getTrueValue()) && before(select.getFalseValue()) &&
            allUsesAfterOrInside(select, ifOp)) {
          groups[ifOp].push_back(select);
          return;
        }
      }
    });
    for (auto &[ifOp, selects] : groups) {
      SmallVector<Value> thenValues, elseValues;
      for (arith::SelectOp select : selects) {
        replaceUsesInBranches(select, ifOp);
        thenValues.push_back(select.getTrueValue());
        elseValues.push_back(select.getFalseValue());
      }
      unsigned first = ifOp.getNumResults();
      scf::IfOp newIf = addResults(ifOp, thenValues, elseValues);
      for (auto [i, select] : llvm::enumerate(selects)) {
        select.replaceAllUsesWith(newIf.getResult(first + i));
        select.erase();
      }
    }
  }
};

} // namespace
