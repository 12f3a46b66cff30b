// RUN: triton-opt %s -split-input-file -tritongpu-prefetch | FileCheck %s

// An fp16 mma v2 dot of loop-carried buffers, K = 64: slices of 16 (8 *
// kWidth). The first slices of the initial buffers load before the loop and
// are carried; in the loop each further slice loads before the dot of the
// previous one, the next iteration's first slices load from the buffers it
// yields, and the last dot comes after them.
// CHECK-LABEL: tt.func @fp16_k64
// CHECK-SAME: (%[[A0:[^:]*]]: !ttg.memdesc<128x64xf16, {{.*}}, %[[B0:[^:]*]]: !ttg.memdesc<64x128xf16, {{.*}}, %[[A1:[^:]*]]: !ttg.memdesc<128x64xf16, {{.*}}, %[[B1:[^:]*]]: !ttg.memdesc<64x128xf16
// CHECK: %[[SA0:.*]] = ttg.memdesc_subslice %[[A0]][0, 0] : !ttg.memdesc<128x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x16xf16, #shared, #smem, mutable, 128x64>
// CHECK-NEXT: %[[PA:.*]] = ttg.local_load %[[SA0]] : {{.*}} -> tensor<128x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// CHECK-NEXT: %[[SB0:.*]] = ttg.memdesc_subslice %[[B0]][0, 0] : !ttg.memdesc<64x128xf16, #shared1, #smem, mutable> -> !ttg.memdesc<16x128xf16, #shared1, #smem, mutable, 64x128>
// CHECK-NEXT: %[[PB:.*]] = ttg.local_load %[[SB0]] : {{.*}} -> tensor<16x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
// CHECK-NEXT: %[[R:.*]]:5 = scf.for {{.*}} iter_args(%[[ACC:.*]] = %{{.*}}, %[[A:.*]] = %[[A0]], %[[B:.*]] = %[[B0]], %[[XA:.*]] = %[[PA]], %[[XB:.*]] = %[[PB]])
// CHECK-NEXT: %[[N:.*]] = arith.addi
// CHECK-NEXT: ttg.memdesc_subslice %[[A]][0, 16] : {{.*}} -> !ttg.memdesc<128x16xf16, #shared, #smem, mutable, 128x64>
// CHECK-NEXT: %[[A_1:.*]] = ttg.local_load
// CHECK-NEXT: ttg.memdesc_subslice %[[B]][16, 0]
// CHECK-NEXT: %[[B_1:.*]] = ttg.local_load
// CHECK-NEXT: %[[D0:.*]] = tt.dot %[[XA]], %[[XB]], %[[ACC]] : tensor<128x16xf16, {{.*}} * tensor<16x128xf16, {{.*}} -> tensor<128x128xf32, #mma>
// CHECK-NEXT: ttg.memdesc_subslice %[[A]][0, 32]
// CHECK-NEXT: %[[A_2:.*]] = ttg.local_load
// CHECK-NEXT: ttg.memdesc_subslice %[[B]][32, 0]
// CHECK-NEXT: %[[B_2:.*]] = ttg.local_load
// CHECK-NEXT: %[[D1:.*]] = tt.dot %[[A_1]], %[[B_1]], %[[D0]]
// CHECK-NEXT: ttg.memdesc_subslice %[[A]][0, 48]
// CHECK-NEXT: %[[A_3:.*]] = ttg.local_load
// CHECK-NEXT: ttg.memdesc_subslice %[[B]][48, 0]
// CHECK-NEXT: %[[B_3:.*]] = ttg.local_load
// CHECK-NEXT: %[[D2:.*]] = tt.dot %[[A_2]], %[[B_2]], %[[D1]]
// CHECK-NEXT: arith.remsi %[[N]]
// CHECK-NEXT: arith.cmpi
// CHECK-NEXT: %[[NA:.*]] = arith.select %{{.*}}, %[[A0]], %[[A1]]
// CHECK-NEXT: %[[NB:.*]] = arith.select %{{.*}}, %[[B0]], %[[B1]]
// CHECK-NEXT: ttg.memdesc_subslice %[[NA]][0, 0]
// CHECK-NEXT: %[[NXA:.*]] = ttg.local_load
// CHECK-NEXT: ttg.memdesc_subslice %[[NB]][0, 0]
// CHECK-NEXT: %[[NXB:.*]] = ttg.local_load
// CHECK-NEXT: %[[D3:.*]] = tt.dot %[[A_3]], %[[B_3]], %[[D2]]
// CHECK-NEXT: scf.yield %[[D3]], %[[NA]], %[[NB]], %[[NXA]], %[[NXB]]
// CHECK: tt.return %[[R]]#0
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 2], instrShape = [16, 8]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
#shared1 = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @fp16_k64(%a0: !ttg.memdesc<128x64xf16, #shared, #smem, mutable>, %b0: !ttg.memdesc<64x128xf16, #shared1, #smem, mutable>, %a1: !ttg.memdesc<128x64xf16, #shared, #smem, mutable>, %b1: !ttg.memdesc<64x128xf16, #shared1, #smem, mutable>, %n: i32) -> tensor<128x128xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero, %a = %a0, %b = %b0) -> (tensor<128x128xf32, #mma>, !ttg.memdesc<128x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x128xf16, #shared1, #smem, mutable>) : i32 {
      %next = arith.addi %i, %c1 : i32
      %x = ttg.local_load %a : !ttg.memdesc<128x64xf16, #shared, #smem, mutable> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %y = ttg.local_load %b : !ttg.memdesc<64x128xf16, #shared1, #smem, mutable> -> tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
      %d = tt.dot %x, %y, %acc : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<128x128xf32, #mma>
      %slot = arith.remsi %next, %c2 : i32
      %even = arith.cmpi eq, %slot, %c0 : i32
      %an = arith.select %even, %a0, %a1 : !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
      %bn = arith.select %even, %b0, %b1 : !ttg.memdesc<64x128xf16, #shared1, #smem, mutable>
      scf.yield %d, %an, %bn : tensor<128x128xf32, #mma>, !ttg.memdesc<128x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x128xf16, #shared1, #smem, mutable>
    }
    tt.return %r#0 : tensor<128x128xf32, #mma>
  }
}

// -----

// K of one slice: the only dot waits until after the next iteration's
// prefetch. An fp8 operand upcast after its load is upcast slice by slice.
// CHECK-LABEL: tt.func @fp8_upcast_k16
// CHECK: %[[L:.*]] = ttg.local_load {{.*}} -> tensor<64x16xf8E5M2, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// CHECK-NEXT: %[[PA:.*]] = tt.fp_to_fp %[[L]] : tensor<64x16xf8E5M2, {{.*}} -> tensor<64x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// CHECK: scf.for {{.*}} iter_args(%[[ACC:[^ ]*]] = %{{[^,]*}}, %[[A:[^ ]*]] = %{{[^,]*}}, %[[B:[^ ]*]] = %{{[^,]*}}, %[[XA:[^ ]*]] = %[[PA]], %[[XB:[^ ]*]] = %{{[^)]*}})
// CHECK-NEXT: ttg.memdesc_subslice %[[A]][0, 0]
// CHECK-NEXT: ttg.local_load
// CHECK-NEXT: %[[NXA:.*]] = tt.fp_to_fp
// CHECK-NEXT: ttg.memdesc_subslice %[[B]][0, 0]
// CHECK-NEXT: %[[NXB:.*]] = ttg.local_load
// CHECK-NEXT: %[[D:.*]] = tt.dot %[[XA]], %[[XB]], %[[ACC]]
// CHECK-NEXT: scf.yield %[[D]], %[[A]], %[[B]], %[[NXA]], %[[NXB]]
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @fp8_upcast_k16(%a0: !ttg.memdesc<64x16xf8E5M2, #shared, #smem>, %b0: !ttg.memdesc<16x64xf16, #shared, #smem>, %n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero, %a = %a0, %b = %b0) -> (tensor<64x64xf32, #mma>, !ttg.memdesc<64x16xf8E5M2, #shared, #smem>, !ttg.memdesc<16x64xf16, #shared, #smem>) : i32 {
      %x8 = ttg.local_load %a : !ttg.memdesc<64x16xf8E5M2, #shared, #smem> -> tensor<64x16xf8E5M2, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %x = tt.fp_to_fp %x8 : tensor<64x16xf8E5M2, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> -> tensor<64x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %y = ttg.local_load %b : !ttg.memdesc<16x64xf16, #shared, #smem> -> tensor<16x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
      %d = tt.dot %x, %y, %acc : tensor<64x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<16x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
      scf.yield %d, %a, %b : tensor<64x64xf32, #mma>, !ttg.memdesc<64x16xf8E5M2, #shared, #smem>, !ttg.memdesc<16x64xf16, #shared, #smem>
    }
    tt.return %r#0 : tensor<64x64xf32, #mma>
  }
}

// -----

// tf32 (kWidth 1): slices of 8 along K = 16. A use of the dot in the loop
// comes right after the last dot, and the prefetch after it.
// CHECK-LABEL: tt.func @tf32_k16
// CHECK: ttg.memdesc_subslice %{{.*}}[0, 0] : !ttg.memdesc<32x16xf32, #shared, #smem> -> !ttg.memdesc<32x8xf32, #shared, #smem, 32x16>
// CHECK: scf.for
// CHECK: ttg.memdesc_subslice %{{.*}}[0, 8]
// CHECK: ttg.memdesc_subslice %{{.*}}[8, 0]
// CHECK: tt.dot
// CHECK-NEXT: %[[D:.*]] = tt.dot {{.*}}, inputPrecision = tf32 : tensor<32x8xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>> * tensor<8x32xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>>
// CHECK-NEXT: arith.addf %[[D]], %[[D]]
// CHECK-NEXT: ttg.memdesc_subslice %{{.*}}[0, 0]
// CHECK-NEXT: ttg.local_load
// CHECK-NEXT: ttg.memdesc_subslice %{{.*}}[0, 0]
// CHECK-NEXT: ttg.local_load
// CHECK-NEXT: scf.yield
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#shared = #ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @tf32_k16(%a0: !ttg.memdesc<32x16xf32, #shared, #smem>, %b0: !ttg.memdesc<16x32xf32, #shared, #smem>, %n: i32) -> tensor<32x32xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<32x32xf32, #mma>
    %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero, %a = %a0, %b = %b0) -> (tensor<32x32xf32, #mma>, !ttg.memdesc<32x16xf32, #shared, #smem>, !ttg.memdesc<16x32xf32, #shared, #smem>) : i32 {
      %x = ttg.local_load %a : !ttg.memdesc<32x16xf32, #shared, #smem> -> tensor<32x16xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>
      %y = ttg.local_load %b : !ttg.memdesc<16x32xf32, #shared, #smem> -> tensor<16x32xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>>
      %d = tt.dot %x, %y, %acc, inputPrecision = tf32 : tensor<32x16xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>> * tensor<16x32xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>> -> tensor<32x32xf32, #mma>
      %e = arith.addf %d, %d : tensor<32x32xf32, #mma>
      scf.yield %e, %a, %b : tensor<32x32xf32, #mma>, !ttg.memdesc<32x16xf32, #shared, #smem>, !ttg.memdesc<16x32xf32, #shared, #smem>
    }
    tt.return %r#0 : tensor<32x32xf32, #mma>
  }
}

// -----

// Loops it does not apply to stay as they are: Triton 3.6's own pipelined
// loop (a view indexed in the loop, loaded after an async token), buffers
// allocated in the loop, two dots in one loop, and a dot on FMAs.
// CHECK-LABEL: tt.func @pipelined_by_3_6
// CHECK-NOT: memdesc_subslice
// CHECK: %[[X:.*]] = ttg.local_load %{{.*}} token
// CHECK: %[[Y:.*]] = ttg.local_load %{{.*}} token
// CHECK: tt.dot %[[X]], %[[Y]]
// CHECK-NOT: memdesc_subslice
// CHECK-LABEL: tt.func @alloc_in_loop
// CHECK-NOT: memdesc_subslice
// CHECK-LABEL: tt.func @two_dots
// CHECK-NOT: memdesc_subslice
// CHECK-LABEL: tt.func @fma_dot
// CHECK-NOT: memdesc_subslice
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @pipelined_by_3_6(%abuf: !ttg.memdesc<2x64x32xf16, #shared, #smem, mutable>, %bbuf: !ttg.memdesc<2x32x64xf16, #shared, #smem, mutable>, %tok: !ttg.async.token, %n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero, %t = %tok) -> (tensor<64x64xf32, #mma>, !ttg.async.token) : i32 {
      %slot = arith.remsi %i, %c2 : i32
      %w = ttg.async_wait %t {num = 0 : i32}
      %av = ttg.memdesc_index %abuf[%slot] : !ttg.memdesc<2x64x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
      %x = ttg.local_load %av token %w : !ttg.memdesc<64x32xf16, #shared, #smem, mutable> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %bv = ttg.memdesc_index %bbuf[%slot] : !ttg.memdesc<2x32x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<32x64xf16, #shared, #smem, mutable>
      %y = ttg.local_load %bv token %w : !ttg.memdesc<32x64xf16, #shared, #smem, mutable> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
      %d = tt.dot %x, %y, %acc : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
      scf.yield %d, %w : tensor<64x64xf32, #mma>, !ttg.async.token
    }
    tt.return %r#0 : tensor<64x64xf32, #mma>
  }
  tt.func @alloc_in_loop(%pa: tensor<64x32x!tt.ptr<f16>, #blocked>, %b0: !ttg.memdesc<32x64xf16, #shared, #smem>, %n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero, %b = %b0) -> (tensor<64x64xf32, #mma>, !ttg.memdesc<32x64xf16, #shared, #smem>) : i32 {
      %a = tt.load %pa : tensor<64x32x!tt.ptr<f16>, #blocked>
      %sa = ttg.local_alloc %a : (tensor<64x32xf16, #blocked>) -> !ttg.memdesc<64x32xf16, #shared, #smem>
      %x = ttg.local_load %sa : !ttg.memdesc<64x32xf16, #shared, #smem> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %y = ttg.local_load %b : !ttg.memdesc<32x64xf16, #shared, #smem> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
      %d = tt.dot %x, %y, %acc : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
      scf.yield %d, %b : tensor<64x64xf32, #mma>, !ttg.memdesc<32x64xf16, #shared, #smem>
    }
    tt.return %r#0 : tensor<64x64xf32, #mma>
  }
  tt.func @two_dots(%a0: !ttg.memdesc<64x32xf16, #shared, #smem>, %b0: !ttg.memdesc<32x64xf16, #shared, #smem>, %n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero, %a = %a0, %b = %b0) -> (tensor<64x64xf32, #mma>, !ttg.memdesc<64x32xf16, #shared, #smem>, !ttg.memdesc<32x64xf16, #shared, #smem>) : i32 {
      %x = ttg.local_load %a : !ttg.memdesc<64x32xf16, #shared, #smem> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %y = ttg.local_load %b : !ttg.memdesc<32x64xf16, #shared, #smem> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
      %d = tt.dot %x, %y, %acc : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
      %x2 = ttg.local_load %a : !ttg.memdesc<64x32xf16, #shared, #smem> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %y2 = ttg.local_load %b : !ttg.memdesc<32x64xf16, #shared, #smem> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
      %e = tt.dot %x2, %y2, %d : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
      scf.yield %e, %a, %b : tensor<64x64xf32, #mma>, !ttg.memdesc<64x32xf16, #shared, #smem>, !ttg.memdesc<32x64xf16, #shared, #smem>
    }
    tt.return %r#0 : tensor<64x64xf32, #mma>
  }
  tt.func @fma_dot(%a0: !ttg.memdesc<64x32xf16, #shared, #smem>, %b0: !ttg.memdesc<32x64xf16, #shared, #smem>, %n: i32) -> tensor<64x64xf32, #blocked> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #blocked>
    %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero, %a = %a0, %b = %b0) -> (tensor<64x64xf32, #blocked>, !ttg.memdesc<64x32xf16, #shared, #smem>, !ttg.memdesc<32x64xf16, #shared, #smem>) : i32 {
      %x = ttg.local_load %a : !ttg.memdesc<64x32xf16, #shared, #smem> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
      %y = ttg.local_load %b : !ttg.memdesc<32x64xf16, #shared, #smem> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
      %d = tt.dot %x, %y, %acc : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf32, #blocked>
      scf.yield %d, %a, %b : tensor<64x64xf32, #blocked>, !ttg.memdesc<64x32xf16, #shared, #smem>, !ttg.memdesc<32x64xf16, #shared, #smem>
    }
    tt.return %r#0 : tensor<64x64xf32, #blocked>
  }
}
