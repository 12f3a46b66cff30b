//===- CoalesceAsyncCopy.cpp - -tritongpu-coalesce-async-copy ------------===//
//
// Clips a cp.async source's per-thread run along its fastest dimension to
// the run the destination buffer keeps contiguous, so that each thread's
// copies are as wide as they can be and the lanes of a warp cover
// neighbouring addresses (see Passes.td).
//
//===----------------------------------------------------------------------===//

#include "dialects/TritonGPU/IR/Dialect.h"
#include "dialects/TritonGPU/IR/LinearLayoutConversions.h"
#include "passes/TritonGPU/Passes.h"
#include "passes/TritonGPU/Pipeline/AsyncLoads.h"

#include <limits>

namespace mlir {
namespace triton {
namespace gpu {
#define GEN_PASS_DEF_TRITONGPUCOALESCEASYNCCOPY
#include "passes/TritonGPU/Passes.h.inc"
} // namespace gpu
} // namespace triton
} // namespace mlir

using namespace mlir;
using namespace mlir::triton::gpu;

namespace {

/// How many elements, from register 0 on, a thread of `tensorType` holds at
/// consecutive offsets of `memType`'s buffer; nullopt without linear layouts.
std::optional<int64_t> getCopyRun(RankedTensorType tensorType,
                                  MemDescType memType) {
  std::optional<LinearLayout> registers =
      toLinearLayout(tensorType.getShape(), tensorType.getEncoding());
  std::optional<LinearLayout> shared =
      toLinearLayout(memType.getShape(), memType.getEncoding());
  if (!registers || !shared || !shared->isInvertible())
    return std::nullopt;
  std::optional<LinearLayout> offsets = shared->invert();
  if (!offsets)
    return std::nullopt;
  SmallVector<std::string> dims = standardOutDimNames(tensorType.getRank());
  // The buffer offset of each basis (the inverse may also name the CTA,
  // the thread's own: only the offset counts).
  auto offsetOf = [&](const LinearLayout::Basis &basis) -> int64_t {
    SmallVector<std::pair<std::string, int32_t>> coords;
    for (auto [dim, value] : llvm::zip(dims, basis))
      coords.push_back({dim, value});
    for (const auto &[name, value] : offsets->apply(coords))
      if (name == "offset")
        return value;
    return 0;
  };
  // Registers 0, 1, ... at offsets 1, 2, ...; no other basis (a lane, warp
  // or later register, swizzled say) may touch those bits, or a thread's
  // run would start unaligned or out of order.
  ArrayRef<LinearLayout::Basis> regs = registers->getBases("register");
  unsigned runBits = 0;
  while (runBits < regs.size() &&
         offsetOf(regs[runBits]) == (int64_t(1) << runBits))
    ++runBits;
  int64_t others = 0;
  for (StringRef dim : {"register", "lane", "warp", "block"}) {
    if (!registers->hasInDim(dim))
      continue;
    for (auto [i, basis] : llvm::enumerate(registers->getBases(dim)))
      if (dim != "register" || i >= runBits)
        others |= offsetOf(basis);
  }
  while (runBits > 0 && (others & ((int64_t(1) << runBits) - 1)))
    --runBits;
  return int64_t(1) << runBits;
}

struct CoalesceAsyncCopyPass
    : triton::gpu::impl::TritonGPUCoalesceAsyncCopyBase<CoalesceAsyncCopyPass> {
  using Base::Base;

  void runOnOperation() override {
    getOperation().walk([&](AsyncCopyGlobalToLocalOp copy) {
      pipeline::clipAsyncCopySource(copy, std::numeric_limits<int64_t>::max());
    });
  }
};

} // namespace

void pipeline::clipAsyncCopySource(AsyncCopyGlobalToLocalOp copy,
                                 int64_t maxRun) {
  RankedTensorType srcType = copy.getSrc().getType();
  auto blocked = dyn_cast<BlockedEncodingAttr>(srcType.getEncoding());
  if (!blocked)
    return;
  // Only copies into swizzled buffers: one into an nvmma_shared
  // buffer keeps its layout even where the buffer is transposed against it
  // (a tf32 wgmma's N-major B), and is lowered to narrower cp.asyncs.
  if (!isa<SwizzledSharedEncodingAttr>(
          copy.getResult().getType().getEncoding()))
    return;
  std::optional<int64_t> run =
      getCopyRun(srcType, copy.getResult().getType());
  unsigned fastest = blocked.getOrder()[0];
  SmallVector<unsigned> sizePerThread(blocked.getSizePerThread());
  if (!run)
    return;
  int64_t clipped = std::min(*run, maxRun);
  if (sizePerThread[fastest] <= clipped)
    return;
  sizePerThread[fastest] = clipped;
  int64_t numCTAs = getEncodingNumCTAs(blocked);
  unsigned threadsPerWarp = 1, numWarps = 1;
  for (unsigned lanes : blocked.getThreadsPerWarp())
    threadsPerWarp *= lanes;
  for (unsigned warps : blocked.getWarpsPerCTA())
    numWarps *= warps;
  if (numCTAs < 1)
    return;
  BlockedEncodingAttr narrower = getBlockedEncoding(
      copy.getContext(), srcType.getShape(), sizePerThread,
      blocked.getOrder(), numWarps, threadsPerWarp, numCTAs);
  OpBuilder builder(copy);
  auto convert = [&](Value value) -> Value {
    if (!value)
      return value;
    auto type = cast<RankedTensorType>(value.getType());
    return ConvertLayoutOp::create(
        builder, copy.getLoc(),
        RankedTensorType::get(type.getShape(), type.getElementType(),
                              narrower),
        value);
  };
  Value src = convert(copy.getSrc()), mask = convert(copy.getMask()),
        other = convert(copy.getOther());
  copy.getSrcMutable().assign(src);
  if (mask)
    copy.getMaskMutable().assign(mask);
  if (other)
    copy.getOtherMutable().assign(other);
}

