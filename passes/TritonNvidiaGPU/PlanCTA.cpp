//===- PlanCTA.cpp - -triton-nvidia-gpu-plan-cta --------------------------===//
//
// The plan, as Triton 3.6 makes it (facts of its PlanCTA.cpp, our code):
//  1. anchors: every tt.dot gets a CTA tiling of its accumulator (splitM x
//     splitN CTAs: the largest M chunk of 128 or 64 rows that still leaves N
//     chunks of at least 64 columns), its operands the matching dot_op
//     layouts; every tt.reduce a tiling that never splits its axis; with
//     neither, every store-like op the first store's tiling;
//  2. an anchored op's operands and results are wrapped in "boundaries"
//     (unrealized casts from the old type to the new one): a backward
//     boundary asks the producer of its input for the new layout, a forward
//     one offers the new layout to the consumer of its result;
//  3. a worklist moves each boundary one op further: through elementwise
//     ops, loads, stores, splats, ranges, constants, broadcasts, expand_dims
//     (backward), loop-carried values and if results, and through the
//     ttg.convert_layouts coalesce left (which it absorbs); two boundaries
//     that meet become one ttg.convert_layout (or nothing when the types
//     agree); an op it cannot look through keeps its layouts and gets a
//     conversion. A value several users want in different layouts is
//     computed again for each (when it is a pure op without regions) or
//     converted.
// The layouts it builds are blocked layouts over each CTA's tile (threads and
// warps spread over the tile's shape, as Triton's blocked builder does), so
// remove-layout-conversions and accelerate-matmul afterwards see what 3.6's
// see.
//
//===----------------------------------------------------------------------===//

#include "passes/TritonNvidiaGPU/Passes.h"

#include "dialects/Triton/IR/Dialect.h"
#include "dialects/Triton/IR/Types.h"
#include "dialects/TritonGPU/IR/Dialect.h"
#include "passes/TritonGPU/SharedEncodings.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/MapVector.h"

#include <deque>

namespace mlir {
namespace triton {
namespace nvidia_gpu {
#define GEN_PASS_DEF_TRITONNVIDIAGPUPLANCTA
#include "passes/TritonNvidiaGPU/Passes.h.inc"
} // namespace nvidia_gpu
} // namespace triton
} // namespace mlir

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {

using Boundary = UnrealizedConversionCastOp;

/// The tensor a value of `type` holds or points to (block pointers); null
/// for anything else.
RankedTensorType tensorOf(Type type) {
  if (auto pointer = dyn_cast<PointerType>(type))
    type = pointer.getPointeeType();
  return dyn_cast<RankedTensorType>(type);
}

/// `type` (a tensor or a block pointer) with its tensor in `encoding`.
Type withEncoding(Type type, Attribute encoding) {
  if (auto pointer = dyn_cast<PointerType>(type))
    return PointerType::get(withEncoding(pointer.getPointeeType(), encoding),
                            pointer.getAddressSpace());
  return cast<RankedTensorType>(type).cloneWithEncoding(encoding);
}

Attribute encodingOf(Type type) {
  RankedTensorType tensor = tensorOf(type);
  return tensor ? tensor.getEncoding() : Attribute();
}

/// The CTA layout of `ctas[d]` CTAs along each dim d, the first `splits[d]`
/// of them holding distinct tiles and the rest copies; the CTA id's bits run
/// over the dims in `order`, fastest first (Triton's CTAsPerCGA, CTASplitNum
/// and CTAOrder, spelled as block bases).
BasisList cgaOf(ArrayRef<unsigned> ctas, ArrayRef<unsigned> splits,
                ArrayRef<unsigned> order) {
  BasisList cga;
  for (unsigned dim : order)
    for (unsigned step = 1; step < ctas[dim]; step *= 2) {
      SmallVector<int32_t> basis(ctas.size(), 0);
      if (step < splits[dim])
        basis[dim] = step;
      cga.bases.push_back(std::move(basis));
    }
  return cga;
}

/// The CTA tiling of a dot's M x N accumulator over `numCTAs` CTAs:
/// (splitM, splitN), rows in chunks of 128 (else 64) as long as the columns
/// keep chunks of at least 64.
std::pair<unsigned, unsigned> tileDot(int64_t m, int64_t n, unsigned numCTAs) {
  unsigned splitM = 1, splitN = numCTAs;
  for (int64_t chunk = 128; chunk >= 64; chunk /= 2) {
    splitM = std::clamp<int64_t>(m / chunk, 1, numCTAs);
    splitN = numCTAs / splitM;
    if (n / splitN >= 64)
      break;
  }
  return {splitM, splitN};
}

bool isLoadOrStoreLike(Operation *op) {
  return isa<LoadOp, StoreOp, AtomicRMWOp, AtomicCASOp, DescriptorLoadOp,
             DescriptorStoreOp, DescriptorReduceOp, DescriptorGatherOp,
             DescriptorScatterOp>(op);
}

/// Ops whose tensor operands and results all share one layout.
bool isUniform(Operation *op) {
  if (auto external = dyn_cast<ExternElementwiseOp>(op))
    return external.getPure();
  // Inline assembly may pack several elements per call, which depends on
  // the layout; ops with regions (map_elementwise) keep theirs too.
  if (isa<ElementwiseInlineAsmOp>(op) || op->getNumRegions() != 0)
    return false;
  return op->hasTrait<OpTrait::Elementwise>() ||
         isa<IntToPtrOp, PtrToIntOp, BitcastOp, FpToFpOp, AddPtrOp,
             PreciseSqrtOp, PreciseDivFOp, AdvanceOp, BroadcastOp>(op);
}

class Planner {
public:
  Planner(FuncOp func, unsigned numCTAs, unsigned numWarps,
          unsigned threadsPerWarp)
      : func(func), context(func.getContext()), numCTAs(numCTAs),
        numWarps(numWarps), threadsPerWarp(threadsPerWarp) {}

  LogicalResult run();

private:
  enum class Direction { Backward, Forward };

  // Anchors.
  LogicalResult anchorDots(bool &anchored);
  LogicalResult anchorReductions(bool &anchored);
  LogicalResult anchorStores();

  // Layouts.
  FailureOr<Attribute> withCGA(Operation *op, Attribute encoding,
                               ArrayRef<int64_t> shape, const BasisList &cga);

  // Boundaries.
  Boundary makeBoundary(OpBuilder &builder, Location loc, Type to, Value from,
                        Direction direction);
  /// `operand` asks its producer for `type` (a backward boundary before the
  /// builder's insertion point).
  void ask(OpBuilder &builder, Location loc, OpOperand &operand, Type type);
  /// `value` becomes `type`; its users get the old type through a forward
  /// boundary at the builder's insertion point.
  void offer(OpBuilder &builder, Location loc, Value value, Type type);
  void retire(Boundary boundary);
  void retype(Operation *op, ArrayRef<Attribute> operandEncodings,
              ArrayRef<Attribute> resultEncodings);
  void retypeUniformly(Operation *op, Attribute encoding);
  LogicalResult retypeMemoryOp(Operation *op, Attribute encoding);
  void retypeConstant(arith::ConstantOp constant, Attribute encoding);
  void threadLoop(scf::ForOp loop, unsigned index, Type type);
  void threadIf(scf::IfOp ifOp, unsigned index, Type type);
  void materialize(Boundary boundary);
  void join(Boundary first, Boundary second);

  // Moves.
  bool moveBackward(Boundary boundary);
  bool moveForward(Boundary boundary);
  bool splitUsers(Value input, Boundary boundary);
  void fanOut(Boundary boundary);

  FuncOp func;
  MLIRContext *context;
  unsigned numCTAs, numWarps, threadsPerWarp;
  std::deque<Boundary> pending;
  /// The direction of each live boundary of ours.
  DenseMap<Operation *, Direction> directions;
  /// Retired boundaries, unlinked but kept until the end so that no new op
  /// reuses their address while the worklist may still name them.
  SmallVector<Operation *> retired;
  DenseSet<Operation *> isRetired;
  /// Moves since the last one that changed something.
  size_t idle = 0;
  /// A diagnostic was emitted.
  bool broken = false;
};

FailureOr<Attribute> Planner::withCGA(Operation *op, Attribute encoding,
                                      ArrayRef<int64_t> shape,
                                      const BasisList &cga) {
  if (auto blocked = dyn_cast<BlockedEncodingAttr>(encoding)) {
    // Threads and warps spread over one CTA's tile, as Triton builds a
    // blocked layout for a shape and a CTA layout.
    SmallVector<int64_t> tile = getShapePerCTA(shape, cga);
    BlockedEncodingAttr perCTA =
        getBlockedEncoding(context, tile, blocked.getSizePerThread(),
                           blocked.getOrder(), numWarps, threadsPerWarp, 1);
    return Attribute(BlockedEncodingAttr::get(
        context, perCTA.getSizePerThread(), perCTA.getThreadsPerWarp(),
        perCTA.getWarpsPerCTA(), perCTA.getOrder(), cga));
  }
  if (auto slice = dyn_cast<SliceEncodingAttr>(encoding)) {
    // The parent keeps its threads and warps (its full shape is unknown
    // here); its CTAs never split the sliced dim.
    BasisList parentCGA = cga;
    for (auto &basis : parentCGA.bases)
      basis.insert(basis.begin() + slice.getDim(), 0);
    Attribute parent = slice.getParent();
    if (auto blocked = dyn_cast<BlockedEncodingAttr>(parent)) {
      parent = BlockedEncodingAttr::get(
          context, blocked.getSizePerThread(), blocked.getThreadsPerWarp(),
          blocked.getWarpsPerCTA(), blocked.getOrder(), parentCGA);
    } else {
      SmallVector<int64_t> parentShape(shape);
      parentShape.insert(parentShape.begin() + slice.getDim(), 1);
      FailureOr<Attribute> nested = withCGA(op, parent, parentShape, parentCGA);
      if (failed(nested))
        return failure();
      parent = *nested;
    }
    return Attribute(SliceEncodingAttr::get(context, slice.getDim(), parent));
  }
  op->emitError() << "triton-nvidia-gpu-plan-cta: a tensor in " << encoding
                  << " is not supported yet (it runs right after "
                     "tritongpu-coalesce, on #ttg.blocked and #ttg.slice "
                     "layouts)";
  return failure();
}

Boundary Planner::makeBoundary(OpBuilder &builder, Location loc, Type to,
                               Value from, Direction direction) {
  auto boundary = Boundary::create(builder, loc, TypeRange{to}, from);
  directions[boundary] = direction;
  pending.push_back(boundary);
  return boundary;
}

void Planner::ask(OpBuilder &builder, Location loc, OpOperand &operand,
                  Type type) {
  operand.set(makeBoundary(builder, loc, type, operand.get(),
                           Direction::Backward)
                  .getResult(0));
}

void Planner::offer(OpBuilder &builder, Location loc, Value value, Type type) {
  Boundary boundary =
      makeBoundary(builder, loc, value.getType(), value, Direction::Forward);
  value.setType(type);
  value.replaceAllUsesExcept(boundary.getResult(0), boundary);
}

void Planner::retire(Boundary boundary) {
  Operation *op = boundary.getOperation();
  op->dropAllReferences();
  op->remove();
  directions.erase(op);
  retired.push_back(op);
  isRetired.insert(op);
}

void Planner::retype(Operation *op, ArrayRef<Attribute> operandEncodings,
                     ArrayRef<Attribute> resultEncodings) {
  OpBuilder builder(op);
  for (auto [operand, encoding] :
       llvm::zip(op->getOpOperands(), operandEncodings)) {
    if (encoding && tensorOf(operand.get().getType()))
      ask(builder, op->getLoc(), operand,
          withEncoding(operand.get().getType(), encoding));
  }
  builder.setInsertionPointAfter(op);
  for (auto [result, encoding] : llvm::zip(op->getResults(), resultEncodings))
    if (encoding && tensorOf(result.getType()))
      offer(builder, op->getLoc(), result,
            withEncoding(result.getType(), encoding));
}

void Planner::retypeUniformly(Operation *op, Attribute encoding) {
  SmallVector<Attribute> operands(op->getNumOperands(), encoding);
  SmallVector<Attribute> results(op->getNumResults(), encoding);
  retype(op, operands, results);
}

LogicalResult Planner::retypeMemoryOp(Operation *op, Attribute encoding) {
  // A slice whose parent spreads the sliced dim over CTAs is not something a
  // load or store can produce for itself: it keeps its own layout and the
  // boundary becomes a conversion.
  if (auto slice = dyn_cast<SliceEncodingAttr>(encoding)) {
    std::optional<BasisList> parent = getCGALayoutOf(slice.getParent());
    if (parent && llvm::any_of(parent->bases, [&](const auto &basis) {
          return slice.getDim() < basis.size() && basis[slice.getDim()] != 0;
        })) {
      Value own = op->getNumResults() ? op->getResult(0) : op->getOperand(0);
      if (Attribute ownEncoding = encodingOf(own.getType()))
        encoding = ownEncoding;
    }
  }
  std::optional<BasisList> cga = getCGALayoutOf(encoding);
  if (!cga) {
    op->emitError() << "triton-nvidia-gpu-plan-cta: cannot tell the CTA "
                       "layout of "
                    << encoding;
    return failure();
  }
  auto relayout = [&](Type type) -> FailureOr<Attribute> {
    RankedTensorType tensor = tensorOf(type);
    // Operands of another rank (a gather's row offsets) keep their layout.
    if (!tensor || !tensor.getEncoding() ||
        (!cga->empty() && cga->bases[0].size() != size_t(tensor.getRank())))
      return Attribute();
    return withCGA(op, tensor.getEncoding(), tensor.getShape(), *cga);
  };
  SmallVector<Attribute> operands, results;
  for (Value operand : op->getOperands()) {
    FailureOr<Attribute> encoding = relayout(operand.getType());
    if (failed(encoding))
      return failure();
    operands.push_back(*encoding);
  }
  for (Value result : op->getResults()) {
    FailureOr<Attribute> encoding = relayout(result.getType());
    if (failed(encoding))
      return failure();
    results.push_back(*encoding);
  }
  retype(op, operands, results);
  return success();
}

void Planner::retypeConstant(arith::ConstantOp constant, Attribute encoding) {
  if (auto dense = dyn_cast<DenseElementsAttr>(constant.getValue()))
    constant.setValueAttr(dense.reshape(
        cast<ShapedType>(withEncoding(constant.getType(), encoding))));
  retype(constant, {}, {encoding});
}

void Planner::threadLoop(scf::ForOp loop, unsigned index, Type type) {
  OpBuilder builder(loop);
  Location loc = loop.getLoc();
  // The initial value and the yielded one are asked for in the new layout;
  // the iter_arg and the result are offered in it.
  ask(builder, loc, loop.getInitArgsMutable()[index], type);
  builder.setInsertionPointToStart(loop.getBody());
  offer(builder, loc, loop.getRegionIterArgs()[index], type);
  Operation *yield = loop.getBody()->getTerminator();
  builder.setInsertionPoint(yield);
  ask(builder, loc, yield->getOpOperand(index), type);
  builder.setInsertionPointAfter(loop);
  offer(builder, loc, loop.getResult(index), type);
}

void Planner::threadIf(scf::IfOp ifOp, unsigned index, Type type) {
  OpBuilder builder(ifOp);
  Location loc = ifOp.getLoc();
  builder.setInsertionPointAfter(ifOp);
  offer(builder, loc, ifOp.getResult(index), type);
  for (Region *region : {&ifOp.getThenRegion(), &ifOp.getElseRegion()}) {
    if (region->empty())
      continue;
    Operation *yield = region->front().getTerminator();
    builder.setInsertionPoint(yield);
    ask(builder, loc, yield->getOpOperand(index), type);
  }
}

void Planner::materialize(Boundary boundary) {
  Value input = boundary.getOperand(0);
  Value output = boundary.getResult(0);
  if (input.getType() == output.getType()) {
    output.replaceAllUsesWith(input);
  } else {
    OpBuilder builder(boundary);
    auto convert = ConvertLayoutOp::create(builder, boundary.getLoc(),
                                           output.getType(), input);
    output.replaceAllUsesWith(convert.getResult());
  }
  retire(boundary);
}

void Planner::join(Boundary first, Boundary second) {
  // The second takes the first's input; the first goes once unused.
  second.setOperand(0, first.getOperand(0));
  materialize(second);
  if (first.getResult(0).use_empty())
    retire(first);
}

bool Planner::moveBackward(Boundary boundary) {
  Value input = boundary.getOperand(0);
  Operation *op = input.getDefiningOp();
  // Meeting another boundary, even one with other users still to reach:
  // the two join (splitting users would clone the boundary into a cast
  // nobody resolves).
  if (auto previous = dyn_cast_or_null<Boundary>(op);
      previous && directions.count(previous)) {
    join(previous, boundary);
    return true;
  }
  if (!input.hasOneUse())
    return splitUsers(input, boundary);
  Type type = boundary.getResult(0).getType();
  Attribute encoding = encodingOf(type);

  if (auto arg = dyn_cast<BlockArgument>(input)) {
    auto loop = dyn_cast<scf::ForOp>(arg.getOwner()->getParentOp());
    if (loop && arg.getArgNumber() >= loop.getNumInductionVars())
      threadLoop(loop, arg.getArgNumber() - loop.getNumInductionVars(), type);
    else
      materialize(boundary);
    return true;
  }
  if (isLoadOrStoreLike(op)) {
    broken |= failed(retypeMemoryOp(op, encoding));
  } else if (isUniform(op)) {
    retypeUniformly(op, encoding);
  } else if (auto constant = dyn_cast<arith::ConstantOp>(op)) {
    retypeConstant(constant, encoding);
  } else if (isa<SplatOp, MakeRangeOp, MakeTensorPtrOp>(op)) {
    retype(op, SmallVector<Attribute>(op->getNumOperands()), {encoding});
  } else if (auto expand = dyn_cast<ExpandDimsOp>(op)) {
    retype(op, {SliceEncodingAttr::get(context, expand.getAxis(), encoding)},
           {encoding});
  } else if (auto loop = dyn_cast<scf::ForOp>(op)) {
    threadLoop(loop, cast<OpResult>(input).getResultNumber(), type);
  } else if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
    threadIf(ifOp, cast<OpResult>(input).getResultNumber(), type);
  } else if (auto convert = dyn_cast<ConvertLayoutOp>(op)) {
    // Coalesce's conversion is looked through: the boundary asks its source.
    boundary.setOperand(0, convert.getSrc());
    convert.erase();
    pending.push_back(boundary);
  } else {
    // Anything else keeps its layouts.
    materialize(boundary);
  }
  return true;
}

bool Planner::moveForward(Boundary boundary) {
  Value output = boundary.getResult(0);
  if (output.use_empty()) {
    retire(boundary);
    return true;
  }
  if (!output.hasOneUse()) {
    fanOut(boundary);
    return true;
  }
  Value input = boundary.getOperand(0);
  Attribute encoding = encodingOf(input.getType());
  OpOperand &use = *output.use_begin();
  Operation *op = use.getOwner();
  if (auto next = dyn_cast<Boundary>(op); next && directions.count(next)) {
    join(boundary, next);
  } else if (isLoadOrStoreLike(op)) {
    broken |= failed(retypeMemoryOp(op, encoding));
  } else if (isUniform(op) && !isa<BroadcastOp>(op)) {
    retypeUniformly(op, encoding);
  } else if (auto convert = dyn_cast<ConvertLayoutOp>(op)) {
    // The conversion is absorbed: the boundary now offers the new layout to
    // the conversion's users, which expected the conversion's.
    output.setType(convert.getType());
    convert.getResult().replaceAllUsesWith(output);
    convert.erase();
    pending.push_back(boundary);
  } else if (auto loop = dyn_cast<scf::ForOp>(op);
             loop && use.getOperandNumber() >= loop.getNumControlOperands()) {
    threadLoop(loop, use.getOperandNumber() - loop.getNumControlOperands(),
               input.getType());
  } else if (isa<scf::YieldOp>(op) && isa<scf::ForOp>(op->getParentOp())) {
    threadLoop(cast<scf::ForOp>(op->getParentOp()), use.getOperandNumber(),
               input.getType());
  } else if (isa<scf::YieldOp>(op) && isa<scf::IfOp>(op->getParentOp())) {
    threadIf(cast<scf::IfOp>(op->getParentOp()), use.getOperandNumber(),
             input.getType());
  } else {
    materialize(boundary);
  }
  return true;
}

void Planner::fanOut(Boundary boundary) {
  Value output = boundary.getResult(0);
  OpBuilder builder(context);
  builder.setInsertionPointAfter(boundary);
  while (!output.use_empty())
    output.use_begin()->set(makeBoundary(builder, boundary.getLoc(),
                                         output.getType(),
                                         boundary.getOperand(0),
                                         Direction::Forward)
                                .getResult(0));
  retire(boundary);
}

bool Planner::splitUsers(Value input, Boundary boundary) {
  // Wait until every user has said which layout it wants, or until a whole
  // round of the worklist changed nothing: then the users that have not get
  // the value converted back from the wanted layout.
  Type wanted = boundary.getResult(0).getType();
  SmallVector<OpOperand *> silent;
  for (OpOperand &use : input.getUses()) {
    auto user = dyn_cast<Boundary>(use.getOwner());
    if (!user || directions.lookup(user) != Direction::Backward)
      silent.push_back(&use);
  }
  if (!silent.empty()) {
    if (idle <= pending.size())
      return false;
    for (OpOperand *use : silent) {
      OpBuilder builder(use->getOwner());
      Boundary asked = makeBoundary(builder, boundary.getLoc(), wanted,
                                    input, Direction::Backward);
      use->set(makeBoundary(builder, boundary.getLoc(), input.getType(),
                            asked.getResult(0), Direction::Forward)
                   .getResult(0));
    }
  }

  // The users grouped by the type they want, in the order they appear.
  llvm::MapVector<Type, SmallVector<Boundary>> groups;
  for (Operation *user : input.getUsers())
    groups[user->getResult(0).getType()].push_back(cast<Boundary>(user));

  Operation *def = input.getDefiningOp();
  bool recomputable = def && def->getNumRegions() == 0 &&
                      def->getNumResults() == 1 && isMemoryEffectFree(def);
  OpBuilder builder(context);
  Value first;
  for (auto &[type, users] : groups) {
    Value source = input;
    if (first && recomputable) {
      builder.setInsertionPointAfter(def);
      source = builder.clone(*def)->getResult(0);
    }
    Value replacement;
    if (first && !recomputable) {
      // Computed once, in the first group's layout, and converted.
      builder.setInsertionPointAfterValue(first);
      replacement =
          ConvertLayoutOp::create(builder, boundary.getLoc(), type, first);
    } else {
      if (Operation *at = source.getDefiningOp())
        builder.setInsertionPointAfter(at);
      else
        builder.setInsertionPointToStart(
            cast<BlockArgument>(source).getOwner());
      replacement = makeBoundary(builder, boundary.getLoc(), type, source,
                                 Direction::Backward)
                        .getResult(0);
    }
    if (!first)
      first = replacement;
    for (Boundary user : users) {
      user.getResult(0).replaceAllUsesWith(replacement);
      retire(user);
    }
  }
  return true;
}

LogicalResult Planner::anchorDots(bool &anchored) {
  WalkResult result = func.walk([&](DotOp dot) {
    auto aType = cast<RankedTensorType>(dot.getA().getType());
    auto bType = cast<RankedTensorType>(dot.getB().getType());
    auto dType = cast<RankedTensorType>(dot.getD().getType());
    auto aEncoding = dyn_cast<DotOperandEncodingAttr>(aType.getEncoding());
    auto bEncoding = dyn_cast<DotOperandEncodingAttr>(bType.getEncoding());
    auto dEncoding = dyn_cast<BlockedEncodingAttr>(dType.getEncoding());
    if (!aEncoding || !bEncoding || !dEncoding) {
      dot.emitError("triton-nvidia-gpu-plan-cta expects a dot with a "
                    "#ttg.blocked result and #ttg.dot_op operands (it runs "
                    "right after tritongpu-coalesce)");
      return WalkResult::interrupt();
    }
    unsigned rank = dType.getRank();
    auto [splitM, splitN] =
        tileDot(dType.getShape()[rank - 2], dType.getShape()[rank - 1],
                numCTAs);
    SmallVector<unsigned> ctas(rank, 1), order;
    ctas[rank - 2] = splitM;
    ctas[rank - 1] = splitN;
    for (unsigned dim = rank; dim-- > 0;)
      order.push_back(dim);
    FailureOr<Attribute> d = withCGA(dot, dEncoding, dType.getShape(),
                                     cgaOf(ctas, ctas, order));
    if (failed(d))
      return WalkResult::interrupt();
    Attribute a = DotOperandEncodingAttr::get(context, 0, *d,
                                              aEncoding.getKWidth());
    Attribute b = DotOperandEncodingAttr::get(context, 1, *d,
                                              bEncoding.getKWidth());
    retype(dot, {a, b, *d}, {*d});
    anchored = true;
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

LogicalResult Planner::anchorReductions(bool &anchored) {
  WalkResult result = func.walk([&](ReduceOp reduce) {
    auto type = cast<RankedTensorType>(reduce.getSrcs()[0].getType());
    Attribute encoding = type.getEncoding();
    unsigned axis = reduce.getAxis(), rank = type.getRank();
    // The order and the elements per thread of the source's layout.
    SmallVector<unsigned> order, perThread;
    if (auto blocked = dyn_cast<BlockedEncodingAttr>(encoding)) {
      order.assign(blocked.getOrder().begin(), blocked.getOrder().end());
      perThread.assign(blocked.getSizePerThread().begin(),
                       blocked.getSizePerThread().end());
    } else if (auto slice = dyn_cast<SliceEncodingAttr>(encoding);
               slice && isa<BlockedEncodingAttr>(slice.getParent())) {
      auto parent = cast<BlockedEncodingAttr>(slice.getParent());
      unsigned gone = slice.getDim();
      for (unsigned dim : parent.getOrder())
        if (dim != gone)
          order.push_back(dim > gone ? dim - 1 : dim);
      for (auto [dim, n] : llvm::enumerate(parent.getSizePerThread()))
        if (dim != gone)
          perThread.push_back(n);
    } else {
      reduce.emitError() << "triton-nvidia-gpu-plan-cta: a reduction of a "
                            "tensor in "
                         << encoding << " is not supported yet";
      return WalkResult::interrupt();
    }
    // From the slowest dim to the fastest, each dim but the axis takes as
    // many CTAs as it has threads' worth of elements, while CTAs are left.
    SmallVector<unsigned> ctas(rank, 1);
    unsigned left = numCTAs;
    for (unsigned i = rank; i-- > 0;) {
      unsigned dim = order[i];
      if (dim == axis)
        continue;
      int64_t chunks = std::max<int64_t>(1, type.getShape()[dim] /
                                                std::max(1u, perThread[dim]));
      ctas[dim] = std::min<int64_t>(chunks, left);
      left /= ctas[dim];
    }
    SmallVector<unsigned> splits(ctas);
    // CTAs left over (a 1-D reduction, or too few elements) hold copies, so
    // that no reduction crosses CTAs.
    unsigned slowest = order[rank - 1];
    for (unsigned i = rank; i-- > 0;)
      if (order[i] != axis) {
        slowest = order[i];
        break;
      }
    ctas[slowest] *= left;
    FailureOr<Attribute> source =
        withCGA(reduce, encoding, type.getShape(), cgaOf(ctas, splits, order));
    if (failed(source))
      return WalkResult::interrupt();
    Attribute sliced = SliceEncodingAttr::get(context, axis, *source);
    retype(reduce, SmallVector<Attribute>(reduce.getNumOperands(), *source),
           SmallVector<Attribute>(reduce.getNumResults(), sliced));
    anchored = true;
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

LogicalResult Planner::anchorStores() {
  std::optional<BasisList> cga;
  WalkResult result = func.walk([&](Operation *op) {
    Value value;
    if (isa<StoreOp, AtomicRMWOp, AtomicCASOp>(op))
      value = op->getOperand(0);
    else if (auto store = dyn_cast<DescriptorStoreOp>(op))
      value = store.getSrc();
    else if (auto store = dyn_cast<DescriptorReduceOp>(op))
      value = store.getSrc();
    else if (auto store = dyn_cast<DescriptorScatterOp>(op))
      value = store.getSrc();
    RankedTensorType type = value ? tensorOf(value.getType()) : nullptr;
    if (!type)
      return WalkResult::advance();
    // The first store's CTA layout is everyone's (a store of another rank
    // keeps its own).
    std::optional<BasisList> own = getCGALayoutOf(type.getEncoding());
    if (!own) {
      op->emitError() << "triton-nvidia-gpu-plan-cta: cannot tell the CTA "
                         "layout of "
                      << type.getEncoding();
      return WalkResult::interrupt();
    }
    if (!cga)
      cga = own;
    bool sameRank = cga->empty() || own->empty() ||
                    cga->bases[0].size() == own->bases[0].size();
    FailureOr<Attribute> encoding = withCGA(
        op, type.getEncoding(), type.getShape(), sameRank ? *cga : *own);
    if (failed(encoding))
      return WalkResult::interrupt();
    retypeUniformly(op, *encoding);
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

LogicalResult Planner::run() {
  bool anchored = false;
  if (failed(anchorDots(anchored)) || failed(anchorReductions(anchored)))
    return failure();
  if (!anchored && failed(anchorStores()))
    return failure();

  // Every boundary moves one op per visit; a visit that must wait goes to
  // the back. The bound only stops a plan that cycles.
  const size_t maxMoves = 1000000;
  size_t moves = 0;
  while (!pending.empty() && !broken) {
    Boundary boundary = pending.front();
    pending.pop_front();
    if (isRetired.contains(boundary.getOperation()))
      continue;
    if (++moves > maxMoves) {
      func.emitError("triton-nvidia-gpu-plan-cta did not settle the CTA "
                     "layouts of this function");
      broken = true;
      break;
    }
    bool moved = directions.lookup(boundary) == Direction::Backward
                     ? moveBackward(boundary)
                     : moveForward(boundary);
    if (moved) {
      idle = 0;
    } else {
      pending.push_back(boundary);
      ++idle;
    }
  }
  for (Operation *op : retired)
    op->destroy();
  retired.clear();
  if (broken || !directions.empty()) {
    if (!broken)
      func.emitError("triton-nvidia-gpu-plan-cta left layouts unresolved in "
                     "this function");
    return failure();
  }
  return success();
}

class PlanCTAPass
    : public mlir::triton::nvidia_gpu::impl::TritonNvidiaGPUPlanCTABase<PlanCTAPass> {
public:
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    auto intAttr = [&](StringRef name, int64_t absent) {
      auto attr = module->getAttrOfType<IntegerAttr>(name);
      return attr ? attr.getInt() : absent;
    };
    int64_t numCTAs = intAttr(kNumCTAsAttrName, 1);
    if (numCTAs <= 1)
      return;
    int64_t numWarps = intAttr(kNumWarpsAttrName, 0);
    if (numWarps <= 0 || !llvm::isPowerOf2_64(numCTAs)) {
      module.emitError("triton-nvidia-gpu-plan-cta needs ttg.num-warps and a "
                       "power-of-two ttg.num-ctas on the module");
      return signalPassFailure();
    }
    int64_t threadsPerWarp = intAttr(kThreadsPerWarpAttrName, 32);
    for (FuncOp func : module.getOps<FuncOp>()) {
      if (func.isExternal())
        continue;
      Planner planner(func, numCTAs, numWarps, threadsPerWarp);
      if (failed(planner.run()))
        return signalPassFailure();
    }
  }
};

} // namespace

