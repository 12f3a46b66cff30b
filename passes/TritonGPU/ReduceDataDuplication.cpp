//===- ReduceDataDuplication.cpp - -tritongpu-reduce-data-duplication -----===//
//
// A conversion into a dot operand layout holds each element in many threads
// (the operand is broadcast along the other matrix dimension); going through
// shared memory with a layout chosen for the dot's reads is cheaper than a
// register-to-register exchange. Shared-layout choice follows Triton 3.6's
// SwizzledSharedEncodingAttr::get for dot operands.
//
//===----------------------------------------------------------------------===//

#include "passes/TritonGPU/Passes.h"

#include "dialects/TritonGPU/IR/LinearLayoutConversions.h"
#include "passes/Analysis/Allocation.h"
#include "passes/TritonGPU/SharedEncodings.h"

namespace mlir {
namespace triton {
namespace gpu {
#define GEN_PASS_DEF_TRITONGPUREDUCEDATADUPLICATION
#include "passes/TritonGPU/Passes.h.inc"
} // namespace gpu
} // namespace triton
} // namespace mlir

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {

struct Swizzle {
  unsigned vec = 1, perPhase = 1, maxPhase = 1;
};

/// NVIDIA MMA (v2 and v3) operands: vectors of 4*kWidth elements along K,
/// rows packed by perPhase until 1024 bits, and as many phases as it takes
/// to spread 8 rows (mma's stride) over the 32 banks.
Swizzle nvidiaMmaOperandSwizzle(unsigned opIdx, unsigned kWidth,
                                ArrayRef<int64_t> perCTA,
                                ArrayRef<unsigned> order, unsigned bitWidth) {
  int64_t inner = std::max<int64_t>(1, perCTA[order[0]]);
  int64_t perPhase = std::max<int64_t>(1024 / (bitWidth * inner), 1);
  int64_t mmaStride = 8;
  int64_t vec = 4 * std::max(1u, kWidth);
  unsigned rank = order.size();
  unsigned kDim = opIdx == 0 ? rank - 1 : rank - 2;
  if (order[0] != kDim)
    std::swap(vec, mmaStride);
  int64_t maxPhase = std::max<int64_t>(
      std::min<int64_t>(mmaStride, 1024 / (vec * bitWidth)), 1);
  maxPhase = std::max<int64_t>(maxPhase / perPhase, 1);
  return {unsigned(vec), unsigned(perPhase), unsigned(maxPhase)};
}

/// AMD MFMA operands: no swizzle unless K is the contiguous dimension (or on
/// gfx950, version 4, for 8- and 16-bit data); else vectors of kWidth, rows
/// packed into one line of the banks, up to 16 (the SIMD width) phases.
Swizzle mfmaOperandSwizzle(AMDMfmaEncodingAttr mfma, unsigned opIdx,
                           unsigned kWidth, ArrayRef<int64_t> shape,
                           ArrayRef<unsigned> order, unsigned bitWidth) {
  unsigned kDim = opIdx == 0 ? 1 : 0;
  bool isGFX950 = mfma.getVersion() == 4;
  bool kContiguous = order[0] == kDim;
  if (!kContiguous && !(isGFX950 && (bitWidth == 8 || bitWidth == 16)))
    return {};
  int64_t numBanks = isGFX950 ? 64 : 32, bankBits = 32, simdWidth = 16;
  int64_t inner = std::max<int64_t>(1, shape[order[0]]);
  int64_t elemsPerBankRow = numBanks * bankBits / bitWidth;
  int64_t perPhase = std::max<int64_t>(1, elemsPerBankRow / inner);
  int64_t vec = std::max(1u, kWidth);
  int64_t maxPhase =
      std::max<int64_t>(std::min(simdWidth / perPhase, inner / vec), 1);
  if (!mfma.getInstrShape().empty() && mfma.getInstrShape()[0] == 4)
    maxPhase = 4;
  return {unsigned(vec), unsigned(perPhase), unsigned(maxPhase)};
}

/// The swizzled shared layout through which `srcType` reaches `dot`, laid
/// out in `order` (empty: the source's memory order).
std::optional<SwizzledSharedEncodingAttr>
sharedLayoutFor(RankedTensorType srcType, DotOperandEncodingAttr dot,
                ArrayRef<unsigned> givenOrder = {}) {
  std::optional<BasisList> cga = getCGALayoutOf(srcType.getEncoding());
  if (!cga)
    return std::nullopt;
  SmallVector<unsigned> order = givenOrder.empty()
                                    ? getMemoryOrder(srcType)
                                    : SmallVector<unsigned>(givenOrder);
  if (order.size() != size_t(srcType.getRank()))
    return std::nullopt;
  // A batched operand keeps each batch's matrix together: the batch
  // dimension is the slowest, the matrix's two in their order, so each
  // batch's operand is read from a 2-D buffer like an unbatched dot's.
  if (order.size() == 3) {
    llvm::erase(order, 0u);
    order.push_back(0);
  }
  Type element = srcType.getElementType();
  unsigned bitWidth =
      element.isIntOrFloat() ? element.getIntOrFloatBitWidth() : 0;
  Swizzle swizzle;
  if (bitWidth > 0 && srcType.getRank() >= 2 && dot.getOpIdx() <= 1) {
    if (auto mma = dyn_cast<NvidiaMmaEncodingAttr>(dot.getParent())) {
      if (mma.getVersionMajor() == 2 || mma.getVersionMajor() == 3)
        swizzle = nvidiaMmaOperandSwizzle(
            dot.getOpIdx(), dot.getKWidth(),
            getShapePerCTA(srcType.getShape(), *cga), order, bitWidth);
    } else if (auto mfma = dyn_cast<AMDMfmaEncodingAttr>(dot.getParent())) {
      if (srcType.getRank() == 2)
        swizzle = mfmaOperandSwizzle(mfma, dot.getOpIdx(), dot.getKWidth(),
                                     srcType.getShape(), order, bitWidth);
    }
  }
  return SwizzledSharedEncodingAttr::get(srcType.getContext(), swizzle.vec,
                                         swizzle.perPhase, swizzle.maxPhase,
                                         order, *cga);
}

} // namespace

std::optional<SwizzledSharedEncodingAttr>
mlir::triton::gpu::getDotOperandSharedLayout(RankedTensorType srcType,
                                             DotOperandEncodingAttr dot) {
  return sharedLayoutFor(srcType, dot);
}

std::optional<SwizzledSharedEncodingAttr>
mlir::triton::gpu::getDotOperandSharedLayout(RankedTensorType srcType,
                                             DotOperandEncodingAttr dot,
                                             ArrayRef<unsigned> order) {
  return sharedLayoutFor(srcType, dot, order);
}

/// Whether `layout` starts like one warp's share of an mma.sync operand
/// (Triton's "microtile"): kWidth contiguous registers along one dimension,
/// two lane bits continuing along it (16 bytes for 16-bit data), then three
/// lane bits down eight rows of the other. Gives the contiguous dimension and
/// kWidth.
static std::optional<std::pair<unsigned, unsigned>>
mmaOperandMicrotile(const LinearLayout &layout, unsigned rank) {
  if (!layout.hasInDim("lane") || !layout.hasInDim("register"))
    return std::nullopt;
  ArrayRef<LinearLayout::Basis> lanes = layout.getBases("lane");
  ArrayRef<LinearLayout::Basis> regs = layout.getBases("register");
  if (lanes.size() != 5)
    return std::nullopt;
  // The one dimension a basis steps along, and by how much.
  auto step = [&](const LinearLayout::Basis &basis)
      -> std::optional<std::pair<unsigned, int32_t>> {
    std::optional<std::pair<unsigned, int32_t>> found;
    for (unsigned d = 0; d < rank; ++d) {
      if (basis[d] == 0)
        continue;
      if (found)
        return std::nullopt;
      found = {d, basis[d]};
    }
    return found;
  };
  auto first = step(lanes[0]);
  if (!first)
    return std::nullopt;
  unsigned kDim = first->first;
  unsigned kWidth = 1;
  for (const LinearLayout::Basis &basis : regs) {
    auto s = step(basis);
    if (!s || s->first != kDim || s->second != int32_t(kWidth))
      break;
    kWidth *= 2;
  }
  for (unsigned i = 0; i < 2; ++i) {
    auto s = step(lanes[i]);
    if (!s || s->first != kDim || s->second != int32_t(kWidth << i))
      return std::nullopt;
  }
  std::optional<unsigned> rowDim;
  for (unsigned i = 2; i < 5; ++i) {
    auto s = step(lanes[i]);
    if (!s || s->first == kDim || s->second != int32_t(1u << (i - 2)) ||
        (rowDim && *rowDim != s->first))
      return std::nullopt;
    rowDim = s->first;
  }
  return std::make_pair(kDim, kWidth);
}

std::optional<SwizzledSharedEncodingAttr>
mlir::triton::gpu::getMmaOperandLikeSharedLayout(RankedTensorType srcType,
                                                 RankedTensorType dstType) {
  unsigned rank = dstType.getRank();
  Type element = srcType.getElementType();
  if (rank != 2 || !element.isIntOrFloat())
    return std::nullopt;
  std::optional<BasisList> cga = getCGALayoutOf(srcType.getEncoding());
  std::optional<LinearLayout> layout =
      toLinearLayout(dstType.getShape(), dstType.getEncoding());
  if (!cga || !layout)
    return std::nullopt;
  std::optional<std::pair<unsigned, unsigned>> tile =
      mmaOperandMicrotile(*layout, rank);
  if (!tile)
    return std::nullopt;
  auto [kDim, kWidth] = *tile;
  // K contiguous: the A operand's tile when K is the last dimension, B's
  // (seen transposed) when it is the first.
  unsigned opIdx = kDim == rank - 1 ? 0 : 1;
  SmallVector<unsigned> order = {kDim, 1 - kDim};
  Swizzle swizzle = nvidiaMmaOperandSwizzle(
      opIdx, kWidth, getShapePerCTA(srcType.getShape(), *cga), order,
      element.getIntOrFloatBitWidth());
  return SwizzledSharedEncodingAttr::get(srcType.getContext(), swizzle.vec,
                                         swizzle.perPhase, swizzle.maxPhase,
                                         order, *cga);
}

std::optional<SwizzledSharedEncodingAttr>
mlir::triton::gpu::getUnswizzledSharedLayout(RankedTensorType srcType) {
  std::optional<BasisList> cga = getCGALayoutOf(srcType.getEncoding());
  SmallVector<unsigned> order = getMemoryOrder(srcType);
  if (!cga || order.size() != size_t(srcType.getRank()))
    return std::nullopt;
  return SwizzledSharedEncodingAttr::get(srcType.getContext(), 1, 1, 1, order,
                                         *cga);
}

namespace {

class TritonGPUReduceDataDuplicationPass
    : public mlir::triton::gpu::impl::TritonGPUReduceDataDuplicationBase<
          TritonGPUReduceDataDuplicationPass> {
public:
  using Base::Base;
  void runOnOperation() override {
    SmallVector<ConvertLayoutOp> converts;
    getOperation().walk([&](ConvertLayoutOp cvt) {
      auto dot = dyn_cast<DotOperandEncodingAttr>(cvt.getType().getEncoding());
      if (dot && isDistributedEncoding(cvt.getSrc().getType().getEncoding()))
        converts.push_back(cvt);
    });
    auto *context = &getContext();
    auto smem = SharedMemorySpaceAttr::get(context);
    for (ConvertLayoutOp cvt : converts) {
      // Conversions that stay in registers and lane shuffles (the same
      // layout, or each warp already holding what it needs) are cheap.
      if (getScratchSizeInBytes(cvt) == 0)
        continue;
      RankedTensorType srcType = cvt.getSrc().getType();
      auto dot = cast<DotOperandEncodingAttr>(cvt.getType().getEncoding());
      std::optional<SwizzledSharedEncodingAttr> shared =
          sharedLayoutFor(srcType, dot);
      if (!shared)
        continue;
      OpBuilder builder(cvt);
      auto bufferType = MemDescType::get(
          srcType.getShape(), srcType.getElementType(), *shared, smem);
      auto alloc =
          LocalAllocOp::create(builder, cvt.getLoc(), bufferType, cvt.getSrc());
      auto load = LocalLoadOp::create(builder, cvt.getLoc(), cvt.getType(),
                                      alloc, Value());
      cvt.replaceAllUsesWith(load.getResult());
      cvt.erase();
    }
  }
};

} // namespace
