// RUN: triton-opt %s -split-input-file -convert-triton-gpu-to-llvm -canonicalize | FileCheck %s

// A dot on a blocked accumulator: each thread holds two accumulator elements
// (16x16 over 128 threads), whole rows of A and columns of B along K = 8, and
// does 8 fused multiply-adds per element, fp16 operands widened once each.
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func internal @fma
  // CHECK-SAME: %arg0: !llvm.struct<(f16, f16, f16, f16, f16, f16, f16, f16)>
  // CHECK-SAME: %arg1: !llvm.struct<(f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16)>
  // CHECK-COUNT-24: llvm.fpext
  // CHECK-NOT: llvm.fpext
  // CHECK-COUNT-16: llvm.intr.fmuladd
  // CHECK-NOT: llvm.intr.fmuladd
  tt.func private @fma(%a: tensor<16x8xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<8x16xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<16x16xf32, #blocked>) -> tensor<16x16xf32, #blocked> {
    %d = tt.dot %a, %b, %c : tensor<16x8xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<8x16xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<16x16xf32, #blocked>
    tt.return %d : tensor<16x16xf32, #blocked>
  }

  // Integer dots multiply and add.
  // CHECK-LABEL: llvm.func internal @int8
  // CHECK-COUNT-16: llvm.mul
  tt.func private @int8(%a: tensor<16x8xi8, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<8x16xi8, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<16x16xi32, #blocked>) -> tensor<16x16xi32, #blocked> {
    %d = tt.dot %a, %b, %c : tensor<16x8xi8, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<8x16xi8, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<16x16xi32, #blocked>
    tt.return %d : tensor<16x16xi32, #blocked>
  }
}

// -----

// A batched (3-D) dot on FMAs: 2 batches of 16x16 over 128 threads, each
// thread two accumulator elements of one batch, 8 fused multiply-adds each
// (K = 8), reading only its own batch's row of A and column of B.
#blocked3 = #ttg.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [1, 4, 8], warpsPerCTA = [2, 2, 1], order = [2, 1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func internal @fma_batched
  // CHECK-COUNT-32: llvm.intr.fmuladd
  // CHECK-NOT: llvm.intr.fmuladd
  tt.func private @fma_batched(%a: tensor<2x16x8xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked3}>>, %b: tensor<2x8x16xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked3}>>, %c: tensor<2x16x16xf32, #blocked3>) -> tensor<2x16x16xf32, #blocked3> {
    %d = tt.dot %a, %b, %c, inputPrecision = ieee : tensor<2x16x8xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked3}>> * tensor<2x8x16xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked3}>> -> tensor<2x16x16xf32, #blocked3>
    tt.return %d : tensor<2x16x16xf32, #blocked3>
  }
}
