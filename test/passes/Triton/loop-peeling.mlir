// RUN: triton-opt %s -split-input-file -triton-test-loop-peeling | FileCheck %s
// RUN: triton-opt %s -split-input-file -triton-test-loop-peeling -canonicalize | FileCheck %s --check-prefix=FOLD

// The last iteration runs after the loop, under lb < ub, on the shortened
// loop's results; the result's users read the scf.if.
// CHECK-LABEL: @sum_i32
// CHECK-SAME: (%[[LB:.*]]: i32, %[[UB:.*]]: i32, %[[STEP:.*]]: i32, %[[P:.*]]: !tt.ptr<f32>)
// CHECK: %[[NUB:.*]] = arith.subi %[[UB]], %[[STEP]] : i32
// CHECK: %[[FOR:.*]] = scf.for %[[IV:.*]] = %[[LB]] to %[[NUB]] step %[[STEP]] iter_args(%[[ACC:.*]] = %{{.*}}) -> (f32)  : i32 {
// CHECK:   arith.sitofp %[[IV]]
// CHECK:   scf.yield
// CHECK: }
// CHECK-NOT: __test_peel_epilogue
// CHECK: %[[ONE:.*]] = arith.constant 1 : i32
// CHECK: %[[RANGE:.*]] = arith.subi %[[UB]], %[[LB]] : i32
// CHECK: %[[RANGE1:.*]] = arith.subi %[[RANGE]], %[[ONE]] : i32
// CHECK: %[[ITERS1:.*]] = arith.divsi %[[RANGE1]], %[[STEP]] : i32
// CHECK: %[[DELTA:.*]] = arith.muli %[[ITERS1]], %[[STEP]] : i32
// CHECK: %[[LAST:.*]] = arith.addi %[[DELTA]], %[[LB]] : i32
// CHECK: %[[RUNS:.*]] = arith.cmpi slt, %[[LB]], %[[UB]] : i32
// CHECK: %[[IF:.*]] = scf.if %[[RUNS]] -> (f32) {
// CHECK:   %[[X:.*]] = arith.sitofp %[[LAST]] : i32 to f32
// CHECK:   %[[SUM:.*]] = arith.addf %[[FOR]], %[[X]] : f32
// CHECK:   scf.yield %[[SUM]] : f32
// CHECK: } else {
// CHECK:   scf.yield %[[FOR]] : f32
// CHECK: }
// CHECK: tt.store %[[P]], %[[IF]] : !tt.ptr<f32>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32} {
tt.func public @sum_i32(%lb: i32, %ub: i32, %step: i32, %p: !tt.ptr<f32>) {
  %zero = arith.constant 0.000000e+00 : f32
  %sum = scf.for %iv = %lb to %ub step %step iter_args(%acc = %zero) -> (f32) : i32 {
    %x = arith.sitofp %iv : i32 to f32
    %next = arith.addf %acc, %x : f32
    scf.yield %next : f32
  } {__test_peel_epilogue}
  tt.store %p, %sum : !tt.ptr<f32>
  tt.return
}
}

// -----

// An index loop without results: the peeled copy keeps its side effects;
// constant bounds fold the guard and the last index (0, 8, 16, 24 -> 24).
// CHECK-LABEL: @store_each
// CHECK: scf.for
// CHECK: scf.if
// CHECK:   tt.store
// FOLD-LABEL: @store_each
// FOLD-DAG: %[[C0:.*]] = arith.constant 0 : index
// FOLD-DAG: %[[C24:.*]] = arith.constant 24 : index
// FOLD-DAG: %[[C8:.*]] = arith.constant 8 : index
// FOLD: scf.for %{{.*}} = %[[C0]] to %[[C24]] step %[[C8]] {
// FOLD: }
// FOLD-NOT: scf.if
// FOLD: %[[Q:.*]] = tt.addptr %{{.*}}, %c24_i32
// FOLD: tt.store %[[Q]], %c24_i32
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32} {
tt.func public @store_each(%p: !tt.ptr<i32>) {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c8 = arith.constant 8 : index
  scf.for %iv = %c0 to %c32 step %c8 {
    %i = arith.index_cast %iv : index to i32
    %q = tt.addptr %p, %i : !tt.ptr<i32>, i32
    tt.store %q, %i : !tt.ptr<i32>
  } {__test_peel_epilogue}
  tt.return
}
}

// -----

// Loops without the marker are left alone.
// CHECK-LABEL: @unmarked
// CHECK: scf.for
// CHECK-NOT: scf.if
// CHECK: tt.return
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32} {
tt.func public @unmarked(%n: i32, %p: !tt.ptr<i32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.for %iv = %c0 to %n step %c1 iter_args(%acc = %c0) -> (i32) : i32 {
    %next = arith.addi %acc, %iv : i32
    scf.yield %next : i32
  }
  tt.store %p, %r : !tt.ptr<i32>
  tt.return
}
}
