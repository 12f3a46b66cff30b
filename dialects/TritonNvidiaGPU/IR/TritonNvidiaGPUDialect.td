//===- TritonNvidiaGPUDialect.td - The ttng dialect -------*- tablegen -*-===//
//
// NVIDIA-specific TTGIR operations (Hopper wgmma, mbarriers, TMA, Blackwell
// tensor memory and tcgen05 MMA), as Triton 3.6 prints them.
//
//===----------------------------------------------------------------------===//

#ifndef TRITONNVIDIAGPU_DIALECT_TD
#define TRITONNVIDIAGPU_DIALECT_TD

include "mlir/IR/OpBase.td"

def TritonNvidiaGPU_Dialect : Dialect {
  let name = "ttng";
  let cppNamespace = "::mlir::triton::nvidia_gpu";
  let summary = "NVIDIA-specific operations of the Triton GPU-level IR";
  let description = [{
    Warp-group MMA (wgmma) on shared-memory operands, mbarrier management,
    TMA copies through tensor descriptors, and the fences they need; for
    Blackwell (sm_100), tensor memory (`#ttng.tensor_memory` buffers) and the
    tcgen05 MMAs that accumulate in it, at the IR level only.

    ```mlir
    %d = ttng.warp_group_dot %a, %b, %c {isAsync = true} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x256xf16, #shared1, #smem> -> tensor<128x256xf32, #mma>
    %r = ttng.warp_group_dot_wait %d {pendings = 0 : i32} : tensor<128x256xf32, #mma>
    ```
  }];
  let dependentDialects = ["::mlir::triton::TritonDialect",
                           "::mlir::triton::gpu::TritonGPUDialect"];
  let extraClassDeclaration = [{
    void registerAttributes();
  }];
  let useDefaultAttributePrinterParser = 1;
}

#endif // TRITONNVIDIAGPU_DIALECT_TD
