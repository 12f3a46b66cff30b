// RUN: triton-opt %s | triton-opt | FileCheck %s
// RUN: triton-opt %s --mlir-print-op-generic | triton-opt | FileCheck %s
// The amdg ops in the syntax Triton 3.6 prints, round-tripped twice.

#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [64], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  // CHECK-LABEL: tt.func public @buffers
  tt.func public @buffers(%base: !tt.ptr<f32>, %offsets: tensor<1024xi32, #blocked>, %mask: tensor<1024xi1, #blocked>, %other: tensor<1024xf32, #blocked>, %stride: i32) {
    // CHECK: %[[A:.*]] = amdg.buffer_load %{{.*}}[%{{.*}}] : tensor<1024xf32, #blocked>
    %a = amdg.buffer_load %base[%offsets] : tensor<1024xf32, #blocked>
    // CHECK: amdg.buffer_load %{{.*}}[%{{.*}}], %{{.*}}, %{{.*}} : tensor<1024xf32, #blocked>
    %b = amdg.buffer_load %base[%offsets], %mask, %other : tensor<1024xf32, #blocked>
    // CHECK: amdg.buffer_load %{{.*}}[%{{.*}}], %{{.*}} cacheModifier = cg stride = %{{.*}} : tensor<1024xf32, #blocked>
    %c = amdg.buffer_load %base[%offsets], %mask cacheModifier = cg stride = %stride : tensor<1024xf32, #blocked>
    // CHECK: amdg.buffer_store %[[A]], %{{.*}}[%{{.*}}] : tensor<1024xf32, #blocked>
    amdg.buffer_store %a, %base[%offsets] : tensor<1024xf32, #blocked>
    // CHECK: amdg.buffer_store %{{.*}}, %{{.*}}[%{{.*}}], %{{.*}} cacheModifier = wt stride = %{{.*}} : tensor<1024xf32, #blocked>
    amdg.buffer_store %b, %base[%offsets], %mask cacheModifier = wt stride = %stride : tensor<1024xf32, #blocked>
    tt.return
  }
}
