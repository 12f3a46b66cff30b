// RUN: triton-opt %s -split-input-file | triton-opt -split-input-file | FileCheck %s
// ttg.fp4_to_fp with the layouts that keep the two values of each byte in
// one thread: the source layout is the result's with its first register step
// along the axis taken out.

#src = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [2, 2], order = [0, 1]}>
#dst = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [32, 1], warpsPerCTA = [2, 2], order = [0, 1]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 4], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: @blocked_and_dot_operand
  tt.func @blocked_and_dot_operand(%a: tensor<64x32xi8, #src>, %b: tensor<32x32xi8, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>) {
    // CHECK: ttg.fp4_to_fp %{{.*}} {axis = 1 : i32} : tensor<64x32xi8, #{{.*}}> -> tensor<64x64xf16, #{{.*}}>
    %0 = ttg.fp4_to_fp %a {axis = 1 : i32} : tensor<64x32xi8, #src> -> tensor<64x64xf16, #dst>
    // CHECK: ttg.fp4_to_fp %{{.*}} {axis = 1 : i32} : tensor<32x32xi8, #ttg.dot_op<{opIdx = 0, parent = #{{.*}}, kWidth = 4}>> -> tensor<32x64xbf16, #ttg.dot_op<{opIdx = 0, parent = #{{.*}}, kWidth = 8}>>
    %1 = ttg.fp4_to_fp %b {axis = 1 : i32} : tensor<32x32xi8, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> -> tensor<32x64xbf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 8}>>
    tt.return
  }
}

// -----

// Along a dimension that is not the fastest the result is a #ttg.linear; a
// register basis past the tensor's end holds nothing and is left out.
#src = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 64], warpsPerCTA = [2, 2], order = [1, 0]}>
#dst = #ttg.linear<{register = [[1, 0], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0], [128, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32]], warp = [[0, 64], [2, 0]], block = []}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 64 : i32} {
  // CHECK-LABEL: @linear_result
  tt.func @linear_result(%a: tensor<64x128xi8, #src>) {
    // CHECK: ttg.fp4_to_fp %{{.*}} {axis = 0 : i32} : tensor<64x128xi8, #{{.*}}> -> tensor<128x128xbf16, #{{.*}}>
    %0 = ttg.fp4_to_fp %a {axis = 0 : i32} : tensor<64x128xi8, #src> -> tensor<128x128xbf16, #dst>
    tt.return
  }
}
