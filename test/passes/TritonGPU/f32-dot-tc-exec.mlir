// The split dots keep the results of exact fp32 products (the interpreter's
// tf32x3/bf16x3/bf16x6), checked by execution: tf32 parts to 1e-5, bf16
// parts to 1e-3 (bf16x3 keeps about 16 bits of each operand).
// RUN: triton-run %s --grid 1 --arg 'a_ptr=f32[16,16]:rand(1)' --arg 'b_ptr=f32[16,16]:rand(2)' \
// RUN:   --arg 'c_ptr=f32[16,16]:rand(3)' --arg 'd_ptr=f32[3,16,16]:zeros' \
// RUN:   --compare-after='builtin.module(tritongpu-F32DotTC{emu-tf32=true})' --rtol 1e-3 --atol 1e-3
// Split products are not exact fp32 products: a tight tolerance tells them apart.
// RUN: not triton-run %s --grid 1 --arg 'a_ptr=f32[16,16]:rand(1)' --arg 'b_ptr=f32[16,16]:rand(2)' \
// RUN:   --arg 'c_ptr=f32[16,16]:rand(3)' --arg 'd_ptr=f32[3,16,16]:zeros' \
// RUN:   --compare-after='builtin.module(tritongpu-F32DotTC{emu-tf32=true})' --rtol 1e-7 --atol 1e-7 2>&1 | FileCheck %s
// RUN: triton-opt %s -tritongpu-F32DotTC='emu-tf32=true' | FileCheck %s --check-prefix=SPLIT
// CHECK: buffer 'd_ptr' differs at index
// SPLIT-COUNT-12: tt.dot
tt.func public @dots(%a_ptr: !tt.ptr<f32>, %b_ptr: !tt.ptr<f32>, %c_ptr: !tt.ptr<f32>, %d_ptr: !tt.ptr<f32>) {
  %r = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
  %rows = tt.expand_dims %r {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
  %cols = tt.expand_dims %r {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
  %c16 = arith.constant dense<16> : tensor<16x1xi32>
  %rs = arith.muli %rows, %c16 : tensor<16x1xi32>
  %rb = tt.broadcast %rs : tensor<16x1xi32> -> tensor<16x16xi32>
  %cb = tt.broadcast %cols : tensor<1x16xi32> -> tensor<16x16xi32>
  %off = arith.addi %rb, %cb : tensor<16x16xi32>
  %pa = tt.splat %a_ptr : !tt.ptr<f32> -> tensor<16x16x!tt.ptr<f32>>
  %pb = tt.splat %b_ptr : !tt.ptr<f32> -> tensor<16x16x!tt.ptr<f32>>
  %pc = tt.splat %c_ptr : !tt.ptr<f32> -> tensor<16x16x!tt.ptr<f32>>
  %pd = tt.splat %d_ptr : !tt.ptr<f32> -> tensor<16x16x!tt.ptr<f32>>
  %qa = tt.addptr %pa, %off : tensor<16x16x!tt.ptr<f32>>, tensor<16x16xi32>
  %qb = tt.addptr %pb, %off : tensor<16x16x!tt.ptr<f32>>, tensor<16x16xi32>
  %qc = tt.addptr %pc, %off : tensor<16x16x!tt.ptr<f32>>, tensor<16x16xi32>
  %qd0 = tt.addptr %pd, %off : tensor<16x16x!tt.ptr<f32>>, tensor<16x16xi32>
  %c256 = arith.constant dense<256> : tensor<16x16xi32>
  %qd1 = tt.addptr %qd0, %c256 : tensor<16x16x!tt.ptr<f32>>, tensor<16x16xi32>
  %qd2 = tt.addptr %qd1, %c256 : tensor<16x16x!tt.ptr<f32>>, tensor<16x16xi32>
  %a = tt.load %qa : tensor<16x16x!tt.ptr<f32>>
  %b = tt.load %qb : tensor<16x16x!tt.ptr<f32>>
  %c = tt.load %qc : tensor<16x16x!tt.ptr<f32>>
  %d0 = tt.dot %a, %b, %c, inputPrecision = tf32x3 : tensor<16x16xf32> * tensor<16x16xf32> -> tensor<16x16xf32>
  %d1 = tt.dot %a, %b, %c, inputPrecision = bf16x3 : tensor<16x16xf32> * tensor<16x16xf32> -> tensor<16x16xf32>
  %d2 = tt.dot %a, %b, %c, inputPrecision = bf16x6 : tensor<16x16xf32> * tensor<16x16xf32> -> tensor<16x16xf32>
  tt.store %qd0, %d0 : tensor<16x16x!tt.ptr<f32>>
  tt.store %qd1, %d1 : tensor<16x16x!tt.ptr<f32>>
  tt.store %qd2, %d2 : tensor<16x16x!tt.ptr<f32>>
  tt.return
}
