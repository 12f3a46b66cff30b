// RUN: triton-opt %s -split-input-file -tritongpu-accelerate-matmul -verify-diagnostics

// wgmma reads 8-bit operands K-major only: an fp8 B held N-major in
// registers is transposed on its way to shared memory, which is worth a
// warning (its load cannot be pipelined either until
// -tritongpu-transpose-narrow-operands stages it). fp16 takes either order.
#blocked = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#A = #ttg.dot_op<{opIdx = 0, parent = #blocked}>
#B = #ttg.dot_op<{opIdx = 1, parent = #blocked}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @n_major_fp8(%a: tensor<64x64xf8E4M3FN, #A>, %b: tensor<64x128xf8E4M3FN, #B>, %c: tensor<64x128xf32, #blocked>,
                       %ha: tensor<64x64xf16, #A>, %hb: tensor<64x128xf16, #B>) -> (tensor<64x128xf32, #blocked>, tensor<64x128xf32, #blocked>) {
    // expected-warning @below {{Forcing a different order [0, 1] on operand 1 in shared memory than its registers' order: wgmma reads 'f8E4M3FN' K-major only, so the registers are transposed before the store, which keeps the operand's load from being pipelined unless -tritongpu-transpose-narrow-operands stages it (as make_ttgir does outside compat=3.6), or the operand is stored K-major in global memory}}
    %d = tt.dot %a, %b, %c, inputPrecision = tf32 {maxNumImpreciseAcc = 1073741824 : i32} : tensor<64x64xf8E4M3FN, #A> * tensor<64x128xf8E4M3FN, #B> -> tensor<64x128xf32, #blocked>
    %e = tt.dot %ha, %hb, %c : tensor<64x64xf16, #A> * tensor<64x128xf16, #B> -> tensor<64x128xf32, #blocked>
    tt.return %d, %e : tensor<64x128xf32, #blocked>, tensor<64x128xf32, #blocked>
  }
}
