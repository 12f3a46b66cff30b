// RUN: triton-opt %s -split-input-file -triton-make-ttgir='target=cuda:90 num-warps=4 num-stages=3' 2>&1 | FileCheck %s
// RUN: triton-opt %s -split-input-file -triton-make-ttgir='target=cuda:90 num-warps=4 num-stages=3' -triton-make-llir='target=cuda:90' 2>&1 | FileCheck %s --check-prefix=LLIR

// A dot operand loaded untransposed and transposed in registers (K^T of an
// attention score, B stored N x K): the pipeliner's buffer is read back in
// the transposed operand's layout, which is an mma.sync operand tile seen
// along the other dimension. The buffer takes that operand's swizzle, so the
// matrix loads of its 16-byte rows fall in distinct banks; unswizzled, the
// eight rows of each 8x8 matrix, 256 bytes apart, would all hit the same
// four banks.

// CHECK-DAG: #[[LIN:linear[0-9]*]] = #ttg.linear<{register = {{\[\[}}0, 1], [0, 8]
// CHECK-DAG: #[[SW:shared[0-9]*]] = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
// CHECK-LABEL: @qk_f16
// CHECK: ttg.local_alloc : () -> !ttg.memdesc<2x16x128xf16, #[[SW]], #smem, mutable>
// CHECK: scf.for
// CHECK: ttg.local_load %{{.*}} : !ttg.memdesc<16x128xf16, #[[SW]], #smem, mutable> -> tensor<16x128xf16, #[[LIN]]>
// CHECK: tt.trans
// It lowers (make_llir).
// LLIR: llvm.func @qk_f16
module {
  tt.func public @qk_f16(%q_ptr: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %k_ptr: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %out: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c2048 = arith.constant 2048 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<16x16xf32>
    %rows = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %cols = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    %r2 = tt.expand_dims %rows {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
    %c128 = arith.constant dense<128> : tensor<16x1xi32>
    %rs = arith.muli %r2, %c128 : tensor<16x1xi32>
    %c2 = tt.expand_dims %cols {axis = 0 : i32} : tensor<128xi32> -> tensor<1x128xi32>
    %rsb = tt.broadcast %rs : tensor<16x1xi32> -> tensor<16x128xi32>
    %c2b = tt.broadcast %c2 : tensor<1x128xi32> -> tensor<16x128xi32>
    %offs = arith.addi %rsb, %c2b : tensor<16x128xi32>
    %qp = tt.splat %q_ptr : !tt.ptr<f16> -> tensor<16x128x!tt.ptr<f16>>
    %qpp = tt.addptr %qp, %offs : tensor<16x128x!tt.ptr<f16>>, tensor<16x128xi32>
    %q = tt.load %qpp : tensor<16x128x!tt.ptr<f16>>
    %kp = tt.splat %k_ptr : !tt.ptr<f16> -> tensor<16x128x!tt.ptr<f16>>
    %kp0 = tt.addptr %kp, %offs : tensor<16x128x!tt.ptr<f16>>, tensor<16x128xi32>
    %res:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero, %kpi = %kp0) -> (tensor<16x16xf32>, tensor<16x128x!tt.ptr<f16>>) : i32 {
      %k = tt.load %kpi : tensor<16x128x!tt.ptr<f16>>
      %kt = tt.trans %k {order = array<i32: 1, 0>} : tensor<16x128xf16> -> tensor<128x16xf16>
      %s = tt.dot %q, %kt, %acc : tensor<16x128xf16> * tensor<128x16xf16> -> tensor<16x16xf32>
      %step = tt.splat %c2048 : i32 -> tensor<16x128xi32>
      %kn = tt.addptr %kpi, %step : tensor<16x128x!tt.ptr<f16>>, tensor<16x128xi32>
      scf.yield %s, %kn : tensor<16x16xf32>, tensor<16x128x!tt.ptr<f16>>
    }
    %or = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %o2 = tt.expand_dims %or {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
    %c16 = arith.constant dense<16> : tensor<16x1xi32>
    %o3 = arith.muli %o2, %c16 : tensor<16x1xi32>
    %oc = tt.expand_dims %or {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
    %o3b = tt.broadcast %o3 : tensor<16x1xi32> -> tensor<16x16xi32>
    %ocb = tt.broadcast %oc : tensor<1x16xi32> -> tensor<16x16xi32>
    %oo = arith.addi %o3b, %ocb : tensor<16x16xi32>
    %op = tt.splat %out : !tt.ptr<f32> -> tensor<16x16x!tt.ptr<f32>>
    %opp = tt.addptr %op, %oo : tensor<16x16x!tt.ptr<f32>>, tensor<16x16xi32>
    tt.store %opp, %res#0 : tensor<16x16x!tt.ptr<f32>>
    tt.return
  }
}

// -----

// 8-bit operands: four bytes per register along K, 16-byte vectors.
// CHECK-DAG: #[[SW8:shared[0-9]*]] = #ttg.swizzled_shared<{vec = 16, perPhase = 1, maxPhase = 8, order = [1, 0]}>
// CHECK-LABEL: @qk_i8
// CHECK: ttg.local_alloc : () -> !ttg.memdesc<2x16x128xi8, #[[SW8]], #smem, mutable>
// CHECK: scf.for
// CHECK: ttg.local_load %{{.*}} : !ttg.memdesc<16x128xi8, #[[SW8]], #smem, mutable> -> tensor<16x128xi8, #linear
module {
  tt.func public @qk_i8(%q_ptr: !tt.ptr<i8> {tt.divisibility = 16 : i32}, %k_ptr: !tt.ptr<i8> {tt.divisibility = 16 : i32}, %out: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c2048 = arith.constant 2048 : i32
    %zero = arith.constant dense<0> : tensor<16x16xi32>
    %rows = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %cols = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    %r2 = tt.expand_dims %rows {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
    %c128 = arith.constant dense<128> : tensor<16x1xi32>
    %rs = arith.muli %r2, %c128 : tensor<16x1xi32>
    %c2 = tt.expand_dims %cols {axis = 0 : i32} : tensor<128xi32> -> tensor<1x128xi32>
    %rsb = tt.broadcast %rs : tensor<16x1xi32> -> tensor<16x128xi32>
    %c2b = tt.broadcast %c2 : tensor<1x128xi32> -> tensor<16x128xi32>
    %offs = arith.addi %rsb, %c2b : tensor<16x128xi32>
    %qp = tt.splat %q_ptr : !tt.ptr<i8> -> tensor<16x128x!tt.ptr<i8>>
    %qpp = tt.addptr %qp, %offs : tensor<16x128x!tt.ptr<i8>>, tensor<16x128xi32>
    %q = tt.load %qpp : tensor<16x128x!tt.ptr<i8>>
    %kp = tt.splat %k_ptr : !tt.ptr<i8> -> tensor<16x128x!tt.ptr<i8>>
    %kp0 = tt.addptr %kp, %offs : tensor<16x128x!tt.ptr<i8>>, tensor<16x128xi32>
    %res:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero, %kpi = %kp0) -> (tensor<16x16xi32>, tensor<16x128x!tt.ptr<i8>>) : i32 {
      %k = tt.load %kpi : tensor<16x128x!tt.ptr<i8>>
      %kt = tt.trans %k {order = array<i32: 1, 0>} : tensor<16x128xi8> -> tensor<128x16xi8>
      %s = tt.dot %q, %kt, %acc : tensor<16x128xi8> * tensor<128x16xi8> -> tensor<16x16xi32>
      %step = tt.splat %c2048 : i32 -> tensor<16x128xi32>
      %kn = tt.addptr %kpi, %step : tensor<16x128x!tt.ptr<i8>>, tensor<16x128xi32>
      scf.yield %s, %kn : tensor<16x16xi32>, tensor<16x128x!tt.ptr<i8>>
    }
    %or = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %o2 = tt.expand_dims %or {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
    %c16 = arith.constant dense<16> : tensor<16x1xi32>
    %o3 = arith.muli %o2, %c16 : tensor<16x1xi32>
    %oc = tt.expand_dims %or {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
    %o3b = tt.broadcast %o3 : tensor<16x1xi32> -> tensor<16x16xi32>
    %ocb = tt.broadcast %oc : tensor<1x16xi32> -> tensor<16x16xi32>
    %oo = arith.addi %o3b, %ocb : tensor<16x16xi32>
    %op = tt.splat %out : !tt.ptr<i32> -> tensor<16x16x!tt.ptr<i32>>
    %opp = tt.addptr %op, %oo : tensor<16x16x!tt.ptr<i32>>, tensor<16x16xi32>
    tt.store %opp, %res#0 : tensor<16x16x!tt.ptr<i32>>
    tt.return
  }
}
