// RUN: not triton-opt %s -split-input-file --convert-triton-amdgpu-to-llvm=arch=gfx942 2>&1 | FileCheck %s

// #ttg.padded_shared buffers the lowering does not take: located errors.

// Buffer i starts at i * 2048 elements plus their padding, which is i * 2048's
// only when a buffer is a whole number of intervals.
// CHECK: error: ttg.memdesc_index of buffers of 2048 elements, not a whole number of padding intervals (4096), is not supported yet by the LLVM lowering

#shared = #ttg.padded_shared<[4096:+4] {order = [1, 0], shape = [32, 64]}>
#smem = #ttg.shared_memory
module attributes {"ttg.target" = "hip:gfx942", "ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 64 : i32} {
  tt.func @padded_index_partial_interval(%arg0: !ttg.memdesc<2x32x64xf16, #shared, #smem, mutable>, %i: i32) {
    %1 = ttg.memdesc_index %arg0[%i] : !ttg.memdesc<2x32x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<32x64xf16, #shared, #smem, mutable>
    tt.return
  }
}

// -----

// A reinterpretation of a padded buffer's bytes.
// CHECK: error: ttg.memdesc_reinterpret on a padded shared layout (#ttg.padded_shared) is not supported yet by the LLVM lowering
#shared = #ttg.padded_shared<[128:+4] {order = [1, 0], shape = [64, 64]}>
#flat = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.target" = "hip:gfx942", "ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 64 : i32} {
  tt.func @padded_reinterpret(%arg0: !ttg.memdesc<64x64xf16, #shared, #smem, mutable>) {
    %1 = ttg.memdesc_reinterpret %arg0 : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<4096xf16, #flat, #smem, mutable>
    tt.return
  }
}
