// Layer norm over rows of an fp16 matrix, one program per row, statistics in
// fp32 (BLOCK = 1024 columns, masked at N).
module {
  tt.func public @layernorm(%x_ptr: !tt.ptr<f16> loc("x_ptr"), %y_ptr: !tt.ptr<f16> loc("y_ptr"),
                            %w_ptr: !tt.ptr<f16> loc("w_ptr"), %b_ptr: !tt.ptr<f16> loc("b_ptr"),
                            %stride: i32 loc("stride"), %N: i32 loc("N"), %eps: f32 loc("eps")) {
    %row = tt.get_program_id x : i32
    %cols = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
    %Nt = tt.splat %N : i32 -> tensor<1024xi32>
    %mask = arith.cmpi slt, %cols, %Nt : tensor<1024xi32>
    %start = arith.muli %row, %stride : i32
    %xrow = tt.addptr %x_ptr, %start : !tt.ptr<f16>, i32
    %xs = tt.splat %xrow : !tt.ptr<f16> -> tensor<1024x!tt.ptr<f16>>
    %xp = tt.addptr %xs, %cols : tensor<1024x!tt.ptr<f16>>, tensor<1024xi32>
    %zh = arith.constant dense<0.0> : tensor<1024xf16>
    %xh = tt.load %xp, %mask, %zh : tensor<1024x!tt.ptr<f16>>
    %x = arith.extf %xh : tensor<1024xf16> to tensor<1024xf32>
    %sum = "tt.reduce"(%x) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      tt.reduce.return %s : f32
    }) : (tensor<1024xf32>) -> f32
    %Nf = arith.sitofp %N : i32 to f32
    %mean = arith.divf %sum, %Nf : f32
    %meant = tt.splat %mean : f32 -> tensor<1024xf32>
    %xc0 = arith.subf %x, %meant : tensor<1024xf32>
    %zf = arith.constant dense<0.0> : tensor<1024xf32>
    %xc = arith.select %mask, %xc0, %zf : tensor<1024xi1>, tensor<1024xf32>
    %sq = arith.mulf %xc, %xc : tensor<1024xf32>
    %ssq = "tt.reduce"(%sq) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      tt.reduce.return %s : f32
    }) : (tensor<1024xf32>) -> f32
    %var = arith.divf %ssq, %Nf : f32
    %ve = arith.addf %var, %eps : f32
    %rstd = math.rsqrt %ve : f32
    %rstdt = tt.splat %rstd : f32 -> tensor<1024xf32>
    %ws = tt.splat %w_ptr : !tt.ptr<f16> -> tensor<1024x!tt.ptr<f16>>
    %wp = tt.addptr %ws, %cols : tensor<1024x!tt.ptr<f16>>, tensor<1024xi32>
    %wh = tt.load %wp, %mask : tensor<1024x!tt.ptr<f16>>
    %w = arith.extf %wh : tensor<1024xf16> to tensor<1024xf32>
    %bs = tt.splat %b_ptr : !tt.ptr<f16> -> tensor<1024x!tt.ptr<f16>>
    %bp = tt.addptr %bs, %cols : tensor<1024x!tt.ptr<f16>>, tensor<1024xi32>
    %bh = tt.load %bp, %mask : tensor<1024x!tt.ptr<f16>>
    %b = arith.extf %bh : tensor<1024xf16> to tensor<1024xf32>
    %n = arith.mulf %xc, %rstdt : tensor<1024xf32>
    %nw = arith.mulf %n, %w : tensor<1024xf32>
    %y = arith.addf %nw, %b : tensor<1024xf32>
    %yh = arith.truncf %y : tensor<1024xf32> to tensor<1024xf16>
    %yrow = tt.addptr %y_ptr, %start : !tt.ptr<f16>, i32
    %ys = tt.splat %yrow : !tt.ptr<f16> -> tensor<1024x!tt.ptr<f16>>
    %yp = tt.addptr %ys, %cols : tensor<1024x!tt.ptr<f16>>, tensor<1024xi32>
    tt.store %yp, %yh, %mask : tensor<1024x!tt.ptr<f16>>
    tt.return
  }
}
