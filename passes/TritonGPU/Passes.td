//===- Passes.td - TritonGPU (TTGIR) transforms -----------*- tablegen -*-===//

#ifndef TRITONGPU_TRANSFORMS_PASSES_TD
#define TRITONGPU_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def TritonGPUCoalesce : Pass<"tritongpu-coalesce", "mlir::ModuleOp"> {
  let summary = "Gives memory accesses layouts that coalesce them";
  let description = [{
    For each load, store and atomic on a tensor of pointers, the axis info
    analysis says which dimension is the most contiguous and how aligned it
    is; the access gets a `#ttg.blocked` layout whose threads each hold that
    many consecutive elements of the fastest dimension (up to 128 bits, and
    no more than the tensor has per thread), so that the lowering can use
    vector accesses and a warp touches consecutive memory. Its operands move
    to that layout, and its results back, with `ttg.convert_layout` (which
    -tritongpu-remove-layout-conversions removes where it can).

    ```mlir
    %v = tt.load %p : tensor<1024x!tt.ptr<f32>, #blocked>   // sizePerThread = [1]
    // becomes, with %p 16-byte aligned and contiguous
    %q = ttg.convert_layout %p : ... -> tensor<1024x!tt.ptr<f32>, #blocked1>  // sizePerThread = [4]
    %w = tt.load %q : tensor<1024x!tt.ptr<f32>, #blocked1>
    %v = ttg.convert_layout %w : tensor<1024xf32, #blocked1> -> tensor<1024xf32, #blocked>
    ```
  }];
  let dependentDialects = ["mlir::triton::gpu::TritonGPUDialect"];
}

#endif // TRITONGPU_TRANSFORMS_PASSES_TD
