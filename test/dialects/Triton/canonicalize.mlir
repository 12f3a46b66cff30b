// RUN: triton-opt %s -split-input-file -canonicalize | FileCheck %s

// CHECK-LABEL: tt.func @splat_of_constant
tt.func @splat_of_constant() -> tensor<8xi32> {
  // CHECK: %[[C:.*]] = arith.constant dense<7> : tensor<8xi32>
  // CHECK-NEXT: tt.return %[[C]]
  %c = arith.constant 7 : i32
  %0 = tt.splat %c : i32 -> tensor<8xi32>
  tt.return %0 : tensor<8xi32>
}

// -----

// CHECK-LABEL: tt.func @broadcast_of_splat
tt.func @broadcast_of_splat(%x: f32) -> tensor<4x8xf32> {
  // CHECK: %[[S:.*]] = tt.splat %{{.*}} : f32 -> tensor<4x8xf32>
  // CHECK-NOT: tt.broadcast
  // CHECK: tt.return %[[S]]
  %0 = tt.splat %x : f32 -> tensor<4x1xf32>
  %1 = tt.broadcast %0 : tensor<4x1xf32> -> tensor<4x8xf32>
  tt.return %1 : tensor<4x8xf32>
}

// -----

// CHECK-LABEL: tt.func @broadcast_of_broadcast
tt.func @broadcast_of_broadcast(%x: tensor<1x1xf32>) -> tensor<4x8xf32> {
  // CHECK: %[[B:.*]] = tt.broadcast %{{.*}} : tensor<1x1xf32> -> tensor<4x8xf32>
  // CHECK-NEXT: tt.return %[[B]]
  %0 = tt.broadcast %x : tensor<1x1xf32> -> tensor<4x1xf32>
  %1 = tt.broadcast %0 : tensor<4x1xf32> -> tensor<4x8xf32>
  tt.return %1 : tensor<4x8xf32>
}

// -----

// CHECK-LABEL: tt.func @addptr_zero
tt.func @addptr_zero(%p: tensor<8x!tt.ptr<f32>>) -> tensor<8x!tt.ptr<f32>> {
  // CHECK-NOT: tt.addptr
  // CHECK: tt.return %{{.*}} : tensor<8x!tt.ptr<f32>>
  %z = arith.constant dense<0> : tensor<8xi32>
  %0 = tt.addptr %p, %z : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
  tt.return %0 : tensor<8x!tt.ptr<f32>>
}

// -----

// CHECK-LABEL: tt.func @addptr_nonzero_kept
tt.func @addptr_nonzero_kept(%p: !tt.ptr<f32>) -> !tt.ptr<f32> {
  // CHECK: tt.addptr
  %c = arith.constant 4 : i32
  %0 = tt.addptr %p, %c : !tt.ptr<f32>, i32
  tt.return %0 : !tt.ptr<f32>
}

// -----

// CHECK-LABEL: tt.func @shape_ops_of_constants
tt.func @shape_ops_of_constants() -> (tensor<1x8xf32>, tensor<2x4xf32>, tensor<4x2xf32>) {
  // CHECK-DAG: %[[E:.*]] = arith.constant dense<1.000000e+00> : tensor<1x8xf32>
  // CHECK-DAG: %[[R:.*]] = arith.constant dense<1.000000e+00> : tensor<2x4xf32>
  // CHECK-DAG: %[[T:.*]] = arith.constant dense<1.000000e+00> : tensor<4x2xf32>
  // CHECK-NOT: tt.expand_dims
  // CHECK-NOT: tt.reshape
  // CHECK-NOT: tt.trans
  // CHECK: tt.return %[[E]], %[[R]], %[[T]]
  %c = arith.constant dense<1.0> : tensor<8xf32>
  %0 = tt.expand_dims %c {axis = 0 : i32} : tensor<8xf32> -> tensor<1x8xf32>
  %1 = tt.reshape %c : tensor<8xf32> -> tensor<2x4xf32>
  %2 = tt.trans %1 {order = array<i32: 1, 0>} : tensor<2x4xf32> -> tensor<4x2xf32>
  tt.return %0, %1, %2 : tensor<1x8xf32>, tensor<2x4xf32>, tensor<4x2xf32>
}

// -----

// CHECK-LABEL: tt.func @make_range_of_one
tt.func @make_range_of_one() -> tensor<1xi32> {
  // CHECK: %[[C:.*]] = arith.constant dense<5> : tensor<1xi32>
  // CHECK: tt.return %[[C]]
  %0 = tt.make_range {end = 6 : i32, start = 5 : i32} : tensor<1xi32>
  tt.return %0 : tensor<1xi32>
}

// -----

// CHECK-LABEL: tt.func @fp_to_fp_of_constants
tt.func @fp_to_fp_of_constants() -> (tensor<4xf32>, f16, tensor<4xf8E4M3FN>) {
  // An exact conversion folds.
  // CHECK-DAG: %[[UP:.*]] = arith.constant dense<1.500000e+00> : tensor<4xf32>
  // CHECK-DAG: %[[DOWN:.*]] = arith.constant 2.500000e-01 : f16
  // A conversion that rounds is left to run time.
  // CHECK-DAG: %[[R:.*]] = tt.fp_to_fp %{{.*}}, rounding = rtne : tensor<4xf32> -> tensor<4xf8E4M3FN>
  // CHECK: tt.return %[[UP]], %[[DOWN]], %[[R]]
  %h = arith.constant dense<1.5> : tensor<4xf16>
  %0 = tt.fp_to_fp %h : tensor<4xf16> -> tensor<4xf32>
  %q = arith.constant 0.25 : f32
  %1 = tt.fp_to_fp %q, rounding = rtne : f32 -> f16
  %x = arith.constant dense<0.1> : tensor<4xf32>
  %2 = tt.fp_to_fp %x, rounding = rtne : tensor<4xf32> -> tensor<4xf8E4M3FN>
  tt.return %0, %1, %2 : tensor<4xf32>, f16, tensor<4xf8E4M3FN>
}

// -----

// CHECK-LABEL: tt.func @fp_to_fp_of_zeros
tt.func @fp_to_fp_of_zeros() -> (tensor<4xf8E4M3FN>, tensor<4xf8E4M3FNUZ>, f8E5M2FNUZ) {
  // -0 stays -0 where the type has it; the fnuz types have one zero, +0.
  // CHECK-DAG: %[[OCP:.*]] = arith.constant dense<-0.000000e+00> : tensor<4xf8E4M3FN>
  // CHECK-DAG: %[[FNUZ:.*]] = arith.constant dense<0.000000e+00> : tensor<4xf8E4M3FNUZ>
  // CHECK-DAG: %[[SCALAR:.*]] = arith.constant 0.000000e+00 : f8E5M2FNUZ
  // CHECK: tt.return %[[OCP]], %[[FNUZ]], %[[SCALAR]]
  %z = arith.constant dense<-0.0> : tensor<4xf32>
  %0 = tt.fp_to_fp %z, rounding = rtne : tensor<4xf32> -> tensor<4xf8E4M3FN>
  %1 = tt.fp_to_fp %z, rounding = rtne : tensor<4xf32> -> tensor<4xf8E4M3FNUZ>
  %s = arith.constant -0.0 : f16
  %2 = tt.fp_to_fp %s, rounding = rtne : f16 -> f8E5M2FNUZ
  tt.return %0, %1, %2 : tensor<4xf8E4M3FN>, tensor<4xf8E4M3FNUZ>, f8E5M2FNUZ
}

// -----

// CHECK-LABEL: tt.func @dead_loads
tt.func @dead_loads(%p: tensor<8x!tt.ptr<f32>>) {
  // CHECK-NOT: tt.load %{{.*}} : tensor<8x!tt.ptr<f32>>
  // A volatile load stays.
  // CHECK: tt.load %{{.*}} {isVolatile = true}
  %0 = tt.load %p : tensor<8x!tt.ptr<f32>>
  %1 = tt.load %p {isVolatile = true} : tensor<8x!tt.ptr<f32>>
  tt.return
}

// -----

// CHECK-LABEL: tt.func @int_to_ptr_of_ptr_to_int
tt.func @int_to_ptr_of_ptr_to_int(%p: !tt.ptr<f32>) -> !tt.ptr<f32> {
  // CHECK-NOT: tt.ptr_to_int
  // CHECK-NOT: tt.int_to_ptr
  // CHECK: tt.return %{{.*}} : !tt.ptr<f32>
  %0 = tt.ptr_to_int %p : !tt.ptr<f32> -> i64
  %1 = tt.int_to_ptr %0 : i64 -> !tt.ptr<f32>
  tt.return %1 : !tt.ptr<f32>
}

// -----

// CHECK-LABEL: tt.func @int_to_ptr_other_type_kept
tt.func @int_to_ptr_other_type_kept(%p: !tt.ptr<f32>) -> !tt.ptr<i32> {
  // CHECK: tt.ptr_to_int
  // CHECK: tt.int_to_ptr
  %0 = tt.ptr_to_int %p : !tt.ptr<f32> -> i64
  %1 = tt.int_to_ptr %0 : i64 -> !tt.ptr<i32>
  tt.return %1 : !tt.ptr<i32>
}

// -----

// CHECK-LABEL: tt.func @constant_masks
tt.func @constant_masks(%p: tensor<8x!tt.ptr<f32>>, %v: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %t = arith.constant dense<true> : tensor<8xi1>
  %f = arith.constant dense<false> : tensor<8xi1>
  %o = arith.constant dense<2.0> : tensor<8xf32>
  // An all-false mask yields the other value.
  // CHECK: %[[O:.*]] = arith.constant dense<2.000000e+00>
  // An all-true mask is dropped, with the other value.
  // CHECK: %[[L:.*]] = tt.load %{{.*}} : tensor<8x!tt.ptr<f32>>
  %0 = tt.load %p, %t, %o : tensor<8x!tt.ptr<f32>>
  %1 = tt.load %p, %f, %o : tensor<8x!tt.ptr<f32>>
  // CHECK: tt.store %{{.*}}, %{{.*}} : tensor<8x!tt.ptr<f32>>
  tt.store %p, %v, %t : tensor<8x!tt.ptr<f32>>
  // CHECK-NOT: tt.store
  tt.store %p, %v, %f : tensor<8x!tt.ptr<f32>>
  // CHECK: tt.return %[[L]], %[[O]]
  tt.return %0, %1 : tensor<8xf32>, tensor<8xf32>
}

// -----

// CHECK-LABEL: tt.func @reshape_reorder_kept
tt.func @reshape_reorder_kept(%x: tensor<64xf32>) -> (tensor<64xf32>, tensor<8x8xf32>) {
  // A reshape that may reorder is kept, even to the same shape; merged with
  // another reshape, the result may reorder.
  // CHECK: %[[A:.*]] = tt.reshape %arg0 allow_reorder : tensor<64xf32> -> tensor<64xf32>
  // CHECK: %[[B:.*]] = tt.reshape %arg0 allow_reorder : tensor<64xf32> -> tensor<8x8xf32>
  // CHECK: tt.return %[[A]], %[[B]]
  %0 = tt.reshape %x allow_reorder : tensor<64xf32> -> tensor<64xf32>
  %1 = tt.reshape %0 : tensor<64xf32> -> tensor<8x8xf32>
  tt.return %0, %1 : tensor<64xf32>, tensor<8x8xf32>
}

// -----

// CHECK-LABEL: tt.func @reshape_and_trans_chains
tt.func @reshape_and_trans_chains(%x: tensor<2x4x8xf32>) -> (tensor<64xf32>, tensor<8x2x4xf32>, tensor<2x4x8xf32>) {
  // CHECK: tt.reshape %{{.*}} allow_reorder : tensor<2x4x8xf32> -> tensor<64xf32>
  %0 = tt.reshape %x allow_reorder : tensor<2x4x8xf32> -> tensor<8x8xf32>
  %1 = tt.reshape %0 : tensor<8x8xf32> -> tensor<64xf32>
  // CHECK: tt.trans %{{.*}} {order = array<i32: 2, 0, 1>} : tensor<2x4x8xf32> -> tensor<8x2x4xf32>
  %2 = tt.trans %x {order = array<i32: 1, 2, 0>} : tensor<2x4x8xf32> -> tensor<4x8x2xf32>
  %3 = tt.trans %2 {order = array<i32: 1, 2, 0>} : tensor<4x8x2xf32> -> tensor<8x2x4xf32>
  // Orders that cancel leave the source.
  %4 = tt.trans %x {order = array<i32: 2, 0, 1>} : tensor<2x4x8xf32> -> tensor<8x2x4xf32>
  %5 = tt.trans %4 {order = array<i32: 1, 2, 0>} : tensor<8x2x4xf32> -> tensor<2x4x8xf32>
  // CHECK: tt.return %{{.*}}, %{{.*}}, %arg0
  tt.return %1, %3, %5 : tensor<64xf32>, tensor<8x2x4xf32>, tensor<2x4x8xf32>
}

// -----

// A broadcast, expanded and broadcast again, is one expand_dims of the small
// tensor and one broadcast.
// CHECK-LABEL: tt.func @expand_dims_of_broadcast
tt.func @expand_dims_of_broadcast(%x: tensor<1xi32>) -> tensor<16x4xi32> {
  // CHECK: %[[E:.*]] = tt.expand_dims %arg0 {axis = 1 : i32} : tensor<1xi32> -> tensor<1x1xi32>
  // CHECK-NEXT: %[[B:.*]] = tt.broadcast %[[E]] : tensor<1x1xi32> -> tensor<16x4xi32>
  // CHECK-NEXT: tt.return %[[B]]
  %b = tt.broadcast %x : tensor<1xi32> -> tensor<16xi32>
  %e = tt.expand_dims %b {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
  %b2 = tt.broadcast %e : tensor<16x1xi32> -> tensor<16x4xi32>
  tt.return %b2 : tensor<16x4xi32>
}

// -----

// With layouts the new expand_dims takes the old one's layout (the parent
// of the slice).
#bl = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
// CHECK-LABEL: tt.func @expand_dims_of_broadcast_with_layout
tt.func @expand_dims_of_broadcast_with_layout(%x: tensor<1xi32, #ttg.slice<{dim = 1, parent = #bl}>>) -> tensor<128x1xi32, #bl> {
  // CHECK: %[[E:.*]] = tt.expand_dims %arg0 {axis = 1 : i32} : tensor<1xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<1x1xi32, #blocked>
  // CHECK-NEXT: tt.broadcast %[[E]] : tensor<1x1xi32, #blocked> -> tensor<128x1xi32, #blocked>
  %b = tt.broadcast %x : tensor<1xi32, #ttg.slice<{dim = 1, parent = #bl}>> -> tensor<128xi32, #ttg.slice<{dim = 1, parent = #bl}>>
  %e = tt.expand_dims %b {axis = 1 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #bl}>> -> tensor<128x1xi32, #bl>
  tt.return %e : tensor<128x1xi32, #bl>
}
}
