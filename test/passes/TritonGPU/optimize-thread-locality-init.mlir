// RUN: triton-opt %s -tritongpu-optimize-thread-locality -canonicalize | FileCheck %s

// A running row minimum that starts from 5.0. The loop's partial minima
// start from +inf (minnumf's identity), in a constant put right after the
// old initial value, which the canonicalizer keeps in that order; 5.0 is
// folded in once, after the cross-thread reduction behind the loop (the
// canonicalizer moves the constant operand last).

// CHECK-LABEL: @row_min_from_five
// CHECK: [[FIVE:%.*]] = arith.constant dense<5.000000e+00> : tensor<16xf32
// CHECK-NEXT: [[INF:%.*]] = arith.constant dense<0x7F800000> : tensor<16x16xf32
// CHECK: [[LOOP:%[0-9]+]]:2 = scf.for {{.*}} iter_args([[ACC:%[^ ]*]] = [[INF]], {{.*}}) -> (tensor<16x16xf32
// CHECK: [[V:%.*]] = tt.reshape {{.*}} allow_reorder efficient_layout : tensor<16x64xf32, #{{.*}}> -> tensor<16x16x4xf32
// CHECK-NEXT: [[R:%.*]] = "tt.reduce"([[V]]) <{axis = 2 : i32}>
// CHECK: [[NEXT:%.*]] = arith.minnumf [[ACC]], [[R]]
// CHECK: scf.yield [[NEXT]],
// CHECK: [[T:%.*]] = "tt.reduce"([[LOOP]]#0) <{axis = 1 : i32}>
// CHECK: [[C:%.*]] = ttg.convert_layout [[T]]
// CHECK-NEXT: arith.minnumf [[C]], [[FIVE]]
#tile = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [8, 1], order = [1, 0]}>
#rows = #ttg.slice<{dim = 1, parent = #tile}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @row_min_from_five(%p: tensor<16x64x!tt.ptr<f32>, #tile>, %step: tensor<16x64xi32, #tile>, %n: i32, %out: tensor<16x!tt.ptr<f32>, #rows>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %five = arith.constant dense<5.000000e+00> : tensor<16xf32, #rows>
    %m:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %five, %q = %p) -> (tensor<16xf32, #rows>, tensor<16x64x!tt.ptr<f32>, #tile>) : i32 {
      %x = tt.load %q : tensor<16x64x!tt.ptr<f32>, #tile>
      %r = "tt.reduce"(%x) <{axis = 1 : i32}> ({
      ^bb0(%a: f32, %b: f32):
        %s = arith.minnumf %a, %b : f32
        tt.reduce.return %s : f32
      }) : (tensor<16x64xf32, #tile>) -> tensor<16xf32, #rows>
      %next = arith.minnumf %acc, %r : tensor<16xf32, #rows>
      %q2 = tt.addptr %q, %step : tensor<16x64x!tt.ptr<f32>, #tile>, tensor<16x64xi32, #tile>
      scf.yield %next, %q2 : tensor<16xf32, #rows>, tensor<16x64x!tt.ptr<f32>, #tile>
    }
    tt.store %out, %m#0 : tensor<16x!tt.ptr<f32>, #rows>
    tt.return
  }
}
