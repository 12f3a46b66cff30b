// RUN: triton-opt %s -split-input-file -tritongpu-combine-tensor-select-and-if | FileCheck %s

// A select on the if's condition becomes a result of the if.
// CHECK-LABEL: tt.func @select_after_if
tt.func @select_after_if(%c: i1, %a: tensor<64xf32>, %b: tensor<64xf32>, %p: !tt.ptr<f32>, %x: f32) -> tensor<64xf32> {
  // CHECK: %[[R:.*]] = scf.if %arg0 -> (tensor<64xf32>) {
  // CHECK:   tt.store %arg3, %arg4
  // CHECK:   scf.yield %arg1 : tensor<64xf32>
  // CHECK: } else {
  // CHECK:   scf.yield %arg2 : tensor<64xf32>
  // CHECK: }
  // CHECK-NOT: arith.select
  // CHECK: tt.return %[[R]]
  scf.if %c {
    tt.store %p, %x : !tt.ptr<f32>
  }
  %s = arith.select %c, %a, %b : tensor<64xf32>
  tt.return %s : tensor<64xf32>
}

// -----

// The if's own results stay first; two selects join it.
// CHECK-LABEL: tt.func @with_results
tt.func @with_results(%c: i1, %a: tensor<8xi32>, %b: tensor<8xi32>, %x: i32, %y: i32) -> (i32, tensor<8xi32>, tensor<8xi32>) {
  // CHECK: %[[R:.*]]:3 = scf.if %arg0 -> (i32, tensor<8xi32>, tensor<8xi32>) {
  // CHECK:   scf.yield %arg3, %arg1, %arg2 : i32, tensor<8xi32>, tensor<8xi32>
  // CHECK: } else {
  // CHECK:   scf.yield %arg4, %arg2, %arg1 : i32, tensor<8xi32>, tensor<8xi32>
  // CHECK: tt.return %[[R]]#0, %[[R]]#1, %[[R]]#2
  %r = scf.if %c -> (i32) {
    scf.yield %x : i32
  } else {
    scf.yield %y : i32
  }
  %s = arith.select %c, %a, %b : tensor<8xi32>
  %t = arith.select %c, %b, %a : tensor<8xi32>
  tt.return %r, %s, %t : i32, tensor<8xi32>, tensor<8xi32>
}

// -----

// Values computed after the if, another condition, or scalars: left alone.
// CHECK-LABEL: tt.func @kept
tt.func @kept(%c: i1, %d: i1, %a: tensor<8xi32>, %b: tensor<8xi32>, %x: i32, %y: i32, %p: !tt.ptr<i32>) -> (tensor<8xi32>, tensor<8xi32>, i32) {
  // CHECK: scf.if %arg0 {
  // CHECK-COUNT-3: arith.select
  scf.if %c {
    tt.store %p, %x : !tt.ptr<i32>
  }
  %late = arith.addi %a, %b : tensor<8xi32>
  %s = arith.select %c, %late, %b : tensor<8xi32>
  %t = arith.select %d, %a, %b : tensor<8xi32>
  %u = arith.select %c, %x, %y : i32
  tt.return %s, %t, %u : tensor<8xi32>, tensor<8xi32>, i32
}

// -----

// A select before the if joins it when every use comes after the if (a fused
// persistent loop resets its accumulator beside the epilogue's if): the reset
// becomes a branch, so nothing reads the accumulator on the other path.
// CHECK-LABEL: tt.func @select_before_if
tt.func @select_before_if(%c: i1, %a: tensor<64xf32>, %b: tensor<64xf32>, %p: !tt.ptr<f32>, %x: f32) -> tensor<64xf32> {
  // CHECK-NOT: arith.select
  // CHECK: %[[R:.*]] = scf.if %arg0 -> (tensor<64xf32>) {
  // CHECK:   tt.store %arg3, %arg4
  // CHECK:   scf.yield %arg1 : tensor<64xf32>
  // CHECK: } else {
  // CHECK:   scf.yield %arg2 : tensor<64xf32>
  // CHECK: }
  // CHECK: %[[S:.*]] = arith.addf %[[R]], %[[R]]
  // CHECK: tt.return %[[S]]
  %s = arith.select %c, %a, %b : tensor<64xf32>
  scf.if %c {
    tt.store %p, %x : !tt.ptr<f32>
  }
  %t = arith.addf %s, %s : tensor<64xf32>
  tt.return %t : tensor<64xf32>
}

// -----

// A select used before the if stays.
// CHECK-LABEL: tt.func @select_used_before_if
tt.func @select_used_before_if(%c: i1, %a: tensor<8xi32>, %b: tensor<8xi32>, %q: tensor<8x!tt.ptr<i32>>) {
  // CHECK: %[[S:.*]] = arith.select %arg0, %arg1, %arg2
  // CHECK: tt.store %arg3, %[[S]]
  // CHECK: scf.if %arg0 {
  // CHECK:   tt.store %arg3, %[[S]]
  // CHECK: }
  // CHECK-NEXT: tt.return
  %s = arith.select %c, %a, %b : tensor<8xi32>
  tt.store %q, %s : tensor<8x!tt.ptr<i32>>
  scf.if %c {
    tt.store %q, %s : tensor<8x!tt.ptr<i32>>
  }
  tt.return
}

// -----

// Inside the if the branch tells the select's value: its true value in the
// then branch, its false value in the else branch; after the if, the if's
// new result.
// CHECK-LABEL: tt.func @select_used_inside_if
tt.func @select_used_inside_if(%c: i1, %a: tensor<8xi32>, %b: tensor<8xi32>, %q: tensor<8x!tt.ptr<i32>>) {
  // CHECK-NOT: arith.select
  // CHECK: %[[R:.*]] = scf.if %arg0 -> (tensor<8xi32>) {
  // CHECK:   tt.store %arg3, %arg2
  // CHECK:   scf.yield %arg2
  // CHECK: } else {
  // CHECK:   %[[N:.*]] = arith.addi %arg1, %arg1
  // CHECK:   tt.store %arg3, %[[N]]
  // CHECK:   scf.yield %arg1
  // CHECK: }
  // CHECK: tt.store %arg3, %[[R]]
  %t = arith.select %c, %b, %a : tensor<8xi32>
  scf.if %c {
    tt.store %q, %t : tensor<8x!tt.ptr<i32>>
  } else {
    %n = arith.addi %t, %t : tensor<8xi32>
    tt.store %q, %n : tensor<8x!tt.ptr<i32>>
  }
  tt.store %q, %t : tensor<8x!tt.ptr<i32>>
  tt.return
}
