// RUN: triton-opt %s -split-input-file -tritongpu-remove-layout-conversions | FileCheck %s

// In a cluster (ttg.num-ctas > 1) reductions and scans combine within each
// CTA: a conversion into their operand's layout is not folded into them when
// the layout it comes from splits their axis over the CTAs (the reduce would
// end on a layout the lowering refuses, 3.6's assert). A 1-D reduction to a
// scalar of a tensor split over two CTAs keeps its conversion to the copies.
// CHECK-LABEL: tt.func @reduce_copies
// CHECK: %[[X:.*]] = tt.load
// CHECK: %[[Y:.*]] = ttg.convert_layout %[[X]] : tensor<1024xi32, #[[SPLIT:.*]]> -> tensor<1024xi32, #[[COPY:.*]]>
// CHECK: "tt.reduce"(%[[Y]])
// CHECK: (tensor<1024xi32, #[[COPY]]>) -> i32
#split = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0], CGALayout = [[1]]}>
#copy = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0], CGALayout = [[0]]}>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @reduce_copies(%p: tensor<1024x!tt.ptr<i32>, #split>, %out: !tt.ptr<i32>) {
    %x = tt.load %p : tensor<1024x!tt.ptr<i32>, #split>
    %y = ttg.convert_layout %x : tensor<1024xi32, #split> -> tensor<1024xi32, #copy>
    %s = "tt.reduce"(%y) <{axis = 0 : i32}> ({
    ^bb0(%a: i32, %b: i32):
      %c = arith.maxsi %a, %b : i32
      tt.reduce.return %c : i32
    }) : (tensor<1024xi32, #copy>) -> i32
    tt.store %out, %s : !tt.ptr<i32>
    tt.return
  }
}

// -----

// The same for a scan along the split axis.
// CHECK-LABEL: tt.func @scan_copies
// CHECK: %[[X:.*]] = tt.load
// CHECK: %[[Y:.*]] = ttg.convert_layout %[[X]] : tensor<1024xi32, #[[SPLIT:.*]]> -> tensor<1024xi32, #[[COPY:.*]]>
// CHECK: "tt.scan"(%[[Y]])
// CHECK: (tensor<1024xi32, #[[COPY]]>) -> tensor<1024xi32, #[[COPY]]>
#split = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0], CGALayout = [[1]]}>
#copy = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0], CGALayout = [[0]]}>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @scan_copies(%p: tensor<1024x!tt.ptr<i32>, #split>, %q: tensor<1024x!tt.ptr<i32>, #copy>) {
    %x = tt.load %p : tensor<1024x!tt.ptr<i32>, #split>
    %y = ttg.convert_layout %x : tensor<1024xi32, #split> -> tensor<1024xi32, #copy>
    %s = "tt.scan"(%y) <{axis = 0 : i32, reverse = false}> ({
    ^bb0(%a: i32, %b: i32):
      %c = arith.addi %a, %b : i32
      tt.scan.return %c : i32
    }) : (tensor<1024xi32, #copy>) -> tensor<1024xi32, #copy>
    tt.store %q, %s : tensor<1024x!tt.ptr<i32>, #copy>
    tt.return
  }
}

// -----

// A while loop's condition reduced to a scalar (collatz): the loop-carried
// flags stay split, the reduction reads them converted to the copies.
// CHECK-LABEL: tt.func @while_any
// CHECK: scf.while
// CHECK: %[[F:.*]] = ttg.convert_layout %{{.*}} : tensor<1024xi1, #[[SPLIT:.*]]> -> tensor<1024xi1, #[[COPY:.*]]>
// CHECK: %[[W:.*]] = arith.extui %[[F]] : tensor<1024xi1, #[[COPY]]>
// CHECK: "tt.reduce"(%[[W]])
#split = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0], CGALayout = [[1]]}>
#copy = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0], CGALayout = [[0]]}>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @while_any(%p: tensor<1024x!tt.ptr<i32>, #split>, %v: tensor<1024xi32, #split>) {
    %c0_i32 = arith.constant 0 : i32
    %one = arith.constant dense<1> : tensor<1024xi32, #split>
    %act = arith.cmpi sgt, %v, %one : tensor<1024xi32, #split>
    %r:2 = scf.while (%x = %v, %f = %act) : (tensor<1024xi32, #split>, tensor<1024xi1, #split>) -> (tensor<1024xi32, #split>, tensor<1024xi1, #split>) {
      %fc = ttg.convert_layout %f : tensor<1024xi1, #split> -> tensor<1024xi1, #copy>
      %w = arith.extui %fc : tensor<1024xi1, #copy> to tensor<1024xi32, #copy>
      %any = "tt.reduce"(%w) <{axis = 0 : i32}> ({
      ^bb0(%a: i32, %b: i32):
        %m = arith.maxsi %a, %b : i32
        tt.reduce.return %m : i32
      }) : (tensor<1024xi32, #copy>) -> i32
      %go = arith.cmpi sgt, %any, %c0_i32 : i32
      %fs = ttg.convert_layout %fc : tensor<1024xi1, #copy> -> tensor<1024xi1, #split>
      scf.condition(%go) %x, %fs : tensor<1024xi32, #split>, tensor<1024xi1, #split>
    } do {
    ^bb0(%x: tensor<1024xi32, #split>, %f: tensor<1024xi1, #split>):
      %h = arith.shrsi %x, %one : tensor<1024xi32, #split>
      %g = arith.cmpi sgt, %h, %one : tensor<1024xi32, #split>
      scf.yield %h, %g : tensor<1024xi32, #split>, tensor<1024xi1, #split>
    }
    tt.store %p, %r#0 : tensor<1024x!tt.ptr<i32>, #split>
    tt.return
  }
}

// -----

// A reduction along a dimension the CTAs do not split still takes the
// conversion's source layout (rows split over the CTAs, each row reduced in
// its CTA).
// CHECK-LABEL: tt.func @reduce_rows
// CHECK-NOT: ttg.convert_layout
// CHECK: "tt.reduce"(%{{.*}}) <{axis = 1 : i32}>
// CHECK: (tensor<64x64xf32, #[[ROWS:.*]]>) -> tensor<64xf32, #ttg.slice<{dim = 1, parent = #[[ROWS]]}>>
#rows = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1, 0]]}>
#other = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1], CGALayout = [[1, 0]]}>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @reduce_rows(%p: tensor<64x64x!tt.ptr<f32>, #rows>) -> tensor<64xf32, #ttg.slice<{dim = 1, parent = #other}>> {
    %x = tt.load %p : tensor<64x64x!tt.ptr<f32>, #rows>
    %y = ttg.convert_layout %x : tensor<64x64xf32, #rows> -> tensor<64x64xf32, #other>
    %s = "tt.reduce"(%y) <{axis = 1 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %c = arith.addf %a, %b : f32
      tt.reduce.return %c : f32
    }) : (tensor<64x64xf32, #other>) -> tensor<64xf32, #ttg.slice<{dim = 1, parent = #other}>>
    tt.return %s : tensor<64xf32, #ttg.slice<{dim = 1, parent = #other}>>
  }
}
