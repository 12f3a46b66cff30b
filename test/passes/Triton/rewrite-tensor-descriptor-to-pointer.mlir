// RUN: triton-opt %s -split-input-file -triton-rewrite-tensor-descriptor-to-pointer -canonicalize | FileCheck %s

// A descriptor load reads the block at the indices, every dimension masked by
// the descriptor's shape, zero outside.
// CHECK-LABEL: tt.func @load
tt.func @load(%base: !tt.ptr<f32>, %M: i32, %N: i32, %s: i64, %i: i32, %j: i32) -> tensor<16x32xf32> {
  // CHECK-DAG: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<16x32xf32>
  // CHECK-DAG: %[[M64:.*]] = arith.extsi %arg1 : i32 to i64
  // CHECK-DAG: %[[N64:.*]] = arith.extsi %arg2 : i32 to i64
  // One pointer step per dimension.
  // CHECK: %[[ROWS:.*]] = tt.addptr %{{.*}}, %{{.*}} : tensor<16x32x!tt.ptr<f32>>, tensor<16x32xi64>
  // CHECK: %[[PTRS:.*]] = tt.addptr %[[ROWS]], %{{.*}} : tensor<16x32x!tt.ptr<f32>>, tensor<16x32xi64>
  // CHECK: %[[V:.*]] = tt.load %[[PTRS]], %{{.*}}, %[[ZERO]] : tensor<16x32x!tt.ptr<f32>>
  // CHECK: tt.return %[[V]]
  %c1 = arith.constant 1 : i64
  %d = tt.make_tensor_descriptor %base, [%M, %N], [%s, %c1] : <f32>, <tensor<16x32xf32>>
  %t = tt.descriptor_load %d[%i, %j] : !tt.tensordesc<tensor<16x32xf32>> -> tensor<16x32xf32>
  tt.return %t : tensor<16x32xf32>
}

// -----

// NaN padding, and a result without the block's leading unit dimension.
// CHECK-LABEL: tt.func @load_nan_rank_reduced
tt.func @load_nan_rank_reduced(%base: !tt.ptr<f32>, %M: i32, %N: i32, %s: i64, %i: i32) -> tensor<32xf32> {
  // CHECK: %[[NAN:.*]] = arith.constant dense<0x7FC00000> : tensor<1x32xf32>
  // CHECK: %[[V:.*]] = tt.load %{{.*}}, %{{.*}}, %[[NAN]] : tensor<1x32x!tt.ptr<f32>>
  // CHECK: %[[R:.*]] = tt.reshape %[[V]] : tensor<1x32xf32> -> tensor<32xf32>
  // CHECK: tt.return %[[R]]
  %c1 = arith.constant 1 : i64
  %d = tt.make_tensor_descriptor %base, [%M, %N], [%s, %c1] {padding = 2 : i32} : <f32>, <tensor<1x32xf32>>
  %t = tt.descriptor_load %d[%i, %i] : !tt.tensordesc<tensor<1x32xf32>> -> tensor<32xf32>
  tt.return %t : tensor<32xf32>
}

// -----

// CHECK-LABEL: tt.func @store_and_reduce
tt.func @store_and_reduce(%base: !tt.ptr<i32>, %N: i32, %i: i32, %v: tensor<64xi32>) {
  // CHECK: tt.store %{{.*}}, %arg3, %{{.*}} : tensor<64x!tt.ptr<i32>>
  // CHECK: tt.atomic_rmw add, relaxed, gpu, %{{.*}}, %arg3, %{{.*}} : (tensor<64x!tt.ptr<i32>>, tensor<64xi32>, tensor<64xi1>) -> tensor<64xi32>
  %c1 = arith.constant 1 : i64
  %d = tt.make_tensor_descriptor %base, [%N], [%c1] : <i32>, <tensor<64xi32>>
  tt.descriptor_store %d[%i], %v : !tt.tensordesc<tensor<64xi32>>, tensor<64xi32>
  tt.descriptor_reduce add, %d[%i], %v : !tt.tensordesc<tensor<64xi32>>, tensor<64xi32>
  tt.return
}

// -----

// Gather and scatter address one row per offset.
// CHECK-LABEL: tt.func @gather_scatter
tt.func @gather_scatter(%base: !tt.ptr<f32>, %M: i32, %N: i32, %s: i64, %rows: tensor<8xi32>, %col: i32) {
  // CHECK: %[[R:.*]] = arith.extsi %arg4 : tensor<8xi32> to tensor<8xi64>
  // CHECK: tt.expand_dims %[[R]] {axis = 1 : i32} : tensor<8xi64> -> tensor<8x1xi64>
  // CHECK: %[[G:.*]] = tt.load %{{.*}}, %{{.*}}, %{{.*}} : tensor<8x64x!tt.ptr<f32>>
  // CHECK: tt.store %{{.*}}, %[[G]], %{{.*}} : tensor<8x64x!tt.ptr<f32>>
  %c1 = arith.constant 1 : i64
  %d = tt.make_tensor_descriptor %base, [%M, %N], [%s, %c1] : <f32>, <tensor<1x64xf32>>
  %g = tt.descriptor_gather %d[%rows, %col] : (!tt.tensordesc<tensor<1x64xf32>>, tensor<8xi32>, i32) -> tensor<8x64xf32>
  tt.descriptor_scatter %d[%rows, %col], %g : !tt.tensordesc<tensor<1x64xf32>>, tensor<8xi32>, i32, tensor<8x64xf32>
  tt.return
}

// -----

// A descriptor carried through a loop is carried as its parts.
// CHECK-LABEL: tt.func @descriptor_in_loop
tt.func @descriptor_in_loop(%base: !tt.ptr<f32>, %N: i32, %iters: i32) {
  // CHECK-NOT: tt.make_tensor_descriptor
  // CHECK: scf.for
  // CHECK: tt.load
  // CHECK-NOT: tt.descriptor_load
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c1_i64 = arith.constant 1 : i64
  %d = tt.make_tensor_descriptor %base, [%N], [%c1_i64] : <f32>, <tensor<16xf32>>
  %r = scf.for %i = %c0 to %iters step %c1 iter_args(%dd = %d) -> (!tt.tensordesc<tensor<16xf32>>) : i32 {
    %t = tt.descriptor_load %dd[%i] : !tt.tensordesc<tensor<16xf32>> -> tensor<16xf32>
    tt.descriptor_store %dd[%i], %t : !tt.tensordesc<tensor<16xf32>>, tensor<16xf32>
    scf.yield %dd : !tt.tensordesc<tensor<16xf32>>
  }
  tt.return
}

// -----

// A kernel's descriptor parameter becomes its parts, as Triton's launcher
// passes a host descriptor where there is no TMA: base (16-byte aligned),
// shape and strides in i64 (all but the innermost stride a multiple of 16
// bytes), the NaN-padding flag; the frontend's shape (i32) and strides
// (i64) that follow it stay.
// CHECK-LABEL: tt.func public @host_descriptor
// CHECK-SAME: (%[[BASE:[^:]*]]: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %[[M:[^:]*]]: i64, %[[N:[^:]*]]: i64, %[[S0:[^:]*]]: i64 {tt.divisibility = 8 : i32}, %[[S1:[^:]*]]: i64, %[[NAN:[^:]*]]: i1, %{{[^:]*}}: i32, %{{[^:]*}}: i32, %{{[^:]*}}: i64, %{{[^:]*}}: i64, %{{[^:]*}}: i32)
// CHECK: tt.splat %[[BASE]]
// CHECK: tt.load
tt.func public @host_descriptor(%d: !tt.tensordesc<tensor<16x16xf16>>, %m: i32, %n: i32, %s0: i64, %s1: i64, %i: i32) -> tensor<16x16xf16> {
  %t = tt.descriptor_load %d[%i, %i] : !tt.tensordesc<tensor<16x16xf16>> -> tensor<16x16xf16>
  tt.return %t : tensor<16x16xf16>
}

// -----

// Descriptors cross calls as their parts: base, shape and strides (i64), and
// the NaN-padding flag; a device function's parts carry no alignment promise.
// CHECK-LABEL: tt.func private @pass_through
// CHECK-SAME: (%arg0: !tt.ptr<i32>, %arg1: i64, %arg2: i64, %arg3: i1) -> (!tt.ptr<i32>, i64, i64, i1)
// CHECK-NEXT: tt.return %arg0, %arg1, %arg2, %arg3 : !tt.ptr<i32>, i64, i64, i1
tt.func private @pass_through(%d: !tt.tensordesc<tensor<64xi32>>) -> !tt.tensordesc<tensor<64xi32>> {
  tt.return %d : !tt.tensordesc<tensor<64xi32>>
}
// CHECK-LABEL: tt.func @caller
tt.func @caller(%p: !tt.ptr<i32>, %n: i32, %i: i32) -> tensor<64xi32> {
  // CHECK-DAG: %[[N:.*]] = arith.extsi %arg1 : i32 to i64
  // CHECK-DAG: %[[ONE:.*]] = arith.constant 1 : i64
  // CHECK-DAG: %[[PAD:.*]] = arith.constant false
  // CHECK: %[[R:.*]]:4 = tt.call @pass_through(%arg0, %[[N]], %[[ONE]], %[[PAD]]) : (!tt.ptr<i32>, i64, i64, i1) -> (!tt.ptr<i32>, i64, i64, i1)
  // CHECK: tt.splat %[[R]]#0 : !tt.ptr<i32> -> tensor<64x!tt.ptr<i32>>
  %c1 = arith.constant 1 : i64
  %d = tt.make_tensor_descriptor %p, [%n], [%c1] : <i32>, <tensor<64xi32>>
  %e = tt.call @pass_through(%d) : (!tt.tensordesc<tensor<64xi32>>) -> !tt.tensordesc<tensor<64xi32>>
  %v = tt.descriptor_load %e[%i] : !tt.tensordesc<tensor<64xi32>> -> tensor<64xi32>
  tt.return %v : tensor<64xi32>
}

// -----

// The attributes of the other parameters move with them.
// CHECK-LABEL: tt.func public @attributes_follow
// CHECK-SAME: %arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}
// CHECK-SAME: %arg6: !tt.ptr<f16> {tt.divisibility = 8 : i32}, %arg7: i32 {tt.divisibility = 16 : i32})
tt.func public @attributes_follow(%d: !tt.tensordesc<tensor<8x8xf16>>, %q: !tt.ptr<f16> {tt.divisibility = 8 : i32}, %n: i32 {tt.divisibility = 16 : i32}) {
  tt.return
}
