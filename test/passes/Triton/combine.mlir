// RUN: triton-opt %s -split-input-file -triton-combine | FileCheck %s

// CHECK-LABEL: tt.func @dot_add_float
tt.func @dot_add_float(%a: tensor<16x16xf16>, %b: tensor<16x16xf16>, %c: tensor<16x16xf32>) -> tensor<16x16xf32> {
  // CHECK: %[[D:.*]] = tt.dot %arg0, %arg1, %arg2, inputPrecision = tf32 : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
  // CHECK-NOT: arith.addf
  // CHECK: tt.return %[[D]]
  %zero = arith.constant dense<0.0> : tensor<16x16xf32>
  %d = tt.dot %a, %b, %zero, inputPrecision = tf32 : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
  %r = arith.addf %c, %d : tensor<16x16xf32>
  tt.return %r : tensor<16x16xf32>
}

// -----

// CHECK-LABEL: tt.func @dot_add_int
tt.func @dot_add_int(%a: tensor<16x16xi8>, %c: tensor<16x16xi32>) -> tensor<16x16xi32> {
  // CHECK: %[[D:.*]] = tt.dot %arg0, %arg0, %arg1
  // CHECK-NEXT: tt.return %[[D]]
  %zero = arith.constant dense<0> : tensor<16x16xi32>
  %d = tt.dot %a, %a, %zero : tensor<16x16xi8> * tensor<16x16xi8> -> tensor<16x16xi32>
  %r = arith.addi %d, %c : tensor<16x16xi32>
  tt.return %r : tensor<16x16xi32>
}

// -----

// A dot that starts from a non-zero accumulator, or whose result is used
// elsewhere too, is left alone.
// CHECK-LABEL: tt.func @dot_add_kept
tt.func @dot_add_kept(%a: tensor<16x16xf16>, %c: tensor<16x16xf32>) -> (tensor<16x16xf32>, tensor<16x16xf32>) {
  // CHECK: %[[D1:.*]] = tt.dot %arg0, %arg0, %arg1
  // CHECK: arith.addf %[[D1]], %arg1
  // CHECK: %[[D2:.*]] = tt.dot %arg0, %arg0, %{{.*}}
  // CHECK: arith.addf %[[D2]], %arg1
  %zero = arith.constant dense<0.0> : tensor<16x16xf32>
  %d1 = tt.dot %a, %a, %c : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
  %r1 = arith.addf %d1, %c : tensor<16x16xf32>
  %d2 = tt.dot %a, %a, %zero : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
  %r2 = arith.addf %d2, %c : tensor<16x16xf32>
  %s = arith.addf %r2, %d2 : tensor<16x16xf32>
  tt.return %r1, %s : tensor<16x16xf32>, tensor<16x16xf32>
}

// -----

// CHECK-LABEL: tt.func @select_of_masked_load
tt.func @select_of_masked_load(%p: tensor<8x!tt.ptr<f32>>, %c: i1, %o: tensor<8xf32>) -> tensor<8xf32> {
  // CHECK: %[[M:.*]] = tt.splat %arg1 : i1 -> tensor<8xi1>
  // CHECK: %[[L:.*]] = tt.load %arg0, %[[M]], %arg2 : tensor<8x!tt.ptr<f32>>
  // CHECK-NOT: arith.select
  // CHECK: tt.return %[[L]]
  %m = tt.splat %c : i1 -> tensor<8xi1>
  %l = tt.load %p, %m : tensor<8x!tt.ptr<f32>>
  %r = arith.select %c, %l, %o : tensor<8xf32>
  tt.return %r : tensor<8xf32>
}

// -----

// The select's condition differs from the load's mask: nothing to combine.
// CHECK-LABEL: tt.func @select_other_condition
tt.func @select_other_condition(%p: tensor<8x!tt.ptr<f32>>, %c: i1, %d: i1, %o: tensor<8xf32>) -> tensor<8xf32> {
  // CHECK: arith.select %arg2
  %m = tt.splat %c : i1 -> tensor<8xi1>
  %l = tt.load %p, %m : tensor<8x!tt.ptr<f32>>
  %r = arith.select %d, %l, %o : tensor<8xf32>
  tt.return %r : tensor<8xf32>
}

// -----

// CHECK-LABEL: tt.func @addptr_chain_i64
tt.func @addptr_chain_i64(%p: !tt.ptr<f32>, %a: i64, %b: i64) -> !tt.ptr<f32> {
  // CHECK: %[[S:.*]] = arith.addi %arg1, %arg2 : i64
  // CHECK: %[[P:.*]] = tt.addptr %arg0, %[[S]] : !tt.ptr<f32>, i64
  // CHECK: tt.return %[[P]]
  %0 = tt.addptr %p, %a : !tt.ptr<f32>, i64
  %1 = tt.addptr %0, %b : !tt.ptr<f32>, i64
  tt.return %1 : !tt.ptr<f32>
}

// -----

// CHECK-LABEL: tt.func @addptr_chain_constants
tt.func @addptr_chain_constants(%p: tensor<4x!tt.ptr<f32>>) -> tensor<4x!tt.ptr<f32>> {
  // CHECK: %[[C:.*]] = arith.constant dense<7> : tensor<4xi32>
  // CHECK: %[[P:.*]] = tt.addptr %arg0, %[[C]]
  // CHECK-NOT: tt.addptr
  %c3 = arith.constant dense<3> : tensor<4xi32>
  %c4 = arith.constant dense<4> : tensor<4xi32>
  %0 = tt.addptr %p, %c3 : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  %1 = tt.addptr %0, %c4 : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  tt.return %1 : tensor<4x!tt.ptr<f32>>
}

// -----

// The outer pointer's hints (tl.multiple_of and friends) stay on the combined
// pointer; other attributes of it do not.
// CHECK-LABEL: tt.func @addptr_chain_keeps_hints
tt.func @addptr_chain_keeps_hints(%p: !tt.ptr<f16>) -> !tt.ptr<f16> {
  // CHECK: %[[C:.*]] = arith.constant 40 : i32
  // CHECK: tt.addptr %arg0, %[[C]] {tt.contiguity = 64 : i32, tt.divisibility = 8 : i32} : !tt.ptr<f16>, i32
  %c32 = arith.constant 32 : i32
  %c8 = arith.constant 8 : i32
  %0 = tt.addptr %p, %c32 : !tt.ptr<f16>, i32
  %1 = tt.addptr %0, %c8 {tt.divisibility = 8 : i32, tt.contiguity = 64 : i32, my.note = 1 : i32} : !tt.ptr<f16>, i32
  tt.return %1 : !tt.ptr<f16>
}

// -----

// 32-bit offsets that are not constants could overflow when added first.
// CHECK-LABEL: tt.func @addptr_chain_i32_kept
tt.func @addptr_chain_i32_kept(%p: !tt.ptr<f32>, %a: i32, %b: i32) -> !tt.ptr<f32> {
  // CHECK: tt.addptr %arg0, %arg1
  // CHECK: tt.addptr %{{.*}}, %arg2
  %0 = tt.addptr %p, %a : !tt.ptr<f32>, i32
  %1 = tt.addptr %0, %b : !tt.ptr<f32>, i32
  tt.return %1 : !tt.ptr<f32>
}

// -----

// The matrix product written with broadcasts becomes a dot.
// CHECK-LABEL: tt.func @broadcast_mul_reduce
tt.func @broadcast_mul_reduce(%a: tensor<32x16xf32>, %b: tensor<16x64xf32>) -> tensor<32x64xf32> {
  // CHECK: %[[Z:.*]] = arith.constant dense<0.000000e+00> : tensor<32x64xf32>
  // CHECK: %[[D:.*]] = tt.dot %arg0, %arg1, %[[Z]] : tensor<32x16xf32> * tensor<16x64xf32> -> tensor<32x64xf32>
  // CHECK-NOT: tt.reduce
  // CHECK: tt.return %[[D]]
  %ae = tt.expand_dims %a {axis = 2 : i32} : tensor<32x16xf32> -> tensor<32x16x1xf32>
  %ab = tt.broadcast %ae : tensor<32x16x1xf32> -> tensor<32x16x64xf32>
  %be = tt.expand_dims %b {axis = 0 : i32} : tensor<16x64xf32> -> tensor<1x16x64xf32>
  %bb = tt.broadcast %be : tensor<1x16x64xf32> -> tensor<32x16x64xf32>
  %p = arith.mulf %ab, %bb : tensor<32x16x64xf32>
  %s = "tt.reduce"(%p) <{axis = 1 : i32}> ({
  ^bb0(%x: f32, %y: f32):
    %t = arith.addf %x, %y : f32
    tt.reduce.return %t : f32
  }) : (tensor<32x16x64xf32>) -> tensor<32x64xf32>
  tt.return %s : tensor<32x64xf32>
}

// -----

// Too small for a dot (K = 8), or not a sum: left alone.
// CHECK-LABEL: tt.func @broadcast_mul_reduce_kept
tt.func @broadcast_mul_reduce_kept(%a: tensor<32x8xf32>, %b: tensor<8x64xf32>) -> tensor<32x64xf32> {
  // CHECK-NOT: tt.dot
  // CHECK: "tt.reduce"
  %ae = tt.expand_dims %a {axis = 2 : i32} : tensor<32x8xf32> -> tensor<32x8x1xf32>
  %ab = tt.broadcast %ae : tensor<32x8x1xf32> -> tensor<32x8x64xf32>
  %be = tt.expand_dims %b {axis = 0 : i32} : tensor<8x64xf32> -> tensor<1x8x64xf32>
  %bb = tt.broadcast %be : tensor<1x8x64xf32> -> tensor<32x8x64xf32>
  %p = arith.mulf %ab, %bb : tensor<32x8x64xf32>
  %s = "tt.reduce"(%p) <{axis = 1 : i32}> ({
  ^bb0(%x: f32, %y: f32):
    %t = arith.addf %x, %y : f32
    tt.reduce.return %t : f32
  }) : (tensor<32x8x64xf32>) -> tensor<32x64xf32>
  tt.return %s : tensor<32x64xf32>
}

// -----

// A 1-D tensor only summed or counted may be reshaped in any order.
// CHECK-LABEL: tt.func @reshape_for_reduce_reorders
tt.func @reshape_for_reduce_reorders(%x: tensor<8x16xi32>) -> (i32, tensor<4xi32>) {
  // CHECK: tt.reshape %arg0 allow_reorder : tensor<8x16xi32> -> tensor<128xi32>
  %r = tt.reshape %x : tensor<8x16xi32> -> tensor<128xi32>
  %s = "tt.reduce"(%r) ({
  ^bb0(%a: i32, %b: i32):
    %m = arith.maxsi %a, %b : i32
    tt.reduce.return %m : i32
  }) {axis = 0 : i32} : (tensor<128xi32>) -> i32
  %h = tt.histogram %r : tensor<128xi32> -> tensor<4xi32>
  tt.return %s, %h : i32, tensor<4xi32>
}

// -----

// A reduce of two operands pairs them by position: the reshape keeps order.
// CHECK-LABEL: tt.func @reshape_for_paired_reduce_kept
tt.func @reshape_for_paired_reduce_kept(%x: tensor<8x16xf32>, %i: tensor<128xi32>) -> (f32, i32) {
  // CHECK: tt.reshape %arg0 : tensor<8x16xf32> -> tensor<128xf32>
  %r = tt.reshape %x : tensor<8x16xf32> -> tensor<128xf32>
  %s:2 = "tt.reduce"(%r, %i) ({
  ^bb0(%a: f32, %ai: i32, %b: f32, %bi: i32):
    %gt = arith.cmpf ogt, %a, %b : f32
    %v = arith.select %gt, %a, %b : f32
    %k = arith.select %gt, %ai, %bi : i32
    tt.reduce.return %v, %k : f32, i32
  }) {axis = 0 : i32} : (tensor<128xf32>, tensor<128xi32>) -> (f32, i32)
  tt.return %s#0, %s#1 : f32, i32
}

// -----

// A descriptor load reshaped to drop the block's leading unit dimensions
// gives that shape itself.
// CHECK-LABEL: tt.func @rank_reduced_descriptor_load
tt.func @rank_reduced_descriptor_load(%d: !tt.tensordesc<tensor<1x1x32x16xbf16>>, %i: i32) -> tensor<32x16xbf16> {
  // CHECK: %[[V:.*]] = tt.descriptor_load %arg0[%arg1, %arg1, %arg1, %arg1] : !tt.tensordesc<tensor<1x1x32x16xbf16>> -> tensor<32x16xbf16>
  // CHECK-NEXT: tt.return %[[V]]
  %v = tt.descriptor_load %d[%i, %i, %i, %i] : !tt.tensordesc<tensor<1x1x32x16xbf16>> -> tensor<1x1x32x16xbf16>
  %r = tt.reshape %v : tensor<1x1x32x16xbf16> -> tensor<32x16xbf16>
  tt.return %r : tensor<32x16xbf16>
}
