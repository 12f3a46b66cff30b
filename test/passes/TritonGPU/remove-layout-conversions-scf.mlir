// RUN: triton-opt %s -split-input-file -tritongpu-remove-layout-conversions | FileCheck %s

// A value converted before a while loop, updated in it and in an if, and
// converted back for the store: the loop and the if carry the loaded layout
// and both conversions go (corpus misc after make_ttgir). The splat in the
// loop body is made again in that layout.
// CHECK-LABEL: tt.func public @while_if
// CHECK-NOT: ttg.convert_layout
// CHECK: scf.while ({{.*}} = %{{.*}}, {{.*}}) : (tensor<256xi32, #[[B2:blocked[0-9]*]]>, i32) -> (tensor<256xi32, #[[B2]]>, i32)
// CHECK: tt.splat %{{.*}} : i32 -> tensor<256xi32, #[[B2]]>
// CHECK: scf.if %{{.*}} -> (tensor<256xi32, #[[B2]]>)
// CHECK-NOT: ttg.convert_layout
// CHECK: tt.store %{{.*}}, %{{.*}} : tensor<256x!tt.ptr<i32>, #[[B2]]>
#b2 = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @while_if(%p: tensor<256x!tt.ptr<i32>, #b2>, %c: i1) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c3 = arith.constant 3 : i32
    %two = arith.constant dense<2> : tensor<256xi32, #b1>
    %x = tt.load %p : tensor<256x!tt.ptr<i32>, #b2>
    %x1 = ttg.convert_layout %x : tensor<256xi32, #b2> -> tensor<256xi32, #b1>
    %w:2 = scf.while (%a = %x1, %i = %c0) : (tensor<256xi32, #b1>, i32) -> (tensor<256xi32, #b1>, i32) {
      %go = arith.cmpi slt, %i, %c3 : i32
      scf.condition(%go) %a, %i : tensor<256xi32, #b1>, i32
    } do {
    ^bb0(%a: tensor<256xi32, #b1>, %i: i32):
      %s = tt.splat %i : i32 -> tensor<256xi32, #b1>
      %n = arith.addi %a, %s : tensor<256xi32, #b1>
      %i1 = arith.addi %i, %c1 : i32
      scf.yield %n, %i1 : tensor<256xi32, #b1>, i32
    }
    %r = scf.if %c -> (tensor<256xi32, #b1>) {
      %m = arith.muli %w#0, %two : tensor<256xi32, #b1>
      scf.yield %m : tensor<256xi32, #b1>
    } else {
      scf.yield %w#0 : tensor<256xi32, #b1>
    }
    %r2 = ttg.convert_layout %r : tensor<256xi32, #b1> -> tensor<256xi32, #b2>
    tt.store %p, %r2 : tensor<256x!tt.ptr<i32>, #b2>
    tt.return
  }
}

// -----

// The same through an scf.for whose accumulator starts as a constant.
// CHECK-LABEL: tt.func public @for_loop
// CHECK-NOT: ttg.convert_layout
// CHECK: scf.for {{.*}} -> (tensor<256xf32, #[[B2:blocked[0-9]*]]>)
// CHECK-NOT: ttg.convert_layout
// CHECK: tt.store %{{.*}}, %{{.*}} : tensor<256x!tt.ptr<f32>, #[[B2]]>
#b2 = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @for_loop(%p: tensor<256x!tt.ptr<f32>, #b2>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.0> : tensor<256xf32, #b1>
    %x = tt.load %p : tensor<256x!tt.ptr<f32>, #b2>
    %x1 = ttg.convert_layout %x : tensor<256xf32, #b2> -> tensor<256xf32, #b1>
    %acc = scf.for %i = %c0 to %n step %c1 iter_args(%a = %zero) -> (tensor<256xf32, #b1>) : i32 {
      %s = arith.addf %a, %x1 : tensor<256xf32, #b1>
      scf.yield %s : tensor<256xf32, #b1>
    }
    %r = ttg.convert_layout %acc : tensor<256xf32, #b1> -> tensor<256xf32, #b2>
    tt.store %p, %r : tensor<256x!tt.ptr<f32>, #b2>
    tt.return
  }
}

// -----

// Reductions accumulated in a loop and converted there to the layout of the
// store after it: the loop carries the reduced layout, the sum of the two
// results is made in it too (the second result converted into it after the
// loop, until its own conversion goes the same way), and one conversion,
// after the loop, feeds the store (what Triton 3.6 gives).
// CHECK-LABEL: tt.func public @hoisted_out_of_loop
// CHECK: scf.for {{.*}} -> (tensor<32xf32, #ttg.slice<{dim = 1, parent = #[[L:blocked[0-9]*]]}>>, tensor<32xf32, #ttg.slice<{dim = 1, parent = #[[L]]}>>)
// CHECK-NOT: ttg.convert_layout
// CHECK: scf.yield
// CHECK: %[[T:.*]] = arith.addf %{{.*}}, %{{.*}} : tensor<32xf32, #ttg.slice<{dim = 1, parent = #[[L]]}>>
// CHECK-NEXT: %[[C:.*]] = ttg.convert_layout %[[T]]
// CHECK-NEXT: tt.store %{{.*}}, %[[C]]
// CHECK-NOT: ttg.convert_layout
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @hoisted_out_of_loop(%p: tensor<32x128x!tt.ptr<f32>, #blocked1>, %q: tensor<32x!tt.ptr<f32>, #blocked>, %n: i32) {
    %one = arith.constant dense<1.000000e+00> : tensor<32xf32, #blocked>
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %r:2 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %one, %mx = %one) -> (tensor<32xf32, #blocked>, tensor<32xf32, #blocked>)  : i32 {
      %v = tt.load %p : tensor<32x128x!tt.ptr<f32>, #blocked1>
      %s = "tt.reduce"(%v) <{axis = 1 : i32}> ({
      ^bb0(%a: f32, %b: f32):
        %t = arith.addf %a, %b : f32
        tt.reduce.return %t : f32
      }) : (tensor<32x128xf32, #blocked1>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked1}>>
      %sc = ttg.convert_layout %s : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked1}>> -> tensor<32xf32, #blocked>
      %acc2 = arith.addf %acc, %sc : tensor<32xf32, #blocked>
      %m = "tt.reduce"(%v) <{axis = 1 : i32}> ({
      ^bb0(%a: f32, %b: f32):
        %t = arith.maxnumf %a, %b : f32
        tt.reduce.return %t : f32
      }) : (tensor<32x128xf32, #blocked1>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked1}>>
      %mc = ttg.convert_layout %m : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked1}>> -> tensor<32xf32, #blocked>
      %mx2 = arith.maxnumf %mx, %mc : tensor<32xf32, #blocked>
      scf.yield %acc2, %mx2 : tensor<32xf32, #blocked>, tensor<32xf32, #blocked>
    }
    %tot = arith.addf %r#0, %r#1 : tensor<32xf32, #blocked>
    tt.store %q, %tot : tensor<32x!tt.ptr<f32>, #blocked>
    tt.return
  }
}

// -----

// Left alone: the loop also stores in the converted layout, so the value must
// be there inside the loop.
// CHECK-LABEL: tt.func public @kept
// CHECK: ttg.convert_layout %{{.*}} : tensor<256xi32, #{{.*}}> -> tensor<256xi32, #[[B1:blocked[0-9]*]]>
// CHECK: scf.for {{.*}} -> (tensor<256xi32, #[[B1]]>)
// CHECK: tt.store %{{.*}}, %{{.*}} : tensor<256x!tt.ptr<i32>, #[[B1]]>
#b2 = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @kept(%p: tensor<256x!tt.ptr<i32>, #b2>, %q: tensor<256x!tt.ptr<i32>, #b1>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %x = tt.load %p : tensor<256x!tt.ptr<i32>, #b2>
    %x1 = ttg.convert_layout %x : tensor<256xi32, #b2> -> tensor<256xi32, #b1>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x1) -> (tensor<256xi32, #b1>) : i32 {
      tt.store %q, %a : tensor<256x!tt.ptr<i32>, #b1>
      %s = arith.addi %a, %a : tensor<256xi32, #b1>
      scf.yield %s : tensor<256xi32, #b1>
    }
    %r2 = ttg.convert_layout %r : tensor<256xi32, #b1> -> tensor<256xi32, #b2>
    tt.store %p, %r2 : tensor<256x!tt.ptr<i32>, #b2>
    tt.return
  }
}

// -----

// An if whose branches both convert out of the loaded layout: the if carries
// that layout, both conversions go, and the store, in it already, needs none
// (a branch on a flag read from memory).
// CHECK-LABEL: tt.func public @if_both_branches
// CHECK-NOT: ttg.convert_layout
// CHECK: scf.if %{{.*}} -> (tensor<1024xf32, #[[B4:blocked[0-9]*]]>)
// CHECK-NOT: ttg.convert_layout
// CHECK: tt.store %{{.*}}, %{{.*}} : tensor<1024x!tt.ptr<f32>, #[[B4]]>
#b4 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @if_both_branches(%p: tensor<1024x!tt.ptr<f32>, #b4>, %c: i1) {
    %two = arith.constant dense<2.0> : tensor<1024xf32, #b4>
    %x = tt.load %p : tensor<1024x!tt.ptr<f32>, #b4>
    %y = scf.if %c -> (tensor<1024xf32, #b1>) {
      %m = arith.mulf %x, %two : tensor<1024xf32, #b4>
      %m1 = ttg.convert_layout %m : tensor<1024xf32, #b4> -> tensor<1024xf32, #b1>
      scf.yield %m1 : tensor<1024xf32, #b1>
    } else {
      %s = arith.subf %x, %two : tensor<1024xf32, #b4>
      %s1 = ttg.convert_layout %s : tensor<1024xf32, #b4> -> tensor<1024xf32, #b1>
      scf.yield %s1 : tensor<1024xf32, #b1>
    }
    %y4 = ttg.convert_layout %y : tensor<1024xf32, #b1> -> tensor<1024xf32, #b4>
    tt.store %p, %y4 : tensor<1024x!tt.ptr<f32>, #b4>
    tt.return
  }
}

// -----

// The same if, its result stored in the other layout: carrying the loaded
// layout through the if leaves one conversion, before the store, for the
// two it erases (layer-norm backward's dw/db partial sums).
// CHECK-LABEL: tt.func public @if_then_store
// CHECK: scf.if %{{.*}} -> (tensor<1024xf32, #[[B4:blocked[0-9]*]]>)
// CHECK-NOT: ttg.convert_layout
// CHECK: } else {
// CHECK-NOT: ttg.convert_layout
// CHECK: }
// CHECK: %[[C:.*]] = ttg.convert_layout %{{.*}} : tensor<1024xf32, #[[B4]]> -> tensor<1024xf32, #[[B1:blocked[0-9]*]]>
// CHECK: tt.store %{{.*}}, %[[C]] : tensor<1024x!tt.ptr<f32>, #[[B1]]>
#b4 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @if_then_store(%p: tensor<1024x!tt.ptr<f32>, #b4>, %q: tensor<1024x!tt.ptr<f32>, #b1>, %c: i1) {
    %two = arith.constant dense<2.0> : tensor<1024xf32, #b4>
    %x = tt.load %p : tensor<1024x!tt.ptr<f32>, #b4>
    %y = scf.if %c -> (tensor<1024xf32, #b1>) {
      %m = arith.mulf %x, %two : tensor<1024xf32, #b4>
      %m1 = ttg.convert_layout %m : tensor<1024xf32, #b4> -> tensor<1024xf32, #b1>
      scf.yield %m1 : tensor<1024xf32, #b1>
    } else {
      %s = arith.subf %x, %two : tensor<1024xf32, #b4>
      %s1 = ttg.convert_layout %s : tensor<1024xf32, #b4> -> tensor<1024xf32, #b1>
      scf.yield %s1 : tensor<1024xf32, #b1>
    }
    tt.store %q, %y : tensor<1024x!tt.ptr<f32>, #b1>
    tt.return
  }
}

// -----

// A loop that reduces a tile loaded in it into a carried vector (a GEMV):
// the load's layout flows through the reduction to the carried value, so
// no conversion of the tile is left in the loop, only the vector's after it
// (as Triton 3.6, which makes loads layout anchors).
// CHECK-LABEL: tt.func public @reduce_in_loop
// CHECK: scf.for {{.*}} -> (tensor<64xf32, #ttg.slice<{dim = 1, parent = #[[T:blocked[0-9]*]]}>>)
// CHECK-NOT: ttg.convert_layout
// CHECK: tt.load %{{.*}} : tensor<64x128x!tt.ptr<f16>, #[[T]]>
// CHECK-NOT: ttg.convert_layout
// CHECK: scf.yield
// CHECK: ttg.convert_layout
#t = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#d = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
#v = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @reduce_in_loop(%p: tensor<64x128x!tt.ptr<f16>, #t>, %out: tensor<64x!tt.ptr<f32>, #v>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.0> : tensor<64xf32, #ttg.slice<{dim = 1, parent = #d}>>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64xf32, #ttg.slice<{dim = 1, parent = #d}>>) : i32 {
      %w = tt.load %p : tensor<64x128x!tt.ptr<f16>, #t>
      %w1 = ttg.convert_layout %w : tensor<64x128xf16, #t> -> tensor<64x128xf16, #d>
      %f = arith.extf %w1 : tensor<64x128xf16, #d> to tensor<64x128xf32, #d>
      %s = "tt.reduce"(%f) <{axis = 1 : i32}> ({
      ^bb0(%a: f32, %b: f32):
        %sum = arith.addf %a, %b : f32
        tt.reduce.return %sum : f32
      }) : (tensor<64x128xf32, #d>) -> tensor<64xf32, #ttg.slice<{dim = 1, parent = #d}>>
      %next = arith.addf %acc, %s : tensor<64xf32, #ttg.slice<{dim = 1, parent = #d}>>
      scf.yield %next : tensor<64xf32, #ttg.slice<{dim = 1, parent = #d}>>
    }
    %r1 = ttg.convert_layout %r : tensor<64xf32, #ttg.slice<{dim = 1, parent = #d}>> -> tensor<64xf32, #v>
    tt.store %out, %r1 : tensor<64x!tt.ptr<f32>, #v>
    tt.return
  }
}

// -----

// A dot's result scaled by a loaded row vector and added to a loop-carried
// accumulator (a blockwise fp8 matmul's per-row scales): the accumulator
// is carried in the MMA layout and only the vector is converted in the
// loop, as in 3.6 (the vector's broadcast used to stop the propagation).
// CHECK-LABEL: tt.func @scaled_accumulator
// CHECK: scf.for {{.*}} -> (tensor<128x128xf32, #mma>)
// CHECK-NOT: ttg.convert_layout %{{.*}} : tensor<128x128xf32
// CHECK: ttg.convert_layout %{{.*}} : tensor<128xf32, #{{.*}}> -> tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
// CHECK-NOT: ttg.convert_layout %{{.*}} : tensor<128x128xf32
// CHECK: scf.yield
#blocked = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @scaled_accumulator(%a: tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %b: tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %sp: tensor<128x!tt.ptr<f32>, #blocked1>, %n: i32, %out: tensor<128x128x!tt.ptr<f32>, #blocked>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #blocked>
    %zmma = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<128x128xf32, #blocked>) : i32 {
      %d = tt.dot %a, %b, %zmma : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<128x128xf32, #mma>
      %dc = ttg.convert_layout %d : tensor<128x128xf32, #mma> -> tensor<128x128xf32, #blocked>
      %s = tt.load %sp : tensor<128x!tt.ptr<f32>, #blocked1>
      %sc = ttg.convert_layout %s : tensor<128xf32, #blocked1> -> tensor<128xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
      %se = tt.expand_dims %sc {axis = 1 : i32} : tensor<128xf32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<128x1xf32, #blocked>
      %sb = tt.broadcast %se : tensor<128x1xf32, #blocked> -> tensor<128x128xf32, #blocked>
      %p = arith.mulf %dc, %sb : tensor<128x128xf32, #blocked>
      %next = arith.addf %acc, %p : tensor<128x128xf32, #blocked>
      scf.yield %next : tensor<128x128xf32, #blocked>
    }
    tt.store %out, %r : tensor<128x128x!tt.ptr<f32>, #blocked>
    tt.return
  }
}
