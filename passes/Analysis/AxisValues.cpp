//===- AxisValues.cpp - An integer tensor's values along one axis --------===//
//
// A recursive evaluation over the ops that build the tensor. Each step
// returns the values along the axis, or a single value where the tensor does
// not vary along it (the axis has size 1 there, or nothing the op reads
// depends on it). A dependence on any other dimension fails: a range along
// it, a non-splat constant varying along it.
//
//===----------------------------------------------------------------------===//

#include "passes/Analysis/AxisValues.h"

#include "dialects/Triton/IR/Dialect.h"
#include "dialects/TritonGPU/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinAttributes.h"

using namespace mlir;
using namespace mlir::triton;
using llvm::APInt;

namespace {

using Values = SmallVector<APInt>;

// Deep enough for a mask of a few ops behind its broadcasts; a bound so that
// a long chain costs nothing.
constexpr unsigned kMaxDepth = 24;
// Non-splat constants are read element by element.
constexpr int64_t kMaxConstantElements = 4096;

/// `axis` is the dimension of `value`'s type that the caller asks about, or
/// none where the caller's axis is not one of its dimensions.
std::optional<Values> evaluate(Value value, std::optional<unsigned> axis,
                               unsigned depth);

std::optional<Values> evaluateConstant(DenseIntElementsAttr attr,
                                       std::optional<unsigned> axis) {
  if (attr.isSplat())
    return Values{attr.getSplatValue<APInt>()};
  auto type = cast<ShapedType>(attr.getType());
  if (type.getNumElements() > kMaxConstantElements)
    return std::nullopt;
  ArrayRef<int64_t> shape = type.getShape();
  int64_t along = axis ? shape[*axis] : 1;
  // Row-major: the stride of the axis, and the size of what follows it.
  int64_t inner = 1;
  if (axis)
    for (unsigned d = *axis + 1; d < shape.size(); ++d)
      inner *= shape[d];
  SmallVector<std::optional<APInt>> seen(along);
  for (auto [index, element] : llvm::enumerate(attr.getValues<APInt>())) {
    int64_t coord = axis ? (int64_t(index) / inner) % along : 0;
    if (!seen[coord])
      seen[coord] = element;
    else if (*seen[coord] != element)
      return std::nullopt;
  }
  Values result;
  for (const std::optional<APInt> &element : seen)
    result.push_back(*element);
  return result;
}

/// `a op b` element by element, a single value standing for all.
template <typename Fn>
std::optional<Values> combine(const Values &a, const Values &b, Fn fn) {
  if (a.size() != 1 && b.size() != 1 && a.size() != b.size())
    return std::nullopt;
  size_t n = std::max(a.size(), b.size());
  Values result;
  for (size_t i = 0; i < n; ++i) {
    std::optional<APInt> element =
        fn(a[a.size() == 1 ? 0 : i], b[b.size() == 1 ? 0 : i]);
    if (!element)
      return std::nullopt;
    result.push_back(*element);
  }
  return result;
}

std::optional<Values>
evaluateBinary(Operation *op, std::optional<unsigned> axis, unsigned depth) {
  if (!isa<arith::AddIOp, arith::SubIOp, arith::MulIOp, arith::AndIOp,
           arith::OrIOp, arith::XOrIOp, arith::ShLIOp, arith::ShRUIOp,
           arith::ShRSIOp, arith::CmpIOp>(op))
    return std::nullopt;
  std::optional<Values> a = evaluate(op->getOperand(0), axis, depth);
  if (!a)
    return std::nullopt;
  std::optional<Values> b = evaluate(op->getOperand(1), axis, depth);
  if (!b)
    return std::nullopt;
  auto apply = [&](auto fn) { return combine(*a, *b, fn); };
  using Result = std::optional<APInt>;
  if (isa<arith::AddIOp>(op))
    return apply(
        [](const APInt &x, const APInt &y) -> Result { return x + y; });
  if (isa<arith::SubIOp>(op))
    return apply(
        [](const APInt &x, const APInt &y) -> Result { return x - y; });
  if (isa<arith::MulIOp>(op))
    return apply(
        [](const APInt &x, const APInt &y) -> Result { return x * y; });
  if (isa<arith::AndIOp>(op))
    return apply(
        [](const APInt &x, const APInt &y) -> Result { return x & y; });
  if (isa<arith::OrIOp>(op))
    return apply(
        [](const APInt &x, const APInt &y) -> Result { return x | y; });
  if (isa<arith::XOrIOp>(op))
    return apply(
        [](const APInt &x, const APInt &y) -> Result { return x ^ y; });
  // Shifts by the width or more are poison: no value.
  if (isa<arith::ShLIOp, arith::ShRUIOp, arith::ShRSIOp>(op))
    return apply([op](const APInt &x, const APInt &y) -> Result {
      if (y.uge(x.getBitWidth()))
        return std::nullopt;
      unsigned amount = y.getZExtValue();
      if (isa<arith::ShLIOp>(op))
        return x.shl(amount);
      return isa<arith::ShRUIOp>(op) ? x.lshr(amount) : x.ashr(amount);
    });
  if (auto cmp = dyn_cast<arith::CmpIOp>(op)) {
    arith::CmpIPredicate predicate = cmp.getPredicate();
    return apply([predicate](const APInt &x, const APInt &y) -> Result {
      return APInt(1, arith::applyCmpPredicate(predicate, x, y));
    });
  }
  llvm_unreachable("an operation checked above");
}

/// For a reshape that only adds or drops unit dimensions, the source
/// dimension of result dimension `axis` (not a unit one).
std::optional<unsigned> mapReshapeAxis(ArrayRef<int64_t> source,
                                       ArrayRef<int64_t> result,
                                       unsigned axis) {
  SmallVector<unsigned> sourceDims, resultDims;
  for (auto [d, size] : llvm::enumerate(source))
    if (size != 1)
      sourceDims.push_back(d);
  for (auto [d, size] : llvm::enumerate(result))
    if (size != 1)
      resultDims.push_back(d);
  if (sourceDims.size() != resultDims.size())
    return std::nullopt;
  for (auto [s, r] : llvm::zip(sourceDims, resultDims))
    if (source[s] != result[r])
      return std::nullopt;
  auto it = llvm::find(resultDims, axis);
  if (it == resultDims.end())
    return std::nullopt;
  return sourceDims[it - resultDims.begin()];
}

std::optional<Values> evaluate(Value value, std::optional<unsigned> axis,
                               unsigned depth) {
  if (depth > kMaxDepth)
    return std::nullopt;
  auto type = dyn_cast<RankedTensorType>(value.getType());
  if (!type || !isa<IntegerType>(type.getElementType()))
    return std::nullopt;
  // A unit axis holds one value.
  if (axis && type.getShape()[*axis] == 1)
    axis = std::nullopt;
  Operation *op = value.getDefiningOp();
  if (!op)
    return std::nullopt;
  ++depth;

  if (auto constant = dyn_cast<arith::ConstantOp>(op)) {
    auto attr = dyn_cast<DenseIntElementsAttr>(constant.getValue());
    if (!attr)
      return std::nullopt;
    return evaluateConstant(attr, axis);
  }
  if (auto splat = dyn_cast<SplatOp>(op)) {
    IntegerAttr scalar;
    if (!matchPattern(splat.getSrc(), m_Constant(&scalar)))
      return std::nullopt;
    return Values{scalar.getValue()};
  }
  if (auto range = dyn_cast<MakeRangeOp>(op)) {
    // Its one dimension is the axis, or another one it must not vary along.
    int64_t size = type.getShape()[0];
    if (!axis && size != 1)
      return std::nullopt;
    Values result;
    for (int64_t i = 0; i < size; ++i)
      result.push_back(APInt(32, range.getStart() + i));
    return result;
  }
  if (auto expand = dyn_cast<ExpandDimsOp>(op)) {
    std::optional<unsigned> sourceAxis;
    if (axis && *axis != expand.getAxis())
      sourceAxis = *axis > expand.getAxis() ? *axis - 1 : *axis;
    return evaluate(expand.getSrc(), sourceAxis, depth);
  }
  if (auto broadcast = dyn_cast<BroadcastOp>(op)) {
    std::optional<Values> source = evaluate(broadcast.getSrc(), axis, depth);
    // A unit source axis gave one value, which stands for all.
    return source;
  }
  if (auto reshape = dyn_cast<ReshapeOp>(op)) {
    // A tensor that varies along no dimension stays so whatever the reshape
    // does; one that varies along the axis is followed through reshapes that
    // only add or drop unit dimensions.
    std::optional<unsigned> sourceAxis;
    if (axis) {
      if (reshape.getAllowReorder())
        return std::nullopt;
      auto sourceType = cast<RankedTensorType>(reshape.getSrc().getType());
      sourceAxis =
          mapReshapeAxis(sourceType.getShape(), type.getShape(), *axis);
      if (!sourceAxis)
        return std::nullopt;
    }
    return evaluate(reshape.getSrc(), sourceAxis, depth);
  }
  if (auto convert = dyn_cast<gpu::ConvertLayoutOp>(op))
    return evaluate(convert.getSrc(), axis, depth);
  if (isa<arith::ExtSIOp, arith::ExtUIOp, arith::TruncIOp>(op)) {
    std::optional<Values> source = evaluate(op->getOperand(0), axis, depth);
    if (!source)
      return std::nullopt;
    unsigned width = type.getElementTypeBitWidth();
    for (APInt &element : *source)
      element = isa<arith::ExtSIOp>(op)   ? element.sext(width)
                : isa<arith::ExtUIOp>(op) ? element.zext(width)
                                          : element.trunc(width);
    return source;
  }
  if (auto select = dyn_cast<arith::SelectOp>(op)) {
    std::optional<Values> cond;
    if (isa<RankedTensorType>(select.getCondition().getType()))
      cond = evaluate(select.getCondition(), axis, depth);
    else if (IntegerAttr scalar;
             matchPattern(select.getCondition(), m_Constant(&scalar)))
      cond = Values{scalar.getValue()};
    std::optional<Values> a = evaluate(select.getTrueValue(), axis, depth);
    std::optional<Values> b = evaluate(select.getFalseValue(), axis, depth);
    if (!cond || !a || !b)
      return std::nullopt;
    size_t n = std::max({cond->size(), a->size(), b->size()});
    for (const Values *part : {&*cond, &*a, &*b})
      if (part->size() != 1 && part->size() != n)
        return std::nullopt;
    Values result;
    for (size_t i = 0; i < n; ++i) {
      const APInt &c = (*cond)[cond->size() == 1 ? 0 : i];
      const Values &arm = c.isZero() ? *b : *a;
      result.push_back(arm[arm.size() == 1 ? 0 : i]);
    }
    return result;
  }
  if (op->getNumOperands() == 2 && op->getNumResults() == 1)
    return evaluateBinary(op, axis, depth);
  return std::nullopt;
}

} // namespace

std::optional<SmallVector<APInt>>
mlir::triton::getValuesAlongAxis(Value tensor, unsigned axis) {
  auto type = dyn_cast<RankedTensorType>(tensor.getType());
  if (!type || axis >= type.getRank())
    return std::nullopt;
  std::optional<Values> values = evaluate(tensor, axis, 0);
  if (!values)
    return std::nullopt;
  int64_t size = type.getShape()[axis];
  if (values->size() == 1 && size != 1)
    values->assign(size, values->front());
  if (int64_t(values->size()) != size)
    return std::nullopt;
  return values;
}
