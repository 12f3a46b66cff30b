// A block-pointer load with a mask of its own (how LICM guards a hoisted
// load): elements the mask drops take `other`, elements past the bound the
// padding (zero), the rest are read. x = [0, 1, ..., 7] with a bound of 6;
// the mask drops the odd elements, whose `other` is -1. The rewrite to a
// tensor of pointers (and LICM hoisting a guarded load) keep the meaning.
// RUN: triton-run %s --grid 1 --arg 'x=f32[8]:arange' --arg 'y=f32[8]:zeros' --print y | FileCheck %s
// RUN: triton-run %s --grid 1 --arg 'x=f32[8]:arange' --arg 'y=f32[8]:zeros' --compare-after='builtin.module(triton-rewrite-tensor-pointer)'
// RUN: triton-run %s --grid 1 --arg 'x=f32[8]:arange' --arg 'y=f32[8]:zeros' --compare-after='builtin.module(triton-licm,triton-rewrite-tensor-pointer)'
// CHECK: y:
// CHECK-NEXT: [ 0. -1.  2. -1.  4. -1.  0. -1.]
tt.func public @k(%x: !tt.ptr<f32>, %y: !tt.ptr<f32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c1_i64 = arith.constant 1 : i64
  %c6_i64 = arith.constant 6 : i64
  %r = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
  %two = arith.constant dense<2> : tensor<8xi32>
  %zero = arith.constant dense<0> : tensor<8xi32>
  %odd = arith.remsi %r, %two : tensor<8xi32>
  %even = arith.cmpi eq, %odd, %zero : tensor<8xi32>
  %minus1 = arith.constant dense<-1.0> : tensor<8xf32>
  %p = tt.make_tensor_ptr %x, [%c6_i64], [%c1_i64], [%c0] {order = array<i32: 0>} : <tensor<8xf32>>
  %v = tt.load %p, %even, %minus1 {boundaryCheck = array<i32: 0>, padding = 1 : i32} : !tt.ptr<tensor<8xf32>>
  %acc0 = arith.constant dense<0.0> : tensor<8xf32>
  // One trip: the loop's invariant load is what LICM hoists.
  %s = scf.for %i = %c0 to %c1 step %c1 iter_args(%acc = %acc0) -> (tensor<8xf32>) : i32 {
    %w = tt.load %p, %even, %minus1 {boundaryCheck = array<i32: 0>, padding = 1 : i32} : !tt.ptr<tensor<8xf32>>
    %a = arith.addf %acc, %w : tensor<8xf32>
    scf.yield %a : tensor<8xf32>
  }
  %ys = tt.splat %y : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>
  %yp = tt.addptr %ys, %r : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
  tt.store %yp, %s : tensor<8x!tt.ptr<f32>>
  tt.return
}
