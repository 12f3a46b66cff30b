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

/// Each side's register and warp bases other than zero, where all are
/// single element bits (the planners take no other).
struct SingleBitBases {
  SmallVector<uint64_t> regSrc, regDst, warpSrc, warpDst;
};
std::optional<SingleBitBases> singleBitBases(const FlatLayout &src,
                                             const FlatLayout &dst) {
  SingleBitBases result{withoutZeros(src.registers), withoutZeros(dst.registers),
                        withoutZeros(src.warps), withoutZeros(dst.warps)};
  for (ArrayRef<uint64_t> bases : {result.regSrc, result.regDst,
                                   result.warpSrc, result.warpDst})
    if (!llvm::all_of(bases, llvm::isPowerOf2_64))
      return std::nullopt;
  return result;
}

/// The scratch layout from its vector and each side's lanes of one phase
/// of accesses (the vector's bases included): offset bits are, from the
/// lowest, the vector, the banks of a 128-byte line (what the vector and the
/// segment leave, in `bankOrder`'s order where given), then the segment
/// (pickSegment), with the bits both sides hold in registers last: their
/// count is `rounds`. The first `keptInSegment` of those bits stay in the
/// segment instead, so that a round holds the registers of whole .x4
/// matrix accesses. Nullopt where the bases are dependent.
struct PhasedLayout {
  SmallVector<uint64_t> bases;
  unsigned segmentStart = 0, rounds = 0;

  ArrayRef<uint64_t> segment() const {
    return ArrayRef<uint64_t>(bases).slice(
        segmentStart, bases.size() - segmentStart - rounds);
  }
};
std::optional<PhasedLayout>
layoutFromPhases(ArrayRef<uint64_t> vector, ArrayRef<uint64_t> srcPhase,
                 ArrayRef<uint64_t> dstPhase, ArrayRef<uint64_t> regSrc,
                 ArrayRef<uint64_t> regDst, unsigned totalBits,
                 unsigned elementBits,
                 function_ref<void(SmallVectorImpl<uint64_t> &)> bankOrder,
                 unsigned keptInSegment = 0) {
  unsigned vectorBits = elementBits << vector.size();
  unsigned bankLength = std::min<unsigned>(
      llvm::Log2_32(std::max(1u, 1024 / vectorBits)),
      totalBits - vector.size());
  unsigned segmentLength = totalBits - bankLength - vector.size();
  SmallVector<uint64_t> segment =
      pickSegment(srcPhase, dstPhase, totalBits, segmentLength);
  SmallVector<uint64_t> spanned(vector);
  spanned.append(segment);
  SmallVector<uint64_t> banks = complementUnits(spanned, totalBits);
  if (bankOrder)
    bankOrder(banks);
  SmallVector<uint64_t> result(vector);
  result.append(banks);
  SmallVector<uint64_t> bothRegisters;
  for (uint64_t v : segment) {
    bool both = llvm::is_contained(regSrc, v) && llvm::is_contained(regDst, v);
    if (both && keptInSegment == 0) {
      bothRegisters.push_back(v);
      continue;
    }
    if (both)
      --keptInSegment;
    result.push_back(v);
  }
  result.append(bothRegisters);
  GF2Span check;
  for (uint64_t v : result)
    if (!check.insert(v))
      return std::nullopt;
  if (check.size() != totalBits)
    return std::nullopt;
  return PhasedLayout{std::move(result),
                      unsigned(vector.size()) + bankLength,
                      unsigned(bothRegisters.size())};
}

/// The scratch layout Triton 3.6 picks for plain loads and stores
/// (GenericSwizzling's optimalSwizzlingLdSt), in flat indices with
/// dimension 0 fastest: the flat vector of each offset bit, lowest first.
/// The vector holds the register bases both layouts share, up to 16 bytes;
/// under 4 bytes, registers of one side that are warp bases of the other
/// (4 bytes per access on that side, and no conflict on the other, where
/// those bytes belong to other warps), then warp bases. While accesses are
/// narrower than 16 bytes, one side's registers come first among the bank
/// bits, so that side's accesses widen. Nullopt where a register or warp
/// basis is not a single element bit.
std::optional<PhasedLayout> planDimZeroFastest(const FlatLayout &src,
                                               const FlatLayout &dst,
                                               unsigned totalBits,
                                               unsigned elementBits) {
  std::optional<SingleBitBases> bases = singleBitBases(src, dst);
  if (!bases)
    return std::nullopt;
  const SmallVector<uint64_t> &regSrc = bases->regSrc, &regDst = bases->regDst,
                              &warpSrc = bases->warpSrc,
                              &warpDst = bases->warpDst;
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
  auto bankOrder = [&](SmallVectorImpl<uint64_t> &banks) {
    if (wordsLog2 >= 2)
      return;
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
    banks.assign(ordered.begin(), ordered.end());
  };
  return layoutFromPhases(vector, phase(src.lanes), phase(dst.lanes), regSrc,
                          regDst, totalBits, elementBits, bankOrder);
}

/// An instruction's 16-byte access as Triton 3.6 describes it
/// (LocalMemOpTile): the lanes whose elements follow the registers' in one
/// contiguous 16 bytes (`laneContig`; the registers come first, as many as
/// the bytes left), and the lanes giving the 8 addresses of one phase
/// (`laneAddr`; registers first, as many as the three bits left).
struct AccessTile {
  ScratchAccess access;
  SmallVector<unsigned> laneContig, laneAddr;
};

SmallVector<AccessTile> accessTiles(unsigned elementBits, bool matrices) {
  SmallVector<AccessTile> tiles = {{ScratchAccess::Plain, {}, {0, 1, 2}}};
  if (matrices && elementBits <= 32)
    tiles.push_back({ScratchAccess::Matrix, {0, 1}, {2, 3, 4}});
  if (matrices && elementBits == 16)
    tiles.push_back({ScratchAccess::MatrixTransposed, {2, 3, 4}, {0, 1}});
  return tiles;
}

/// A flat element index as a combination of a layout's register and lane
/// inputs (bit i of each: that input basis), over its bases other than
/// zero; nullopt where they are dependent or do not reach `flat`.
struct LayoutCoordinates {
  uint64_t registers = 0, lanes = 0;
};
std::optional<LayoutCoordinates> coordinatesOf(const FlatLayout &layout,
                                               uint64_t flat) {
  GF2Span span;
  SmallVector<std::pair<unsigned, unsigned>> owner; // (dim, index)
  auto add = [&](ArrayRef<uint64_t> bases, unsigned dim) {
    for (auto [i, v] : llvm::enumerate(bases)) {
      if (v == 0)
        continue;
      if (!span.insert(v))
        return false;
      owner.push_back({dim, unsigned(i)});
    }
    return true;
  };
  if (!add(layout.registers, 0) || !add(layout.lanes, 1) ||
      !add(layout.warps, 2))
    return std::nullopt;
  std::optional<uint64_t> combination = span.decompose(flat);
  if (!combination)
    return std::nullopt;
  LayoutCoordinates result;
  for (auto [i, input] : llvm::enumerate(owner)) {
    if (!(*combination >> i & 1))
      continue;
    if (input.first == 0)
      result.registers |= uint64_t(1) << input.second;
    else if (input.first == 1)
      result.lanes |= uint64_t(1) << input.second;
  }
  return result;
}

/// The contiguous 16 bytes two instructions' tiles can share (Triton's
/// optimalSwizzlingTile): register bases of both, as many as the side
/// with fewer registers in its tile takes, then that side's contiguous
/// lanes; the other side must hold its extra elements in registers and
/// its contiguous lanes in the same lanes. Nullopt where they cannot.
std::optional<SmallVector<uint64_t>>
shareTile(const FlatLayout &a, const FlatLayout &b, unsigned regsA,
          unsigned regsB, ArrayRef<unsigned> lanesA, ArrayRef<unsigned> lanesB) {
  if (regsA < regsB)
    return shareTile(b, a, regsB, regsA, lanesB, lanesA);
  SmallVector<uint64_t> vector =
      commonBases(withoutZeros(a.registers), withoutZeros(b.registers));
  if (vector.size() < regsB)
    return std::nullopt;
  vector.resize(regsB);
  if (llvm::any_of(lanesA, [&](unsigned l) { return a.lanes[l] == 0; }) ||
      llvm::any_of(lanesB, [&](unsigned l) { return b.lanes[l] == 0; }))
    return std::nullopt;
  // A without its repeated registers, as Triton removes them.
  FlatLayout aInputs = a;
  aInputs.registers = withoutZeros(a.registers);
  for (unsigned i = 0; i < regsA - regsB; ++i) {
    std::optional<LayoutCoordinates> c =
        coordinatesOf(aInputs, b.lanes[lanesB[i]]);
    if (!c || c->registers == 0)
      return std::nullopt;
  }
  for (auto [laneA, laneB] :
       llvm::zip(lanesA, ArrayRef<unsigned>(lanesB).take_back(lanesA.size()))) {
    std::optional<LayoutCoordinates> c = coordinatesOf(aInputs, b.lanes[laneB]);
    if (!c || c->lanes != (uint64_t(1) << laneA))
      return std::nullopt;
  }
  for (unsigned lane : lanesB)
    vector.push_back(b.lanes[lane]);
  return vector;
}

/// The 8 flat indices' bases one phase of `tile`'s accesses reaches on a
/// side: registers outside the vector, then the address lanes (Triton's
/// getTile). Nullopt where the side has too few registers.
std::optional<SmallVector<uint64_t>> phaseTile(const AccessTile &tile,
                                               ArrayRef<uint64_t> registers,
                                               ArrayRef<uint64_t> lanes,
                                               ArrayRef<uint64_t> vector) {
  SmallVector<uint64_t> result;
  unsigned needed = 3 - tile.laneAddr.size();
  for (uint64_t r : registers) {
    if (result.size() == needed)
      break;
    if (!llvm::is_contained(vector, r))
      result.push_back(r);
  }
  if (result.size() < needed)
    return std::nullopt;
  for (unsigned lane : tile.laneAddr)
    result.push_back(lanes[lane]);
  return result;
}

/// The dimension of the intersection of two spans.
unsigned sharedDimensions(ArrayRef<uint64_t> a, ArrayRef<uint64_t> b) {
  GF2Span sa, sb, both;
  for (uint64_t v : a) {
    sa.insert(v);
    both.insert(v);
  }
  for (uint64_t v : b) {
    sb.insert(v);
    both.insert(v);
  }
  return sa.size() + sb.size() - both.size();
}

/// Triton 3.6's choice among the instruction pairs (optimalSwizzling with
/// tiles): every pair of a store tile and a load tile that can share a
/// contiguous 16 bytes gives a layout; the one with the fewest bank
/// conflicts wins (the segment bits one phase of accesses reaches), then
/// the one with more rounds, then the first. Nullopt where no pair can.
struct TiledLayout {
  PhasedLayout layout;
  ScratchAccess store, load;
};
std::optional<TiledLayout> planWithTiles(const FlatLayout &src,
                                         const FlatLayout &dst,
                                         unsigned totalBits,
                                         unsigned elementBits,
                                         ScratchMatrices matrices) {
  std::optional<SingleBitBases> bases = singleBitBases(src, dst);
  if (!bases)
    return std::nullopt;
  const SmallVector<uint64_t> &regSrc = bases->regSrc, &regDst = bases->regDst;
  if (src.lanes.size() != 5 || dst.lanes.size() != 5)
    return std::nullopt;
  unsigned vectorLog2 = llvm::Log2_32(128 / elementBits);
  std::optional<TiledLayout> best;
  unsigned bestConflicts = 0;
  for (const AccessTile &store : accessTiles(elementBits, matrices.stores)) {
    for (const AccessTile &load : accessTiles(elementBits, matrices.loads)) {
      std::optional<SmallVector<uint64_t>> vector = shareTile(
          src, dst, vectorLog2 - store.laneContig.size(),
          vectorLog2 - load.laneContig.size(), store.laneContig,
          load.laneContig);
      if (!vector)
        continue;
      std::optional<SmallVector<uint64_t>> tileSrc =
          phaseTile(store, regSrc, src.lanes, *vector);
      std::optional<SmallVector<uint64_t>> tileDst =
          phaseTile(load, regDst, dst.lanes, *vector);
      if (!tileSrc || !tileDst)
        continue;
      SmallVector<uint64_t> phaseSrc(*vector), phaseDst(*vector);
      phaseSrc.append(*tileSrc);
      phaseDst.append(*tileDst);
      // With matrices on both sides, two register bits both hold stay in
      // each round (Triton 3.6 does, since its fix of ldmatrix/stmatrix
      // vectorisation): rounds of fewer registers would split the .x4
      // accesses. Ties on rounds then often go to the plain pair.
      bool bothMatrices = store.access != ScratchAccess::Plain &&
                          load.access != ScratchAccess::Plain;
      std::optional<PhasedLayout> layout = layoutFromPhases(
          *vector, phaseSrc, phaseDst, regSrc, regDst, totalBits, elementBits,
          nullptr, bothMatrices ? 2 : 0);
      if (!layout)
        continue;
      unsigned conflicts =
          ((1u << sharedDimensions(layout->segment(), *tileSrc)) - 1) +
          ((1u << sharedDimensions(layout->segment(), *tileDst)) - 1);
      if (best && (conflicts > bestConflicts ||
                   (conflicts == bestConflicts &&
                    layout->rounds <= best->layout.rounds)))
        continue;
      best = TiledLayout{std::move(*layout), store.access, load.access};
      bestConflicts = conflicts;
    }
  }
  return best;
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
                                  ArrayRef<int64_t> shape, unsigned elementBits,
                                  ScratchMatrices matrices) {
  FlatOrder order(shape);
  auto dimZeroFastest = [&](FlatLayout layout) {
    layout.registers = order.dimZeroFastest(layout.registers);
    layout.lanes = order.dimZeroFastest(layout.lanes);
    layout.warps = order.dimZeroFastest(layout.warps);
    return layout;
  };
  unsigned totalBits = order.toRowMajor.size();
  SwizzledScratch plan;
  std::optional<PhasedLayout> layout;
  // With matrix instructions on either side, Triton picks among the
  // instruction pairs; plain accesses where no pair shares 16 bytes.
  if (matrices.stores || matrices.loads) {
    if (std::optional<TiledLayout> tiled =
            planWithTiles(dimZeroFastest(src), dimZeroFastest(dst), totalBits,
                          elementBits, matrices)) {
      layout = std::move(tiled->layout);
      plan.store = tiled->store;
      plan.load = tiled->load;
    }
  }
  if (!layout)
    layout = planDimZeroFastest(dimZeroFastest(src), dimZeroFastest(dst),
                                totalBits, elementBits);
  if (!layout)
    return std::nullopt;
  for (uint64_t v : layout->bases)
    plan.offsetBases.push_back(FlatOrder::permute(v, order.toRowMajor));
  // The bits both sides hold in registers are rounds, provided no lane or
  // warp reaches them (each thread then walks the same tile every round).
  plan.roundBits = layout->rounds;
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

std::optional<int64_t> mlir::triton::getConvertScratchElements(
    RankedTensorType srcType, RankedTensorType dstType, unsigned elementBits,
    bool padded, ScratchMatrices matrices, int64_t *rounds) {
  if (rounds)
    *rounds = 1;
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
  std::optional<SwizzledScratch> plan =
      planSwizzledScratch(srcFlat, dstFlat, *shape, elementBits, matrices);
  if (!plan)
    return elements;
  if (rounds)
    *rounds = int64_t(1) << plan->roundBits;
  return elements >> plan->roundBits;
}
