// RUN: triton-opt %s -split-input-file -tritongpu-optimize-thread-locality | FileCheck %s

// Row sums and maxima of loaded 32x128 tiles accumulated over a loop (what
// Triton 3.6 gives this pass for `acc += tl.sum(v, 1); mx =
// tl.maximum(mx, tl.max(v, 1))`, cuda:90): each thread holds 4 elements of
// a row, which it reduces alone in the loop; the rows are reduced across
// threads once, after it.
// CHECK-DAG: #[[L:.*]] = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[L3:.*]] = #ttg.blocked<{sizePerThread = [1, 1, 4], threadsPerWarp = [1, 32, 1], warpsPerCTA = [4, 1, 1], order = [2, 1, 0]}>
// CHECK-LABEL: tt.func public @rowsum
// CHECK-DAG: %[[ONE:.*]] = arith.constant dense<1.000000e+00> : tensor<32xf32, #ttg.slice<{dim = 1, parent = #[[L]]}>>
// CHECK-DAG: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<32x32xf32, #ttg.slice<{dim = 2, parent = #[[L3]]}>>
// CHECK-DAG: %[[NINF:.*]] = arith.constant dense<0xFF800000> : tensor<32x32xf32, #ttg.slice<{dim = 2, parent = #[[L3]]}>>
// CHECK: %[[R:.*]]:2 = scf.for {{.*}} iter_args(%[[ACC:.*]] = %[[ZERO]], %[[MX:.*]] = %[[NINF]]) -> (tensor<32x32xf32, #ttg.slice<{dim = 2, parent = #[[L3]]}>>, tensor<32x32xf32, #ttg.slice<{dim = 2, parent = #[[L3]]}>>)
// CHECK:   %[[V:.*]] = tt.load
// CHECK:   %[[V3:.*]] = tt.reshape %[[V]] allow_reorder efficient_layout : tensor<32x128xf32, #[[L]]> -> tensor<32x32x4xf32, #[[L3]]>
// CHECK:   %[[S:.*]] = "tt.reduce"(%[[V3]]) <{axis = 2 : i32}>
// CHECK:     arith.addf
// CHECK:   }) : (tensor<32x32x4xf32, #[[L3]]>) -> tensor<32x32xf32, #ttg.slice<{dim = 2, parent = #[[L3]]}>>
// CHECK:   %[[ACC2:.*]] = arith.addf %[[ACC]], %[[S]]
// CHECK:   %[[M:.*]] = "tt.reduce"
// CHECK:     arith.maxnumf
// CHECK:   %[[MX2:.*]] = arith.maxnumf %[[MX]], %[[M]]
// CHECK:   scf.yield %[[ACC2]], %[[MX2]]
// CHECK: "tt.reduce"(%[[R]]#0) <{axis = 1 : i32}>
// CHECK:   arith.addf
// CHECK: }) : (tensor<32x32xf32, #ttg.slice<{dim = 2, parent = #[[L3]]}>>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #ttg.slice<{dim = 2, parent = #[[L3]]}>}>>
// CHECK: %[[T:.*]] = ttg.convert_layout %{{.*}} : tensor<32xf32, #ttg.slice<{dim = 1, parent = #ttg.slice<{dim = 2, parent = #[[L3]]}>}>> -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #[[L]]}>>
// CHECK: %[[SUM:.*]] = arith.addf %[[ONE]], %[[T]]
// CHECK: "tt.reduce"(%[[R]]#1) <{axis = 1 : i32}>
// CHECK:   arith.maxnumf
// CHECK: %[[TM:.*]] = ttg.convert_layout
// CHECK: %[[MAX:.*]] = arith.maxnumf %[[ONE]], %[[TM]]
// CHECK: arith.addf %[[SUM]], %[[MAX]]
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @rowsum(%p: tensor<32x128x!tt.ptr<f32>, #blocked>, %n: i32) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>> {
    %one = arith.constant dense<1.000000e+00> : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %c0 = arith.constant 0 : i32
    %c128 = arith.constant 128 : i32
    %r:2 = scf.for %k = %c0 to %n step %c128 iter_args(%acc = %one, %mx = %one) -> (tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>, tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>)  : i32 {
      %ks = tt.splat %k : i32 -> tensor<32x128xi32, #blocked>
      %pk = tt.addptr %p, %ks : tensor<32x128x!tt.ptr<f32>, #blocked>, tensor<32x128xi32, #blocked>
      %v = tt.load %pk : tensor<32x128x!tt.ptr<f32>, #blocked>
      %s = "tt.reduce"(%v) <{axis = 1 : i32}> ({
      ^bb0(%a: f32, %b: f32):
        %t = arith.addf %a, %b : f32
        tt.reduce.return %t : f32
      }) : (tensor<32x128xf32, #blocked>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
      %acc2 = arith.addf %acc, %s : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
      %m = "tt.reduce"(%v) <{axis = 1 : i32}> ({
      ^bb0(%a: f32, %b: f32):
        %t = arith.maxnumf %a, %b : f32
        tt.reduce.return %t : f32
      }) : (tensor<32x128xf32, #blocked>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
      %mx2 = arith.maxnumf %mx, %m : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
      scf.yield %acc2, %mx2 : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>, tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
    }
    %sum = arith.addf %r#0, %r#1 : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
    tt.return %sum : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
  }
}

// -----

// Elements a thread holds again (16 per row: 4 contiguous, repeated four
// times) all go to the new dimension; the product's neutral element is 1.
// CHECK-DAG: #[[L3:.*]] = #ttg.blocked<{sizePerThread = [1, 1, 4], threadsPerWarp = [4, 8, 1], warpsPerCTA = [4, 1, 1], order = [2, 1, 0]}>
// CHECK-LABEL: tt.func @repeats
// CHECK: arith.constant dense<1.000000e+00> : tensor<16x8xf32, #ttg.slice<{dim = 2, parent = #[[L3]]}>>
// CHECK: tt.reshape %{{.*}} allow_reorder efficient_layout : tensor<16x128xf32, #{{.*}}> -> tensor<16x8x16xf32, #[[L3]]>
// CHECK: arith.mulf
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @repeats(%p: tensor<16x128x!tt.ptr<f32>, #blocked>, %n: i32) -> tensor<16xf32, #ttg.slice<{dim = 1, parent = #blocked}>> {
    %two = arith.constant dense<2.000000e+00> : tensor<16xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %two) -> (tensor<16xf32, #ttg.slice<{dim = 1, parent = #blocked}>>)  : i32 {
      %v = tt.load %p : tensor<16x128x!tt.ptr<f32>, #blocked>
      %s = "tt.reduce"(%v) <{axis = 1 : i32}> ({
      ^bb0(%a: f32, %b: f32):
        %t = arith.mulf %a, %b : f32
        tt.reduce.return %t : f32
      }) : (tensor<16x128xf32, #blocked>) -> tensor<16xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
      %acc2 = arith.mulf %s, %acc : tensor<16xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
      scf.yield %acc2 : tensor<16xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
    }
    tt.return %r : tensor<16xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
  }
}

// -----

// Left alone: a reduce along a dimension other than the last; of a value
// not straight from a load; with one element per thread along its
// dimension; combined with the accumulator by another op; an accumulator
// used elsewhere in the loop; one that starts from a non-constant; a reduce
// outside a loop.
// CHECK-LABEL: tt.func @kept
// CHECK-NOT: tt.reshape
// CHECK-NOT: ttg.convert_layout
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#one = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @kept(%p: tensor<32x128x!tt.ptr<f32>, #blocked>, %q: tensor<32x32x!tt.ptr<f32>, #one>, %init: tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>, %n: i32)
      -> (tensor<128xf32, #ttg.slice<{dim = 0, parent = #blocked}>>, tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>, tensor<32xf32, #ttg.slice<{dim = 1, parent = #one}>>,
          tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>, tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>, tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>,
          tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>) {
    %z0 = arith.constant dense<0.000000e+00> : tensor<128xf32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %z1 = arith.constant dense<0.000000e+00> : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %zo = arith.constant dense<0.000000e+00> : tensor<32xf32, #ttg.slice<{dim = 1, parent = #one}>>
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %r:6 = scf.for %k = %c0 to %n step %c1 iter_args(%a0 = %z0, %a1 = %z1, %a2 = %zo, %a3 = %z1, %a4 = %z1, %a5 = %init)
        -> (tensor<128xf32, #ttg.slice<{dim = 0, parent = #blocked}>>, tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>, tensor<32xf32, #ttg.slice<{dim = 1, parent = #one}>>,
            tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>, tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>, tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>)  : i32 {
      %v = tt.load %p : tensor<32x128x!tt.ptr<f32>, #blocked>
      %s0 = "tt.reduce"(%v) <{axis = 0 : i32}> ({
      ^bb0(%a: f32, %b: f32):
        %t = arith.addf %a, %b : f32
        tt.reduce.return %t : f32
      }) : (tensor<32x128xf32, #blocked>) -> tensor<128xf32, #ttg.slice<{dim = 0, parent = #blocked}>>
      %b0 = arith.addf %a0, %s0 : tensor<128xf32, #ttg.slice<{dim = 0, parent = #blocked}>>
      %w = arith.mulf %v, %v : tensor<32x128xf32, #blocked>
      %s1 = "tt.reduce"(%w) <{axis = 1 : i32}> ({
      ^bb0(%a: f32, %b: f32):
        %t = arith.addf %a, %b : f32
        tt.reduce.return %t : f32
      }) : (tensor<32x128xf32, #blocked>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
      %b1 = arith.addf %a1, %s1 : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
      %u = tt.load %q : tensor<32x32x!tt.ptr<f32>, #one>
      %s2 = "tt.reduce"(%u) <{axis = 1 : i32}> ({
      ^bb0(%a: f32, %b: f32):
        %t = arith.addf %a, %b : f32
        tt.reduce.return %t : f32
      }) : (tensor<32x32xf32, #one>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #one}>>
      %b2 = arith.addf %a2, %s2 : tensor<32xf32, #ttg.slice<{dim = 1, parent = #one}>>
      %s3 = "tt.reduce"(%v) <{axis = 1 : i32}> ({
      ^bb0(%a: f32, %b: f32):
        %t = arith.maxnumf %a, %b : f32
        tt.reduce.return %t : f32
      }) : (tensor<32x128xf32, #blocked>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
      %b3 = arith.addf %a3, %s3 : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
      %s4 = "tt.reduce"(%v) <{axis = 1 : i32}> ({
      ^bb0(%a: f32, %b: f32):
        %t = arith.addf %a, %b : f32
        tt.reduce.return %t : f32
      }) : (tensor<32x128xf32, #blocked>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
      %b4 = arith.addf %a4, %s4 : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
      %e4 = arith.mulf %a4, %a4 : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
      %s5 = "tt.reduce"(%v) <{axis = 1 : i32}> ({
      ^bb0(%a: f32, %b: f32):
        %t = arith.addf %a, %b : f32
        tt.reduce.return %t : f32
      }) : (tensor<32x128xf32, #blocked>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
      %b5 = arith.addf %a5, %s5 : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
      scf.yield %b0, %b1, %b2, %b3, %b4, %b5 : tensor<128xf32, #ttg.slice<{dim = 0, parent = #blocked}>>, tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>, tensor<32xf32, #ttg.slice<{dim = 1, parent = #one}>>,
          tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>, tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>, tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
    }
    %v = tt.load %p : tensor<32x128x!tt.ptr<f32>, #blocked>
    %s6 = "tt.reduce"(%v) <{axis = 1 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %t = arith.addf %a, %b : f32
      tt.reduce.return %t : f32
    }) : (tensor<32x128xf32, #blocked>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %b6 = arith.addf %z1, %s6 : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
    tt.return %r#0, %r#1, %r#2, %r#3, %r#4, %r#5, %b6 : tensor<128xf32, #ttg.slice<{dim = 0, parent = #blocked}>>, tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>, tensor<32xf32, #ttg.slice<{dim = 1, parent = #one}>>,
        tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>, tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>, tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>,
        tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
  }
}
