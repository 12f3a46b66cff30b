// Copies 64 elements of narrow float types.
module {
  tt.func public @copy_bf16(%x_ptr: !tt.ptr<bf16> loc("x_ptr"), %y_ptr: !tt.ptr<bf16> loc("y_ptr")) {
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %p = tt.splat %x_ptr : !tt.ptr<bf16> -> tensor<64x!tt.ptr<bf16>>
    %q = tt.addptr %p, %r : tensor<64x!tt.ptr<bf16>>, tensor<64xi32>
    %x = tt.load %q : tensor<64x!tt.ptr<bf16>>
    %o = tt.splat %y_ptr : !tt.ptr<bf16> -> tensor<64x!tt.ptr<bf16>>
    %oq = tt.addptr %o, %r : tensor<64x!tt.ptr<bf16>>, tensor<64xi32>
    tt.store %oq, %x : tensor<64x!tt.ptr<bf16>>
    tt.return
  }
  tt.func public @copy_f8(%x_ptr: !tt.ptr<f8E5M2> loc("x_ptr"), %y_ptr: !tt.ptr<f8E5M2> loc("y_ptr")) {
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %p = tt.splat %x_ptr : !tt.ptr<f8E5M2> -> tensor<64x!tt.ptr<f8E5M2>>
    %q = tt.addptr %p, %r : tensor<64x!tt.ptr<f8E5M2>>, tensor<64xi32>
    %x = tt.load %q : tensor<64x!tt.ptr<f8E5M2>>
    %o = tt.splat %y_ptr : !tt.ptr<f8E5M2> -> tensor<64x!tt.ptr<f8E5M2>>
    %oq = tt.addptr %o, %r : tensor<64x!tt.ptr<f8E5M2>>, tensor<64xi32>
    tt.store %oq, %x : tensor<64x!tt.ptr<f8E5M2>>
    tt.return
  }
}
