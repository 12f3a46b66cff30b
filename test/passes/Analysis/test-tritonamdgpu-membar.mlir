// RUN: triton-opt %s -split-input-file -convert-scf-to-cf -test-tritonamdgpu-membar | FileCheck %s
// RUN: triton-opt %s -split-input-file -convert-scf-to-cf -test-print-membar | FileCheck %s --check-prefix=PLAIN

// The AMD rule: an async copy into LDS and a local_load whose token comes
// from an async wait need no barrier between them (the wait has its own).
// Here the loop reads a stage the previous iteration's wait synchronized,
// then starts the next copy into the one allocation: the generic analysis
// puts a barrier between the read and the copy, the AMD one only the wait's.
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32, "ttg.threads-per-warp" = 64 : i32} {
// CHECK-LABEL: tt.func @wait_token_through_loop
// CHECK: ^bb1
// CHECK: ttg.local_load
// CHECK-NOT: ttg.local_barrier
// CHECK: ttg.async_copy_global_to_local
// CHECK-NEXT: ttg.async_wait
// CHECK-NEXT: ttg.local_barrier
// PLAIN-LABEL: tt.func @wait_token_through_loop
// PLAIN: ttg.local_load
// PLAIN-NEXT: ttg.local_barrier
// PLAIN-NEXT: ttg.async_copy_global_to_local
tt.func @wait_token_through_loop(%ptrs: tensor<32x32x!tt.ptr<f16>, #blocked>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %buf = ttg.local_alloc : () -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
  %t = ttg.async_copy_global_to_local %ptrs, %buf : tensor<32x32x!tt.ptr<f16>, #blocked> -> <32x32xf16, #shared, #smem, mutable>
  %w = ttg.async_wait %t {num = 0 : i32}
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%tok = %w) -> (!ttg.async.token) : i32 {
    %v = ttg.local_load %buf token %tok : !ttg.memdesc<32x32xf16, #shared, #smem, mutable> -> tensor<32x32xf16, #blocked>
    %t2 = ttg.async_copy_global_to_local %ptrs, %buf : tensor<32x32x!tt.ptr<f16>, #blocked> -> <32x32xf16, #shared, #smem, mutable>
    %w2 = ttg.async_wait %t2 {num = 0 : i32}
    scf.yield %w2 : !ttg.async.token
  }
  tt.return
}
}

// -----

// A token that reaches the loop from a copy, not a wait, on one path: the
// read is not known to be synchronized, so the barrier stays. amdg ops are
// async copies and waits too.
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32, "ttg.threads-per-warp" = 64 : i32} {
// CHECK-LABEL: tt.func @token_from_copy
// CHECK: ttg.local_load
// CHECK-NEXT: ttg.local_barrier
// CHECK-NEXT: amdg.buffer_load_to_local
tt.func @token_from_copy(%p: !tt.ptr<f16>, %off: tensor<32x32xi32, #blocked>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %buf = ttg.local_alloc : () -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
  %t = amdg.buffer_load_to_local %p[%off] into %buf : <f16>[tensor<32x32xi32, #blocked>] -> <32x32xf16, #shared, #smem, mutable>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%tok = %t) -> (!ttg.async.token) : i32 {
    %v = ttg.local_load %buf token %tok : !ttg.memdesc<32x32xf16, #shared, #smem, mutable> -> tensor<32x32xf16, #blocked>
    %t2 = amdg.buffer_load_to_local %p[%off] into %buf : <f16>[tensor<32x32xi32, #blocked>] -> <32x32xf16, #shared, #smem, mutable>
    %w2 = amdg.async_wait %t2 {num_inst = 0 : i32}
    scf.yield %w2 : !ttg.async.token
  }
  tt.return
}
}
