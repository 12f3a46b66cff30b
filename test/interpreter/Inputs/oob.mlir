// Accesses outside the bound buffers.
module {
  tt.func public @store_past_end(%y_ptr: !tt.ptr<i32> loc("y_ptr")) {
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %p = tt.splat %y_ptr : !tt.ptr<i32> -> tensor<64x!tt.ptr<i32>>
    %q = tt.addptr %p, %r : tensor<64x!tt.ptr<i32>>, tensor<64xi32>
    tt.store %q, %r : tensor<64x!tt.ptr<i32>>
    tt.return
  }
  tt.func public @misaligned(%y_ptr: !tt.ptr<i32> loc("y_ptr")) {
    %p = tt.bitcast %y_ptr : !tt.ptr<i32> -> !tt.ptr<i8>
    %c1 = arith.constant 1 : i32
    %q = tt.addptr %p, %c1 : !tt.ptr<i8>, i32
    %r = tt.bitcast %q : !tt.ptr<i8> -> !tt.ptr<i32>
    %v = tt.load %r : !tt.ptr<i32>
    tt.store %y_ptr, %v : !tt.ptr<i32>
    tt.return
  }
  tt.func public @null_load(%y_ptr: !tt.ptr<i32> loc("y_ptr")) {
    %c0 = arith.constant 0 : i64
    %p = tt.int_to_ptr %c0 : i64 -> !tt.ptr<i32>
    %v = tt.load %p : !tt.ptr<i32>
    tt.store %y_ptr, %v : !tt.ptr<i32>
    tt.return
  }
}
