// RUN: triton-opt %s -split-input-file -tritonamdgpu-in-thread-transpose | FileCheck %s

// A (M-contiguous) and B (N-contiguous) loaded with room for 4 elements per
// thread along K: the loads get 4 (64 bits of f16) along K, each store
// transposes its tensor in registers, and both buffers rotate, K contiguous,
// with the swizzle of a K-contiguous operand (vec = kWidth = 4, two 32-wide
// rows per bank line, 8 phases).
// CHECK-DAG: [[$WA:#.*]] = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [32, 2], warpsPerCTA = [1, 4], order = [0, 1]}>
// CHECK-DAG: [[$WB:#.*]] = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [4, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: [[$TA:#.*]] = #ttg.linear<{register = {{\[\[}}0, 1], [0, 2], [1, 0], [2, 0]], lane = {{\[\[}}4, 0], [8, 0], [16, 0], [32, 0], [64, 0], [0, 4]], warp = {{\[\[}}0, 8], [0, 16]], block = []}>
// CHECK-DAG: [[$TB:#.*]] = #ttg.linear<{register = {{\[\[}}1, 0], [2, 0], [0, 1], [0, 2]], lane = {{\[\[}}0, 4], [0, 8], [0, 16], [0, 32], [4, 0], [8, 0]], warp = {{\[\[}}16, 0], [0, 0]], block = []}>
// CHECK-DAG: [[$RA:#.*]] = #ttg.amd_rotating_shared<{vec = 4, perPhase = 2, maxPhase = 8, order = [1, 0]}>
// CHECK-DAG: [[$RB:#.*]] = #ttg.amd_rotating_shared<{vec = 4, perPhase = 2, maxPhase = 8, order = [0, 1]}>
// CHECK-LABEL: tt.func @operands
// CHECK: [[PA:%.*]] = ttg.convert_layout %{{.*}} : tensor<128x32x!tt.ptr<f16>, #{{.*}}> -> tensor<128x32x!tt.ptr<f16>, [[$WA]]>
// CHECK: [[LA:%.*]] = tt.load [[PA]] : tensor<128x32x!tt.ptr<f16>, [[$WA]]>
// CHECK: [[BACKA:%.*]] = ttg.convert_layout [[LA]] : tensor<128x32xf16, [[$WA]]> -> tensor<128x32xf16, #{{.*}}>
// CHECK: [[MASKB:%.*]] = ttg.convert_layout %{{.*}} : tensor<32x64xi1, #{{.*}}> -> tensor<32x64xi1, [[$WB]]>
// CHECK: [[LB:%.*]] = tt.load %{{.*}}, [[MASKB]] : tensor<32x64x!tt.ptr<f16>, [[$WB]]>
// CHECK: [[BACKB:%.*]] = ttg.convert_layout [[LB]] : tensor<32x64xf16, [[$WB]]> -> tensor<32x64xf16, #{{.*}}>
// CHECK: [[WIDEA:%.*]] = ttg.convert_layout [[BACKA]] : {{.*}} -> tensor<128x32xf16, [[$WA]]>
// CHECK: [[XA:%.*]] = amdg.in_thread_transpose [[WIDEA]] : tensor<128x32xf16, [[$WA]]> -> tensor<128x32xf16, [[$TA]]>
// CHECK: [[SA:%.*]] = ttg.local_alloc [[XA]] : (tensor<128x32xf16, [[$TA]]>) -> !ttg.memdesc<128x32xf16, [[$RA]], #smem>
// CHECK: ttg.local_load [[SA]] : !ttg.memdesc<128x32xf16, [[$RA]], #smem> -> tensor<128x32xf16, #ttg.dot_op<{opIdx = 0
// CHECK: [[WIDEB:%.*]] = ttg.convert_layout [[BACKB]] : {{.*}} -> tensor<32x64xf16, [[$WB]]>
// CHECK: [[XB:%.*]] = amdg.in_thread_transpose [[WIDEB]] : tensor<32x64xf16, [[$WB]]> -> tensor<32x64xf16, [[$TB]]>
// CHECK: [[SB:%.*]] = ttg.local_alloc [[XB]] : (tensor<32x64xf16, [[$TB]]>) -> !ttg.memdesc<32x64xf16, [[$RB]], #smem>
// CHECK: ttg.local_load [[SB]] : !ttg.memdesc<32x64xf16, [[$RB]], #smem> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1
#bA = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [32, 2], warpsPerCTA = [1, 4], order = [0, 1]}>
#bB = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0, 1]}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
#mma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = true}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @operands(%pa: tensor<128x32x!tt.ptr<f16>, #bA>, %pb: tensor<32x64x!tt.ptr<f16>, #bB>, %mb: tensor<32x64xi1, #bB>) -> tensor<128x64xf32, #mma> {
    %acc = arith.constant dense<0.000000e+00> : tensor<128x64xf32, #mma>
    %a = tt.load %pa : tensor<128x32x!tt.ptr<f16>, #bA>
    %b = tt.load %pb, %mb : tensor<32x64x!tt.ptr<f16>, #bB>
    %sa = ttg.local_alloc %a : (tensor<128x32xf16, #bA>) -> !ttg.memdesc<128x32xf16, #shared, #smem>
    %da = ttg.local_load %sa : !ttg.memdesc<128x32xf16, #shared, #smem> -> tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>
    %sb = ttg.local_alloc %b : (tensor<32x64xf16, #bB>) -> !ttg.memdesc<32x64xf16, #shared1, #smem>
    %db = ttg.local_load %sb : !ttg.memdesc<32x64xf16, #shared1, #smem> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>
    %d = tt.dot %da, %db, %acc : tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> -> tensor<128x64xf32, #mma>
    tt.return %d : tensor<128x64xf32, #mma>
  }
}

// -----

// A pipelined loop: the ring buffer, its slots (memdesc_index), the slot
// carried by the loop and the stores before and in the loop all change
// together; 8-bit data goes 8 deep along K (64 bits).
// CHECK-DAG: [[$W8:#.*]] = #ttg.blocked<{sizePerThread = [8, 16], threadsPerWarp = [16, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: [[$R8:#.*]] = #ttg.amd_rotating_shared<{vec = 8, perPhase = 1, maxPhase = 16, order = [0, 1]}>
// CHECK-LABEL: tt.func @ring
// CHECK: [[BUF:%.*]] = ttg.local_alloc : () -> !ttg.memdesc<2x128x64xi8, [[$R8]], #smem, mutable>
// CHECK: tt.load {{.*}} : tensor<128x64x!tt.ptr<i8>, [[$W8]]>
// CHECK: [[S0:%.*]] = ttg.memdesc_index [[BUF]][%{{.*}}] : !ttg.memdesc<2x128x64xi8, [[$R8]], #smem, mutable> -> !ttg.memdesc<128x64xi8, [[$R8]], #smem, mutable>
// CHECK: [[X0:%.*]] = amdg.in_thread_transpose
// CHECK: ttg.local_store [[X0]], [[S0]] : tensor<128x64xi8, #{{.*}}> -> !ttg.memdesc<128x64xi8, [[$R8]], #smem, mutable>
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}, [[SLOT:%.*]] = [[S0]]) -> (tensor<64x64xi32, #mma>, !ttg.memdesc<128x64xi8, [[$R8]], #smem, mutable>)
// CHECK:   ttg.local_load [[SLOT]] : !ttg.memdesc<128x64xi8, [[$R8]], #smem, mutable>
// CHECK:   tt.load {{.*}} : tensor<128x64x!tt.ptr<i8>, [[$W8]]>
// CHECK:   [[SN:%.*]] = ttg.memdesc_index [[BUF]]
// CHECK:   [[XN:%.*]] = amdg.in_thread_transpose
// CHECK:   ttg.local_store [[XN]], [[SN]]
// CHECK:   scf.yield %{{.*}}, [[SN]] : tensor<64x64xi32, #mma>, !ttg.memdesc<128x64xi8, [[$R8]], #smem, mutable>
// CHECK: ttg.local_dealloc [[BUF]] : !ttg.memdesc<2x128x64xi8, [[$R8]], #smem, mutable>
#bB = #ttg.blocked<{sizePerThread = [1, 16], threadsPerWarp = [16, 4], warpsPerCTA = [1, 4], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
#mma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 16], isTransposed = true}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @ring(%a: tensor<64x128xi8, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 8}>>, %pb: tensor<128x64x!tt.ptr<i8>, #bB>, %n: i32) -> tensor<64x64xi32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %acc0 = arith.constant dense<0> : tensor<64x64xi32, #mma>
    %buf = ttg.local_alloc : () -> !ttg.memdesc<2x128x64xi8, #shared, #smem, mutable>
    %b0 = tt.load %pb : tensor<128x64x!tt.ptr<i8>, #bB>
    %s0 = ttg.memdesc_index %buf[%c0] : !ttg.memdesc<2x128x64xi8, #shared, #smem, mutable> -> !ttg.memdesc<128x64xi8, #shared, #smem, mutable>
    ttg.local_store %b0, %s0 : tensor<128x64xi8, #bB> -> !ttg.memdesc<128x64xi8, #shared, #smem, mutable>
    %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %acc0, %slot = %s0) -> (tensor<64x64xi32, #mma>, !ttg.memdesc<128x64xi8, #shared, #smem, mutable>) : i32 {
      %db = ttg.local_load %slot : !ttg.memdesc<128x64xi8, #shared, #smem, mutable> -> tensor<128x64xi8, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 8}>>
      %d = tt.dot %a, %db, %acc : tensor<64x128xi8, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 8}>> * tensor<128x64xi8, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 8}>> -> tensor<64x64xi32, #mma>
      %bn = tt.load %pb : tensor<128x64x!tt.ptr<i8>, #bB>
      %next = arith.remsi %i, %c1 : i32
      %sn = ttg.memdesc_index %buf[%next] : !ttg.memdesc<2x128x64xi8, #shared, #smem, mutable> -> !ttg.memdesc<128x64xi8, #shared, #smem, mutable>
      ttg.local_store %bn, %sn : tensor<128x64xi8, #bB> -> !ttg.memdesc<128x64xi8, #shared, #smem, mutable>
      scf.yield %d, %sn : tensor<64x64xi32, #mma>, !ttg.memdesc<128x64xi8, #shared, #smem, mutable>
    }
    ttg.local_dealloc %buf : !ttg.memdesc<2x128x64xi8, #shared, #smem, mutable>
    tt.return %r#0 : tensor<64x64xi32, #mma>
  }
}

// -----

// A buffer filled in either branch of an scf.if (from two loads of one
// layout, or a constant) and read after it.
// CHECK-DAG: [[$R:#.*]] = #ttg.amd_rotating_shared<{vec = 4, perPhase = 1, maxPhase = 16, order = [0, 1]}>
// CHECK-LABEL: tt.func @branches
// CHECK: scf.if
// CHECK:   tt.load {{.*}} : tensor<64x64x!tt.ptr<f16>, [[$W:#[a-z0-9]*]]>
// CHECK:   amdg.in_thread_transpose
// CHECK:   ttg.local_alloc {{.*}} -> !ttg.memdesc<64x64xf16, [[$R]], #smem>
// CHECK: } else {
// CHECK:   tt.load {{.*}} : tensor<64x64x!tt.ptr<f16>, [[$W]]>
// CHECK:   amdg.in_thread_transpose
// CHECK:   ttg.local_alloc {{.*}} -> !ttg.memdesc<64x64xf16, [[$R]], #smem>
// CHECK: ttg.local_load {{.*}} : !ttg.memdesc<64x64xf16, [[$R]], #smem>
#bB = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 8], warpsPerCTA = [1, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
#mma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [1, 1], instrShape = [16, 16, 16], isTransposed = true}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @branches(%c: i1, %p: tensor<64x64x!tt.ptr<f16>, #bB>, %q: tensor<64x64x!tt.ptr<f16>, #bB>) -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> {
    %s = scf.if %c -> (!ttg.memdesc<64x64xf16, #shared, #smem>) {
      %x = tt.load %p : tensor<64x64x!tt.ptr<f16>, #bB>
      %sx = ttg.local_alloc %x : (tensor<64x64xf16, #bB>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
      scf.yield %sx : !ttg.memdesc<64x64xf16, #shared, #smem>
    } else {
      %y = tt.load %q : tensor<64x64x!tt.ptr<f16>, #bB>
      %sy = ttg.local_alloc %y : (tensor<64x64xf16, #bB>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
      scf.yield %sy : !ttg.memdesc<64x64xf16, #shared, #smem>
    }
    %d = ttg.local_load %s : !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>
    tt.return %d : tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>
  }
}

// -----

// Left alone: K already contiguous (A order [1, 0]); no room along K (B's
// 32 rows spread over 32 threads); a buffer filled by a direct-to-LDS copy;
// a buffer passed in; an FMA dot's operand; a buffer viewed transposed;
// stores of two different load layouts.
// CHECK-NOT: amd_rotating_shared
// CHECK-NOT: amdg.in_thread_transpose
#kA = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [16, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#nB = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#nB2 = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 16], warpsPerCTA = [1, 4], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#sharedT = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0, 1]}>
#smem = #ttg.shared_memory
#mma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = true}>
#fma = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [8, 8], warpsPerCTA = [2, 2], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @k_contiguous(%p: tensor<64x32x!tt.ptr<f16>, #kA>) -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> {
    %x = tt.load %p : tensor<64x32x!tt.ptr<f16>, #kA>
    %s = ttg.local_alloc %x : (tensor<64x32xf16, #kA>) -> !ttg.memdesc<64x32xf16, #shared, #smem>
    %d = ttg.local_load %s : !ttg.memdesc<64x32xf16, #shared, #smem> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>
    tt.return %d : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>
  }
  tt.func @no_room(%p: tensor<32x64x!tt.ptr<f16>, #nB>) -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> {
    %x = tt.load %p : tensor<32x64x!tt.ptr<f16>, #nB>
    %s = ttg.local_alloc %x : (tensor<32x64xf16, #nB>) -> !ttg.memdesc<32x64xf16, #shared, #smem>
    %d = ttg.local_load %s : !ttg.memdesc<32x64xf16, #shared, #smem> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>
    tt.return %d : tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>
  }
  tt.func @direct_to_lds(%p: tensor<64x64x!tt.ptr<f16>, #nB2>) -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> {
    %s = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %x = tt.load %p : tensor<64x64x!tt.ptr<f16>, #nB2>
    ttg.local_store %x, %s : tensor<64x64xf16, #nB2> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %t = ttg.async_copy_global_to_local %p, %s : tensor<64x64x!tt.ptr<f16>, #nB2> -> <64x64xf16, #shared, #smem, mutable>
    %d = ttg.local_load %s : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>
    tt.return %d : tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>
  }
  tt.func @passed_in(%s: !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, %p: tensor<64x64x!tt.ptr<f16>, #nB2>) -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> {
    %x = tt.load %p : tensor<64x64x!tt.ptr<f16>, #nB2>
    ttg.local_store %x, %s : tensor<64x64xf16, #nB2> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %d = ttg.local_load %s : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>
    tt.return %d : tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>
  }
  tt.func @fma_operand(%p: tensor<64x64x!tt.ptr<f16>, #nB2>) -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #fma}>> {
    %x = tt.load %p : tensor<64x64x!tt.ptr<f16>, #nB2>
    %s = ttg.local_alloc %x : (tensor<64x64xf16, #nB2>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
    %d = ttg.local_load %s : !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #fma}>>
    tt.return %d : tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #fma}>>
  }
  tt.func @viewed_transposed(%p: tensor<64x64x!tt.ptr<f16>, #nB2>) -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> {
    %x = tt.load %p : tensor<64x64x!tt.ptr<f16>, #nB2>
    %s = ttg.local_alloc %x : (tensor<64x64xf16, #nB2>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
    %t = ttg.memdesc_trans %s {order = array<i32: 1, 0>} : !ttg.memdesc<64x64xf16, #shared, #smem> -> !ttg.memdesc<64x64xf16, #sharedT, #smem>
    %d = ttg.local_load %s : !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>
    tt.return %d : tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>
  }
  tt.func @mixed_loads(%p: tensor<64x64x!tt.ptr<f16>, #nB2>, %q: tensor<64x64x!tt.ptr<f16>, #nB>) -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> {
    %s = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %x = tt.load %p : tensor<64x64x!tt.ptr<f16>, #nB2>
    ttg.local_store %x, %s : tensor<64x64xf16, #nB2> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %y = tt.load %q : tensor<64x64x!tt.ptr<f16>, #nB>
    ttg.local_store %y, %s : tensor<64x64xf16, #nB> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %d = ttg.local_load %s : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>
    tt.return %d : tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>
  }
}
