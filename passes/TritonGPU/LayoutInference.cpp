//===- LayoutInference.cpp - Source layouts of shape ops ------------------===//

#include "passes/TritonGPU/LayoutInference.h"
#include "dialects/TritonGPU/IR/LinearLayoutConversions.h"
#include "dialects/TritonGPU/IR/ShapeOpLayouts.h"

#include "llvm/Support/MathExtras.h"

#include <functional>

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {

/// The output dimensions dim0, dim1, ... of a layout of `shape`.
std::vector<LinearLayout::OutDim> outDimsOf(ArrayRef<int64_t> shape) {
  std::vector<LinearLayout::OutDim> outDims;
  for (auto [d, size] : llvm::enumerate(shape))
    outDims.push_back({"dim" + std::to_string(d), static_cast<int32_t>(size)});
  return outDims;
}

/// `layout` with every basis (a coordinate of the old shape) mapped by `map`
/// to a coordinate of `newShape`. `map` must be linear over GF(2), as
/// reshapes and permutations of power-of-two shapes are.
std::optional<LinearLayout> mapCoordinates(
    const LinearLayout &layout, ArrayRef<int64_t> newShape,
    llvm::function_ref<SmallVector<int32_t>(ArrayRef<int32_t>)> map) {
  std::vector<LinearLayout::InDim> inDims;
  for (const LinearLayout::InDim &in : layout.getInDims()) {
    LinearLayout::InDim mapped{in.name, {}};
    for (const LinearLayout::Basis &basis : in.bases) {
      SmallVector<int32_t> coords =
          map(SmallVector<int32_t>(basis.begin(), basis.end()));
      mapped.bases.emplace_back(coords.begin(), coords.end());
    }
    inDims.push_back(std::move(mapped));
  }
  return LinearLayout::get(std::move(inDims), outDimsOf(newShape));
}

BasisList toBasisList(const LinearLayout &layout, StringRef dim) {
  BasisList list;
  if (layout.hasInDim(dim))
    for (const LinearLayout::Basis &basis : layout.getBases(dim))
      list.bases.emplace_back(basis.begin(), basis.end());
  return list;
}

/// The blocked encoding of `shape` with `sizePerThread` (and Triton's
/// distribution of lanes and warps for an order) whose linear layout is
/// `layout`, for the first order that has it in descending lexicographic
/// order ([rank-1, ..., 0] first); null if none. The orders are searched
/// position by position, as that order enumerates them, without listing all
/// rank! of them (tl.sort reshapes to rank 10 and more): a branch is left as
/// soon as the dimensions placed so far give other bases than `layout`'s,
/// and size-1 dimensions are placed in descending order only.
///
/// Why that finds the same order: a dimension placed before the last gets
/// its lanes and warps from the dimensions before it alone, and its bases
/// never move or vanish after that: its per-thread bases come before those
/// of the later dimensions among the register bases, its lanes and warps
/// likewise, and its repetitions (the register bases past the per-thread
/// ones) in the order's sequence too. A size-1 dimension before the last
/// gets no lane, warp or basis, so moving it among those positions leaves
/// the linear layout as it is: the first order found has them descending.
BlockedEncodingAttr findBlockedOrder(MLIRContext *context,
                                     ArrayRef<int64_t> shape,
                                     ArrayRef<unsigned> sizePerThread,
                                     int numWarps, int threadsPerWarp,
                                     const LinearLayout &layout) {
  unsigned rank = shape.size();
  auto bases = [&](const LinearLayout &l, StringRef dim) {
    return l.hasInDim(dim) ? l.getBases(dim) : ArrayRef<LinearLayout::Basis>();
  };
  ArrayRef<LinearLayout::Basis> registers = bases(layout, "register"),
                                lanes = bases(layout, "lane"),
                                warps = bases(layout, "warp");
  unsigned perThreadBases = 0;
  for (unsigned size : sizePerThread)
    perThreadBases += llvm::Log2_32(size);
  SmallVector<unsigned> order;
  SmallVector<bool> placed(rank, false);
  // Whether the bases of the first `order.size()` dimensions of `candidate`
  // (an order starting with `order`) are `layout`'s.
  auto prefixMatches = [&](BlockedEncodingAttr candidate) {
    std::optional<LinearLayout> candidateLayout =
        toLinearLayout(shape, candidate);
    if (!candidateLayout)
      return false;
    unsigned reg = 0, lane = 0, warp = 0, repeat = 0;
    for (unsigned d : order) {
      reg += llvm::Log2_32(sizePerThread[d]);
      lane += llvm::Log2_32(candidate.getThreadsPerWarp()[d]);
      warp += llvm::Log2_32(candidate.getWarpsPerCTA()[d]);
      int64_t covered = int64_t(sizePerThread[d]) *
                        candidate.getThreadsPerWarp()[d] *
                        candidate.getWarpsPerCTA()[d];
      if (covered < shape[d])
        repeat += llvm::Log2_64(shape[d] / covered);
    }
    auto same = [](ArrayRef<LinearLayout::Basis> a,
                   ArrayRef<LinearLayout::Basis> b, unsigned from,
                   unsigned count) {
      return a.size() >= from + count && b.size() >= from + count &&
             a.slice(from, count) == b.slice(from, count);
    };
    return same(bases(*candidateLayout, "register"), registers, 0, reg) &&
           same(bases(*candidateLayout, "register"), registers,
                perThreadBases, repeat) &&
           same(bases(*candidateLayout, "lane"), lanes, 0, lane) &&
           same(bases(*candidateLayout, "warp"), warps, 0, warp);
  };
  auto completed = [&]() {
    SmallVector<unsigned> full(order);
    for (unsigned d = rank; d > 0; --d)
      if (!placed[d - 1])
        full.push_back(d - 1);
    return getBlockedEncoding(context, shape, sizePerThread, full, numWarps,
                              threadsPerWarp, /*numCTAs=*/1);
  };
  std::function<BlockedEncodingAttr(int)> search =
      [&](int lastUnit) -> BlockedEncodingAttr {
    if (order.size() == rank) {
      BlockedEncodingAttr blocked = completed();
      std::optional<LinearLayout> candidate = toLinearLayout(shape, blocked);
      return candidate && *candidate == layout ? blocked
                                               : BlockedEncodingAttr();
    }
    bool last = order.size() + 1 == rank;
    for (unsigned d = rank; d > 0; --d) {
      unsigned dim = d - 1;
      if (placed[dim])
        continue;
      bool unit = shape[dim] == 1;
      if (unit && !last && lastUnit >= 0 && dim > unsigned(lastUnit))
        continue;
      order.push_back(dim);
      placed[dim] = true;
      BlockedEncodingAttr found;
      if (last || unit || prefixMatches(completed()))
        found = search(unit && !last ? int(dim) : lastUnit);
      order.pop_back();
      placed[dim] = false;
      if (found)
        return found;
    }
    return BlockedEncodingAttr();
  };
  return search(-1);
}

} // namespace

Attribute mlir::triton::gpu::encodingForLinearLayout(
    MLIRContext *context, ArrayRef<int64_t> shape, const LinearLayout &layout) {
  unsigned rank = shape.size();
  if (layout.hasInDim("block") && !layout.getBases("block").empty())
    return {};
  int numWarps = layout.hasInDim("warp") ? layout.getInDimSize("warp") : 1;
  int threadsPerWarp =
      layout.hasInDim("lane") ? layout.getInDimSize("lane") : 1;
  // The blocked candidates: per-thread sizes read off the leading register
  // bases (consecutive powers of two along one dimension each), each order
  // of the dimensions.
  SmallVector<unsigned> sizePerThread(rank, 1);
  if (layout.hasInDim("register"))
    for (const LinearLayout::Basis &basis : layout.getBases("register")) {
      int dim = -1;
      for (unsigned d = 0; d < rank; ++d)
        if (basis[d] != 0)
          dim = dim == -1 ? static_cast<int>(d) : -2;
      if (dim < 0 || basis[dim] != static_cast<int32_t>(sizePerThread[dim]))
        break;
      sizePerThread[dim] *= 2;
    }
  if (BlockedEncodingAttr blocked =
          findBlockedOrder(context, shape, sizePerThread, numWarps,
                           threadsPerWarp, layout))
    return blocked;
  return LinearEncodingAttr::get(context, toBasisList(layout, "register"),
                                 toBasisList(layout, "lane"),
                                 toBasisList(layout, "warp"), BasisList());
}

namespace {

/// `layout` (of `shape`) with a last dimension of size 2 whose two elements
/// are in consecutive registers of one thread: tt.join's result (and
/// tt.split's operand), as Triton infers them.
std::optional<LinearLayout> withPairDim(const LinearLayout &layout,
                                        ArrayRef<int64_t> shape) {
  std::vector<LinearLayout::InDim> inDims;
  for (const LinearLayout::InDim &in : layout.getInDims()) {
    LinearLayout::InDim widened{in.name, {}};
    if (in.name == "register") {
      LinearLayout::Basis pair(shape.size() + 1, 0);
      pair.back() = 1;
      widened.bases.push_back(std::move(pair));
    }
    for (LinearLayout::Basis basis : in.bases) {
      basis.push_back(0);
      widened.bases.push_back(std::move(basis));
    }
    inDims.push_back(std::move(widened));
  }
  SmallVector<int64_t> widened(shape);
  widened.push_back(2);
  return LinearLayout::get(std::move(inDims), outDimsOf(widened));
}

/// The inverse: `layout` (of `shape`, last dimension 2) without its pair
/// dimension, which must be one register basis (the pair in one thread).
std::optional<LinearLayout> withoutPairDim(const LinearLayout &layout,
                                           ArrayRef<int64_t> shape) {
  unsigned last = shape.size() - 1;
  std::vector<LinearLayout::InDim> inDims;
  bool found = false;
  for (const LinearLayout::InDim &in : layout.getInDims()) {
    LinearLayout::InDim narrowed{in.name, {}};
    for (const LinearLayout::Basis &basis : in.bases) {
      if (basis[last] != 0) {
        bool alone =
            llvm::count_if(basis, [](int32_t v) { return v != 0; }) == 1;
        if (in.name != "register" || !alone || found)
          return std::nullopt;
        found = true;
        continue;
      }
      narrowed.bases.emplace_back(basis.begin(), basis.end() - 1);
    }
    inDims.push_back(std::move(narrowed));
  }
  if (!found)
    return std::nullopt;
  return LinearLayout::get(std::move(inDims), outDimsOf(shape.drop_back()));
}

/// The layout on the other side of `op` (tt.reshape or tt.trans of a
/// tensor) from `encoding`: its operand's layout given its result's
/// (`towardResult` false), or its result's given its operand's (true), each
/// thread keeping its elements; null when there is none we can name.
Attribute inferAcrossShapeOp(Operation *op, Attribute encoding,
                             bool towardResult) {
  auto resultType = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  if (!resultType || (op->getNumOperands() != 1 && !isa<JoinOp>(op)))
    return {};
  auto sourceType = dyn_cast<RankedTensorType>(op->getOperand(0).getType());
  if (!sourceType)
    return {};
  ArrayRef<int64_t> fromShape =
      towardResult ? sourceType.getShape() : resultType.getShape();
  ArrayRef<int64_t> toShape =
      towardResult ? resultType.getShape() : sourceType.getShape();
  if (!llvm::all_of(toShape, [](int64_t s) { return llvm::isPowerOf2_64(s); }))
    return {};
  std::optional<LinearLayout> fromLayout = toLinearLayout(fromShape, encoding);
  if (!fromLayout)
    return {};
  std::optional<LinearLayout> toLayout;
  // join adds the pair dimension, split drops it.
  if (auto unpack = dyn_cast<Fp4ToFpOp>(op)) {
    // The two values of a byte sit in one thread, next to each other along
    // the axis.
    toLayout = towardResult ? unpackedLayout(*fromLayout, unpack.getAxis())
                            : packedLayout(*fromLayout, unpack.getAxis());
  } else if (isa<JoinOp, SplitOp>(op)) {
    bool widen = isa<JoinOp>(op) == towardResult;
    toLayout = widen ? withPairDim(*fromLayout, fromShape)
                     : withoutPairDim(*fromLayout, fromShape);
  } else if (auto trans = dyn_cast<TransOp>(op)) {
    // Result dimension i is source dimension order[i].
    ArrayRef<int32_t> order = trans.getOrder();
    toLayout =
        mapCoordinates(*fromLayout, toShape, [&](ArrayRef<int32_t> coords) {
          SmallVector<int32_t> mapped(coords.size());
          for (auto [i, d] : llvm::enumerate(order)) {
            if (towardResult)
              mapped[i] = coords[d];
            else
              mapped[d] = coords[i];
          }
          return mapped;
        });
  } else if (auto reshape = dyn_cast<ReshapeOp>(op)) {
    // A reshape that may reorder elements leaves their order to the lowering.
    if (reshape.getAllowReorder())
      return {};
    // Both shapes number the elements in row-major order.
    toLayout =
        mapCoordinates(*fromLayout, toShape, [&](ArrayRef<int32_t> coords) {
          int64_t flat = 0;
          for (auto [c, size] : llvm::zip(coords, fromShape))
            flat = flat * size + c;
          SmallVector<int32_t> mapped(toShape.size());
          for (int d = toShape.size() - 1; d >= 0; --d) {
            mapped[d] = flat % toShape[d];
            flat /= toShape[d];
          }
          return mapped;
        });
  }
  if (!toLayout)
    return {};
  return encodingForLinearLayout(op->getContext(), toShape, *toLayout);
}

} // namespace

Attribute mlir::triton::gpu::inferSourceEncoding(Operation *op,
                                                 Attribute resultEncoding) {
  return inferAcrossShapeOp(op, resultEncoding, /*towardResult=*/false);
}

Attribute mlir::triton::gpu::inferResultEncoding(Operation *op,
                                                 Attribute sourceEncoding) {
  return inferAcrossShapeOp(op, sourceEncoding, /*towardResult=*/true);
}
