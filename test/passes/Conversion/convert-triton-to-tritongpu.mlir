// RUN: triton-opt %s -split-input-file -convert-triton-to-tritongpu='target=cuda:90 num-warps=4' | FileCheck %s
// RUN: triton-opt %s -split-input-file -convert-triton-to-tritongpu='target=hip:gfx942 num-warps=4 threads-per-warp=64' | FileCheck %s --check-prefix=WAVE64
// RUN: triton-opt %s -split-input-file -convert-triton-to-tritongpu='target=cuda:90 num-warps=4 num-ctas=2' | FileCheck %s --check-prefix=CTAS

// The default layouts: one element per thread, lanes then warps from the
// fastest dimension; the module records the options.
// CHECK-DAG: #[[B1:.*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-DAG: #[[B2:.*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
// CHECK: module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32}
// WAVE64-DAG: #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [64], warpsPerCTA = [4], order = [0]}>
// WAVE64: module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32}
// CTAS-DAG: #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0], CGALayout = {{\[\[}}1]]}>
// CTAS: "ttg.num-ctas" = 2 : i32
// CHECK-LABEL: tt.func public @defaults
tt.func public @defaults(%p: !tt.ptr<f32>, %q: tensor<64x64xf32>) -> tensor<64x64xf32> {
  // CHECK-SAME: %{{.*}}: tensor<64x64xf32, #[[B2]]>) -> tensor<64x64xf32, #[[B2]]>
  // CHECK: tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #[[B1]]>
  %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
  // CHECK: tt.splat %{{.*}} : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #[[B1]]>
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
  %pp = tt.addptr %ps, %r : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
  // CHECK: tt.load %{{.*}} : tensor<1024x!tt.ptr<f32>, #[[B1]]>
  %v = tt.load %pp : tensor<1024x!tt.ptr<f32>>
  // CHECK: arith.constant dense<1.000000e+00> : tensor<64x64xf32, #[[B2]]>
  %one = arith.constant dense<1.0> : tensor<64x64xf32>
  %s = arith.addf %q, %one : tensor<64x64xf32>
  // CHECK: tt.return %{{.*}} : tensor<64x64xf32, #[[B2]]>
  tt.return %s : tensor<64x64xf32>
}

// -----

// Broadcast keeps its source's layout; expand_dims takes a slice of its
// result's; convert_layout joins values whose layouts differ.
// CHECK-DAG: #[[COL:.*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[SQ:.*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
// CHECK-LABEL: tt.func public @shapes
tt.func public @shapes(%x: tensor<64xf32>) -> tensor<64x64xf32> {
  // CHECK: %[[S:.*]] = ttg.convert_layout %{{.*}} -> tensor<64xf32, #ttg.slice<{dim = 1, parent = #[[COL]]}>>
  // CHECK: %[[E:.*]] = tt.expand_dims %[[S]] {axis = 1 : i32} : tensor<64xf32, #ttg.slice<{dim = 1, parent = #[[COL]]}>> -> tensor<64x1xf32, #[[COL]]>
  %e = tt.expand_dims %x {axis = 1 : i32} : tensor<64xf32> -> tensor<64x1xf32>
  // CHECK: %[[B:.*]] = tt.broadcast %[[E]] : tensor<64x1xf32, #[[COL]]> -> tensor<64x64xf32, #[[COL]]>
  %b = tt.broadcast %e : tensor<64x1xf32> -> tensor<64x64xf32>
  // CHECK: %[[C:.*]] = ttg.convert_layout %[[B]] : tensor<64x64xf32, #[[COL]]> -> tensor<64x64xf32, #[[SQ]]>
  // CHECK: tt.return %[[C]]
  tt.return %b : tensor<64x64xf32>
}

// -----

// A reduce yields a slice of its source's layout.
// CHECK-DAG: #[[SQ:.*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
// CHECK-LABEL: tt.func public @reduce
tt.func public @reduce(%x: tensor<64x64xf32>) -> (tensor<64xf32>, f32) {
  // CHECK: "tt.reduce"(%{{.*}}) <{axis = 1 : i32}> ({
  // CHECK: }) : (tensor<64x64xf32, #[[SQ]]>) -> tensor<64xf32, #ttg.slice<{dim = 1, parent = #[[SQ]]}>>
  %r = "tt.reduce"(%x) <{axis = 1 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %m = arith.maxnumf %a, %b : f32
    tt.reduce.return %m : f32
  }) : (tensor<64x64xf32>) -> tensor<64xf32>
  // CHECK: ttg.convert_layout %{{.*}} : tensor<64xf32, #ttg.slice<{dim = 1, parent = #[[SQ]]}>> -> tensor<64xf32, #{{.*}}>
  // A rank-1 reduce still gives a scalar.
  // CHECK: "tt.reduce"
  // CHECK: -> f32
  %s = "tt.reduce"(%r) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %t = arith.addf %a, %b : f32
    tt.reduce.return %t : f32
  }) : (tensor<64xf32>) -> f32
  tt.return %r, %s : tensor<64xf32>, f32
}

// -----

// dot: the accumulator in 3.6's layout for dots (4x4 blocks per thread of
// a 64x64 tile over 128 threads), the operands in #ttg.dot_op layouts of it.
// CHECK-DAG: #[[ACC:.*]] = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-LABEL: tt.func public @dot
tt.func public @dot(%a: tensor<64x32xf16>, %b: tensor<32x64xf16>, %c: tensor<64x64xf32>) -> tensor<64x64xf32> {
  // CHECK: %[[A:.*]] = ttg.convert_layout %arg0 : {{.*}} -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #[[ACC]]}>>
  // CHECK: %[[B:.*]] = ttg.convert_layout %arg1 : {{.*}} -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #[[ACC]]}>>
  // CHECK: %[[C:.*]] = ttg.convert_layout %arg2 : {{.*}} -> tensor<64x64xf32, #[[ACC]]>
  // CHECK: tt.dot %[[A]], %[[B]], %[[C]], inputPrecision = tf32 : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #[[ACC]]}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #[[ACC]]}>> -> tensor<64x64xf32, #[[ACC]]>
  %d = tt.dot %a, %b, %c, inputPrecision = tf32 : tensor<64x32xf16> * tensor<32x64xf16> -> tensor<64x64xf32>
  tt.return %d : tensor<64x64xf32>
}

// -----

// trans permutes its source's layout; join adds a fastest dimension of two
// elements per thread; split takes it away.
// CHECK-DAG: #[[SRC:.*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[T:.*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [16, 2], warpsPerCTA = [1, 4], order = [0, 1]}>
// CHECK-DAG: #[[J:.*]] = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-LABEL: tt.func public @permutes
tt.func public @permutes(%x: tensor<16x16xf32>, %y: tensor<128xf32>) -> (tensor<16x16xf32>, tensor<128xf32>) {
  // CHECK: tt.trans %{{.*}} {order = array<i32: 1, 0>} : tensor<16x16xf32, #[[SRC]]> -> tensor<16x16xf32, #[[T]]>
  %t = tt.trans %x {order = array<i32: 1, 0>} : tensor<16x16xf32> -> tensor<16x16xf32>
  // CHECK: tt.join %{{.*}}, %{{.*}} : tensor<128xf32, #{{.*}}> -> tensor<128x2xf32, #[[J]]>
  %j = tt.join %y, %y : tensor<128xf32> -> tensor<128x2xf32>
  // CHECK: tt.split %{{.*}} : tensor<128x2xf32, #[[J]]> -> tensor<128xf32, #{{.*}}>
  %l, %r = tt.split %j : tensor<128x2xf32> -> tensor<128xf32>
  tt.return %t, %l : tensor<16x16xf32>, tensor<128xf32>
}

// -----

// Loops carry converted tensors.
// CHECK-LABEL: tt.func public @loop
tt.func public @loop(%n: i32) -> tensor<128xf32> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant dense<0.0> : tensor<128xf32>
  // CHECK: scf.for {{.*}} -> (tensor<128xf32, #[[L:.*]]>)
  // CHECK: scf.yield %{{.*}} : tensor<128xf32, #[[L]]>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<128xf32>) : i32 {
    %s = arith.addf %acc, %acc : tensor<128xf32>
    scf.yield %s : tensor<128xf32>
  }
  tt.return %r : tensor<128xf32>
}

// -----

// tt.cat's result holds, in each thread, its elements of both operands: two
// registers here, where the default layout of 128 elements would have one.
// CHECK-DAG: #[[HALF:.*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-DAG: #[[CAT:.*]] = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: tt.func public @cat
// CHECK: tt.cat %arg0, %arg0 : tensor<64xf32, #[[HALF]]> -> tensor<128xf32, #[[CAT]]>
tt.func public @cat(%x: tensor<64xf32>) -> tensor<128xf32> {
  %c = tt.cat %x, %x : tensor<64xf32> -> tensor<128xf32>
  tt.return %c : tensor<128xf32>
}

// -----

// Unstructured control flow: the branch's values and the block arguments they
// reach take the converted types too.
// CHECK-LABEL: @branch
// CHECK: cf.br ^bb1(%{{.*}} : tensor<64xi32, #[[$B1D:.*]]>)
// CHECK: ^bb1(%{{.*}}: tensor<64xi32, #[[$B1D]]>):
tt.func @branch(%p: !tt.ptr<i32>) {
  %c = arith.constant dense<7> : tensor<64xi32>
  cf.br ^bb1(%c : tensor<64xi32>)
^bb1(%v: tensor<64xi32>):
  %ptrs = tt.splat %p : !tt.ptr<i32> -> tensor<64x!tt.ptr<i32>>
  tt.store %ptrs, %v : tensor<64x!tt.ptr<i32>>
  tt.return
}

// -----

// TMA gather rows come four at a time to a thread: the row offsets take a
// slice of a layout holding 4 consecutive rows per thread, the same in every
// lane, warps along the columns.
// CHECK-DAG: #[[$ROWS:.*]] = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [1, 0]}>
// WAVE64-DAG: #[[$ROWS:.*]] = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [64, 1], warpsPerCTA = [1, 4], order = [1, 0]}>
// CHECK-LABEL: @gather_rows
// CHECK: %[[R:.*]] = ttg.convert_layout %{{.*}} -> tensor<16xi32, #ttg.slice<{dim = 0, parent = #[[$ROWS]]}>>
// CHECK: tt.descriptor_gather %{{.*}}[%[[R]], %{{.*}}]
// CHECK: %[[S:.*]] = ttg.convert_layout %{{.*}} -> tensor<16xi32, #ttg.slice<{dim = 0, parent = #[[$ROWS]]}>>
// CHECK: tt.descriptor_scatter %{{.*}}[%[[S]], %{{.*}}]
// WAVE64-LABEL: @gather_rows
tt.func @gather_rows(%d: !tt.tensordesc<tensor<1x64xf16>>, %rows: tensor<16xi32>, %col: i32) {
  %0 = tt.descriptor_gather %d[%rows, %col] : (!tt.tensordesc<tensor<1x64xf16>>, tensor<16xi32>, i32) -> tensor<16x64xf16>
  tt.descriptor_scatter %d[%rows, %col], %0 : !tt.tensordesc<tensor<1x64xf16>>, tensor<16xi32>, i32, tensor<16x64xf16>
  tt.return
}
