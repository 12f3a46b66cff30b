// RUN: triton-opt %s -split-input-file -triton-nvidia-gpu-plan-cta -verify-diagnostics | FileCheck %s

// The tutorial matmul's tile (128 x 256) on two CTAs: N is split (two 128
// chunks), A is copied into both CTAs (whole along K), B split along N; the
// loads take those tilings with their threads spread over each CTA's tile
// (B's 64 x 128 tile: 2 x 16 lanes), and the store the accumulator's.
// CHECK-DAG: #[[D:.*]] = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = {{\[\[}}0, 1]]}>
// CHECK-DAG: #[[A:.*]] = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = {{\[\[}}0, 0]]}>
// CHECK-DAG: #[[B:.*]] = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = {{\[\[}}0, 1]]}>
// CHECK-LABEL: tt.func @dot_128x256
// CHECK: %[[CST:.*]] = arith.constant dense<0.000000e+00> : tensor<128x256xf32, #[[D]]>
// CHECK: %[[X:.*]] = tt.load %{{.*}} : tensor<128x64x!tt.ptr<f16>, #[[A]]>
// CHECK: %[[Y:.*]] = tt.load %{{.*}} : tensor<64x256x!tt.ptr<f16>, #[[B]]>
// CHECK: %[[XA:.*]] = ttg.convert_layout %[[X]] : tensor<128x64xf16, #[[A]]> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #[[D]]}>>
// CHECK: %[[YB:.*]] = ttg.convert_layout %[[Y]] : tensor<64x256xf16, #[[B]]> -> tensor<64x256xf16, #ttg.dot_op<{opIdx = 1, parent = #[[D]]}>>
// CHECK: %[[DOT:.*]] = tt.dot %[[XA]], %[[YB]], %[[CST]] : {{.*}} -> tensor<128x256xf32, #[[D]]>
// CHECK: %[[OUT:.*]] = ttg.convert_layout %[[DOT]] : tensor<128x256xf32, #[[D]]> -> tensor<128x256xf32, #[[B]]>
// CHECK: tt.store %{{.*}}, %[[OUT]] : tensor<128x256x!tt.ptr<f32>, #[[B]]>
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1, 0]]}>
#blocked1 = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1, 0]]}>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @dot_128x256(%a: tensor<128x64x!tt.ptr<f16>, #blocked>, %b: tensor<64x256x!tt.ptr<f16>, #blocked>, %c: tensor<128x256x!tt.ptr<f32>, #blocked>) {
    %cst = arith.constant dense<0.000000e+00> : tensor<128x256xf32, #blocked1>
    %x = tt.load %a : tensor<128x64x!tt.ptr<f16>, #blocked>
    %y = tt.load %b : tensor<64x256x!tt.ptr<f16>, #blocked>
    %xa = ttg.convert_layout %x : tensor<128x64xf16, #blocked> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked1}>>
    %yb = ttg.convert_layout %y : tensor<64x256xf16, #blocked> -> tensor<64x256xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked1}>>
    %d = tt.dot %xa, %yb, %cst : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked1}>> * tensor<64x256xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked1}>> -> tensor<128x256xf32, #blocked1>
    %e = ttg.convert_layout %d : tensor<128x256xf32, #blocked1> -> tensor<128x256xf32, #blocked>
    tt.store %c, %e : tensor<128x256x!tt.ptr<f32>, #blocked>
    tt.return
  }
}

// -----

// 128 x 128 on four CTAs: rows in chunks of 128 would leave 32-column
// chunks, so 64-row chunks: 2 x 2 CTAs, the CTA id's first bit along N.
// CHECK: #[[D:.*]] = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = {{\[\[}}0, 1], [1, 0]]}>
// CHECK-LABEL: tt.func @dot_128x128_4ctas
// CHECK: tt.dot {{.*}} -> tensor<128x128xf32, #[[D]]>
// CHECK: tt.store {{.*}} : tensor<128x128x!tt.ptr<f32>, #[[D]]>
#blocked1 = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1, 0], [2, 0]]}>
module attributes {"ttg.num-ctas" = 4 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @dot_128x128_4ctas(%a: tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked1}>>, %b: tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked1}>>, %c: tensor<128x128x!tt.ptr<f32>, #blocked1>) {
    %cst = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #blocked1>
    %d = tt.dot %a, %b, %cst : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked1}>> * tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked1}>> -> tensor<128x128xf32, #blocked1>
    tt.store %c, %d : tensor<128x128x!tt.ptr<f32>, #blocked1>
    tt.return
  }
}

// -----

// A tall 512 x 64 tile on four CTAs: M split four ways (128 rows each), N
// whole.
// CHECK: #[[D:.*]] = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = {{\[\[}}1, 0], [2, 0]]}>
// CHECK-LABEL: tt.func @dot_512x64_4ctas
// CHECK: tt.dot {{.*}} -> tensor<512x64xf32, #[[D]]>
#blocked1 = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1, 0], [2, 0]]}>
module attributes {"ttg.num-ctas" = 4 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @dot_512x64_4ctas(%a: tensor<512x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked1}>>, %b: tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked1}>>, %c: tensor<512x64x!tt.ptr<f32>, #blocked1>) {
    %cst = arith.constant dense<0.000000e+00> : tensor<512x64xf32, #blocked1>
    %d = tt.dot %a, %b, %cst : tensor<512x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked1}>> * tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked1}>> -> tensor<512x64xf32, #blocked1>
    tt.store %c, %d : tensor<512x64x!tt.ptr<f32>, #blocked1>
    tt.return
  }
}

// -----

// A dot in a loop: the accumulator is carried in the dot's tiling, and so is
// B's pointer (its increment too); A's pointer, read whole by each CTA,
// is converted once in the loop (remove-layout-conversions hoists it).
// CHECK-DAG: #[[D:.*]] = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = {{\[\[}}0, 1]]}>
// CHECK-DAG: #[[B:.*]] = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = {{\[\[}}0, 1]]}>
// CHECK-DAG: #[[A:.*]] = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = {{\[\[}}0, 0]]}>
// CHECK-LABEL: tt.func @dot_in_loop
// CHECK: %[[CST:.*]] = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #[[D]]>
// CHECK: %[[STEP:.*]] = arith.constant dense<64> : tensor<64x128xi32, #[[B]]>
// CHECK: %[[B0:.*]] = ttg.convert_layout %{{.*}} -> tensor<64x128x!tt.ptr<f16>, #[[B]]>
// CHECK: %[[R:.*]]:2 = scf.for {{.*}} iter_args(%[[ACC:.*]] = %[[CST]], %[[BP:.*]] = %[[B0]]) -> (tensor<128x128xf32, #[[D]]>, tensor<64x128x!tt.ptr<f16>, #[[B]]>)
// CHECK: tt.load %{{.*}} : tensor<128x64x!tt.ptr<f16>, #[[A]]>
// CHECK: tt.load %[[BP]] : tensor<64x128x!tt.ptr<f16>, #[[B]]>
// CHECK: %[[DOT:.*]] = tt.dot %{{.*}}, %{{.*}}, %[[ACC]] : {{.*}} -> tensor<128x128xf32, #[[D]]>
// CHECK: %[[NEXT:.*]] = tt.addptr %[[BP]], %[[STEP]] : tensor<64x128x!tt.ptr<f16>, #[[B]]>, tensor<64x128xi32, #[[B]]>
// CHECK: scf.yield %[[DOT]], %[[NEXT]] : tensor<128x128xf32, #[[D]]>, tensor<64x128x!tt.ptr<f16>, #[[B]]>
// CHECK: ttg.convert_layout %[[R]]#0 : tensor<128x128xf32, #[[D]]> -> tensor<128x128xf32, #[[B]]>
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1, 0]]}>
#blocked1 = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1, 0]]}>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @dot_in_loop(%a: tensor<128x64x!tt.ptr<f16>, #blocked>, %b: tensor<64x128x!tt.ptr<f16>, #blocked>, %c: tensor<128x128x!tt.ptr<f32>, #blocked>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %cst = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #blocked>
    %step = arith.constant dense<64> : tensor<64x128xi32, #blocked>
    %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %cst, %bp = %b) -> (tensor<128x128xf32, #blocked>, tensor<64x128x!tt.ptr<f16>, #blocked>) : i32 {
      %x = tt.load %a : tensor<128x64x!tt.ptr<f16>, #blocked>
      %y = tt.load %bp : tensor<64x128x!tt.ptr<f16>, #blocked>
      %xa = ttg.convert_layout %x : tensor<128x64xf16, #blocked> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked1}>>
      %yb = ttg.convert_layout %y : tensor<64x128xf16, #blocked> -> tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked1}>>
      %acc1 = ttg.convert_layout %acc : tensor<128x128xf32, #blocked> -> tensor<128x128xf32, #blocked1>
      %d = tt.dot %xa, %yb, %acc1 : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked1}>> * tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked1}>> -> tensor<128x128xf32, #blocked1>
      %d1 = ttg.convert_layout %d : tensor<128x128xf32, #blocked1> -> tensor<128x128xf32, #blocked>
      %bn = tt.addptr %bp, %step : tensor<64x128x!tt.ptr<f16>, #blocked>, tensor<64x128xi32, #blocked>
      scf.yield %d1, %bn : tensor<128x128xf32, #blocked>, tensor<64x128x!tt.ptr<f16>, #blocked>
    }
    tt.store %c, %r#0 : tensor<128x128x!tt.ptr<f32>, #blocked>
    tt.return
  }
}

// -----

// Reductions never split their axis. Along rows on four CTAs: the rows are
// split four ways, which is already the default tiling (nothing changes).
// Along columns: the 64 columns (8 per thread) split four ways, the load's
// threads spread over each CTA's 128 x 16 tile; the result, a slice, is
// converted for the store of the vector.
// CHECK-DAG: #[[ROWS:.*]] = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = {{\[\[}}1, 0], [2, 0]]}>
// CHECK-DAG: #[[COLS:.*]] = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = {{\[\[}}0, 1], [0, 2]]}>
// CHECK-LABEL: tt.func @reduce_rows
// CHECK-NOT: ttg.convert_layout
// CHECK: tt.reduce
// CHECK: (tensor<128x64xf32, #[[ROWS]]>) -> tensor<128xf32, #ttg.slice<{dim = 1, parent = #[[ROWS]]}>>
// CHECK-NOT: ttg.convert_layout
// CHECK-LABEL: tt.func @reduce_columns
// CHECK: tt.load %{{.*}} : tensor<128x64x!tt.ptr<f32>, #[[COLS]]>
// CHECK: tt.reduce
// CHECK: (tensor<128x64xf32, #[[COLS]]>) -> tensor<64xf32, #ttg.slice<{dim = 0, parent = #[[COLS]]}>>
// CHECK: ttg.convert_layout %{{.*}} : tensor<64xf32, #ttg.slice<{dim = 0, parent = #[[COLS]]}>> -> tensor<64xf32, #ttg.slice<{dim = 0, parent = #{{.*}}}>>
// CHECK: tt.store
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1, 0], [2, 0]]}>
module attributes {"ttg.num-ctas" = 4 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @reduce_rows(%p: tensor<128x64x!tt.ptr<f32>, #blocked>, %q: tensor<128x!tt.ptr<f32>, #ttg.slice<{dim = 1, parent = #blocked}>>) {
    %x = tt.load %p : tensor<128x64x!tt.ptr<f32>, #blocked>
    %s = "tt.reduce"(%x) <{axis = 1 : i32}> ({
    ^bb0(%l: f32, %r: f32):
      %t = arith.addf %l, %r : f32
      tt.reduce.return %t : f32
    }) : (tensor<128x64xf32, #blocked>) -> tensor<128xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
    tt.store %q, %s : tensor<128x!tt.ptr<f32>, #ttg.slice<{dim = 1, parent = #blocked}>>
    tt.return
  }
  tt.func @reduce_columns(%p: tensor<128x64x!tt.ptr<f32>, #blocked>, %q: tensor<64x!tt.ptr<f32>, #ttg.slice<{dim = 0, parent = #blocked}>>) {
    %x = tt.load %p : tensor<128x64x!tt.ptr<f32>, #blocked>
    %s = "tt.reduce"(%x) <{axis = 0 : i32}> ({
    ^bb0(%l: f32, %r: f32):
      %t = arith.maxnumf %l, %r : f32
      tt.reduce.return %t : f32
    }) : (tensor<128x64xf32, #blocked>) -> tensor<64xf32, #ttg.slice<{dim = 0, parent = #blocked}>>
    tt.store %q, %s : tensor<64x!tt.ptr<f32>, #ttg.slice<{dim = 0, parent = #blocked}>>
    tt.return
  }
}

// -----

// A 1-D reduction on two CTAs: nothing to split but the axis, so both CTAs
// hold the whole vector (CGALayout [[0]]) and reduce it; the load, the
// pointers and the range follow. An elementwise kernel without dot or
// reduction keeps its first store's tiling: nothing changes.
// CHECK-DAG: #[[COPY:.*]] = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0], CGALayout = {{\[\[}}0]]}>
// CHECK-DAG: #[[SPLIT:.*]] = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0], CGALayout = {{\[\[}}1]]}>
// CHECK-LABEL: tt.func @sum_1d
// CHECK: tt.make_range {{.*}} : tensor<1024xi32, #[[COPY]]>
// CHECK: tt.splat {{.*}} -> tensor<1024x!tt.ptr<f32>, #[[COPY]]>
// CHECK: tt.load {{.*}} : tensor<1024x!tt.ptr<f32>, #[[COPY]]>
// CHECK: (tensor<1024xf32, #[[COPY]]>) -> f32
// CHECK-LABEL: tt.func @add
// CHECK-NOT: ttg.convert_layout
// CHECK: tt.store {{.*}} : tensor<1024x!tt.ptr<f32>, #[[SPLIT]]>
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0], CGALayout = [[1]]}>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @sum_1d(%p: !tt.ptr<f32>, %q: !tt.ptr<f32>) {
    %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
    %s = tt.splat %p : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
    %a = tt.addptr %s, %r : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    %x = tt.load %a : tensor<1024x!tt.ptr<f32>, #blocked>
    %t = "tt.reduce"(%x) <{axis = 0 : i32}> ({
    ^bb0(%l: f32, %m: f32):
      %u = arith.addf %l, %m : f32
      tt.reduce.return %u : f32
    }) : (tensor<1024xf32, #blocked>) -> f32
    tt.store %q, %t : !tt.ptr<f32>
    tt.return
  }
  tt.func @add(%p: !tt.ptr<f32>, %q: !tt.ptr<f32>) {
    %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
    %s = tt.splat %p : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
    %a = tt.addptr %s, %r : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    %x = tt.load %a : tensor<1024x!tt.ptr<f32>, #blocked>
    %y = arith.addf %x, %x : tensor<1024xf32, #blocked>
    %o = tt.splat %q : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
    %b = tt.addptr %o, %r : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    tt.store %b, %y : tensor<1024x!tt.ptr<f32>, #blocked>
    tt.return
  }
}

// -----

// Without dot or reduction, stores of another rank than the first keep their
// own CTA layout (the first store's is 2-D); each is laid out over its CTA's
// tile (the 64 x 64 tile's 32 x 64 half: 2 x 16 lanes).
// CHECK-DAG: #[[VEC:.*]] = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0], CGALayout = {{\[\[}}1]]}>
// CHECK-DAG: #[[TILE:.*]] = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = {{\[\[}}1, 0]]}>
// CHECK-LABEL: tt.func @two_ranks
// CHECK: tt.store %{{.*}}, %{{.*}} : tensor<64x64x!tt.ptr<f32>, #[[TILE]]>
// CHECK: tt.store %{{.*}}, %{{.*}} : tensor<512x!tt.ptr<f32>, #[[VEC]]>
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1, 0]]}>
#blocked1 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0], CGALayout = [[1]]}>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @two_ranks(%p: tensor<64x64x!tt.ptr<f32>, #blocked>, %x: tensor<64x64xf32, #blocked>, %q: tensor<512x!tt.ptr<f32>, #blocked1>, %y: tensor<512xf32, #blocked1>) {
    tt.store %p, %x : tensor<64x64x!tt.ptr<f32>, #blocked>
    tt.store %q, %y : tensor<512x!tt.ptr<f32>, #blocked1>
    tt.return
  }
}

// -----

// One CTA: the pass leaves the module alone.
// CHECK-LABEL: tt.func @one_cta
// CHECK: tt.dot {{.*}} -> tensor<128x256xf32, #blocked>
#blocked = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @one_cta(%a: tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<64x256xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<128x256x!tt.ptr<f32>, #blocked>) {
    %cst = arith.constant dense<0.000000e+00> : tensor<128x256xf32, #blocked>
    %d = tt.dot %a, %b, %cst : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<64x256xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<128x256xf32, #blocked>
    tt.store %c, %d : tensor<128x256x!tt.ptr<f32>, #blocked>
    tt.return
  }
}

// -----

// The pass runs right after coalesce: a dot already on MMA layouts is
// refused at its location.
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], CGALayout = [[1, 0]], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @after_accelerate_matmul(%a: tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %b: tensor<64x256xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %c: tensor<128x256xf32, #mma>) -> tensor<128x256xf32, #mma> {
    // expected-error @+1 {{triton-nvidia-gpu-plan-cta expects a dot with a #ttg.blocked result and #ttg.dot_op operands (it runs right after tritongpu-coalesce)}}
    %d = tt.dot %a, %b, %c : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<64x256xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<128x256xf32, #mma>
    tt.return %d : tensor<128x256xf32, #mma>
  }
}
