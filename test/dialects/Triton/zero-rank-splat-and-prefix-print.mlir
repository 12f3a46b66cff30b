// RUN: triton-opt %s | FileCheck %s
// RUN: triton-opt %s | triton-opt | FileCheck %s
// Two spellings Triton's parser accepts and its own tests use: a splat of a
// 0-d tensor (it holds one value, like a scalar) and a print of its prefix
// alone that still carries the frontend's isSigned.

// CHECK-LABEL: tt.func @splat_zero_rank
// CHECK-SAME: (%[[ONE:.*]]: tensor<f16>)
tt.func @splat_zero_rank(%one: tensor<f16>) -> tensor<4x8xf16> {
  // CHECK: %[[TILE:.*]] = tt.splat %[[ONE]] : tensor<f16> -> tensor<4x8xf16>
  %tile = tt.splat %one : tensor<f16> -> tensor<4x8xf16>
  // CHECK: tt.return %[[TILE]]
  tt.return %tile : tensor<4x8xf16>
}

// CHECK-LABEL: tt.func @print_prefix
tt.func @print_prefix() {
  // CHECK: tt.print "reached the epilogue" {hex = false, isSigned = array<i32: 1>}
  tt.print "reached the epilogue" {hex = false, isSigned = array<i32: 1>}
  tt.return
}
