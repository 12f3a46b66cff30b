// RUN: triton-opt %s -split-input-file -tritongpu-remove-layout-conversions | FileCheck %s

// A join converted afterwards is computed in the target layout when that
// layout keeps each pair in one thread: its halves are already there (a
// blocked layout with another order of its trivial dimensions counts).

// CHECK-LABEL: tt.func @interleave
// CHECK-NOT: ttg.convert_layout
// CHECK: %[[J:.*]] = tt.join %arg0, %arg1
// CHECK-NEXT: tt.return %[[J]]
#half = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [32, 1], warpsPerCTA = [2, 1], order = [0, 1]}>
#pairs = #ttg.blocked<{sizePerThread = [1, 8, 2], threadsPerWarp = [32, 1, 1], warpsPerCTA = [2, 1, 1], order = [0, 1, 2]}>
#other = #ttg.blocked<{sizePerThread = [1, 8, 2], threadsPerWarp = [32, 1, 1], warpsPerCTA = [2, 1, 1], order = [2, 0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @interleave(%re: tensor<64x8xf32, #half>, %im: tensor<64x8xf32, #half>) -> tensor<64x8x2xf32, #pairs> {
    %j = tt.join %re, %im : tensor<64x8xf32, #half> -> tensor<64x8x2xf32, #other>
    %c = ttg.convert_layout %j : tensor<64x8x2xf32, #other> -> tensor<64x8x2xf32, #pairs>
    tt.return %c : tensor<64x8x2xf32, #pairs>
  }
}

// -----

// A split of constants converted afterwards is computed in the layout whose
// halves are the target: a linear layout with the pair in each thread.

// CHECK-LABEL: tt.func @split_zeros
// CHECK-NOT: ttg.convert_layout
// CHECK: tt.split %{{.*}} : tensor<16x2xf32, #linear> -> tensor<16xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
// CHECK-NOT: ttg.convert_layout
#pair = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [32, 1], warpsPerCTA = [1, 1], order = [1, 0]}>
#flat = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
#wide = #ttg.blocked<{sizePerThread = [2, 2], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @split_zeros() -> tensor<16xf32, #ttg.slice<{dim = 1, parent = #wide}>> {
    %z = arith.constant dense<0.0> : tensor<16x2xf32, #pair>
    %a, %b = tt.split %z : tensor<16x2xf32, #pair> -> tensor<16xf32, #flat>
    %c = ttg.convert_layout %a : tensor<16xf32, #flat> -> tensor<16xf32, #ttg.slice<{dim = 1, parent = #wide}>>
    tt.return %c : tensor<16xf32, #ttg.slice<{dim = 1, parent = #wide}>>
  }
}

// -----

// A gather read once moves into the layout its result is converted to, its
// indices computed there; one with efficient_layout keeps its layout.

// CHECK-LABEL: tt.func @gather_rows
// CHECK: tt.make_range {{.*}} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #[[B:[a-z0-9_]+]]}>>
// CHECK: tt.gather {{.*}} -> tensor<1x32xf32, #[[B]]>
// CHECK-NOT: ttg.convert_layout
// CHECK-LABEL: tt.func @gather_rows_pinned
// CHECK: tt.gather
// CHECK: ttg.convert_layout
#a = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 1], order = [1, 0]}>
#b = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 1], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @gather_rows(%t: tensor<32x32xf32, #b>) -> tensor<1x32xf32, #b> {
    %r = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #a}>>
    %i = tt.expand_dims %r {axis = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #a}>> -> tensor<1x32xi32, #a>
    %g = tt.gather %t[%i] {axis = 0 : i32} : (tensor<32x32xf32, #b>, tensor<1x32xi32, #a>) -> tensor<1x32xf32, #a>
    %c = ttg.convert_layout %g : tensor<1x32xf32, #a> -> tensor<1x32xf32, #b>
    tt.return %c : tensor<1x32xf32, #b>
  }
  tt.func @gather_rows_pinned(%t: tensor<32x32xf32, #b>) -> tensor<1x32xf32, #b> {
    %r = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #a}>>
    %i = tt.expand_dims %r {axis = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #a}>> -> tensor<1x32xi32, #a>
    %g = tt.gather %t[%i] {axis = 0 : i32, efficient_layout} : (tensor<32x32xf32, #b>, tensor<1x32xi32, #a>) -> tensor<1x32xf32, #a>
    %c = ttg.convert_layout %g : tensor<1x32xf32, #a> -> tensor<1x32xf32, #b>
    tt.return %c : tensor<1x32xf32, #b>
  }
}

// -----

// A shared memory read used once reads straight into the layout its
// transpose needs to give the converted result.

// CHECK-LABEL: tt.func @read_transposed
// CHECK-NOT: ttg.convert_layout
// CHECK: ttg.local_load
// CHECK: tt.trans
// CHECK-NOT: ttg.convert_layout
// CHECK: tt.return
#src = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [2, 1], order = [1, 0]}>
#tr = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 2], order = [0, 1]}>
#dst = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 1], order = [1, 0]}>
#sh = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @read_transposed(%m: !ttg.memdesc<32x32xf16, #sh, #smem, mutable>) -> tensor<32x32xf16, #dst> {
    %v = ttg.local_load %m : !ttg.memdesc<32x32xf16, #sh, #smem, mutable> -> tensor<32x32xf16, #src>
    %t = tt.trans %v {order = array<i32: 1, 0>} : tensor<32x32xf16, #src> -> tensor<32x32xf16, #tr>
    %c = ttg.convert_layout %t : tensor<32x32xf16, #tr> -> tensor<32x32xf16, #dst>
    tt.return %c : tensor<32x32xf16, #dst>
  }
}

// -----

// A value converted once already is read in its converted form by the ops
// computed again after that conversion; a conversion made after the reader
// is not.

// CHECK-LABEL: tt.func @scale_after_convert
// CHECK: %[[T:.*]] = tt.trans
// CHECK-NEXT: %[[C:.*]] = ttg.convert_layout %[[T]]
// CHECK-NEXT: %[[S:.*]] = arith.mulf %[[C]], %{{.*}}
// CHECK-NEXT: tt.return %[[C]], %[[S]]
// CHECK-LABEL: tt.func @scale_before_convert
// CHECK-COUNT-2: ttg.convert_layout
#r = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [1, 32], warpsPerCTA = [2, 1], order = [1, 0]}>
#c = #ttg.blocked<{sizePerThread = [2, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 2], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @scale_after_convert(%x: tensor<32x32xf32, #r>) -> (tensor<32x32xf32, #r>, tensor<32x32xf32, #r>) {
    %k = arith.constant dense<3.0> : tensor<32x32xf32, #c>
    %t = tt.trans %x {order = array<i32: 1, 0>} : tensor<32x32xf32, #r> -> tensor<32x32xf32, #c>
    %a = ttg.convert_layout %t : tensor<32x32xf32, #c> -> tensor<32x32xf32, #r>
    %s = arith.mulf %t, %k : tensor<32x32xf32, #c>
    %b = ttg.convert_layout %s : tensor<32x32xf32, #c> -> tensor<32x32xf32, #r>
    tt.return %a, %b : tensor<32x32xf32, #r>, tensor<32x32xf32, #r>
  }
  tt.func @scale_before_convert(%x: tensor<32x32xf32, #r>) -> (tensor<32x32xf32, #r>, tensor<32x32xf32, #r>) {
    %k = arith.constant dense<3.0> : tensor<32x32xf32, #c>
    %t = tt.trans %x {order = array<i32: 1, 0>} : tensor<32x32xf32, #r> -> tensor<32x32xf32, #c>
    %s = arith.mulf %t, %k : tensor<32x32xf32, #c>
    %a = ttg.convert_layout %t : tensor<32x32xf32, #c> -> tensor<32x32xf32, #r>
    %b = ttg.convert_layout %s : tensor<32x32xf32, #c> -> tensor<32x32xf32, #r>
    tt.return %a, %b : tensor<32x32xf32, #r>, tensor<32x32xf32, #r>
  }
}
