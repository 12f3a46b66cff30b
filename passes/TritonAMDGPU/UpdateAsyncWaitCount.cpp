//===- UpdateAsyncWaitCount.cpp - -tritonamdgpu-update-async-wait-count ---===//
//
// ttg.async_wait counts commit groups; the CDNA hardware counts vector
// memory instructions (vmcnt). Each wait on tokens becomes an amdg.async_wait
// whose `num_inst` is the fewest direct-to-LDS load instructions issued after
// the token's op on any path to the wait (into and around loops, as the
// NVIDIA pipeliner counts commit groups: passes/TritonGPU/Pipeline/
// AsyncWaits.cpp). Ordinary loads also count in vmcnt but are left out of
// the sum, which only makes the wait stricter. A wait without tokens, or on
// paths not followed, waits for everything (0).
//
//===----------------------------------------------------------------------===//

#include "passes/TritonAMDGPU/Passes.h"

#include "dialects/TritonAMDGPU/IR/Dialect.h"
#include "dialects/TritonGPU/IR/LinearLayoutConversions.h"
#include "passes/TritonAMDGPU/LDSLimits.h"
#include "passes/TritonGPU/Pipeline/Pipeline.h"

#include "mlir/IR/PatternMatch.h"

namespace mlir {
namespace triton {
namespace amdgpu {
#define GEN_PASS_DEF_TRITONAMDGPUUPDATEASYNCWAITCOUNT
#include "passes/TritonAMDGPU/Passes.h.inc"
} // namespace amdgpu
} // namespace triton
} // namespace mlir

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {

/// The direct-to-LDS load instructions a copy lowers to: a lane's distinct
/// elements (registers that are not copies of another), `dmaBytes` per
/// instruction; rounding down can only make a wait stricter.
int dmaInstructions(Operation *op, int64_t dmaBytes) {
  auto copy = dyn_cast<AsyncCopyGlobalToLocalOp>(op);
  if (!copy)
    return 0;
  auto type = cast<RankedTensorType>(copy.getSrc().getType());
  std::optional<LinearLayout> layout =
      toLinearLayout(type.getShape(), type.getEncoding());
  if (!layout || !layout->hasInDim("register"))
    return 0;
  int64_t registers = 1;
  for (const LinearLayout::Basis &basis : layout->getBases("register"))
    if (llvm::any_of(basis, [](int32_t v) { return v != 0; }))
      registers *= 2;
  Type pointee = cast<PointerType>(type.getElementType()).getPointeeType();
  int64_t bytes = registers * pointee.getIntOrFloatBitWidth() / 8;
  return static_cast<int>(bytes / dmaBytes);
}

class TritonAMDGPUUpdateAsyncWaitCountPass
    : public mlir::triton::amdgpu::impl::TritonAMDGPUUpdateAsyncWaitCountBase<
          TritonAMDGPUUpdateAsyncWaitCountPass> {
public:
  using Base::Base;
  void runOnOperation() override {
    ModuleOp module = getOperation();
    std::string arch = amdgpu::getTargetArch(module, archGenerationName);
    // Only the CDNA GPUs copy directly to LDS and count with vmcnt.
    if (!StringRef(arch).starts_with("gfx9"))
      return;
    int64_t dmaBytes = amdgpu::ldsDmaBytes(arch);
    auto weight = [&](Operation *op) { return dmaInstructions(op, dmaBytes); };
    SmallVector<AsyncWaitOp> waits;
    module.walk([&](AsyncWaitOp wait) { waits.push_back(wait); });
    IRRewriter rewriter(module.getContext());
    for (AsyncWaitOp wait : waits) {
      int count = std::numeric_limits<int>::max();
      for (Value token : wait.getAsyncToken())
        count = std::min(count, pipeline::fewestWeightAfter(token, wait, weight));
      if (wait.getAsyncToken().empty() ||
          count == std::numeric_limits<int>::max())
        count = 0;
      rewriter.setInsertionPoint(wait);
      rewriter.replaceOpWithNewOp<amdgpu::AsyncWaitOp>(
          wait, wait.getType(), wait.getAsyncToken(),
          static_cast<uint32_t>(count));
    }
  }
};

} // namespace
