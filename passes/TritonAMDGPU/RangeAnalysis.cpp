//===- RangeAnalysis.cpp - Integer ranges of Triton values ----------------===//

#include "passes/TritonAMDGPU/RangeAnalysis.h"

#include "dialects/Triton/IR/Dialect.h"
#include "dialects/TritonAMDGPU/IR/Dialect.h"
#include "dialects/TritonGPU/IR/Dialect.h"

#include "mlir/Analysis/DataFlow/ConstantPropagationAnalysis.h"
#include "mlir/Analysis/DataFlow/DeadCodeAnalysis.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Interfaces/Utils/InferIntRangeCommon.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::amdgpu;
using dataflow::IntegerValueRangeLattice;

namespace {

/// Program ids are below 2^31; there are at most 2^31 programs per axis.
constexpr uint64_t kMaxPrograms = uint64_t(1) << 31;

/// A range of a value that has no bits (a lattice that was never given a
/// real range) says nothing.
bool isEmptyRange(const ConstantIntRanges &range) {
  return range.umin().getBitWidth() == 0 || range.umax().getBitWidth() == 0 ||
         range.smin().getBitWidth() == 0 || range.smax().getBitWidth() == 0;
}

bool isUnsignedPredicate(arith::CmpIPredicate predicate) {
  switch (predicate) {
  case arith::CmpIPredicate::uge:
  case arith::CmpIPredicate::ugt:
  case arith::CmpIPredicate::ule:
  case arith::CmpIPredicate::ult:
    return true;
  default:
    return false;
  }
}

/// What `cmp` (an assumed-true comparison of `anchor` with a constant) says
/// about `anchor`: the values on the true side of the comparison.
std::optional<ConstantIntRanges> rangeFromComparison(arith::CmpIOp cmp,
                                                     Value anchor) {
  bool anchorOnLeft = cmp.getLhs() == anchor;
  std::optional<int64_t> constant = getConstantIntValue(
      getAsOpFoldResult(anchorOnLeft ? cmp.getRhs() : cmp.getLhs()));
  if (!constant)
    return std::nullopt;
  bool isSigned = !isUnsignedPredicate(cmp.getPredicate());
  unsigned width = ConstantIntRanges::getStorageBitwidth(anchor.getType());
  if (width == 0)
    return std::nullopt;
  APInt c(width, static_cast<uint64_t>(*constant), isSigned);
  APInt lowest =
      isSigned ? APInt::getSignedMinValue(width) : APInt::getMinValue(width);
  APInt highest =
      isSigned ? APInt::getSignedMaxValue(width) : APInt::getMaxValue(width);
  // Program ids and counts are never negative, whatever the comparison.
  if (isSigned &&
      isa_and_nonnull<GetProgramIdOp, GetNumProgramsOp>(anchor.getDefiningOp()))
    lowest = APInt::getZero(width);
  auto between = [&](const APInt &lo, const APInt &hi) {
    return ConstantIntRanges::range(lo, hi, isSigned);
  };
  // Read every comparison as `anchor OP c`: with the anchor on the right,
  // `c < anchor` is `anchor > c`, and so on.
  switch (cmp.getPredicate()) {
  case arith::CmpIPredicate::eq:
    return ConstantIntRanges::constant(c);
  case arith::CmpIPredicate::sge:
  case arith::CmpIPredicate::uge:
    return anchorOnLeft ? between(c, highest) : between(lowest, c);
  case arith::CmpIPredicate::sgt:
  case arith::CmpIPredicate::ugt:
    return anchorOnLeft ? between(c + 1, highest) : between(lowest, c - 1);
  case arith::CmpIPredicate::sle:
  case arith::CmpIPredicate::ule:
    return anchorOnLeft ? between(lowest, c) : between(c, highest);
  case arith::CmpIPredicate::slt:
  case arith::CmpIPredicate::ult:
    return anchorOnLeft ? between(lowest, c - 1) : between(c + 1, highest);
  default:
    // `ne` excludes one value, which a single interval cannot express.
    return std::nullopt;
  }
}

Operation *enclosingFunction(Value value) {
  Operation *scope = value.getDefiningOp();
  if (!scope)
    scope = value.getParentBlock() ? value.getParentBlock()->getParentOp()
                                   : nullptr;
  if (!scope)
    return nullptr;
  if (isa<FuncOp>(scope))
    return scope;
  return scope->getParentOfType<FuncOp>();
}

/// `[lo, hi]` of an integer (or index) scalar type or tensor element type.
ConstantIntRanges rangeOfType(Type type, uint64_t lo, uint64_t hi) {
  unsigned width = ConstantIntRanges::getStorageBitwidth(type);
  return ConstantIntRanges::range(APInt(width, lo), APInt(width, hi),
                                  /*isSigned=*/false);
}

} // namespace

AssumptionMap TritonRangeAnalysis::collectAssumptions(Operation *root) {
  AssumptionMap map;
  root->walk([&](LLVM::AssumeOp assume) {
    Operation *condition = assume.getCond().getDefiningOp();
    if (!condition)
      return;
    for (Value operand : condition->getOperands())
      if (!getConstantIntValue(operand))
        map[operand].insert(condition);
  });
  return map;
}

std::optional<ConstantIntRanges>
TritonRangeAnalysis::assumedRange(Value value, Block *block) const {
  auto it = assumptions.find(value);
  if (it == assumptions.end() || !block)
    return std::nullopt;
  std::optional<ConstantIntRanges> result;
  for (Operation *assumption : it->second) {
    auto cmp = dyn_cast<arith::CmpIOp>(assumption);
    // An assumption holds where its block dominates: in its own block
    // (before or after it, values do not change) and in nested ones.
    if (!cmp || !dominance->dominates(cmp->getBlock(), block))
      continue;
    std::optional<ConstantIntRanges> range = rangeFromComparison(cmp, value);
    if (!range)
      continue;
    result = result ? result->intersection(*range) : *range;
  }
  // Signed facts that keep the value non-negative bound it unsigned too
  // (`x >= 0` and `x < 128` give unsigned [0, 127], not [0, 2^32 - 1]).
  if (result && result->smin().isNonNegative())
    return ConstantIntRanges::range(result->smin(), result->smax(),
                                    /*isSigned=*/true);
  return result;
}

TritonRangeAnalysis *TritonRangeAnalysis::loadInto(DataFlowSolver &solver,
                                                   Operation *root,
                                                   DominanceInfo *dominance) {
  solver.load<dataflow::DeadCodeAnalysis>();
  solver.load<dataflow::SparseConstantPropagation>();
  auto *ranges =
      solver.load<TritonRangeAnalysis>(collectAssumptions(root), dominance);
  ranges->seedFunctionArguments(root);
  return ranges;
}

void TritonRangeAnalysis::seedFunctionArguments(Operation *root) {
  root->walk([&](FuncOp func) {
    if (func.isExternal())
      return;
    Block *entry = &func.getBody().front();
    for (BlockArgument arg : func.getArguments()) {
      if (!assumptions.count(arg))
        continue;
      IntegerValueRange range = IntegerValueRange::getMaxRange(arg);
      if (std::optional<ConstantIntRanges> assumed = assumedRange(arg, entry))
        range = IntegerValueRange(*assumed);
      (void)getLatticeElement(arg)->join(range);
    }
  });
}

void TritonRangeAnalysis::setToEntryState(IntegerValueRangeLattice *lattice) {
  Value anchor = lattice->getAnchor();
  Type element = getElementTypeOrSelf(anchor.getType());
  if (!isa<IntegerType, IndexType>(element))
    return;
  IntegerValueRange range = IntegerValueRange::getMaxRange(anchor);
  if (Operation *func = enclosingFunction(anchor)) {
    Block *entry = &func->getRegion(0).front();
    if (std::optional<ConstantIntRanges> assumed = assumedRange(anchor, entry))
      range = IntegerValueRange(*assumed);
  }
  propagateIfChanged(lattice, lattice->join(range));
}

void TritonRangeAnalysis::joinResult(
    Operation *op, Value result, const IntegerValueRange &range,
    ArrayRef<IntegerValueRangeLattice *> results) {
  auto opResult = dyn_cast<OpResult>(result);
  if (!opResult || opResult.getOwner() != op)
    return;
  IntegerValueRange narrowed = range;
  auto it = resultAssumptions.find(result);
  if (it != resultAssumptions.end() && !range.isUninitialized())
    narrowed = IntegerValueRange(range.getValue().intersection(it->second));
  IntegerValueRangeLattice *lattice = results[opResult.getResultNumber()];
  propagateIfChanged(lattice, lattice->join(narrowed));
}

LogicalResult TritonRangeAnalysis::visitOperation(
    Operation *op, ArrayRef<const IntegerValueRangeLattice *> operands,
    ArrayRef<IntegerValueRangeLattice *> results) {
  Block *block = op->getBlock();
  resultAssumptions.clear();
  for (Value result : op->getResults())
    if (std::optional<ConstantIntRanges> assumed = assumedRange(result, block))
      resultAssumptions.try_emplace(result, *assumed);

  // Operands with assumptions are read as their assumed range.
  SmallVector<std::unique_ptr<IntegerValueRangeLattice>> owned;
  SmallVector<const IntegerValueRangeLattice *> effective;
  for (auto [operand, lattice] : llvm::zip(op->getOperands(), operands)) {
    std::optional<ConstantIntRanges> assumed = assumedRange(operand, block);
    if (!assumed) {
      effective.push_back(lattice);
      continue;
    }
    owned.push_back(std::make_unique<IntegerValueRangeLattice>(operand));
    (void)owned.back()->join(IntegerValueRange(*assumed));
    effective.push_back(owned.back().get());
  }

  LogicalResult inferred = inferResults(op, effective, results);

  // Results the transfer functions could not bound still get their
  // assumptions.
  for (auto [result, lattice] : llvm::zip(op->getResults(), results)) {
    auto it = resultAssumptions.find(result);
    if (it == resultAssumptions.end())
      continue;
    const IntegerValueRange &current = lattice->getValue();
    if (!current.isUninitialized() && !isEmptyRange(current.getValue()))
      continue;
    propagateIfChanged(lattice, lattice->join(IntegerValueRange(it->second)));
  }
  return inferred;
}

LogicalResult TritonRangeAnalysis::inferResults(
    Operation *op, ArrayRef<const IntegerValueRangeLattice *> operands,
    ArrayRef<IntegerValueRangeLattice *> results) {
  auto join = [&](Value result, const IntegerValueRange &range) {
    joinResult(op, result, range, results);
  };
  auto joinConst = [&](Value result, const ConstantIntRanges &range) {
    join(result, IntegerValueRange(range));
  };

  if (auto pid = dyn_cast<GetProgramIdOp>(op)) {
    joinConst(pid.getResult(), rangeOfType(pid.getType(), 0, kMaxPrograms - 1));
    return success();
  }
  if (auto count = dyn_cast<GetNumProgramsOp>(op)) {
    joinConst(count.getResult(), rangeOfType(count.getType(), 0, kMaxPrograms));
    return success();
  }
  if (auto range = dyn_cast<MakeRangeOp>(op)) {
    // make_range is the half-open [start, end).
    joinConst(range.getResult(), rangeOfType(range.getType(), range.getStart(),
                                             uint64_t(range.getEnd()) - 1));
    return success();
  }
  if (auto histogram = dyn_cast<HistogramOp>(op)) {
    // Bin counts: anything non-negative.
    unsigned width = ConstantIntRanges::getStorageBitwidth(histogram.getType());
    joinConst(histogram.getResult(),
              ConstantIntRanges::fromSigned(APInt::getZero(width),
                                            APInt::getSignedMaxValue(width)));
    return success();
  }

  SmallVector<IntegerValueRange> ranges = llvm::map_to_vector(
      operands, [](const IntegerValueRangeLattice *lattice) {
        return lattice->getValue();
      });

  // A slice holds some of the source's elements.
  if (isa<ExtractSliceOp>(op)) {
    join(op->getResult(0), ranges[0]);
    return success();
  }

  // Ops that move, copy or regroup elements without changing them.
  if (isa<TransOp, SplitOp, BroadcastOp, ReshapeOp, gpu::ConvertLayoutOp,
          SplatOp, ExpandDimsOp, JoinOp, CatOp, GatherOp>(op)) {
    if (llvm::any_of(ranges, [](const IntegerValueRange &r) {
          return r.isUninitialized();
        })) {
      setAllToEntryStates(results);
      return success();
    }
    ConstantIntRanges elements = ranges[0].getValue();
    // Join and cat take elements from both operands; gather's second
    // operand holds indices, not elements.
    if (isa<JoinOp, CatOp>(op))
      elements = elements.rangeUnion(ranges[1].getValue());
    for (Value result : op->getResults())
      joinConst(result, elements);
    return success();
  }

  // Everything else MLIR knows, through the ops' own transfer functions;
  // unlike the stock analysis, loop results are not widened here, since
  // visitRegionSuccessors bounds how often loops are interpreted.
  if (auto inferrable = dyn_cast<InferIntRangeInterface>(op)) {
    inferrable.inferResultRangesFromOptional(ranges, join);
    return success();
  }
  setAllToEntryStates(results);
  return success();
}

std::optional<int64_t>
TritonRangeAnalysis::getTripCount(LoopLikeOpInterface loop) {
  std::optional<Value> iv = loop.getSingleInductionVar();
  if (!iv)
    return std::nullopt;
  unsigned width = ConstantIntRanges::getStorageBitwidth(iv->getType());
  Block *body = iv->getParentBlock();
  // A bound's extreme value: the constant, or the end of the bound's range.
  auto extreme = [&](std::optional<OpFoldResult> bound,
                     bool upper) -> std::optional<APInt> {
    if (!bound)
      return std::nullopt;
    if (auto attr = dyn_cast<Attribute>(*bound)) {
      if (auto integer = dyn_cast<IntegerAttr>(attr))
        return integer.getValue();
      return std::nullopt;
    }
    const IntegerValueRangeLattice *lattice =
        getLatticeElementFor(getProgramPointBefore(body), cast<Value>(*bound));
    if (!lattice || lattice->getValue().isUninitialized())
      return std::nullopt;
    return upper ? lattice->getValue().getValue().smax()
                 : lattice->getValue().getValue().smin();
  };
  APInt lo = extreme(loop.getSingleLowerBound(), false)
                 .value_or(APInt::getSignedMinValue(width));
  APInt hi = extreme(loop.getSingleUpperBound(), true)
                 .value_or(APInt::getSignedMaxValue(width));
  // The smallest step gives the most trips; an unknown or zero one counts
  // as 1.
  APInt one(width, 1, /*isSigned=*/true);
  APInt step = extreme(loop.getSingleStep(), false).value_or(one);
  if (step.isNegative())
    std::swap(lo, hi);
  if (step.isZero())
    step = one;
  if (hi.slt(lo))
    return std::nullopt;
  return llvm::divideCeilSigned(hi.getSExtValue() - lo.getSExtValue(),
                                step.getSExtValue());
}

int64_t TritonRangeAnalysis::getTotalTripCount(LoopLikeOpInterface loop) {
  int64_t total = 1;
  for (Operation *op = loop; op; op = op->getParentOp())
    if (auto enclosing = dyn_cast<LoopLikeOpInterface>(op))
      total *= getTripCount(enclosing).value_or(kMaxInterpretedTrips + 1);
  return total;
}

void TritonRangeAnalysis::visitRegionSuccessors(
    ProgramPoint *point, RegionBranchOpInterface branch,
    RegionSuccessor successor,
    ArrayRef<dataflow::AbstractSparseLattice *> abstractLattices) {
  SmallVector<IntegerValueRangeLattice *> lattices =
      llvm::map_to_vector(abstractLattices, [](auto *lattice) {
        return static_cast<IntegerValueRangeLattice *>(lattice);
      });
  auto loop = dyn_cast<LoopLikeOpInterface>(branch.getOperation());
  if (loop) {
    int64_t trips = getTotalTripCount(loop);
    auto [it, inserted] = tripCounts.try_emplace(loop.getOperation(), trips);
    if (!inserted)
      it->second = std::min(it->second, trips);
  }

  const auto *predecessors =
      getOrCreateFor<dataflow::PredecessorState>(point, point);
  for (Operation *pred : predecessors->getKnownPredecessors()) {
    std::optional<OperandRange> operands;
    if (pred == branch)
      operands = branch.getEntrySuccessorOperands(successor);
    else if (auto terminator =
                 dyn_cast<RegionBranchTerminatorOpInterface>(pred))
      operands = terminator.getSuccessorOperands(successor);
    if (!operands)
      return setAllToEntryStates(lattices);

    // Successor values not fed by the predecessor (induction variables,
    // results computed otherwise) get their ranges from the op itself.
    ValueRange inputs = predecessors->getSuccessorInputs(pred);
    unsigned first = 0;
    if (inputs.size() != lattices.size()) {
      if (!point->isBlockStart()) {
        if (!inputs.empty())
          first = cast<OpResult>(inputs.front()).getResultNumber();
        visitNonControlFlowArguments(
            branch,
            RegionSuccessor(branch,
                            branch->getResults().slice(first, inputs.size())),
            lattices, first);
      } else {
        if (!inputs.empty())
          first = cast<BlockArgument>(inputs.front()).getArgNumber();
        Region *region = point->getBlock()->getParent();
        visitNonControlFlowArguments(
            branch,
            RegionSuccessor(region,
                            region->getArguments().slice(first, inputs.size())),
            lattices, first);
      }
    }

    // A carried value takes one value on entry and one per trip but the
    // last; a loop result also takes the last trip's value. So a lattice
    // changes at most that often; a loop run too often (or unknown) gives
    // the full range instead.
    int64_t limit = 0;
    if (loop)
      limit = tripCounts[loop.getOperation()] + (point->isBlockStart() ? 0 : 1);
    for (auto [operand, lattice] :
         llvm::zip(*operands, ArrayRef(lattices).drop_front(first))) {
      std::pair<Operation *, void *> key{loop.getOperation(), lattice};
      if (loop && visits[key] >= limit)
        continue;
      ChangeResult changed;
      if (loop && tripCounts[loop.getOperation()] > kMaxInterpretedTrips)
        changed = lattice->join(IntegerValueRange::getMaxRange(operand));
      else
        changed = lattice->join(*getLatticeElementFor(point, operand));
      propagateIfChanged(lattice, changed);
      if (loop && changed == ChangeResult::Change)
        ++visits[key];
    }
  }
}

std::optional<ConstantIntRanges>
mlir::triton::amdgpu::getKnownRange(const DataFlowSolver &solver, Value value) {
  const auto *lattice = solver.lookupState<IntegerValueRangeLattice>(value);
  if (!lattice || lattice->getValue().isUninitialized())
    return std::nullopt;
  const ConstantIntRanges &range = lattice->getValue().getValue();
  if (isEmptyRange(range))
    return std::nullopt;
  return range;
}

bool mlir::triton::amdgpu::isStaticallyTrue(const DataFlowSolver &solver,
                                            arith::CmpIOp cmp) {
  std::optional<ConstantIntRanges> lhs = getKnownRange(solver, cmp.getLhs());
  std::optional<ConstantIntRanges> rhs = getKnownRange(solver, cmp.getRhs());
  if (!lhs || !rhs)
    return false;
  auto predicate = static_cast<intrange::CmpPredicate>(cmp.getPredicate());
  return intrange::evaluatePred(predicate, *lhs, *rhs).value_or(false);
}
