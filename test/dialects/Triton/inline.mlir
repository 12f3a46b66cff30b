// RUN: triton-opt %s -split-input-file -inline | FileCheck %s
// -inline inlines tt.calls unless the callee says noinline = true.

tt.func private @add_one(%x: i32) -> i32 attributes {noinline = false} {
  %c1 = arith.constant 1 : i32
  %0 = arith.addi %x, %c1 : i32
  tt.return %0 : i32
}

tt.func private @kept(%x: i32) -> i32 attributes {noinline = true} {
  tt.return %x : i32
}

// CHECK-LABEL: tt.func public @kernel
tt.func public @kernel(%x: i32) -> (i32, i32) {
  // CHECK-NOT: tt.call @add_one
  // CHECK: %[[SUM:.*]] = arith.addi %{{.*}}, %{{.*}} : i32
  // CHECK: %[[K:.*]] = tt.call @kept(%[[SUM]]) : (i32) -> i32
  // CHECK: tt.return %[[SUM]], %[[K]]
  %0 = tt.call @add_one(%x) : (i32) -> i32
  %1 = tt.call @kept(%0) : (i32) -> i32
  tt.return %0, %1 : i32, i32
}

// -----

// A callee with several blocks: its returns branch to the code after the call
// (which the inliner's own simplification then folds into a select).
tt.func private @early_return(%c: i1, %x: i32) -> i32 attributes {noinline = false} {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  tt.return %x : i32
^bb2:
  %c0 = arith.constant 0 : i32
  tt.return %c0 : i32
}

// CHECK-LABEL: tt.func public @multi_block
tt.func public @multi_block(%c: i1, %x: i32) -> i32 {
  // CHECK-NOT: tt.call
  // CHECK: %[[ZERO:.*]] = arith.constant 0 : i32
  // CHECK: %[[R:.*]] = arith.select %arg0, %arg1, %[[ZERO]] : i32
  // CHECK: tt.return %[[R]] : i32
  %0 = tt.call @early_return(%c, %x) : (i1, i32) -> i32
  tt.return %0 : i32
}
