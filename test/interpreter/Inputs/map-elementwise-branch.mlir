// tt.map_elementwise whose region branches on each element (an scf.if, as
// a @triton.jit scalar function with an `if` gives it): y = x < 0 ? -x : x
// * 3; and pack = 2, the region given two neighbouring elements at once:
// z[2i] = x[2i] + x[2i+1], z[2i+1] = x[2i] - x[2i+1].
module {
  tt.func public @map_branch(%x_ptr: !tt.ptr<f32> loc("x_ptr"), %y_ptr: !tt.ptr<f32> loc("y_ptr"),
                             %z_ptr: !tt.ptr<f32> loc("z_ptr")) {
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %p = tt.splat %x_ptr : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
    %q = tt.addptr %p, %r : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
    %x = tt.load %q : tensor<64x!tt.ptr<f32>>
    %y = "tt.map_elementwise"(%x) <{pack = 1 : i32}> ({
    ^bb0(%a: f32):
      %zero = arith.constant 0.0 : f32
      %neg = arith.cmpf olt, %a, %zero : f32
      %v = scf.if %neg -> (f32) {
        %n = arith.subf %zero, %a : f32
        scf.yield %n : f32
      } else {
        %three = arith.constant 3.0 : f32
        %t = arith.mulf %a, %three : f32
        scf.yield %t : f32
      }
      tt.map_elementwise.return %v : f32
    }) : (tensor<64xf32>) -> tensor<64xf32>
    %z = "tt.map_elementwise"(%x) <{pack = 2 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      %d = arith.subf %a, %b : f32
      tt.map_elementwise.return %s, %d : f32, f32
    }) : (tensor<64xf32>) -> tensor<64xf32>
    %o = tt.splat %y_ptr : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
    %oq = tt.addptr %o, %r : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
    tt.store %oq, %y : tensor<64x!tt.ptr<f32>>
    %zp = tt.splat %z_ptr : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
    %zq = tt.addptr %zp, %r : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
    tt.store %zq, %z : tensor<64x!tt.ptr<f32>>
    tt.return
  }
}
