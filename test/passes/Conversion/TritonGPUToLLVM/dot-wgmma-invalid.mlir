// RUN: not triton-opt %s -split-input-file -convert-triton-gpu-to-llvm 2>&1 | FileCheck %s
// RUN: not triton-opt %s -split-input-file -convert-triton-gpu-to-llvm='compute-capability=80' 2>&1 | FileCheck %s --check-prefix=CC80

// What wgmma cannot do, or the lowering does not do yet: a located error each.

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 32, 8]}>
#s32 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @tf32_transposed_b(%a: !ttg.memdesc<64x32xf32, #s32, #smem>, %b: !ttg.memdesc<32x32xf32, #s32, #smem>, %c: tensor<64x32xf32, #mma>) -> tensor<64x32xf32, #mma> {
    // CC80: :[[@LINE+2]]:10: error: ttng.warp_group_dot needs wgmma (compute capability 90), not 80
    // CHECK: :[[@LINE+1]]:10: error: ttng.warp_group_dot operand B in a transposed (M/N-major) layout, which wgmma reads only for 16-bit types, is not supported yet by the LLVM lowering
    %d = ttng.warp_group_dot %a, %b, %c {inputPrecision = 0 : i32} : !ttg.memdesc<64x32xf32, #s32, #smem> * !ttg.memdesc<32x32xf32, #s32, #smem> -> tensor<64x32xf32, #mma>
    tt.return %d : tensor<64x32xf32, #mma>
  }
}

// -----

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 32, 8]}>
#s32 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
#s32t = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 32}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @ieee_f32(%a: !ttg.memdesc<64x32xf32, #s32, #smem>, %b: !ttg.memdesc<32x32xf32, #s32t, #smem>, %c: tensor<64x32xf32, #mma>) -> tensor<64x32xf32, #mma> {
    // CHECK: :[[@LINE+1]]:10: error: ttng.warp_group_dot of 'f32' and 'f32' into 'f32' (input precision other than tf32) is not supported by wgmma
    %d = ttng.warp_group_dot %a, %b, %c {inputPrecision = 2 : i32} : !ttg.memdesc<64x32xf32, #s32, #smem> * !ttg.memdesc<32x32xf32, #s32t, #smem> -> tensor<64x32xf32, #mma>
    tt.return %d : tensor<64x32xf32, #mma>
  }
}

// -----

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 32, 16]}>
#s = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @bf16_into_f16(%a: !ttg.memdesc<64x32xbf16, #s, #smem>, %b: !ttg.memdesc<32x32xbf16, #s, #smem>, %c: tensor<64x32xf16, #mma>) -> tensor<64x32xf16, #mma> {
    // CHECK: :[[@LINE+1]]:10: error: ttng.warp_group_dot of 'bf16' and 'bf16' into 'f16' is not supported by wgmma
    %d = ttng.warp_group_dot %a, %b, %c {inputPrecision = 0 : i32} : !ttg.memdesc<64x32xbf16, #s, #smem> * !ttg.memdesc<32x32xbf16, #s, #smem> -> tensor<64x32xf16, #mma>
    tt.return %d : tensor<64x32xf16, #mma>
  }
}

// -----

// Without a swizzle the buffer is row-major: 32-byte rows are no canonical
// wgmma layout (its unswizzled 8-row core matrices have 16-byte rows).
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 32, 16]}>
#s0 = #ttg.nvmma_shared<{swizzlingByteWidth = 0, transposed = false, elementBitWidth = 16}>
#s = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @unswizzled(%a: !ttg.memdesc<64x16xf16, #s0, #smem>, %b: !ttg.memdesc<16x32xf16, #s, #smem>, %c: tensor<64x32xf32, #mma>) -> tensor<64x32xf32, #mma> {
    // CHECK: :[[@LINE+1]]:10: error: ttng.warp_group_dot operand A in a shared layout that is not a canonical wgmma layout (element (1, 0) of A) is not supported yet by the LLVM lowering
    %d = ttng.warp_group_dot %a, %b, %c {inputPrecision = 0 : i32} : !ttg.memdesc<64x16xf16, #s0, #smem> * !ttg.memdesc<16x32xf16, #s, #smem> -> tensor<64x32xf32, #mma>
    tt.return %d : tensor<64x32xf32, #mma>
  }
}

// -----

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 32, 16]}>
#s = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @a_kwidth(%a: tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>, %b: !ttg.memdesc<32x32xf16, #s, #smem>, %c: tensor<64x32xf32, #mma>) -> tensor<64x32xf32, #mma> {
    // The verifier rejects an A fragment of another kWidth first.
    // CHECK: :[[@LINE+1]]:10: error: 'ttng.warp_group_dot' op in-register LHS operand must have a kWidth of 2 but got 4
    %d = ttng.warp_group_dot %a, %b, %c {inputPrecision = 0 : i32} : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> * !ttg.memdesc<32x32xf16, #s, #smem> -> tensor<64x32xf32, #mma>
    tt.return %d : tensor<64x32xf32, #mma>
  }
}

// -----

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [2, 1], instrShape = [16, 32, 16]}>
#s = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @two_warps(%a: !ttg.memdesc<64x32xf16, #s, #smem>, %b: !ttg.memdesc<32x32xf16, #s, #smem>, %c: tensor<64x32xf32, #mma>) -> tensor<64x32xf32, #mma> {
    // CHECK: :[[@LINE+1]]:10: error: ttng.warp_group_dot needs whole warpgroups (4 warps along M) holding the wgmma accumulator fragment
    %d = ttng.warp_group_dot %a, %b, %c {inputPrecision = 0 : i32} : !ttg.memdesc<64x32xf16, #s, #smem> * !ttg.memdesc<32x32xf16, #s, #smem> -> tensor<64x32xf32, #mma>
    tt.return %d : tensor<64x32xf32, #mma>
  }
}
