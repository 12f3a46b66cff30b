// RUN: triton-opt %s -split-input-file -triton-nvidia-tma-lowering | FileCheck %s

// In a 2-CTA cluster each CTA's barrier waits for its own tile of the block:
// the 64 x 256 f16 block split along dim 1 (CGALayout [[0, 1]]) is 64 x 128
// elements, 16384 bytes, a CTA (the whole block would be 32768).
// CHECK-LABEL: tt.func public @load_split
// CHECK: ttng.barrier_expect %{{.*}}, 16384, %true
// CHECK: ttng.async_tma_copy_global_to_local
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [1, 32], warpsPerCTA = [8, 1], order = [1, 0], CGALayout = [[0, 1]]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CGALayout = [[0, 1]]}>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @load_split(%d: !tt.tensordesc<tensor<64x256xf16, #shared>>, %x: i32, %y: i32) -> tensor<64x256xf16, #blocked> {
    %t = tt.descriptor_load %d[%x, %y] : !tt.tensordesc<tensor<64x256xf16, #shared>> -> tensor<64x256xf16, #blocked>
    tt.return %t : tensor<64x256xf16, #blocked>
  }
}

// -----

// A block every CTA holds a copy of (CGALayout [[0, 0]]): each CTA loads
// all of it, 128 x 64 f16 = 16384 bytes.
// CHECK-LABEL: tt.func public @load_copy
// CHECK: ttng.barrier_expect %{{.*}}, 16384, %true
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0], CGALayout = [[0, 0]]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CGALayout = [[0, 0]]}>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @load_copy(%d: !tt.tensordesc<tensor<128x64xf16, #shared>>, %x: i32, %y: i32) -> tensor<128x64xf16, #blocked> {
    %t = tt.descriptor_load %d[%x, %y] : !tt.tensordesc<tensor<128x64xf16, #shared>> -> tensor<128x64xf16, #blocked>
    tt.return %t : tensor<128x64xf16, #blocked>
  }
}
