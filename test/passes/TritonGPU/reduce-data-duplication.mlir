// RUN: triton-opt %s -split-input-file -tritongpu-reduce-data-duplication | FileCheck %s

// Triton 3.6's mma v2 matmul loop (cuda:80, fp16, 64x64x32): both operand
// conversions go through swizzled shared memory, with 3.6's parameters.
// CHECK-DAG: #[[SA:.*]] = #ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
// CHECK-DAG: #[[SB:.*]] = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
// CHECK-LABEL: tt.func public @mma_v2_loop
// CHECK: %[[A:.*]] = tt.load
// CHECK: %[[B:.*]] = tt.load
// CHECK: %[[SMA:.*]] = ttg.local_alloc %[[A]] : (tensor<64x32xf16, #{{.*}}>) -> !ttg.memdesc<64x32xf16, #[[SA]], #smem>
// CHECK: %[[DA:.*]] = ttg.local_load %[[SMA]] : !ttg.memdesc<64x32xf16, #[[SA]], #smem> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// CHECK: %[[SMB:.*]] = ttg.local_alloc %[[B]] : (tensor<32x64xf16, #{{.*}}>) -> !ttg.memdesc<32x64xf16, #[[SB]], #smem>
// CHECK: %[[DB:.*]] = ttg.local_load %[[SMB]]
// CHECK: tt.dot %[[DA]], %[[DB]]
// CHECK-NOT: ttg.local_alloc
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @mma_v2_loop(%pa: tensor<64x32x!tt.ptr<f16>, #blocked1>, %pb: tensor<32x64x!tt.ptr<f16>, #blocked>, %n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf32, #mma>)  : i32 {
      %a = tt.load %pa : tensor<64x32x!tt.ptr<f16>, #blocked1>
      %b = tt.load %pb : tensor<32x64x!tt.ptr<f16>, #blocked>
      %da = ttg.convert_layout %a : tensor<64x32xf16, #blocked1> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %db = ttg.convert_layout %b : tensor<32x64xf16, #blocked> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
      %d = tt.dot %da, %db, %acc, inputPrecision = tf32 : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
      scf.yield %d : tensor<64x64xf32, #mma>
    }
    tt.return %r : tensor<64x64xf32, #mma>
  }
}

// -----

// The swizzle follows kWidth, the operand index and the element width, as
// in the corpus's dot_variants TTGIR (32x32 f32 and f8 operands).
// CHECK-DAG: #[[K1:.*]] = #ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 8, order = [1, 0]}>
// CHECK-DAG: #[[K2:.*]] = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 4, order = [1, 0]}>
// CHECK-DAG: #[[K4:.*]] = #ttg.swizzled_shared<{vec = 16, perPhase = 1, maxPhase = 2, order = [1, 0]}>
// CHECK-DAG: #[[F8:.*]] = #ttg.swizzled_shared<{vec = 16, perPhase = 4, maxPhase = 2, order = [1, 0]}>
// CHECK-DAG: #[[FMA:.*]] = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
// CHECK-LABEL: tt.func @swizzles
// CHECK: ttg.local_alloc %arg0 {{.*}} #[[K1]]
// CHECK: ttg.local_alloc %arg0 {{.*}} #[[K2]]
// CHECK: ttg.local_alloc %arg0 {{.*}} #[[K4]]
// CHECK: ttg.local_alloc %arg0 {{.*}} #[[K2]]
// CHECK: ttg.local_load {{.*}} -> tensor<32x32xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>>
// CHECK: ttg.local_alloc %arg0 {{.*}} #[[K2]]
// CHECK: ttg.local_load {{.*}} -> tensor<32x32xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>
// CHECK: ttg.local_alloc %arg1 {{.*}} #[[F8]]
// CHECK: ttg.local_alloc %arg0 {{.*}} #[[FMA]]
// CHECK: ttg.local_load {{.*}} -> tensor<32x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked1}>>
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [2, 2], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @swizzles(%a: tensor<32x32xf32, #blocked>, %f: tensor<32x32xf8E4M3FN, #blocked>) {
    %0 = ttg.convert_layout %a : tensor<32x32xf32, #blocked> -> tensor<32x32xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>
    %1 = ttg.convert_layout %a : tensor<32x32xf32, #blocked> -> tensor<32x32xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    %2 = ttg.convert_layout %a : tensor<32x32xf32, #blocked> -> tensor<32x32xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>
    %3 = ttg.convert_layout %a : tensor<32x32xf32, #blocked> -> tensor<32x32xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>>
    %4 = ttg.convert_layout %a : tensor<32x32xf32, #blocked> -> tensor<32x32xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>
    %5 = ttg.convert_layout %f : tensor<32x32xf8E4M3FN, #blocked> -> tensor<32x32xf8E4M3FN, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>
    %6 = ttg.convert_layout %a : tensor<32x32xf32, #blocked> -> tensor<32x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked1}>>
    tt.return
  }
}

// -----

// AMD MFMA operands (the corpus's gfx942 matmul): vec = kWidth and 16
// phases when K is contiguous, in either operand's order.
// CHECK-DAG: #[[SA:.*]] = #ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 16, order = [1, 0]}>
// CHECK-DAG: #[[SB:.*]] = #ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 16, order = [0, 1]}>
// CHECK-DAG: #[[SN:.*]] = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
// CHECK-LABEL: tt.func @mfma
// CHECK: ttg.local_alloc %arg0 {{.*}} #[[SA]]
// CHECK: ttg.local_alloc %arg1 {{.*}} #[[SB]]
// CHECK: ttg.local_alloc %arg2 {{.*}} #[[SN]]
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [64, 1], warpsPerCTA = [1, 4], order = [0, 1]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 64], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = true}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @mfma(%a: tensor<128x64xf16, #blocked1>, %b: tensor<64x128xf16, #blocked>, %c: tensor<64x128xf16, #blocked1>) {
    %0 = ttg.convert_layout %a : tensor<128x64xf16, #blocked1> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>
    %1 = ttg.convert_layout %b : tensor<64x128xf16, #blocked> -> tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>
    // B with N contiguous: no swizzle.
    %2 = ttg.convert_layout %c : tensor<64x128xf16, #blocked1> -> tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>
    tt.return
  }
}

// -----

// Not rewritten: conversions that stay inside warps (an mma accumulator to
// the A operand of the same mma, one warp per column; a blocked tile whose
// threads already hold whole rows to an FMA operand), and conversions to
// layouts other than dot operands.
// CHECK-LABEL: tt.func @kept
// CHECK-NOT: ttg.local_alloc
// CHECK: ttg.convert_layout %arg0 : tensor<32x32xf16, #mma> -> tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// CHECK: ttg.convert_layout %arg1 : tensor<32x32xf32, #[[ROWS:blocked[0-9]*]]> -> tensor<32x32xf32, #ttg.dot_op<{opIdx = 0, parent = #[[ROWS]]}>>
// CHECK: ttg.convert_layout %arg2
// CHECK-NOT: ttg.local_alloc
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
#rows = #ttg.blocked<{sizePerThread = [1, 32], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [1, 0]}>
#other = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @kept(%acc: tensor<32x32xf16, #mma>, %x: tensor<32x32xf32, #rows>, %y: tensor<32x32xf32, #other>) {
    %0 = ttg.convert_layout %acc : tensor<32x32xf16, #mma> -> tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    %1 = ttg.convert_layout %x : tensor<32x32xf32, #rows> -> tensor<32x32xf32, #ttg.dot_op<{opIdx = 0, parent = #rows}>>
    %2 = ttg.convert_layout %y : tensor<32x32xf32, #other> -> tensor<32x32xf32, #mma>
    tt.return
  }
}
