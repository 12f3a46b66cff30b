// RUN: triton-opt %s -triton-make-ttir='target=cuda:90' \
// RUN:   -triton-make-ttgir='target=cuda:90 num-warps=4 num-stages=3' \
// RUN:   -mlir-print-debuginfo=false 2>/dev/null | FileCheck %s

// A 4096-element row viewed as 12 pair axes (as tl.sort views a row) and
// reduced along one: the loaded row's layout (4 elements a thread) is carried
// through the reshape (and the transpose), and the layout of each view is
// named as the blocked layout Triton would build for it, with the first
// order (from [11, ..., 0] down) that gives it. The search for that order
// no longer lists all 12! orders first (that took 479 million entries, more
// memory than the machine has, and seconds at rank 10).

// CHECK-DAG: #[[LOAD:[a-z0-9_]+]] = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-DAG: #[[VIEW:[a-z0-9_]+]] = #ttg.blocked<{sizePerThread = [2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 2, 2], threadsPerWarp = [1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 1, 1], warpsPerCTA = [1, 1, 1, 2, 2, 1, 1, 1, 1, 1, 1, 1], order = [11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0]}>
// The transpose's result: dimensions 0 and 1 (one element pair each in a
// thread) may come anywhere before the lanes' and warps' dimensions 2-8 in
// the order; the first order has them after.
// CHECK-DAG: #[[TRANS:[a-z0-9_]+]] = #ttg.blocked<{sizePerThread = [2, 2, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2], threadsPerWarp = [1, 1, 2, 2, 2, 2, 2, 1, 1, 1, 1, 1], warpsPerCTA = [1, 1, 1, 1, 1, 1, 1, 2, 2, 1, 1, 1], order = [2, 3, 4, 5, 6, 7, 8, 0, 1, 9, 10, 11]}>
// No blocked layout holds the pair sums of the transposed view as a row.
// CHECK-DAG: #[[SUMS:[a-z0-9_]+]] = #ttg.linear<{register = {{\[\[}}1024], [512], [2], [1]], lane = {{\[\[}}256], [128], [64], [32], [16]], warp = {{\[\[}}8], [4]], block = []}>

// CHECK-LABEL: tt.func public @pairs(
// CHECK: tt.reshape %{{.*}} : tensor<4096xf32, #[[LOAD]]> -> tensor<2x2x2x2x2x2x2x2x2x2x2x2xf32, #[[VIEW]]>
// CHECK: "tt.reduce"
// CHECK-SAME: axis = 11
// CHECK: (tensor<2x2x2x2x2x2x2x2x2x2x2x2xf32, #[[VIEW]]>) ->

// CHECK-LABEL: tt.func public @pairs_transposed(
// CHECK: tt.reshape %{{.*}} : tensor<4096xf32, #[[LOAD]]> -> tensor<2x2x2x2x2x2x2x2x2x2x2x2xf32, #[[VIEW]]>
// CHECK: tt.trans %{{.*}} -> tensor<2x2x2x2x2x2x2x2x2x2x2x2xf32, #[[TRANS]]>
// CHECK: (tensor<2x2x2x2x2x2x2x2x2x2x2x2xf32, #[[TRANS]]>) ->
// CHECK: tt.reshape %{{.*}} -> tensor<2048xf32, #[[SUMS]]>

module {
  tt.func public @pairs(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %y: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
    %r = tt.make_range {end = 4096 : i32, start = 0 : i32} : tensor<4096xi32>
    %p = tt.splat %x : !tt.ptr<f32> -> tensor<4096x!tt.ptr<f32>>
    %q = tt.addptr %p, %r : tensor<4096x!tt.ptr<f32>>, tensor<4096xi32>
    %v = tt.load %q : tensor<4096x!tt.ptr<f32>>
    %h = tt.reshape %v : tensor<4096xf32> -> tensor<2x2x2x2x2x2x2x2x2x2x2x2xf32>
    %s = "tt.reduce"(%h) <{axis = 11 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %c = arith.addf %a, %b : f32
      tt.reduce.return %c : f32
    }) : (tensor<2x2x2x2x2x2x2x2x2x2x2x2xf32>) -> tensor<2x2x2x2x2x2x2x2x2x2x2xf32>
    %f = tt.reshape %s : tensor<2x2x2x2x2x2x2x2x2x2x2xf32> -> tensor<2048xf32>
    %o = tt.make_range {end = 2048 : i32, start = 0 : i32} : tensor<2048xi32>
    %yp = tt.splat %y : !tt.ptr<f32> -> tensor<2048x!tt.ptr<f32>>
    %yq = tt.addptr %yp, %o : tensor<2048x!tt.ptr<f32>>, tensor<2048xi32>
    tt.store %yq, %f : tensor<2048x!tt.ptr<f32>>
    tt.return
  }

  tt.func public @pairs_transposed(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %y: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
    %r = tt.make_range {end = 4096 : i32, start = 0 : i32} : tensor<4096xi32>
    %p = tt.splat %x : !tt.ptr<f32> -> tensor<4096x!tt.ptr<f32>>
    %q = tt.addptr %p, %r : tensor<4096x!tt.ptr<f32>>, tensor<4096xi32>
    %v = tt.load %q : tensor<4096x!tt.ptr<f32>>
    %h = tt.reshape %v : tensor<4096xf32> -> tensor<2x2x2x2x2x2x2x2x2x2x2x2xf32>
    %t = tt.trans %h {order = array<i32: 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0>} : tensor<2x2x2x2x2x2x2x2x2x2x2x2xf32> -> tensor<2x2x2x2x2x2x2x2x2x2x2x2xf32>
    %s = "tt.reduce"(%t) <{axis = 10 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %c = arith.addf %a, %b : f32
      tt.reduce.return %c : f32
    }) : (tensor<2x2x2x2x2x2x2x2x2x2x2x2xf32>) -> tensor<2x2x2x2x2x2x2x2x2x2x2xf32>
    %f = tt.reshape %s : tensor<2x2x2x2x2x2x2x2x2x2x2xf32> -> tensor<2048xf32>
    %o = tt.make_range {end = 2048 : i32, start = 0 : i32} : tensor<2048xi32>
    %yp = tt.splat %y : !tt.ptr<f32> -> tensor<2048x!tt.ptr<f32>>
    %yq = tt.addptr %yp, %o : tensor<2048x!tt.ptr<f32>>, tensor<2048xi32>
    tt.store %yq, %f : tensor<2048x!tt.ptr<f32>>
    tt.return
  }
}
