// RUN: triton-opt %s -split-input-file -triton-nvidia-tma-lowering -cse | FileCheck %s

// A descriptor block laid out as an unswizzled row-major #ttg.swizzled_shared
// (Triton 3.6 takes it for stores, reductions and tensormaps): the store's
// buffer has the block's layout, and a descriptor made in the kernel has no
// swizzle; the box is the whole block (rows of at most 256 elements).
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#rows = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func public @store
  // CHECK: %[[S:.*]] = ttg.local_alloc %arg3 : (tensor<128x256xf32, #blocked>) -> !ttg.memdesc<128x256xf32, #shared, #smem>
  // CHECK-NEXT: ttng.fence_async_shared {bCluster = false}
  // CHECK-NEXT: ttng.async_tma_copy_local_to_global %arg0[%arg1, %arg2] %[[S]]
  // CHECK-NEXT: ttng.async_tma_store_wait {pendings = 0 : i32}
  tt.func public @store(%d: !tt.tensordesc<tensor<128x256xf32, #rows>>, %x: i32, %y: i32, %v: tensor<128x256xf32, #blocked>) {
    tt.descriptor_store %d[%x, %y], %v : !tt.tensordesc<tensor<128x256xf32, #rows>>, tensor<128x256xf32, #blocked>
    tt.return
  }

  // CHECK-LABEL: tt.func public @reduce
  // CHECK: ttng.async_tma_reduce add, %arg0[%arg1, %arg2] %{{.*}} : !tt.tensordesc<tensor<128x256xf32, #shared>>, !ttg.memdesc<128x256xf32, #shared, #smem>
  tt.func public @reduce(%d: !tt.tensordesc<tensor<128x256xf32, #rows>>, %x: i32, %y: i32, %v: tensor<128x256xf32, #blocked>) {
    tt.descriptor_reduce add, %d[%x, %y], %v : !tt.tensordesc<tensor<128x256xf32, #rows>>, tensor<128x256xf32, #blocked>
    tt.return
  }

  // CHECK-LABEL: tt.func public @make
  // CHECK-DAG: %[[C128:.*]] = arith.constant 128 : i32
  // CHECK-DAG: %[[C256:.*]] = arith.constant 256 : i32
  // CHECK: ttng.tensormap_create %{{.*}}, %arg0, [%[[C256]], %[[C128]]], [%arg2, %arg1], [%{{.*}}], [%{{.*}}, %{{.*}}] {elem_type = 7 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 0 : i32}
  tt.func public @make(%p: !tt.ptr<f32>, %m: i32, %n: i32, %s: i64) -> !tt.tensordesc<tensor<128x256xf32, #rows>> {
    %c1 = arith.constant 1 : i64
    %d = tt.make_tensor_descriptor %p, [%m, %n], [%s, %c1] : <f32>, <tensor<128x256xf32, #rows>>
    tt.return %d : !tt.tensordesc<tensor<128x256xf32, #rows>>
  }
}
