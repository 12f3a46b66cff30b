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

// -----

// Fewer stages where the kernel would not fit in LDS (64 KiB on gfx942),
// counting every buffer and scratch live in the loop, not only the stream
// buffers. A and B (16 KiB each) take 2 slots each at 3 stages (64 KiB):
// with the 16 KiB tile held in LDS across the loop that is 80 KiB, so the
// loop gets 2 stages (one slot each, 48 KiB).
// TWO-LABEL: tt.func @held_tile
// TWO: tt.load {{.*}} {loop.cluster = 0 : i32, loop.stage = 0 : i32} : tensor<128x64x!tt.ptr<f16>
// TWO: tt.scheduled_max_stage = 1 : i32
// THREE-LABEL: tt.func @held_tile
// THREE: tt.load {{.*}} {loop.cluster = 0 : i32, loop.stage = 0 : i32} : tensor<128x64x!tt.ptr<f16>
// THREE: tt.load {{.*}} {loop.cluster = 0 : i32, loop.stage = 0 : i32} : tensor<64x128x!tt.ptr<f16>
// THREE: tt.dot {{.*}} {loop.cluster = 1 : i32, loop.stage = 1 : i32}
// THREE: tt.scheduled_max_stage = 1 : i32
#bA = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#bB = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = true}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @held_tile(%pa: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %pb: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %held: tensor<128x64xf16, #bA>, %n: i32) -> (tensor<128x128xf32, #mma>, tensor<128x64xf16, #bA>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %acc0 = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %buf = ttg.local_alloc %held : (tensor<128x64xf16, #bA>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
    %aj = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #bA}>>
    %aje = tt.expand_dims %aj {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #bA}>> -> tensor<1x64xi32, #bA>
    %aoff = tt.broadcast %aje : tensor<1x64xi32, #bA> -> tensor<128x64xi32, #bA>
    %pas = tt.splat %pa : !tt.ptr<f16> -> tensor<128x64x!tt.ptr<f16>, #bA>
    %ap0 = tt.addptr %pas, %aoff : tensor<128x64x!tt.ptr<f16>, #bA>, tensor<128x64xi32, #bA>
    %bj = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #bB}>>
    %bje = tt.expand_dims %bj {axis = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #bB}>> -> tensor<1x128xi32, #bB>
    %boff = tt.broadcast %bje : tensor<1x128xi32, #bB> -> tensor<64x128xi32, #bB>
    %pbs = tt.splat %pb : !tt.ptr<f16> -> tensor<64x128x!tt.ptr<f16>, #bB>
    %bp0 = tt.addptr %pbs, %boff : tensor<64x128x!tt.ptr<f16>, #bB>, tensor<64x128xi32, #bB>
    %astep = arith.constant dense<64> : tensor<128x64xi32, #bA>
    %bstep = arith.constant dense<128> : tensor<64x128xi32, #bB>
    %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %acc0, %ap = %ap0, %bp = %bp0) -> (tensor<128x128xf32, #mma>, tensor<128x64x!tt.ptr<f16>, #bA>, tensor<64x128x!tt.ptr<f16>, #bB>) : i32 {
      %a = tt.load %ap : tensor<128x64x!tt.ptr<f16>, #bA>
      %b = tt.load %bp : tensor<64x128x!tt.ptr<f16>, #bB>
      %ad = ttg.convert_layout %a : tensor<128x64xf16, #bA> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>
      %bd = ttg.convert_layout %b : tensor<64x128xf16, #bB> -> tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>
      %d = tt.dot %ad, %bd, %acc : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> * tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> -> tensor<128x128xf32, #mma>
      %ap1 = tt.addptr %ap, %astep : tensor<128x64x!tt.ptr<f16>, #bA>, tensor<128x64xi32, #bA>
      %bp1 = tt.addptr %bp, %bstep : tensor<64x128x!tt.ptr<f16>, #bB>, tensor<64x128xi32, #bB>
      scf.yield %d, %ap1, %bp1 : tensor<128x128xf32, #mma>, tensor<128x64x!tt.ptr<f16>, #bA>, tensor<64x128x!tt.ptr<f16>, #bB>
    }
    %back = ttg.local_load %buf : !ttg.memdesc<128x64xf16, #shared, #smem> -> tensor<128x64xf16, #bA>
    tt.return %r#0, %back : tensor<128x128xf32, #mma>, tensor<128x64xf16, #bA>
  }
}

// -----

// A and B of 32 KiB each fill LDS with one slot each, at 2 stages: their
// conversions to dot operands become reads of those slots, so their
// scratch does not count; at 3 stages (128 KiB) the loop gets 2.
// TWO-LABEL: tt.func @exact_fit
// TWO: tt.scheduled_max_stage = 1 : i32
// THREE-LABEL: tt.func @exact_fit
// THREE: tt.dot {{.*}} {loop.cluster = 1 : i32, loop.stage = 1 : i32}
// THREE: tt.scheduled_max_stage = 1 : i32
#bA = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#bB = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = true}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @exact_fit(%pa: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %pb: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %n: i32) -> (tensor<256x256xf32, #mma>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %acc0 = arith.constant dense<0.000000e+00> : tensor<256x256xf32, #mma>
    %aj = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #bA}>>
    %aje = tt.expand_dims %aj {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #bA}>> -> tensor<1x64xi32, #bA>
    %aoff = tt.broadcast %aje : tensor<1x64xi32, #bA> -> tensor<256x64xi32, #bA>
    %pas = tt.splat %pa : !tt.ptr<f16> -> tensor<256x64x!tt.ptr<f16>, #bA>
    %ap0 = tt.addptr %pas, %aoff : tensor<256x64x!tt.ptr<f16>, #bA>, tensor<256x64xi32, #bA>
    %bj = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #ttg.slice<{dim = 0, parent = #bB}>>
    %bje = tt.expand_dims %bj {axis = 0 : i32} : tensor<256xi32, #ttg.slice<{dim = 0, parent = #bB}>> -> tensor<1x256xi32, #bB>
    %boff = tt.broadcast %bje : tensor<1x256xi32, #bB> -> tensor<64x256xi32, #bB>
    %pbs = tt.splat %pb : !tt.ptr<f16> -> tensor<64x256x!tt.ptr<f16>, #bB>
    %bp0 = tt.addptr %pbs, %boff : tensor<64x256x!tt.ptr<f16>, #bB>, tensor<64x256xi32, #bB>
    %astep = arith.constant dense<64> : tensor<256x64xi32, #bA>
    %bstep = arith.constant dense<256> : tensor<64x256xi32, #bB>
    %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %acc0, %ap = %ap0, %bp = %bp0) -> (tensor<256x256xf32, #mma>, tensor<256x64x!tt.ptr<f16>, #bA>, tensor<64x256x!tt.ptr<f16>, #bB>) : i32 {
      %a = tt.load %ap : tensor<256x64x!tt.ptr<f16>, #bA>
      %b = tt.load %bp : tensor<64x256x!tt.ptr<f16>, #bB>
      %ad = ttg.convert_layout %a : tensor<256x64xf16, #bA> -> tensor<256x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>
      %bd = ttg.convert_layout %b : tensor<64x256xf16, #bB> -> tensor<64x256xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>
      %d = tt.dot %ad, %bd, %acc : tensor<256x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> * tensor<64x256xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> -> tensor<256x256xf32, #mma>
      %ap1 = tt.addptr %ap, %astep : tensor<256x64x!tt.ptr<f16>, #bA>, tensor<256x64xi32, #bA>
      %bp1 = tt.addptr %bp, %bstep : tensor<64x256x!tt.ptr<f16>, #bB>, tensor<64x256xi32, #bB>
      scf.yield %d, %ap1, %bp1 : tensor<256x256xf32, #mma>, tensor<256x64x!tt.ptr<f16>, #bA>, tensor<64x256x!tt.ptr<f16>, #bB>
    }
    tt.return %r#0 : tensor<256x256xf32, #mma>
  }
}

// -----

// With 40 KiB held in LDS across the loop, even one slot each for A and B
// (32 KiB) does not fit: the loop is not pipelined.
// TWO-LABEL: tt.func @no_room
// TWO-NOT: loop.stage
// TWO-NOT: tt.scheduled_max_stage
// TWO: tt.return
// THREE-LABEL: tt.func @no_room
// THREE-NOT: loop.stage
// THREE-NOT: tt.scheduled_max_stage
// THREE: tt.return
#bA = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#bB = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = true}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @no_room(%pa: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %pb: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %n: i32) -> (tensor<128x128xf32, #mma>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %acc0 = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %buf = ttg.local_alloc : () -> !ttg.memdesc<10240xf32, #shared, #smem, mutable>
    %aj = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #bA}>>
    %aje = tt.expand_dims %aj {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #bA}>> -> tensor<1x64xi32, #bA>
    %aoff = tt.broadcast %aje : tensor<1x64xi32, #bA> -> tensor<128x64xi32, #bA>
    %pas = tt.splat %pa : !tt.ptr<f16> -> tensor<128x64x!tt.ptr<f16>, #bA>
    %ap0 = tt.addptr %pas, %aoff : tensor<128x64x!tt.ptr<f16>, #bA>, tensor<128x64xi32, #bA>
    %bj = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #bB}>>
    %bje = tt.expand_dims %bj {axis = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #bB}>> -> tensor<1x128xi32, #bB>
    %boff = tt.broadcast %bje : tensor<1x128xi32, #bB> -> tensor<64x128xi32, #bB>
    %pbs = tt.splat %pb : !tt.ptr<f16> -> tensor<64x128x!tt.ptr<f16>, #bB>
    %bp0 = tt.addptr %pbs, %boff : tensor<64x128x!tt.ptr<f16>, #bB>, tensor<64x128xi32, #bB>
    %astep = arith.constant dense<64> : tensor<128x64xi32, #bA>
    %bstep = arith.constant dense<128> : tensor<64x128xi32, #bB>
    %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %acc0, %ap = %ap0, %bp = %bp0) -> (tensor<128x128xf32, #mma>, tensor<128x64x!tt.ptr<f16>, #bA>, tensor<64x128x!tt.ptr<f16>, #bB>) : i32 {
      %a = tt.load %ap : tensor<128x64x!tt.ptr<f16>, #bA>
      %b = tt.load %bp : tensor<64x128x!tt.ptr<f16>, #bB>
      %ad = ttg.convert_layout %a : tensor<128x64xf16, #bA> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>
      %bd = ttg.convert_layout %b : tensor<64x128xf16, #bB> -> tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>
      %d = tt.dot %ad, %bd, %acc : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> * tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> -> tensor<128x128xf32, #mma>
      %ap1 = tt.addptr %ap, %astep : tensor<128x64x!tt.ptr<f16>, #bA>, tensor<128x64xi32, #bA>
      %bp1 = tt.addptr %bp, %bstep : tensor<64x128x!tt.ptr<f16>, #bB>, tensor<64x128xi32, #bB>
      scf.yield %d, %ap1, %bp1 : tensor<128x128xf32, #mma>, tensor<128x64x!tt.ptr<f16>, #bA>, tensor<64x128x!tt.ptr<f16>, #bB>
    }
    ttg.local_dealloc %buf : !ttg.memdesc<10240xf32, #shared, #smem, mutable>
    tt.return %r#0 : tensor<128x128xf32, #mma>
  }
}
