// RUN: triton-opt %s -split-input-file -tritongpu-remove-layout-conversions | FileCheck %s

// Two stores in a loop read pointers advanced from one loop-carried base,
// each converted to the stores' layout: the loop carries the base once in
// that layout, and the old iter_arg goes.

// CHECK-LABEL: tt.func @two_stores_one_base
// CHECK-NOT: ttg.convert_layout
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}) -> (tensor<64x32x!tt.ptr<f16>, #[[L:[a-z0-9_]+]]>)
// CHECK-NOT: ttg.convert_layout
// CHECK: scf.yield %{{.*}} : tensor<64x32x!tt.ptr<f16>, #[[L]]>
#rows = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
#cols = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @two_stores_one_base(%p: !tt.ptr<f16>, %n: i32) {
    %lo = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %zero = arith.constant dense<0.0> : tensor<64x32xf16, #cols>
    %step = arith.constant dense<32> : tensor<64x32xi32, #rows>
    %far = arith.constant dense<96> : tensor<64x32xi32, #rows>
    %base = tt.splat %p : !tt.ptr<f16> -> tensor<64x32x!tt.ptr<f16>, #rows>
    %r = scf.for %i = %lo to %n step %one iter_args(%b = %base) -> (tensor<64x32x!tt.ptr<f16>, #rows>) : i32 {
      %next = tt.addptr %b, %step : tensor<64x32x!tt.ptr<f16>, #rows>, tensor<64x32xi32, #rows>
      %n1 = ttg.convert_layout %next : tensor<64x32x!tt.ptr<f16>, #rows> -> tensor<64x32x!tt.ptr<f16>, #cols>
      tt.store %n1, %zero : tensor<64x32x!tt.ptr<f16>, #cols>
      %other = tt.addptr %b, %far : tensor<64x32x!tt.ptr<f16>, #rows>, tensor<64x32xi32, #rows>
      %o1 = ttg.convert_layout %other : tensor<64x32x!tt.ptr<f16>, #rows> -> tensor<64x32x!tt.ptr<f16>, #cols>
      tt.store %o1, %zero : tensor<64x32x!tt.ptr<f16>, #cols>
      scf.yield %next : tensor<64x32x!tt.ptr<f16>, #rows>
    }
    tt.return
  }
}
