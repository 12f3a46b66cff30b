// RUN: triton-opt %s -split-input-file --nvgpu-test-ws-data-partition=num-warp-groups=3 -verify-diagnostics -o /dev/null
// What data partition cannot cut along M: each a located error (the pipeline
// pass then takes one consumer group instead).

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#sh = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // A given from outside the function cannot be cut: a located error.
  tt.func public @argument_operand(%a: !ttg.memdesc<128x32xf16, #sh, #smem>, %b: !ttg.memdesc<32x128xf16, #sh, #smem>, %c: tensor<128x128xf32, #mma>) {
    // expected-error @+1 {{data partition over 2 consumer warp groups is not supported here: a value to cut is an argument of the function}}
    %d = ttng.warp_group_dot %a, %b, %c {async_task_id = array<i32: 1, 2>, inputPrecision = 0 : i32} : !ttg.memdesc<128x32xf16, #sh, #smem> * !ttg.memdesc<32x128xf16, #sh, #smem> -> tensor<128x128xf32, #mma>
    tt.return
  }
}

// -----

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#sh = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // 64 rows make no two whole wgmmas.
  tt.func public @too_few_rows(%a: !ttg.memdesc<64x32xf16, #sh, #smem>, %b: !ttg.memdesc<32x64xf16, #sh, #smem>, %c: tensor<64x64xf32, #mma>) {
    // expected-error @+1 {{its 64 rows cannot be cut into 2 slices of whole wgmmas (64 rows)}}
    %d = ttng.warp_group_dot %a, %b, %c {async_task_id = array<i32: 1, 2>, inputPrecision = 0 : i32} : !ttg.memdesc<64x32xf16, #sh, #smem> * !ttg.memdesc<32x64xf16, #sh, #smem> -> tensor<64x64xf32, #mma>
    tt.return
  }
}
