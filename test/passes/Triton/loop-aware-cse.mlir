// RUN: triton-opt %s -split-input-file -allow-unregistered-dialect -triton-loop-aware-cse -canonicalize | FileCheck %s
// RUN: triton-opt %s -split-input-file -allow-unregistered-dialect -triton-loop-aware-cse | FileCheck %s --check-prefix=ALONE

// Two iteration arguments that start equal and advance equally are one value.
// CHECK-LABEL: tt.func @equal_iter_args
tt.func @equal_iter_args(%p: tensor<8x!tt.ptr<f32>>, %n: i32) -> tensor<8xf32> {
  // CHECK: %[[R:.*]]:2 = scf.for {{.*}} iter_args(%[[ACC:.*]] = %{{.*}}, %[[Q:.*]] = %arg0) -> (tensor<8xf32>, tensor<8x!tt.ptr<f32>>)
  // Once the pointers are one value, CSE merges the two loads too.
  // CHECK: %[[V:.*]] = tt.load %[[Q]]
  // CHECK-NOT: tt.load
  // CHECK: arith.addf %[[V]], %[[V]]
  // CHECK: %[[NEXT:.*]] = tt.addptr %[[Q]], %{{.*}}
  // CHECK: scf.yield %{{.*}}, %[[NEXT]] : tensor<8xf32>, tensor<8x!tt.ptr<f32>>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %step = arith.constant dense<8> : tensor<8xi32>
  %zero = arith.constant dense<0.0> : tensor<8xf32>
  %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero, %a = %p, %b = %p) -> (tensor<8xf32>, tensor<8x!tt.ptr<f32>>, tensor<8x!tt.ptr<f32>>) : i32 {
    %v = tt.load %a : tensor<8x!tt.ptr<f32>>
    %w = tt.load %b : tensor<8x!tt.ptr<f32>>
    %s = arith.addf %v, %w : tensor<8xf32>
    %t = arith.addf %acc, %s : tensor<8xf32>
    %a2 = tt.addptr %a, %step : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
    %b2 = tt.addptr %b, %step : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
    scf.yield %t, %a2, %b2 : tensor<8xf32>, tensor<8x!tt.ptr<f32>>, tensor<8x!tt.ptr<f32>>
  }
  tt.return %r#0 : tensor<8xf32>
}

// -----

// Equal starts but different steps: kept apart.
// CHECK-LABEL: tt.func @different_steps
tt.func @different_steps(%x: i32, %n: i32) -> (i32, i32) {
  // CHECK: scf.for {{.*}} -> (i32, i32)
  // CHECK: arith.addi %{{.*}}, %c1_i32
  // CHECK: arith.addi %{{.*}}, %c2_i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x, %b = %x) -> (i32, i32) : i32 {
    %a2 = arith.addi %a, %c1 : i32
    %b2 = arith.addi %b, %c2 : i32
    scf.yield %a2, %b2 : i32, i32
  }
  tt.return %r#0, %r#1 : i32, i32
}

// -----

// Merged arguments leave the loop at once, with what only computed them.
// ALONE-LABEL: tt.func @merged_args_dropped
tt.func @merged_args_dropped(%n: i32) -> i32 {
  // ALONE: %[[R:.*]] = scf.for {{.*}} iter_args(%[[P:.*]] = %c0_i32) -> (i32)
  // ALONE-NEXT: %[[X:.*]] = arith.xori %[[P]], %c1_i32 : i32
  // ALONE-NEXT: "use"(%[[X]], %[[P]])
  // ALONE-NEXT: scf.yield %[[X]] : i32
  // ALONE: tt.return %[[R]] : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %c0, %b = %c0, %c = %c0) -> (i32, i32, i32) : i32 {
    %x = arith.xori %a, %c1 : i32
    %y = arith.xori %b, %c1 : i32
    %z = arith.xori %c, %c1 : i32
    "use"(%y, %c) : (i32, i32) -> ()
    scf.yield %x, %y, %z : i32, i32, i32
  }
  tt.return %r#2 : i32
}
