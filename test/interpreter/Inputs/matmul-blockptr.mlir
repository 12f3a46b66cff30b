// C = A·B in fp32 with block pointers: a 2-D grid of 64x64 tiles, K walked
// in steps of 32 with tt.advance; boundary checks pad partial tiles.
module {
  tt.func public @matmul_bp(%a_ptr: !tt.ptr<f32> loc("a_ptr"), %b_ptr: !tt.ptr<f32> loc("b_ptr"),
                            %c_ptr: !tt.ptr<f32> loc("c_ptr"), %M: i32 loc("M"), %N: i32 loc("N"),
                            %K: i32 loc("K")) {
    %c0 = arith.constant 0 : i32
    %c32 = arith.constant 32 : i32
    %c64 = arith.constant 64 : i32
    %c1_64 = arith.constant 1 : i64
    %pm = tt.get_program_id x : i32
    %pn = tt.get_program_id y : i32
    %om = arith.muli %pm, %c64 : i32
    %on = arith.muli %pn, %c64 : i32
    %M64 = arith.extsi %M : i32 to i64
    %N64 = arith.extsi %N : i32 to i64
    %K64 = arith.extsi %K : i32 to i64
    %pa = tt.make_tensor_ptr %a_ptr, [%M64, %K64], [%K64, %c1_64], [%om, %c0] {order = array<i32: 1, 0>} : <tensor<64x32xf32>>
    %pb = tt.make_tensor_ptr %b_ptr, [%K64, %N64], [%N64, %c1_64], [%c0, %on] {order = array<i32: 1, 0>} : <tensor<32x64xf32>>
    %acc0 = arith.constant dense<0.0> : tensor<64x64xf32>
    %r:3 = scf.for %k = %c0 to %K step %c32 iter_args(%acc = %acc0, %a = %pa, %b = %pb) -> (tensor<64x64xf32>, !tt.ptr<tensor<64x32xf32>>, !tt.ptr<tensor<32x64xf32>>) : i32 {
      %ta = tt.load %a {boundaryCheck = array<i32: 0, 1>, padding = 1 : i32} : !tt.ptr<tensor<64x32xf32>>
      %tb = tt.load %b {boundaryCheck = array<i32: 0, 1>, padding = 1 : i32} : !tt.ptr<tensor<32x64xf32>>
      %d = tt.dot %ta, %tb, %acc, inputPrecision = ieee : tensor<64x32xf32> * tensor<32x64xf32> -> tensor<64x64xf32>
      %a2 = tt.advance %a, [%c0, %c32] : <tensor<64x32xf32>>
      %b2 = tt.advance %b, [%c32, %c0] : <tensor<32x64xf32>>
      scf.yield %d, %a2, %b2 : tensor<64x64xf32>, !tt.ptr<tensor<64x32xf32>>, !tt.ptr<tensor<32x64xf32>>
    }
    %pc = tt.make_tensor_ptr %c_ptr, [%M64, %N64], [%N64, %c1_64], [%om, %on] {order = array<i32: 1, 0>} : <tensor<64x64xf32>>
    tt.store %pc, %r#0 {boundaryCheck = array<i32: 0, 1>} : !tt.ptr<tensor<64x64xf32>>
    tt.return
  }
}
