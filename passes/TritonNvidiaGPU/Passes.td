//===- Passes.td - TritonNvidiaGPU (ttng) transforms ------*- tablegen -*-===//

#ifndef TRITONNVIDIAGPU_TRANSFORMS_PASSES_TD
#define TRITONNVIDIAGPU_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def TritonGPUFenceInsertion : Pass<"triton-nvidia-gpu-fence-insertion", "mlir::ModuleOp"> {
  let summary = "Fences generic-proxy shared-memory writes before the wgmmas that read them";
  let description = [{
    wgmma reads shared memory through the async proxy; what threads wrote
    there (a `ttg.local_alloc` of a tensor, a `ttg.local_store`) went through
    the generic proxy and is visible to it only after a
    `fence.proxy.async`. On compute capability 90 and above, a
    `ttng.fence_async_shared {bCluster = false}` goes before each
    `ttng.warp_group_dot` with a shared-memory operand written so (looking
    through views, and through scf.for iteration arguments to their initial
    and yielded values; any other block argument counts as written). The
    fence moves out of every enclosing loop that contains none of those
    writes (Triton 3.6's placement: a fence before the loop serves all its
    iterations), and is dropped when the op before it is the same fence.

    ```mlir
    %q = ttg.local_alloc %t : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
    scf.for ... {
      %d = ttng.warp_group_dot %q, %k, %c ...
    }
    // becomes
    %q = ttg.local_alloc %t : ...
    ttng.fence_async_shared {bCluster = false}
    scf.for ... {
      %d = ttng.warp_group_dot %q, %k, %c ...
    }
    ```
  }];
  let options = [
    Option<"computeCapability", "compute-capability", "int32_t", /*default=*/"90",
           "the NVIDIA compute capability; no fences below 90">
  ];
  let dependentDialects = ["mlir::triton::nvidia_gpu::TritonNvidiaGPUDialect"];
}

#endif // TRITONNVIDIAGPU_TRANSFORMS_PASSES_TD
