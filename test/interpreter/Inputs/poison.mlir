// ub.poison reads as zero; a load through a poison block pointer is an error.
module {
  tt.func public @poison_add(%y_ptr: !tt.ptr<i32> loc("y_ptr")) {
    %p = ub.poison : i32
    %c1 = arith.constant 1 : i32
    %r = arith.addi %p, %c1 : i32
    tt.store %y_ptr, %r : !tt.ptr<i32>
    tt.return
  }
  tt.func public @poison_block(%y_ptr: !tt.ptr<f32> loc("y_ptr")) {
    %p = ub.poison : !tt.ptr<tensor<4xf32>>
    %v = tt.load %p : !tt.ptr<tensor<4xf32>>
    tt.return
  }
}
