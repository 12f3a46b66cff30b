//===- ReduceDataDuplication.cpp - -tritongpu-reduce-data-duplication -------===//
//
// A conversion into a dot operand layout holds each element in many threads
// (the operand is broadcast along the other matrix dimension); going through
// shared memory with a layout chosen for the dot's reads is cheaper than a
// register-to-register exchange. Shared-layout choice follows Triton 3.6's
// SwizzledSharedEncodingAttr::get for dot operands.
//
//===----------------------------------------------------------------------===//

#include "passes/TritonGPU/Passes.h"
#include "passes/TritonGPU/SharedLayouts.h"

#include "dialects/TritonGPU/IR/LinearLayoutConversions.h"
#include "passes/Analysis/Allocation.h"

#include "llvm/ADT/SetVector.h"

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

/// The CGA (CTA) layout of a distributed encoding, the one a shared buffer
/// holding the tensor gets; std::nullopt where it cannot be told.
std::optional<BasisList> cgaLayoutOf(Attribute encoding) {
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
    std::optional<BasisList> parent = cgaLayoutOf(slice.getParent());
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
    std::optional<BasisList> parent = cgaLayoutOf(dot.getParent());
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

/// Dimensions in the order in which the first bases of `inDim` move along
/// them, then those of `fallback` not yet named.
SmallVector<unsigned> orderOfBases(const LinearLayout &layout, StringRef inDim,
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

/// The order (fastest dimension first) in which a tensor is laid out in
/// memory: a blocked layout's own order; otherwise the order in which
/// registers, then lanes, move along the dimensions, then the row-major one.
SmallVector<unsigned> memoryOrderOf(RankedTensorType type) {
  if (auto blocked = dyn_cast<BlockedEncodingAttr>(type.getEncoding()))
    return SmallVector<unsigned>(blocked.getOrder());
  SmallVector<unsigned> rowMajor;
  for (int64_t dim = type.getRank() - 1; dim >= 0; --dim)
    rowMajor.push_back(dim);
  std::optional<LinearLayout> layout = toLinearLayout(type.getShape(), type.getEncoding());
  if (!layout)
    return rowMajor;
  return orderOfBases(*layout, "register", orderOfBases(*layout, "lane", rowMajor));
}

/// `shape` split over the CTAs of `cga`.
SmallVector<int64_t> shapePerCTA(ArrayRef<int64_t> shape, const BasisList &cga) {
  SmallVector<int64_t> perCTA(shape);
  for (const auto &basis : cga.bases)
    for (auto [dim, value] : llvm::enumerate(basis))
      if (value && dim < perCTA.size())
        perCTA[dim] = std::max<int64_t>(1, perCTA[dim] / 2);
  return perCTA;
}

struct Swizzle {
  unsigned vec = 1, perPhase = 1, maxPhase = 1;
};

/// NVIDIA MMA (v2 and v3) operands: vectors of 4*kWidth elements along K,
/// rows packed by perPhase until 1024 bits, and as many phases as it takes
/// to spread 8 rows (mma's stride) over the 32 banks.
Swizzle nvidiaMmaOperandSwizzle(unsigned opIdx, unsigned kWidth, ArrayRef<int64_t> perCTA,
                                ArrayRef<unsigned> order, unsigned bitWidth) {
  int64_t inner = std::max<int64_t>(1, perCTA[order[0]]);
  int64_t perPhase = std::max<int64_t>(1024 / (bitWidth * inner), 1);
  int64_t mmaStride = 8;
  int64_t vec = 4 * std::max(1u, kWidth);
  unsigned rank = order.size();
  unsigned kDim = opIdx == 0 ? rank - 1 : rank - 2;
  if (order[0] != kDim)
    std::swap(vec, mmaStride);
  int64_t maxPhase =
      std::max<int64_t>(std::min<int64_t>(mmaStride, 1024 / (vec * bitWidth)), 1);
  maxPhase = std::max<int64_t>(maxPhase / perPhase, 1);
  return {unsigned(vec), unsigned(perPhase), unsigned(maxPhase)};
}

/// AMD MFMA operands: no swizzle unless K is the contiguous dimension (or on
/// gfx950, version 4, for 8- and 16-bit data); else vectors of kWidth, rows
/// packed into one line of the banks, up to 16 (the SIMD width) phases.
Swizzle mfmaOperandSwizzle(AMDMfmaEncodingAttr mfma, unsigned opIdx, unsigned kWidth,
                           ArrayRef<int64_t> shape, ArrayRef<unsigned> order,
                           unsigned bitWidth) {
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
  int64_t maxPhase = std::max<int64_t>(std::min(simdWidth / perPhase, inner / vec), 1);
  if (!mfma.getInstrShape().empty() && mfma.getInstrShape()[0] == 4)
    maxPhase = 4;
  return {unsigned(vec), unsigned(perPhase), unsigned(maxPhase)};
}

/// The swizzled shared layout through which `srcType` reaches `dot`.
std::optional<SwizzledSharedEncodingAttr> sharedLayoutFor(RankedTensorType srcType,
                                                          DotOperandEncodingAttr dot) {
  std::optional<BasisList> cga = cgaLayoutOf(srcType.getEncoding());
  if (!cga)
    return std::nullopt;
  SmallVector<unsigned> order = memoryOrderOf(srcType);
  if (order.size() != size_t(srcType.getRank()))
    return std::nullopt;
  Type element = srcType.getElementType();
  unsigned bitWidth = element.isIntOrFloat() ? element.getIntOrFloatBitWidth() : 0;
  Swizzle swizzle;
  if (bitWidth > 0 && srcType.getRank() >= 2 && dot.getOpIdx() <= 1) {
    if (auto mma = dyn_cast<NvidiaMmaEncodingAttr>(dot.getParent())) {
      if (mma.getVersionMajor() == 2 || mma.getVersionMajor() == 3)
        swizzle = nvidiaMmaOperandSwizzle(dot.getOpIdx(), dot.getKWidth(),
                                          shapePerCTA(srcType.getShape(), *cga), order,
                                          bitWidth);
    } else if (auto mfma = dyn_cast<AMDMfmaEncodingAttr>(dot.getParent())) {
      if (srcType.getRank() == 2)
        swizzle = mfmaOperandSwizzle(mfma, dot.getOpIdx(), dot.getKWidth(),
                                     srcType.getShape(), order, bitWidth);
    }
  }
  return SwizzledSharedEncodingAttr::get(srcType.getContext(), swizzle.vec,
                                         swizzle.perPhase, swizzle.maxPhase, order, *cga);
}

} // namespace

std::optional<SwizzledSharedEncodingAttr>
mlir::triton::gpu::getDotOperandSharedLayout(RankedTensorType srcType,
                                             DotOperandEncodingAttr dot) {
  return sharedLayoutFor(srcType, dot);
}

std::optional<SwizzledSharedEncodingAttr>
mlir::triton::gpu::getUnswizzledSharedLayout(RankedTensorType srcType) {
  std::optional<BasisList> cga = cgaLayoutOf(srcType.getEncoding());
  SmallVector<unsigned> order = memoryOrderOf(srcType);
  if (!cga || order.size() != size_t(srcType.getRank()))
    return std::nullopt;
  return SwizzledSharedEncodingAttr::get(srcType.getContext(), 1, 1, 1, order, *cga);
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
      std::optional<SwizzledSharedEncodingAttr> shared = sharedLayoutFor(srcType, dot);
      if (!shared)
        continue;
      OpBuilder builder(cvt);
      auto bufferType =
          MemDescType::get(srcType.getShape(), srcType.getElementType(), *shared, smem);
      auto alloc = LocalAllocOp::create(builder, cvt.getLoc(), bufferType, cvt.getSrc());
      auto load = LocalLoadOp::create(builder, cvt.getLoc(), cvt.getType(), alloc, Value());
      cvt.replaceAllUsesWith(load.getResult());
      cvt.erase();
    }
  }
};

} // namespace
