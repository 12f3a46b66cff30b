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

// -----

// A loop-carried tile that is only rescaled from its own last value and never
// read after the loop goes, with the ops that rescale it; the running sum
// the function returns stays.
// CHECK-LABEL: tt.func @unread_accumulator
// CHECK: %[[R:.*]] = scf.for {{.*}} iter_args(%[[S:.*]] = %{{.*}}) -> (tensor<64xf32, #blocked>)
// CHECK-NOT: arith.mulf
// CHECK: arith.addf %[[S]]
// CHECK: tt.return %[[R]]
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>
#tile = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [2, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @unread_accumulator(%step: tensor<64xf32, #blocked>, %scale: tensor<64x64xf32, #tile>) -> tensor<64xf32, #blocked> {
    %lo = arith.constant 0 : i32
    %hi = arith.constant 8 : i32
    %one = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<64xf32, #blocked>
    %acc0 = arith.constant dense<1.000000e+00> : tensor<64x64xf32, #tile>
    %r:2 = scf.for %i = %lo to %hi step %one iter_args(%acc = %acc0, %sum = %zero) -> (tensor<64x64xf32, #tile>, tensor<64xf32, #blocked>) : i32 {
      %a = arith.mulf %acc, %scale : tensor<64x64xf32, #tile>
      %s = arith.addf %sum, %step : tensor<64xf32, #blocked>
      scf.yield %a, %s : tensor<64x64xf32, #tile>, tensor<64xf32, #blocked>
    }
    tt.return %r#1 : tensor<64xf32, #blocked>
  }
}

// -----

// Two running maxima started from the same constant and advanced by the same
// max of the same row are one iter_arg; both results read it.
// CHECK-LABEL: tt.func @repeated_running_max
// CHECK: %[[R:.*]] = scf.for {{.*}} iter_args(%[[M:.*]] = %{{.*}}) -> (tensor<64xf32, #blocked>)
// CHECK-NEXT: %[[N:.*]] = arith.maxnumf %[[M]], %arg0
// CHECK-NEXT: scf.yield %[[N]]
// CHECK: tt.return %[[R]], %[[R]]
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @repeated_running_max(%row: tensor<64xf32, #blocked>) -> (tensor<64xf32, #blocked>, tensor<64xf32, #blocked>) {
    %lo = arith.constant 0 : i32
    %hi = arith.constant 8 : i32
    %one = arith.constant 1 : i32
    %ninf = arith.constant dense<0xFF800000> : tensor<64xf32, #blocked>
    %r:2 = scf.for %i = %lo to %hi step %one iter_args(%m1 = %ninf, %m2 = %ninf) -> (tensor<64xf32, #blocked>, tensor<64xf32, #blocked>) : i32 {
      %a = arith.maxnumf %m1, %row : tensor<64xf32, #blocked>
      %b = arith.maxnumf %m2, %row : tensor<64xf32, #blocked>
      scf.yield %a, %b : tensor<64xf32, #blocked>, tensor<64xf32, #blocked>
    }
    tt.return %r#0, %r#1 : tensor<64xf32, #blocked>, tensor<64xf32, #blocked>
  }
}
