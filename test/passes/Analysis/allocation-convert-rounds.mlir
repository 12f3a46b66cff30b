// RUN: triton-opt %s -split-input-file -allocate-shared-memory | FileCheck %s

// A conversion through shared memory gets one round of Triton 3.6's swizzled
// scratch (passes/Analysis/SwizzledScratch.h): register bits both layouts
// hold above the swizzled tile are rounds. 64 x 256 i32: columns 32 and 64
// make the 16-byte vector, 128 the round: 32768 of the 65536 bytes.
// CHECK: ttg.shared = 32768 : i32
// CHECK-LABEL: tt.func @rounds
#src = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [8, 4], warpsPerCTA = [2, 2], order = [1, 0]}>
#dst = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [2, 2], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @rounds(%x: tensor<64x256xi32, #src>) {
    %c = ttg.convert_layout %x : tensor<64x256xi32, #src> -> tensor<64x256xi32, #dst>
    tt.return
  }
}

// -----

// An mma accumulator's 16-bit elements to the blocked layout stores want:
// the NVIDIA lowering reads them back as 8 x 8 matrices (ldmatrix), a route
// through the whole tensor at once, so it keeps the whole tensor (32768
// bytes) where the swizzled rounds would take 8192.
// CHECK: ttg.shared = 32768 : i32
// CHECK-LABEL: tt.func @matrix_rows
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [1, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @matrix_rows(%x: tensor<128x128xf16, #mma>) {
    %c = ttg.convert_layout %x : tensor<128x128xf16, #mma> -> tensor<128x128xf16, #blocked>
    tt.return
  }
}

// -----

// The same conversion for an AMD target (no matrix loads): four rounds.
// CHECK: ttg.shared = 8192 : i32
// CHECK-LABEL: tt.func @matrix_rows_amd
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [1, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @matrix_rows_amd(%x: tensor<128x128xf16, #mma>) {
    %c = ttg.convert_layout %x : tensor<128x128xf16, #mma> -> tensor<128x128xf16, #blocked>
    tt.return
  }
}
