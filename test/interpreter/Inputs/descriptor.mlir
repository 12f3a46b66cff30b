// Tensor descriptors: copy 16x32 blocks of an MxN matrix (M, N not multiples
// of the block: the loads pad with zeros and the stores are clipped).
module {
  tt.func public @desc_copy(%x_ptr: !tt.ptr<f32> loc("x_ptr"), %y_ptr: !tt.ptr<f32> loc("y_ptr"), %M: i32 loc("M"), %N: i32 loc("N"), %stride: i64 loc("stride")) {
    %c1 = arith.constant 1 : i64
    %c0 = arith.constant 0 : i32
    %c16 = arith.constant 16 : i32
    %c32 = arith.constant 32 : i32
    %dx = tt.make_tensor_descriptor %x_ptr, [%M, %N], [%stride, %c1] : !tt.ptr<f32>, !tt.tensordesc<tensor<16x32xf32>>
    %dy = tt.make_tensor_descriptor %y_ptr, [%M, %N], [%stride, %c1] : !tt.ptr<f32>, !tt.tensordesc<tensor<16x32xf32>>
    %pid = tt.get_program_id x : i32
    %pidy = tt.get_program_id y : i32
    %row = arith.muli %pid, %c16 : i32
    %col = arith.muli %pidy, %c32 : i32
    %t = tt.descriptor_load %dx[%row, %col] : !tt.tensordesc<tensor<16x32xf32>> -> tensor<16x32xf32>
    %two = arith.constant dense<2.0> : tensor<16x32xf32>
    %t2 = arith.mulf %t, %two : tensor<16x32xf32>
    tt.descriptor_store %dy[%row, %col], %t2 : !tt.tensordesc<tensor<16x32xf32>>, tensor<16x32xf32>
    tt.return
  }
}
