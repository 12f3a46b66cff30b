tt.func public @k(%p: !tt.ptr<f32>) {
  %c = arith.constant 2.0 : f32
  %s = tt.splat %c : f32 -> tensor<8xf32>
  %r = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>
  %q = tt.addptr %ps, %r : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
  tt.store %q, %s : tensor<8x!tt.ptr<f32>>
  tt.return
}
