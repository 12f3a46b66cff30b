//===- SplitMaskedLoops.cpp - -tritongpu-split-masked-loops ---------------===//
//
// Flash attention's key loop masks every block (`cols < seq_len`, and on the
// causal diagonal `cols <= rows`), though only the last block, or the few on
// the diagonal, ever has a false lane. The mask costs a compare, a select per
// score (which also keeps ptxas from fusing the scale into the max
// subtraction) and predicated copies in every iteration; Nsight Compute put
// the d64 loop's issue rate, not the tensor pipe, as its bound
// (docs/Hopper.md). Splitting the loop where the masks stop being all true
// moves that work into the few iterations that need it.
//
// A mask here is an `arith.cmpi slt|sle` (or `sgt|sge` with the operands the
// other way round) whose one side is `iv + [lo, hi]` (the induction variable
// splat and added to a make_range, through expand_dims, broadcast and layout
// conversions) and whose other side is `X + [lo', hi']` with X made outside
// the loop (a splat, a make_range, or their sum). All its lanes hold in an
// iteration when iv + hi < X + lo' (slt; <= for sle) and no lane's sum wraps;
// the first loop runs the iterations before the least such bound over the
// loop's masks, computed in i64 before the loop.
//
//===----------------------------------------------------------------------===//

#include "passes/TritonGPU/Passes.h"

#include "dialects/Triton/IR/Dialect.h"
#include "dialects/TritonGPU/IR/Dialect.h"
#include "dialects/TritonNvidiaGPU/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Pass/PassRegistry.h"

#include <optional>

namespace mlir {
namespace triton {
namespace gpu {
#define GEN_PASS_DEF_TRITONGPUSPLITMASKEDLOOPS
#include "passes/TritonGPU/Passes.h.inc"
} // namespace gpu
} // namespace triton
} // namespace mlir

using namespace mlir;
using namespace mlir::triton;

namespace {

/// The lanes of an integer value lie in [base + lo, base + hi] (base absent:
/// [lo, hi]), each sum of at most one add of the base to constants.
struct Span {
  Value base;
  int64_t lo = 0, hi = 0;
};

/// `v` without the ops that only reshape, broadcast or relayout it.
Value throughShapeOps(Value v) {
  while (Operation *def = v.getDefiningOp()) {
    if (auto op = dyn_cast<ExpandDimsOp>(def))
      v = op.getSrc();
    else if (auto op = dyn_cast<BroadcastOp>(def))
      v = op.getSrc();
    else if (auto op = dyn_cast<gpu::ConvertLayoutOp>(def))
      v = op.getSrc();
    else
      break;
  }
  return v;
}

/// The span of an integer value of at most `bits` bits, where the forms above
/// give one; constants stay inside the type's range so no partial sum wraps.
std::optional<Span> spanOf(Value v, unsigned bits) {
  int64_t maxValue = (int64_t(1) << (bits - 1)) - 1;
  auto inRange = [&](const Span &s) -> std::optional<Span> {
    if (s.lo < 0 || s.hi > maxValue || s.lo > s.hi)
      return std::nullopt;
    return s;
  };
  v = throughShapeOps(v);
  if (!isa<ShapedType>(v.getType()))
    return Span{v, 0, 0};
  Operation *def = v.getDefiningOp();
  if (!def)
    return std::nullopt;
  if (auto splat = dyn_cast<SplatOp>(def))
    return Span{splat.getSrc(), 0, 0};
  if (auto range = dyn_cast<MakeRangeOp>(def))
    return inRange(
        Span{Value(), int64_t(range.getStart()), int64_t(range.getEnd()) - 1});
  if (auto cst = dyn_cast<arith::ConstantOp>(def)) {
    auto dense = dyn_cast<SplatElementsAttr>(cst.getValue());
    if (!dense || !dense.getElementType().isInteger())
      return std::nullopt;
    int64_t c = dense.getSplatValue<APInt>().getSExtValue();
    return inRange(Span{Value(), c, c});
  }
  if (auto add = dyn_cast<arith::AddIOp>(def)) {
    std::optional<Span> a = spanOf(add.getLhs(), bits);
    std::optional<Span> b = spanOf(add.getRhs(), bits);
    if (!a || !b || (a->base && b->base))
      return std::nullopt;
    return inRange(
        Span{a->base ? a->base : b->base, a->lo + b->lo, a->hi + b->hi});
  }
  return std::nullopt;
}

/// A mask of the loop: `cmp` is all true in the iterations with
/// iv + ivHi < bound + boundLo (+ 1 when `inclusive`), provided
/// bound + boundHi does not wrap.
struct Mask {
  arith::CmpIOp cmp;
  Value bound; // null: the bound is the constant boundLo
  int64_t ivHi, boundLo, boundHi;
  bool inclusive;
};

std::optional<Mask> maskOf(arith::CmpIOp cmp, scf::ForOp forOp, unsigned bits) {
  Type element = getElementTypeOrSelf(cmp.getLhs().getType());
  if (!element.isInteger() || element.getIntOrFloatBitWidth() != bits)
    return std::nullopt;
  Value ivSide = cmp.getLhs(), boundSide = cmp.getRhs();
  bool inclusive;
  switch (cmp.getPredicate()) {
  case arith::CmpIPredicate::slt:
    inclusive = false;
    break;
  case arith::CmpIPredicate::sle:
    inclusive = true;
    break;
  case arith::CmpIPredicate::sgt:
    std::swap(ivSide, boundSide);
    inclusive = false;
    break;
  case arith::CmpIPredicate::sge:
    std::swap(ivSide, boundSide);
    inclusive = true;
    break;
  default:
    return std::nullopt;
  }
  std::optional<Span> iv = spanOf(ivSide, bits);
  std::optional<Span> bound = spanOf(boundSide, bits);
  if (!iv || !bound || iv->base != forOp.getInductionVar())
    return std::nullopt;
  if (bound->base && !forOp.isDefinedOutsideOfLoop(bound->base))
    return std::nullopt;
  return Mask{cmp, bound->base, iv->hi, bound->lo, bound->hi, inclusive};
}

bool isDot(Operation *op) {
  return isa<DotOp, DotScaledOp, nvidia_gpu::WarpGroupDotOp>(op);
}

/// The masks that splitting `forOp` removes from its first part; none where
/// the loop is not one to split: an innermost dot loop with a constant
/// positive step over an integer of at most 32 bits, not warp-specialized.
SmallVector<Mask> masksToSplit(scf::ForOp forOp, int64_t &step) {
  SmallVector<Mask> masks;
  auto ivType = dyn_cast<IntegerType>(forOp.getInductionVar().getType());
  std::optional<int64_t> constStep = getConstantIntValue(forOp.getStep());
  if (!ivType || ivType.getWidth() > 32 || ivType.getWidth() < 2 ||
      !constStep || *constStep <= 0 || forOp->hasAttr("tt.warp_specialize"))
    return masks;
  step = *constStep;
  if (!llvm::any_of(forOp.getBody()->getOperations(),
                    [](Operation &op) { return isDot(&op); }))
    return masks;
  bool nested = false;
  forOp.getBody()->walk([&](Operation *op) {
    if (isa<LoopLikeOpInterface>(op))
      nested = true;
    if (auto cmp = dyn_cast<arith::CmpIOp>(op))
      if (std::optional<Mask> mask = maskOf(cmp, forOp, ivType.getWidth()))
        masks.push_back(*mask);
  });
  if (nested)
    masks.clear();
  return masks;
}

/// Splits `forOp` into the iterations where every mask holds (a clone, with
/// the masks replaced by true) and the rest (`forOp` itself, starting where
/// the clone stops, from its results).
void split(scf::ForOp forOp, ArrayRef<Mask> masks, int64_t step) {
  OpBuilder b(forOp);
  Location loc = forOp.getLoc();
  unsigned bits = forOp.getInductionVar().getType().getIntOrFloatBitWidth();
  int64_t maxValue = (int64_t(1) << (bits - 1)) - 1;
  Type i64 = b.getI64Type();
  auto constant = [&](int64_t c) -> Value {
    return arith::ConstantIntOp::create(b, loc, c, 64);
  };
  auto widen = [&](Value v) -> Value {
    return arith::ExtSIOp::create(b, loc, i64, v);
  };
  Value lower = widen(forOp.getLowerBound());
  Value upper = widen(forOp.getUpperBound());
  // The first iteration at which some mask may have a false lane, or some
  // lane sum may wrap: every iteration before it runs without the masks.
  Value limit = upper;
  for (const Mask &mask : masks) {
    int64_t offset = mask.boundLo - mask.ivHi + (mask.inclusive ? 1 : 0);
    Value at = constant(offset);
    if (mask.bound) {
      Value bound = widen(mask.bound);
      at = arith::AddIOp::create(b, loc, bound, at);
      Value top = arith::AddIOp::create(b, loc, bound, constant(mask.boundHi));
      Value fits = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sle, top,
                                         constant(maxValue));
      at = arith::SelectOp::create(b, loc, fits, at, lower);
    }
    limit = arith::MinSIOp::create(b, loc, limit, at);
    limit = arith::MinSIOp::create(b, loc, limit,
                                   constant(maxValue - mask.ivHi + 1));
  }
  // Whole steps from the lower bound up to the limit (none when the limit is
  // not above it), then no further than the upper bound.
  Value extent = arith::SubIOp::create(b, loc, limit, lower);
  Value roundedUp = arith::AddIOp::create(b, loc, extent, constant(step - 1));
  Value steps = arith::DivSIOp::create(b, loc, roundedUp, constant(step));
  Value any = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sgt, extent,
                                    constant(0));
  steps = arith::SelectOp::create(b, loc, any, steps, constant(0));
  Value splitAt = arith::AddIOp::create(
      b, loc, lower, arith::MulIOp::create(b, loc, steps, constant(step)));
  splitAt = arith::MinSIOp::create(b, loc, splitAt, upper);
  splitAt = arith::TruncIOp::create(b, loc, forOp.getInductionVar().getType(),
                                    splitAt);

  IRMapping mapping;
  auto first = cast<scf::ForOp>(b.clone(*forOp, mapping));
  first.getUpperBoundMutable().assign(splitAt);
  for (Mask mask : masks) {
    auto cmp = cast<arith::CmpIOp>(
        mapping.lookup(mask.cmp.getResult()).getDefiningOp());
    OpBuilder at(cmp);
    Type type = cmp.getType();
    TypedAttr yes =
        isa<ShapedType>(type)
            ? TypedAttr(DenseElementsAttr::get(cast<ShapedType>(type), true))
            : TypedAttr(at.getIntegerAttr(type, 1));
    Value all = arith::ConstantOp::create(at, cmp.getLoc(), yes);
    cmp.replaceAllUsesWith(all);
    cmp.erase();
  }
  forOp.getLowerBoundMutable().assign(splitAt);
  forOp.getInitArgsMutable().assign(first.getResults());
}

class SplitMaskedLoopsPass
    : public mlir::triton::gpu::impl::TritonGPUSplitMaskedLoopsBase<SplitMaskedLoopsPass> {
public:
  using Base::Base;

  void runOnOperation() override {
    SmallVector<scf::ForOp> loops;
    getOperation().walk([&](scf::ForOp forOp) { loops.push_back(forOp); });
    for (scf::ForOp forOp : loops) {
      int64_t step = 0;
      SmallVector<Mask> masks = masksToSplit(forOp, step);
      if (!masks.empty())
        split(forOp, masks, step);
    }
  }
};

} // namespace

