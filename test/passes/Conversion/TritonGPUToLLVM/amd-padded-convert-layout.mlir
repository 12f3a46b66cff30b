// RUN: triton-opt %s -split-input-file --allocate-shared-memory --convert-triton-amdgpu-to-llvm=arch=gfx942 --cse | FileCheck %s

// Triton 3.6's padded conversion: 64 x 64 f32 through a 32 x 32 tile (both
// layouts' CTA tiles), rows of 32 along the destination's dimension 0 padded
// by one element: offset + (offset >> 5) << 0, an inbounds f32 GEP. Four
// rounds of stores, barrier, loads, with a barrier between rounds: each
// thread stores single elements (its 4 along dimension 1 are a row apart)
// and loads its 4 along dimension 0 one by one too: a row starts one
// element after the previous one ends, so a 4-vector would be 16-byte
// aligned in one row of four (as 3.6, whose vectors divide the padding);
// the rounds reuse the tile's addresses.
// CHECK: ttg.shared = 4224 : i32
// CHECK-LABEL: llvm.func @padded_rounds
// CHECK-DAG: %[[C0:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-DAG: %[[C5:.*]] = llvm.mlir.constant(5 : i32) : i32
// CHECK-DAG: %[[ROW:.*]] = llvm.lshr %[[OFF:.*]], %[[C5]] : i32
// CHECK: %[[PAD:.*]] = llvm.shl %[[ROW]], %[[C0]] : i32
// CHECK-NEXT: %[[ADDR:.*]] = llvm.add %[[PAD]], %[[OFF]] : i32
// CHECK-NEXT: llvm.getelementptr inbounds %{{.*}}[%[[ADDR]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
// CHECK-COUNT-4: llvm.store {{.*}} {alignment = 4 : i64} : vector<1xf32>, !llvm.ptr<3>
// CHECK-NOT: llvm.store {{.*}} !llvm.ptr<3>
// CHECK: rocdl.barrier
// CHECK-COUNT-4: llvm.load {{.*}} {alignment = 4 : i64} : !llvm.ptr<3> -> vector<1xf32>
// CHECK: rocdl.barrier
// CHECK-COUNT-4: llvm.store {{.*}} {alignment = 4 : i64} : vector<1xf32>, !llvm.ptr<3>
// CHECK: rocdl.barrier
// CHECK-COUNT-4: llvm.load {{.*}} {alignment = 4 : i64} : !llvm.ptr<3> -> vector<1xf32>
// CHECK: rocdl.barrier
// CHECK-COUNT-4: llvm.store {{.*}} {alignment = 4 : i64} : vector<1xf32>, !llvm.ptr<3>
// CHECK: rocdl.barrier
// CHECK-COUNT-4: llvm.load {{.*}} {alignment = 4 : i64} : !llvm.ptr<3> -> vector<1xf32>
// CHECK: rocdl.barrier
// CHECK-COUNT-4: llvm.store {{.*}} {alignment = 4 : i64} : vector<1xf32>, !llvm.ptr<3>
// CHECK: rocdl.barrier
// CHECK-COUNT-4: llvm.load {{.*}} {alignment = 4 : i64} : !llvm.ptr<3> -> vector<1xf32>
// CHECK-NOT: llvm.load {{.*}} !llvm.ptr<3>
#blocked0 = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [16, 4], warpsPerCTA = [2, 2], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [4, 16], warpsPerCTA = [2, 2], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @padded_rounds(%arg0: tensor<64x64xf32, #blocked0>, %arg1: tensor<64x64x!tt.ptr<f32>, #blocked1>) {
    %0 = ttg.convert_layout %arg0 {amdg.use_padded_scratch_shmem} : tensor<64x64xf32, #blocked0> -> tensor<64x64xf32, #blocked1>
    tt.store %arg1, %0 : tensor<64x64x!tt.ptr<f32>, #blocked1>
    tt.return
  }
}
