// RUN: triton-opt %s -split-input-file -triton-rewrite-tensor-descriptor-to-pointer -verify-diagnostics

tt.func @reduce_inc(%base: !tt.ptr<i32>, %N: i32, %i: i32, %v: tensor<64xi32>) {
  %c1 = arith.constant 1 : i64
  %d = tt.make_tensor_descriptor %base, [%N], [%c1] : <i32>, <tensor<64xi32>>
  // expected-error @+1 {{descriptor reduction 'inc' is not supported yet by -triton-rewrite-tensor-descriptor-to-pointer}}
  tt.descriptor_reduce inc, %d[%i], %v : !tt.tensordesc<tensor<64xi32>>, tensor<64xi32>
  tt.return
}
