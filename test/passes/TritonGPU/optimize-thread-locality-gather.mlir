// RUN: triton-opt %s -split-input-file -tritongpu-optimize-thread-locality | FileCheck %s

// A row gather (axis 1) of a 32x16 tile by four indices a row. Sixteen lanes
// cover a row, the other two lanes of the warp take rows, and the four warps
// stack along the rows: every row is gathered inside one warp, by shuffles.
// Source, indices and result go through the new layout and back.

// CHECK: [[L:#.*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#tile = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [2, 2], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: @row_gather
  tt.func @row_gather(%x: tensor<32x16xf16, #tile>, %i: tensor<32x4xi32, #tile>) -> tensor<32x4xf16, #tile> {
    // CHECK-NEXT: [[X:%.*]] = ttg.convert_layout %{{.*}} : tensor<32x16xf16, #{{.*}}> -> tensor<32x16xf16, [[L]]>
    // CHECK-NEXT: [[I:%.*]] = ttg.convert_layout %{{.*}} : tensor<32x4xi32, #{{.*}}> -> tensor<32x4xi32, [[L]]>
    // CHECK-NEXT: [[G:%.*]] = tt.gather [[X]][[[I]]] {axis = 1 : i32, efficient_layout} : (tensor<32x16xf16, [[L]]>, tensor<32x4xi32, [[L]]>) -> tensor<32x4xf16, [[L]]>
    // CHECK-NEXT: [[R:%.*]] = ttg.convert_layout [[G]] : tensor<32x4xf16, [[L]]> -> tensor<32x4xf16, #{{.*}}>
    // CHECK-NEXT: tt.return [[R]]
    %g = tt.gather %x[%i] {axis = 1 : i32} : (tensor<32x16xf16, #tile>, tensor<32x4xi32, #tile>) -> tensor<32x4xf16, #tile>
    tt.return %g : tensor<32x4xf16, #tile>
  }
}

// -----

// A column gather with 64-lane warps: the 16 rows take 16 lanes, the other
// four go to columns; the 8 columns hold two warps of four lanes, and the
// two warps left over repeat along the gather axis.

// CHECK: [[L:#.*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [16, 4], warpsPerCTA = [2, 2], order = [0, 1]}>
#tile = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 8], warpsPerCTA = [2, 2], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 64 : i32} {
  // CHECK-LABEL: @column_gather_wave64
  tt.func @column_gather_wave64(%x: tensor<16x8xf32, #tile>, %i: tensor<16x8xi32, #tile>) -> tensor<16x8xf32, #tile> {
    // CHECK: tt.gather {{.*}} {axis = 0 : i32, efficient_layout} : (tensor<16x8xf32, [[L]]>, tensor<16x8xi32, [[L]]>) -> tensor<16x8xf32, [[L]]>
    %g = tt.gather %x[%i] {axis = 0 : i32} : (tensor<16x8xf32, #tile>, tensor<16x8xi32, #tile>) -> tensor<16x8xf32, #tile>
    tt.return %g : tensor<16x8xf32, #tile>
  }
}

// -----

// A 1-D gather and one whose layout was already chosen stay as they are.

#line = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#tile = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [2, 2], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {
  // CHECK-LABEL: @kept
  tt.func @kept(%x: tensor<512xf32, #line>, %i: tensor<64xi32, #line>, %y: tensor<32x16xf16, #tile>, %j: tensor<32x4xi32, #tile>) -> (tensor<64xf32, #line>, tensor<32x4xf16, #tile>) {
    // CHECK-NOT: ttg.convert_layout
    // CHECK: tt.gather %{{.*}} {axis = 0 : i32} : (tensor<512xf32, #{{.*}}>
    // CHECK-NOT: ttg.convert_layout
    // CHECK: tt.gather %{{.*}} {axis = 1 : i32, efficient_layout} : (tensor<32x16xf16, #{{.*}}>
    // CHECK-NOT: ttg.convert_layout
    %g = tt.gather %x[%i] {axis = 0 : i32} : (tensor<512xf32, #line>, tensor<64xi32, #line>) -> tensor<64xf32, #line>
    %h = tt.gather %y[%j] {axis = 1 : i32, efficient_layout} : (tensor<32x16xf16, #tile>, tensor<32x4xi32, #tile>) -> tensor<32x4xf16, #tile>
    tt.return %g, %h : tensor<64xf32, #line>, tensor<32x4xf16, #tile>
  }
}
