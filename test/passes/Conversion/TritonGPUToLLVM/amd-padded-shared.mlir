// RUN: triton-opt %s -split-input-file --allocate-shared-memory --convert-triton-amdgpu-to-llvm=arch=gfx942 | FileCheck %s

// #ttg.padded_shared on AMD: the element offset in bytes, plus, per interval,
// (bytes >> log2 interval bytes) << log2 padding bytes, through an inbounds
// i8 GEP; the allocation counts the padding after every interval but the
// last (64 x 64 f16 with [128:+4, 256:+8]: 4096 + 31 * 4 + 15 * 8 elements).

// CHECK: ttg.shared = 8680 : i32
// CHECK-LABEL: padded_store_load
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 8], warpsPerCTA = [2, 2], order = [1, 0]}>
#shared = #ttg.padded_shared<[128:+4, 256:+8] {order = [1, 0], shape = [64, 64]}>
#smem = #ttg.shared_memory
module attributes {"ttg.target" = "hip:gfx942", "ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 64 : i32} {
  tt.func @padded_store_load(%arg0: tensor<64x64xf16, #blocked>) -> tensor<64x64xf16, #blocked> {
    // CHECK: %[[BYTES:.+]] = llvm.mul %{{.+}}, %{{.+}} : i32
    // CHECK: %[[SHR0:.+]] = llvm.ashr %[[BYTES]], %[[C8:.+]] : i32
    // CHECK: %[[SHL0:.+]] = llvm.shl %[[SHR0]], %[[C3:.+]] : i32
    // CHECK: %[[PAD0:.+]] = llvm.add %{{.+}}, %[[SHL0]] : i32
    // CHECK: %[[SHR1:.+]] = llvm.ashr %[[BYTES]], %[[C9:.+]] : i32
    // CHECK: %[[SHL1:.+]] = llvm.shl %[[SHR1]], %[[C4:.+]] : i32
    // CHECK: %[[PAD1:.+]] = llvm.add %[[PAD0]], %[[SHL1]] : i32
    // CHECK: %[[ADDR:.+]] = llvm.add %[[BYTES]], %[[PAD1]] : i32
    // CHECK: llvm.getelementptr inbounds %{{.+}}[%[[ADDR]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
    // CHECK-COUNT-16: llvm.store {{.*}} : vector<1xf16>, !llvm.ptr<3>
    %0 = ttg.local_alloc %arg0 : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    // CHECK-COUNT-16: llvm.load {{.*}} : !llvm.ptr<3> -> vector<1xf16>
    %1 = ttg.local_load %0 : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> tensor<64x64xf16, #blocked>
    tt.return %1 : tensor<64x64xf16, #blocked>
  }
}

// -----

// Vectors stay within the smallest interval: 8 f16 per thread in a row, but
// an interval of 4 elements, so two 4-element stores.
// CHECK-LABEL: padded_vector_limit
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
#shared = #ttg.padded_shared<[4:+4] {order = [1, 0], shape = [16, 32]}>
#smem = #ttg.shared_memory
module attributes {"ttg.target" = "hip:gfx942", "ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, "ttg.threads-per-warp" = 64 : i32} {
  tt.func @padded_vector_limit(%arg0: tensor<16x32xf16, #blocked>) {
    // CHECK-NOT: llvm.store
    // CHECK: llvm.store {{.*}} : vector<4xf16>
    // CHECK: llvm.store {{.*}} : vector<4xf16>
    // CHECK-NOT: llvm.store
    %0 = ttg.local_alloc %arg0 : (tensor<16x32xf16, #blocked>) -> !ttg.memdesc<16x32xf16, #shared, #smem, mutable>
    tt.return
  }
}

// -----

// Buffer 1 of 2 starts after 4096 elements and their 31 intervals' padding
// (both whole intervals: the padding adds up): 4096 * 2 bytes, shifted by
// log2(128 * 2) and back by log2(4 * 2).
// CHECK-LABEL: padded_index
#shared = #ttg.padded_shared<[128:+4] {order = [1, 0], shape = [64, 64]}>
#smem = #ttg.shared_memory
module attributes {"ttg.target" = "hip:gfx942", "ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 64 : i32} {
  tt.func @padded_index(%arg0: !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable>, %i: i32) {
    // CHECK: llvm.mlir.constant(4096 : i32)
    // CHECK: %[[C2:.+]] = llvm.mlir.constant(2 : i32)
    // CHECK-NEXT: %[[BYTES:.+]] = llvm.mul %{{.+}}, %[[C2]] : i32
    // CHECK-NEXT: llvm.mlir.constant(0 : i32)
    // CHECK: %[[C8:.+]] = llvm.mlir.constant(8 : i32)
    // CHECK-NEXT: %[[SHR:.+]] = llvm.ashr %[[BYTES]], %[[C8]] : i32
    // CHECK-NEXT: %[[C3:.+]] = llvm.mlir.constant(3 : i32)
    // CHECK-NEXT: llvm.shl %[[SHR]], %[[C3]] : i32
    // CHECK: llvm.getelementptr inbounds %{{.+}}[%{{.+}}] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
    %1 = ttg.memdesc_index %arg0[%i] : !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    tt.return
  }
}
