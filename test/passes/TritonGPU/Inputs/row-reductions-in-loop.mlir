// Row sums and maxima of a 32 x n_cols matrix, 128 columns per iteration;
// the loop carries the reductions in the layout of the rows.
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @rowsum_kernel(%x_ptr: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %out_ptr: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n_cols: i32 {tt.divisibility = 16 : i32}) {
    %one = arith.constant dense<1.000000e+00> : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked1}>>
    %c0_i32 = arith.constant 0 : i32
    %c128_i32 = arith.constant 128 : i32
    %out_rows = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #blocked>
    %rows = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
    %cols = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
    %rows2 = tt.expand_dims %rows {axis = 1 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> -> tensor<32x1xi32, #blocked1>
    %stride = tt.splat %n_cols : i32 -> tensor<32x1xi32, #blocked1>
    %row_offs = arith.muli %rows2, %stride : tensor<32x1xi32, #blocked1>
    %cols2 = tt.expand_dims %cols {axis = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked1}>> -> tensor<1x128xi32, #blocked1>
    %row_offs_b = tt.broadcast %row_offs : tensor<32x1xi32, #blocked1> -> tensor<32x128xi32, #blocked1>
    %cols_b = tt.broadcast %cols2 : tensor<1x128xi32, #blocked1> -> tensor<32x128xi32, #blocked1>
    %offs = arith.addi %row_offs_b, %cols_b : tensor<32x128xi32, #blocked1>
    %base = tt.splat %x_ptr : !tt.ptr<f32> -> tensor<32x128x!tt.ptr<f32>, #blocked1>
    %ptrs = tt.addptr %base, %offs : tensor<32x128x!tt.ptr<f32>, #blocked1>, tensor<32x128xi32, #blocked1>
    %r:2 = scf.for %k = %c0_i32 to %n_cols step %c128_i32 iter_args(%acc = %one, %mx = %one) -> (tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked1}>>, tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked1}>>)  : i32 {
      %ks = tt.splat %k : i32 -> tensor<32x128xi32, #blocked1>
      %p = tt.addptr %ptrs, %ks : tensor<32x128x!tt.ptr<f32>, #blocked1>, tensor<32x128xi32, #blocked1>
      %v = tt.load %p : tensor<32x128x!tt.ptr<f32>, #blocked1>
      %s = "tt.reduce"(%v) <{axis = 1 : i32}> ({
      ^bb0(%a: f32, %b: f32):
        %t = arith.addf %a, %b : f32
        tt.reduce.return %t : f32
      }) : (tensor<32x128xf32, #blocked1>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked1}>>
      %m = "tt.reduce"(%v) <{axis = 1 : i32}> ({
      ^bb0(%a: f32, %b: f32):
        %t = arith.maxnumf %a, %b : f32
        tt.reduce.return %t : f32
      }) : (tensor<32x128xf32, #blocked1>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked1}>>
      %acc2 = arith.addf %s, %acc : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked1}>>
      %mx2 = arith.maxnumf %mx, %m : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked1}>>
      scf.yield %acc2, %mx2 : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked1}>>, tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked1}>>
    }
    %tot = arith.addf %r#0, %r#1 : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked1}>>
    %tot_b = ttg.convert_layout %tot : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked1}>> -> tensor<32xf32, #blocked>
    %obase = tt.splat %out_ptr : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>, #blocked>
    %optrs = tt.addptr %obase, %out_rows : tensor<32x!tt.ptr<f32>, #blocked>, tensor<32xi32, #blocked>
    tt.store %optrs, %tot_b : tensor<32x!tt.ptr<f32>, #blocked>
    tt.return
  }
}
