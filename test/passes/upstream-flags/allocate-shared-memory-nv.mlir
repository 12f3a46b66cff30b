// RUN: triton-opt %s --allocate-shared-memory-nv='compute-capability=90 ptx-version=81' | FileCheck %s
// RUN: triton-opt %s --allocate-shared-memory-nv | FileCheck %s
// RUN: triton-opt %s -pass-pipeline='builtin.module(allocate-shared-memory-nv{compute-capability=80})' | FileCheck %s
// RUN: not triton-opt %s --allocate-shared-memory-nv='num-warps=4' 2>&1 | FileCheck %s --check-prefix=BAD
// Upstream's flag for the NVIDIA shared-memory allocator runs ours: the same
// offsets and module size, its target options accepted.

// BAD: no such option num-warps

#staging = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
// CHECK: module attributes {{.*}}ttg.shared = 3072 : i32
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.target" = "cuda:90"} {
  // CHECK-LABEL: tt.func @two_buffers
  tt.func @two_buffers() {
    // CHECK: ttg.local_alloc {allocation.offset = 2048 : i32}
    %a = ttg.local_alloc : () -> !ttg.memdesc<256xf32, #staging, #smem, mutable>
    // CHECK: ttg.local_alloc {allocation.offset = 0 : i32}
    %b = ttg.local_alloc : () -> !ttg.memdesc<512xf32, #staging, #smem, mutable>
    ttg.local_dealloc %a : !ttg.memdesc<256xf32, #staging, #smem, mutable>
    ttg.local_dealloc %b : !ttg.memdesc<512xf32, #staging, #smem, mutable>
    tt.return
  }
}
