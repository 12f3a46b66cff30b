// amdg.buffer_load_to_local fills a shared buffer with base[offsets[i]]
// where the mask holds and `other` elsewhere; the copy is complete at once
// here, so amdg.async_wait only orders. `src` holds k; the offsets read
// it backwards (7 - i); elements 6 and 7 are masked off and take -1.
// RUN: triton-run %s --grid 1 --arg 'src=i32[8]:arange' --arg 'dst=i32[8]:zeros' --print dst | FileCheck %s
// CHECK: dst:
// CHECK-NEXT: [ 7  6  5  4  3  2 -1 -1]

#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [8], warpsPerCTA = [1], order = [0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 8 : i32} {
  tt.func public @k(%src: !tt.ptr<i32>, %dst: !tt.ptr<i32>) {
    %i = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32, #b>
    %c7 = arith.constant dense<7> : tensor<8xi32, #b>
    %rev = arith.subi %c7, %i : tensor<8xi32, #b>
    %c6 = arith.constant dense<6> : tensor<8xi32, #b>
    %m = arith.cmpi slt, %i, %c6 : tensor<8xi32, #b>
    %other = arith.constant dense<-1> : tensor<8xi32, #b>
    %buf = ttg.local_alloc : () -> !ttg.memdesc<8xi32, #shared, #smem, mutable>
    %t = amdg.buffer_load_to_local %src[%rev] mask=%m other=%other into %buf : <i32>[tensor<8xi32, #b>] tensor<8xi32, #b> -> <8xi32, #shared, #smem, mutable>
    %g = ttg.async_commit_group tokens %t
    %w = amdg.async_wait %g {num_inst = 0 : i32}
    %v = ttg.local_load %buf token %w : !ttg.memdesc<8xi32, #shared, #smem, mutable> -> tensor<8xi32, #b>
    %p = tt.splat %dst : !tt.ptr<i32> -> tensor<8x!tt.ptr<i32>, #b>
    %q = tt.addptr %p, %i : tensor<8x!tt.ptr<i32>, #b>, tensor<8xi32, #b>
    tt.store %q, %v : tensor<8x!tt.ptr<i32>, #b>
    tt.return
  }
}
