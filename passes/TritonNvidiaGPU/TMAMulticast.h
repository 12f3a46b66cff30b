//===- TMAMulticast.h - -triton-nvidia-gpu-tma-multicast --------*- C++ -*-===//
//
// Ours (Triton 3.6 emits no multicast on Hopper): in a CTA cluster, a TMA
// load into a buffer the CTAs hold copies of (its CGA layout has zero bases)
// is split among the copies: each loads its share of the tile and multicasts
// it into the same buffer and mbarrier offsets of every copy (the lowering
// does that for loads this pass marks). The hazard is a peer's multicast
// writing a stage this CTA still reads: a cluster barrier orders them,
// arrived right after the op that frees the stage (relaxed after a
// warp-group dot wait) and waited on just before the loads; another one
// before each return keeps every CTA alive while a peer may still write
// into it. Descriptor boxes shrink to the share (getTMABoxShape with
// multicast): the module gets kTMAMulticastAttrName, which the launch
// metadata and the lowering read; tensormaps made in the kernel get the
// smaller box here. Declared here rather than in Passes.td: it is
// registered from C++ (registerTritonNvidiaGPUTMAMulticast), and make_llir
// runs it first when `tma-multicast=true`.
//
//===----------------------------------------------------------------------===//

#ifndef PASSES_TRITONNVIDIAGPU_TMAMULTICAST_H
#define PASSES_TRITONNVIDIAGPU_TMAMULTICAST_H

#include "mlir/Pass/Pass.h"

#include <memory>

namespace mlir {
namespace triton {
namespace nvidia_gpu {

/// -triton-nvidia-gpu-tma-multicast, on a module.
std::unique_ptr<Pass> createTritonNvidiaGPUTMAMulticast();

/// Makes -triton-nvidia-gpu-tma-multicast known to triton-opt.
void registerTritonNvidiaGPUTMAMulticast();

} // namespace nvidia_gpu
} // namespace triton
} // namespace mlir

#endif // PASSES_TRITONNVIDIAGPU_TMAMULTICAST_H
