// RUN: triton-opt %s -split-input-file -tritongpu-optimize-thread-locality | FileCheck %s

// An 8x8 tile viewed as 2 rows of 32 and summed along the rows. The view's
// result takes the default blocked layout of 2x32 with the reduced axis
// slowest (lanes over the two rows first), which keeps the view free: both
// layouts hold one element a thread and copy it across the same warp bit.
// The reduce reads it through a conversion back to its old layout.

// CHECK-DAG: [[SRC:#.*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [1, 0]}>
// CHECK-DAG: [[OLD:#.*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
// CHECK-DAG: [[NEW:#.*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [2, 16], warpsPerCTA = [1, 4], order = [0, 1]}>
#src = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [1, 0]}>
#rows = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {
  // CHECK-LABEL: @row_sums_of_view
  tt.func @row_sums_of_view(%x: tensor<8x8xf32, #src>) -> tensor<2xf32, #ttg.slice<{dim = 1, parent = #rows}>> {
    // CHECK: [[V:%.*]] = tt.reshape %{{.*}} allow_reorder efficient_layout : tensor<8x8xf32, [[SRC]]> -> tensor<2x32xf32, [[NEW]]>
    // CHECK-NEXT: [[C:%.*]] = ttg.convert_layout [[V]] : tensor<2x32xf32, [[NEW]]> -> tensor<2x32xf32, [[OLD]]>
    // CHECK-NEXT: "tt.reduce"([[C]]) <{axis = 1 : i32}>
    %v = tt.reshape %x allow_reorder : tensor<8x8xf32, #src> -> tensor<2x32xf32, #rows>
    %r = "tt.reduce"(%v) <{axis = 1 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      tt.reduce.return %s : f32
    }) : (tensor<2x32xf32, #rows>) -> tensor<2xf32, #ttg.slice<{dim = 1, parent = #rows}>>
    tt.return %r : tensor<2xf32, #ttg.slice<{dim = 1, parent = #rows}>>
  }
}

// -----

// Views kept as they are: a 4x16 source with two elements a thread and
// copies across lanes would need data to move for the same new layout (one
// element a thread, copies across warps); a view reduced along both axes
// has no single axis to favour; and a view reduced along an axis that each
// thread already holds whole gains nothing.

#src = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [16, 2], warpsPerCTA = [1, 4], order = [1, 0]}>
#rows = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
#whole = #ttg.blocked<{sizePerThread = [1, 32], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {
  // CHECK-LABEL: @kept
  tt.func @kept(%x: tensor<4x16xf32, #src>, %y: tensor<8x8xf32, #rows>, %z: tensor<64x64xf32, #rows>) -> (tensor<2xf32, #ttg.slice<{dim = 1, parent = #rows}>>, tensor<32xf32, #ttg.slice<{dim = 0, parent = #rows}>>, tensor<128xf32, #ttg.slice<{dim = 1, parent = #whole}>>) {
    // CHECK-NOT: efficient_layout
    // CHECK-NOT: ttg.convert_layout
    %v = tt.reshape %x allow_reorder : tensor<4x16xf32, #src> -> tensor<2x32xf32, #rows>
    %r = "tt.reduce"(%v) <{axis = 1 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      tt.reduce.return %s : f32
    }) : (tensor<2x32xf32, #rows>) -> tensor<2xf32, #ttg.slice<{dim = 1, parent = #rows}>>
    %w = tt.reshape %y allow_reorder : tensor<8x8xf32, #rows> -> tensor<2x32xf32, #rows>
    %r0 = "tt.reduce"(%w) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %s = arith.maximumf %a, %b : f32
      tt.reduce.return %s : f32
    }) : (tensor<2x32xf32, #rows>) -> tensor<32xf32, #ttg.slice<{dim = 0, parent = #rows}>>
    %r1 = "tt.reduce"(%w) <{axis = 1 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %s = arith.maximumf %a, %b : f32
      tt.reduce.return %s : f32
    }) : (tensor<2x32xf32, #rows>) -> tensor<2xf32, #ttg.slice<{dim = 1, parent = #rows}>>
    %u = tt.reshape %z allow_reorder : tensor<64x64xf32, #rows> -> tensor<128x32xf32, #whole>
    %r2 = "tt.reduce"(%u) <{axis = 1 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      tt.reduce.return %s : f32
    }) : (tensor<128x32xf32, #whole>) -> tensor<128xf32, #ttg.slice<{dim = 1, parent = #whole}>>
    tt.return %r, %r0, %r2 : tensor<2xf32, #ttg.slice<{dim = 1, parent = #rows}>>, tensor<32xf32, #ttg.slice<{dim = 0, parent = #rows}>>, tensor<128xf32, #ttg.slice<{dim = 1, parent = #whole}>>
  }
}
