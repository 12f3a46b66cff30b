// RUN: triton-opt %s -split-input-file -allocate-amdgpu-shared-memory -convert-triton-amdgpu-to-llvm=arch=gfx942 | FileCheck %s

// Triton 3.6's swizzled scratch in rounds: both layouts hold columns 32, 64
// and 128 in registers; 32 and 64 are the 16-byte vector, 128 lies above
// the swizzled tile and becomes the round. The scratch holds one 128 x 128
// tile (65536 bytes, the whole tensor would take 131072) and each thread
// stores its 16 vectors of a round, a barrier, loads its 16 vectors of that
// round, and waits again before the next round's stores.
// CHECK: ttg.shared = 65536 : i32
// CHECK-LABEL: llvm.func @rounds
// CHECK-COUNT-16: llvm.store {{.*}} : vector<4xi32>, !llvm.ptr<3>
// CHECK-NOT: !llvm.ptr<3>
// CHECK: rocdl.barrier
// CHECK-COUNT-16: llvm.load {{.*}} : !llvm.ptr<3> -> vector<4xi32>
// CHECK-NOT: !llvm.ptr<3>
// CHECK: rocdl.barrier
// CHECK-COUNT-16: llvm.store {{.*}} : vector<4xi32>, !llvm.ptr<3>
// CHECK-NOT: !llvm.ptr<3>
// CHECK: rocdl.barrier
// CHECK-COUNT-16: llvm.load {{.*}} : !llvm.ptr<3> -> vector<4xi32>
// CHECK-NOT: rocdl.barrier
// CHECK: llvm.return
#blocked1 = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [8, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked2 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @rounds(%x: tensor<128x256xi32, #blocked1>, %p: tensor<128x256x!tt.ptr<i32>, #blocked2>) {
    %c = ttg.convert_layout %x : tensor<128x256xi32, #blocked1> -> tensor<128x256xi32, #blocked2>
    tt.store %p, %c : tensor<128x256x!tt.ptr<i32>, #blocked2>
    tt.return
  }
}

// -----

// Bits both layouts hold in registers that fit the swizzled tile stay in it:
// one round, the whole tensor (16384 bytes), one barrier.
// CHECK: ttg.shared = 16384 : i32
// CHECK-LABEL: llvm.func @one_round
// CHECK-COUNT-4: llvm.store {{.*}} : vector<4xf32>, !llvm.ptr<3>
// CHECK: rocdl.barrier
// CHECK-COUNT-4: llvm.load {{.*}} : !llvm.ptr<3> -> vector<4xf32>
// CHECK-NOT: rocdl.barrier
// CHECK: llvm.return
#blocked0 = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [16, 4], warpsPerCTA = [2, 2], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [4, 16], warpsPerCTA = [2, 2], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @one_round(%x: tensor<64x64xf32, #blocked0>, %p: tensor<64x64x!tt.ptr<f32>, #blocked1>) {
    %c = ttg.convert_layout %x : tensor<64x64xf32, #blocked0> -> tensor<64x64xf32, #blocked1>
    tt.store %p, %c : tensor<64x64x!tt.ptr<f32>, #blocked1>
    tt.return
  }
}
