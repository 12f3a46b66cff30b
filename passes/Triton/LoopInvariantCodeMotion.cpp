//===- LoopInvariantCodeMotion.cpp - The -triton-licm pass ----------------===//

#include "passes/Triton/Passes.h"

#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"

namespace mlir {
namespace triton {
#define GEN_PASS_DEF_TRITONLOOPINVARIANTCODEMOTION
#include "passes/Triton/Passes.h.inc"
} // namespace triton
} // namespace mlir

using namespace mlir;
using namespace mlir::triton;

namespace {

/// Whether anything in `loop` may write memory (or has unknown effects).
bool mayWriteMemory(Operation *loop) {
  WalkResult result = loop->walk([&](Operation *op) {
    if (op == loop)
      return WalkResult::advance();
    auto effects = dyn_cast<MemoryEffectOpInterface>(op);
    if (!effects) {
      if (op->hasTrait<OpTrait::HasRecursiveMemoryEffects>() ||
          op->hasTrait<OpTrait::IsTerminator>())
        return WalkResult::advance();
      return WalkResult::interrupt();
    }
    if (effects.hasEffect<MemoryEffects::Write>() ||
        effects.hasEffect<MemoryEffects::Free>())
      return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return result.wasInterrupted();
}

/// Hoists loop-invariant loads out of `loop`, masked by "the loop runs".
void hoistInvariantLoads(scf::ForOp loop) {
  if (mayWriteMemory(loop))
    return;
  SmallVector<LoadOp> loads;
  for (Operation &op : loop.getBody()->without_terminator())
    if (auto load = dyn_cast<LoadOp>(op))
      // A block pointer's load is guarded by a mask over its block, as a
      // tensor of pointers' load is.
      if (!load.getIsVolatile() &&
          llvm::all_of(load->getOperands(),
                       [&](Value v) { return loop.isDefinedOutsideOfLoop(v); }))
        loads.push_back(load);
  if (loads.empty())
    return;
  OpBuilder builder(loop);
  Location loc = loop.getLoc();
  for (LoadOp load : loads) {
    // One "the loop runs" test per load, next to it (CSE merges them): each
    // hoisted load reads as one group, as Triton's pass writes them.
    Value runs =
        arith::CmpIOp::create(builder, loc,
                              loop.getUnsignedCmp() ? arith::CmpIPredicate::ult
                                                    : arith::CmpIPredicate::slt,
                              loop.getLowerBound(), loop.getUpperBound());
    Type maskType = getI1SameShape(load.getType());
    Value mask = runs;
    if (auto tensor = dyn_cast<RankedTensorType>(maskType))
      mask = SplatOp::create(builder, load.getLoc(), tensor, runs);
    if (load.getMask())
      mask =
          arith::AndIOp::create(builder, load.getLoc(), mask, load.getMask());
    auto hoisted = LoadOp::create(
        builder, load.getLoc(), load.getType(), load.getPtr(), mask,
        load.getOther(), load.getBoundaryCheckAttr(), load.getPaddingAttr(),
        load.getCacheAttr(), load.getEvictAttr(), load.getIsVolatileAttr());
    load.replaceAllUsesWith(hoisted.getResult());
    load.erase();
  }
}

class TritonLoopInvariantCodeMotionPass
    : public mlir::triton::impl::TritonLoopInvariantCodeMotionBase<
          TritonLoopInvariantCodeMotionPass> {
public:
  using Base::Base;
  void runOnOperation() override {
    // Inner loops first, so what leaves an inner loop can leave the outer one.
    getOperation().walk([&](LoopLikeOpInterface loop) {
      moveLoopInvariantCode(loop);
      if (auto forOp = dyn_cast<scf::ForOp>(loop.getOperation())) {
        hoistInvariantLoads(forOp);
        // Values computed from the hoisted loads may now move too.
        moveLoopInvariantCode(loop);
      }
    });
  }
};

} // namespace
