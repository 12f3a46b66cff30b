//===- CoalesceAsyncCopy.cpp - -tritonamdgpu-coalesce-async-copy ----------===//
//
// gfx942's direct-to-LDS loads put 4 bytes per lane, lane j's at the wave's
// LDS address plus 4 * j: a copy lowers only where each lane's pieces are
// 4 bytes and the wave's pieces fill neighbouring slots. A source layout
// giving a thread a longer run (16 bytes, as the pipeliner's loads have) is
// clipped to one piece per run with the NVIDIA pass's rewrite
// (passes/TritonGPU/CoalesceAsyncCopy.cpp), so that the lanes spread along
// the row instead.
//
//===----------------------------------------------------------------------===//

#include "passes/TritonAMDGPU/Passes.h"

#include "dialects/TritonAMDGPU/IR/Dialect.h"
#include "passes/TritonAMDGPU/LDSLimits.h"
#include "passes/TritonGPU/Pipeline/AsyncLoads.h"

namespace mlir {
namespace triton {
namespace amdgpu {
#define GEN_PASS_DEF_TRITONAMDGPUCOALESCEASYNCCOPY
#include "passes/TritonAMDGPU/Passes.h.inc"
} // namespace amdgpu
} // namespace triton
} // namespace mlir

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {

class TritonAMDGPUCoalesceAsyncCopyPass
    : public mlir::triton::amdgpu::impl::TritonAMDGPUCoalesceAsyncCopyBase<
          TritonAMDGPUCoalesceAsyncCopyPass> {
public:
  using Base::Base;
  void runOnOperation() override {
    ModuleOp module = getOperation();
    std::string arch = amdgpu::getTargetArch(module, archGenerationName);
    int64_t bytes = amdgpu::ldsDmaBytes(arch);
    module.walk([&](AsyncCopyGlobalToLocalOp copy) {
      Type pointee = cast<PointerType>(copy.getSrc().getType().getElementType())
                         .getPointeeType();
      int64_t elementBytes =
          pointee.isIntOrFloat() ? pointee.getIntOrFloatBitWidth() / 8 : 0;
      if (elementBytes < 1 || elementBytes > bytes)
        return;
      pipeline::clipAsyncCopySource(copy, bytes / elementBytes);
    });
  }
};

} // namespace
