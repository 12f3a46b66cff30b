// RUN: triton-opt %s -split-input-file --nvgpu-test-ws-data-partition=num-warp-groups=2 | FileCheck %s
// RUN: triton-opt %s -split-input-file --nvgpu-test-ws-data-partition=num-warp-groups=3 -verify-diagnostics -o /dev/null

// One consumer group: nothing to split, the IR is unchanged. Two: the dot
// both consumers share would be split along M, which is not built yet.

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#sh = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: @shared_dot
  // CHECK: ttng.warp_group_dot {{.*}} -> tensor<128x128xf32, #mma>
  tt.func public @shared_dot(%a: !ttg.memdesc<128x32xf16, #sh, #smem>, %b: !ttg.memdesc<32x128xf16, #sh, #smem>, %c: tensor<128x128xf32, #mma>) {
    // expected-error @+1 {{data partition of a dot over 2 consumer warp groups is not supported yet}}
    %d = ttng.warp_group_dot %a, %b, %c {async_task_id = array<i32: 1, 2>, inputPrecision = 0 : i32} : !ttg.memdesc<128x32xf16, #sh, #smem> * !ttg.memdesc<32x128xf16, #sh, #smem> -> tensor<128x128xf32, #mma>
    tt.return
  }
}

// -----

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#sh = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // Dots of one consumer each are split already: fine with two groups too.
  // CHECK-LABEL: @own_dots
  tt.func public @own_dots(%a: !ttg.memdesc<64x32xf16, #sh, #smem>, %b: !ttg.memdesc<32x128xf16, #sh, #smem>, %c: tensor<64x128xf32, #mma>) {
    %d1 = ttng.warp_group_dot %a, %b, %c {async_task_id = array<i32: 1>, inputPrecision = 0 : i32} : !ttg.memdesc<64x32xf16, #sh, #smem> * !ttg.memdesc<32x128xf16, #sh, #smem> -> tensor<64x128xf32, #mma>
    %d2 = ttng.warp_group_dot %a, %b, %c {async_task_id = array<i32: 2>, inputPrecision = 0 : i32} : !ttg.memdesc<64x32xf16, #sh, #smem> * !ttg.memdesc<32x128xf16, #sh, #smem> -> tensor<64x128xf32, #mma>
    tt.return
  }
}
