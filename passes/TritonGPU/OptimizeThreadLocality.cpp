//===- OptimizeThreadLocality.cpp - -tritongpu-optimize-thread-locality ---===//
//
// Triton 3.6's rewrite of a loop that accumulates the reduction of a loaded
// tile along its fastest dimension: each iteration reduces only what a
// thread holds (a thread-local reduction, no shuffles) into a loop-carried
// tensor of partial results, and the reduction across threads runs once,
// after the loop.
//
//===----------------------------------------------------------------------===//

#include "passes/TritonGPU/Passes.h"

#include "dialects/TritonGPU/IR/LinearLayoutConversions.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"

namespace mlir {
namespace triton {
namespace gpu {
#define GEN_PASS_DEF_TRITONGPUOPTIMIZETHREADLOCALITY
#include "passes/TritonGPU/Passes.h.inc"
} // namespace gpu
} // namespace triton
} // namespace mlir

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {

/// The single op of a reduce's combine region when it combines the region's
/// two arguments and is returned, and is one that the rewrite handles.
Operation *combineOpOf(ReduceOp reduce) {
  Region &region = reduce.getCombineOp();
  if (!region.hasOneBlock())
    return nullptr;
  Block &block = region.front();
  if (block.getNumArguments() != 2 || block.getOperations().size() != 2)
    return nullptr;
  Operation *op = &block.front();
  if (!isa<arith::AddFOp, arith::MulFOp, arith::MaximumFOp, arith::MinimumFOp,
           arith::MaxNumFOp, arith::MinNumFOp>(op))
    return nullptr;
  Operation *terminator = block.getTerminator();
  bool combinesArguments = (op->getOperand(0) == block.getArgument(0) &&
                            op->getOperand(1) == block.getArgument(1)) ||
                           (op->getOperand(0) == block.getArgument(1) &&
                            op->getOperand(1) == block.getArgument(0));
  if (!combinesArguments || terminator->getNumOperands() != 1 ||
      terminator->getOperand(0) != op->getResult(0))
    return nullptr;
  return op;
}

/// The value that leaves the combining op's result unchanged: arith's
/// neutral element, but -inf/+inf for maxnumf/minnumf, which are neutral
/// there too and give the accumulator Triton 3.6's initial value.
std::optional<TypedAttr> neutralElementOf(Operation *op) {
  if (isa<arith::MaxNumFOp, arith::MinNumFOp>(op)) {
    auto type = cast<FloatType>(op->getResult(0).getType());
    return TypedAttr(
        FloatAttr::get(type, APFloat::getInf(type.getFloatSemantics(),
                                             isa<arith::MaxNumFOp>(op))));
  }
  return arith::getNeutralElement(op);
}

/// `values` with `value` inserted at `index`.
template <typename T>
SmallVector<T> insertAt(ArrayRef<T> values, unsigned index, T value) {
  SmallVector<T> result(values);
  result.insert(result.begin() + index, value);
  return result;
}

/// A reduce the rewrite applies to, with what it needs.
struct Candidate {
  ReduceOp reduce;
  Operation *combine; ///< the op of the reduce's region
  Operation *update;  ///< acc = combine(acc, reduce) in the loop
  scf::ForOp loop;
  unsigned iterIndex;     ///< the accumulator's position among the iter args
  int64_t elemsPerThread; ///< along the reduced axis
};

/// Elements of `shape[dim]` one thread holds in `blocked` (with repeats).
int64_t elemsPerThreadAlong(BlockedEncodingAttr blocked,
                            ArrayRef<int64_t> shape, unsigned dim) {
  int64_t size = blocked.getSizePerThread()[dim];
  int64_t tile =
      size * blocked.getThreadsPerWarp()[dim] * blocked.getWarpsPerCTA()[dim];
  int64_t ctas = 1;
  for (const auto &basis : blocked.getCGALayout().bases)
    if (dim < basis.size() && basis[dim] != 0)
      ctas *= 2;
  int64_t perCTA = std::max<int64_t>(1, shape[dim] / ctas);
  return size * std::max<int64_t>(1, (perCTA + tile - 1) / tile);
}

std::optional<Candidate> matchCandidate(ReduceOp reduce) {
  if (reduce.getSrcs().size() != 1 || reduce->getNumResults() != 1)
    return std::nullopt;
  Operation *combine = combineOpOf(reduce);
  if (!combine || !neutralElementOf(combine))
    return std::nullopt;
  auto srcType = cast<RankedTensorType>(reduce.getSrcs()[0].getType());
  auto blocked = dyn_cast_or_null<BlockedEncodingAttr>(srcType.getEncoding());
  unsigned rank = srcType.getRank();
  // Upstream's scope: a blocked tile of rank 2 or more straight from a
  // load, reduced along its last dimension.
  if (!blocked || rank < 2 || reduce.getAxis() != rank - 1 ||
      !reduce.getSrcs()[0].getDefiningOp<LoadOp>())
    return std::nullopt;
  int64_t perThread =
      elemsPerThreadAlong(blocked, srcType.getShape(), rank - 1);
  if (perThread <= 1 || srcType.getShape()[rank - 1] % perThread != 0)
    return std::nullopt;
  // acc = combine(acc, reduce(x)) yielded by the loop whose body holds it,
  // with acc used nowhere else and starting from a constant.
  auto loop = dyn_cast<scf::ForOp>(reduce->getParentOp());
  if (!loop || !reduce->hasOneUse())
    return std::nullopt;
  Operation *update = *reduce->user_begin();
  if (update->getName() != combine->getName() ||
      update->getNumOperands() != 2 ||
      update->getBlock() != reduce->getBlock() || !update->hasOneUse())
    return std::nullopt;
  auto yield = dyn_cast<scf::YieldOp>(*update->user_begin());
  if (!yield || yield->getParentOp() != loop.getOperation())
    return std::nullopt;
  unsigned iterIndex = update->use_begin()->getOperandNumber();
  Value acc = update->getOperand(
      update->getOperand(0) == reduce.getResult()[0] ? 1 : 0);
  if (acc != loop.getRegionIterArgs()[iterIndex] || !acc.hasOneUse() ||
      !loop.getInitArgs()[iterIndex].getDefiningOp<arith::ConstantOp>())
    return std::nullopt;
  return Candidate{reduce, combine, update, loop, iterIndex, perThread};
}

/// The layout of the tile split as (..., n / perThread, perThread): the
/// thread's elements along the reduced axis move to a new, fastest,
/// dimension that no thread, warp or CTA shares.
BlockedEncodingAttr threadLocalLayout(BlockedEncodingAttr blocked,
                                      unsigned axis) {
  unsigned rank = blocked.getOrder().size();
  SmallVector<unsigned> sizePerThread = insertAt<unsigned>(
      blocked.getSizePerThread(), rank, blocked.getSizePerThread()[axis]);
  sizePerThread[axis] = 1;
  BasisList cga;
  for (const auto &basis : blocked.getCGALayout().bases)
    cga.bases.push_back(insertAt<int32_t>(basis, rank, 0));
  return BlockedEncodingAttr::get(
      blocked.getContext(), sizePerThread,
      insertAt<unsigned>(blocked.getThreadsPerWarp(), rank, 1),
      insertAt<unsigned>(blocked.getWarpsPerCTA(), rank, 1),
      insertAt<unsigned>(blocked.getOrder(), 0, rank), cga);
}

/// A reduce of `src` along `axis` with `reduce`'s combine region.
ReduceOp cloneReduce(OpBuilder &builder, ReduceOp reduce, Value src,
                     unsigned axis) {
  auto srcType = cast<RankedTensorType>(src.getType());
  SmallVector<int64_t> shape(srcType.getShape());
  shape.erase(shape.begin() + axis);
  auto resultType =
      RankedTensorType::get(shape, srcType.getElementType(),
                            SliceEncodingAttr::get(builder.getContext(), axis,
                                                   srcType.getEncoding()));
  auto clone = ReduceOp::create(builder, reduce.getLoc(), TypeRange{resultType},
                                ValueRange{src}, axis);
  IRMapping mapping;
  reduce.getCombineOp().cloneInto(&clone.getCombineOp(), mapping);
  return clone;
}

/// `update` again, on `lhs` and `rhs` in its operands' order of (acc, new).
Operation *cloneUpdate(OpBuilder &builder, Operation *update, Value lhs,
                       Value rhs) {
  Operation *clone = builder.clone(*update);
  clone->setOperands({lhs, rhs});
  clone->getResult(0).setType(lhs.getType());
  return clone;
}

void rewrite(Candidate c) {
  ReduceOp reduce = c.reduce;
  Value src = reduce.getSrcs()[0];
  auto srcType = cast<RankedTensorType>(src.getType());
  auto blocked = cast<BlockedEncodingAttr>(srcType.getEncoding());
  unsigned rank = srcType.getRank(), axis = rank - 1;
  MLIRContext *context = reduce.getContext();

  // (..., n) -> (..., n / perThread, perThread) in the thread-local layout.
  SmallVector<int64_t> viewShape =
      insertAt<int64_t>(srcType.getShape(), rank, c.elemsPerThread);
  viewShape[axis] /= c.elemsPerThread;
  BlockedEncodingAttr local = threadLocalLayout(blocked, axis);
  auto viewType =
      RankedTensorType::get(viewShape, srcType.getElementType(), local);
  auto partialLayout = SliceEncodingAttr::get(context, rank, local);
  auto accType = RankedTensorType::get(ArrayRef<int64_t>(viewShape).drop_back(),
                                       srcType.getElementType(), partialLayout);

  // The loop carries partial results, starting from the neutral element.
  Value oldInit = c.loop.getInitArgs()[c.iterIndex];
  // Right after the old initial constant (which dominates the loop), as
  // Triton 3.6 puts it: the canonicalizer keeps that order of constants.
  OpBuilder builder(context);
  builder.setInsertionPointAfter(oldInit.getDefiningOp());
  auto init = arith::ConstantOp::create(
      builder, oldInit.getLoc(), accType,
      DenseElementsAttr::get(accType,
                             cast<Attribute>(*neutralElementOf(c.combine))));
  c.loop.getInitArgsMutable()[c.iterIndex].assign(init);
  BlockArgument acc = c.loop.getRegionIterArgs()[c.iterIndex];
  acc.setType(accType);
  Value loopResult = c.loop.getResult(c.iterIndex);
  Type oldResultType = loopResult.getType();
  SmallVector<OpOperand *> oldUses;
  for (OpOperand &use : loopResult.getUses())
    oldUses.push_back(&use);
  loopResult.setType(accType);

  // In the loop: reduce what each thread holds, accumulate it.
  builder.setInsertionPoint(reduce);
  auto view =
      ReshapeOp::create(builder, reduce.getLoc(), viewType, src,
                        /*allow_reorder=*/true, /*efficient_layout=*/true);
  ReduceOp partial = cloneReduce(builder, reduce, view, rank);
  builder.setInsertionPoint(c.update);
  Operation *update =
      cloneUpdate(builder, c.update, acc, partial.getResult()[0]);
  c.update->replaceAllUsesWith(update);
  c.update->erase();

  // After it: reduce across threads, back to the old layout, and fold in
  // the old initial value.
  builder.setInsertionPointAfter(c.loop);
  ReduceOp total = cloneReduce(builder, reduce, loopResult, axis);
  auto back = ConvertLayoutOp::create(builder, reduce.getLoc(), oldResultType,
                                      total.getResult()[0]);
  Operation *result = cloneUpdate(builder, update, oldInit, back);
  for (OpOperand *use : oldUses)
    use->set(result->getResult(0));
  reduce.erase();
}

/// The integer attribute `name` on `op` or its nearest ancestor holding it.
std::optional<int64_t> lookupIntAttr(Operation *op, StringRef name) {
  for (; op; op = op->getParentOp())
    if (auto attr = op->getAttrOfType<IntegerAttr>(name))
      return attr.getInt();
  return std::nullopt;
}

/// The dimensions of `blocked` over `shape` in the order in which its
/// `level` (0 registers, 1 lanes, 2 warps) first steps along them, as the
/// linear layout of the tile sees it: a level that holds a whole dimension
/// already (it broadcasts there) does not step along it. Dimensions it does
/// not step along follow in `fallback`'s order.
SmallVector<unsigned> steppingOrder(BlockedEncodingAttr blocked,
                                    ArrayRef<int64_t> shape, unsigned level,
                                    ArrayRef<unsigned> fallback) {
  SmallVector<unsigned> result;
  auto add = [&](unsigned dim) {
    if (!llvm::is_contained(result, dim))
      result.push_back(dim);
  };
  ArrayRef<unsigned> order = blocked.getOrder();
  for (unsigned dim : order) {
    int64_t spt = blocked.getSizePerThread()[dim];
    int64_t lanes = blocked.getThreadsPerWarp()[dim];
    int64_t warps = blocked.getWarpsPerCTA()[dim];
    bool steps = level == 0   ? spt > 1 && shape[dim] > 1
                 : level == 1 ? lanes > 1 && spt < shape[dim]
                              : warps > 1 && spt * lanes < shape[dim];
    if (steps)
      add(dim);
  }
  // Registers also step along dimensions the tile repeats over.
  if (level == 0)
    for (unsigned dim : order)
      if (int64_t(blocked.getSizePerThread()[dim]) *
              blocked.getThreadsPerWarp()[dim] * blocked.getWarpsPerCTA()[dim] <
          shape[dim])
        add(dim);
  for (unsigned dim : fallback)
    add(dim);
  return result;
}

/// Triton 3.6's warp-local layout for a tt.gather: as many lanes as fit
/// along the gather axis (so each column is gathered with warp shuffles
/// only), the rest spread over the other dimensions in the source's lane
/// order, one warp along the axis and the warps over the other dimensions
/// in the source's warp order; what does not fit broadcasts along the axis.
/// Source, indices and result take it, with conversions around the gather.
LogicalResult setWarpLocalGatherLayout(GatherOp gather) {
  auto srcType = cast<RankedTensorType>(gather.getSrc().getType());
  auto blocked = dyn_cast_or_null<BlockedEncodingAttr>(srcType.getEncoding());
  unsigned rank = srcType.getRank(), axis = gather.getAxis();
  std::optional<int64_t> numWarps = lookupIntAttr(gather, kNumWarpsAttrName);
  if (gather.getEfficientLayout() || !blocked || rank < 2 || !numWarps)
    return failure();
  int64_t numLanes =
      lookupIntAttr(gather, kThreadsPerWarpAttrName).value_or(32);
  ArrayRef<int64_t> shape = srcType.getShape();
  SmallVector<unsigned> reverse;
  for (unsigned dim = rank; dim-- > 0;)
    reverse.push_back(dim);
  SmallVector<unsigned> registerOrder =
      steppingOrder(blocked, shape, 0, reverse);

  SmallVector<unsigned> lanes(rank), warps(rank), order{axis};
  lanes[axis] = std::min<int64_t>(shape[axis], numLanes);
  int64_t lanesLeft = numLanes / lanes[axis];
  for (unsigned dim : steppingOrder(blocked, shape, 1, registerOrder)) {
    if (dim == axis)
      continue;
    order.push_back(dim);
    lanes[dim] = std::min<int64_t>(shape[dim], lanesLeft);
    lanesLeft /= lanes[dim];
  }
  warps[axis] = 1;
  int64_t warpsLeft = *numWarps;
  for (unsigned dim : steppingOrder(blocked, shape, 2, registerOrder)) {
    if (dim == axis)
      continue;
    int64_t fit = shape[dim] / lanes[dim];
    if (fit == 0)
      return failure();
    warps[dim] = std::min<int64_t>(fit, warpsLeft);
    warpsLeft /= warps[dim];
  }
  SmallVector<unsigned> sizePerThread(rank, 1);
  sizePerThread[axis] = shape[axis] / lanes[axis];
  lanes[axis] *= lanesLeft;
  warps[axis] *= warpsLeft;
  auto layout =
      BlockedEncodingAttr::get(gather.getContext(), sizePerThread, lanes, warps,
                               order, blocked.getCGALayout());

  OpBuilder builder(gather);
  auto retype = [&](Value value) {
    auto type = cast<RankedTensorType>(value.getType());
    return RankedTensorType::get(type.getShape(), type.getElementType(),
                                 layout);
  };
  Value src = ConvertLayoutOp::create(builder, gather.getLoc(),
                                      retype(gather.getSrc()), gather.getSrc());
  Value indices =
      ConvertLayoutOp::create(builder, gather.getLoc(),
                              retype(gather.getIndices()), gather.getIndices());
  Type oldType = gather.getResult().getType();
  builder.setInsertionPointAfter(gather);
  auto back = ConvertLayoutOp::create(builder, gather.getLoc(), oldType,
                                      gather.getResult());
  gather.getResult().replaceAllUsesExcept(back, back);
  gather.getSrcMutable().assign(src);
  gather.getIndicesMutable().assign(indices);
  gather.getResult().setType(retype(gather.getResult()));
  gather.setEfficientLayout(true);
  return success();
}

/// Per input dimension of `layout`, the bits whose basis the bits before
/// them (input dimensions in order) already reach: the copies the layout
/// holds of each element.
SmallVector<uint64_t> copyBits(const LinearLayout &layout) {
  // A basis as one bit mask: the output dimensions' bits side by side.
  auto column = [&](const LinearLayout::Basis &basis) {
    uint64_t bits = 0;
    unsigned offset = 0;
    for (auto [value, out] : llvm::zip(basis, layout.getOutDims())) {
      bits |= uint64_t(value) << offset;
      offset += llvm::Log2_32(out.size);
    }
    return bits;
  };
  GF2Span span;
  SmallVector<uint64_t> masks;
  for (const LinearLayout::InDim &in : layout.getInDims()) {
    uint64_t mask = 0;
    for (unsigned bit = 0; bit < in.bases.size(); ++bit)
      if (!span.insert(column(in.bases[bit])))
        mask |= uint64_t(1) << bit;
    masks.push_back(mask);
  }
  return masks;
}

/// Whether a reshape from `src` to `dst` needs data to move between
/// threads (Triton 3.6's isExpensiveView): the two layouts hold copies in
/// different places or give a thread different numbers of elements. A
/// layout without a linear form counts as expensive.
bool isExpensiveView(RankedTensorType src, RankedTensorType dst) {
  std::optional<LinearLayout> from =
      toLinearLayout(src.getShape(), src.getEncoding());
  std::optional<LinearLayout> to =
      toLinearLayout(dst.getShape(), dst.getEncoding());
  if (!from || !to || from->getInDimNames() != to->getInDimNames())
    return true;
  return copyBits(*from) != copyBits(*to) ||
         from->getInDimSize("register") != to->getInDimSize("register");
}

/// CTAs `blocked` spreads along `dim`.
int64_t ctasAlong(BlockedEncodingAttr blocked, unsigned dim) {
  int64_t ctas = 1;
  for (const auto &basis : blocked.getCGALayout().bases)
    if (dim < basis.size() && basis[dim] != 0)
      ctas *= 2;
  return ctas;
}

/// Triton 3.6's layout for a `tt.reshape allow_reorder` whose reduce users
/// all reduce one axis: the blocked layout of the result's shape, one
/// element per thread, with that axis slowest, so that threads and warps
/// spread over the other dimensions first; taken only when the reshape
/// stays free. A conversion back to the old layout feeds the users.
void setReduceFriendlyReshapeLayout(ReshapeOp reshape) {
  if (!reshape.getAllowReorder())
    return;
  std::optional<unsigned> axis;
  for (Operation *user : reshape->getUsers())
    if (auto reduce = dyn_cast<ReduceOp>(user)) {
      if (axis && *axis != reduce.getAxis())
        return;
      axis = reduce.getAxis();
    }
  auto type = cast<RankedTensorType>(reshape.getType());
  // Only blocked results for now: their order is the layout's own.
  auto blocked = dyn_cast_or_null<BlockedEncodingAttr>(type.getEncoding());
  std::optional<int64_t> numWarps = lookupIntAttr(reshape, kNumWarpsAttrName);
  if (!axis || !blocked || !numWarps)
    return;
  // Nothing to gain where one thread already holds the whole axis.
  if (blocked.getThreadsPerWarp()[*axis] == 1 &&
      blocked.getWarpsPerCTA()[*axis] == 1 && ctasAlong(blocked, *axis) == 1)
    return;
  SmallVector<unsigned> order;
  for (unsigned dim : blocked.getOrder())
    if (dim != *axis)
      order.push_back(dim);
  order.push_back(*axis);
  MLIRContext *context = reshape.getContext();
  BlockedEncodingAttr layout = getBlockedEncoding(
      context, type.getShape(), SmallVector<unsigned>(type.getRank(), 1), order,
      *numWarps, lookupIntAttr(reshape, kThreadsPerWarpAttrName).value_or(32),
      lookupIntAttr(reshape, kNumCTAsAttrName).value_or(1));
  if (layout == blocked)
    return;
  auto newType =
      RankedTensorType::get(type.getShape(), type.getElementType(), layout);
  if (isExpensiveView(cast<RankedTensorType>(reshape.getSrc().getType()),
                      newType))
    return;
  reshape.getResult().setType(newType);
  reshape.setEfficientLayout(true);
  OpBuilder builder(context);
  builder.setInsertionPointAfter(reshape);
  auto back = ConvertLayoutOp::create(builder, reshape.getLoc(), type, reshape);
  reshape.getResult().replaceAllUsesExcept(back, back);
}

class TritonGPUOptimizeThreadLocalityPass
    : public mlir::triton::gpu::impl::TritonGPUOptimizeThreadLocalityBase<
          TritonGPUOptimizeThreadLocalityPass> {
public:
  using Base::Base;
  void runOnOperation() override {
    // Reshapes and gathers first, as Triton 3.6: the loop rewrite below
    // makes reshapes of its own, whose layouts are final.
    getOperation().walk(
        [](ReshapeOp reshape) { setReduceFriendlyReshapeLayout(reshape); });
    getOperation().walk(
        [](GatherOp gather) { (void)setWarpLocalGatherLayout(gather); });
    SmallVector<Candidate> candidates;
    getOperation().walk([&](ReduceOp reduce) {
      if (std::optional<Candidate> c = matchCandidate(reduce))
        candidates.push_back(*c);
    });
    // Each rewrite puts its code right after its loop: the last first, so
    // that a loop's results are finished in the order of their reduces.
    for (Candidate &c : llvm::reverse(candidates))
      rewrite(c);
  }
};

} // namespace
