// A kernel whose tt.assert fails for negative inputs.
module {
  tt.func public @check_positive(%x_ptr: !tt.ptr<f32> loc("x_ptr")) {
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %p = tt.splat %x_ptr : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
    %q = tt.addptr %p, %r : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
    %x = tt.load %q : tensor<64x!tt.ptr<f32>>
    %zero = arith.constant dense<0.0> : tensor<64xf32>
    %ok = arith.cmpf oge, %x, %zero : tensor<64xf32>
    tt.assert %ok, "negative input" : tensor<64xi1>
    tt.return
  }
}
