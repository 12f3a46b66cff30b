//===- LDSScratch.cpp - LDS a layout conversion takes on AMD GPUs ---------===//
//
// Both sizes are read off the linear layouts of the two tensors. Bases are
// handled flattened: an element's coordinates become one index with dim0 the
// fastest, so a basis vector is a bit mask and sets of bases are spans over
// GF(2).
//
//===----------------------------------------------------------------------===//

#include "passes/TritonAMDGPU/LDSScratch.h"

#include "dialects/Triton/IR/Dialect.h"
#include "dialects/TritonGPU/IR/Dialect.h"
#include "dialects/TritonGPU/IR/LinearLayoutConversions.h"
#include "passes/Analysis/Allocation.h"
#include "passes/Analysis/PaddedScratch.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>

using namespace mlir;
using namespace mlir::triton;
using mlir::triton::gpu::LinearLayout;

namespace {

using Bases = SmallVector<int32_t>;

std::optional<unsigned> bitWidthOf(RankedTensorType type) {
  Type elem = type.getElementType();
  if (isa<PointerType>(elem))
    return 64;
  if (elem.isIntOrFloat() && elem.getIntOrFloatBitWidth() > 0 &&
      elem.getIntOrFloatBitWidth() <= 128)
    return elem.getIntOrFloatBitWidth();
  return std::nullopt;
}

std::optional<LinearLayout> layoutOf(RankedTensorType type) {
  if (!type.getEncoding())
    return std::nullopt;
  return gpu::toLinearLayout(type.getShape(), type.getEncoding());
}

//===----------------------------------------------------------------------===//
// Spans over GF(2)
//===----------------------------------------------------------------------===//

/// The reduced row echelon form of `rows`, each row's pivot its lowest bit.
SmallVector<uint64_t> reducedEchelon(ArrayRef<int32_t> rows, int32_t dim) {
  SmallVector<uint64_t> m;
  for (int32_t r : rows)
    m.push_back(static_cast<uint32_t>(r));
  size_t next = 0;
  for (int32_t c = 0; c < dim && next < m.size(); ++c) {
    uint64_t bit = 1ull << c;
    size_t p = next;
    while (p < m.size() && !(m[p] & bit))
      ++p;
    if (p == m.size())
      continue;
    std::swap(m[next], m[p]);
    for (size_t i = 0; i < m.size(); ++i)
      if (i != next && (m[i] & bit))
        m[i] ^= m[next];
    ++next;
  }
  return m;
}

/// The vectors orthogonal to all of `vectors`, one per free column.
Bases nullspace(ArrayRef<int32_t> vectors, int32_t dim) {
  SmallVector<uint64_t> m = reducedEchelon(vectors, dim);
  llvm::SmallDenseSet<int32_t> pivots;
  for (uint64_t row : m)
    if (row)
      pivots.insert(llvm::countr_zero(row));
  Bases basis;
  for (int32_t c = 0; c < dim; ++c) {
    if (pivots.contains(c))
      continue;
    uint64_t v = 1ull << c;
    for (uint64_t row : m)
      if (row & (1ull << c))
        v ^= 1ull << llvm::countr_zero(row);
    basis.push_back(static_cast<int32_t>(v));
  }
  return basis;
}

/// A basis of the intersection of two spans. Unit vectors keep `a`'s order.
Bases intersect(ArrayRef<int32_t> a, ArrayRef<int32_t> b, int32_t dim) {
  auto isUnit = [](int32_t x) { return llvm::isPowerOf2_32(x); };
  if (llvm::all_of(a, isUnit) && llvm::all_of(b, isUnit)) {
    Bases result;
    for (int32_t x : a)
      if (llvm::is_contained(b, x))
        result.push_back(x);
    return result;
  }
  Bases joint = nullspace(a, dim);
  llvm::append_range(joint, nullspace(b, dim));
  return nullspace(joint, dim);
}

Bases withoutZeros(ArrayRef<int32_t> v) {
  Bases result;
  for (int32_t x : v)
    if (x != 0)
      result.push_back(x);
  return result;
}

//===----------------------------------------------------------------------===//
// Flattened layouts
//===----------------------------------------------------------------------===//

struct FlatLayout {
  Bases reg, lane, warp;
  int32_t dim = 0; // log2 of the number of elements
};

std::optional<FlatLayout> flatten(const LinearLayout &layout) {
  SmallVector<int32_t> shift;
  FlatLayout flat;
  for (const LinearLayout::OutDim &out : layout.getOutDims()) {
    shift.push_back(flat.dim);
    flat.dim += llvm::Log2_32(out.size);
  }
  if (flat.dim > 30)
    return std::nullopt;
  auto bases = [&](StringRef name) {
    Bases result;
    for (const LinearLayout::Basis &basis : layout.getBases(name)) {
      int32_t index = 0;
      for (size_t d = 0; d < basis.size(); ++d)
        index |= basis[d] << shift[d];
      result.push_back(index);
    }
    return result;
  };
  // Registers that repeat another register's element hold no data of their
  // own.
  flat.reg = withoutZeros(bases("register"));
  flat.lane = bases("lane");
  flat.warp = bases("warp");
  return flat;
}

/// The segment bases of a swizzled tile: after the unit vectors that neither
/// side's bank bases use, pairs of the bank bases only one side uses.
Bases segmentBases(ArrayRef<int32_t> bankSrc, ArrayRef<int32_t> bankDst,
                   int32_t dim, int32_t length) {
  llvm::SmallDenseSet<int32_t> src(bankSrc.begin(), bankSrc.end());
  llvm::SmallDenseSet<int32_t> dst(bankDst.begin(), bankDst.end());
  src.erase(0);
  dst.erase(0);
  Bases segment;
  for (int32_t b = 0; b < dim; ++b)
    if (!src.contains(1 << b) && !dst.contains(1 << b))
      segment.push_back(1 << b);
  if (static_cast<int32_t>(segment.size()) >= length) {
    segment.resize(length);
    return segment;
  }
  Bases onlySrc, onlyDst;
  for (int32_t v : src)
    if (!dst.contains(v))
      onlySrc.push_back(v);
  for (int32_t v : dst)
    if (!src.contains(v))
      onlyDst.push_back(v);
  if (onlySrc.size() > onlyDst.size())
    std::swap(onlySrc, onlyDst);
  llvm::sort(onlySrc);
  llvm::sort(onlyDst);
  int32_t small = onlySrc.size();
  int32_t conflicts = std::min<int32_t>(
      std::max<int32_t>(0, length - small - int32_t(segment.size())), small);
  for (int32_t i = conflicts; i < small; ++i)
    segment.push_back(onlySrc[i] ^ onlyDst[i]);
  segment.append(onlySrc.begin(), onlySrc.begin() + conflicts);
  segment.append(onlyDst.begin(), onlyDst.begin() + conflicts);
  if (static_cast<int32_t>(segment.size()) > length)
    segment.resize(length);
  return segment;
}

/// Elements of one round of the swizzled conversion: the tensor over the
/// segment bases that both sides hold in registers (those become rounds).
int64_t swizzledElements(const FlatLayout &src, const FlatLayout &dst,
                         unsigned bitWidth) {
  int32_t dim = src.dim;
  Bases vec = intersect(src.reg, dst.reg, dim);
  unsigned maxVecBases = llvm::Log2_32(128 / bitWidth);
  if (vec.size() > maxVecBases)
    vec.resize(maxVecBases);
  // Fill a 32-bit bank with registers that the other side spreads over
  // warps, then with warp bases.
  if ((1u << vec.size()) * bitWidth < 32) {
    unsigned basesPerBank = llvm::Log2_32(32 / bitWidth);
    Bases warpSrc = withoutZeros(src.warp), warpDst = withoutZeros(dst.warp);
    auto notInVec = [&](ArrayRef<int32_t> v) {
      Bases result;
      for (int32_t x : v)
        if (!llvm::is_contained(vec, x))
          result.push_back(x);
      return result;
    };
    Bases srcRegDstWarp = intersect(notInVec(src.reg), warpDst, dim);
    Bases dstRegSrcWarp = intersect(notInVec(dst.reg), warpSrc, dim);
    Bases largest;
    if (srcRegDstWarp.size() == dstRegSrcWarp.size() && !srcRegDstWarp.empty())
      largest =
          *llvm::min_element(srcRegDstWarp) < *llvm::min_element(dstRegSrcWarp)
              ? srcRegDstWarp
              : dstRegSrcWarp;
    else
      largest = srcRegDstWarp.size() > dstRegSrcWarp.size() ? srcRegDstWarp
                                                            : dstRegSrcWarp;
    llvm::append_range(vec, largest);
    if (vec.size() < basesPerBank)
      llvm::append_range(vec, intersect(warpSrc, warpDst, dim));
    for (size_t i = 0; vec.size() < basesPerBank &&
                       (i < warpSrc.size() || i < warpDst.size());
         ++i) {
      if (i < warpSrc.size() && !llvm::is_contained(vec, warpSrc[i]))
        vec.push_back(warpSrc[i]);
      if (vec.size() < basesPerBank && i < warpDst.size() &&
          !llvm::is_contained(vec, warpDst[i]))
        vec.push_back(warpDst[i]);
    }
    if (vec.size() > basesPerBank)
      vec.resize(basesPerBank);
  }
  int32_t vecBits = (1 << vec.size()) * bitWidth;
  unsigned log2Vec = llvm::Log2_32(std::max<int32_t>(1, vecBits / 32));
  auto bank = [&](ArrayRef<int32_t> lanes) {
    Bases result(vec.begin(), vec.end());
    size_t keep = lanes.size() > log2Vec ? lanes.size() - log2Vec : 0;
    result.append(lanes.begin(), lanes.begin() + keep);
    return result;
  };
  int32_t vecCount = vec.size();
  int32_t bankLength = std::min<int32_t>(
      llvm::Log2_32(std::max<int32_t>(1, 32 * 32 / vecBits)), dim - vecCount);
  int32_t segmentLength = dim - bankLength - vecCount;
  Bases segment =
      segmentBases(bank(src.lane), bank(dst.lane), dim, segmentLength);
  int32_t rounds = 0;
  for (int32_t s : segment)
    if (llvm::is_contained(src.reg, s) && llvm::is_contained(dst.reg, s))
      ++rounds;
  return int64_t(1) << (dim - rounds);
}

} // namespace

std::optional<int64_t> mlir::triton::amdgpu::getConvertLDSBytes(
    RankedTensorType srcType, RankedTensorType dstType, bool padded) {
  std::optional<unsigned> bitWidth = bitWidthOf(srcType);
  std::optional<LinearLayout> src = layoutOf(srcType), dst = layoutOf(dstType);
  if (!bitWidth || !src || !dst || srcType.getShape() != dstType.getShape())
    return std::nullopt;
  if (!cvtNeedsSharedMemory(srcType, dstType))
    return 0;
  int64_t elems;
  if (padded) {
    elems = getPaddedConvertTile(*src, *dst, *bitWidth).elements();
  } else {
    std::optional<FlatLayout> s = flatten(*src), d = flatten(*dst);
    if (!s || !d)
      return std::nullopt;
    elems = swizzledElements(*s, *d, *bitWidth);
  }
  return elems * *bitWidth / 8;
}

int64_t mlir::triton::amdgpu::getAMDScratchSizeInBytes(Operation *op) {
  if (auto cvt = dyn_cast<gpu::ConvertLayoutOp>(op)) {
    auto srcType = cast<RankedTensorType>(cvt.getSrc().getType());
    auto dstType = cast<RankedTensorType>(cvt.getType());
    if (std::optional<int64_t> bytes = getConvertLDSBytes(
            srcType, dstType, op->hasAttr(kPaddedScratchAttrName)))
      return *bytes;
  }
  return getScratchSizeInBytes(op);
}
