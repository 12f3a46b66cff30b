// D = A·B with inputPrecision = tf32 and with ieee on 16x16 fp32 tiles.
module {
  tt.func public @dots(%a_ptr: !tt.ptr<f32> loc("a_ptr"), %b_ptr: !tt.ptr<f32> loc("b_ptr"), %t_ptr: !tt.ptr<f32> loc("t_ptr"), %i_ptr: !tt.ptr<f32> loc("i_ptr")) {
    %r = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %rows = tt.expand_dims %r {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
    %cols = tt.expand_dims %r {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
    %c16 = arith.constant dense<16> : tensor<16x1xi32>
    %rs = arith.muli %rows, %c16 : tensor<16x1xi32>
    %rb = tt.broadcast %rs : tensor<16x1xi32> -> tensor<16x16xi32>
    %cb = tt.broadcast %cols : tensor<1x16xi32> -> tensor<16x16xi32>
    %off = arith.addi %rb, %cb : tensor<16x16xi32>
    %as = tt.splat %a_ptr : !tt.ptr<f32> -> tensor<16x16x!tt.ptr<f32>>
    %ap = tt.addptr %as, %off : tensor<16x16x!tt.ptr<f32>>, tensor<16x16xi32>
    %a = tt.load %ap : tensor<16x16x!tt.ptr<f32>>
    %bs = tt.splat %b_ptr : !tt.ptr<f32> -> tensor<16x16x!tt.ptr<f32>>
    %bp = tt.addptr %bs, %off : tensor<16x16x!tt.ptr<f32>>, tensor<16x16xi32>
    %b = tt.load %bp : tensor<16x16x!tt.ptr<f32>>
    %zero = arith.constant dense<0.0> : tensor<16x16xf32>
    %t = tt.dot %a, %b, %zero, inputPrecision = tf32 : tensor<16x16xf32> * tensor<16x16xf32> -> tensor<16x16xf32>
    %i = tt.dot %a, %b, %zero : tensor<16x16xf32> * tensor<16x16xf32> -> tensor<16x16xf32>
    %ts = tt.splat %t_ptr : !tt.ptr<f32> -> tensor<16x16x!tt.ptr<f32>>
    %tp = tt.addptr %ts, %off : tensor<16x16x!tt.ptr<f32>>, tensor<16x16xi32>
    tt.store %tp, %t : tensor<16x16x!tt.ptr<f32>>
    %is = tt.splat %i_ptr : !tt.ptr<f32> -> tensor<16x16x!tt.ptr<f32>>
    %ip = tt.addptr %is, %off : tensor<16x16x!tt.ptr<f32>>, tensor<16x16xi32>
    tt.store %ip, %i : tensor<16x16x!tt.ptr<f32>>
    tt.return
  }
}
