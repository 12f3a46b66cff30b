// amdg.extract_slice is the sub-tensor at its offsets and amdg.concat lays its
// sources out as tiles, row by row; layouts do not change the values.
// x[i, j] = 4 * i + j; `slice` gets rows 2 and 3 of x; `grid` the four 2x2
// quarters of x in reverse order (bottom-right quarter first).
// RUN: triton-run %s --grid 1 --arg 'grid=i32[16]:zeros' --arg 'slice=i32[8]:zeros' --print grid --print slice | FileCheck %s
// CHECK: grid:
// CHECK-NEXT: [10 11  8  9 14 15 12 13  2  3  0  1  6  7  4  5]
// CHECK: slice:
// CHECK-NEXT: [ 8  9 10 11 12 13 14 15]

#b = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [2, 2], warpsPerCTA = [1, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 4 : i32} {
  tt.func public @k(%grid: !tt.ptr<i32>, %slice: !tt.ptr<i32>) {
    %i = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32, #ttg.slice<{dim = 1, parent = #b}>>
    %i2 = tt.expand_dims %i {axis = 1 : i32} : tensor<4xi32, #ttg.slice<{dim = 1, parent = #b}>> -> tensor<4x1xi32, #b>
    %j = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32, #ttg.slice<{dim = 0, parent = #b}>>
    %j2 = tt.expand_dims %j {axis = 0 : i32} : tensor<4xi32, #ttg.slice<{dim = 0, parent = #b}>> -> tensor<1x4xi32, #b>
    %c4 = arith.constant dense<4> : tensor<4x1xi32, #b>
    %row = arith.muli %i2, %c4 : tensor<4x1xi32, #b>
    %rb = tt.broadcast %row : tensor<4x1xi32, #b> -> tensor<4x4xi32, #b>
    %jb = tt.broadcast %j2 : tensor<1x4xi32, #b> -> tensor<4x4xi32, #b>
    %x = arith.addi %rb, %jb : tensor<4x4xi32, #b>

    %q00 = amdg.extract_slice %x [0, 0] : tensor<4x4xi32, #b> to tensor<2x2xi32, #b>
    %q01 = amdg.extract_slice %x [0, 2] : tensor<4x4xi32, #b> to tensor<2x2xi32, #b>
    %q10 = amdg.extract_slice %x [2, 0] : tensor<4x4xi32, #b> to tensor<2x2xi32, #b>
    %q11 = amdg.extract_slice %x [2, 2] : tensor<4x4xi32, #b> to tensor<2x2xi32, #b>
    %g = amdg.concat %q11, %q10, %q01, %q00 : tensor<2x2xi32, #b>, tensor<2x2xi32, #b>, tensor<2x2xi32, #b>, tensor<2x2xi32, #b> -> tensor<4x4xi32, #b>
    %gp = tt.splat %grid : !tt.ptr<i32> -> tensor<4x4x!tt.ptr<i32>, #b>
    %gq = tt.addptr %gp, %x : tensor<4x4x!tt.ptr<i32>, #b>, tensor<4x4xi32, #b>
    tt.store %gq, %g : tensor<4x4x!tt.ptr<i32>, #b>

    %s = amdg.extract_slice %x [2, 0] : tensor<4x4xi32, #b> to tensor<2x4xi32, #b>
    %o = amdg.extract_slice %x [0, 0] : tensor<4x4xi32, #b> to tensor<2x4xi32, #b>
    %sp = tt.splat %slice : !tt.ptr<i32> -> tensor<2x4x!tt.ptr<i32>, #b>
    %sq = tt.addptr %sp, %o : tensor<2x4x!tt.ptr<i32>, #b>, tensor<2x4xi32, #b>
    tt.store %sq, %s : tensor<2x4x!tt.ptr<i32>, #b>
    tt.return
  }
}
