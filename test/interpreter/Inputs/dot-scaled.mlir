// tt.dot_scaled kernels for dot-scaled.test: each loads flat buffers,
// reshapes them to the operands' shapes and stores d = dot_scaled(...) flat.
module {
  // fp4 (K-packed) x fp8e4m3, both scaled, c loaded: M = N = 16, K = 64.
  tt.func public @e2m1_e4m3(%a_ptr: !tt.ptr<i8> loc("a_ptr"), %as_ptr: !tt.ptr<i8> loc("as_ptr"), %b_ptr: !tt.ptr<f8E4M3FN> loc("b_ptr"), %bs_ptr: !tt.ptr<i8> loc("bs_ptr"), %c_ptr: !tt.ptr<f32> loc("c_ptr"), %d_ptr: !tt.ptr<f32> loc("d_ptr")) {
    %r512 = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32>
    %a_s = tt.splat %a_ptr : !tt.ptr<i8> -> tensor<512x!tt.ptr<i8>>
    %a_p = tt.addptr %a_s, %r512 : tensor<512x!tt.ptr<i8>>, tensor<512xi32>
    %a_l = tt.load %a_p : tensor<512x!tt.ptr<i8>>
    %a = tt.reshape %a_l : tensor<512xi8> -> tensor<16x32xi8>
    %r32 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %as_s = tt.splat %as_ptr : !tt.ptr<i8> -> tensor<32x!tt.ptr<i8>>
    %as_p = tt.addptr %as_s, %r32 : tensor<32x!tt.ptr<i8>>, tensor<32xi32>
    %as_l = tt.load %as_p : tensor<32x!tt.ptr<i8>>
    %as = tt.reshape %as_l : tensor<32xi8> -> tensor<16x2xi8>
    %r1024 = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
    %b_s = tt.splat %b_ptr : !tt.ptr<f8E4M3FN> -> tensor<1024x!tt.ptr<f8E4M3FN>>
    %b_p = tt.addptr %b_s, %r1024 : tensor<1024x!tt.ptr<f8E4M3FN>>, tensor<1024xi32>
    %b_l = tt.load %b_p : tensor<1024x!tt.ptr<f8E4M3FN>>
    %b = tt.reshape %b_l : tensor<1024xf8E4M3FN> -> tensor<64x16xf8E4M3FN>
    %bs_s = tt.splat %bs_ptr : !tt.ptr<i8> -> tensor<32x!tt.ptr<i8>>
    %bs_p = tt.addptr %bs_s, %r32 : tensor<32x!tt.ptr<i8>>, tensor<32xi32>
    %bs_l = tt.load %bs_p : tensor<32x!tt.ptr<i8>>
    %bs = tt.reshape %bs_l : tensor<32xi8> -> tensor<16x2xi8>
    %r256 = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
    %c_s = tt.splat %c_ptr : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
    %c_p = tt.addptr %c_s, %r256 : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
    %c_l = tt.load %c_p : tensor<256x!tt.ptr<f32>>
    %c = tt.reshape %c_l : tensor<256xf32> -> tensor<16x16xf32>
    %d = tt.dot_scaled %a scale %as, %b scale %bs, %c lhs = e2m1 rhs = e4m3 {fastMath = false} : tensor<16x32xi8>, tensor<16x2xi8> * tensor<64x16xf8E4M3FN>, tensor<16x2xi8> -> tensor<16x16xf32>
    %d_f = tt.reshape %d : tensor<16x16xf32> -> tensor<256xf32>
    %d_s = tt.splat %d_ptr : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
    %d_p = tt.addptr %d_s, %r256 : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
    tt.store %d_p, %d_f : tensor<256x!tt.ptr<f32>>
    tt.return
  }

  // NVFP4: fp4 x fp4 (K-packed) with e4m3 scales, one per 16 of K: M = N =
  // 16, K = 64, four scale groups.
  tt.func public @nvfp4(%a_ptr: !tt.ptr<i8> loc("a_ptr"), %as_ptr: !tt.ptr<f8E4M3FN> loc("as_ptr"), %b_ptr: !tt.ptr<i8> loc("b_ptr"), %bs_ptr: !tt.ptr<f8E4M3FN> loc("bs_ptr"), %d_ptr: !tt.ptr<f32> loc("d_ptr")) {
    %r512 = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32>
    %a_s = tt.splat %a_ptr : !tt.ptr<i8> -> tensor<512x!tt.ptr<i8>>
    %a_p = tt.addptr %a_s, %r512 : tensor<512x!tt.ptr<i8>>, tensor<512xi32>
    %a_l = tt.load %a_p : tensor<512x!tt.ptr<i8>>
    %a = tt.reshape %a_l : tensor<512xi8> -> tensor<16x32xi8>
    %r64 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %as_s = tt.splat %as_ptr : !tt.ptr<f8E4M3FN> -> tensor<64x!tt.ptr<f8E4M3FN>>
    %as_p = tt.addptr %as_s, %r64 : tensor<64x!tt.ptr<f8E4M3FN>>, tensor<64xi32>
    %as_l = tt.load %as_p : tensor<64x!tt.ptr<f8E4M3FN>>
    %as = tt.reshape %as_l : tensor<64xf8E4M3FN> -> tensor<16x4xf8E4M3FN>
    %b_s = tt.splat %b_ptr : !tt.ptr<i8> -> tensor<512x!tt.ptr<i8>>
    %b_p = tt.addptr %b_s, %r512 : tensor<512x!tt.ptr<i8>>, tensor<512xi32>
    %b_l = tt.load %b_p : tensor<512x!tt.ptr<i8>>
    %b = tt.reshape %b_l : tensor<512xi8> -> tensor<32x16xi8>
    %bs_s = tt.splat %bs_ptr : !tt.ptr<f8E4M3FN> -> tensor<64x!tt.ptr<f8E4M3FN>>
    %bs_p = tt.addptr %bs_s, %r64 : tensor<64x!tt.ptr<f8E4M3FN>>, tensor<64xi32>
    %bs_l = tt.load %bs_p : tensor<64x!tt.ptr<f8E4M3FN>>
    %bs = tt.reshape %bs_l : tensor<64xf8E4M3FN> -> tensor<16x4xf8E4M3FN>
    %c = arith.constant dense<0.0> : tensor<16x16xf32>
    %d = tt.dot_scaled %a scale %as, %b scale %bs, %c lhs = e2m1 rhs = e2m1 {fastMath = false} : tensor<16x32xi8>, tensor<16x4xf8E4M3FN> * tensor<32x16xi8>, tensor<16x4xf8E4M3FN> -> tensor<16x16xf32>
    %r256 = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
    %d_f = tt.reshape %d : tensor<16x16xf32> -> tensor<256xf32>
    %d_s = tt.splat %d_ptr : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
    %d_p = tt.addptr %d_s, %r256 : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
    tt.store %d_p, %d_f : tensor<256x!tt.ptr<f32>>
    tt.return
  }

  // bf16 without a scale x fp4 weights (K-packed) with scales.
  tt.func public @bf16_e2m1(%a_ptr: !tt.ptr<bf16> loc("a_ptr"), %b_ptr: !tt.ptr<i8> loc("b_ptr"), %bs_ptr: !tt.ptr<i8> loc("bs_ptr"), %d_ptr: !tt.ptr<f32> loc("d_ptr")) {
    %r1024 = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
    %a_s = tt.splat %a_ptr : !tt.ptr<bf16> -> tensor<1024x!tt.ptr<bf16>>
    %a_p = tt.addptr %a_s, %r1024 : tensor<1024x!tt.ptr<bf16>>, tensor<1024xi32>
    %a_l = tt.load %a_p : tensor<1024x!tt.ptr<bf16>>
    %a = tt.reshape %a_l : tensor<1024xbf16> -> tensor<16x64xbf16>
    %r512 = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32>
    %b_s = tt.splat %b_ptr : !tt.ptr<i8> -> tensor<512x!tt.ptr<i8>>
    %b_p = tt.addptr %b_s, %r512 : tensor<512x!tt.ptr<i8>>, tensor<512xi32>
    %b_l = tt.load %b_p : tensor<512x!tt.ptr<i8>>
    %b = tt.reshape %b_l : tensor<512xi8> -> tensor<32x16xi8>
    %r32 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %bs_s = tt.splat %bs_ptr : !tt.ptr<i8> -> tensor<32x!tt.ptr<i8>>
    %bs_p = tt.addptr %bs_s, %r32 : tensor<32x!tt.ptr<i8>>, tensor<32xi32>
    %bs_l = tt.load %bs_p : tensor<32x!tt.ptr<i8>>
    %bs = tt.reshape %bs_l : tensor<32xi8> -> tensor<16x2xi8>
    %c = arith.constant dense<0.0> : tensor<16x16xf32>
    %d = tt.dot_scaled %a, %b scale %bs, %c lhs = bf16 rhs = e2m1 {fastMath = false} : tensor<16x64xbf16> * tensor<32x16xi8>, tensor<16x2xi8> -> tensor<16x16xf32>
    %r256 = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
    %d_f = tt.reshape %d : tensor<16x16xf32> -> tensor<256xf32>
    %d_s = tt.splat %d_ptr : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
    %d_p = tt.addptr %d_s, %r256 : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
    tt.store %d_p, %d_f : tensor<256x!tt.ptr<f32>>
    tt.return
  }

  // fp4 packed along M (lhs_k_pack = false) x fp8e5m2 as raw i8 bits.
  tt.func public @lhs_m_packed(%a_ptr: !tt.ptr<i8> loc("a_ptr"), %as_ptr: !tt.ptr<i8> loc("as_ptr"), %b_ptr: !tt.ptr<i8> loc("b_ptr"), %bs_ptr: !tt.ptr<i8> loc("bs_ptr"), %d_ptr: !tt.ptr<f32> loc("d_ptr")) {
    %r512 = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32>
    %a_s = tt.splat %a_ptr : !tt.ptr<i8> -> tensor<512x!tt.ptr<i8>>
    %a_p = tt.addptr %a_s, %r512 : tensor<512x!tt.ptr<i8>>, tensor<512xi32>
    %a_l = tt.load %a_p : tensor<512x!tt.ptr<i8>>
    %a = tt.reshape %a_l : tensor<512xi8> -> tensor<8x64xi8>
    %r32 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %as_s = tt.splat %as_ptr : !tt.ptr<i8> -> tensor<32x!tt.ptr<i8>>
    %as_p = tt.addptr %as_s, %r32 : tensor<32x!tt.ptr<i8>>, tensor<32xi32>
    %as_l = tt.load %as_p : tensor<32x!tt.ptr<i8>>
    %as = tt.reshape %as_l : tensor<32xi8> -> tensor<16x2xi8>
    %r1024 = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
    %b_s = tt.splat %b_ptr : !tt.ptr<i8> -> tensor<1024x!tt.ptr<i8>>
    %b_p = tt.addptr %b_s, %r1024 : tensor<1024x!tt.ptr<i8>>, tensor<1024xi32>
    %b_l = tt.load %b_p : tensor<1024x!tt.ptr<i8>>
    %b = tt.reshape %b_l : tensor<1024xi8> -> tensor<64x16xi8>
    %bs_s = tt.splat %bs_ptr : !tt.ptr<i8> -> tensor<32x!tt.ptr<i8>>
    %bs_p = tt.addptr %bs_s, %r32 : tensor<32x!tt.ptr<i8>>, tensor<32xi32>
    %bs_l = tt.load %bs_p : tensor<32x!tt.ptr<i8>>
    %bs = tt.reshape %bs_l : tensor<32xi8> -> tensor<16x2xi8>
    %c = arith.constant dense<0.0> : tensor<16x16xf32>
    %d = tt.dot_scaled %a scale %as, %b scale %bs, %c lhs = e2m1 rhs = e5m2 {fastMath = true, lhs_k_pack = false} : tensor<8x64xi8>, tensor<16x2xi8> * tensor<64x16xi8>, tensor<16x2xi8> -> tensor<16x16xf32>
    %r256 = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
    %d_f = tt.reshape %d : tensor<16x16xf32> -> tensor<256xf32>
    %d_s = tt.splat %d_ptr : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
    %d_p = tt.addptr %d_s, %r256 : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
    tt.store %d_p, %d_f : tensor<256x!tt.ptr<f32>>
    tt.return
  }

  // fp8e4m3 as raw i8 bits x fp4 packed along N (rhs_k_pack = false), rhs unscaled.
  tt.func public @rhs_n_packed(%a_ptr: !tt.ptr<i8> loc("a_ptr"), %as_ptr: !tt.ptr<i8> loc("as_ptr"), %b_ptr: !tt.ptr<i8> loc("b_ptr"), %d_ptr: !tt.ptr<f32> loc("d_ptr")) {
    %r1024 = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
    %a_s = tt.splat %a_ptr : !tt.ptr<i8> -> tensor<1024x!tt.ptr<i8>>
    %a_p = tt.addptr %a_s, %r1024 : tensor<1024x!tt.ptr<i8>>, tensor<1024xi32>
    %a_l = tt.load %a_p : tensor<1024x!tt.ptr<i8>>
    %a = tt.reshape %a_l : tensor<1024xi8> -> tensor<16x64xi8>
    %r32 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %as_s = tt.splat %as_ptr : !tt.ptr<i8> -> tensor<32x!tt.ptr<i8>>
    %as_p = tt.addptr %as_s, %r32 : tensor<32x!tt.ptr<i8>>, tensor<32xi32>
    %as_l = tt.load %as_p : tensor<32x!tt.ptr<i8>>
    %as = tt.reshape %as_l : tensor<32xi8> -> tensor<16x2xi8>
    %r512 = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32>
    %b_s = tt.splat %b_ptr : !tt.ptr<i8> -> tensor<512x!tt.ptr<i8>>
    %b_p = tt.addptr %b_s, %r512 : tensor<512x!tt.ptr<i8>>, tensor<512xi32>
    %b_l = tt.load %b_p : tensor<512x!tt.ptr<i8>>
    %b = tt.reshape %b_l : tensor<512xi8> -> tensor<64x8xi8>
    %c = arith.constant dense<0.0> : tensor<16x16xf32>
    %d = tt.dot_scaled %a scale %as, %b, %c lhs = e4m3 rhs = e2m1 {fastMath = false, rhs_k_pack = false} : tensor<16x64xi8>, tensor<16x2xi8> * tensor<64x8xi8> -> tensor<16x16xf32>
    %r256 = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
    %d_f = tt.reshape %d : tensor<16x16xf32> -> tensor<256xf32>
    %d_s = tt.splat %d_ptr : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
    %d_p = tt.addptr %d_s, %r256 : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
    tt.store %d_p, %d_f : tensor<256x!tt.ptr<f32>>
    tt.return
  }

  // Batched: 2 x (fp4 with scales x fp16 without).
  tt.func public @batched(%a_ptr: !tt.ptr<i8> loc("a_ptr"), %as_ptr: !tt.ptr<i8> loc("as_ptr"), %b_ptr: !tt.ptr<f16> loc("b_ptr"), %d_ptr: !tt.ptr<f32> loc("d_ptr")) {
    %r1024 = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
    %a_s = tt.splat %a_ptr : !tt.ptr<i8> -> tensor<1024x!tt.ptr<i8>>
    %a_p = tt.addptr %a_s, %r1024 : tensor<1024x!tt.ptr<i8>>, tensor<1024xi32>
    %a_l = tt.load %a_p : tensor<1024x!tt.ptr<i8>>
    %a = tt.reshape %a_l : tensor<1024xi8> -> tensor<2x16x32xi8>
    %r64 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %as_s = tt.splat %as_ptr : !tt.ptr<i8> -> tensor<64x!tt.ptr<i8>>
    %as_p = tt.addptr %as_s, %r64 : tensor<64x!tt.ptr<i8>>, tensor<64xi32>
    %as_l = tt.load %as_p : tensor<64x!tt.ptr<i8>>
    %as = tt.reshape %as_l : tensor<64xi8> -> tensor<2x16x2xi8>
    %r2048 = tt.make_range {end = 2048 : i32, start = 0 : i32} : tensor<2048xi32>
    %b_s = tt.splat %b_ptr : !tt.ptr<f16> -> tensor<2048x!tt.ptr<f16>>
    %b_p = tt.addptr %b_s, %r2048 : tensor<2048x!tt.ptr<f16>>, tensor<2048xi32>
    %b_l = tt.load %b_p : tensor<2048x!tt.ptr<f16>>
    %b = tt.reshape %b_l : tensor<2048xf16> -> tensor<2x64x16xf16>
    %c = arith.constant dense<0.0> : tensor<2x16x16xf32>
    %d = tt.dot_scaled %a scale %as, %b, %c lhs = e2m1 rhs = fp16 {fastMath = false} : tensor<2x16x32xi8>, tensor<2x16x2xi8> * tensor<2x64x16xf16> -> tensor<2x16x16xf32>
    %r512 = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32>
    %d_f = tt.reshape %d : tensor<2x16x16xf32> -> tensor<512xf32>
    %d_s = tt.splat %d_ptr : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>>
    %d_p = tt.addptr %d_s, %r512 : tensor<512x!tt.ptr<f32>>, tensor<512xi32>
    tt.store %d_p, %d_f : tensor<512x!tt.ptr<f32>>
    tt.return
  }
}
