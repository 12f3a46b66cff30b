//===- LoopAwareCSE.cpp - The -triton-loop-aware-cse pass -----------------===//

#include "passes/Triton/LoopArgs.h"
#include "passes/Triton/Passes.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/ADT/DenseSet.h"

namespace mlir {
namespace triton {
#define GEN_PASS_DEF_TRITONLOOPAWARECSE
#include "passes/Triton/Passes.h.inc"
} // namespace triton
} // namespace mlir

using namespace mlir;
using namespace mlir::triton;

namespace {

/// Decides whether two values of a loop body are equal, given that some pairs
/// of iteration arguments are assumed equal.
class LoopValueEquivalence {
public:
  LoopValueEquivalence(scf::ForOp loop, unsigned a, unsigned b) : loop(loop) {
    assumed.insert({loop.getRegionIterArg(a), loop.getRegionIterArg(b)});
  }

  bool equal(Value x, Value y, unsigned depth = 0) {
    if (x == y || assumed.contains({x, y}) || assumed.contains({y, x}))
      return true;
    if (depth > 32)
      return false;
    auto rx = dyn_cast<OpResult>(x), ry = dyn_cast<OpResult>(y);
    if (!rx || !ry || rx.getResultNumber() != ry.getResultNumber())
      return false;
    Operation *ox = rx.getOwner(), *oy = ry.getOwner();
    if (ox->getName() != oy->getName() || ox->getNumRegions() ||
        oy->getNumRegions() || !isMemoryEffectFree(ox) ||
        !isMemoryEffectFree(oy) ||
        ox->getRawDictionaryAttrs() != oy->getRawDictionaryAttrs() ||
        ox->getPropertiesAsAttribute() != oy->getPropertiesAsAttribute() ||
        ox->getResultTypes() != oy->getResultTypes() ||
        ox->getNumOperands() != oy->getNumOperands())
      return false;
    for (auto [u, v] : llvm::zip(ox->getOperands(), oy->getOperands()))
      if (!equal(u, v, depth + 1))
        return false;
    return true;
  }

private:
  scf::ForOp loop;
  llvm::DenseSet<std::pair<Value, Value>> assumed;
};

/// Merges iteration arguments with equal initial values whose yields are equal
/// when the arguments are. Returns whether anything changed.
bool mergeEquivalentIterArgs(scf::ForOp loop) {
  bool changed = false;
  auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
  unsigned n = loop.getNumRegionIterArgs();
  for (unsigned i = 0; i < n; ++i) {
    for (unsigned j = i + 1; j < n; ++j) {
      BlockArgument argJ = loop.getRegionIterArg(j);
      if (loop.getInitArgs()[i] != loop.getInitArgs()[j] ||
          (argJ.use_empty() && loop.getResult(j).use_empty()))
        continue;
      LoopValueEquivalence equivalence(loop, i, j);
      if (!equivalence.equal(yield.getOperand(i), yield.getOperand(j)))
        continue;
      argJ.replaceAllUsesWith(loop.getRegionIterArg(i));
      loop.getResult(j).replaceAllUsesWith(loop.getResult(i));
      changed = true;
    }
  }
  return changed;
}

/// Rebuilds `loop` without the iteration arguments that nothing reads, inside
/// the body or after the loop (those merged into another). Returns whether any
/// was dropped.
bool dropUnusedIterArgs(scf::ForOp loop) {
  unsigned n = loop.getNumRegionIterArgs();
  SmallVector<unsigned> kept;
  for (unsigned i = 0; i < n; ++i)
    if (!loop.getRegionIterArg(i).use_empty() || !loop.getResult(i).use_empty())
      kept.push_back(i);
  if (kept.size() == n)
    return false;
  rebuildForKeepingIterArgs(loop, kept);
  return true;
}

class TritonLoopAwareCSEPass
    : public mlir::triton::impl::TritonLoopAwareCSEBase<
          TritonLoopAwareCSEPass> {
public:
  using Base::Base;
  void runOnOperation() override {
    OpPassManager cse("builtin.module");
    cse.addPass(createCSEPass());
    // Merging arguments can make the yields of other arguments equal: repeat
    // until nothing changes. A merged argument is dropped from its loop, and
    // CSE then erases what only computed its yield.
    for (unsigned round = 0; round < 8; ++round) {
      if (failed(runPipeline(cse, getOperation())))
        return signalPassFailure();
      bool changed = false;
      SmallVector<scf::ForOp> loops;
      getOperation().walk([&](scf::ForOp loop) {
        changed |= mergeEquivalentIterArgs(loop);
        loops.push_back(loop);
      });
      for (scf::ForOp loop : loops)
        changed |= dropUnusedIterArgs(loop);
      if (!changed)
        break;
    }
    if (failed(runPipeline(cse, getOperation())))
      return signalPassFailure();
  }
};

} // namespace
