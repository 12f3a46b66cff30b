// RUN: triton-opt %s -split-input-file -triton-rewrite-tensor-pointer -canonicalize | FileCheck %s
// RUN: triton-opt %s -split-input-file -triton-rewrite-tensor-pointer | FileCheck %s --check-prefix=RAW

// A block-pointer load with boundary checks and zero padding becomes a masked
// load of a tensor of pointers: base + (offset_d + range_d) * stride_d.
// CHECK-LABEL: tt.func @load_with_checks
tt.func @load_with_checks(%base: !tt.ptr<f32>, %m: i64, %n: i64, %s: i64, %o: i32) -> tensor<16x32xf32> {
  // CHECK-DAG: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<16x32xf32>
  // CHECK-DAG: %[[OFF:.*]] = arith.extsi %arg4 : i32 to i64
  // CHECK: tt.make_range {end = 16 : i32, start = 0 : i32}
  // CHECK: tt.expand_dims %{{.*}} {axis = 1 : i32} : tensor<16xi64> -> tensor<16x1xi64>
  // CHECK: arith.muli
  // CHECK: tt.make_range {end = 32 : i32, start = 0 : i32}
  // CHECK: tt.expand_dims %{{.*}} {axis = 0 : i32} : tensor<32xi64> -> tensor<1x32xi64>
  // CHECK: %[[PTRS:.*]] = tt.addptr %{{.*}}, %{{.*}} : tensor<16x32x!tt.ptr<f32>>, tensor<16x32xi64>
  // CHECK: %[[V:.*]] = tt.load %[[PTRS]], %{{.*}}, %[[ZERO]] : tensor<16x32x!tt.ptr<f32>>
  // CHECK: tt.return %[[V]]
  %c1 = arith.constant 1 : i64
  %c0 = arith.constant 0 : i32
  %p = tt.make_tensor_ptr %base, [%m, %n], [%s, %c1], [%o, %c0] {order = array<i32: 1, 0>} : <tensor<16x32xf32>>
  %v = tt.load %p {boundaryCheck = array<i32: 0, 1>, padding = 1 : i32} : !tt.ptr<tensor<16x32xf32>>
  tt.return %v : tensor<16x32xf32>
}

// -----

// Without boundary checks there is no mask and no other value; NaN padding
// gives a NaN other value.
// CHECK-LABEL: tt.func @unchecked_and_nan
tt.func @unchecked_and_nan(%base: !tt.ptr<f16>, %n: i64, %o: i32) -> (tensor<64xf16>, tensor<64xf16>) {
  // CHECK-DAG: %[[NAN:.*]] = arith.constant dense<0x7E00> : tensor<64xf16>
  // CHECK: %[[A:.*]] = tt.load %{{.*}} : tensor<64x!tt.ptr<f16>>
  // CHECK: %[[B:.*]] = tt.load %{{.*}}, %{{.*}}, %[[NAN]] : tensor<64x!tt.ptr<f16>>
  // CHECK: tt.return %[[A]], %[[B]]
  %c1 = arith.constant 1 : i64
  %p = tt.make_tensor_ptr %base, [%n], [%c1], [%o] {order = array<i32: 0>} : <tensor<64xf16>>
  %a = tt.load %p : !tt.ptr<tensor<64xf16>>
  %b = tt.load %p {boundaryCheck = array<i32: 0>, padding = 2 : i32} : !tt.ptr<tensor<64xf16>>
  tt.return %a, %b : tensor<64xf16>, tensor<64xf16>
}

// -----

// A load's own mask over the block (LICM's guard) is and-ed with the bounds:
// elements it masks off take the load's `other`, out-of-bounds ones the
// padding; without bounds the mask and `other` pass through.
// CHECK-LABEL: tt.func @own_mask
tt.func @own_mask(%base: !tt.ptr<f32>, %n: i64, %o: i32, %g: tensor<64xi1>, %x: tensor<64xf32>) -> (tensor<64xf32>, tensor<64xf32>) {
  // CHECK-DAG: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<64xf32>
  // CHECK: %[[IN:.*]] = arith.andi %{{.*}}, %{{.*}} : tensor<64xi1>
  // CHECK: %[[M:.*]] = arith.andi %[[IN]], %arg3 : tensor<64xi1>
  // CHECK: %[[OTHER:.*]] = arith.select %arg3, %[[ZERO]], %arg4 : tensor<64xi1>, tensor<64xf32>
  // CHECK: %[[A:.*]] = tt.load %{{.*}}, %[[M]], %[[OTHER]] : tensor<64x!tt.ptr<f32>>
  // CHECK: %[[B:.*]] = tt.load %{{.*}}, %arg3, %arg4 : tensor<64x!tt.ptr<f32>>
  // CHECK: tt.return %[[A]], %[[B]]
  %c1 = arith.constant 1 : i64
  %p = tt.make_tensor_ptr %base, [%n], [%c1], [%o] {order = array<i32: 0>} : <tensor<64xf32>>
  %a = tt.load %p, %g, %x {boundaryCheck = array<i32: 0>, padding = 1 : i32} : !tt.ptr<tensor<64xf32>>
  %b = tt.load %p, %g, %x : !tt.ptr<tensor<64xf32>>
  tt.return %a, %b : tensor<64xf32>, tensor<64xf32>
}

// -----

// Stores are masked by the checked dimensions only.
// CHECK-LABEL: tt.func @store_checked_dim
tt.func @store_checked_dim(%base: !tt.ptr<i32>, %m: i64, %n: i64, %v: tensor<8x8xi32>) {
  // CHECK: %[[M:.*]] = tt.broadcast %{{.*}} : tensor<1x8xi1> -> tensor<8x8xi1>
  // CHECK: tt.store %{{.*}}, %arg3, %[[M]] : tensor<8x8x!tt.ptr<i32>>
  %c1 = arith.constant 1 : i64
  %c0 = arith.constant 0 : i32
  %p = tt.make_tensor_ptr %base, [%m, %n], [%n, %c1], [%c0, %c0] {order = array<i32: 1, 0>} : <tensor<8x8xi32>>
  tt.store %p, %v {boundaryCheck = array<i32: 1>} : !tt.ptr<tensor<8x8xi32>>
  tt.return
}

// -----

// Advancing in a loop: the offsets become loop-carried i64 values; base,
// shape and strides, which tt.advance leaves alone, stay outside the loop.
// CHECK-LABEL: tt.func @advance_in_loop
// RAW-LABEL: tt.func @advance_in_loop
tt.func @advance_in_loop(%base: !tt.ptr<f32>, %n: i64, %iters: i32) -> tensor<32xf32> {
  // CHECK: %[[R:.*]]:2 = scf.for %{{.*}} = %{{.*}} to %arg2 step %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}, %[[OFF:.*]] = %{{.*}}) -> (tensor<32xf32>, i64)
  // CHECK: tt.splat %[[OFF]] : i64 -> tensor<32xi64>
  // CHECK: tt.load
  // CHECK: %[[NEXT:.*]] = arith.addi %[[OFF]], %{{.*}} : i64
  // CHECK: scf.yield %{{.*}}, %[[NEXT]] : tensor<32xf32>, i64
  // RAW: scf.for {{.*}} -> (tensor<32xf32>, i64)
  // RAW: tt.splat %arg0 : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>>
  // RAW-NOT: tt.make_tensor_ptr
  // RAW-NOT: tt.advance
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c32 = arith.constant 32 : i32
  %c1_i64 = arith.constant 1 : i64
  %zero = arith.constant dense<0.0> : tensor<32xf32>
  %p = tt.make_tensor_ptr %base, [%n], [%c1_i64], [%c0] {order = array<i32: 0>} : <tensor<32xf32>>
  %r:2 = scf.for %i = %c0 to %iters step %c1 iter_args(%acc = %zero, %q = %p) -> (tensor<32xf32>, !tt.ptr<tensor<32xf32>>) : i32 {
    %v = tt.load %q {boundaryCheck = array<i32: 0>, padding = 1 : i32} : !tt.ptr<tensor<32xf32>>
    %s = arith.addf %acc, %v : tensor<32xf32>
    %next = tt.advance %q, [%c32] : <tensor<32xf32>>
    scf.yield %s, %next : tensor<32xf32>, !tt.ptr<tensor<32xf32>>
  }
  tt.return %r#0 : tensor<32xf32>
}

// -----

// A block pointer chosen by an scf.if: only the offset differs between the
// branches, so only it is a result of the if.
// CHECK-LABEL: tt.func @pointer_from_if
// RAW-LABEL: tt.func @pointer_from_if
// RAW: %[[OFF:.*]] = scf.if %arg2 -> (i64)
// RAW: tt.splat %arg0 : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
// RAW: tt.splat %[[OFF]] : i64 -> tensor<16xi64>
tt.func @pointer_from_if(%base: !tt.ptr<f32>, %n: i64, %c: i1) -> tensor<16xf32> {
  // CHECK: %[[OFF:.*]] = arith.select %arg2, %{{.*}}, %{{.*}} : i64
  // CHECK: tt.splat %[[OFF]] : i64 -> tensor<16xi64>
  // CHECK-NOT: tt.make_tensor_ptr
  %c1 = arith.constant 1 : i64
  %c0 = arith.constant 0 : i32
  %c16 = arith.constant 16 : i32
  %p = tt.make_tensor_ptr %base, [%n], [%c1], [%c0] {order = array<i32: 0>} : <tensor<16xf32>>
  %q = scf.if %c -> (!tt.ptr<tensor<16xf32>>) {
    %a = tt.advance %p, [%c16] : <tensor<16xf32>>
    scf.yield %a : !tt.ptr<tensor<16xf32>>
  } else {
    scf.yield %p : !tt.ptr<tensor<16xf32>>
  }
  %v = tt.load %q : !tt.ptr<tensor<16xf32>>
  tt.return %v : tensor<16xf32>
}

// -----

// Two block pointers on different bases: the if yields the base too.
// RAW-LABEL: tt.func @bases_from_if
// RAW: %[[R:.*]]:2 = scf.if %arg3 -> (!tt.ptr<f32>, i64)
// RAW: tt.splat %[[R]]#0 : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
tt.func @bases_from_if(%x: !tt.ptr<f32>, %y: !tt.ptr<f32>, %n: i64, %c: i1) -> tensor<16xf32> {
  %c1 = arith.constant 1 : i64
  %c0 = arith.constant 0 : i32
  %c16 = arith.constant 16 : i32
  %q = scf.if %c -> (!tt.ptr<tensor<16xf32>>) {
    %p = tt.make_tensor_ptr %x, [%n], [%c1], [%c0] {order = array<i32: 0>} : <tensor<16xf32>>
    scf.yield %p : !tt.ptr<tensor<16xf32>>
  } else {
    %p = tt.make_tensor_ptr %y, [%n], [%c1], [%c16] {order = array<i32: 0>} : <tensor<16xf32>>
    scf.yield %p : !tt.ptr<tensor<16xf32>>
  }
  %v = tt.load %q : !tt.ptr<tensor<16xf32>>
  tt.return %v : tensor<16xf32>
}

// -----

// The pass alone writes a pointer step per dimension and scalar constants
// splat (canonicalization folds them).
// RAW-LABEL: tt.func @pass_output_form
// RAW: %[[P0:.*]] = tt.addptr %{{.*}}, %{{.*}} : tensor<4x8x!tt.ptr<f32>>, tensor<4x8xi64>
// RAW: %[[P1:.*]] = tt.addptr %[[P0]], %{{.*}} : tensor<4x8x!tt.ptr<f32>>, tensor<4x8xi64>
// RAW: %[[Z:.*]] = arith.constant 0 : i64
// RAW: tt.splat %[[Z]] : i64 -> tensor<4x1xi64>
// RAW: %[[F:.*]] = arith.constant 0.000000e+00 : f32
// RAW: %[[O:.*]] = tt.splat %[[F]] : f32 -> tensor<4x8xf32>
// RAW: tt.load %[[P1]], %{{.*}}, %[[O]]
tt.func @pass_output_form(%base: !tt.ptr<f32>, %m: i64, %n: i64) -> tensor<4x8xf32> {
  %c1 = arith.constant 1 : i64
  %c0 = arith.constant 0 : i32
  %p = tt.make_tensor_ptr %base, [%m, %n], [%n, %c1], [%c0, %c0] {order = array<i32: 1, 0>} : <tensor<4x8xf32>>
  %v = tt.load %p {boundaryCheck = array<i32: 0>, padding = 1 : i32} : !tt.ptr<tensor<4x8xf32>>
  tt.return %v : tensor<4x8xf32>
}

// -----

// An advance by zero is rewritten as written (canonicalization folds it
// later): the loop still carries the offsets.
// RAW-LABEL: tt.func @advance_by_zero
// RAW: scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) -> (i64, i64)
// RAW: arith.addi
// RAW: arith.addi
// RAW: scf.yield
tt.func @advance_by_zero(%base: !tt.ptr<f32>, %n: i64, %iters: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c1_i64 = arith.constant 1 : i64
  %p = tt.make_tensor_ptr %base, [%n, %n], [%n, %c1_i64], [%c0, %c0] {order = array<i32: 1, 0>} : <tensor<8x8xf32>>
  %r = scf.for %i = %c0 to %iters step %c1 iter_args(%q = %p) -> (!tt.ptr<tensor<8x8xf32>>) : i32 {
    %next = tt.advance %q, [%c0, %c0] : <tensor<8x8xf32>>
    scf.yield %next : !tt.ptr<tensor<8x8xf32>>
  }
  tt.return
}
