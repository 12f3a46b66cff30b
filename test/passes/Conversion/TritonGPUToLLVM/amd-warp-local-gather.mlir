// RUN: triton-opt %s -split-input-file -allocate-shared-memory -convert-triton-amdgpu-to-llvm | FileCheck %s

// A warp-local gather on AMD: a row is 64 lanes of a wave, so each result
// register is one ds_bpermute (lane * 4 bytes) of its own register, with
// no LDS and no barrier.
// CHECK: module attributes {{.*}}ttg.shared = 0 : i32
// CHECK-LABEL: llvm.func @gather_rows
// CHECK-NOT: rocdl.{{(s\.)?}}barrier
// CHECK-NOT: !llvm.ptr<3>
// CHECK: %[[TWO:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK: %[[ADDR:.*]] = llvm.shl %{{.*}}, %[[TWO]] : i32
// CHECK: rocdl.ds_bpermute %[[ADDR]], %{{.*}} : (i32, i32) -> i32
// CHECK-COUNT-7: rocdl.ds_bpermute
// CHECK-NOT: rocdl.ds_bpermute
// CHECK-NOT: rocdl.{{(s\.)?}}barrier
// CHECK-NOT: !llvm.ptr<3>
// CHECK: llvm.return
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 64], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func public @gather_rows(%x: !tt.ptr<f32>, %i: !tt.ptr<i32>) {
    %xp = tt.splat %x : !tt.ptr<f32> -> tensor<32x64x!tt.ptr<f32>, #blocked>
    %v = tt.load %xp : tensor<32x64x!tt.ptr<f32>, #blocked>
    %ip = tt.splat %i : !tt.ptr<i32> -> tensor<32x64x!tt.ptr<i32>, #blocked>
    %idx = tt.load %ip : tensor<32x64x!tt.ptr<i32>, #blocked>
    %g = tt.gather %v[%idx] {axis = 1 : i32} : (tensor<32x64xf32, #blocked>, tensor<32x64xi32, #blocked>) -> tensor<32x64xf32, #blocked>
    tt.store %xp, %g : tensor<32x64x!tt.ptr<f32>, #blocked>
    tt.return
  }
}

// -----

// A wave of 64 lanes does not hold a row of 128 split over two waves: LDS.
// CHECK: module attributes {{.*}}ttg.shared = 4096 : i32
// CHECK-LABEL: llvm.func @gather_across_waves
// CHECK-NOT: rocdl.ds_bpermute
// CHECK: llvm.store %{{.*}}, %{{.*}} : {{.*}}, !llvm.ptr<3>
// CHECK: rocdl.barrier
// CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> vector<1xf32>
// CHECK-NOT: rocdl.ds_bpermute
// CHECK: llvm.return
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 64], warpsPerCTA = [2, 2], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func public @gather_across_waves(%x: !tt.ptr<f32>, %i: !tt.ptr<i32>) {
    %xp = tt.splat %x : !tt.ptr<f32> -> tensor<8x128x!tt.ptr<f32>, #blocked>
    %v = tt.load %xp : tensor<8x128x!tt.ptr<f32>, #blocked>
    %ip = tt.splat %i : !tt.ptr<i32> -> tensor<8x128x!tt.ptr<i32>, #blocked>
    %idx = tt.load %ip : tensor<8x128x!tt.ptr<i32>, #blocked>
    %g = tt.gather %v[%idx] {axis = 1 : i32} : (tensor<8x128xf32, #blocked>, tensor<8x128xi32, #blocked>) -> tensor<8x128xf32, #blocked>
    tt.store %xp, %g : tensor<8x128x!tt.ptr<f32>, #blocked>
    tt.return
  }
}
