//===- OffsetRange.cpp - Signed bounds of 32-bit offsets ------------------===//

#include "passes/TritonAMDGPU/OffsetRange.h"

#include "dialects/Triton/IR/Dialect.h"
#include "dialects/TritonGPU/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/TypeSwitch.h"

#include <algorithm>

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::amdgpu;

namespace {

constexpr int64_t kI32Min = INT32_MIN;
constexpr int64_t kI32Max = INT32_MAX;
// Deep enough for index arithmetic; bounds the walk on long chains.
constexpr int kMaxDepth = 32;

using Range = std::optional<SignedRange>;

/// `r` if it stays within i32 (the op computed it exactly), else nothing.
Range inI32(int64_t lo, int64_t hi) {
  if (lo < kI32Min || hi > kI32Max)
    return std::nullopt;
  return SignedRange{lo, hi};
}

Range rangeOf(Value value, int depth);

Range constantRange(arith::ConstantOp op) {
  Attribute value = op.getValue();
  if (auto integer = dyn_cast<IntegerAttr>(value)) {
    int64_t v = integer.getValue().getSExtValue();
    return SignedRange{v, v};
  }
  auto dense = dyn_cast<DenseIntElementsAttr>(value);
  if (!dense || dense.empty())
    return std::nullopt;
  int64_t lo = INT64_MAX, hi = INT64_MIN;
  for (const APInt &v : dense.getValues<APInt>()) {
    lo = std::min(lo, v.getSExtValue());
    hi = std::max(hi, v.getSExtValue());
  }
  return SignedRange{lo, hi};
}

Range mulRange(SignedRange a, SignedRange b) {
  // Products of i32 bounds fit in int64.
  int64_t p[] = {a.lo * b.lo, a.lo * b.hi, a.hi * b.lo, a.hi * b.hi};
  return inI32(*std::min_element(p, p + 4), *std::max_element(p, p + 4));
}

/// An induction variable of an scf.for with a positive step runs from the
/// lower bound to below the upper bound.
Range inductionRange(BlockArgument arg, int depth) {
  auto loop = dyn_cast<scf::ForOp>(arg.getOwner()->getParentOp());
  if (!loop || arg != loop.getInductionVar())
    return std::nullopt;
  Range lower = rangeOf(loop.getLowerBound(), depth);
  Range upper = rangeOf(loop.getUpperBound(), depth);
  Range step = rangeOf(loop.getStep(), depth);
  if (!lower || !upper || !step || step->lo <= 0)
    return std::nullopt;
  return SignedRange{lower->lo, std::max(lower->lo, upper->hi - 1)};
}

Range rangeOf(Value value, int depth) {
  if (depth > kMaxDepth)
    return std::nullopt;
  Type element = getElementTypeOrSelf(value.getType());
  if (!element.isInteger() || element.getIntOrFloatBitWidth() > 32)
    return std::nullopt;
  if (auto arg = dyn_cast<BlockArgument>(value))
    return inductionRange(arg, depth + 1);
  Operation *def = value.getDefiningOp();
  auto operand = [&](unsigned i) {
    return rangeOf(def->getOperand(i), depth + 1);
  };
  return TypeSwitch<Operation *, Range>(def)
      .Case([](arith::ConstantOp op) { return constantRange(op); })
      .Case([](MakeRangeOp op) {
        return SignedRange{op.getStart(),
                           static_cast<int64_t>(op.getEnd()) - 1};
      })
      // Grid sizes are positive 32-bit numbers.
      .Case([](GetProgramIdOp) { return SignedRange{0, kI32Max - 1}; })
      .Case([](GetNumProgramsOp) { return SignedRange{1, kI32Max}; })
      // Ops that move elements without changing them.
      .Case<SplatOp, BroadcastOp, ExpandDimsOp, ReshapeOp, TransOp,
            gpu::ConvertLayoutOp, arith::ExtSIOp>(
          [&](Operation *) { return operand(0); })
      .Case([&](arith::ExtUIOp op) -> Range {
        unsigned bits =
            getElementTypeOrSelf(op.getIn().getType()).getIntOrFloatBitWidth();
        return SignedRange{0, (int64_t(1) << bits) - 1};
      })
      .Case([&](arith::AddIOp) -> Range {
        Range a = operand(0), b = operand(1);
        if (!a || !b)
          return std::nullopt;
        return inI32(a->lo + b->lo, a->hi + b->hi);
      })
      .Case([&](arith::SubIOp) -> Range {
        Range a = operand(0), b = operand(1);
        if (!a || !b)
          return std::nullopt;
        return inI32(a->lo - b->hi, a->hi - b->lo);
      })
      .Case([&](arith::MulIOp) -> Range {
        Range a = operand(0), b = operand(1);
        if (!a || !b)
          return std::nullopt;
        return mulRange(*a, *b);
      })
      .Case<arith::DivSIOp, arith::DivUIOp>([&](Operation *) -> Range {
        // Non-negative by positive: the quotient lies between the bounds'
        // quotients.
        Range a = operand(0), b = operand(1);
        if (!a || !b || a->lo < 0 || b->lo <= 0)
          return std::nullopt;
        return SignedRange{a->lo / b->hi, a->hi / b->lo};
      })
      .Case<arith::RemSIOp, arith::RemUIOp>([&](Operation *) -> Range {
        // A non-negative dividend keeps its sign; the remainder is below
        // the divisor. The divisor's bounds alone need not be known.
        Range a = operand(0), b = operand(1);
        if (!a || a->lo < 0)
          return std::nullopt;
        if (b && b->lo > 0)
          return SignedRange{0, std::min(a->hi, b->hi - 1)};
        return SignedRange{0, a->hi};
      })
      .Case([&](arith::AndIOp) -> Range {
        // A non-negative side bounds the result: and clears bits only.
        Range a = operand(0), b = operand(1);
        if (a && a->lo >= 0 && b && b->lo >= 0)
          return SignedRange{0, std::min(a->hi, b->hi)};
        if (a && a->lo >= 0)
          return SignedRange{0, a->hi};
        if (b && b->lo >= 0)
          return SignedRange{0, b->hi};
        return std::nullopt;
      })
      .Case([&](arith::MinSIOp) -> Range {
        Range a = operand(0), b = operand(1);
        if (!a || !b)
          return std::nullopt;
        return SignedRange{std::min(a->lo, b->lo), std::min(a->hi, b->hi)};
      })
      .Case([&](arith::MaxSIOp) -> Range {
        Range a = operand(0), b = operand(1);
        if (!a || !b)
          return std::nullopt;
        return SignedRange{std::max(a->lo, b->lo), std::max(a->hi, b->hi)};
      })
      .Case([&](arith::SelectOp) -> Range {
        Range a = operand(1), b = operand(2);
        if (!a || !b)
          return std::nullopt;
        return SignedRange{std::min(a->lo, b->lo), std::max(a->hi, b->hi)};
      })
      .Case([&](arith::ShLIOp) -> Range {
        Range a = operand(0), b = operand(1);
        if (!a || !b || b->lo < 0 || b->hi > 31)
          return std::nullopt;
        return mulRange(*a,
                        SignedRange{int64_t(1) << b->lo, int64_t(1) << b->hi});
      })
      .Case<arith::ShRUIOp, arith::ShRSIOp>([&](Operation *) -> Range {
        Range a = operand(0), b = operand(1);
        if (!a || !b || a->lo < 0 || b->lo < 0 || b->hi > 31)
          return std::nullopt;
        return SignedRange{a->lo >> b->hi, a->hi >> b->lo};
      })
      .Default([](Operation *) { return std::nullopt; });
}

} // namespace

std::optional<SignedRange> mlir::triton::amdgpu::getSignedRange(Value value) {
  return rangeOf(value, 0);
}
