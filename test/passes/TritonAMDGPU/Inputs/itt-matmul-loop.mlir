// C[64x64] (f32) = A[64xK] * B[Kx64] (f16, K a multiple of 64), one program,
// a loop over K in steps of 64. A is stored column-major (A[m][k] at
// pa + k * 64 + m) and loaded M-contiguous, B row-major and loaded
// N-contiguous: both operands are read along K from LDS, so
// -tritonamdgpu-in-thread-transpose applies to both (each thread has room
// for 2 elements along K). Used by the in-thread-transpose SIMT test.
#bA = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 8], warpsPerCTA = [1, 4], order = [0, 1]}>
#bB = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = true}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func public @mm(%pa: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %pb: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %pc: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %K: i32 {tt.divisibility = 16 : i32}) {
    %c0 = arith.constant 0 : i32
    %c64 = arith.constant 64 : i32
    %acc0 = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    // A's offsets: column * 64 + row.
    %ai = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #bA}>>
    %aie = tt.expand_dims %ai {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #bA}>> -> tensor<64x1xi32, #bA>
    %aj = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #bA}>>
    %aje = tt.expand_dims %aj {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #bA}>> -> tensor<1x64xi32, #bA>
    %c64A = arith.constant dense<64> : tensor<1x64xi32, #bA>
    %acol = arith.muli %aje, %c64A : tensor<1x64xi32, #bA>
    %arowb = tt.broadcast %aie : tensor<64x1xi32, #bA> -> tensor<64x64xi32, #bA>
    %acolb = tt.broadcast %acol : tensor<1x64xi32, #bA> -> tensor<64x64xi32, #bA>
    %aoff = arith.addi %arowb, %acolb : tensor<64x64xi32, #bA>
    %pas = tt.splat %pa : !tt.ptr<f16> -> tensor<64x64x!tt.ptr<f16>, #bA>
    %aptr0 = tt.addptr %pas, %aoff : tensor<64x64x!tt.ptr<f16>, #bA>, tensor<64x64xi32, #bA>
    // B's offsets: row * 64 + column.
    %bi = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #bB}>>
    %bie = tt.expand_dims %bi {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #bB}>> -> tensor<64x1xi32, #bB>
    %c64B = arith.constant dense<64> : tensor<64x1xi32, #bB>
    %brow = arith.muli %bie, %c64B : tensor<64x1xi32, #bB>
    %bj = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #bB}>>
    %bje = tt.expand_dims %bj {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #bB}>> -> tensor<1x64xi32, #bB>
    %browb = tt.broadcast %brow : tensor<64x1xi32, #bB> -> tensor<64x64xi32, #bB>
    %bcolb = tt.broadcast %bje : tensor<1x64xi32, #bB> -> tensor<64x64xi32, #bB>
    %boff = arith.addi %browb, %bcolb : tensor<64x64xi32, #bB>
    %pbs = tt.splat %pb : !tt.ptr<f16> -> tensor<64x64x!tt.ptr<f16>, #bB>
    %bptr0 = tt.addptr %pbs, %boff : tensor<64x64x!tt.ptr<f16>, #bB>, tensor<64x64xi32, #bB>
    %astep = arith.constant dense<4096> : tensor<64x64xi32, #bA>
    %bstep = arith.constant dense<4096> : tensor<64x64xi32, #bB>
    %res:3 = scf.for %k = %c0 to %K step %c64 iter_args(%acc = %acc0, %ap = %aptr0, %bp = %bptr0) -> (tensor<64x64xf32, #mma>, tensor<64x64x!tt.ptr<f16>, #bA>, tensor<64x64x!tt.ptr<f16>, #bB>) : i32 {
      %a = tt.load %ap : tensor<64x64x!tt.ptr<f16>, #bA>
      %b = tt.load %bp : tensor<64x64x!tt.ptr<f16>, #bB>
      %ad = ttg.convert_layout %a : tensor<64x64xf16, #bA> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>
      %bd = ttg.convert_layout %b : tensor<64x64xf16, #bB> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>
      %d = tt.dot %ad, %bd, %acc : tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> * tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> -> tensor<64x64xf32, #mma>
      %ap1 = tt.addptr %ap, %astep : tensor<64x64x!tt.ptr<f16>, #bA>, tensor<64x64xi32, #bA>
      %bp1 = tt.addptr %bp, %bstep : tensor<64x64x!tt.ptr<f16>, #bB>, tensor<64x64xi32, #bB>
      scf.yield %d, %ap1, %bp1 : tensor<64x64xf32, #mma>, tensor<64x64x!tt.ptr<f16>, #bA>, tensor<64x64x!tt.ptr<f16>, #bB>
    }
    // C's offsets in the MFMA layout: row * 64 + column.
    %ci = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #mma}>>
    %cie = tt.expand_dims %ci {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #mma}>> -> tensor<64x1xi32, #mma>
    %c64C = arith.constant dense<64> : tensor<64x1xi32, #mma>
    %crow = arith.muli %cie, %c64C : tensor<64x1xi32, #mma>
    %cj = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #mma}>>
    %cje = tt.expand_dims %cj {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #mma}>> -> tensor<1x64xi32, #mma>
    %crowb = tt.broadcast %crow : tensor<64x1xi32, #mma> -> tensor<64x64xi32, #mma>
    %ccolb = tt.broadcast %cje : tensor<1x64xi32, #mma> -> tensor<64x64xi32, #mma>
    %coff = arith.addi %crowb, %ccolb : tensor<64x64xi32, #mma>
    %pcs = tt.splat %pc : !tt.ptr<f32> -> tensor<64x64x!tt.ptr<f32>, #mma>
    %cptr = tt.addptr %pcs, %coff : tensor<64x64x!tt.ptr<f32>, #mma>, tensor<64x64xi32, #mma>
    tt.store %cptr, %res#0 : tensor<64x64x!tt.ptr<f32>, #mma>
    tt.return
  }
}
