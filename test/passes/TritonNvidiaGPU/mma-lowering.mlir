// RUN: triton-opt %s -split-input-file -triton-nvidia-mma-lowering | FileCheck %s
// sm_90 IR goes through unchanged, byte for byte:
// RUN: triton-opt %corpus/triton-3.6-sm90/matmul_fp16_sm90.ttgir -o %t.before
// RUN: triton-opt %corpus/triton-3.6-sm90/matmul_fp16_sm90.ttgir -triton-nvidia-mma-lowering -o %t.after
// RUN: diff %t.before %t.after

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  // A synchronous MMA signals a one-arrival barrier of its own and is waited
  // for right after, on phase 0, where its own predicate holds.
  // CHECK: #[[BAR:shared[0-9]*]] = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
  // CHECK-LABEL: tt.func public @sync_mma
  // CHECK-SAME: (%[[A:[^:]*]]: {{.*}}, %[[B:[^:]*]]: {{.*}}, %[[ACC:[^:]*]]: {{.*}}, %[[USED:[^:]*]]: i1, %[[PRED:[^:]*]]: i1)
  // CHECK: %[[TRUE:.*]] = arith.constant true
  // CHECK-NEXT: %[[BARV:.*]] = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #[[BAR]], #smem, mutable>
  // CHECK-NEXT: ttng.init_barrier %[[BARV]], 1 : !ttg.memdesc<1xi64, #[[BAR]], #smem, mutable>
  // CHECK-NEXT: ttng.tc_gen5_mma %[[A]], %[[B]], %[[ACC]], %[[USED]], %[[PRED]], %[[BARV]][%[[TRUE]]] {is_async} : !ttg.memdesc<128x64xf16, #shared, #smem>, !ttg.memdesc<64x128xf16, #shared1, #smem>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.memdesc<1xi64, #[[BAR]], #smem, mutable>
  // CHECK-NEXT: %[[PHASE:.*]] = arith.constant 0 : i32
  // CHECK-NEXT: ttng.wait_barrier %[[BARV]], %[[PHASE]], %[[PRED]] : !ttg.memdesc<1xi64, #[[BAR]], #smem, mutable>
  // CHECK-NEXT: ttng.inval_barrier %[[BARV]] : !ttg.memdesc<1xi64, #[[BAR]], #smem, mutable>
  // CHECK-NEXT: tt.return
  tt.func public @sync_mma(%a: !ttg.memdesc<128x64xf16, #shared, #smem>, %b: !ttg.memdesc<64x128xf16, #shared1, #smem>, %acc: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, %useD: i1, %pred: i1) {
    ttng.tc_gen5_mma %a, %b, %acc, %useD, %pred : !ttg.memdesc<128x64xf16, #shared, #smem>, !ttg.memdesc<64x128xf16, #shared1, #smem>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    tt.return
  }

  // With a token, the MMA keeps its dependency and result.
  // CHECK-LABEL: tt.func public @sync_mma_token
  // CHECK: %[[BARV:.*]] = ttg.local_alloc
  // CHECK: %[[TOK:.*]] = ttng.tc_gen5_mma %{{.*}}, %{{.*}}, %{{.*}}[%arg3], %{{.*}}, %{{.*}}, %[[BARV]][%{{.*}}] {is_async}
  // CHECK: ttng.wait_barrier %[[BARV]]
  // CHECK: ttng.inval_barrier %[[BARV]]
  // CHECK: tt.return %[[TOK]]
  tt.func public @sync_mma_token(%a: !ttg.memdesc<128x64xf16, #shared, #smem>, %b: !ttg.memdesc<64x128xf16, #shared1, #smem>, %acc: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, %dep: !ttg.async.token, %useD: i1) -> !ttg.async.token {
    %true = arith.constant true
    %tok = ttng.tc_gen5_mma %a, %b, %acc[%dep], %useD, %true : !ttg.memdesc<128x64xf16, #shared, #smem>, !ttg.memdesc<64x128xf16, #shared1, #smem>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    tt.return %tok : !ttg.async.token
  }

  // An MMA that is already asynchronous is left alone.
  // CHECK-LABEL: tt.func public @async_mma
  // CHECK-NOT: ttg.local_alloc
  // CHECK-NOT: ttng.init_barrier
  // CHECK: ttng.tc_gen5_mma %arg0, %arg1, %arg2, %arg3, %arg3, %arg4[%arg3] {is_async} :
  // CHECK-NOT: ttng.wait_barrier
  // CHECK-NEXT: tt.return
  tt.func public @async_mma(%a: !ttg.memdesc<128x64xf16, #shared, #smem>, %b: !ttg.memdesc<64x128xf16, #shared1, #smem>, %acc: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, %p: i1, %bar: !ttg.memdesc<1xi64, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>, #smem, mutable>) {
    ttng.tc_gen5_mma %a, %b, %acc, %p, %p, %bar[%p] {is_async} : !ttg.memdesc<128x64xf16, #shared, #smem>, !ttg.memdesc<64x128xf16, #shared1, #smem>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.memdesc<1xi64, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>, #smem, mutable>
    tt.return
  }
}

// -----

// Scales in swizzled shared memory go to tensor memory: M = 128 rows for
// a_scale (1024 bytes: 128x8), N = 64 rows for b_scale (256 bytes: 64x4).
// The synchronous scaled MMA also gets its barrier, after the copies.
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 8}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 8}>
#scales5d = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [4, 3, 2, 1, 0]}>
#scales2d = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func public @scales_to_tmem
  // CHECK-SAME: (%[[A:[^:]*]]: {{.*}}, %[[B:[^:]*]]: {{.*}}, %[[ACC:[^:]*]]: {{.*}}, %[[AS:[^:]*]]: !ttg.memdesc<1x2x32x4x4xi8, #[[S5:shared[0-9]*]], #smem>, %[[BS:[^:]*]]: !ttg.memdesc<2x128xi8, #[[S2:shared[0-9]*]], #smem>, %[[P:[^:]*]]: i1)
  // CHECK-NEXT: %[[TA:.*]] = ttng.tmem_alloc : () -> !ttg.memdesc<128x8xi8, #tmem_scales, #ttng.tensor_memory, mutable>
  // CHECK-NEXT: ttng.tmem_copy %[[AS]], %[[TA]] : !ttg.memdesc<1x2x32x4x4xi8, #[[S5]], #smem>, !ttg.memdesc<128x8xi8, #tmem_scales, #ttng.tensor_memory, mutable>
  // CHECK-NEXT: %[[TB:.*]] = ttng.tmem_alloc : () -> !ttg.memdesc<64x4xi8, #tmem_scales, #ttng.tensor_memory, mutable>
  // CHECK-NEXT: ttng.tmem_copy %[[BS]], %[[TB]] : !ttg.memdesc<2x128xi8, #[[S2]], #smem>, !ttg.memdesc<64x4xi8, #tmem_scales, #ttng.tensor_memory, mutable>
  // CHECK-NEXT: %[[TRUE:.*]] = arith.constant true
  // CHECK-NEXT: %[[BARV:.*]] = ttg.local_alloc
  // CHECK-NEXT: ttng.init_barrier %[[BARV]], 1
  // CHECK-NEXT: ttng.tc_gen5_mma_scaled %[[A]], %[[B]], %[[ACC]], %[[TA]], %[[TB]], %[[P]], %[[P]] lhs = e4m3 rhs = e4m3, %[[BARV]][%[[TRUE]]] {is_async} : !ttg.memdesc<128x128xf8E4M3FN, #shared, #smem>, !ttg.memdesc<128x64xf8E4M3FN, #shared1, #smem>, !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.memdesc<128x8xi8, #tmem_scales, #ttng.tensor_memory, mutable>, !ttg.memdesc<64x4xi8, #tmem_scales, #ttng.tensor_memory, mutable>, !ttg.memdesc<1xi64, #{{shared[0-9]*}}, #smem, mutable>
  // CHECK-NEXT: %[[PHASE:.*]] = arith.constant 0 : i32
  // CHECK-NEXT: ttng.wait_barrier %[[BARV]], %[[PHASE]], %[[P]]
  // CHECK-NEXT: ttng.inval_barrier %[[BARV]]
  tt.func public @scales_to_tmem(%a: !ttg.memdesc<128x128xf8E4M3FN, #shared, #smem>, %b: !ttg.memdesc<128x64xf8E4M3FN, #shared1, #smem>, %acc: !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable>, %as: !ttg.memdesc<1x2x32x4x4xi8, #scales5d, #smem>, %bs: !ttg.memdesc<2x128xi8, #scales2d, #smem>, %p: i1) {
    ttng.tc_gen5_mma_scaled %a, %b, %acc, %as, %bs, %p, %p lhs = e4m3 rhs = e4m3 : !ttg.memdesc<128x128xf8E4M3FN, #shared, #smem>, !ttg.memdesc<128x64xf8E4M3FN, #shared1, #smem>, !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.memdesc<1x2x32x4x4xi8, #scales5d, #smem>, !ttg.memdesc<2x128xi8, #scales2d, #smem>
    tt.return
  }

  // Scales already in tensor memory stay; an asynchronous scaled MMA gets no
  // barrier: nothing changes.
  // CHECK-LABEL: tt.func public @scales_in_tmem
  // CHECK-NOT: ttng.tmem_alloc
  // CHECK-NOT: ttng.tmem_copy
  // CHECK-NOT: ttg.local_alloc
  // CHECK: ttng.tc_gen5_mma_scaled %arg0, %arg1, %arg2, %arg3, %arg4, %arg5, %arg5 lhs = e4m3 rhs = e4m3, %arg6[%arg5] {is_async} :
  // CHECK-NEXT: tt.return
  tt.func public @scales_in_tmem(%a: !ttg.memdesc<128x128xf8E4M3FN, #shared, #smem>, %b: !ttg.memdesc<128x64xf8E4M3FN, #shared1, #smem>, %acc: !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable>, %as: !ttg.memdesc<128x8xi8, #ttng.tensor_memory_scales_encoding<>, #ttng.tensor_memory>, %bs: !ttg.memdesc<64x4xi8, #ttng.tensor_memory_scales_encoding<>, #ttng.tensor_memory>, %p: i1, %bar: !ttg.memdesc<1xi64, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>, #smem, mutable>) {
    ttng.tc_gen5_mma_scaled %a, %b, %acc, %as, %bs, %p, %p lhs = e4m3 rhs = e4m3, %bar[%p] {is_async} : !ttg.memdesc<128x128xf8E4M3FN, #shared, #smem>, !ttg.memdesc<128x64xf8E4M3FN, #shared1, #smem>, !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.memdesc<128x8xi8, #ttng.tensor_memory_scales_encoding<>, #ttng.tensor_memory>, !ttg.memdesc<64x4xi8, #ttng.tensor_memory_scales_encoding<>, #ttng.tensor_memory>, !ttg.memdesc<1xi64, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>, #smem, mutable>
    tt.return
  }
}

// -----

// Over two CTAs, a scale buffer that keeps its shape keeps its CTA split.
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 8, CGALayout = [[1, 0]]}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 8, CGALayout = [[0, 1]]}>
#scales = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0], CGALayout = [[1, 0]]}>
#smem = #ttg.shared_memory
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1, CGALayout = [[1, 0]]>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK: #[[TS:tmem_scales[0-9]*]] = #ttng.tensor_memory_scales_encoding<CGALayout = {{\[\[}}1, 0]]>
  // CHECK-LABEL: tt.func public @scales_cga
  // CHECK: %[[TA:.*]] = ttng.tmem_alloc : () -> !ttg.memdesc<256x4xi8, #[[TS]], #ttng.tensor_memory, mutable>
  // CHECK-NEXT: ttng.tmem_copy %arg3, %[[TA]]
  // CHECK: ttng.tc_gen5_mma_scaled %arg0, %arg1, %arg2, %[[TA]], %arg4,
  tt.func public @scales_cga(%a: !ttg.memdesc<256x128xf8E4M3FN, #shared, #smem>, %b: !ttg.memdesc<128x64xf8E4M3FN, #shared1, #smem>, %acc: !ttg.memdesc<256x64xf32, #tmem, #ttng.tensor_memory, mutable>, %as: !ttg.memdesc<256x4xi8, #scales, #smem>, %bs: !ttg.memdesc<64x4xi8, #ttng.tensor_memory_scales_encoding<CGALayout = [[0, 1]]>, #ttng.tensor_memory>, %p: i1, %bar: !ttg.memdesc<1xi64, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0], CGALayout = [[0]]}>, #smem, mutable>) {
    ttng.tc_gen5_mma_scaled %a, %b, %acc, %as, %bs, %p, %p lhs = e4m3 rhs = e4m3, %bar[%p] {is_async} : !ttg.memdesc<256x128xf8E4M3FN, #shared, #smem>, !ttg.memdesc<128x64xf8E4M3FN, #shared1, #smem>, !ttg.memdesc<256x64xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.memdesc<256x4xi8, #scales, #smem>, !ttg.memdesc<64x4xi8, #ttng.tensor_memory_scales_encoding<CGALayout = [[0, 1]]>, #ttng.tensor_memory>, !ttg.memdesc<1xi64, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0], CGALayout = [[0]]}>, #smem, mutable>
    tt.return
  }
}

// -----

// An sm_90 wgmma kernel: no tcgen05 op, nothing to do.
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func public @wgmma
  // CHECK-NEXT: %[[D:.*]] = ttng.warp_group_dot %arg0, %arg1, %arg2 {inputPrecision = 0 : i32, isAsync = true}
  // CHECK-NEXT: %[[W:.*]]:3 = ttng.warp_group_dot_wait %[[D]], %arg0, %arg1 {pendings = 0 : i32}
  // CHECK-NEXT: tt.return %[[W]]#0
  // CHECK-NOT: ttng.
  tt.func public @wgmma(%a: !ttg.memdesc<64x32xf16, #shared, #smem, mutable>, %b: !ttg.memdesc<32x64xf16, #shared, #smem, mutable>, %c: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    %d = ttng.warp_group_dot %a, %b, %c {inputPrecision = 0 : i32, isAsync = true} : !ttg.memdesc<64x32xf16, #shared, #smem, mutable> * !ttg.memdesc<32x64xf16, #shared, #smem, mutable> -> tensor<64x64xf32, #mma>
    %w:3 = ttng.warp_group_dot_wait %d, %a, %b {pendings = 0 : i32} : tensor<64x64xf32, #mma>, !ttg.memdesc<64x32xf16, #shared, #smem, mutable>, !ttg.memdesc<32x64xf16, #shared, #smem, mutable>
    tt.return %w#0 : tensor<64x64xf32, #mma>
  }
}
