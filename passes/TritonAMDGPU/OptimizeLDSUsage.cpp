//===- OptimizeLDSUsage.cpp - Fit a kernel's layout conversions into LDS --===//
//
// A layout conversion's scratch depends on both layouts: the tile each of
// them covers at once, and how their registers, lanes and warps line up. A
// conversion through an intermediate layout (the same kind of layout with
// the warps spread another way) can need far less for each of its two
// halves, and the halves are never live together; so when a kernel does not
// fit in LDS, the conversions at its peak are split that way.
//
//===----------------------------------------------------------------------===//

#include "passes/TritonAMDGPU/Passes.h"

#include "dialects/Triton/IR/Dialect.h"
#include "dialects/TritonAMDGPU/IR/Dialect.h"
#include "dialects/TritonGPU/IR/Dialect.h"
#include "dialects/TritonGPU/IR/LinearLayoutConversions.h"
#include "passes/Analysis/Allocation.h"
#include "passes/TritonAMDGPU/LDSLimits.h"
#include "passes/TritonAMDGPU/LDSScratch.h"

#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/MathExtras.h"

#define DEBUG_TYPE "optimize-amd-lds-usage"

namespace mlir {
namespace triton {
namespace amdgpu {
#define GEN_PASS_DEF_OPTIMIZEAMDLDSUSAGE
#include "passes/TritonAMDGPU/Passes.h.inc"
} // namespace amdgpu
} // namespace triton
} // namespace mlir

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {

/// Every way to write 2^k as `rank` powers of two, the first factor growing
/// slowest.
void splitPowerOfTwo(unsigned log2, unsigned rank, SmallVector<unsigned> &cur,
                     std::vector<SmallVector<unsigned>> &out) {
  if (cur.size() == rank) {
    if (log2 == 0)
      out.push_back(cur);
    return;
  }
  for (unsigned i = 0; i <= log2; ++i) {
    cur.push_back(1u << i);
    splitPowerOfTwo(log2 - i, rank, cur, out);
    cur.pop_back();
  }
}

/// The CTA layout of a distributed encoding; std::nullopt where unknown.
std::optional<BasisList> cgaLayoutOf(Attribute encoding) {
  if (auto blocked = dyn_cast<BlockedEncodingAttr>(encoding))
    return blocked.getCGALayout();
  if (auto mfma = dyn_cast<AMDMfmaEncodingAttr>(encoding))
    return mfma.getCGALayout();
  if (auto dot = dyn_cast<DotOperandEncodingAttr>(encoding))
    return cgaLayoutOf(dot.getParent());
  if (auto slice = dyn_cast<SliceEncodingAttr>(encoding)) {
    std::optional<BasisList> parent = cgaLayoutOf(slice.getParent());
    if (!parent)
      return std::nullopt;
    BasisList result;
    for (SmallVector<int32_t> basis : parent->bases) {
      basis.erase(basis.begin() + slice.getDim());
      result.bases.push_back(std::move(basis));
    }
    return result;
  }
  return std::nullopt;
}

/// `encoding` with `warps` warps along each dimension; null for encodings
/// without such a parameter (linear layouts among them).
Attribute withWarps(Attribute encoding, ArrayRef<unsigned> warps) {
  MLIRContext *ctx = encoding.getContext();
  if (auto mfma = dyn_cast<AMDMfmaEncodingAttr>(encoding))
    return AMDMfmaEncodingAttr::get(
        ctx, mfma.getVersion(), warps, mfma.getInstrShape(),
        mfma.getIsTransposed(), mfma.getCGALayout(), mfma.getTilesPerWarp(),
        mfma.getElementBitWidth());
  if (auto blocked = dyn_cast<BlockedEncodingAttr>(encoding))
    return BlockedEncodingAttr::get(ctx, blocked.getSizePerThread(),
                                    blocked.getThreadsPerWarp(), warps,
                                    blocked.getOrder(), blocked.getCGALayout());
  if (auto dot = dyn_cast<DotOperandEncodingAttr>(encoding)) {
    Attribute parent = withWarps(dot.getParent(), warps);
    if (!parent)
      return {};
    return DotOperandEncodingAttr::get(ctx, dot.getOpIdx(), parent,
                                       dot.getKWidth());
  }
  if (auto slice = dyn_cast<SliceEncodingAttr>(encoding)) {
    SmallVector<unsigned> parentWarps(warps);
    parentWarps.insert(parentWarps.begin() + slice.getDim(), 1);
    Attribute parent = withWarps(slice.getParent(), parentWarps);
    if (!parent)
      return {};
    return SliceEncodingAttr::get(ctx, slice.getDim(), parent);
  }
  return {};
}

/// The order of a distributed tensor: its dimensions as its registers first
/// move along them, then the rest from the last down.
SmallVector<unsigned> orderOf(RankedTensorType type) {
  if (std::optional<LinearLayout> layout =
          toLinearLayout(type.getShape(), type.getEncoding()))
    return orderOfBases(layout->getBases("register"), type.getRank());
  return orderOfBases({}, type.getRank());
}

int64_t lookupLaunchAttr(Operation *op, StringRef name, int64_t otherwise) {
  for (; op; op = op->getParentOp())
    if (auto attr = op->getAttrOfType<IntegerAttr>(name))
      return attr.getInt();
  return otherwise;
}

struct OptimizeAMDLDSUsagePass
    : public amdgpu::impl::OptimizeAMDLDSUsageBase<OptimizeAMDLDSUsagePass> {
  using Base::Base;

  int64_t ldsLimit = 0;

  /// The intermediate layouts worth trying for `cvt`: its source, its
  /// destination and a small blocked layout, each with the warps split every
  /// way.
  SmallVector<Attribute> candidateLayouts(ConvertLayoutOp cvt) {
    RankedTensorType srcType = cvt.getSrc().getType();
    RankedTensorType dstType = cvt.getType();
    unsigned rank = srcType.getRank();
    int64_t numWarps = lookupLaunchAttr(cvt, kNumWarpsAttrName, 0);
    int64_t warpSize = lookupLaunchAttr(cvt, kThreadsPerWarpAttrName, 64);
    if (numWarps <= 0 || !llvm::isPowerOf2_64(numWarps) || warpSize < 8)
      return {};
    std::vector<SmallVector<unsigned>> splits;
    SmallVector<unsigned> cur;
    splitPowerOfTwo(llvm::Log2_64(numWarps), rank, cur, splits);

    // Lanes over the two fastest dimensions, 8 along the outer one.
    SmallVector<unsigned> ones(rank, 1), lanes(rank, 1);
    if (rank == 1) {
      lanes[0] = warpSize;
    } else {
      lanes[rank - 1] = warpSize / 8;
      lanes[rank - 2] = warpSize / lanes[rank - 1];
    }
    Attribute fallback;
    if (std::optional<BasisList> cga = cgaLayoutOf(srcType.getEncoding()))
      fallback = BlockedEncodingAttr::get(cvt.getContext(), ones, lanes, ones,
                                          orderOf(srcType), *cga);

    SmallVector<Attribute> layouts;
    for (const SmallVector<unsigned> &warps : splits)
      for (Attribute base :
           {srcType.getEncoding(), dstType.getEncoding(), fallback})
        if (base)
          if (Attribute layout = withWarps(base, warps))
            layouts.push_back(layout);
    return layouts;
  }

  /// Splits `cvt` through the intermediate layout whose two conversions take
  /// the least LDS, if that is under `target` bytes.
  void fitIntoLDS(ConvertLayoutOp cvt, int64_t target) {
    RankedTensorType srcType = cvt.getSrc().getType();
    RankedTensorType dstType = cvt.getType();
    Attribute best;
    int64_t bestBytes = 2 * ldsLimit;
    bool bestPadded = true;
    for (Attribute layout : candidateLayouts(cvt)) {
      auto midType = srcType.cloneWithEncoding(layout);
      std::optional<int64_t> inPadded =
          amdgpu::getConvertLDSBytes(srcType, midType, true);
      std::optional<int64_t> inSwizzled =
          amdgpu::getConvertLDSBytes(srcType, midType, false);
      std::optional<int64_t> outPadded =
          amdgpu::getConvertLDSBytes(midType, dstType, true);
      std::optional<int64_t> outSwizzled =
          amdgpu::getConvertLDSBytes(midType, dstType, false);
      if (!inPadded || !inSwizzled || !outPadded || !outSwizzled)
        continue;
      int64_t padded = std::max(*inPadded, *outPadded);
      int64_t swizzled = std::max(*inSwizzled, *outSwizzled);
      // Swizzled scratch is conflict-free: take it when it fits, or when
      // padding does not save anything.
      bool useSwizzled = swizzled < target || swizzled < padded;
      int64_t bytes = useSwizzled ? swizzled : padded;
      LLVM_DEBUG(llvm::dbgs() << "[" DEBUG_TYPE "] " << layout << ": " << bytes
                              << (useSwizzled ? " swizzled\n" : " padded\n"));
      if (bytes >= target)
        continue;
      // A swizzled candidate beats any padded one; among candidates of the
      // same kind, the first smaller one wins.
      bool better = (bestPadded && useSwizzled) ||
                    (bestPadded != useSwizzled && bytes < bestBytes);
      if (better) {
        best = layout;
        bestBytes = bytes;
        bestPadded = !useSwizzled;
      }
    }
    if (!best)
      return;

    bool hasPaddedAttr = cvt->hasAttr(kPaddedScratchAttrName);
    if (bestPadded && !hasPaddedAttr) {
      cvt->setAttr(kPaddedScratchAttrName,
                   UnitAttr::get(cvt.getContext()));
      // Padding alone may be enough.
      std::optional<int64_t> own =
          amdgpu::getConvertLDSBytes(srcType, dstType, true);
      if (own && *own <= target)
        return;
    } else if (!bestPadded && hasPaddedAttr) {
      cvt->removeAttr(kPaddedScratchAttrName);
    }

    OpBuilder b(cvt);
    auto toMid = ConvertLayoutOp::create(
        b, cvt.getLoc(), srcType.cloneWithEncoding(best), cvt.getSrc());
    auto toDst = ConvertLayoutOp::create(b, cvt.getLoc(), dstType, toMid);
    toMid->setAttrs(cvt->getAttrs());
    toDst->setAttrs(cvt->getAttrs());
    cvt.replaceAllUsesWith(toDst.getResult());
    cvt.erase();
  }

  /// The conversions of `func` whose scratch would have to shrink for the
  /// buffers live with them to fit, and the bytes each may take: its own
  /// less the excess at that point, assuming the buffers above it could move
  /// down.
  SmallVector<std::pair<ConvertLayoutOp, int64_t>>
  findBottlenecks(const FunctionAllocation &allocation) {
    SmallVector<std::pair<ConvertLayoutOp, int64_t>> result;
    ArrayRef<FunctionAllocation::Buffer> buffers = allocation.getBuffers();
    for (const FunctionAllocation::Buffer &scratch : buffers) {
      auto cvt = dyn_cast<ConvertLayoutOp>(scratch.owner);
      if (!cvt || scratch.explicitBuffer)
        continue;
      // Only conversions between distributed layouts can be re-routed.
      RankedTensorType srcType = cvt.getSrc().getType();
      RankedTensorType dstType = cvt.getType();
      if (!isDistributedEncoding(srcType.getEncoding()) ||
          !isDistributedEncoding(dstType.getEncoding()) ||
          !cvtNeedsSharedMemory(srcType, dstType))
        continue;
      int64_t peak = 0;
      for (const FunctionAllocation::Buffer &other : buffers)
        if (other.start <= scratch.start && scratch.start <= other.end)
          peak = std::max(peak, other.offset + other.size);
      int64_t target = std::max<int64_t>(0, scratch.size - (peak - ldsLimit));
      if (scratch.size > target)
        result.push_back({cvt, target});
    }
    // Program order, as the buffers list them.
    return result;
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    ldsLimit = customLDSLimit;
    if (ldsLimit < 0) {
      module.emitError("optimize-amd-lds-usage: lds-limit must not be "
                       "negative, got ")
          << ldsLimit;
      return signalPassFailure();
    }
    if (ldsLimit == 0) {
      std::string arch = amdgpu::getTargetArch(module, targetArch);
      if (!StringRef(arch).starts_with("gfx")) {
        module.emitError("optimize-amd-lds-usage: no gfx target-arch option, "
                         "lds-limit or hip ttg.target on the module");
        return signalPassFailure();
      }
      ldsLimit = amdgpu::ldsBytesPerWorkgroup(arch);
    }

    FailureOr<ModuleAllocation> allocation =
        ModuleAllocation::get(module);
    if (failed(allocation))
      return signalPassFailure();
    if (allocation->getSharedMemorySize() <= ldsLimit)
      return;

    // Kernels and other functions nothing calls: their allocations hold
    // their callees'.
    llvm::DenseSet<Operation *> callees;
    module.walk([&](CallOpInterface call) {
      if (Operation *callee = call.resolveCallable())
        callees.insert(callee);
    });
    SmallVector<FunctionOpInterface> roots;
    module.walk([&](FunctionOpInterface func) {
      if (!callees.contains(func))
        roots.push_back(func);
    });
    for (FunctionOpInterface func : roots)
      for (auto [cvt, target] : findBottlenecks(allocation->getFunction(func)))
        fitIntoLDS(cvt, target);
  }
};

} // namespace
