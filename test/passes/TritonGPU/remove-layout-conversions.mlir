// RUN: triton-opt %s -split-input-file -tritongpu-remove-layout-conversions | FileCheck %s

// The vector add after coalescing: the address arithmetic is computed again
// in the loads' layout, the add runs there, and no conversion is left.
// CHECK-LABEL: tt.func public @vector_add
// CHECK-NOT: ttg.convert_layout
// CHECK: tt.load %{{.*}}, %{{.*}} : tensor<1024x!tt.ptr<f32>, #[[L:.*]]>
// CHECK: arith.addf %{{.*}}, %{{.*}} : tensor<1024xf32, #[[L]]>
// CHECK: tt.store %{{.*}}, %{{.*}}, %{{.*}} : tensor<1024x!tt.ptr<f32>, #[[L]]>
// CHECK-NOT: ttg.convert_layout
#b1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b4 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @vector_add(%x: !tt.ptr<f32>, %y: !tt.ptr<f32>, %n: i32) {
    %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #b1>
    %ns = tt.splat %n : i32 -> tensor<1024xi32, #b1>
    %m = arith.cmpi slt, %r, %ns : tensor<1024xi32, #b1>
    %xs = tt.splat %x : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #b1>
    %xp = tt.addptr %xs, %r : tensor<1024x!tt.ptr<f32>, #b1>, tensor<1024xi32, #b1>
    %ys = tt.splat %y : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #b1>
    %yp = tt.addptr %ys, %r : tensor<1024x!tt.ptr<f32>, #b1>, tensor<1024xi32, #b1>
    %xp4 = ttg.convert_layout %xp : tensor<1024x!tt.ptr<f32>, #b1> -> tensor<1024x!tt.ptr<f32>, #b4>
    %m4 = ttg.convert_layout %m : tensor<1024xi1, #b1> -> tensor<1024xi1, #b4>
    %a4 = tt.load %xp4, %m4 : tensor<1024x!tt.ptr<f32>, #b4>
    %a = ttg.convert_layout %a4 : tensor<1024xf32, #b4> -> tensor<1024xf32, #b1>
    %yp4 = ttg.convert_layout %yp : tensor<1024x!tt.ptr<f32>, #b1> -> tensor<1024x!tt.ptr<f32>, #b4>
    %b4 = tt.load %yp4, %m4 : tensor<1024x!tt.ptr<f32>, #b4>
    %b = ttg.convert_layout %b4 : tensor<1024xf32, #b4> -> tensor<1024xf32, #b1>
    %s = arith.addf %a, %b : tensor<1024xf32, #b1>
    %s4 = ttg.convert_layout %s : tensor<1024xf32, #b1> -> tensor<1024xf32, #b4>
    tt.store %xp4, %s4, %m4 : tensor<1024x!tt.ptr<f32>, #b4>
    tt.return
  }
}

// -----

// A reduce takes the loaded value in its own layout.
// CHECK-LABEL: tt.func public @reduce
// CHECK: %[[V:.*]] = tt.load %{{.*}} : tensor<256x!tt.ptr<f32>, #[[L:.*]]>
// CHECK-NOT: ttg.convert_layout
// CHECK: "tt.reduce"(%[[V]])
// CHECK: (tensor<256xf32, #[[L]]>) -> f32
#b1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b2 = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @reduce(%p: tensor<256x!tt.ptr<f32>, #b2>) -> f32 {
    %v = tt.load %p : tensor<256x!tt.ptr<f32>, #b2>
    %c = ttg.convert_layout %v : tensor<256xf32, #b2> -> tensor<256xf32, #b1>
    %s = "tt.reduce"(%c) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %t = arith.addf %a, %b : f32
      tt.reduce.return %t : f32
    }) : (tensor<256xf32, #b1>) -> f32
    tt.return %s : f32
  }
}

// -----

// Data loaded in one layout and needed by two ops in another: float math is
// not computed twice, so a conversion stays where the layouts meet.
// CHECK-LABEL: tt.func public @kept
// CHECK: ttg.convert_layout
#b1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b2 = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @kept(%p: tensor<256x!tt.ptr<f32>, #b2>, %q: tensor<256x!tt.ptr<f32>, #b1>) -> tensor<256xf32, #b1> {
    %v = tt.load %p : tensor<256x!tt.ptr<f32>, #b2>
    %w = tt.load %q : tensor<256x!tt.ptr<f32>, #b1>
    %c = ttg.convert_layout %v : tensor<256xf32, #b2> -> tensor<256xf32, #b1>
    %s = arith.addf %c, %w : tensor<256xf32, #b1>
    tt.return %s : tensor<256xf32, #b1>
  }
}

// -----

// Broadcasts and expand_dims (from a slice) are computed again in the
// target layout; a scan works on the loaded value itself (the function's
// result type then needs one conversion).
// CHECK-LABEL: tt.func public @tile_and_scan
// CHECK-NOT: ttg.convert_layout
// CHECK: tt.expand_dims %{{.*}} {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #[[T:.*]]}>> -> tensor<64x1xi32, #[[T]]>
// CHECK: tt.broadcast %{{.*}} : tensor<64x1xi32, #[[T]]> -> tensor<64x64xi32, #[[T]]>
// CHECK-NOT: ttg.convert_layout
// CHECK: %[[V:.*]] = tt.load
// CHECK-NOT: ttg.convert_layout
// CHECK: %[[S:.*]] = "tt.scan"(%[[V]])
// CHECK: %[[R:.*]] = ttg.convert_layout %[[S]]
// CHECK: tt.return %[[R]]
#r = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
#t = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#l1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#l2 = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @tile_and_scan(%p: tensor<64x64x!tt.ptr<i32>, #t>, %q: tensor<256x!tt.ptr<i32>, #l2>) -> tensor<256xi32, #l1> {
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #r}>>
    %e = tt.expand_dims %r {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #r}>> -> tensor<64x1xi32, #r>
    %b = tt.broadcast %e : tensor<64x1xi32, #r> -> tensor<64x64xi32, #r>
    %c = ttg.convert_layout %b : tensor<64x64xi32, #r> -> tensor<64x64xi32, #t>
    tt.store %p, %c : tensor<64x64x!tt.ptr<i32>, #t>
    %v = tt.load %q : tensor<256x!tt.ptr<i32>, #l2>
    %w = ttg.convert_layout %v : tensor<256xi32, #l2> -> tensor<256xi32, #l1>
    %s = "tt.scan"(%w) <{axis = 0 : i32, reverse = false}> ({
    ^bb0(%a: i32, %z: i32):
      %t = arith.addi %a, %z : i32
      tt.scan.return %t : i32
    }) : (tensor<256xi32, #l1>) -> tensor<256xi32, #l1>
    tt.return %s : tensor<256xi32, #l1>
  }
}

// -----

// A conversion of a reshape or transpose of a load: the load is done again in
// the layout the shape op needs to produce the converted layout in place
// (#blocked or, when no blocked layout has that linear layout, #ttg.linear).
// CHECK-DAG: #[[PAIR:.*]] = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-DAG: #[[LIN:.*]] = #ttg.linear<{register = [], lane = {{\[}}[16], [32], [1], [2], [4]], warp = {{\[}}[8], [0]], block = []}>
#b1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b2 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [1, 0]}>
#b3 = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
#b4 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#b5 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [16, 2], warpsPerCTA = [1, 4], order = [0, 1]}>
#b6 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @reshape_trans_of_load
  tt.func @reshape_trans_of_load(%p: !tt.ptr<f32>) -> (tensor<32x2xf32, #b3>, tensor<16x4xf32, #b6>) {
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #b1>
    %s = tt.splat %p : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>, #b1>
    %a = tt.addptr %s, %r : tensor<64x!tt.ptr<f32>, #b1>, tensor<64xi32, #b1>
    %x = tt.load %a : tensor<64x!tt.ptr<f32>, #b1>
    // CHECK-DAG: %[[X2:.*]] = tt.load %{{.*}} : tensor<64x!tt.ptr<f32>, #[[PAIR]]>
    // CHECK-DAG: %[[XL:.*]] = tt.load %{{.*}} : tensor<64x!tt.ptr<f32>, #[[LIN]]>
    // CHECK-DAG: tt.reshape %[[X2]] : tensor<64xf32, #[[PAIR]]> -> tensor<32x2xf32, #{{.*}}>
    // CHECK-DAG: tt.reshape %[[XL]] : tensor<64xf32, #[[LIN]]> -> tensor<4x16xf32, #{{.*}}>
    // CHECK-NOT: ttg.convert_layout
    // CHECK: tt.return
    %y = tt.reshape %x : tensor<64xf32, #b1> -> tensor<32x2xf32, #b2>
    %yc = ttg.convert_layout %y : tensor<32x2xf32, #b2> -> tensor<32x2xf32, #b3>
    %t = tt.reshape %x : tensor<64xf32, #b1> -> tensor<4x16xf32, #b4>
    %tt = tt.trans %t {order = array<i32: 1, 0>} : tensor<4x16xf32, #b4> -> tensor<16x4xf32, #b5>
    %tc = ttg.convert_layout %tt : tensor<16x4xf32, #b5> -> tensor<16x4xf32, #b6>
    tt.return %yc, %tc : tensor<32x2xf32, #b3>, tensor<16x4xf32, #b6>
  }

  // A volatile load is not read twice: the conversion stays.
  // CHECK-LABEL: tt.func @volatile_load_stays
  // CHECK: ttg.convert_layout
  tt.func @volatile_load_stays(%p: !tt.ptr<f32>) -> tensor<32x2xf32, #b3> {
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #b1>
    %s = tt.splat %p : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>, #b1>
    %a = tt.addptr %s, %r : tensor<64x!tt.ptr<f32>, #b1>, tensor<64xi32, #b1>
    %x = tt.load %a {isVolatile = true} : tensor<64x!tt.ptr<f32>, #b1>
    %y = tt.reshape %x : tensor<64xf32, #b1> -> tensor<32x2xf32, #b2>
    %yc = ttg.convert_layout %y : tensor<32x2xf32, #b2> -> tensor<32x2xf32, #b3>
    tt.return %yc : tensor<32x2xf32, #b3>
  }
}

// -----

// A conversion in front of a reshape moves past it when the tensor has an
// element per thread or more (a loaded row for tl.sort): the reshape takes
// the layout the load's gives it, the conversion goes to the store's side.
// A 64-element tensor over 128 threads keeps its conversion before the
// reshape, as 3.6 does.
// CHECK-DAG: #[[ROW:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-DAG: #[[TWO:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-LABEL: tt.func @reshape_of_loaded_row
// CHECK: %[[R:.*]] = tt.reshape %{{.*}} : tensor<256xf32, #[[ROW]]> -> tensor<128x2xf32, #[[TWO]]>
// CHECK: ttg.convert_layout %[[R]]
// CHECK-LABEL: tt.func @small_reshape_stays
// CHECK: ttg.convert_layout
// CHECK-NEXT: tt.reshape
#row = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#one = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#two = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @reshape_of_loaded_row(%p: tensor<256x!tt.ptr<f32>, #row>, %q: tensor<128x2x!tt.ptr<f32>, #two>) {
    %x = tt.load %p : tensor<256x!tt.ptr<f32>, #row>
    %c = ttg.convert_layout %x : tensor<256xf32, #row> -> tensor<256xf32, #one>
    %r = tt.reshape %c : tensor<256xf32, #one> -> tensor<128x2xf32, #two>
    tt.store %q, %r : tensor<128x2x!tt.ptr<f32>, #two>
    tt.return
  }
  tt.func @small_reshape_stays(%p: tensor<64x!tt.ptr<f32>, #row>, %q: tensor<32x2x!tt.ptr<f32>, #two>) {
    %x = tt.load %p : tensor<64x!tt.ptr<f32>, #row>
    %c = ttg.convert_layout %x : tensor<64xf32, #row> -> tensor<64xf32, #one>
    %r = tt.reshape %c : tensor<64xf32, #one> -> tensor<32x2xf32, #two>
    tt.store %q, %r : tensor<32x2x!tt.ptr<f32>, #two>
    tt.return
  }
}

// -----

// argmax: a reduce of a converted tile and of an index tensor (a broadcast
// range, free in any layout) runs in the tile's own layout, the index
// computed again there; only its 16 results are converted.
// CHECK-DAG: #[[TILE:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
// CHECK-LABEL: tt.func @argmax_in_load_layout
// CHECK-NOT: ttg.convert_layout {{.*}} : tensor<16x256xf32
// CHECK: "tt.reduce"(%{{.*}}, %{{.*}}) <{axis = 1 : i32}>
// CHECK: (tensor<16x256xf32, #[[TILE]]>, tensor<16x256xi32, #[[TILE]]>) -> (tensor<16xf32, #ttg.slice<{dim = 1, parent = #[[TILE]]}>>, tensor<16xi32, #ttg.slice<{dim = 1, parent = #[[TILE]]}>>)
#tile = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
#flat = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @argmax_in_load_layout(%p: tensor<16x256x!tt.ptr<f32>, #tile>) -> tensor<16xi32, #ttg.slice<{dim = 1, parent = #flat}>> {
    %x = tt.load %p : tensor<16x256x!tt.ptr<f32>, #tile>
    %xc = ttg.convert_layout %x : tensor<16x256xf32, #tile> -> tensor<16x256xf32, #flat>
    %r = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #ttg.slice<{dim = 0, parent = #flat}>>
    %r2 = tt.expand_dims %r {axis = 0 : i32} : tensor<256xi32, #ttg.slice<{dim = 0, parent = #flat}>> -> tensor<1x256xi32, #flat>
    %idx = tt.broadcast %r2 : tensor<1x256xi32, #flat> -> tensor<16x256xi32, #flat>
    %m:2 = "tt.reduce"(%xc, %idx) <{axis = 1 : i32}> ({
    ^bb0(%a: f32, %ai: i32, %b: f32, %bi: i32):
      %gt = arith.cmpf ogt, %a, %b : f32
      %v = arith.select %gt, %a, %b : f32
      %i = arith.select %gt, %ai, %bi : i32
      tt.reduce.return %v, %i : f32, i32
    }) : (tensor<16x256xf32, #flat>, tensor<16x256xi32, #flat>) -> (tensor<16xf32, #ttg.slice<{dim = 1, parent = #flat}>>, tensor<16xi32, #ttg.slice<{dim = 1, parent = #flat}>>)
    tt.return %m#1 : tensor<16xi32, #ttg.slice<{dim = 1, parent = #flat}>>
  }
}

// -----

// tt.gather reads its source through shared memory in any layout, and gives
// its result the indices' layout: the conversions of both operands go, and
// the result, already in the store's layout, needs none.
// CHECK-LABEL: tt.func public @gather_of_convert
// CHECK-NOT: ttg.convert_layout
// CHECK: tt.gather %{{.*}}[%{{.*}}] {axis = 0 : i32} : (tensor<256xf32, #[[B2:blocked[0-9]*]]>, tensor<256xi32, #[[B2]]>) -> tensor<256xf32, #[[B2]]>
// CHECK-NOT: ttg.convert_layout
#b2 = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @gather_of_convert(%x: tensor<256x!tt.ptr<f32>, #b2>, %i: tensor<256x!tt.ptr<i32>, #b2>) {
    %v = tt.load %x : tensor<256x!tt.ptr<f32>, #b2>
    %v1 = ttg.convert_layout %v : tensor<256xf32, #b2> -> tensor<256xf32, #b1>
    %j = tt.load %i : tensor<256x!tt.ptr<i32>, #b2>
    %j1 = ttg.convert_layout %j : tensor<256xi32, #b2> -> tensor<256xi32, #b1>
    %g = tt.gather %v1[%j1] {axis = 0 : i32} : (tensor<256xf32, #b1>, tensor<256xi32, #b1>) -> tensor<256xf32, #b1>
    %g2 = ttg.convert_layout %g : tensor<256xf32, #b1> -> tensor<256xf32, #b2>
    tt.store %x, %g2 : tensor<256x!tt.ptr<f32>, #b2>
    tt.return
  }
}

// -----

// tt.histogram counts its elements through shared memory in any layout: the
// conversion of its source goes.
// CHECK-LABEL: tt.func public @histogram_of_convert
// CHECK-NOT: ttg.convert_layout
// CHECK: tt.histogram %{{.*}} : tensor<1024xi32, #[[B4:blocked[0-9]*]]> -> tensor<64xi32, #{{.*}}>
#b4 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @histogram_of_convert(%x: tensor<1024x!tt.ptr<i32>, #b4>) -> tensor<64xi32, #b1> {
    %v = tt.load %x : tensor<1024x!tt.ptr<i32>, #b4>
    %v1 = ttg.convert_layout %v : tensor<1024xi32, #b4> -> tensor<1024xi32, #b1>
    %h = tt.histogram %v1 : tensor<1024xi32, #b1> -> tensor<64xi32, #b1>
    tt.return %h : tensor<64xi32, #b1>
  }
}

// -----

// A per-row scale of fewer elements than threads, converted to a row vector
// of an MMA tile for the epilogue, is loaded in that layout instead (the
// repeated reads hit the cache), as 3.6 does.
// CHECK-LABEL: tt.func public @mma_row_scale
// CHECK-NOT: ttg.convert_layout
// CHECK: tt.load %{{.*}} : tensor<128x!tt.ptr<f32>, #ttg.slice<{dim = 1, parent = #mma}>>
// CHECK-NOT: ttg.convert_layout
#b1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 128, 32]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @mma_row_scale(%s: !tt.ptr<f32>, %acc: tensor<128x128xf32, #mma>) -> tensor<128x128xf32, #mma> {
    %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #b1>
    %sp = tt.splat %s : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>, #b1>
    %sps = tt.addptr %sp, %r : tensor<128x!tt.ptr<f32>, #b1>, tensor<128xi32, #b1>
    %v = tt.load %sps : tensor<128x!tt.ptr<f32>, #b1>
    %v1 = ttg.convert_layout %v : tensor<128xf32, #b1> -> tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
    %e = tt.expand_dims %v1 {axis = 1 : i32} : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>> -> tensor<128x1xf32, #mma>
    %b = tt.broadcast %e : tensor<128x1xf32, #mma> -> tensor<128x128xf32, #mma>
    %m = arith.mulf %acc, %b : tensor<128x128xf32, #mma>
    tt.return %m : tensor<128x128xf32, #mma>
  }
}

// -----

// A compaction: positions are a scan of the kept flags, made into pointers
// for a scatter store one element a thread. The scan moves to the store's
// layout with the conversion, which then converts the 1-bit flags (shared
// with the mask's) instead of the 64-bit pointers.
// CHECK-LABEL: tt.func public @scan_moves_to_store
// CHECK: %[[K:.*]] = ttg.convert_layout %{{.*}} : tensor<1024xi1, #[[B4:blocked[0-9]*]]> -> tensor<1024xi1, #[[B1:blocked[0-9]*]]>
// CHECK: arith.extui %[[K]] : tensor<1024xi1, #[[B1]]> to tensor<1024xi32, #[[B1]]>
// CHECK: "tt.scan"
// CHECK-NOT: ttg.convert_layout %{{.*}} : tensor<1024x!tt.ptr<f32>
// CHECK: tt.store
#b4 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @scan_moves_to_store(%x: tensor<1024x!tt.ptr<f32>, #b4>, %out: !tt.ptr<f32>) {
    %zero = arith.constant dense<0.0> : tensor<1024xf32, #b4>
    %v = tt.load %x : tensor<1024x!tt.ptr<f32>, #b4>
    %keep = arith.cmpf ogt, %v, %zero : tensor<1024xf32, #b4>
    %k32 = arith.extui %keep : tensor<1024xi1, #b4> to tensor<1024xi32, #b4>
    %pos = "tt.scan"(%k32) <{axis = 0 : i32, reverse = false}> ({
    ^bb0(%a: i32, %b: i32):
      %s = arith.addi %a, %b : i32
      tt.scan.return %s : i32
    }) : (tensor<1024xi32, #b4>) -> tensor<1024xi32, #b4>
    %base = tt.splat %out : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #b4>
    %ptrs = tt.addptr %base, %pos : tensor<1024x!tt.ptr<f32>, #b4>, tensor<1024xi32, #b4>
    %p1 = ttg.convert_layout %ptrs : tensor<1024x!tt.ptr<f32>, #b4> -> tensor<1024x!tt.ptr<f32>, #b1>
    %v1 = ttg.convert_layout %v : tensor<1024xf32, #b4> -> tensor<1024xf32, #b1>
    %m1 = ttg.convert_layout %keep : tensor<1024xi1, #b4> -> tensor<1024xi1, #b1>
    tt.store %p1, %v1, %m1 : tensor<1024x!tt.ptr<f32>, #b1>
    tt.return
  }
}

// -----

// int4 weights unpacked by tl.join, a permute and a reshape for a dot
// operand stored to shared memory: the loaded layout goes through the join
// (its pair dimension added), the permute and the reshape (a linear layout
// there, which shared memory takes): no conversion is left.
// CHECK-LABEL: tt.func public @join_reshape_to_shared
// CHECK-NOT: ttg.convert_layout
// CHECK: tt.join %{{.*}}, %{{.*}} : tensor<32x128xf16, #[[L:blocked[0-9]*]]> -> tensor<32x128x2xf16, #[[P:blocked[0-9]*]]>
// CHECK: tt.reshape %{{.*}} : tensor<32x2x128xf16, #{{.*}}> -> tensor<64x128xf16, #linear>
// CHECK: ttg.local_alloc %{{.*}} : (tensor<64x128xf16, #linear>)
#ld = #ttg.blocked<{sizePerThread = [1, 16], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#d2 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
#d3 = #ttg.blocked<{sizePerThread = [1, 1, 2], threadsPerWarp = [1, 32, 1], warpsPerCTA = [1, 4, 1], order = [2, 1, 0]}>
#d3t = #ttg.blocked<{sizePerThread = [1, 2, 1], threadsPerWarp = [1, 1, 32], warpsPerCTA = [1, 1, 4], order = [1, 2, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @join_reshape_to_shared(%lo: tensor<32x128xf16, #ld>, %hi: tensor<32x128xf16, #ld>) -> !ttg.memdesc<64x128xf16, #shared, #smem> {
    %lo1 = ttg.convert_layout %lo : tensor<32x128xf16, #ld> -> tensor<32x128xf16, #d2>
    %hi1 = ttg.convert_layout %hi : tensor<32x128xf16, #ld> -> tensor<32x128xf16, #d2>
    %j = tt.join %lo1, %hi1 : tensor<32x128xf16, #d2> -> tensor<32x128x2xf16, #d3>
    %t = tt.trans %j {order = array<i32: 0, 2, 1>} : tensor<32x128x2xf16, #d3> -> tensor<32x2x128xf16, #d3t>
    %r = tt.reshape %t : tensor<32x2x128xf16, #d3t> -> tensor<64x128xf16, #d2>
    %a = ttg.local_alloc %r : (tensor<64x128xf16, #d2>) -> !ttg.memdesc<64x128xf16, #shared, #smem>
    tt.return %a : !ttg.memdesc<64x128xf16, #shared, #smem>
  }
}

// -----

// A tile converted before a multiply with a vector converted and broadcast
// (an int4 GEMV's unpacked weights against its activations): the vector is
// converted into the tile's layout instead, and the tile's conversion moves
// past the multiply and the row sums, where only the sums are converted.
// CHECK-LABEL: tt.func public @widened_vector_meets_tile
// CHECK: %[[X:.*]] = ttg.convert_layout %arg1 : tensor<128xf16, #[[V:.*]]> -> tensor<128xf16, #ttg.slice<{dim = 0, parent = #[[W:[a-z0-9]+]]}>>
// CHECK: arith.mulf %{{.*}}, %{{.*}} : tensor<64x128xf32, #[[W]]>
// CHECK: "tt.reduce"
// CHECK: -> tensor<64xf32, #ttg.slice<{dim = 1, parent = #[[W]]}>>
// CHECK: ttg.convert_layout %{{.*}} : tensor<64xf32, #ttg.slice<{dim = 1, parent = #[[W]]}>> -> tensor<64xf32, #ttg.slice<{dim = 1, parent = #[[D:[a-z0-9]+]]}>>
// CHECK-NOT: ttg.convert_layout
// CHECK: tt.return
#w = #ttg.blocked<{sizePerThread = [1, 16], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#d = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
#v = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @widened_vector_meets_tile(%w: tensor<64x128xf32, #w>, %x: tensor<128xf16, #v>) -> tensor<64xf32, #ttg.slice<{dim = 1, parent = #d}>> {
    %wc = ttg.convert_layout %w : tensor<64x128xf32, #w> -> tensor<64x128xf32, #d>
    %xc = ttg.convert_layout %x : tensor<128xf16, #v> -> tensor<128xf16, #ttg.slice<{dim = 0, parent = #d}>>
    %xf = arith.extf %xc : tensor<128xf16, #ttg.slice<{dim = 0, parent = #d}>> to tensor<128xf32, #ttg.slice<{dim = 0, parent = #d}>>
    %xe = tt.expand_dims %xf {axis = 0 : i32} : tensor<128xf32, #ttg.slice<{dim = 0, parent = #d}>> -> tensor<1x128xf32, #d>
    %xb = tt.broadcast %xe : tensor<1x128xf32, #d> -> tensor<64x128xf32, #d>
    %m = arith.mulf %wc, %xb : tensor<64x128xf32, #d>
    %s = "tt.reduce"(%m) <{axis = 1 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %t = arith.addf %a, %b : f32
      tt.reduce.return %t : f32
    }) : (tensor<64x128xf32, #d>) -> tensor<64xf32, #ttg.slice<{dim = 1, parent = #d}>>
    tt.return %s : tensor<64xf32, #ttg.slice<{dim = 1, parent = #d}>>
  }
}

// -----

// A column of ranges broadcast into a tile and converted: the tile is made
// again in the target layout from the ranges; the compare does not take the
// column's layout (32 threads down 64 rows, each element held twice).
// CHECK: #[[T:[a-z0-9]+]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
// CHECK-LABEL: tt.func public @broadcast_column_remade
// CHECK: arith.cmpi sge, %{{.*}}, %{{.*}} : tensor<64x64xi32, #[[T]]>
// CHECK: arith.uitofp %{{.*}} : tensor<64x64xi1, #[[T]]>
// CHECK: ttg.convert_layout %{{.*}} : tensor<64x64xf16, #[[T]]> -> tensor<64x64xf16, #ttg.dot_op
#col = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
#tile = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
#v = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#fma = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @broadcast_column_remade() -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #fma}>> {
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #v>
    %rc = ttg.convert_layout %r : tensor<64xi32, #v> -> tensor<64xi32, #ttg.slice<{dim = 1, parent = #col}>>
    %e = tt.expand_dims %rc {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #col}>> -> tensor<64x1xi32, #col>
    %rr = ttg.convert_layout %r : tensor<64xi32, #v> -> tensor<64xi32, #ttg.slice<{dim = 0, parent = #tile}>>
    %e2 = tt.expand_dims %rr {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #tile}>> -> tensor<1x64xi32, #tile>
    %b2 = tt.broadcast %e2 : tensor<1x64xi32, #tile> -> tensor<64x64xi32, #tile>
    %b = tt.broadcast %e : tensor<64x1xi32, #col> -> tensor<64x64xi32, #col>
    %c = ttg.convert_layout %b : tensor<64x64xi32, #col> -> tensor<64x64xi32, #tile>
    %t = arith.cmpi sge, %c, %b2 : tensor<64x64xi32, #tile>
    %f = arith.uitofp %t : tensor<64x64xi1, #tile> to tensor<64x64xf16, #tile>
    %d = ttg.convert_layout %f : tensor<64x64xf16, #tile> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #fma}>>
    tt.return %d : tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #fma}>>
  }
}

// -----

// GPT-J rotary embedding: a loaded row reshaped into pairs and split, the
// halves rotated by a small vector (fewer elements than threads, loaded
// again in any layout), joined and stored back. The loaded layout goes
// through the split (the pair dimension dropped), the rotation, the join
// and the reshape: no conversion is left.
// CHECK-LABEL: tt.func public @split_rotate_join
// CHECK-NOT: ttg.convert_layout
// CHECK: tt.split %{{.*}} : tensor<32x64x2xf32, #[[P:blocked[0-9]*]]> -> tensor<32x64xf32, #[[H:blocked[0-9]*]]>
// CHECK: arith.mulf %{{.*}}, %{{.*}} : tensor<32x64xf32, #[[H]]>
// CHECK: tt.join %{{.*}}, %{{.*}} : tensor<32x64xf32, #[[H]]> -> tensor<32x64x2xf32, #[[P]]>
// CHECK-NOT: ttg.convert_layout
// CHECK: tt.return
#row = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#pair = #ttg.blocked<{sizePerThread = [1, 4, 2], threadsPerWarp = [2, 16, 1], warpsPerCTA = [4, 1, 1], order = [2, 1, 0]}>
#dpair = #ttg.blocked<{sizePerThread = [1, 1, 2], threadsPerWarp = [1, 32, 1], warpsPerCTA = [2, 2, 1], order = [2, 1, 0]}>
#dhalf = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
#drow = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @split_rotate_join(%x: tensor<32x128xf32, #row>, %cp: !tt.ptr<f32>, %out: tensor<32x128x!tt.ptr<f32>, #row>) {
    %r = tt.reshape %x : tensor<32x128xf32, #row> -> tensor<32x64x2xf32, #pair>
    %rc = ttg.convert_layout %r : tensor<32x64x2xf32, #pair> -> tensor<32x64x2xf32, #dpair>
    %x0, %x1 = tt.split %rc : tensor<32x64x2xf32, #dpair> -> tensor<32x64xf32, #dhalf>
    %i = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #dhalf}>>
    %s = tt.splat %cp : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>, #ttg.slice<{dim = 0, parent = #dhalf}>>
    %p = tt.addptr %s, %i : tensor<64x!tt.ptr<f32>, #ttg.slice<{dim = 0, parent = #dhalf}>>, tensor<64xi32, #ttg.slice<{dim = 0, parent = #dhalf}>>
    %c = tt.load %p : tensor<64x!tt.ptr<f32>, #ttg.slice<{dim = 0, parent = #dhalf}>>
    %ce = tt.expand_dims %c {axis = 0 : i32} : tensor<64xf32, #ttg.slice<{dim = 0, parent = #dhalf}>> -> tensor<1x64xf32, #dhalf>
    %cb = tt.broadcast %ce : tensor<1x64xf32, #dhalf> -> tensor<32x64xf32, #dhalf>
    %y0 = arith.mulf %x0, %cb : tensor<32x64xf32, #dhalf>
    %y1 = arith.mulf %x1, %cb : tensor<32x64xf32, #dhalf>
    %j = tt.join %y1, %y0 : tensor<32x64xf32, #dhalf> -> tensor<32x64x2xf32, #dpair>
    %y = tt.reshape %j : tensor<32x64x2xf32, #dpair> -> tensor<32x128xf32, #drow>
    %yc = ttg.convert_layout %y : tensor<32x128xf32, #drow> -> tensor<32x128xf32, #row>
    tt.store %out, %yc : tensor<32x128x!tt.ptr<f32>, #row>
    tt.return
  }
}

// -----

// MoE bookkeeping: a column of ids, broadcast and converted, compared with a
// row of expert numbers and summed down the column. The conversion moves
// onto the ids before the broadcast, and the compare and the sum stay in
// the tile's layout (32 lanes across the experts); sinking the tile's
// conversion instead would have run them with each thread holding whole
// rows and summing across every lane and warp.
// CHECK-LABEL: tt.func public @broadcast_column_meets_row
// CHECK: ttg.convert_layout %arg0 : tensor<256xi32, #{{.*}}> -> tensor<256xi32, #ttg.slice<{dim = 1, parent = #[[T:blocked[0-9]*]]}>>
// CHECK-NOT: ttg.convert_layout
// CHECK: arith.cmpi eq, %{{.*}}, %{{.*}} : tensor<256x64xi32, #[[T]]>
// CHECK: "tt.reduce"
// CHECK: -> tensor<64xi32, #ttg.slice<{dim = 0, parent = #[[T]]}>>
#ids = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#col = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
#tile = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @broadcast_column_meets_row(%ids: tensor<256xi32, #ids>) -> tensor<64xi32, #ttg.slice<{dim = 0, parent = #tile}>> {
    %c = ttg.convert_layout %ids : tensor<256xi32, #ids> -> tensor<256xi32, #ttg.slice<{dim = 1, parent = #col}>>
    %e = tt.expand_dims %c {axis = 1 : i32} : tensor<256xi32, #ttg.slice<{dim = 1, parent = #col}>> -> tensor<256x1xi32, #col>
    %b = tt.broadcast %e : tensor<256x1xi32, #col> -> tensor<256x64xi32, #col>
    %bc = ttg.convert_layout %b : tensor<256x64xi32, #col> -> tensor<256x64xi32, #tile>
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #tile}>>
    %re = tt.expand_dims %r {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #tile}>> -> tensor<1x64xi32, #tile>
    %rb = tt.broadcast %re : tensor<1x64xi32, #tile> -> tensor<256x64xi32, #tile>
    %eq = arith.cmpi eq, %bc, %rb : tensor<256x64xi32, #tile>
    %x = arith.extui %eq : tensor<256x64xi1, #tile> to tensor<256x64xi32, #tile>
    %s = "tt.reduce"(%x) <{axis = 0 : i32}> ({
    ^bb0(%a: i32, %b2: i32):
      %t = arith.addi %a, %b2 : i32
      tt.reduce.return %t : i32
    }) : (tensor<256x64xi32, #tile>) -> tensor<64xi32, #ttg.slice<{dim = 0, parent = #tile}>>
    tt.return %s : tensor<64xi32, #ttg.slice<{dim = 0, parent = #tile}>>
  }
}
