// tt.map_elementwise with pack = 1: y = x > 0 ? x * 2 : -1.
module {
  tt.func public @map(%x_ptr: !tt.ptr<f32> loc("x_ptr"), %y_ptr: !tt.ptr<f32> loc("y_ptr")) {
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %p = tt.splat %x_ptr : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
    %q = tt.addptr %p, %r : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
    %x = tt.load %q : tensor<64x!tt.ptr<f32>>
    %y = "tt.map_elementwise"(%x) <{pack = 1 : i32}> ({
    ^bb0(%a: f32):
      %zero = arith.constant 0.0 : f32
      %two = arith.constant 2.0 : f32
      %m1 = arith.constant -1.0 : f32
      %pos = arith.cmpf ogt, %a, %zero : f32
      %d = arith.mulf %a, %two : f32
      %s = arith.select %pos, %d, %m1 : f32
      tt.map_elementwise.return %s : f32
    }) : (tensor<64xf32>) -> tensor<64xf32>
    %o = tt.splat %y_ptr : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
    %oq = tt.addptr %o, %r : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
    tt.store %oq, %y : tensor<64x!tt.ptr<f32>>
    tt.return
  }
}
