//===- FoldTrueCmpI.cpp - Comparisons the ranges decide as true ----------===//
//
// After canonicalize-pointers and the buffer-op conversion, a kernel keeps
// scalar comparisons that its own facts already decide: the guard of a
// peeled epilogue whose loop runs at least once, or a program id compared
// with the bound an `llvm.intr.assume` gave it. The AMD integer range
// analysis (the one the buffer-op conversion uses) proves them true, and each
// becomes the constant `true`, so that canonicalize can drop the branch or
// select it guards. Only scalar comparisons are folded (a tensor comparison
// would need a splatted constant in its layout, and gains nothing here), and
// only true ones: a comparison proved false is left for another pass.
//
//===----------------------------------------------------------------------===//

#include "passes/TritonAMDGPU/Passes.h"

#include "passes/TritonAMDGPU/RangeAnalysis.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Dominance.h"

namespace mlir {
namespace triton {
namespace amdgpu {
#define GEN_PASS_DEF_TRITONAMDGPUFOLDTRUECMPI
#include "passes/TritonAMDGPU/Passes.h.inc"
} // namespace amdgpu
} // namespace triton
} // namespace mlir

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::amdgpu;

namespace {

struct FoldTrueCmpIPass
    : public amdgpu::impl::TritonAMDGPUFoldTrueCmpIBase<FoldTrueCmpIPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    DataFlowSolver solver;
    TritonRangeAnalysis::loadInto(solver, module,
                                  &getAnalysis<DominanceInfo>());
    if (failed(solver.initializeAndRun(module)))
      return signalPassFailure();
    // Decide every comparison first: replacing one changes no range, but the
    // solver's states are keyed by the values being replaced.
    SmallVector<arith::CmpIOp> proved;
    module.walk([&](arith::CmpIOp cmp) {
      if (cmp.getType().isInteger(1) && isStaticallyTrue(solver, cmp))
        proved.push_back(cmp);
    });
    // One `true` per function, at its entry (where a rewrite driver would
    // materialize it), shared by the comparisons folded there.
    DenseMap<Operation *, Value> trues;
    for (arith::CmpIOp cmp : proved) {
      Operation *scope = cmp->getParentWithTrait<OpTrait::IsIsolatedFromAbove>();
      Value &yes = trues[scope];
      if (!yes) {
        OpBuilder builder(cmp);
        builder.setInsertionPointToStart(&scope->getRegion(0).front());
        yes = arith::ConstantIntOp::create(builder, cmp.getLoc(),
                                           builder.getI1Type(), 1);
      }
      cmp.replaceAllUsesWith(yes);
      cmp.erase();
    }
  }
};

} // namespace
