//===- ProxyFenceInsertion.cpp - -triton-nvidia-gpu-proxy-fence-insertion -===//
//
// The async-proxy half of the barrier placement (passes/Analysis/Membar.cpp)
// as a pass of its own, as Triton 3.6's make_llir runs it before the
// lowering: fences only, from the module's shared-memory allocation.
//
//===----------------------------------------------------------------------===//

#include "passes/TritonNvidiaGPU/Passes.h"

#include "passes/Analysis/Allocation.h"
#include "passes/Analysis/Membar.h"

namespace mlir {
namespace triton {
namespace nvidia_gpu {
#define GEN_PASS_DEF_TRITONGPUPROXYFENCEINSERTION
#include "passes/TritonNvidiaGPU/Passes.h.inc"
} // namespace nvidia_gpu
} // namespace triton
} // namespace mlir

using namespace mlir;

namespace {

class ProxyFenceInsertionPass
    : public triton::nvidia_gpu::impl::TritonGPUProxyFenceInsertionBase<
          ProxyFenceInsertionPass> {
public:
  using TritonGPUProxyFenceInsertionBase::TritonGPUProxyFenceInsertionBase;

  void runOnOperation() override {
    // Before sm_90 there is no async proxy to order against.
    if (computeCapability < 90)
      return;
    ModuleOp module = getOperation();
    // The offsets are computed afresh (as the lowering will place them):
    // fences depend only on which buffers share bytes, not on the total.
    FailureOr<triton::ModuleAllocation> allocation =
        triton::ModuleAllocation::get(module);
    if (failed(allocation))
      return signalPassFailure();
    triton::insertProxyFences(module, *allocation);
  }
};

} // namespace
