// tt.descriptor_reduce add and max of a 16x32 block into an MxN matrix.
module {
  tt.func public @desc_reduce(%x_ptr: !tt.ptr<i32> loc("x_ptr"), %y_ptr: !tt.ptr<i32> loc("y_ptr"), %z_ptr: !tt.ptr<i32> loc("z_ptr"), %M: i32 loc("M"), %N: i32 loc("N")) {
    %c1 = arith.constant 1 : i64
    %c0 = arith.constant 0 : i32
    %c16 = arith.constant 16 : i32
    %N64 = arith.extsi %N : i32 to i64
    %dx = tt.make_tensor_descriptor %x_ptr, [%M, %N], [%N64, %c1] : !tt.ptr<i32>, !tt.tensordesc<tensor<16x32xi32>>
    %dy = tt.make_tensor_descriptor %y_ptr, [%M, %N], [%N64, %c1] : !tt.ptr<i32>, !tt.tensordesc<tensor<16x32xi32>>
    %dz = tt.make_tensor_descriptor %z_ptr, [%M, %N], [%N64, %c1] : !tt.ptr<i32>, !tt.tensordesc<tensor<16x32xi32>>
    %pid = tt.get_program_id x : i32
    %row = arith.muli %pid, %c16 : i32
    %t = tt.descriptor_load %dx[%row, %c0] : !tt.tensordesc<tensor<16x32xi32>> -> tensor<16x32xi32>
    tt.descriptor_reduce add, %dy[%row, %c0], %t : !tt.tensordesc<tensor<16x32xi32>>, tensor<16x32xi32>
    tt.descriptor_reduce max, %dz[%row, %c0], %t : !tt.tensordesc<tensor<16x32xi32>>, tensor<16x32xi32>
    tt.return
  }
}
