//===- PaddedScratch.cpp - Triton's padded layout-conversion scratch ------===//
//
// The tile is read off the two linear layouts: each one's CTA tile (what its
// registers, lanes and warps cover once, registers that only repeat that
// tile left out), its register order and the elements a thread holds
// contiguously along it, which give the widest access of each side and so
// the padding.
//
//===----------------------------------------------------------------------===//

#include "passes/Analysis/PaddedScratch.h"

#include "dialects/TritonGPU/IR/CTATiles.h"

#include "mlir/Support/LLVM.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SetVector.h"

#include <algorithm>

using namespace mlir;
using namespace mlir::triton;
using mlir::triton::gpu::LinearLayout;

namespace {


/// How many bases of `name` move along each dimension (broadcasting bases
/// skipped).
SmallVector<unsigned> basesPerDim(ArrayRef<LinearLayout::Basis> bases,
                                  size_t rank) {
  SmallVector<unsigned> count(rank, 1);
  for (const LinearLayout::Basis &basis : bases) {
    auto it = llvm::find_if(basis, [](int32_t v) { return v != 0; });
    if (it != basis.end())
      count[it - basis.begin()] *= 2;
  }
  return count;
}


struct TileInfo {
  SmallVector<unsigned> shapePerCTA, tile, order, contig;
};

TileInfo tileOf(const LinearLayout &layout) {
  size_t rank = layout.getOutDims().size();
  TileInfo info;
  SmallVector<unsigned> split = basesPerDim(layout.getBases("block"), rank);
  for (size_t d = 0; d < rank; ++d)
    info.shapePerCTA.push_back(layout.getOutDims()[d].size / split[d]);
  for (int64_t extent : gpu::getThreadCoverShape(layout))
    info.tile.push_back(static_cast<unsigned>(extent));
  info.order = orderOfBases(layout.getBases("register"), rank);
  // Elements contiguous in a thread along each dimension, in order.
  info.contig.assign(rank, 1);
  ArrayRef<LinearLayout::Basis> regBases = layout.getBases("register");
  auto basisIt = regBases.begin();
  for (unsigned d : info.order) {
    LinearLayout::Basis unit(rank, 0);
    unit[d] = info.contig[d];
    while (basisIt != regBases.end() && *basisIt == unit) {
      info.contig[d] *= 2;
      unit[d] *= 2;
      ++basisIt;
    }
  }
  return info;
}

} // namespace

PaddedConvertTile mlir::triton::getPaddedConvertTile(const LinearLayout &src,
                                                     const LinearLayout &dst,
                                                     unsigned bitWidth) {
  TileInfo s = tileOf(src), t = tileOf(dst);
  size_t rank = s.tile.size();
  PaddedConvertTile tile;
  tile.shape.resize(rank);
  bool acrossCTAs = src.getInDimSize("block") > 1 &&
                    src.getBases("block") != dst.getBases("block");
  for (size_t d = 0; d < rank; ++d)
    tile.shape[d] = acrossCTAs ? s.shapePerCTA[d]
                               : std::max(std::min(s.shapePerCTA[d], s.tile[d]),
                                          std::min(t.shapePerCTA[d], t.tile[d]));
  tile.order = t.order;
  unsigned inner = rank - 1;
  unsigned inVec = t.order[0] != inner   ? 1
                   : s.order[0] != inner ? 1
                                         : s.contig[s.order[0]];
  unsigned outVec = t.order[0] != inner ? 1 : t.contig[t.order[0]];
  unsigned contiguous = tile.shape[t.order[0]];
  unsigned maxVec = std::max(1u, 128 / bitWidth);
  inVec = std::min({inVec, contiguous, maxVec});
  outVec = std::min({outVec, contiguous, maxVec});
  int64_t elems = 1;
  for (unsigned n : tile.shape)
    elems *= n;
  if (rank > 1 && elems != tile.shape[t.order[0]])
    tile.padding = std::max(inVec, outVec);
  return tile;
}

int64_t PaddedConvertTile::elements() const {
  int64_t elems = 1;
  for (unsigned n : shape)
    elems *= n;
  return elems / shape[order[0]] * (shape[order[0]] + padding);
}

SmallVector<unsigned>
mlir::triton::orderOfBases(ArrayRef<LinearLayout::Basis> bases, size_t rank) {
  llvm::SetVector<unsigned> order;
  for (const LinearLayout::Basis &basis : bases) {
    auto it = llvm::find_if(basis, [](int32_t v) { return v != 0; });
    if (it != basis.end())
      order.insert(it - basis.begin());
  }
  for (size_t d = rank; d-- > 0;)
    order.insert(d);
  return order.takeVector();
}
