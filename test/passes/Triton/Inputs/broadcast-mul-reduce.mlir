// c = sum(a[:, :, None] * b[None, :, :], axis=1) for a 32x16 and b 16x64,
// all row-major.
tt.func public @bmr(%pa: !tt.ptr<f32>, %pb: !tt.ptr<f32>, %pc: !tt.ptr<f32>) {
  %r32 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
  %r16 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
  %r64 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %c16 = arith.constant dense<16> : tensor<32x1xi32>
  %c64a = arith.constant dense<64> : tensor<16x1xi32>
  %c64c = arith.constant dense<64> : tensor<32x1xi32>
  %ai = tt.expand_dims %r32 {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %aj = tt.expand_dims %r16 {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
  %ar = arith.muli %ai, %c16 : tensor<32x1xi32>
  %arb = tt.broadcast %ar : tensor<32x1xi32> -> tensor<32x16xi32>
  %ajb = tt.broadcast %aj : tensor<1x16xi32> -> tensor<32x16xi32>
  %aoff = arith.addi %arb, %ajb : tensor<32x16xi32>
  %aps = tt.splat %pa : !tt.ptr<f32> -> tensor<32x16x!tt.ptr<f32>>
  %ap = tt.addptr %aps, %aoff : tensor<32x16x!tt.ptr<f32>>, tensor<32x16xi32>
  %a = tt.load %ap : tensor<32x16x!tt.ptr<f32>>
  %bi = tt.expand_dims %r16 {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
  %bj = tt.expand_dims %r64 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %br = arith.muli %bi, %c64a : tensor<16x1xi32>
  %brb = tt.broadcast %br : tensor<16x1xi32> -> tensor<16x64xi32>
  %bjb = tt.broadcast %bj : tensor<1x64xi32> -> tensor<16x64xi32>
  %boff = arith.addi %brb, %bjb : tensor<16x64xi32>
  %bps = tt.splat %pb : !tt.ptr<f32> -> tensor<16x64x!tt.ptr<f32>>
  %bp = tt.addptr %bps, %boff : tensor<16x64x!tt.ptr<f32>>, tensor<16x64xi32>
  %b = tt.load %bp : tensor<16x64x!tt.ptr<f32>>
  %ae = tt.expand_dims %a {axis = 2 : i32} : tensor<32x16xf32> -> tensor<32x16x1xf32>
  %ab = tt.broadcast %ae : tensor<32x16x1xf32> -> tensor<32x16x64xf32>
  %be = tt.expand_dims %b {axis = 0 : i32} : tensor<16x64xf32> -> tensor<1x16x64xf32>
  %bb = tt.broadcast %be : tensor<1x16x64xf32> -> tensor<32x16x64xf32>
  %p = arith.mulf %ab, %bb : tensor<32x16x64xf32>
  %s = "tt.reduce"(%p) <{axis = 1 : i32}> ({
  ^bb0(%x: f32, %y: f32):
    %t = arith.addf %x, %y : f32
    tt.reduce.return %t : f32
  }) : (tensor<32x16x64xf32>) -> tensor<32x64xf32>
  %ci = arith.muli %ai, %c64c : tensor<32x1xi32>
  %cib = tt.broadcast %ci : tensor<32x1xi32> -> tensor<32x64xi32>
  %cj = tt.broadcast %bj : tensor<1x64xi32> -> tensor<32x64xi32>
  %coff = arith.addi %cib, %cj : tensor<32x64xi32>
  %cps = tt.splat %pc : !tt.ptr<f32> -> tensor<32x64x!tt.ptr<f32>>
  %cp = tt.addptr %cps, %coff : tensor<32x64x!tt.ptr<f32>>, tensor<32x64xi32>
  tt.store %cp, %s : tensor<32x64x!tt.ptr<f32>>
  tt.return
}
