//===- PlanCTA.h - -triton-nvidia-gpu-plan-cta ------------------*- C++ -*-===//
//
// Triton 3.6's CTA planning for clusters (ttg.num-ctas > 1): each dot's
// accumulator gets a CTA tiling (A split along M, B along N, both whole along
// K), each reduction one that never splits its axis, and the tilings spread
// to the producers and consumers of those tensors; where two tilings meet, a
// ttg.convert_layout. Without a dot or a reduction, the first store's tiling
// is kept everywhere. Declared here rather than in Passes.td: it is
// registered from C++ (registerTritonNvidiaGPUPlanCTA), and make_ttgir runs
// it on cuda:90 when num-ctas > 1, right after tritongpu-F32DotTC as 3.6 does.
//
//===----------------------------------------------------------------------===//

#ifndef PASSES_TRITONNVIDIAGPU_PLANCTA_H
#define PASSES_TRITONNVIDIAGPU_PLANCTA_H

#include "mlir/Pass/Pass.h"

#include <memory>

namespace mlir {
namespace triton {
namespace nvidia_gpu {

/// -triton-nvidia-gpu-plan-cta, on a module.
std::unique_ptr<Pass> createTritonNvidiaGPUPlanCTA();

/// Makes -triton-nvidia-gpu-plan-cta known to triton-opt.
void registerTritonNvidiaGPUPlanCTA();

} // namespace nvidia_gpu
} // namespace triton
} // namespace mlir

#endif // PASSES_TRITONNVIDIAGPU_PLANCTA_H
