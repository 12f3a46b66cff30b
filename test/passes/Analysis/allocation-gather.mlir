// RUN: triton-opt %s -split-input-file -test-print-allocation -verify-diagnostics -o /dev/null
// RUN: triton-opt %s -split-input-file -allocate-shared-memory | FileCheck %s

// Triton 3.6's two warp-local gathers (gather_2d): every element a
// result element names is in its warp, so no scratch, as in Triton 3.6.
#blocked1 = #ttg.blocked<{sizePerThread = [2, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1]}>
#blocked2 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-LABEL: module
// CHECK-SAME: ttg.shared = 0 : i32
// CHECK: tt.gather %{{.*}} {axis = 0 : i32, efficient_layout} :
// CHECK-NOT: allocation.offset
// CHECK: tt.gather %{{.*}} {axis = 1 : i32, efficient_layout} :
// CHECK-NOT: allocation.offset
// CHECK: tt.return
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // expected-remark @below {{size = 0}}
  tt.func public @warp_local(%a: tensor<64x32xf32, #blocked1>, %ia: tensor<64x32xi32, #blocked1>,
                             %b: tensor<64x32xf32, #blocked2>, %ib: tensor<64x32xi32, #blocked2>) {
    %0 = tt.gather %a[%ia] {axis = 0 : i32, efficient_layout} : (tensor<64x32xf32, #blocked1>, tensor<64x32xi32, #blocked1>) -> tensor<64x32xf32, #blocked1>
    %1 = tt.gather %b[%ib] {axis = 1 : i32, efficient_layout} : (tensor<64x32xf32, #blocked2>, tensor<64x32xi32, #blocked2>) -> tensor<64x32xf32, #blocked2>
    tt.return
  }
}

// -----

// Warp-local with a narrower source (its lanes repeat it) and indices in
// another layout whose warps take the same rows: no scratch either.
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#linear = #ttg.linear<{register = [[0, 1], [4, 0], [8, 0], [16, 0], [32, 0]], lane = [[0, 2], [0, 4], [0, 8], [0, 16], [0, 0]], warp = [[1, 0], [2, 0]], block = []}>
// CHECK-LABEL: module
// CHECK-SAME: ttg.shared = 0 : i32
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // expected-remark @below {{size = 0}}
  tt.func public @other_index_layout(%x: tensor<64x16xi8, #blocked>, %i: tensor<64x32xi16, #linear>) {
    %0 = tt.gather %x[%i] {axis = 1 : i32} : (tensor<64x16xi8, #blocked>, tensor<64x32xi16, #linear>) -> tensor<64x32xi8, #linear>
    tt.return
  }
}

// -----

// Not warp-local, attribute or not: the warps split the axis (first), the
// index rows are held by other warps than the source's (second). Each
// takes its whole source as scratch.
#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked2 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-LABEL: module
// CHECK-SAME: ttg.shared = 1024 : i32
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // expected-remark @below {{size = 1024}}
  tt.func public @through_shared(%x: tensor<256xf32, #blocked>, %i: tensor<256xi32, #blocked>,
                                 %y: tensor<16x16xf16, #blocked1>, %j: tensor<16x4xi32, #blocked2>) {
    // expected-remark @below {{scratch offset = 0, size = 1024}}
    %0 = tt.gather %x[%i] {axis = 0 : i32, efficient_layout} : (tensor<256xf32, #blocked>, tensor<256xi32, #blocked>) -> tensor<256xf32, #blocked>
    // expected-remark @below {{scratch offset = 0, size = 512}}
    %1 = tt.gather %y[%j] {axis = 1 : i32} : (tensor<16x16xf16, #blocked1>, tensor<16x4xi32, #blocked2>) -> tensor<16x4xf16, #blocked2>
    tt.return
  }
}
