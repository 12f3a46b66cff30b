// RUN: triton-opt %s -split-input-file -tritongpu-remove-layout-conversions | FileCheck %s

// A tensor argument's layout flows on to the values computed from it,
// through loops too; the conversion moves to the op that needs another
// layout (here the store).

// CHECK-LABEL: tt.func @scaled_copy
// CHECK-NOT: ttg.convert_layout
// CHECK: arith.mulf %arg0, %arg0 : tensor<256x4xf32, #[[IN:[a-z0-9_]+]]>
// CHECK: scf.for {{.*}} -> (tensor<256x4xf32, #[[IN]]>)
// CHECK: arith.addf {{.*}} : tensor<256x4xf32, #[[IN]]>
// CHECK: scf.yield
// CHECK: ttg.convert_layout {{.*}} : tensor<256x4xf32, #[[IN]]> -> tensor<256x4xf32, #[[OUT:[a-z0-9_]+]]>
// CHECK: tt.store {{.*}} : tensor<256x4x!tt.ptr<f32>, #[[OUT]]>
#in = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [2, 1], order = [1, 0]}>
#out = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [32, 1], warpsPerCTA = [2, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @scaled_copy(%x: tensor<256x4xf32, #in>, %p: tensor<256x4x!tt.ptr<f32>, #out>) {
    %lo = arith.constant 0 : i32
    %hi = arith.constant 4 : i32
    %one = arith.constant 1 : i32
    %c = ttg.convert_layout %x : tensor<256x4xf32, #in> -> tensor<256x4xf32, #out>
    %sq = arith.mulf %c, %c : tensor<256x4xf32, #out>
    %r = scf.for %i = %lo to %hi step %one iter_args(%acc = %sq) -> (tensor<256x4xf32, #out>) : i32 {
      %d = arith.addf %acc, %acc : tensor<256x4xf32, #out>
      scf.yield %d : tensor<256x4xf32, #out>
    }
    tt.store %p, %r : tensor<256x4x!tt.ptr<f32>, #out>
    tt.return
  }
}

// -----

// Without ttg.threads-per-warp a warp has 32 threads: a 64x64 load is
// bigger than the program's 128 threads, so it keeps its coalesced layout and
// the conversion stays before the store.

// CHECK-LABEL: tt.func @transpose_tile
// CHECK: %[[V:.*]] = tt.load {{.*}} : tensor<64x64x!tt.ptr<f32>, #[[ROWS:[a-z0-9_]+]]>
// CHECK: %[[C:.*]] = ttg.convert_layout %[[V]] : tensor<64x64xf32, #[[ROWS]]> -> tensor<64x64xf32, #[[COLS:[a-z0-9_]+]]>
// CHECK: tt.store {{.*}}, %[[C]] : tensor<64x64x!tt.ptr<f32>, #[[COLS]]>
#rows = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [1, 4], order = [1, 0]}>
#cols = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {
  tt.func @transpose_tile(%src: !tt.ptr<f32>, %dst: !tt.ptr<f32>) {
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #rows}>>
    %r2 = tt.expand_dims %r {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #rows}>> -> tensor<1x64xi32, #rows>
    %rb = tt.broadcast %r2 : tensor<1x64xi32, #rows> -> tensor<64x64xi32, #rows>
    %s = tt.splat %src : !tt.ptr<f32> -> tensor<64x64x!tt.ptr<f32>, #rows>
    %ps = tt.addptr %s, %rb : tensor<64x64x!tt.ptr<f32>, #rows>, tensor<64x64xi32, #rows>
    %v = tt.load %ps : tensor<64x64x!tt.ptr<f32>, #rows>
    %c = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #cols}>>
    %c2 = tt.expand_dims %c {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #cols}>> -> tensor<64x1xi32, #cols>
    %cb = tt.broadcast %c2 : tensor<64x1xi32, #cols> -> tensor<64x64xi32, #cols>
    %d = tt.splat %dst : !tt.ptr<f32> -> tensor<64x64x!tt.ptr<f32>, #cols>
    %pd = tt.addptr %d, %cb : tensor<64x64x!tt.ptr<f32>, #cols>, tensor<64x64xi32, #cols>
    %vc = ttg.convert_layout %v : tensor<64x64xf32, #rows> -> tensor<64x64xf32, #cols>
    tt.store %pd, %vc : tensor<64x64x!tt.ptr<f32>, #cols>
    tt.return
  }
}

// -----

// Two MMA tiles of different instruction shapes meet in an add: the
// argument's conversion into the other MMA layout stays where it was
// written, before the broadcast of the row vector, rather than moving down
// to the add.
// CHECK-LABEL: tt.func @mixed_mma_add
// CHECK-NEXT: %[[T:.*]] = ttg.convert_layout %arg0 : tensor<64x128xf32, #[[WIDE:[a-z0-9_]+]]> -> tensor<64x128xf32, #[[NARROW:[a-z0-9_]+]]>
// CHECK-NEXT: %[[R:.*]] = tt.broadcast %arg1 : tensor<64x1xf32, #[[NARROW]]> -> tensor<64x128xf32, #[[NARROW]]>
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[T]], %[[R]]
// CHECK-NEXT: ttg.convert_layout %[[S]]
#wide = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#narrow = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#out = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @mixed_mma_add(%tile: tensor<64x128xf32, #wide>, %row: tensor<64x1xf32, #narrow>) -> tensor<64x128xf32, #out> {
    %t = ttg.convert_layout %tile : tensor<64x128xf32, #wide> -> tensor<64x128xf32, #narrow>
    %r = tt.broadcast %row : tensor<64x1xf32, #narrow> -> tensor<64x128xf32, #narrow>
    %s = arith.addf %t, %r : tensor<64x128xf32, #narrow>
    %o = ttg.convert_layout %s : tensor<64x128xf32, #narrow> -> tensor<64x128xf32, #out>
    tt.return %o : tensor<64x128xf32, #out>
  }
}
