// RUN: triton-opt %s -split-input-file -triton-nvidia-gpu-fence-insertion | FileCheck %s
// RUN: triton-opt %s -split-input-file -triton-nvidia-gpu-fence-insertion=compute-capability=80 | FileCheck %s --check-prefix=SM80

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // Flash attention's Q: stored from registers before the loop, read by the
  // wgmma in it; with B filled by async copies, one fence before the loop.
  // CHECK-LABEL: tt.func @hoisted
  // CHECK: ttg.local_alloc %arg0
  // CHECK: ttng.fence_async_shared {bCluster = false}
  // CHECK-NEXT: scf.for
  // CHECK-NOT: ttng.fence_async_shared
  // CHECK: ttng.warp_group_dot
  // SM80-LABEL: tt.func @hoisted
  // SM80-NOT: ttng.fence_async_shared
  tt.func @hoisted(%q: tensor<128x64xf16, #blocked>, %p: tensor<64x64x!tt.ptr<f16>, #blocked>, %c: tensor<128x64xf32, #mma>, %n: i32) -> tensor<128x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %sq = ttg.local_alloc %q : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
    %buf = ttg.local_alloc : () -> !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c) -> (tensor<128x64xf32, #mma>) : i32 {
      %k = ttg.memdesc_index %buf[%c0] : !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
      %t = ttg.async_copy_global_to_local %p, %k : tensor<64x64x!tt.ptr<f16>, #blocked> -> <64x64xf16, #shared, #smem, mutable>
      %d = ttng.warp_group_dot %sq, %k, %acc {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> tensor<128x64xf32, #mma>
      scf.yield %d : tensor<128x64xf32, #mma>
    }
    ttg.local_dealloc %buf : !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable>
    tt.return %r : tensor<128x64xf32, #mma>
  }

  // Stored in the loop: the fence stays before each wgmma (as upstream does,
  // a fence is dropped only when the op before it is a fence).
  // CHECK-LABEL: tt.func @in_loop
  // CHECK: scf.for
  // CHECK: ttg.local_alloc %arg1
  // CHECK-NEXT: ttng.fence_async_shared {bCluster = false}
  // CHECK-NEXT: ttng.warp_group_dot
  // CHECK-NEXT: ttng.fence_async_shared {bCluster = false}
  // CHECK-NEXT: ttng.warp_group_dot
  // CHECK-NOT: ttng.fence_async_shared
  // CHECK: scf.yield
  tt.func @in_loop(%q: !ttg.memdesc<128x64xf16, #shared, #smem>, %v: tensor<64x64xf16, #blocked>, %c: tensor<128x64xf32, #mma>, %n: i32) -> tensor<128x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c) -> (tensor<128x64xf32, #mma>) : i32 {
      %sv = ttg.local_alloc %v : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
      %d = ttng.warp_group_dot %q, %sv, %acc {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<128x64xf32, #mma>
      %e = ttng.warp_group_dot %q, %sv, %d {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<128x64xf32, #mma>
      scf.yield %e : tensor<128x64xf32, #mma>
    }
    tt.return %r : tensor<128x64xf32, #mma>
  }

  // A buffer written by local_store (through a view the dot reads too) is
  // fenced; one only filled by async copies, with A in registers, is not.
  // CHECK-LABEL: tt.func @stores
  // CHECK: ttg.local_store
  // CHECK: ttng.fence_async_shared
  // CHECK-NEXT: ttng.warp_group_dot
  // CHECK-NOT: ttng.fence_async_shared
  // CHECK: ttng.warp_group_dot
  tt.func @stores(%v: tensor<64x64xf16, #blocked>, %a: tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %p: tensor<64x64x!tt.ptr<f16>, #blocked>, %c: tensor<128x64xf32, #mma>) -> tensor<128x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %buf = ttg.local_alloc : () -> !ttg.memdesc<1x64x64xf16, #shared, #smem, mutable>
    %view = ttg.memdesc_index %buf[%c0] : !ttg.memdesc<1x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    ttg.local_store %v, %view : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %d = ttng.warp_group_dot %a, %view, %c {inputPrecision = 0 : i32} : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> tensor<128x64xf32, #mma>
    %buf2 = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %t = ttg.async_copy_global_to_local %p, %buf2 : tensor<64x64x!tt.ptr<f16>, #blocked> -> <64x64xf16, #shared, #smem, mutable>
    %e = ttng.warp_group_dot %a, %buf2, %d {inputPrecision = 0 : i32} : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> tensor<128x64xf32, #mma>
    tt.return %e : tensor<128x64xf32, #mma>
  }

  // A buffer carried by the loop is traced to its initial and yielded
  // values; a function argument is unknown and fenced (hoisted out of the
  // loop, which writes nothing).
  // CHECK-LABEL: tt.func @carried
  // CHECK: ttng.fence_async_shared
  // CHECK-NEXT: scf.for
  // CHECK-NOT: ttng.fence_async_shared
  // CHECK: tt.return
  tt.func @carried(%q: !ttg.memdesc<128x64xf16, #shared, #smem>, %k: !ttg.memdesc<64x64xf16, #shared, #smem>, %c: tensor<128x64xf32, #mma>, %n: i32) -> tensor<128x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c, %b = %k) -> (tensor<128x64xf32, #mma>, !ttg.memdesc<64x64xf16, #shared, #smem>) : i32 {
      %d = ttng.warp_group_dot %q, %b, %acc {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<128x64xf32, #mma>
      scf.yield %d, %b : tensor<128x64xf32, #mma>, !ttg.memdesc<64x64xf16, #shared, #smem>
    }
    tt.return %r#0 : tensor<128x64xf32, #mma>
  }
}
