//===- TritonAMDGPUDialect.td - The amdg dialect ----------*- tablegen -*-===//
//
// AMD-specific TTGIR operations, as Triton 3.6 prints them: buffer loads and
// stores, tile-wise slices and concatenations of register tensors, in-thread
// transposes and conditional barriers.
//
//===----------------------------------------------------------------------===//

#ifndef TRITONAMDGPU_DIALECT_TD
#define TRITONAMDGPU_DIALECT_TD

include "mlir/IR/OpBase.td"

def TritonAMDGPU_Dialect : Dialect {
  let name = "amdg";
  let cppNamespace = "::mlir::triton::amdgpu";
  let summary = "AMD-specific operations of the Triton GPU-level IR";
  let description = [{
    Buffer loads and stores (a scalar base pointer plus a tensor of 32-bit
    offsets, which the AMD backend lowers to buffer instructions), slices
    and concatenations that only select registers, in-thread transposes and
    conditional barriers.

    ```mlir
    %v = amdg.buffer_load %base[%offsets], %mask, %other : tensor<1024xf32, #blocked>
    amdg.buffer_store %v, %base[%offsets], %mask : tensor<1024xf32, #blocked>
    ```
  }];
  let dependentDialects = ["::mlir::triton::TritonDialect",
                           "::mlir::triton::gpu::TritonGPUDialect"];
}

#endif // TRITONAMDGPU_DIALECT_TD
