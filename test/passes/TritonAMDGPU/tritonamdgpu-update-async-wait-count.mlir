// RUN: triton-opt %s -split-input-file -tritonamdgpu-update-async-wait-count | FileCheck %s

// Each copy of a 64x32 f16 tile, 8 halves per thread, is 4 LDS-DMA loads of
// 4 bytes. A wait on the first group may leave the second copy's 4 loads in
// flight; a wait on the last, none; a wait without tokens waits for all.
// CHECK-LABEL: tt.func @straight
// CHECK: %[[G0:.*]] = ttg.async_commit_group
// CHECK: %[[G1:.*]] = ttg.async_commit_group
// CHECK: amdg.async_wait %[[G0]] {num_inst = 4 : i32}
// CHECK: amdg.async_wait %[[G1]] {num_inst = 0 : i32}
// CHECK: amdg.async_wait {num_inst = 0 : i32}
// CHECK-NOT: ttg.async_wait
#bA = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [16, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @straight(%p: tensor<64x32x!tt.ptr<f16>, #bA>, %s0: !ttg.memdesc<64x32xf16, #shared, #smem, mutable>, %s1: !ttg.memdesc<64x32xf16, #shared, #smem, mutable>) {
    %t0 = ttg.async_copy_global_to_local %p, %s0 : tensor<64x32x!tt.ptr<f16>, #bA> -> <64x32xf16, #shared, #smem, mutable>
    %g0 = ttg.async_commit_group tokens %t0
    %t1 = ttg.async_copy_global_to_local %p, %s1 : tensor<64x32x!tt.ptr<f16>, #bA> -> <64x32xf16, #shared, #smem, mutable>
    %g1 = ttg.async_commit_group tokens %t1
    %w0 = ttg.async_wait %g0 {num = 1 : i32}
    %w1 = ttg.async_wait %g1 {num = 0 : i32}
    %w2 = ttg.async_wait {num = 0 : i32}
    tt.return
  }
}

// -----

// In a loop, a wait on the copy of two iterations back (through the back
// edge; the prologue's first copy on entry): the two copies issued since
// (8 loads) may stay in flight on every path.
// CHECK-LABEL: tt.func @loop
// CHECK: scf.for
// CHECK: ttg.async_copy_global_to_local
// CHECK: amdg.async_wait %{{.*}} {num_inst = 8 : i32}
#bA = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [16, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @loop(%p: tensor<64x32x!tt.ptr<f16>, #bA>, %s0: !ttg.memdesc<64x32xf16, #shared, #smem, mutable>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %t0 = ttg.async_copy_global_to_local %p, %s0 : tensor<64x32x!tt.ptr<f16>, #bA> -> <64x32xf16, #shared, #smem, mutable>
    %g0 = ttg.async_commit_group tokens %t0
    %t1 = ttg.async_copy_global_to_local %p, %s0 : tensor<64x32x!tt.ptr<f16>, #bA> -> <64x32xf16, #shared, #smem, mutable>
    %g1 = ttg.async_commit_group tokens %t1
    %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %g0, %b = %g1) -> (!ttg.async.token, !ttg.async.token) : i32 {
      %t = ttg.async_copy_global_to_local %p, %s0 : tensor<64x32x!tt.ptr<f16>, #bA> -> <64x32xf16, #shared, #smem, mutable>
      %g = ttg.async_commit_group tokens %t
      %w = ttg.async_wait %a {num = 2 : i32}
      scf.yield %b, %g : !ttg.async.token, !ttg.async.token
    }
    tt.return
  }
}

// -----

// Not a CDNA GPU: left alone.
// CHECK-LABEL: tt.func @rdna
// CHECK: ttg.async_wait
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx1100", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @rdna() {
    %w = ttg.async_wait {num = 0 : i32}
    tt.return
  }
}
