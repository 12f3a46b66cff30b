// RUN: triton-opt %s | triton-opt | FileCheck %s
// RUN: triton-opt %s --mlir-print-op-generic | triton-opt | FileCheck %s
// The ttng ops in the syntax Triton 3.6 prints, round-tripped twice.

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func public @wgmma
  tt.func public @wgmma(%a: !ttg.memdesc<64x32xf16, #shared, #smem, mutable>, %b: !ttg.memdesc<32x64xf16, #shared, #smem, mutable>, %ra: tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %c: tensor<64x64xf32, #mma>, %use: i1) {
    // CHECK: %[[D:.*]] = ttng.warp_group_dot %{{.*}}, %{{.*}}, %{{.*}} {inputPrecision = 0 : i32, isAsync = true} : !ttg.memdesc<64x32xf16, #shared, #smem, mutable> * !ttg.memdesc<32x64xf16, #shared, #smem, mutable> -> tensor<64x64xf32, #mma>
    %d = ttng.warp_group_dot %a, %b, %c {inputPrecision = 0 : i32, isAsync = true} : !ttg.memdesc<64x32xf16, #shared, #smem, mutable> * !ttg.memdesc<32x64xf16, #shared, #smem, mutable> -> tensor<64x64xf32, #mma>
    // CHECK: ttng.warp_group_dot %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {maxNumImpreciseAcc = 32 : i32} : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * !ttg.memdesc<32x64xf16, #shared, #smem, mutable> -> tensor<64x64xf32, #mma>
    %e = ttng.warp_group_dot %ra, %b, %c, %use {maxNumImpreciseAcc = 32 : i32} : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * !ttg.memdesc<32x64xf16, #shared, #smem, mutable> -> tensor<64x64xf32, #mma>
    // CHECK: %{{.*}}:3 = ttng.warp_group_dot_wait %[[D]], %{{.*}}, %{{.*}} {pendings = 1 : i32} : tensor<64x64xf32, #mma>, !ttg.memdesc<64x32xf16, #shared, #smem, mutable>, !ttg.memdesc<32x64xf16, #shared, #smem, mutable>
    %w:3 = ttng.warp_group_dot_wait %d, %a, %b {pendings = 1 : i32} : tensor<64x64xf32, #mma>, !ttg.memdesc<64x32xf16, #shared, #smem, mutable>, !ttg.memdesc<32x64xf16, #shared, #smem, mutable>
    // CHECK: ttng.fence_async_shared {bCluster = false}
    ttng.fence_async_shared {bCluster = false}
    tt.return
  }

  // CHECK-LABEL: tt.func public @barriers_and_tma
  tt.func public @barriers_and_tma(%desc: !tt.tensordesc<tensor<64x32xf16>>, %x: i32, %y: i32, %pred: i1, %buf: !ttg.memdesc<64x32xf16, #shared, #smem, mutable>) {
    // CHECK: %[[BAR:.*]] = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #bar, #smem, mutable>
    // CHECK: ttng.init_barrier %[[BAR]], 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    // CHECK: ttng.barrier_expect %[[BAR]], 4096, %{{.*}} : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.barrier_expect %bar, 4096, %pred : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    // CHECK: ttng.async_tma_copy_global_to_local %{{.*}}[%{{.*}}, %{{.*}}] %{{.*}}, %[[BAR]], %{{.*}} cacheModifier = ca : !tt.tensordesc<tensor<64x32xf16>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
    ttng.async_tma_copy_global_to_local %desc[%x, %y] %buf, %bar, %pred cacheModifier = ca : !tt.tensordesc<tensor<64x32xf16>>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
    // CHECK: ttng.wait_barrier %[[BAR]], %{{.*}} : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.wait_barrier %bar, %x : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    // CHECK: ttng.wait_barrier %[[BAR]], %{{.*}}, %{{.*}} deps %{{.*}} : !ttg.memdesc<1xi64, #shared1, #smem, mutable>, !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
    ttng.wait_barrier %bar, %x, %pred deps %buf : !ttg.memdesc<1xi64, #bar, #smem, mutable>, !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
    // CHECK: ttng.arrive_barrier %[[BAR]], 2, %{{.*}} : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.arrive_barrier %bar, 2, %pred : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    // CHECK: ttng.async_copy_mbarrier_arrive %[[BAR]] : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.async_copy_mbarrier_arrive %bar : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    // CHECK: ttng.async_copy_mbarrier_arrive %[[BAR]] {noIncrement} : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.async_copy_mbarrier_arrive %bar {noIncrement} : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    // CHECK: ttng.inval_barrier %[[BAR]] : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.inval_barrier %bar : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    // CHECK: ttng.async_tma_copy_local_to_global %{{.*}}[%{{.*}}, %{{.*}}] %{{.*}} : !tt.tensordesc<tensor<64x32xf16>>, !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
    ttng.async_tma_copy_local_to_global %desc[%x, %y] %buf : !tt.tensordesc<tensor<64x32xf16>>, !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
    // CHECK: ttng.async_tma_reduce add, %{{.*}}[%{{.*}}, %{{.*}}] %{{.*}} : !tt.tensordesc<tensor<64x32xf16>>, !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
    ttng.async_tma_reduce add, %desc[%x, %y] %buf : !tt.tensordesc<tensor<64x32xf16>>, !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
    // CHECK: ttng.async_tma_store_wait {pendings = 0 : i32}
    ttng.async_tma_store_wait {pendings = 0 : i32}
    // CHECK: ttng.cluster_arrive {relaxed = true}
    ttng.cluster_arrive {relaxed = true}
    // CHECK: ttng.cluster_wait
    ttng.cluster_wait
    tt.return
  }

  // CHECK-LABEL: tt.func public @tensormaps
  tt.func public @tensormaps(%desc: !tt.ptr<i8>, %base: !tt.ptr<f16>, %n: i32, %stride: i64) {
    %c1 = arith.constant 1 : i32
    %c64 = arith.constant 64 : i32
    // CHECK: ttng.tensormap_create %{{.*}}, %{{.*}}, [%{{.*}}, %{{.*}}], [%{{.*}}, %{{.*}}], [%{{.*}}], [%{{.*}}, %{{.*}}] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i32, i64, i32, i32) -> ()
    ttng.tensormap_create %desc, %base, [%c64, %c64], [%n, %n], [%stride], [%c1, %c1] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i32, i64, i32, i32) -> ()
    // CHECK: ttng.tensormap_fenceproxy_acquire %{{.*}} : !tt.ptr<i8>
    ttng.tensormap_fenceproxy_acquire %desc : !tt.ptr<i8>
    // CHECK: ttng.reinterpret_tensor_descriptor %{{.*}} : !tt.ptr<i8> to !tt.tensordesc<tensor<64x64xf16>>
    %d = ttng.reinterpret_tensor_descriptor %desc : !tt.ptr<i8> to !tt.tensordesc<tensor<64x64xf16>>
    tt.return
  }
}
