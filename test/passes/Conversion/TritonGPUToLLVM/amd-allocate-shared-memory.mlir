// RUN: triton-opt %s -split-input-file -allocate-amdgpu-shared-memory | FileCheck %s

// Buffers live at the same time get separate offsets; the conversion's
// swizzled scratch is reused after the buffer it outlives.
// CHECK: module attributes {{.*}}ttg.shared = 32768 : i32
// CHECK-LABEL: tt.func @buffers
// CHECK: ttg.local_alloc {allocation.offset = 0 : i32}
// CHECK: ttg.local_alloc {allocation.offset = 16384 : i32}
// CHECK: ttg.convert_layout %arg0 {allocation.offset = 0 : i32}
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [16, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @buffers(%x: tensor<64x64xf32, #blocked>, %p: tensor<64x64x!tt.ptr<f32>, #blocked1>) {
    %a = ttg.local_alloc : () -> !ttg.memdesc<64x64xf32, #shared, #smem, mutable>
    %b = ttg.local_alloc : () -> !ttg.memdesc<64x64xf32, #shared, #smem, mutable>
    ttg.local_store %x, %a : tensor<64x64xf32, #blocked> -> !ttg.memdesc<64x64xf32, #shared, #smem, mutable>
    ttg.local_store %x, %b : tensor<64x64xf32, #blocked> -> !ttg.memdesc<64x64xf32, #shared, #smem, mutable>
    ttg.local_dealloc %a : !ttg.memdesc<64x64xf32, #shared, #smem, mutable>
    %c = ttg.convert_layout %x : tensor<64x64xf32, #blocked> -> tensor<64x64xf32, #blocked1>
    tt.store %p, %c : tensor<64x64x!tt.ptr<f32>, #blocked1>
    ttg.local_dealloc %b : !ttg.memdesc<64x64xf32, #shared, #smem, mutable>
    tt.return
  }
}

// -----

// A conversion marked for padded scratch gets its padded tile (the lowering
// goes through it): both CTA tiles give 64 x 64, rows of 64 along the
// destination's dimension 0, one element of padding each (both sides move
// single elements): 64 * 65 * 4 bytes.
// CHECK: module attributes {{.*}}ttg.shared = 16640 : i32
// CHECK: ttg.convert_layout %arg0 {allocation.offset = 0 : i32, amdg.use_padded_scratch_shmem}
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [16, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @padded(%x: tensor<64x64xf32, #blocked>, %p: tensor<64x64x!tt.ptr<f32>, #blocked1>) {
    %c = ttg.convert_layout %x {amdg.use_padded_scratch_shmem} : tensor<64x64xf32, #blocked> -> tensor<64x64xf32, #blocked1>
    tt.store %p, %c : tensor<64x64x!tt.ptr<f32>, #blocked1>
    tt.return
  }
}

// -----

// Triton 3.6's swizzled scratch in rounds (its allocate_shared_memory.mlir
// case): 256 x 256 i32, the source's registers [8, 4] repeated along
// dimension 1, the destination's single elements. Both hold columns 32, 64
// and 128 in registers: 32 and 64 make the 16-byte vector, 128 lies in the
// segment and becomes two rounds of a 256 x 128 tile, 131072 bytes (the
// whole tensor would take 262144).
// CHECK: module attributes {{.*}}ttg.shared = 131072 : i32
// CHECK-LABEL: tt.func @swizzled_rounds
// CHECK: ttg.convert_layout %arg0 {allocation.offset = 0 : i32}
#blocked1 = #ttg.blocked<{sizePerThread = [8, 4], threadsPerWarp = [8, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked2 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @swizzled_rounds(%x: tensor<256x256xi32, #blocked1>) {
    %c = ttg.convert_layout %x : tensor<256x256xi32, #blocked1> -> tensor<256x256xi32, #blocked2>
    tt.return
  }
}
