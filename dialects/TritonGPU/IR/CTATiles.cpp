//===- CTATiles.cpp - The part of a layout one CTA of a cluster holds -----===//

#include "dialects/TritonGPU/IR/CTATiles.h"

#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::triton::gpu;
using llvm::ArrayRef;
using llvm::SmallVector;

static bool isZero(const LinearLayout::Basis &basis) {
  return llvm::all_of(basis, [](int32_t v) { return v == 0; });
}

std::optional<SmallVector<int64_t>>
mlir::triton::gpu::getCTATileShape(const LinearLayout &layout,
                                   std::string &reason) {
  SmallVector<int64_t> shape;
  for (const LinearLayout::OutDim &out : layout.getOutDims())
    shape.push_back(out.size);
  if (!layout.hasInDim("block"))
    return shape;
  // Each splitting basis halves its dimension's tile; the bases of a
  // dimension must then be the tile size times 1, 2, 4, ... in some order.
  SmallVector<SmallVector<int64_t>> splits(shape.size());
  for (const LinearLayout::Basis &basis : layout.getBases("block")) {
    if (isZero(basis))
      continue;
    int dim = -1;
    for (auto [d, v] : llvm::enumerate(basis))
      if (v != 0) {
        if (dim >= 0 || !llvm::isPowerOf2_64(v)) {
          reason = "a layout whose CTAs do not hold whole tiles";
          return std::nullopt;
        }
        dim = static_cast<int>(d);
      }
    splits[dim].push_back(basis[dim]);
  }
  for (auto [d, values] : llvm::enumerate(splits)) {
    if (values.empty())
      continue;
    int64_t tile = shape[d] >> values.size();
    llvm::sort(values);
    for (auto [k, v] : llvm::enumerate(values))
      if (tile < 1 || v != tile << k) {
        reason = "a layout whose CTAs do not hold whole tiles";
        return std::nullopt;
      }
    shape[d] = tile;
  }
  return shape;
}

std::optional<LinearLayout>
mlir::triton::gpu::getCTATileLayout(const LinearLayout &layout,
                                    ArrayRef<int64_t> tileShape,
                                    std::string &reason) {
  std::vector<LinearLayout::InDim> ins;
  for (const LinearLayout::InDim &in : layout.getInDims()) {
    if (in.name == "block")
      continue;
    for (const LinearLayout::Basis &basis : in.bases)
      for (auto [v, size] : llvm::zip(basis, tileShape))
        if (v >= size) {
          reason = "a layout whose threads reach past their CTA's tile";
          return std::nullopt;
        }
    ins.push_back(in);
  }
  std::vector<LinearLayout::OutDim> outs;
  for (auto [out, size] : llvm::zip(layout.getOutDims(), tileShape))
    outs.push_back({out.name, static_cast<int32_t>(size)});
  std::optional<LinearLayout> tile =
      LinearLayout::get(std::move(ins), std::move(outs));
  if (!tile)
    reason = "a layout without a tile per CTA";
  return tile;
}

int64_t mlir::triton::gpu::getCTASplitCount(const LinearLayout &layout) {
  if (!layout.hasInDim("block"))
    return 1;
  int64_t count = 1;
  for (const LinearLayout::Basis &basis : layout.getBases("block"))
    if (!isZero(basis))
      count *= 2;
  return count;
}

/// The output dimension a basis moves along, -1 for a zero basis (bases of
/// distributed layouts name one dimension).
static int dimOfBasis(const LinearLayout::Basis &basis) {
  for (auto [d, v] : llvm::enumerate(basis))
    if (v != 0)
      return d;
  return -1;
}

/// Per dimension, 2 to the number of non-zero bases along it.
static SmallVector<int64_t> spanPerDim(ArrayRef<LinearLayout::Basis> bases,
                                       unsigned rank) {
  SmallVector<int64_t> span(rank, 1);
  for (const LinearLayout::Basis &basis : bases)
    if (int d = dimOfBasis(basis); d >= 0)
      span[d] *= 2;
  return span;
}

SmallVector<int64_t>
mlir::triton::gpu::getThreadCoverShape(const LinearLayout &layout) {
  unsigned rank = layout.getOutDims().size();
  SmallVector<int64_t> remaining;
  SmallVector<int64_t> ctaSplit = spanPerDim(layout.getBases("block"), rank);
  for (auto [d, out] : llvm::enumerate(layout.getOutDims()))
    remaining.push_back(out.size / ctaSplit[d]);

  std::vector<LinearLayout::Basis> regs(layout.getBases("register").begin(),
                                        layout.getBases("register").end());
  SmallVector<int> peeledDims;
  while (!regs.empty()) {
    int d = dimOfBasis(regs.back());
    if (d < 0)
      break;
    if (!llvm::is_contained(peeledDims, d))
      peeledDims.push_back(d);
    if (d != peeledDims.back() || 2 * int64_t(regs.back()[d]) != remaining[d])
      break;
    remaining[d] /= 2;
    regs.pop_back();
  }
  SmallVector<int64_t> shape = spanPerDim(regs, rank);
  SmallVector<int64_t> lanes = spanPerDim(layout.getBases("lane"), rank);
  SmallVector<int64_t> warps = spanPerDim(layout.getBases("warp"), rank);
  for (unsigned d = 0; d < rank; ++d)
    shape[d] *= lanes[d] * warps[d];
  return shape;
}
