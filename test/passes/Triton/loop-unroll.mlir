// RUN: triton-opt %s -split-input-file -triton-loop-unroll | FileCheck %s

// CHECK-LABEL: tt.func @unroll_by_two
tt.func @unroll_by_two(%p: tensor<64x!tt.ptr<f32>>, %n: i32) -> tensor<64xf32> {
  // The main loop does two iterations per step and keeps its other
  // attributes; an epilogue loop, not worth pipelining, does the rest.
  // CHECK: scf.for
  // CHECK: tt.load
  // CHECK: arith.addf
  // CHECK: tt.load
  // CHECK: arith.addf
  // CHECK: scf.yield
  // CHECK-NOT: tt.loop_unroll_factor
  // CHECK: tt.num_stages = 2
  // CHECK: scf.for
  // CHECK: tt.load
  // CHECK: scf.yield
  // CHECK: tt.num_stages = 1
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant dense<0.0> : tensor<64xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64xf32>) : i32 {
    %v = tt.load %p : tensor<64x!tt.ptr<f32>>
    %s = arith.addf %acc, %v : tensor<64xf32>
    scf.yield %s : tensor<64xf32>
  } {tt.loop_unroll_factor = 2 : i32, tt.num_stages = 2 : i32}
  tt.return %r : tensor<64xf32>
}

// -----

// A constant trip count divisible by the factor needs no epilogue.
// CHECK-LABEL: tt.func @unroll_exact
tt.func @unroll_exact(%p: !tt.ptr<i32>) {
  // CHECK: %[[C4:.*]] = arith.constant 4 : i32
  // CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %[[C4]]
  // CHECK-COUNT-4: tt.store
  // CHECK-NOT: scf.for
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c8 = arith.constant 8 : i32
  scf.for %i = %c0 to %c8 step %c1 : i32 {
    tt.store %p, %i : !tt.ptr<i32>
  } {tt.loop_unroll_factor = 4 : i32}
  tt.return
}

// -----

// Loops without the attribute are left alone.
// CHECK-LABEL: tt.func @not_marked
tt.func @not_marked(%p: !tt.ptr<i32>, %n: i32) {
  // CHECK: scf.for
  // CHECK-COUNT-1: tt.store
  // CHECK-NOT: scf.for
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  scf.for %i = %c0 to %n step %c1 : i32 {
    tt.store %p, %i : !tt.ptr<i32>
  }
  tt.return
}
