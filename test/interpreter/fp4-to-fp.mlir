// ttg.fp4_to_fp unpacks two e2m1 values from each byte along its axis: the
// low nibble first. Bytes b[i, j] = 0x10 * (2k + 1) + 2k for k = 4 * i + j
// hold the nibbles 0 to 15 in order, so along axis 1 the result is every
// e2m1 value (positive, then negative); along axis 0 rows 2i and 2i + 1 are
// the low and high nibbles of row i.
// RUN: triton-run %s --grid 1 --arg 'a1=f32[16]:zeros' --arg 'a0=f32[16]:zeros' --print a1 --print a0 | FileCheck %s
// CHECK: a1:
// CHECK-NEXT: [ 0.   0.5  1.   1.5  2.   3.   4.   6.  -0.  -0.5 -1.  -1.5 -2.  -3.
// CHECK-NEXT:  -4.  -6. ]
// CHECK: a0:
// CHECK-NEXT: [ 0.   1.   2.   4.   0.5  1.5  3.   6.  -0.  -1.  -2.  -4.  -0.5 -1.5
// CHECK-NEXT:  -3.  -6. ]

#s = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 4], warpsPerCTA = [1, 1], order = [1, 0]}>
#r1 = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [1, 4], warpsPerCTA = [1, 1], order = [1, 0]}>
#r0 = #ttg.blocked<{sizePerThread = [2, 1], threadsPerWarp = [1, 4], warpsPerCTA = [1, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 4 : i32} {
  tt.func public @k(%a1: !tt.ptr<f32>, %a0: !tt.ptr<f32>) {
    %k = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32, #ttg.slice<{dim = 0, parent = #s}>>
    %k2 = tt.reshape %k : tensor<8xi32, #ttg.slice<{dim = 0, parent = #s}>> -> tensor<2x4xi32, #s>
    %c34 = arith.constant dense<34> : tensor<2x4xi32, #s>
    %c16 = arith.constant dense<16> : tensor<2x4xi32, #s>
    %m = arith.muli %k2, %c34 : tensor<2x4xi32, #s>
    %v = arith.addi %m, %c16 : tensor<2x4xi32, #s>
    %bytes = arith.trunci %v : tensor<2x4xi32, #s> to tensor<2x4xi8, #s>

    %f1 = ttg.fp4_to_fp %bytes {axis = 1 : i32} : tensor<2x4xi8, #s> -> tensor<2x8xf16, #r1>
    %e1 = arith.extf %f1 : tensor<2x8xf16, #r1> to tensor<2x8xf32, #r1>
    %i1 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32, #ttg.slice<{dim = 0, parent = #r1}>>
    %o1 = tt.reshape %i1 : tensor<16xi32, #ttg.slice<{dim = 0, parent = #r1}>> -> tensor<2x8xi32, #r1>
    %p1 = tt.splat %a1 : !tt.ptr<f32> -> tensor<2x8x!tt.ptr<f32>, #r1>
    %q1 = tt.addptr %p1, %o1 : tensor<2x8x!tt.ptr<f32>, #r1>, tensor<2x8xi32, #r1>
    tt.store %q1, %e1 : tensor<2x8x!tt.ptr<f32>, #r1>

    %f0 = ttg.fp4_to_fp %bytes {axis = 0 : i32} : tensor<2x4xi8, #s> -> tensor<4x4xbf16, #r0>
    %e0 = arith.extf %f0 : tensor<4x4xbf16, #r0> to tensor<4x4xf32, #r0>
    %i0 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32, #ttg.slice<{dim = 0, parent = #r0}>>
    %o0 = tt.reshape %i0 : tensor<16xi32, #ttg.slice<{dim = 0, parent = #r0}>> -> tensor<4x4xi32, #r0>
    %p0 = tt.splat %a0 : !tt.ptr<f32> -> tensor<4x4x!tt.ptr<f32>, #r0>
    %q0 = tt.addptr %p0, %o0 : tensor<4x4x!tt.ptr<f32>, #r0>, tensor<4x4xi32, #r0>
    tt.store %q0, %e0 : tensor<4x4x!tt.ptr<f32>, #r0>
    tt.return
  }
}
