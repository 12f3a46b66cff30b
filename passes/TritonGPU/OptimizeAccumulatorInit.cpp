//===- OptimizeAccumulatorInit.cpp - -tritongpu-optimize-accumulator-init -===//
//
// A wgmma or tcgen05 MMA can ignore its accumulator (`useC`/`useD` false)
// instead of adding a product to a zero tensor. In a loop that clears the
// accumulator (a constant zero, a zero start value, or a select/if that
// resets it), the reset becomes a loop-carried i1 flag telling the MMA
// whether the accumulator holds anything yet, and the zero tensor is no
// longer written. On sm_90 this saves the per-element select or the zeroing
// of registers the wgmma would otherwise read.
//
//===----------------------------------------------------------------------===//

#include "passes/TritonGPU/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir {
namespace triton {
namespace gpu {
#define GEN_PASS_DEF_TRITONGPUOPTIMIZEACCUMULATORINIT
#include "passes/TritonGPU/Passes.h.inc"
} // namespace gpu
} // namespace triton
} // namespace mlir

using namespace mlir;
namespace ttng = mlir::triton::nvidia_gpu;

namespace {

bool isZeroTensor(Value v) {
  return v && (matchPattern(v, m_Zero()) || matchPattern(v, m_AnyZeroFloat()));
}

/// A dot whose accumulator can be switched off by a flag operand.
/// `accIn` is the tensor the MMA adds to (for tcgen05, what its tensor-memory
/// accumulator is filled from), `accOut` the op giving its result back as a
/// tensor (the wgmma itself, or the tensor-memory load after a tcgen05 MMA).
struct FlaggedDot {
  Operation *op = nullptr;
  Value accIn;
  Operation *accOut = nullptr;
  OpOperand *flag = nullptr; ///< null where the op has no flag yet (wgmma)
  ttng::TMEMAllocOp tmemAlloc;

  void setFlag(Value v) {
    if (auto dot = dyn_cast<ttng::WarpGroupDotOp>(op)) {
      dot.getUseCMutable().assign(v);
      return;
    }
    flag->set(v);
  }
};

/// fp8 wgmmas that add their partial sums in chunks (maxNumImpreciseAcc at
/// most K) keep a second accumulator; a flag would need a select on it, so
/// they keep their zero start.
bool needsPartialAccumulator(ttng::WarpGroupDotOp dot) {
  // A is a tensor (registers) or a shared-memory descriptor.
  Type aElem;
  int64_t k;
  if (auto tensor = dyn_cast<RankedTensorType>(dot.getA().getType())) {
    aElem = tensor.getElementType();
    k = tensor.getShape().back();
  } else {
    auto memdesc = cast<triton::gpu::MemDescType>(dot.getA().getType());
    aElem = memdesc.getElementType();
    k = memdesc.getShape().back();
  }
  bool fp8 = isa<Float8E5M2Type, Float8E4M3FNType, Float8E5M2FNUZType,
                 Float8E4M3FNUZType>(aElem);
  bool f32Acc =
      cast<RankedTensorType>(dot.getD().getType()).getElementType().isF32();
  return fp8 && f32Acc && int64_t(dot.getMaxNumImpreciseAcc()) <= k;
}

/// For a tcgen05 MMA: the accumulator must be allocated (filled from a
/// tensor) and read back in the MMA's own region, so that the tensor is the
/// loop's accumulator value.
std::optional<FlaggedDot> tcgen05Dot(Operation *op, Value d,
                                     OpOperand &useD) {
  auto alloc = d.getDefiningOp<ttng::TMEMAllocOp>();
  if (!alloc || alloc->getParentRegion() != op->getParentRegion())
    return std::nullopt;
  ttng::TMEMLoadOp load;
  for (Operation *user : alloc.getResult().getUsers())
    if ((load = dyn_cast<ttng::TMEMLoadOp>(user)))
      break;
  if (!load || load->getParentRegion() != op->getParentRegion())
    return std::nullopt;
  return FlaggedDot{op, alloc.getSrc(), load, &useD, alloc};
}

std::optional<FlaggedDot> asFlaggedDot(Operation *op) {
  if (auto dot = dyn_cast<ttng::WarpGroupDotOp>(op)) {
    if (needsPartialAccumulator(dot))
      return std::nullopt;
    FlaggedDot result{op, dot.getC(), op, nullptr, {}};
    return result;
  }
  if (auto mma = dyn_cast<ttng::TCGen5MMAOp>(op))
    return tcgen05Dot(op, mma.getD(), mma.getUseDMutable());
  if (auto mma = dyn_cast<ttng::TCGen5MMAScaledOp>(op))
    return tcgen05Dot(op, mma.getD(), mma.getUseDMutable());
  return std::nullopt;
}

Value currentFlag(const FlaggedDot &dot) {
  if (auto wgmma = dyn_cast<ttng::WarpGroupDotOp>(dot.op))
    return wgmma.getUseC();
  return dot.flag->get();
}

/// Where the loop resets the accumulator to zero: a select or an if result
/// choosing between zero and the running value, on an i1 condition.
struct Reset {
  Operation *op = nullptr;
  Value condition;
  bool zeroWhenTrue;       ///< zero is the true/then side
  unsigned resultIndex = 0; ///< the if's result that is reset
};

std::optional<Reset> findReset(Value v) {
  Operation *def = v.getDefiningOp();
  if (!def)
    return std::nullopt;
  if (auto select = dyn_cast<arith::SelectOp>(def)) {
    if (!select.getCondition().getType().isInteger(1))
      return std::nullopt;
    if (isZeroTensor(select.getTrueValue()))
      return Reset{select, select.getCondition(), true};
    if (isZeroTensor(select.getFalseValue()))
      return Reset{select, select.getCondition(), false};
    return std::nullopt;
  }
  if (auto ifOp = dyn_cast<scf::IfOp>(def)) {
    unsigned index = cast<OpResult>(v).getResultNumber();
    Value thenValue = ifOp.thenYield().getOperand(index);
    Value elseValue = ifOp.elseYield().getOperand(index);
    // The kept value must come from outside the if: the yield of the zero
    // branch is rewritten to it.
    auto definedInside = [&](Value x) {
      return ifOp->isProperAncestor(x.getParentBlock()->getParentOp()) ||
             x.getParentBlock()->getParentOp() == ifOp;
    };
    if (definedInside(thenValue) || definedInside(elseValue))
      return std::nullopt;
    if (isZeroTensor(thenValue))
      return Reset{ifOp, ifOp.getCondition(), true, index};
    if (isZeroTensor(elseValue))
      return Reset{ifOp, ifOp.getCondition(), false, index};
  }
  return std::nullopt;
}

void optimize(FlaggedDot dot) {
  auto forOp = dyn_cast<scf::ForOp>(dot.op->getParentOp());
  if (!forOp)
    return;
  IRRewriter rewriter(forOp);
  rewriter.setInsertionPoint(forOp);
  Location loc = dot.op->getLoc();
  auto boolConstant = [&](bool value) {
    return arith::ConstantOp::create(rewriter, loc, rewriter.getBoolAttr(value))
        .getResult();
  };

  if (!dot.accIn)
    return;
  if (isZeroTensor(dot.accIn)) {
    // Adds to zero in every iteration: the accumulator is never read.
    dot.setFlag(boolConstant(false));
    return;
  }

  // The value the accumulator starts this iteration from: through the
  // loop's iter_arg, what the previous iteration yielded.
  Value carried = dot.accIn;
  bool startsAtZero = false;
  if (auto arg = dyn_cast<BlockArgument>(carried)) {
    if (arg.getOwner() != forOp.getBody() || arg.getArgNumber() == 0)
      return;
    unsigned index = arg.getArgNumber() - 1;
    startsAtZero = isZeroTensor(forOp.getInitArgs()[index]);
    carried = forOp.getBody()->getTerminator()->getOperand(index);
  }
  std::optional<Reset> reset = findReset(carried);
  if (!reset && !startsAtZero)
    return;
  // A flag computed already (the pass ran) or a constant false (an MMA that
  // never accumulates, as the first dot of attention) stays.
  if (Value flag = currentFlag(dot)) {
    APInt value;
    if (!matchPattern(flag, m_ConstantInt(&value)) || value.isZero())
      return;
  }
  // A reset in the MMA's block must be before or after it there; one nested
  // elsewhere in the loop is not followed.
  if (reset && reset->op->getBlock() != dot.op->getBlock())
    return;

  Value vTrue = boolConstant(true);
  Value vFalse = boolConstant(false);
  bool resetBeforeDot = reset && reset->op->isBeforeInBlock(dot.op);
  auto newLoop = forOp.replaceWithAdditionalYields(
      rewriter, startsAtZero ? vFalse : vTrue,
      /*replaceInitOperandUsesInLoop=*/false,
      [&](OpBuilder &builder, Location, ArrayRef<BlockArgument> args)
          -> SmallVector<Value> {
        Value flagArg = args.front();
        if (!reset) {
          // Zero only before the first iteration.
          dot.setFlag(flagArg);
          return {vTrue};
        }
        // Where the reset condition picks zero, the flag is false; else it
        // is what it was: the carried flag for a reset before the MMA (the
        // MMA reads this iteration's flag), true for one after it (the
        // accumulator holds this iteration's product).
        builder.setInsertionPoint(reset->op);
        Value otherwise = resetBeforeDot ? flagArg : vTrue;
        Value newFlag = builder.createOrFold<arith::SelectOp>(
            loc, reset->condition, reset->zeroWhenTrue ? vFalse : otherwise,
            reset->zeroWhenTrue ? otherwise : vFalse);
        dot.setFlag(resetBeforeDot ? newFlag : flagArg);
        return {resetBeforeDot ? vTrue : newFlag};
      });
  if (failed(newLoop) || !reset)
    return;
  // The accumulator is no longer cleared: the flag says it is empty. The
  // kept value is read again from the reset (it may have been an iter_arg
  // of the loop just replaced).
  if (auto select = dyn_cast<arith::SelectOp>(reset->op)) {
    Value kept =
        reset->zeroWhenTrue ? select.getFalseValue() : select.getTrueValue();
    rewriter.replaceOp(select, kept);
    return;
  }
  auto ifOp = cast<scf::IfOp>(reset->op);
  scf::YieldOp zeroYield =
      reset->zeroWhenTrue ? ifOp.thenYield() : ifOp.elseYield();
  scf::YieldOp keptYield =
      reset->zeroWhenTrue ? ifOp.elseYield() : ifOp.thenYield();
  zeroYield.setOperand(reset->resultIndex,
                       keptYield.getOperand(reset->resultIndex));
}

/// A tensor-memory accumulator filled from a tensor its only MMA ignores
/// (constant false flag) needs no filling.
void dropUnreadAllocSource(ttng::TMEMAllocOp alloc) {
  if (!alloc.getSrc())
    return;
  SmallVector<Operation *> users(alloc.getResult().getUsers());
  if (users.size() > 2)
    return;
  Operation *mma = nullptr;
  ttng::TMEMLoadOp load;
  for (Operation *user : users) {
    if (auto l = dyn_cast<ttng::TMEMLoadOp>(user))
      load = l;
    else if (isa<ttng::TCGen5MMAOp, ttng::TCGen5MMAScaledOp>(user))
      mma = user;
  }
  if (!mma || (load && (load->getBlock() != mma->getBlock() ||
                        !mma->isBeforeInBlock(load))))
    return;
  Value flag = isa<ttng::TCGen5MMAOp>(mma)
                   ? cast<ttng::TCGen5MMAOp>(mma).getUseD()
                   : cast<ttng::TCGen5MMAScaledOp>(mma).getUseD();
  APInt value;
  if (!matchPattern(flag, m_ConstantInt(&value)) || !value.isZero())
    return;
  alloc.getSrcMutable().clear();
}

class OptimizeAccumulatorInitPass
    : public mlir::triton::gpu::impl::TritonGPUOptimizeAccumulatorInitBase<
          OptimizeAccumulatorInitPass> {
public:
  void runOnOperation() override {
    SmallVector<FlaggedDot> dots;
    getOperation().walk([&](Operation *op) {
      if (std::optional<FlaggedDot> dot = asFlaggedDot(op))
        dots.push_back(*dot);
    });
    // Each rewrite replaces one loop by a wider one; the dots themselves
    // are moved, not recreated, so the list stays valid.
    for (FlaggedDot &dot : dots)
      optimize(dot);
    SmallVector<ttng::TMEMAllocOp> allocs;
    getOperation().walk([&](ttng::TMEMAllocOp a) { allocs.push_back(a); });
    for (ttng::TMEMAllocOp alloc : allocs)
      dropUnreadAllocSource(alloc);
  }
};

} // namespace
