// RUN: triton-opt %s -split-input-file -triton-reorder-broadcast | FileCheck %s

// CHECK-LABEL: tt.func @splat_before_elementwise
tt.func @splat_before_elementwise(%x: f32, %y: f32) -> tensor<128xf32> {
  // CHECK: %[[E:.*]] = math.exp %arg0 : f32
  // CHECK: %[[A:.*]] = arith.addf %[[E]], %arg1 : f32
  // CHECK: %[[S:.*]] = tt.splat %[[A]] : f32 -> tensor<128xf32>
  // CHECK: tt.return %[[S]]
  %sx = tt.splat %x : f32 -> tensor<128xf32>
  %sy = tt.splat %y : f32 -> tensor<128xf32>
  %e = math.exp %sx : tensor<128xf32>
  %a = arith.addf %e, %sy : tensor<128xf32>
  tt.return %a : tensor<128xf32>
}

// -----

// CHECK-LABEL: tt.func @broadcast_before_elementwise
tt.func @broadcast_before_elementwise(%x: tensor<64x1xf32>, %y: f32) -> tensor<64x32xf32> {
  // CHECK: %[[S:.*]] = tt.splat %arg1 : f32 -> tensor<64x1xf32>
  // CHECK: %[[M:.*]] = arith.mulf %arg0, %[[S]] : tensor<64x1xf32>
  // CHECK: %[[B:.*]] = tt.broadcast %[[M]] : tensor<64x1xf32> -> tensor<64x32xf32>
  // CHECK: tt.return %[[B]]
  %b = tt.broadcast %x : tensor<64x1xf32> -> tensor<64x32xf32>
  %s = tt.splat %y : f32 -> tensor<64x32xf32>
  %m = arith.mulf %b, %s : tensor<64x32xf32>
  tt.return %m : tensor<64x32xf32>
}

// -----

// CHECK-LABEL: tt.func @broadcast_with_constant
tt.func @broadcast_with_constant(%x: tensor<1x32xi32>) -> tensor<16x32xi1> {
  // CHECK: %[[S:.*]] = arith.constant dense<5> : tensor<1x32xi32>
  // CHECK: %[[CMP:.*]] = arith.cmpi slt, %arg0, %[[S]] : tensor<1x32xi32>
  // CHECK: tt.broadcast %[[CMP]] : tensor<1x32xi1> -> tensor<16x32xi1>
  %b = tt.broadcast %x : tensor<1x32xi32> -> tensor<16x32xi32>
  %c = arith.constant dense<5> : tensor<16x32xi32>
  %r = arith.cmpi slt, %b, %c : tensor<16x32xi32>
  tt.return %r : tensor<16x32xi1>
}

// -----

// Broadcasts from different shapes, or a full tensor operand: left alone.
// CHECK-LABEL: tt.func @mixed_shapes_kept
tt.func @mixed_shapes_kept(%x: tensor<64x1xf32>, %y: tensor<1x32xf32>, %z: tensor<64x32xf32>) -> (tensor<64x32xf32>, tensor<64x32xf32>) {
  // CHECK: %[[BX:.*]] = tt.broadcast %arg0
  // CHECK: %[[BY:.*]] = tt.broadcast %arg1
  // CHECK: arith.addf %[[BX]], %[[BY]] : tensor<64x32xf32>
  // CHECK: arith.addf %[[BX]], %arg2 : tensor<64x32xf32>
  %bx = tt.broadcast %x : tensor<64x1xf32> -> tensor<64x32xf32>
  %by = tt.broadcast %y : tensor<1x32xf32> -> tensor<64x32xf32>
  %a = arith.addf %bx, %by : tensor<64x32xf32>
  %b = arith.addf %bx, %z : tensor<64x32xf32>
  tt.return %a, %b : tensor<64x32xf32>, tensor<64x32xf32>
}

// -----

// Loads have side effects and are not elementwise: never moved.
// CHECK-LABEL: tt.func @load_kept
tt.func @load_kept(%p: !tt.ptr<f32>) -> tensor<8xf32> {
  // CHECK: %[[S:.*]] = tt.splat %arg0
  // CHECK: tt.load %[[S]]
  %s = tt.splat %p : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>
  %l = tt.load %s : tensor<8x!tt.ptr<f32>>
  tt.return %l : tensor<8xf32>
}
