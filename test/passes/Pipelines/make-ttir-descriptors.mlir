// RUN: triton-opt %s -split-input-file -triton-make-ttir='target=cuda:90' | FileCheck %s
// RUN: triton-opt %s -split-input-file -triton-make-ttir='target=cuda:80' | FileCheck %s --check-prefix=SM80

// On sm_90 descriptors that only load and store stay descriptors (TMA
// moves their blocks); below sm_90 they are pointer arithmetic.
// CHECK-LABEL: tt.func public @copy
// CHECK: tt.make_tensor_descriptor
// CHECK: tt.descriptor_load
// CHECK: tt.descriptor_store
// SM80-LABEL: tt.func public @copy
// SM80-NOT: tensordesc
// SM80: tt.load
// SM80: tt.store
tt.func public @copy(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32 {tt.divisibility = 16 : i32}) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i64
  %s = arith.extsi %n : i32 to i64
  %d = tt.make_tensor_descriptor %p, [%n, %n], [%s, %c1] : <f32>, <tensor<16x16xf32>>
  %t = tt.descriptor_load %d[%c0, %c0] : !tt.tensordesc<tensor<16x16xf32>> -> tensor<16x16xf32>
  tt.descriptor_store %d[%c0, %c0], %t : !tt.tensordesc<tensor<16x16xf32>>, tensor<16x16xf32>
  tt.return
}

// -----

// A reduction through a descriptor stays one on sm_90 (a TMA reduction, as
// 3.6); below sm_90 it becomes atomics.
// CHECK-LABEL: tt.func public @reduce
// CHECK: tt.make_tensor_descriptor
// CHECK: tt.descriptor_reduce add
// SM80-LABEL: tt.func public @reduce
// SM80-NOT: tensordesc
// SM80: tt.atomic_rmw fadd
tt.func public @reduce(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32 {tt.divisibility = 16 : i32}, %v: tensor<16x16xf32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i64
  %s = arith.extsi %n : i32 to i64
  %d = tt.make_tensor_descriptor %p, [%n, %n], [%s, %c1] : <f32>, <tensor<16x16xf32>>
  tt.descriptor_reduce add, %d[%c0, %c0], %v : !tt.tensordesc<tensor<16x16xf32>>, tensor<16x16xf32>
  tt.return
}

// -----

// A row gather: sm_90's TMA has none (gather4 is sm_100's; 3.6's own tests
// skip TMA gathers on Hopper), so all of the kernel's descriptors, the
// reduction's too, become pointers: loads and atomics.
// CHECK-LABEL: tt.func public @gather_and_reduce
// CHECK-NOT: tensordesc
// CHECK: tt.load
// CHECK: tt.atomic_rmw fadd
tt.func public @gather_and_reduce(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32 {tt.divisibility = 16 : i32}, %rows: tensor<8xi32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i64
  %s = arith.extsi %n : i32 to i64
  %d = tt.make_tensor_descriptor %p, [%n, %n], [%s, %c1] : <f32>, <tensor<1x16xf32>>
  %t = tt.descriptor_gather %d[%rows, %c0] : (!tt.tensordesc<tensor<1x16xf32>>, tensor<8xi32>, i32) -> tensor<8x16xf32>
  %e = tt.make_tensor_descriptor %p, [%n, %n], [%s, %c1] : <f32>, <tensor<8x16xf32>>
  tt.descriptor_reduce add, %e[%c0, %c0], %t : !tt.tensordesc<tensor<8x16xf32>>, tensor<8x16xf32>
  tt.return
}
