//===- SwizzledScratch.cpp - Triton's swizzled layout-conversion scratch --===//
//
// The planner works on flat indices numbered with dimension 0 fastest, as
// Triton flattens a linear layout's outputs, so that its ties go Triton's
// way; the plan is handed out in row-major flat indices.
//
//===----------------------------------------------------------------------===//

#include "passes/Analysis/SwizzledScratch.h"
#include "passes/Analysis/PaddedScratch.h"

#include "dialects/TritonGPU/IR/CTATiles.h"
#include "dialects/TritonGPU/IR/Dialect.h"
#include "dialects/TritonGPU/IR/LinearLayoutConversions.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/MathExtras.h"

#include <map>
#include <string>

using namespace mlir;
using namespace mlir::triton;
using mlir::triton::gpu::GF2Span;
using mlir::triton::gpu::LinearLayout;

namespace {

/// Flat indices numbered with dimension 0 fastest (as Triton flattens a
/// linear layout's outputs): the ties below are broken on these numbers, so
/// the choices are Triton's. `toDimZeroFastest[i]` is where row-major bit i
/// goes.
struct FlatOrder {
  SmallVector<unsigned> toDimZeroFastest, toRowMajor;

  explicit FlatOrder(ArrayRef<int64_t> shape) {
    unsigned rank = shape.size(), total = 0;
    SmallVector<unsigned> bits(rank);
    for (unsigned d = 0; d < rank; ++d) {
      bits[d] = llvm::Log2_64(shape[d]);
      total += bits[d];
    }
    toDimZeroFastest.resize(total);
    toRowMajor.resize(total);
    unsigned fastFirst = 0;
    for (unsigned d = 0; d < rank; ++d) {
      unsigned rowMajor = 0;
      for (unsigned e = d + 1; e < rank; ++e)
        rowMajor += bits[e];
      for (unsigned b = 0; b < bits[d]; ++b) {
        toDimZeroFastest[rowMajor + b] = fastFirst + b;
        toRowMajor[fastFirst + b] = rowMajor + b;
      }
      fastFirst += bits[d];
    }
  }

  static uint64_t permute(uint64_t value, ArrayRef<unsigned> to) {
    uint64_t result = 0;
    for (auto [bit, target] : llvm::enumerate(to))
      if (value >> bit & 1)
        result |= uint64_t(1) << target;
    return result;
  }
  SmallVector<uint64_t> dimZeroFastest(ArrayRef<uint64_t> values) const {
    return llvm::map_to_vector(
        values, [&](uint64_t v) { return permute(v, toDimZeroFastest); });
  }
};

/// The bases of `bases` other than zero.
SmallVector<uint64_t> withoutZeros(ArrayRef<uint64_t> bases) {
  SmallVector<uint64_t> result;
  for (uint64_t basis : bases)
    if (basis != 0)
      result.push_back(basis);
  return result;
}

/// The bases of `first` (in its order) that `second` also has.
SmallVector<uint64_t> commonBases(ArrayRef<uint64_t> first,
                                  ArrayRef<uint64_t> second) {
  SmallVector<uint64_t> result;
  for (uint64_t basis : first)
    if (basis != 0 && llvm::is_contained(second, basis) &&
        !llvm::is_contained(result, basis))
      result.push_back(basis);
  return result;
}

/// The unit vectors completing `bases` to the whole space of `totalBits`:
/// the columns that are not the lowest bit of any row of `bases` in echelon
/// form.
SmallVector<uint64_t> complementUnits(ArrayRef<uint64_t> bases,
                                      unsigned totalBits) {
  std::map<unsigned, uint64_t> rows; // lowest bit -> row
  for (uint64_t v : bases) {
    for (auto &[pivot, row] : rows)
      if (v >> pivot & 1)
        v ^= row;
    if (v)
      rows[llvm::countr_zero(v)] = v;
  }
  SmallVector<uint64_t> result;
  for (unsigned bit = 0; bit < totalBits; ++bit)
    if (!rows.count(bit))
      result.push_back(uint64_t(1) << bit);
  return result;
}

/// The segment bits (offsets above a 128-byte line): bits no lane of the
/// two phases touches first, then XORs pairing one side's phase lanes with
/// the other's (distinct banks for both sides), then, if still short, the
/// lanes themselves (conflicts, as few as can be).
SmallVector<uint64_t> pickSegment(ArrayRef<uint64_t> srcPhase,
                                  ArrayRef<uint64_t> dstPhase,
                                  unsigned totalBits, unsigned length) {
  llvm::SmallSetVector<uint64_t, 16> inSrc, inDst;
  for (uint64_t v : srcPhase)
    if (v)
      inSrc.insert(v);
  for (uint64_t v : dstPhase)
    if (v)
      inDst.insert(v);
  SmallVector<uint64_t> segment;
  for (unsigned bit = 0; bit < totalBits; ++bit) {
    uint64_t unit = uint64_t(1) << bit;
    if (!inSrc.contains(unit) && !inDst.contains(unit))
      segment.push_back(unit);
  }
  if (segment.size() >= length) {
    segment.resize(length);
    return segment;
  }
  SmallVector<uint64_t> onlySrc, onlyDst;
  for (uint64_t v : inSrc)
    if (!inDst.contains(v))
      onlySrc.push_back(v);
  for (uint64_t v : inDst)
    if (!inSrc.contains(v))
      onlyDst.push_back(v);
  if (onlySrc.size() > onlyDst.size())
    std::swap(onlySrc, onlyDst);
  llvm::sort(onlySrc);
  llvm::sort(onlyDst);
  int64_t fewer = onlySrc.size();
  int64_t conflicting = std::min<int64_t>(
      std::max<int64_t>(0, int64_t(length) - fewer - int64_t(segment.size())),
      fewer);
  for (int64_t i = conflicting; i < fewer; ++i)
    segment.push_back(onlySrc[i] ^ onlyDst[i]);
  segment.append(onlySrc.begin(), onlySrc.begin() + conflicting);
  segment.append(onlyDst.begin(), onlyDst.begin() + conflicting);
  if (segment.size() > length)
    segment.resize(length);
  return segment;
}

/// The scratch layout Triton 3.6 picks for plain loads and stores
/// (GenericSwizzling's optimalSwizzlingLdSt), in flat indices with
/// dimension 0 fastest: the flat vector of each offset bit, lowest first.
/// Offset bits are, from the lowest:
///  - the vector: register bases both layouts share, up to 16 bytes; under
///    4 bytes, registers of one side that are warp bases of the other (4
///    bytes per access on that side, and no conflict on the other, where
///    those bytes belong to other warps), then warp bases;
///  - the banks of a 128-byte line: what the vector and the segment leave,
///    one side's registers first while accesses are narrower than 16 bytes,
///    so that side's accesses widen;
///  - the segment (pickSegment), with the bits both sides hold in registers
///    last.
/// The count of those last bits goes in `bothRegisterBits`. Nullopt where a
/// register or warp basis is not a single element bit.
std::optional<SmallVector<uint64_t>>
planDimZeroFastest(const FlatLayout &src, const FlatLayout &dst,
                   unsigned totalBits, unsigned elementBits,
                   unsigned &bothRegisterBits) {
  SmallVector<uint64_t> regSrc = withoutZeros(src.registers),
                        regDst = withoutZeros(dst.registers),
                        warpSrc = withoutZeros(src.warps),
                        warpDst = withoutZeros(dst.warps);
  for (ArrayRef<uint64_t> bases : {regSrc, regDst, warpSrc, warpDst})
    if (!llvm::all_of(bases, llvm::isPowerOf2_64))
      return std::nullopt;
  SmallVector<uint64_t> vector = commonBases(regSrc, regDst);
  unsigned maxVector = llvm::Log2_32(128 / elementBits);
  if (vector.size() > maxVector)
    vector.resize(maxVector);
  std::optional<bool> srcFillsWord;
  if ((elementBits << vector.size()) < 32) {
    unsigned perWord = llvm::Log2_32(32 / elementBits);
    auto outsideVector = [&](ArrayRef<uint64_t> bases) {
      SmallVector<uint64_t> result;
      for (uint64_t basis : bases)
        if (!llvm::is_contained(vector, basis))
          result.push_back(basis);
      return result;
    };
    SmallVector<uint64_t> srcRegDstWarp =
        commonBases(outsideVector(regSrc), warpDst);
    SmallVector<uint64_t> dstRegSrcWarp =
        commonBases(outsideVector(regDst), warpSrc);
    if (srcRegDstWarp.size() == dstRegSrcWarp.size() &&
        !srcRegDstWarp.empty())
      srcFillsWord =
          *llvm::min_element(srcRegDstWarp) < *llvm::min_element(dstRegSrcWarp);
    else
      srcFillsWord = srcRegDstWarp.size() > dstRegSrcWarp.size();
    auto append = [&](uint64_t basis) {
      if (!llvm::is_contained(vector, basis))
        vector.push_back(basis);
    };
    for (uint64_t basis : *srcFillsWord ? srcRegDstWarp : dstRegSrcWarp)
      append(basis);
    if (vector.size() < perWord)
      for (uint64_t basis : commonBases(warpSrc, warpDst))
        append(basis);
    for (size_t i = 0; vector.size() < perWord &&
                       (i < warpSrc.size() || i < warpDst.size());
         ++i) {
      if (i < warpSrc.size())
        append(warpSrc[i]);
      if (vector.size() < perWord && i < warpDst.size())
        append(warpDst[i]);
    }
    if (vector.size() > perWord)
      vector.resize(perWord);
  }
  unsigned vectorBits = elementBits << vector.size();
  unsigned wordsLog2 = llvm::Log2_32(std::max(1u, vectorBits / 32));
  // The lanes of one phase of accesses on each side.
  auto phase = [&](ArrayRef<uint64_t> lanes) {
    SmallVector<uint64_t> result(vector);
    ArrayRef<uint64_t> phaseLanes =
        lanes.drop_back(std::min<size_t>(wordsLog2, lanes.size()));
    result.append(phaseLanes.begin(), phaseLanes.end());
    return result;
  };
  unsigned bankLength = std::min<unsigned>(
      llvm::Log2_32(std::max(1u, 1024 / vectorBits)),
      totalBits - vector.size());
  unsigned segmentLength = totalBits - bankLength - vector.size();
  SmallVector<uint64_t> segment = pickSegment(phase(src.lanes),
                                              phase(dst.lanes), totalBits,
                                              segmentLength);
  SmallVector<uint64_t> spanned(vector);
  spanned.append(segment);
  SmallVector<uint64_t> banks = complementUnits(spanned, totalBits);
  if (wordsLog2 < 2) {
    // One side's registers first among the bank bits: the side that filled
    // the word, or else the one with more of them there.
    SmallVector<uint64_t> srcFirst, dstFirst;
    for (uint64_t bank : banks) {
      if (llvm::is_contained(regSrc, bank))
        srcFirst.push_back(bank);
      if (llvm::is_contained(regDst, bank))
        dstFirst.push_back(bank);
    }
    bool useSrc = srcFillsWord ? *srcFillsWord
                               : srcFirst.size() > dstFirst.size();
    SmallVector<uint64_t> ordered = useSrc ? srcFirst : dstFirst;
    for (uint64_t bank : banks)
      if (!llvm::is_contained(ordered, bank))
        ordered.push_back(bank);
    banks = std::move(ordered);
  }
  SmallVector<uint64_t> result(vector);
  result.append(banks);
  SmallVector<uint64_t> bothRegisters;
  for (uint64_t v : segment) {
    if (llvm::is_contained(regSrc, v) && llvm::is_contained(regDst, v))
      bothRegisters.push_back(v);
    else
      result.push_back(v);
  }
  result.append(bothRegisters);
  bothRegisterBits = bothRegisters.size();
  GF2Span check;
  for (uint64_t v : result)
    if (!check.insert(v))
      return std::nullopt;
  if (check.size() != totalBits)
    return std::nullopt;
  return result;
}

} // namespace

FlatLayout::FlatLayout(const LinearLayout &layout, ArrayRef<int64_t> shape) {
  auto flat = [&](StringRef dim) {
    SmallVector<uint64_t> result;
    for (const LinearLayout::Basis &basis : layout.getBases(dim)) {
      uint64_t index = 0;
      for (auto [c, size] : llvm::zip(basis, shape))
        index = (index << llvm::Log2_64(size)) | static_cast<uint64_t>(c);
      result.push_back(index);
    }
    return result;
  };
  registers = flat("register");
  lanes = flat("lane");
  warps = flat("warp");
}

std::optional<SwizzledScratch>
mlir::triton::planSwizzledScratch(const FlatLayout &src, const FlatLayout &dst,
                                  ArrayRef<int64_t> shape,
                                  unsigned elementBits) {
  FlatOrder order(shape);
  auto dimZeroFastest = [&](FlatLayout layout) {
    layout.registers = order.dimZeroFastest(layout.registers);
    layout.lanes = order.dimZeroFastest(layout.lanes);
    layout.warps = order.dimZeroFastest(layout.warps);
    return layout;
  };
  unsigned totalBits = order.toRowMajor.size();
  SwizzledScratch plan;
  unsigned bothRegisterBits = 0;
  std::optional<SmallVector<uint64_t>> bases =
      planDimZeroFastest(dimZeroFastest(src), dimZeroFastest(dst), totalBits,
                         elementBits, bothRegisterBits);
  if (!bases)
    return std::nullopt;
  for (uint64_t v : *bases)
    plan.offsetBases.push_back(FlatOrder::permute(v, order.toRowMajor));
  // The bits both sides hold in registers are rounds, provided no lane or
  // warp reaches them (each thread then walks the same tile every round).
  plan.roundBits = bothRegisterBits;
  GF2Span span;
  for (uint64_t v : plan.offsetBases)
    span.insert(v);
  uint64_t roundMask = ((uint64_t(1) << plan.roundBits) - 1)
                       << plan.tileBits();
  for (const FlatLayout *layout : {&src, &dst})
    for (ArrayRef<uint64_t> bases : {ArrayRef<uint64_t>(layout->lanes),
                                     ArrayRef<uint64_t>(layout->warps)})
      for (uint64_t v : bases)
        if (*span.decompose(v) & roundMask)
          plan.roundBits = 0;
  return plan;
}

bool mlir::triton::hasMatrixRows(const FlatLayout &src, const FlatLayout &dst,
                                 unsigned elementBits) {
  if (elementBits != 16 || dst.registers.size() < 3 || dst.lanes.size() != 5)
    return false;
  SmallVector<uint64_t> row = {dst.registers[0], dst.lanes[0], dst.lanes[1]};
  return llvm::all_of(row, [&](uint64_t bit) {
    return llvm::isPowerOf2_64(bit) && llvm::count(row, bit) == 1 &&
           llvm::is_contained(src.registers, bit);
  });
}

std::optional<int64_t>
mlir::triton::getConvertScratchElements(RankedTensorType srcType,
                                        RankedTensorType dstType,
                                        unsigned elementBits, bool padded,
                                        bool matrixLoads) {
  if (!srcType.getEncoding() || !dstType.getEncoding())
    return std::nullopt;
  std::optional<LinearLayout> src =
      gpu::toLinearLayout(srcType.getShape(), srcType.getEncoding());
  std::optional<LinearLayout> dst =
      gpu::toLinearLayout(dstType.getShape(), dstType.getEncoding());
  if (!src || !dst)
    return std::nullopt;
  if (padded)
    return getPaddedConvertTile(*src, *dst, elementBits).elements();
  // Each CTA of a cluster converts its own tile (the lowering refuses
  // conversions between CTAs).
  std::string reason;
  std::optional<SmallVector<int64_t>> shape =
      gpu::getCTATileShape(*src, reason);
  if (!shape)
    return std::nullopt;
  int64_t elements = 1;
  for (int64_t size : *shape)
    elements *= size;
  src = gpu::getCTATileLayout(*src, *shape, reason);
  dst = gpu::getCTATileLayout(*dst, *shape, reason);
  if (!src || !dst)
    return elements;
  FlatLayout srcFlat(*src, *shape), dstFlat(*dst, *shape);
  if (matrixLoads && hasMatrixRows(srcFlat, dstFlat, elementBits))
    return elements;
  std::optional<SwizzledScratch> plan =
      planSwizzledScratch(srcFlat, dstFlat, *shape, elementBits);
  if (!plan)
    return elements;
  return elements >> plan->roundBits;
}
