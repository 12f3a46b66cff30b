// ttg.memdesc_reshape: the same elements under another shape, row-major (as
// tt.reshape numbers them). A 4x4 buffer holding 0..15 seen as 2x8: its
// columns 4-7 (a subslice of the reshaped view) are elements 4-7 and 12-15.
// The flat view of the buffer's transpose reads it column by column (its
// shared_linear layout keeps every element at its offset, as the GPU lowering
// requires of a reshape).
// RUN: triton-run %s --grid 1 --arg 'src=i32[16]:arange' --arg 'right=i32[8]:zeros' --arg 'cols=i32[16]:zeros' --print right --print cols | FileCheck %s
// CHECK: right:
// CHECK-NEXT: [ 4  5  6  7 12 13 14 15]
// CHECK: cols:
// CHECK-NEXT: [ 0  4  8 12  1  5  9 13  2  6 10 14  3  7 11 15]

#b1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
#b2 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]}>
#row = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#col = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0, 1]}>
#flat = #ttg.shared_linear<{offset = [[4], [8], [1], [2]]}, alignment = 16>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @k(%src: !tt.ptr<i32>, %right: !tt.ptr<i32>, %cols: !tt.ptr<i32>) {
    %i16 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32, #b1>
    %sp = tt.splat %src : !tt.ptr<i32> -> tensor<16x!tt.ptr<i32>, #b1>
    %sq = tt.addptr %sp, %i16 : tensor<16x!tt.ptr<i32>, #b1>, tensor<16xi32, #b1>
    %flat = tt.load %sq : tensor<16x!tt.ptr<i32>, #b1>
    %v = tt.reshape %flat : tensor<16xi32, #b1> -> tensor<4x4xi32, #b2>
    %buf = ttg.local_alloc %v : (tensor<4x4xi32, #b2>) -> !ttg.memdesc<4x4xi32, #row, #smem, mutable>
    %wide = ttg.memdesc_reshape %buf : !ttg.memdesc<4x4xi32, #row, #smem, mutable> -> !ttg.memdesc<2x8xi32, #row, #smem, mutable>
    %half = ttg.memdesc_subslice %wide[0, 4] : !ttg.memdesc<2x8xi32, #row, #smem, mutable> -> !ttg.memdesc<2x4xi32, #row, #smem, mutable, 2x8>
    %h = ttg.local_load %half : !ttg.memdesc<2x4xi32, #row, #smem, mutable, 2x8> -> tensor<2x4xi32, #b2>
    %hf = tt.reshape %h : tensor<2x4xi32, #b2> -> tensor<8xi32, #b1>
    %i8 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32, #b1>
    %rp = tt.splat %right : !tt.ptr<i32> -> tensor<8x!tt.ptr<i32>, #b1>
    %rq = tt.addptr %rp, %i8 : tensor<8x!tt.ptr<i32>, #b1>, tensor<8xi32, #b1>
    tt.store %rq, %hf : tensor<8x!tt.ptr<i32>, #b1>
    %t = ttg.memdesc_trans %buf {order = array<i32: 1, 0>} : !ttg.memdesc<4x4xi32, #row, #smem, mutable> -> !ttg.memdesc<4x4xi32, #col, #smem, mutable>
    %tw = ttg.memdesc_reshape %t : !ttg.memdesc<4x4xi32, #col, #smem, mutable> -> !ttg.memdesc<16xi32, #flat, #smem, mutable>
    %c = ttg.local_load %tw : !ttg.memdesc<16xi32, #flat, #smem, mutable> -> tensor<16xi32, #b1>
    %cp = tt.splat %cols : !tt.ptr<i32> -> tensor<16x!tt.ptr<i32>, #b1>
    %cq = tt.addptr %cp, %i16 : tensor<16x!tt.ptr<i32>, #b1>, tensor<16xi32, #b1>
    tt.store %cq, %c : tensor<16x!tt.ptr<i32>, #b1>
    tt.return
  }
}
