// RUN: triton-opt %s -split-input-file -tritonamdgpu-schedule-loops=num_stages=2 | FileCheck %s --check-prefix=TWO
// RUN: triton-opt %s -split-input-file -tritonamdgpu-schedule-loops=num_stages=3 | FileCheck %s --check-prefix=THREE
// RUN: not triton-opt %s -split-input-file -tritonamdgpu-schedule-loops=num_stages=0 2>&1 | FileCheck %s --check-prefix=BAD

// A dot's A tile loaded 16 bytes per thread is fetched ahead: stage 0,
// cluster 0; the dot in the last stage, cluster 1. B, loaded 2 bytes per
// thread (a narrow vector: gfx942 does not fetch those ahead), and every
// other op get no stage here.
// TWO-LABEL: tt.func @wide_and_narrow
// TWO: scf.for
// TWO-NOT: loop.stage
// TWO: tt.load {{.*}} {loop.cluster = 0 : i32, loop.stage = 0 : i32} : tensor<64x32x!tt.ptr<f16>, #[[WIDE:blocked[0-9]*]]>
// TWO-NOT: loop.stage
// TWO: tt.dot {{.*}} {loop.cluster = 1 : i32, loop.stage = 1 : i32}
// TWO-NOT: loop.stage
// TWO: tt.scheduled_max_stage = 1 : i32
// THREE-LABEL: tt.func @wide_and_narrow
// THREE: tt.load {{.*}} {loop.cluster = 0 : i32, loop.stage = 0 : i32}
// THREE: tt.dot {{.*}} {loop.cluster = 1 : i32, loop.stage = 2 : i32}
// THREE: tt.scheduled_max_stage = 2 : i32
// BAD: error: tritonamdgpu-schedule-loops: num_stages must be at least 1, not 0
#bA = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [16, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#bB = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 64], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = true}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @wide_and_narrow(%pa: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %pb: !tt.ptr<f16>, %n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %acc0 = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %aj = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #bA}>>
    %aje = tt.expand_dims %aj {axis = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #bA}>> -> tensor<1x32xi32, #bA>
    %aoff = tt.broadcast %aje : tensor<1x32xi32, #bA> -> tensor<64x32xi32, #bA>
    %pas = tt.splat %pa : !tt.ptr<f16> -> tensor<64x32x!tt.ptr<f16>, #bA>
    %ap0 = tt.addptr %pas, %aoff : tensor<64x32x!tt.ptr<f16>, #bA>, tensor<64x32xi32, #bA>
    %bj = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #bB}>>
    %bje = tt.expand_dims %bj {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #bB}>> -> tensor<1x64xi32, #bB>
    %boff = tt.broadcast %bje : tensor<1x64xi32, #bB> -> tensor<32x64xi32, #bB>
    %pbs = tt.splat %pb : !tt.ptr<f16> -> tensor<32x64x!tt.ptr<f16>, #bB>
    %bp = tt.addptr %pbs, %boff : tensor<32x64x!tt.ptr<f16>, #bB>, tensor<32x64xi32, #bB>
    %step = arith.constant dense<32> : tensor<64x32xi32, #bA>
    %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %acc0, %ap = %ap0) -> (tensor<64x64xf32, #mma>, tensor<64x32x!tt.ptr<f16>, #bA>) : i32 {
      %a = tt.load %ap : tensor<64x32x!tt.ptr<f16>, #bA>
      %b = tt.load %bp : tensor<32x64x!tt.ptr<f16>, #bB>
      %ad = ttg.convert_layout %a : tensor<64x32xf16, #bA> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>
      %bd = ttg.convert_layout %b : tensor<32x64xf16, #bB> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>
      %d = tt.dot %ad, %bd, %acc : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> -> tensor<64x64xf32, #mma>
      %ap1 = tt.addptr %ap, %step : tensor<64x32x!tt.ptr<f16>, #bA>, tensor<64x32xi32, #bA>
      scf.yield %d, %ap1 : tensor<64x64xf32, #mma>, tensor<64x32x!tt.ptr<f16>, #bA>
    }
    tt.return %r#0 : tensor<64x64xf32, #mma>
  }
}

// -----

// An indirect load: row indices (i32, 16 bytes per thread) loaded in the
// loop make the A tile's addresses. With 3 stages the index load is level 1
// in stage 0 and the tile load level 0 in stage 1; with 2 stages there is
// no stage for level 1, so only the tile load is fetched ahead. A loop with
// tt.num_stages = 1 is left alone.
// TWO-LABEL: tt.func @indirect
// TWO: tt.load %{{.*}} : tensor<64x!tt.ptr<i32>
// TWO-NOT: loop.stage
// TWO: tt.load {{.*}} {loop.cluster = 0 : i32, loop.stage = 0 : i32} : tensor<64x32x!tt.ptr<f16>
// TWO: tt.dot {{.*}} {loop.cluster = 1 : i32, loop.stage = 1 : i32}
// TWO: tt.scheduled_max_stage = 1 : i32
// TWO: scf.for
// TWO-NOT: loop.stage
// TWO: tt.num_stages = 1 : i32
// THREE-LABEL: tt.func @indirect
// THREE: tt.load {{.*}} {loop.cluster = 0 : i32, loop.stage = 0 : i32} : tensor<64x!tt.ptr<i32>
// THREE: tt.load {{.*}} {loop.cluster = 0 : i32, loop.stage = 1 : i32} : tensor<64x32x!tt.ptr<f16>
// THREE: tt.dot {{.*}} {loop.cluster = 1 : i32, loop.stage = 2 : i32}
// THREE: tt.scheduled_max_stage = 2 : i32
#bA = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [16, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#bI = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [64], warpsPerCTA = [4], order = [0]}>
#mma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = true}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @indirect(%pa: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %pi: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %b: tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>, %n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %acc0 = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %ii = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #bI>
    %pis = tt.splat %pi : !tt.ptr<i32> -> tensor<64x!tt.ptr<i32>, #bI>
    %ip0 = tt.addptr %pis, %ii : tensor<64x!tt.ptr<i32>, #bI>, tensor<64xi32, #bI>
    %aj = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #bA}>>
    %aje = tt.expand_dims %aj {axis = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #bA}>> -> tensor<1x32xi32, #bA>
    %acol = tt.broadcast %aje : tensor<1x32xi32, #bA> -> tensor<64x32xi32, #bA>
    %pas = tt.splat %pa : !tt.ptr<f16> -> tensor<64x32x!tt.ptr<f16>, #bA>
    %istep = arith.constant dense<64> : tensor<64xi32, #bI>
    %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %acc0, %ip = %ip0) -> (tensor<64x64xf32, #mma>, tensor<64x!tt.ptr<i32>, #bI>) : i32 {
      %rows = tt.load %ip : tensor<64x!tt.ptr<i32>, #bI>
      %rs = ttg.convert_layout %rows : tensor<64xi32, #bI> -> tensor<64xi32, #ttg.slice<{dim = 1, parent = #bA}>>
      %re = tt.expand_dims %rs {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #bA}>> -> tensor<64x1xi32, #bA>
      %c32 = arith.constant dense<32> : tensor<64x1xi32, #bA>
      %rm = arith.muli %re, %c32 : tensor<64x1xi32, #bA>
      %rb = tt.broadcast %rm : tensor<64x1xi32, #bA> -> tensor<64x32xi32, #bA>
      %off = arith.addi %rb, %acol : tensor<64x32xi32, #bA>
      %ap = tt.addptr %pas, %off : tensor<64x32x!tt.ptr<f16>, #bA>, tensor<64x32xi32, #bA>
      %a = tt.load %ap : tensor<64x32x!tt.ptr<f16>, #bA>
      %ad = ttg.convert_layout %a : tensor<64x32xf16, #bA> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>
      %d = tt.dot %ad, %b, %acc : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> -> tensor<64x64xf32, #mma>
      %ip1 = tt.addptr %ip, %istep : tensor<64x!tt.ptr<i32>, #bI>, tensor<64xi32, #bI>
      scf.yield %d, %ip1 : tensor<64x64xf32, #mma>, tensor<64x!tt.ptr<i32>, #bI>
    }
    %s:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %r#0, %ip = %ip0) -> (tensor<64x64xf32, #mma>, tensor<64x!tt.ptr<i32>, #bI>) : i32 {
      %rows = tt.load %ip : tensor<64x!tt.ptr<i32>, #bI>
      %rs = ttg.convert_layout %rows : tensor<64xi32, #bI> -> tensor<64xi32, #ttg.slice<{dim = 1, parent = #bA}>>
      %re = tt.expand_dims %rs {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #bA}>> -> tensor<64x1xi32, #bA>
      %rb = tt.broadcast %re : tensor<64x1xi32, #bA> -> tensor<64x32xi32, #bA>
      %ap = tt.addptr %pas, %rb : tensor<64x32x!tt.ptr<f16>, #bA>, tensor<64x32xi32, #bA>
      %a = tt.load %ap : tensor<64x32x!tt.ptr<f16>, #bA>
      %ad = ttg.convert_layout %a : tensor<64x32xf16, #bA> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>
      %d = tt.dot %ad, %b, %acc : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> -> tensor<64x64xf32, #mma>
      scf.yield %d, %ip : tensor<64x64xf32, #mma>, tensor<64x!tt.ptr<i32>, #bI>
    } {tt.num_stages = 1 : i32}
    tt.return %s#0 : tensor<64x64xf32, #mma>
  }
}
