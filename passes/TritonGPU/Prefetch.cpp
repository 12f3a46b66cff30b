//===- Prefetch.cpp - -tritongpu-prefetch ---------------------------------===//
//
// Triton 3.6's prefetch of dot operands from shared memory, run on sm_8x:
// mma.sync takes its operands from registers, so a loop that loads a whole
// K-tile of A and B from shared memory right before its dot stalls on those
// loads. Splitting the dot along K into slices lets each slice's operands be
// loaded while the previous slice multiplies, and the first slice of the next
// iteration is loaded at the end of this one. 3.6's rule for which loops it
// applies to is kept exactly (see Passes.td); so is the placement of the
// loads and dots. The full-width loads and dot are not cloned into the new
// loop: they would only be left dead there for the canonicalizer.
//
//===----------------------------------------------------------------------===//

#include "passes/TritonGPU/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir {
namespace triton {
namespace gpu {
#define GEN_PASS_DEF_TRITONGPUPREFETCH
#include "passes/TritonGPU/Passes.h.inc"
} // namespace gpu
} // namespace triton
} // namespace mlir

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {

/// How one operand of the dot reaches it: the loop-carried memdesc, the
/// local_load of it, then the single-operand ops up to the dot's operand.
struct OperandChain {
  BlockArgument buffer;
  SmallVector<Operation *> ops; // local_load first
};

/// A loop's dot that 3.6's rule lets us prefetch.
struct PrefetchPlan {
  DotOp dot;
  Attribute mma; // the dot's result layout
  int64_t width; // slice width along K
  OperandChain operands[2];
};

/// The chain from `operand` back to a local_load into a dot operand layout,
/// or nothing. As 3.6, every op on the way takes one operand (so a
/// local_load ordered by an async token does not qualify) and its result has
/// one use; we also ask the ops after the load to be elementwise, as
/// anything else would not commute with slicing along K.
std::optional<OperandChain> findChain(Value operand, scf::ForOp loop) {
  OperandChain chain;
  Operation *op = operand.getDefiningOp();
  while (op) {
    if (op->getNumOperands() != 1 || op->getNumResults() != 1 ||
        !op->getResult(0).hasOneUse())
      return std::nullopt;
    chain.ops.push_back(op);
    if (auto load = dyn_cast<LocalLoadOp>(op)) {
      if (!isa<DotOperandEncodingAttr>(load.getType().getEncoding()))
        return std::nullopt;
      // Only buffers carried by the loop: their next value is known when an
      // iteration ends, so its first slice can be loaded then.
      auto arg = dyn_cast<BlockArgument>(load.getSrc());
      if (!arg || arg.getOwner() != loop.getBody() ||
          arg.getArgNumber() < loop.getNumInductionVars())
        return std::nullopt;
      chain.buffer = arg;
      std::reverse(chain.ops.begin(), chain.ops.end());
      return chain;
    }
    if (!op->hasTrait<OpTrait::Elementwise>())
      return std::nullopt;
    op = op->getOperand(0).getDefiningOp();
  }
  return std::nullopt;
}

bool isPrefetchableResult(DotOp dot) {
  Attribute encoding = dot.getType().getEncoding();
  if (auto mma = dyn_cast_or_null<NvidiaMmaEncodingAttr>(encoding))
    return mma.getVersionMajor() == 2;
  return isa_and_nonnull<AMDMfmaEncodingAttr>(encoding);
}

/// 3.6's rule: exactly one dot directly in the body, of an mma v2 (or MFMA)
/// result, both operands loaded from loop-carried buffers.
std::optional<PrefetchPlan> planLoop(scf::ForOp loop) {
  SmallVector<DotOp> dots;
  for (Operation &op : *loop.getBody())
    if (auto dot = dyn_cast<DotOp>(op)) {
      if (!isPrefetchableResult(dot))
        return std::nullopt;
      dots.push_back(dot);
    }
  // 3.6 gives up on loops with several dots (attention's two).
  if (dots.size() != 1)
    return std::nullopt;
  DotOp dot = dots.front();
  auto aType = cast<RankedTensorType>(dot.getA().getType());
  auto aEncoding = dyn_cast<DotOperandEncodingAttr>(aType.getEncoding());
  auto bEncoding = dyn_cast<DotOperandEncodingAttr>(
      cast<RankedTensorType>(dot.getB().getType()).getEncoding());
  if (!aEncoding || !bEncoding ||
      aEncoding.getKWidth() != bEncoding.getKWidth())
    return std::nullopt;
  PrefetchPlan plan;
  plan.dot = dot;
  plan.mma = dot.getType().getEncoding();
  // One slice is what a thread's kWidth covers in an mma.sync k-step of 8
  // groups: 16 fp16, 8 tf32, 32 int8/fp8.
  unsigned kWidth = aEncoding.getKWidth();
  plan.width = kWidth ? 8 * kWidth : 256 / aType.getElementTypeBitWidth();
  int64_t k = aType.getShape().back();
  // 3.6 skips K below one slice; a K that is not a multiple of it would make
  // 3.6 loop forever, so we leave such loops alone too.
  if (plan.width == 0 || k < plan.width || k % plan.width != 0)
    return std::nullopt;
  for (unsigned opIdx = 0; opIdx < 2; ++opIdx) {
    std::optional<OperandChain> chain =
        findChain(opIdx == 0 ? dot.getA() : dot.getB(), loop);
    if (!chain)
      return std::nullopt;
    plan.operands[opIdx] = std::move(*chain);
  }
  return plan;
}

/// Loads slice [offset, offset + size) along K of operand `opIdx` from
/// `buffer` and applies the operand's elementwise ops to it.
Value loadSlice(OpBuilder &builder, const PrefetchPlan &plan, unsigned opIdx,
                Value buffer, int64_t offset, int64_t size) {
  const OperandChain &chain = plan.operands[opIdx];
  auto type = cast<MemDescType>(buffer.getType());
  SmallVector<int64_t> shape(type.getShape());
  unsigned kDim = opIdx == 0 ? type.getRank() - 1 : type.getRank() - 2;
  SmallVector<int32_t> offsets(type.getRank(), 0);
  offsets[kDim] = offset;
  shape[kDim] = size;
  auto viewType = MemDescType::get(
      type.getContext(), shape, type.getElementType(), type.getEncoding(),
      type.getMemorySpace(), type.getMutableMemory(), type.getAllocShape());
  Location loc = chain.ops.front()->getLoc();
  Value view =
      MemDescSubsliceOp::create(builder, loc, viewType, buffer, offsets);
  auto encoding = DotOperandEncodingAttr::get(builder.getContext(), opIdx,
                                              plan.mma, plan.width / 8);
  Value value = LocalLoadOp::create(
      builder, loc,
      RankedTensorType::get(shape, type.getElementType(), encoding), view,
      Value());
  for (Operation *op : ArrayRef(chain.ops).drop_front()) {
    IRMapping mapping;
    mapping.map(op->getOperand(0), value);
    Operation *clone = builder.clone(*op, mapping);
    auto oldType = cast<RankedTensorType>(op->getResult(0).getType());
    clone->getResult(0).setType(RankedTensorType::get(
        shape, oldType.getElementType(),
        cast<RankedTensorType>(value.getType()).getEncoding()));
    value = clone->getResult(0);
  }
  return value;
}

/// The loop with the dot split into slices and the first slice of each
/// operand carried from the previous iteration (or the prologue).
scf::ForOp rewriteLoop(scf::ForOp loop, const PrefetchPlan &plan) {
  OpBuilder builder(loop);
  // The prologue: the first slices of the buffers the loop starts with.
  SmallVector<Value> inits(loop.getInitArgs());
  for (unsigned opIdx = 0; opIdx < 2; ++opIdx)
    inits.push_back(
        loadSlice(builder, plan, opIdx,
                  loop.getTiedLoopInit(plan.operands[opIdx].buffer)->get(), 0,
                  plan.width));
  auto newLoop =
      scf::ForOp::create(builder, loop.getLoc(), loop.getLowerBound(),
                         loop.getUpperBound(), loop.getStep(), inits,
                         /*bodyBuilder=*/nullptr, loop.getUnsignedCmp());
  newLoop->setDiscardableAttrs(loop->getDiscardableAttrDictionary());
  Block *body = newLoop.getBody();
  IRMapping mapping;
  mapping.map(loop.getInductionVar(), newLoop.getInductionVar());
  for (auto [oldArg, newArg] :
       llvm::zip(loop.getRegionIterArgs(), newLoop.getRegionIterArgs()))
    mapping.map(oldArg, newArg);
  unsigned numOldArgs = loop.getNumRegionIterArgs();
  Value carried[2] = {newLoop.getRegionIterArgs()[numOldArgs],
                      newLoop.getRegionIterArgs()[numOldArgs + 1]};

  llvm::SmallPtrSet<Operation *, 8> operandOps;
  for (const OperandChain &chain : plan.operands)
    operandOps.insert(chain.ops.begin(), chain.ops.end());

  DotOp dot = plan.dot;
  builder.setInsertionPointToEnd(body);
  for (Operation &op : loop.getBody()->without_terminator()) {
    if (operandOps.contains(&op))
      continue; // replaced by the slices' loads
    // The last dot waits as long as nothing needs it: ops with regions, and
    // users of the dot, go after it.
    if (op.getNumRegions() > 0 ||
        llvm::is_contained(op.getOperands(), dot.getResult()))
      builder.setInsertionPointToEnd(body);
    if (&op != dot.getOperation()) {
      builder.clone(op, mapping);
      continue;
    }
    Operation *previous = builder.clone(op, mapping);
    previous->setOperand(0, carried[0]);
    previous->setOperand(1, carried[1]);
    int64_t k = cast<RankedTensorType>(dot.getA().getType()).getShape().back();
    for (int64_t offset = plan.width; offset < k; offset += plan.width) {
      // This slice's operands load while the previous slice multiplies.
      builder.setInsertionPoint(previous);
      Value a =
          loadSlice(builder, plan, 0, mapping.lookup(plan.operands[0].buffer),
                    offset, plan.width);
      Value b =
          loadSlice(builder, plan, 1, mapping.lookup(plan.operands[1].buffer),
                    offset, plan.width);
      builder.setInsertionPointToEnd(body);
      Operation *next = builder.clone(op, mapping);
      next->setOperands(0, 3, ValueRange{a, b, previous->getResult(0)});
      previous = next;
    }
    mapping.map(dot.getResult(), previous->getResult(0));
    builder.setInsertionPoint(previous);
  }

  // The next iteration's first slices, from the buffers this one yields.
  auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
  SmallVector<Value> results;
  for (Value v : yield.getOperands())
    results.push_back(mapping.lookupOrDefault(v));
  for (unsigned opIdx = 0; opIdx < 2; ++opIdx) {
    unsigned argIdx =
        plan.operands[opIdx].buffer.getArgNumber() - loop.getNumInductionVars();
    results.push_back(loadSlice(
        builder, plan, opIdx, mapping.lookupOrDefault(yield.getOperand(argIdx)),
        0, plan.width));
  }
  builder.setInsertionPointToEnd(body);
  scf::YieldOp::create(builder, yield.getLoc(), results);
  return newLoop;
}

struct PrefetchPass
    : public triton::gpu::impl::TritonGPUPrefetchBase<PrefetchPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    // As 3.6: conversions folded first, so the operand chains are direct.
    RewritePatternSet patterns(&getContext());
    ConvertLayoutOp::getCanonicalizationPatterns(patterns, &getContext());
    if (failed(applyPatternsGreedily(module, std::move(patterns))))
      return signalPassFailure();

    SmallVector<scf::ForOp> loops;
    module.walk([&](scf::ForOp loop) { loops.push_back(loop); });
    for (scf::ForOp loop : loops) {
      std::optional<PrefetchPlan> plan = planLoop(loop);
      if (!plan)
        continue;
      scf::ForOp newLoop = rewriteLoop(loop, *plan);
      loop->replaceAllUsesWith(
          newLoop.getResults().take_front(loop.getNumResults()));
      loop.erase();
    }
  }
};

} // namespace
