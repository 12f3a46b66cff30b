// RUN: triton-opt %s -split-input-file -tritongpu-assign-latencies=num-stages=3 -tritongpu-schedule-loops -tritongpu-pipeline=num-stages=3 -canonicalize -cse | FileCheck %s

// Descriptor loads in a CTA cluster (num-ctas > 1) are pipelined as TMA
// copies too, as Triton 3.6's pipeliner does: every CTA holds its own copy of
// the barrier array (CGA bases all zero) and each barrier expects the bytes of
// the copies its CTA makes, one CTA's tile of each block: here the A block
// (128x64 f16, a copy in both CTAs: 16384 bytes) and half the B block (64x256
// f16 split along N: 16384 of its 32768), 32768 bytes per slot instead of the
// block's 49152 (3.6's TTGIR of this kernel at num_ctas=2,
// test/Inputs/matmul_desc_host_2cta, expects 32768).

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0], CGALayout = [[0, 0]]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [8, 1], order = [1, 0], CGALayout = [[0, 1]]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], CGALayout = [[0, 1]], instrShape = [16, 128, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CGALayout = [[0, 0]]}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CGALayout = [[0, 1]]}>
#smem = #ttg.shared_memory
// CHECK: #[[BAR:.*]] = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0], CGALayout = {{\[\[0\]\]}}}>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @two_ctas
  // CHECK: %[[A:.*]] = ttg.local_alloc : () -> !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>
  // CHECK: %[[B:.*]] = ttg.local_alloc : () -> !ttg.memdesc<3x64x256xf16, #shared1, #smem, mutable>
  // CHECK: %[[BARS:.*]] = ttg.local_alloc : () -> !ttg.memdesc<3x1xi64, #[[BAR]], #smem, mutable>
  // CHECK-COUNT-3: ttng.init_barrier
  // CHECK: ttng.barrier_expect %{{.*}}, 32768,
  // CHECK-NEXT: ttg.memdesc_index %[[A]]
  // CHECK-NEXT: ttng.async_tma_copy_global_to_local %arg0
  // CHECK-NEXT: ttg.memdesc_index %[[B]]
  // CHECK-NEXT: ttng.async_tma_copy_global_to_local %arg1
  // CHECK: ttng.barrier_expect %{{.*}}, 32768,
  // CHECK: scf.for
  // CHECK: ttng.wait_barrier
  // CHECK: ttng.warp_group_dot {{.*}}isAsync = true
  // CHECK: ttng.barrier_expect %{{.*}}, 32768,
  // CHECK: ttng.async_tma_copy_global_to_local %arg0
  // CHECK: ttng.async_tma_copy_global_to_local %arg1
  // CHECK-NOT: tt.descriptor_load
  // CHECK: tt.return
  tt.func @two_ctas(%da: !tt.tensordesc<tensor<128x64xf16, #shared>>, %db: !tt.tensordesc<tensor<64x256xf16, #shared1>>, %m: i32, %n: i32, %kt: i32) -> tensor<128x256xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c64 = arith.constant 64 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<128x256xf32, #mma>
    %r = scf.for %i = %c0 to %kt step %c1 iter_args(%acc = %zero) -> (tensor<128x256xf32, #mma>) : i32 {
      %k = arith.muli %i, %c64 : i32
      %a = tt.descriptor_load %da[%m, %k] : !tt.tensordesc<tensor<128x64xf16, #shared>> -> tensor<128x64xf16, #blocked>
      %as = ttg.local_alloc %a : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
      %b = tt.descriptor_load %db[%k, %n] : !tt.tensordesc<tensor<64x256xf16, #shared1>> -> tensor<64x256xf16, #blocked1>
      %bs = ttg.local_alloc %b : (tensor<64x256xf16, #blocked1>) -> !ttg.memdesc<64x256xf16, #shared1, #smem>
      %d = ttng.warp_group_dot %as, %bs, %acc {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x256xf16, #shared1, #smem> -> tensor<128x256xf32, #mma>
      scf.yield %d : tensor<128x256xf32, #mma>
    }
    tt.return %r : tensor<128x256xf32, #mma>
  }
}

// -----

// Four CTAs, B split four ways along N (a 64x64 tile each: 8192 bytes) beside
// A's copy (16384): 24576 bytes per slot, the barriers copied in every CTA.

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[0, 0], [0, 0]]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[0, 1], [0, 2]]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], CGALayout = [[0, 1], [0, 2]], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CGALayout = [[0, 0], [0, 0]]}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CGALayout = [[0, 1], [0, 2]]}>
#smem = #ttg.shared_memory
// CHECK: #[[BAR4:.*]] = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0], CGALayout = {{\[\[0\], \[0\]\]}}}>
module attributes {"ttg.num-ctas" = 4 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @four_ctas
  // CHECK: ttg.local_alloc : () -> !ttg.memdesc<3x1xi64, #[[BAR4]], #smem, mutable>
  // CHECK: ttng.barrier_expect %{{.*}}, 24576,
  // CHECK: scf.for
  // CHECK: ttng.barrier_expect %{{.*}}, 24576,
  // CHECK-NOT: tt.descriptor_load
  // CHECK: tt.return
  tt.func @four_ctas(%da: !tt.tensordesc<tensor<128x64xf16, #shared>>, %db: !tt.tensordesc<tensor<64x256xf16, #shared1>>, %m: i32, %n: i32, %kt: i32) -> tensor<128x256xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c64 = arith.constant 64 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<128x256xf32, #mma>
    %r = scf.for %i = %c0 to %kt step %c1 iter_args(%acc = %zero) -> (tensor<128x256xf32, #mma>) : i32 {
      %k = arith.muli %i, %c64 : i32
      %a = tt.descriptor_load %da[%m, %k] : !tt.tensordesc<tensor<128x64xf16, #shared>> -> tensor<128x64xf16, #blocked>
      %as = ttg.local_alloc %a : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
      %b = tt.descriptor_load %db[%k, %n] : !tt.tensordesc<tensor<64x256xf16, #shared1>> -> tensor<64x256xf16, #blocked1>
      %bs = ttg.local_alloc %b : (tensor<64x256xf16, #blocked1>) -> !ttg.memdesc<64x256xf16, #shared1, #smem>
      %d = ttng.warp_group_dot %as, %bs, %acc {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x256xf16, #shared1, #smem> -> tensor<128x256xf32, #mma>
      scf.yield %d : tensor<128x256xf32, #mma>
    }
    tt.return %r : tensor<128x256xf32, #mma>
  }
}
