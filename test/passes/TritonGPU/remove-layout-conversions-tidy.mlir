// RUN: triton-opt %s -split-input-file -tritongpu-remove-layout-conversions | FileCheck %s

// After the layouts are settled the pass tidies the loops it leaves: a loop
// that runs at least once and yields a value defined before it gives that
// value, and two iter_args started and advanced with the same values are one.

// CHECK-LABEL: tt.func @counter_from_outside
// CHECK-NOT: scf.for
// CHECK: tt.return %arg1 : tensor<64xi32, #{{.*}}>
#lay = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @counter_from_outside(%start: tensor<64xi32, #lay>, %next: tensor<64xi32, #lay>) -> tensor<64xi32, #lay> {
    %lo = arith.constant 0 : i32
    %hi = arith.constant 3 : i32
    %one = arith.constant 1 : i32
    %r = scf.for %i = %lo to %hi step %one iter_args(%acc = %start) -> (tensor<64xi32, #lay>) : i32 {
      scf.yield %next : tensor<64xi32, #lay>
    }
    tt.return %r : tensor<64xi32, #lay>
  }
}

// -----

// CHECK-LABEL: tt.func @twin_sums
// CHECK: %[[L:.*]] = scf.for {{.*}} -> (tensor<64xf32, #{{.*}}>) : i32
// CHECK: tt.return %[[L]], %[[L]]
#lay = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @twin_sums(%x: tensor<64xf32, #lay>, %n: i32) -> (tensor<64xf32, #lay>, tensor<64xf32, #lay>) {
    %zero = arith.constant dense<0.0> : tensor<64xf32, #lay>
    %lo = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %r:2 = scf.for %i = %lo to %n step %one iter_args(%a = %zero, %b = %zero) -> (tensor<64xf32, #lay>, tensor<64xf32, #lay>) : i32 {
      %s = arith.addf %a, %x : tensor<64xf32, #lay>
      scf.yield %s, %s : tensor<64xf32, #lay>, tensor<64xf32, #lay>
    }
    tt.return %r#0, %r#1 : tensor<64xf32, #lay>, tensor<64xf32, #lay>
  }
}
