//===- SharedEncodings.cpp - Shared-memory layouts for tensors ------------===//

#include "passes/TritonGPU/SharedEncodings.h"

#include "dialects/TritonGPU/IR/LinearLayoutConversions.h"

#include "llvm/ADT/SetVector.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

std::optional<BasisList> mlir::triton::gpu::getCGALayoutOf(Attribute encoding) {
  // A tensor of TTIR (no encoding yet) tells nothing.
  if (!encoding)
    return std::nullopt;
  if (getEncodingNumCTAs(encoding) == 1)
    return BasisList();
  if (auto blocked = dyn_cast<BlockedEncodingAttr>(encoding))
    return blocked.getCGALayout();
  if (auto mma = dyn_cast<NvidiaMmaEncodingAttr>(encoding))
    return mma.getCGALayout();
  if (auto mfma = dyn_cast<AMDMfmaEncodingAttr>(encoding))
    return mfma.getCGALayout();
  if (auto wmma = dyn_cast<AMDWmmaEncodingAttr>(encoding))
    return wmma.getCGALayout();
  if (auto slice = dyn_cast<SliceEncodingAttr>(encoding)) {
    std::optional<BasisList> parent = getCGALayoutOf(slice.getParent());
    if (!parent)
      return std::nullopt;
    for (auto &basis : parent->bases) {
      if (slice.getDim() >= basis.size())
        return std::nullopt;
      basis.erase(basis.begin() + slice.getDim());
    }
    return parent;
  }
  if (auto dot = dyn_cast<DotOperandEncodingAttr>(encoding)) {
    // The CTAs of the dot split M and N only: an operand is whole along K.
    std::optional<BasisList> parent = getCGALayoutOf(dot.getParent());
    if (!parent)
      return std::nullopt;
    for (auto &basis : parent->bases) {
      if (basis.size() < 2)
        return std::nullopt;
      unsigned rank = basis.size();
      basis[dot.getOpIdx() == 0 ? rank - 1 : rank - 2] = 0;
    }
    return parent;
  }
  return std::nullopt;
}

bool mlir::triton::gpu::splitsDimOverCTAs(Attribute encoding, unsigned dim) {
  std::optional<BasisList> cga;
  if (auto linear = dyn_cast<LinearEncodingAttr>(encoding))
    cga = linear.getBlockBases();
  else if (auto slice = dyn_cast<SliceEncodingAttr>(encoding))
    return splitsDimOverCTAs(slice.getParent(),
                             dim < slice.getDim() ? dim : dim + 1);
  else
    cga = getCGALayoutOf(encoding);
  // Without a CGA layout to read (an encoding of one CTA, or one this does
  // not know) nothing is known to be split.
  return cga && llvm::any_of(cga->bases, [&](const SmallVector<int32_t> &b) {
           return dim < b.size() && b[dim] != 0;
         });
}

SmallVector<int64_t> mlir::triton::gpu::getShapePerCTA(ArrayRef<int64_t> shape,
                                                       const BasisList &cga) {
  SmallVector<int64_t> perCTA(shape);
  for (const auto &basis : cga.bases)
    for (auto [dim, value] : llvm::enumerate(basis))
      if (value && dim < perCTA.size())
        perCTA[dim] = std::max<int64_t>(1, perCTA[dim] / 2);
  return perCTA;
}

/// Dimensions in the order in which the first bases of `inDim` move along
/// them, then those of `fallback` not yet named.
static SmallVector<unsigned> orderOfBases(const LinearLayout &layout,
                                          StringRef inDim,
                                          ArrayRef<unsigned> fallback) {
  llvm::SetVector<unsigned> order;
  if (layout.hasInDim(inDim))
    for (const LinearLayout::Basis &basis : layout.getBases(inDim))
      for (auto [dim, value] : llvm::enumerate(basis))
        if (value != 0) {
          order.insert(dim);
          break;
        }
  order.insert(fallback.begin(), fallback.end());
  return SmallVector<unsigned>(order.begin(), order.end());
}

SmallVector<unsigned> mlir::triton::gpu::getMemoryOrder(RankedTensorType type) {
  if (auto blocked = dyn_cast<BlockedEncodingAttr>(type.getEncoding()))
    return SmallVector<unsigned>(blocked.getOrder());
  SmallVector<unsigned> rowMajor;
  for (int64_t dim = type.getRank() - 1; dim >= 0; --dim)
    rowMajor.push_back(dim);
  std::optional<LinearLayout> layout =
      toLinearLayout(type.getShape(), type.getEncoding());
  if (!layout)
    return rowMajor;
  return orderOfBases(*layout, "register",
                      orderOfBases(*layout, "lane", rowMajor));
}

NVMMASharedEncodingAttr mlir::triton::gpu::getNVMMASharedEncoding(
    MLIRContext *context, ArrayRef<int64_t> shape, ArrayRef<unsigned> order,
    const BasisList &cga, Type elementType) {
  SmallVector<int64_t> perCTA = getShapePerCTA(shape, cga);
  unsigned bitWidth = elementType.getIntOrFloatBitWidth();
  int64_t contiguousBytes = perCTA[order[0]] * bitWidth / 8;
  unsigned swizzle = 0;
  for (unsigned width : {128u, 64u, 32u})
    if (contiguousBytes >= width && contiguousBytes % width == 0) {
      swizzle = width;
      break;
    }
  // A swizzle pattern spans 8 rows of the contiguous dimension.
  int64_t rows = 1;
  for (unsigned dim : llvm::drop_begin(order))
    rows *= perCTA[dim];
  if (order.size() < 2 || rows < 8)
    swizzle = 0;
  unsigned rank = shape.size();
  bool transposed = rank >= 2 && order[0] == rank - 2;
  return NVMMASharedEncodingAttr::get(context, swizzle, transposed, bitWidth,
                                      /*fp4Padded=*/false, cga, rank);
}
