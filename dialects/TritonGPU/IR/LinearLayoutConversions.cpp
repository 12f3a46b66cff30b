//===- LinearLayoutConversions.cpp - Layout encodings as linear layouts ---===//
//
// Follows Triton 3.6's LinearLayoutConversions.cpp: a CTA-level layout is
// built from the encoding's parameters, then fitted to the per-CTA shape
// (repeated in registers where the tensor is larger, broadcast where it is
// smaller) and multiplied by the CGA layout of the block dimension.
//
//===----------------------------------------------------------------------===//

#include "dialects/TritonGPU/IR/LinearLayoutConversions.h"
#include "dialects/TritonGPU/IR/Dialect.h"
#include "dialects/TritonGPU/IR/LinearLayoutCache.h"

#include "llvm/ADT/TypeSwitch.h"

#include <map>
#include <set>

using namespace mlir;
using namespace mlir::triton::gpu;

namespace {
using Shape = std::map<std::string, int64_t>;
constexpr const char *kRegister = "register";
constexpr const char *kLane = "lane";
constexpr const char *kWarp = "warp";
constexpr const char *kBlock = "block";
constexpr const char *kOffset = "offset";
} // namespace

SmallVector<std::string> mlir::triton::gpu::standardOutDimNames(unsigned rank) {
  SmallVector<std::string> names;
  for (unsigned i = 0; i < rank; ++i)
    names.push_back("dim" + std::to_string(i));
  return names;
}

static bool isPowerOf2(int64_t value) {
  return value > 0 && (value & (value - 1)) == 0;
}

/// `inDim` laid over the dimensions of `shape`, fastest-varying first in
/// `order`.
static LinearLayout identityStandardND(StringRef inDim,
                                       ArrayRef<unsigned> shape,
                                       ArrayRef<unsigned> order) {
  SmallVector<std::string> names = standardOutDimNames(shape.size());
  LinearLayout layout;
  for (unsigned dim : order)
    layout *= LinearLayout::identity1D(shape[dim], inDim, names[dim]);
  return layout;
}

/// Repeats the layout along its first input dimension (registers or
/// offsets) where it is smaller than `shape`.
static LinearLayout ensureLayoutNotSmallerThan(const LinearLayout &layout,
                                               const Shape &shape) {
  if (layout.getInDims().empty())
    return layout;
  std::string kDim = layout.getInDims().front().name;
  LinearLayout result = layout;
  for (const std::string &out : layout.getOutDimNames()) {
    int64_t actual = layout.getOutDimSize(out);
    int64_t desired = shape.at(out);
    if (desired > actual)
      result *= LinearLayout::identity1D(desired / actual, kDim, out);
  }
  return result;
}

/// Broadcasts the layout where it is larger than `shape`: bases that reach
/// past the shape become 0 (repeated registers, shared lanes and warps).
static LinearLayout ensureLayoutNotLargerThan(const LinearLayout &layout,
                                              const Shape &shape) {
  std::vector<LinearLayout::InDim> inDims(layout.getInDims().begin(),
                                          layout.getInDims().end());
  std::vector<LinearLayout::OutDim> outDims(layout.getOutDims().begin(),
                                            layout.getOutDims().end());
  for (auto [j, out] : llvm::enumerate(outDims)) {
    int64_t desired = shape.at(out.name);
    if (out.size <= desired)
      continue;
    for (LinearLayout::InDim &in : inDims)
      for (LinearLayout::Basis &basis : in.bases)
        if (basis[j] >= desired)
          basis[j] = 0;
    out.size = desired;
  }
  // Zeroing entries keeps every basis inside the smaller sizes.
  return *LinearLayout::get(std::move(inDims), std::move(outDims));
}

/// Fits a CTA layout to `shape` split over the CTAs of `cga` and adds the
/// block dimension.
static std::optional<LinearLayout>
combineCtaCgaWithShape(LinearLayout ctaLayout, const BasisList &cga,
                       ArrayRef<int64_t> shape) {
  SmallVector<std::string> names = standardOutDimNames(shape.size());
  Shape labeled;
  for (auto [name, size] : llvm::zip(names, shape)) {
    if (!isPowerOf2(size))
      return std::nullopt;
    labeled[name] = size;
  }
  std::vector<LinearLayout::Basis> blockBases;
  for (const auto &basis : cga.bases) {
    if (basis.size() != shape.size())
      return std::nullopt;
    blockBases.emplace_back(basis.begin(), basis.end());
  }
  std::optional<LinearLayout> cgaLayout = LinearLayout::getWithInferredSizes(
      {{kBlock, std::move(blockBases)}}, names);
  if (!cgaLayout)
    return std::nullopt;
  LinearLayout cgaFitted = ensureLayoutNotLargerThan(*cgaLayout, labeled)
                               .transposeOuts(ctaLayout.getOutDimNames());
  Shape ctaShape;
  for (const std::string &name : names)
    ctaShape[name] =
        std::max<int64_t>(1, labeled[name] / cgaFitted.getOutDimSize(name));
  ctaLayout = ensureLayoutNotSmallerThan(ctaLayout, ctaShape);
  ctaLayout = ensureLayoutNotLargerThan(ctaLayout, ctaShape);
  return (ctaLayout * cgaFitted).transposeOuts(names);
}

/// `order` of a matrix of rank `rank`: [rank-1, ..., 0], with the two
/// innermost swapped when not row-major.
static SmallVector<unsigned> getMatrixOrder(unsigned rank, bool rowMajor) {
  SmallVector<unsigned> order;
  for (unsigned i = rank; i > 0; --i)
    order.push_back(i - 1);
  if (!rowMajor)
    std::swap(order[0], order[1]);
  return order;
}

/// The register and lane tile of NVIDIA MMA: kWidth registers and 4 lanes
/// along the inner dimension, 8 lanes along the outer one, then repeats.
static LinearLayout nvidiaMmaTile(ArrayRef<unsigned> tileShape, unsigned kWidth,
                                  ArrayRef<unsigned> order) {
  unsigned rank = tileShape.size();
  SmallVector<std::string> names = standardOutDimNames(rank);
  SmallVector<unsigned> trivial(rank, 1);
  LinearLayout layout = identityStandardND(kRegister, trivial, order);
  unsigned inner = order[0], outer = order[1];
  int32_t m = tileShape[outer], n = tileShape[inner];
  layout *= LinearLayout::identity1D(kWidth, kRegister, names[inner]);
  layout *= LinearLayout::identity1D(4, kLane, names[inner]);
  layout *= LinearLayout::identity1D(8, kLane, names[outer]);
  layout *= LinearLayout::identity1D(m / 8, kRegister, names[outer]);
  layout *= LinearLayout::identity1D(n / (kWidth * 4), kRegister, names[inner]);
  return layout;
}

/// Warps of a dot operand: those of the MMA, broadcast along K.
static LinearLayout broadcastedAlong(StringRef inDim, ArrayRef<unsigned> shape,
                                     ArrayRef<unsigned> order, unsigned kDim) {
  SmallVector<std::string> names = standardOutDimNames(shape.size());
  LinearLayout layout;
  for (unsigned dim : order)
    layout *= dim == kDim
                  ? LinearLayout::zeros1D(shape[dim], inDim, names[dim])
                  : LinearLayout::identity1D(shape[dim], inDim, names[dim]);
  return layout;
}

/// Layout parameters small enough for 32-bit bases.
static bool allPowersOf2(ArrayRef<unsigned> values) {
  return llvm::all_of(
      values, [](unsigned v) { return isPowerOf2(v) && v <= (1u << 20); });
}

static std::optional<LinearLayout>
blockedToLinearLayout(ArrayRef<int64_t> shape, BlockedEncodingAttr blocked) {
  if (!allPowersOf2(blocked.getSizePerThread()) ||
      !allPowersOf2(blocked.getThreadsPerWarp()) ||
      !allPowersOf2(blocked.getWarpsPerCTA()))
    return std::nullopt;
  ArrayRef<unsigned> order = blocked.getOrder();
  LinearLayout cta =
      identityStandardND(kRegister, blocked.getSizePerThread(), order) *
      identityStandardND(kLane, blocked.getThreadsPerWarp(), order) *
      identityStandardND(kWarp, blocked.getWarpsPerCTA(), order);
  return combineCtaCgaWithShape(cta, blocked.getCGALayout(), shape);
}

static std::optional<LinearLayout>
mmaToLinearLayout(ArrayRef<int64_t> shape, NvidiaMmaEncodingAttr mma) {
  unsigned rank = shape.size();
  if (rank < 2 || !allPowersOf2(mma.getWarpsPerCTA()) ||
      !allPowersOf2(mma.getInstrShape()))
    return std::nullopt;
  bool hopper = mma.getVersionMajor() == 3;
  SmallVector<unsigned> tileShape(rank, 1);
  ArrayRef<unsigned> instr = mma.getInstrShape();
  if (hopper) {
    tileShape[rank - 2] = instr[0];
    tileShape[rank - 1] = instr[1];
  } else {
    if (instr.size() < 2)
      return std::nullopt;
    tileShape[rank - 2] = instr[instr.size() - 2];
    tileShape[rank - 1] = instr[instr.size() - 1];
  }
  if (tileShape[rank - 2] % 8 != 0 || tileShape[rank - 1] % 8 != 0)
    return std::nullopt;
  LinearLayout cta =
      nvidiaMmaTile(tileShape, /*kWidth=*/2, getMatrixOrder(rank, true));
  cta *= identityStandardND(kWarp, mma.getWarpsPerCTA(),
                            getMatrixOrder(rank, /*rowMajor=*/!hopper));
  return combineCtaCgaWithShape(cta, mma.getCGALayout(), shape);
}

/// AMD MFMA results: a 32x32, 16x16, 64x4 or 4x64 tile per warp (64 lanes),
/// registers along M (along N when transposed), warps fastest along N. A
/// lane holds 4 consecutive elements along the registers' side; the lanes
/// go along the other side, then (when that side is narrower than 64) over
/// groups of 4 along the registers' side; further registers repeat that.
static std::optional<LinearLayout>
mfmaToLinearLayout(ArrayRef<int64_t> shape, AMDMfmaEncodingAttr mfma) {
  unsigned rank = shape.size();
  ArrayRef<unsigned> instr = mfma.getInstrShape();
  if (rank < 2 || rank > 3 || mfma.getElementBitWidth() != 32 ||
      !allPowersOf2(mfma.getWarpsPerCTA()) ||
      llvm::any_of(mfma.getTilesPerWarp(), [](unsigned t) { return t != 1; }))
    return std::nullopt;
  SmallVector<std::string> names = standardOutDimNames(rank);
  // Bases as (N, M): dimN is the fastest-varying dimension.
  SmallVector<unsigned> order = getMatrixOrder(rank, /*rowMajor=*/true);
  if (instr.size() < 2 || instr[0] * instr[1] < 256 ||
      !llvm::is_contained({32u, 16u, 64u, 4u}, instr[0]) ||
      !llvm::is_contained({32u, 16u, 64u, 4u}, instr[1]))
    return std::nullopt;
  bool transposed = mfma.getIsTransposed();
  // Built as (lanes' side, registers' side), then put as (N, M).
  int32_t laneSide = transposed ? instr[0] : instr[1];
  int32_t regSide = transposed ? instr[1] : instr[0];
  std::vector<LinearLayout::Basis> regs = {{0, 1}, {0, 2}}, lanes;
  for (int32_t i = 1; i < laneSide; i *= 2)
    lanes.push_back({i, 0});
  int32_t next = 4;
  for (int32_t group = 1; group < 64 / laneSide; group *= 2, next *= 2)
    lanes.push_back({0, next});
  for (; next < regSide; next *= 2)
    regs.push_back({0, next});
  if (transposed)
    for (auto *bases : {&regs, &lanes})
      for (LinearLayout::Basis &basis : *bases)
        std::swap(basis[0], basis[1]);
  std::vector<LinearLayout::OutDim> outDims = {
      {names[order[0]], int32_t(instr[1])},
      {names[order[1]], int32_t(instr[0])}};
  std::optional<LinearLayout> tile = LinearLayout::get(
      {{kRegister, std::move(regs)}, {kLane, std::move(lanes)}},
      std::move(outDims));
  if (!tile)
    return std::nullopt;
  if (rank == 3) {
    *tile *= LinearLayout::identity1D(1, kRegister, names[order[2]]);
    *tile *= LinearLayout::identity1D(1, kLane, names[order[2]]);
  }
  LinearLayout cta =
      *tile * identityStandardND(kWarp, mfma.getWarpsPerCTA(), order);
  return combineCtaCgaWithShape(cta, mfma.getCGALayout(), shape);
}

/// Operands of AMD MFMA (2-D): within a tile, each lane holds kWidth
/// consecutive K elements of one row of A (column of B); the instruction's
/// nonK rows (M for A, N for B: 32, 16, 64 or 4) go over the low lanes and
/// the K groups over the high ones, so a tile spans kWidth * 64 / nonK
/// along K. The 64-wide operand of a 64x4 or 4x64 instruction (no K groups)
/// holds 16 such runs in registers, one for each block of the other
/// operand. Registers then repeat along K over the whole operand, and the
/// MFMA's warps are broadcast along K.
static std::optional<LinearLayout>
mfmaDotToLinearLayout(ArrayRef<int64_t> shape, DotOperandEncodingAttr dot,
                      AMDMfmaEncodingAttr mfma) {
  ArrayRef<unsigned> instr = mfma.getInstrShape();
  unsigned kWidth = dot.getKWidth();
  if (shape.size() != 2 || dot.getOpIdx() > 1 || !isPowerOf2(kWidth) ||
      kWidth > 64 || instr.size() < 2 ||
      !((instr[0] == instr[1] && (instr[0] == 32 || instr[0] == 16)) ||
        (instr[0] == 64 && instr[1] == 4) ||
        (instr[0] == 4 && instr[1] == 64)) ||
      !allPowersOf2(mfma.getWarpsPerCTA()) ||
      mfma.getWarpsPerCTA().size() != 2 ||
      llvm::any_of(mfma.getTilesPerWarp(), [](unsigned t) { return t != 1; }))
    return std::nullopt;
  bool isA = dot.getOpIdx() == 0;
  unsigned kDim = isA ? 1 : 0;
  int32_t nonK = isA ? instr[0] : instr[1];
  // Bases as (K, non-K).
  std::vector<LinearLayout::Basis> regs, lanes;
  for (int32_t k = 1; k < int32_t(kWidth); k *= 2)
    regs.push_back({k, 0});
  for (int32_t row = 1; row < nonK; row *= 2)
    lanes.push_back({0, row});
  int32_t kTile = kWidth;
  for (int32_t group = 1; group < 64 / nonK; group *= 2, kTile *= 2)
    lanes.push_back({kTile, 0});
  if (instr[0] != instr[1] && nonK == 64)
    for (int32_t block = 1; block < 16; block *= 2, kTile *= 2)
      regs.push_back({kTile, 0});
  for (int64_t k = kTile; k < shape[kDim]; k *= 2)
    regs.push_back({int32_t(k), 0});
  SmallVector<std::string> names = standardOutDimNames(2);
  int32_t kSize = std::max<int64_t>(kTile, shape[kDim]);
  std::optional<LinearLayout> tile = LinearLayout::get(
      {{kRegister, std::move(regs)}, {kLane, std::move(lanes)}},
      {{names[kDim], kSize}, {names[1 - kDim], nonK}});
  if (!tile)
    return std::nullopt;
  // The MFMA's warps (fastest along N), broadcast along K.
  LinearLayout warps = broadcastedAlong(
      kWarp, mfma.getWarpsPerCTA(), getMatrixOrder(2, /*rowMajor=*/true), kDim);
  LinearLayout cta = tile->transposeOuts(names) * warps;
  return combineCtaCgaWithShape(cta, mfma.getCGALayout(), shape);
}

/// A dot operand's CTA layout: its parent's, never split along K (each CTA
/// holds whole rows of A and columns of B; 3.6's CTASplitNum of a dot
/// operand is 1 along K): the CTAs the parent spreads along the other
/// operand's dim hold copies.
static BasisList dotOperandCGA(const BasisList &parent, unsigned kDim) {
  BasisList cga = parent;
  for (auto &basis : cga.bases)
    if (kDim < basis.size())
      basis[kDim] = 0;
  return cga;
}

static std::optional<LinearLayout>
dotToLinearLayout(ArrayRef<int64_t> shape, DotOperandEncodingAttr dot) {
  unsigned rank = shape.size();
  if (rank < 2)
    return std::nullopt;
  bool isA = dot.getOpIdx() == 0;
  unsigned kDim = isA ? rank - 1 : rank - 2;
  if (auto mfma = dyn_cast<AMDMfmaEncodingAttr>(dot.getParent()))
    return mfmaDotToLinearLayout(shape, dot, mfma);
  if (auto mma = dyn_cast<NvidiaMmaEncodingAttr>(dot.getParent())) {
    unsigned kWidth = dot.getKWidth();
    if (!isPowerOf2(kWidth) || kWidth > 64 ||
        !allPowersOf2(mma.getWarpsPerCTA()))
      return std::nullopt;
    SmallVector<unsigned> tileShape(rank, 1);
    if (isA) {
      tileShape[rank - 2] = 16;
      tileShape[rank - 1] = kWidth * 8;
    } else {
      tileShape[rank - 2] = kWidth * 8;
      tileShape[rank - 1] = 8;
    }
    // K is the fastest-varying dimension of both operands.
    SmallVector<unsigned> order = getMatrixOrder(rank, /*rowMajor=*/isA);
    LinearLayout cta = nvidiaMmaTile(tileShape, kWidth, order);
    bool hopper = mma.getVersionMajor() == 3;
    cta *= broadcastedAlong(kWarp, mma.getWarpsPerCTA(),
                            getMatrixOrder(rank, /*rowMajor=*/!hopper), kDim);
    return combineCtaCgaWithShape(
        cta, dotOperandCGA(mma.getCGALayout(), kDim), shape);
  }
  if (auto blocked = dyn_cast<BlockedEncodingAttr>(dot.getParent())) {
    // FMA: each thread holds the whole K extent of its rows (or columns).
    if (!isPowerOf2(shape[kDim]) || !allPowersOf2(blocked.getSizePerThread()) ||
        !allPowersOf2(blocked.getThreadsPerWarp()) ||
        !allPowersOf2(blocked.getWarpsPerCTA()))
      return std::nullopt;
    SmallVector<unsigned> sizePerThread(blocked.getSizePerThread());
    sizePerThread[kDim] = shape[kDim];
    ArrayRef<unsigned> order = blocked.getOrder();
    LinearLayout cta =
        identityStandardND(kRegister, sizePerThread, order) *
        broadcastedAlong(kLane, blocked.getThreadsPerWarp(), order, kDim) *
        broadcastedAlong(kWarp, blocked.getWarpsPerCTA(), order, kDim);
    return combineCtaCgaWithShape(
        cta, dotOperandCGA(blocked.getCGALayout(), kDim), shape);
  }
  return std::nullopt;
}

static std::optional<LinearLayout>
sliceToLinearLayout(ArrayRef<int64_t> shape, SliceEncodingAttr slice) {
  unsigned dim = slice.getDim();
  if (dim > shape.size())
    return std::nullopt;
  SmallVector<int64_t> parentShape(shape);
  parentShape.insert(parentShape.begin() + dim, 1);
  std::optional<LinearLayout> parent =
      toLinearLayout(parentShape, slice.getParent());
  if (!parent)
    return std::nullopt;
  // Drop output dimension `dim` (of size 1 in the parent) and renumber the
  // others; registers that now hold nothing new disappear.
  SmallVector<std::string> names = standardOutDimNames(shape.size());
  std::vector<LinearLayout::OutDim> outDims;
  for (auto [j, out] : llvm::enumerate(parent->getOutDims()))
    if (j != dim)
      outDims.push_back({names[outDims.size()], out.size});
  std::vector<LinearLayout::InDim> inDims;
  for (const LinearLayout::InDim &in : parent->getInDims()) {
    LinearLayout::InDim sliced{in.name, {}};
    for (const LinearLayout::Basis &basis : in.bases) {
      LinearLayout::Basis b;
      for (auto [j, value] : llvm::enumerate(basis))
        if (j != dim)
          b.push_back(value);
      if (in.name == kRegister &&
          llvm::all_of(b, [](int32_t v) { return v == 0; }))
        continue;
      sliced.bases.push_back(std::move(b));
    }
    inDims.push_back(std::move(sliced));
  }
  return LinearLayout::get(std::move(inDims), std::move(outDims));
}

/// A #ttg.linear layout at `shape`, which may differ from the shape its
/// bases span (as Triton's toLinearLayout fits it): along a smaller dimension
/// the components at or beyond the size are dropped (those elements repeat:
/// a slice's parent is taken at size 1 along the sliced dimension); along a
/// larger one, registers repeat the spanned tile.
static std::optional<LinearLayout>
linearToLinearLayout(ArrayRef<int64_t> shape, LinearEncodingAttr linear) {
  std::vector<LinearLayout::OutDim> outDims;
  for (auto [name, size] :
       llvm::zip(standardOutDimNames(shape.size()), shape)) {
    if (!isPowerOf2(size))
      return std::nullopt;
    outDims.push_back({name, int32_t(size)});
  }
  SmallVector<int64_t> spanned(shape.size(), 1);
  // A basis beyond the tensor's shape points at nothing: lanes, warps and
  // blocks then hold copies (the coordinate becomes 0), while a register
  // that would hold no element is dropped, as Triton fits a linear layout
  // to a smaller tensor.
  auto toBases =
      [&](const BasisList &list,
          bool dropOutside) -> std::optional<std::vector<LinearLayout::Basis>> {
    std::vector<LinearLayout::Basis> bases;
    for (const auto &basis : list.bases) {
      if (basis.size() != shape.size())
        return std::nullopt;
      LinearLayout::Basis fitted(basis.begin(), basis.end());
      bool outside = false;
      for (auto [d, value] : llvm::enumerate(fitted))
        if (value >= shape[d]) {
          value = 0;
          outside = true;
        }
      if (outside && dropOutside)
        continue;
      for (auto [d, value] : llvm::enumerate(fitted))
        spanned[d] = std::max<int64_t>(spanned[d], 2 * int64_t(value));
      bases.push_back(std::move(fitted));
    }
    return bases;
  };
  auto registers = toBases(linear.getRegisterBases(), /*dropOutside=*/true);
  auto lanes = toBases(linear.getLaneBases(), false);
  auto warps = toBases(linear.getWarpBases(), false);
  auto blocks = toBases(linear.getBlockBases(), false);
  if (!registers || !lanes || !warps || !blocks)
    return std::nullopt;
  for (auto [d, size] : llvm::enumerate(shape))
    for (int64_t reach = std::max<int64_t>(spanned[d], 1); reach < size;
         reach *= 2) {
      LinearLayout::Basis repeat(shape.size(), 0);
      repeat[d] = int32_t(reach);
      registers->push_back(std::move(repeat));
    }
  return LinearLayout::get({{kRegister, std::move(*registers)},
                            {kLane, std::move(*lanes)},
                            {kWarp, std::move(*warps)},
                            {kBlock, std::move(*blocks)}},
                           std::move(outDims));
}

/// The swizzled shared layouts: along order[0] (a row) elements are
/// contiguous; the vector index of row r is XORed with a phase. For
/// #ttg.swizzled_shared the phase is (r / perPhase) % maxPhase; for
/// #ttg.amd_rotating_shared it is also XORed with the block of rows,
/// (r / (perPhase * maxPhase)) % maxPhase, so the pattern rotates from one
/// block to the next. The layout is given by the bases of the rows that are
/// powers of two, as Triton defines both.
template <typename SwizzleAttr>
static std::optional<LinearLayout>
swizzleToLinearLayout(ArrayRef<int64_t> shape, SwizzleAttr shared,
                      bool rotating) {
  unsigned rank = shape.size();
  if (shared.getOrder().size() != rank)
    return std::nullopt;
  SmallVector<std::string> names = standardOutDimNames(rank);
  // The per-CTA shape: the tensor split over the CTAs of the CGA layout.
  SmallVector<int64_t> perCTA(shape);
  for (const auto &basis : shared.getCGALayout().bases)
    for (auto [j, value] : llvm::enumerate(basis))
      if (value)
        perCTA[j] = std::max<int64_t>(1, perCTA[j] / 2);
  if (rank == 1)
    return combineCtaCgaWithShape(
        LinearLayout::identity1D(perCTA[0], kOffset, names[0]),
        shared.getCGALayout(), shape);
  unsigned colDim = shared.getOrder()[0], rowDim = shared.getOrder()[1];
  int64_t numCols = perCTA[colDim], numRows = perCTA[rowDim];
  if (!isPowerOf2(numCols) || !isPowerOf2(numRows))
    return std::nullopt;
  int64_t vec = shared.getVec(), perPhase = shared.getPerPhase(),
          maxPhase = shared.getMaxPhase();
  std::vector<LinearLayout::Basis> bases;
  for (int64_t col = 1; col < numCols; col *= 2)
    bases.push_back({0, int32_t(col)});
  for (int64_t row = 1; row < numRows; row *= 2) {
    int64_t phase = (row / perPhase) % maxPhase;
    if (rotating)
      phase ^= (row / (perPhase * maxPhase)) % maxPhase;
    bases.push_back({int32_t(row), int32_t((vec * phase) % numCols)});
  }
  std::vector<LinearLayout::OutDim> outDims = {
      {names[rowDim], int32_t(numRows)}, {names[colDim], int32_t(numCols)}};
  std::optional<LinearLayout> cta =
      LinearLayout::get({{kOffset, std::move(bases)}}, std::move(outDims));
  if (!cta)
    return std::nullopt;
  for (unsigned i = 2; i < rank; ++i) {
    unsigned dim = shared.getOrder()[i];
    *cta *= LinearLayout::identity1D(perCTA[dim], kOffset, names[dim]);
  }
  return combineCtaCgaWithShape(*cta, shared.getCGALayout(), shape);
}

/// #ttg.shared_linear (and #ttg.padded_shared's linear component, the
/// placement before padding): its offset and block bases as they are, for a
/// shape they span exactly (a basis past the shape, or a shape they leave
/// partly uncovered, has no layout here).
static std::optional<LinearLayout>
sharedLinearToLinearLayout(ArrayRef<int64_t> shape,
                           const BasisList &offsetBases,
                           const BasisList &blockBases) {
  SmallVector<int64_t> spanned(shape.size(), 1);
  auto toBases = [&](const BasisList &list)
      -> std::optional<std::vector<LinearLayout::Basis>> {
    std::vector<LinearLayout::Basis> bases;
    for (const auto &basis : list.bases) {
      if (basis.size() != shape.size())
        return std::nullopt;
      for (auto [d, value] : llvm::enumerate(basis)) {
        if (value < 0 || value >= shape[d])
          return std::nullopt;
        spanned[d] = std::max<int64_t>(spanned[d], 2 * int64_t(value));
      }
      bases.emplace_back(basis.begin(), basis.end());
    }
    return bases;
  };
  auto offsets = toBases(offsetBases);
  auto blocks = toBases(blockBases);
  if (!offsets || !blocks || ArrayRef<int64_t>(spanned) != shape)
    return std::nullopt;
  std::vector<LinearLayout::OutDim> outDims;
  for (auto [name, size] :
       llvm::zip(standardOutDimNames(shape.size()), shape))
    outDims.push_back({name, int32_t(size)});
  return LinearLayout::get(
      {{kOffset, std::move(*offsets)}, {kBlock, std::move(*blocks)}},
      std::move(outDims));
}

static std::optional<LinearLayout>
nvmmaSharedToLinearLayout2D(ArrayRef<int64_t> shape,
                            NVMMASharedEncodingAttr shared);

/// NVMMA shared layouts: 8-row tiles whose 16-byte vectors are XOR-swizzled
/// by row, as TMA and wgmma read them; the TMA box (at most 256 per
/// dimension, one swizzle width along the contiguous dimension) is repeated
/// to cover the buffer. A 1-D buffer is contiguous (it has no rows to
/// swizzle); a buffer of rank 3 or more, as TMA fills it, is the 2-D layout
/// of its rows (all leading dimensions flattened, row-major, at most 256 in
/// all) by its contiguous dimension.
static std::optional<LinearLayout>
nvmmaSharedToLinearLayout(ArrayRef<int64_t> shape,
                          NVMMASharedEncodingAttr shared) {
  unsigned rank = shape.size();
  if (rank == 2)
    return nvmmaSharedToLinearLayout2D(shape, shared);
  if (!shared.getCGALayout().empty() || shared.getTransposed() ||
      shared.getFp4Padded())
    return std::nullopt;
  SmallVector<std::string> names = standardOutDimNames(rank);
  if (rank == 1) {
    if (shared.getSwizzlingByteWidth() != 0)
      return std::nullopt;
    return LinearLayout::identity1D(shape[0], kOffset, names[0]);
  }
  int64_t rows = 1;
  for (int64_t size : shape.drop_back())
    rows *= size;
  if (rows > 256)
    return std::nullopt;
  auto flat = NVMMASharedEncodingAttr::get(
      shared.getContext(), shared.getSwizzlingByteWidth(), /*transposed=*/false,
      shared.getElementBitWidth(), /*fp4Padded=*/false, BasisList(), 2);
  std::optional<LinearLayout> layout2D =
      nvmmaSharedToLinearLayout2D({rows, shape.back()}, flat);
  if (!layout2D)
    return std::nullopt;
  // A flattened row splits into the leading coordinates, the last fastest.
  std::vector<LinearLayout::Basis> bases;
  for (const LinearLayout::Basis &basis : layout2D->getBases(kOffset)) {
    LinearLayout::Basis nd(rank, 0);
    int64_t row = basis[0];
    for (unsigned dim = rank - 1; dim-- > 0;) {
      nd[dim] = row % shape[dim];
      row /= shape[dim];
    }
    nd[rank - 1] = basis[1];
    bases.push_back(std::move(nd));
  }
  std::vector<LinearLayout::OutDim> outDims;
  for (unsigned dim = 0; dim < rank; ++dim)
    outDims.push_back({names[dim], int32_t(shape[dim])});
  return LinearLayout::get({{kOffset, std::move(bases)}}, std::move(outDims));
}

static std::optional<LinearLayout>
nvmmaSharedToLinearLayout2D(ArrayRef<int64_t> shape,
                            NVMMASharedEncodingAttr shared) {
  if (shape.size() != 2 || shared.getFp4Padded() ||
      !isPowerOf2(shared.getElementBitWidth()))
    return std::nullopt;
  SmallVector<std::string> names = standardOutDimNames(2);
  bool transposed = shared.getTransposed();
  unsigned contigDim = transposed ? 0 : 1;
  // The per-CTA shape: the buffer split over the CTAs of the CGA layout.
  SmallVector<int64_t> perCTA(shape);
  for (const auto &basis : shared.getCGALayout().bases)
    for (auto [j, value] : llvm::enumerate(basis))
      if (value)
        perCTA[j] = std::max<int64_t>(1, perCTA[j] / 2);
  SmallVector<int64_t> box(perCTA);
  for (int64_t &size : box)
    size = std::min<int64_t>(size, 256);
  unsigned swizzle = shared.getSwizzlingByteWidth();
  unsigned bits = shared.getElementBitWidth();
  if (swizzle == 0) {
    LinearLayout layout = LinearLayout::identity1D(box[1], kOffset, names[1]) *
                          LinearLayout::identity1D(box[0], kOffset, names[0]);
    layout = ensureLayoutNotSmallerThan(
        layout, {{names[0], perCTA[0]}, {names[1], perCTA[1]}});
    return combineCtaCgaWithShape(layout.transposeOuts(names),
                                  shared.getCGALayout(), shape);
  }
  int64_t contigSize = 8 * swizzle / bits;
  if (box[contigDim] < contigSize)
    return std::nullopt;
  box[contigDim] = contigSize;
  int64_t numRows = box[1 - contigDim], numCols = box[contigDim];
  int64_t tileRows = 8, tileCols = 8 * std::max(16u, swizzle) / bits;
  if (numCols < tileCols || numRows < tileRows)
    return std::nullopt;
  // Address bits 4.. (16-byte vectors) are XORed with bits 7.. (128-byte
  // lines): rows of `swizzle` bytes share a phase per 128 bytes.
  int64_t vec = 128 / bits;
  int64_t perPhase = 128 / std::max(16u, swizzle);
  int64_t maxPhase = std::max(16u, swizzle) / 16;
  std::vector<LinearLayout::Basis> bases;
  for (int64_t col = 1; col < tileCols; col *= 2)
    bases.push_back({0, int32_t(col)});
  for (int64_t row = 1; row < tileRows; row *= 2)
    bases.push_back(
        {int32_t(row),
         int32_t((vec * ((row / perPhase) % maxPhase)) % tileCols)});
  for (int64_t row = tileRows; row < numRows; row *= 2)
    bases.push_back({int32_t(row), 0});
  std::vector<LinearLayout::OutDim> outDims = {
      {names[1 - contigDim], int32_t(numRows)},
      {names[contigDim], int32_t(numCols)}};
  std::optional<LinearLayout> tile =
      LinearLayout::get({{kOffset, std::move(bases)}}, std::move(outDims));
  if (!tile)
    return std::nullopt;
  LinearLayout layout = tile->transposeOuts(names);
  layout = ensureLayoutNotSmallerThan(
      layout, {{names[0], perCTA[0]}, {names[1], perCTA[1]}});
  return combineCtaCgaWithShape(layout, shared.getCGALayout(), shape);
}

/// The linear layout of an encoding of this dialect for a shape of the
/// encoding's rank, each a power of two: computed anew.
static std::optional<LinearLayout> buildLinearLayout(ArrayRef<int64_t> shape,
                                                     Attribute encoding) {
  return llvm::TypeSwitch<Attribute, std::optional<LinearLayout>>(encoding)
      .Case([&](BlockedEncodingAttr a) {
        return blockedToLinearLayout(shape, a);
      })
      .Case(
          [&](NvidiaMmaEncodingAttr a) { return mmaToLinearLayout(shape, a); })
      .Case([&](AMDMfmaEncodingAttr a) { return mfmaToLinearLayout(shape, a); })
      .Case(
          [&](DotOperandEncodingAttr a) { return dotToLinearLayout(shape, a); })
      .Case([&](SliceEncodingAttr a) { return sliceToLinearLayout(shape, a); })
      .Case(
          [&](LinearEncodingAttr a) { return linearToLinearLayout(shape, a); })
      .Case([&](SwizzledSharedEncodingAttr a) {
        return swizzleToLinearLayout(shape, a, /*rotating=*/false);
      })
      .Case([&](AMDRotatingSharedEncodingAttr a) {
        return swizzleToLinearLayout(shape, a, /*rotating=*/true);
      })
      .Case([&](NVMMASharedEncodingAttr a) {
        return nvmmaSharedToLinearLayout(shape, a);
      })
      .Case([&](SharedLinearEncodingAttr a) {
        return sharedLinearToLinearLayout(shape, a.getOffsetBases(),
                                          a.getBlockBases());
      })
      .Case([&](PaddedSharedEncodingAttr a) {
        return sharedLinearToLinearLayout(shape, a.getOffsetBases(),
                                          a.getBlockBases());
      })
      .Default([](Attribute) { return std::nullopt; });
}

std::optional<LinearLayout>
mlir::triton::gpu::toLinearLayout(ArrayRef<int64_t> shape, Attribute encoding) {
  if (shape.empty() || !encoding || llvm::any_of(shape, [](int64_t size) {
        return !isPowerOf2(size) || size > (int64_t(1) << 30);
      }))
    return std::nullopt;
  int64_t rank = getEncodingRank(encoding);
  if (rank >= 0 && rank != static_cast<int64_t>(shape.size()))
    return std::nullopt;
  // Every encoding toLinearLayout knows is of this dialect, whose instance
  // in the encoding's context keeps the results (LinearLayoutCache.h).
  Dialect &dialect = encoding.getDialect();
  if (dialect.getTypeID() != TypeID::get<TritonGPUDialect>())
    return std::nullopt;
  LinearLayoutCache &cache =
      static_cast<TritonGPUDialect &>(dialect).getLinearLayoutCache();
  if (std::optional<std::optional<LinearLayout>> kept =
          cache.find(shape, encoding))
    return *kept;
  std::optional<LinearLayout> layout = buildLinearLayout(shape, encoding);
  cache.insert(shape, encoding, layout);
  return layout;
}
