// RUN: triton-opt %s | triton-opt | FileCheck %s
// RUN: triton-opt %s --mlir-print-op-generic | triton-opt | FileCheck %s
// Blackwell's tensor-memory attributes and ops (tmem_*, tc_gen5_*) in the
// syntax Triton 3.6 prints, round-tripped twice.

// Parameters at their defaults are left out however they were written: the
// explicit defaults below are the same attributes as #acc and #scales.
// CHECK-DAG: #[[SC5:shared[0-9]*]] = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [4, 3, 2, 1, 0]}>
// CHECK-DAG: #[[SC:shared[0-9]*]] = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
// CHECK-DAG: #[[BAR:shared[0-9]*]] = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
// CHECK-DAG: #[[A:shared[0-9]*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
// CHECK-DAG: #[[B:shared[0-9]*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
// CHECK: #tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
// CHECK-NEXT: #tmem1 = #ttng.tensor_memory_encoding<blockM = 64, blockN = 256, colStride = 2, CGALayout = {{\[\[}}1, 0]], twoCTAs = true, fp4Padded = true>
// CHECK-NEXT: #tmem_scales = #ttng.tensor_memory_scales_encoding<>
// CHECK-NEXT: #tmem_scales1 = #ttng.tensor_memory_scales_encoding<blockRepOrder = kThenMn>
// CHECK-NOT: #ttng.tensor_memory_encoding
// CHECK-NOT: #ttng.tensor_memory_scales_encoding
#blocked = #ttg.blocked<{sizePerThread = [1, 128], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#scale_smem = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
#acc = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
#acc_defaults = #ttng.tensor_memory_encoding<fp4Padded = false, blockN = 128, twoCTAs = false, blockM = 128, CGALayout = [], colStride = 1>
#acc2 = #ttng.tensor_memory_encoding<blockM = 64, blockN = 256, colStride = 2, CGALayout = [[1, 0]], twoCTAs = true, fp4Padded = true>
#scales = #ttng.tensor_memory_scales_encoding<>
#scales_default = #ttng.tensor_memory_scales_encoding<blockRepOrder = mnThenK>
#scales_k = #ttng.tensor_memory_scales_encoding<blockRepOrder = kThenMn>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func public @attributes
  // CHECK-SAME: (%arg0: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, %arg1: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, %arg2: !ttg.memdesc<64x256xf16, #tmem1, #ttng.tensor_memory, mutable>, %arg3: !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory>, %arg4: !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory>, %arg5: !ttg.memdesc<128x4xi8, #tmem_scales1, #ttng.tensor_memory>)
  tt.func public @attributes(%a: !ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory, mutable>, %b: !ttg.memdesc<128x128xf32, #acc_defaults, #ttng.tensor_memory, mutable>, %c: !ttg.memdesc<64x256xf16, #acc2, #ttng.tensor_memory, mutable>, %d: !ttg.memdesc<128x4xi8, #scales, #ttng.tensor_memory>, %e: !ttg.memdesc<128x4xi8, #scales_default, #ttng.tensor_memory>, %f: !ttg.memdesc<128x4xi8, #scales_k, #ttng.tensor_memory>) {
    tt.return
  }

  // Allocation, loads and stores, with and without tokens.
  // CHECK-LABEL: tt.func public @tmem_ops
  tt.func public @tmem_ops(%v: tensor<128x128xf32, #blocked>, %p: i1) {
    %true = arith.constant true
    // CHECK: %[[ACC:.*]] = ttng.tmem_alloc : () -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    %acc = ttng.tmem_alloc : () -> !ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory, mutable>
    // CHECK: %[[ACC2:.*]], %[[TOK:.*]] = ttng.tmem_alloc %{{.*}} : (tensor<128x128xf32, #blocked>) -> (!ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.async.token)
    %acc2, %tok = ttng.tmem_alloc %v : (tensor<128x128xf32, #blocked>) -> (!ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory, mutable>, !ttg.async.token)
    // CHECK: %{{.*}} = ttng.tmem_alloc %{{.*}} : (tensor<128x128xf32, #blocked>) -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory>
    %init = ttng.tmem_alloc %v : (tensor<128x128xf32, #blocked>) -> !ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory>
    // CHECK: %[[L:.*]] = ttng.tmem_load %[[ACC]] : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x128xf32, #blocked>
    %l = ttng.tmem_load %acc : !ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory, mutable> -> tensor<128x128xf32, #blocked>
    // CHECK: %{{.*}}, %[[TOK2:.*]] = ttng.tmem_load %[[ACC2]][%[[TOK]]] : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x128xf32, #blocked>
    %l2, %tok2 = ttng.tmem_load %acc2[%tok] : !ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory, mutable> -> tensor<128x128xf32, #blocked>
    // CHECK: %{{.*}}, %{{.*}} = ttng.tmem_load %[[ACC]][] : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x128xf32, #blocked>
    %l3, %tok3 = ttng.tmem_load %acc[] : !ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory, mutable> -> tensor<128x128xf32, #blocked>
    // CHECK: ttng.tmem_store %[[L]], %[[ACC]], %{{.*}} : tensor<128x128xf32, #blocked> -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    ttng.tmem_store %l, %acc, %p : tensor<128x128xf32, #blocked> -> !ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory, mutable>
    // CHECK: %{{.*}} = ttng.tmem_store %[[L]], %[[ACC2]][%[[TOK2]]], %true : tensor<128x128xf32, #blocked> -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    %tok4 = ttng.tmem_store %l, %acc2[%tok2], %true : tensor<128x128xf32, #blocked> -> !ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory, mutable>
    // CHECK: %{{.*}} = ttng.tmem_store %[[L]], %[[ACC]][], %{{.*}} : tensor<128x128xf32, #blocked> -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    %tok5 = ttng.tmem_store %l, %acc[], %p : tensor<128x128xf32, #blocked> -> !ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory, mutable>
    // CHECK: %{{.*}} = ttng.tmem_subslice %[[ACC]] {N = 64 : i32} : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable, 128x128>
    %sub = ttng.tmem_subslice %acc {N = 64 : i32} : !ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory, mutable> -> !ttg.memdesc<128x64xf32, #acc, #ttng.tensor_memory, mutable, 128x128>
    tt.return
  }

  // Copies of scales from shared to tensor memory, with and without a barrier.
  // CHECK-LABEL: tt.func public @tmem_copy
  tt.func public @tmem_copy(%s: !ttg.memdesc<1x2x32x4x4xi8, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [4, 3, 2, 1, 0]}>, #smem>, %s2: !ttg.memdesc<128x8xi8, #scale_smem, #smem>) {
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #bar, #smem, mutable>
    // CHECK: %[[T:.*]] = ttng.tmem_alloc : () -> !ttg.memdesc<128x8xi8, #tmem_scales, #ttng.tensor_memory, mutable>
    %t = ttng.tmem_alloc : () -> !ttg.memdesc<128x8xi8, #scales, #ttng.tensor_memory, mutable>
    // CHECK: ttng.tmem_copy %{{.*}}, %[[T]] : !ttg.memdesc<1x2x32x4x4xi8, #[[SC5]], #smem>, !ttg.memdesc<128x8xi8, #tmem_scales, #ttng.tensor_memory, mutable>
    ttng.tmem_copy %s, %t : !ttg.memdesc<1x2x32x4x4xi8, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [4, 3, 2, 1, 0]}>, #smem>, !ttg.memdesc<128x8xi8, #scales, #ttng.tensor_memory, mutable>
    // CHECK: ttng.tmem_copy %{{.*}}, %[[T]], %{{.*}} : !ttg.memdesc<128x8xi8, #[[SC]], #smem>, !ttg.memdesc<128x8xi8, #tmem_scales, #ttng.tensor_memory, mutable>, !ttg.memdesc<1xi64, #[[BAR]], #smem, mutable>
    ttng.tmem_copy %s2, %t, %bar : !ttg.memdesc<128x8xi8, #scale_smem, #smem>, !ttg.memdesc<128x8xi8, #scales, #ttng.tensor_memory, mutable>, !ttg.memdesc<1xi64, #bar, #smem, mutable>
    tt.return
  }

  // MMAs: synchronous, asynchronous with tokens and barriers, a in tensor
  // memory, scaled, and the commits.
  // CHECK-LABEL: tt.func public @mma
  tt.func public @mma(%a: !ttg.memdesc<128x64xf16, #shared, #smem>, %b: !ttg.memdesc<64x128xf16, #shared1, #smem>, %ta: !ttg.memdesc<128x64xf16, #acc2, #ttng.tensor_memory>, %useD: i1, %p: i1) {
    %true = arith.constant true
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #bar, #smem, mutable>
    %acc, %tok = ttng.tmem_alloc : () -> (!ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory, mutable>, !ttg.async.token)
    // CHECK: ttng.tc_gen5_mma %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %true : !ttg.memdesc<128x64xf16, #[[A]], #smem>, !ttg.memdesc<64x128xf16, #[[B]], #smem>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    ttng.tc_gen5_mma %a, %b, %acc, %useD, %true : !ttg.memdesc<128x64xf16, #shared, #smem>, !ttg.memdesc<64x128xf16, #shared1, #smem>, !ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory, mutable>
    // CHECK: %[[T1:.*]] = ttng.tc_gen5_mma %{{.*}}, %{{.*}}, %{{.*}}[%{{.*}}], %{{.*}}, %{{.*}}, %[[BARV:[0-9a-z_]+]][%true], %[[BARV]][%{{.*}}] {is_async, two_ctas} : !ttg.memdesc<128x64xf16, #[[A]], #smem>, !ttg.memdesc<64x128xf16, #[[B]], #smem>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.memdesc<1xi64, #[[BAR]], #smem, mutable>, !ttg.memdesc<1xi64, #[[BAR]], #smem, mutable>
    %tok1 = ttng.tc_gen5_mma %a, %b, %acc[%tok], %useD, %p, %bar[%true], %bar[%p] {is_async, two_ctas} : !ttg.memdesc<128x64xf16, #shared, #smem>, !ttg.memdesc<64x128xf16, #shared1, #smem>, !ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory, mutable>, !ttg.memdesc<1xi64, #bar, #smem, mutable>, !ttg.memdesc<1xi64, #bar, #smem, mutable>
    // CHECK: %{{.*}} = ttng.tc_gen5_mma %{{.*}}, %{{.*}}, %{{.*}}[], %{{.*}}, %true {is_async} : !ttg.memdesc<128x64xf16, #tmem1, #ttng.tensor_memory>, !ttg.memdesc<64x128xf16, #[[B]], #smem>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    %tok2 = ttng.tc_gen5_mma %ta, %b, %acc[], %useD, %true {is_async} : !ttg.memdesc<128x64xf16, #acc2, #ttng.tensor_memory>, !ttg.memdesc<64x128xf16, #shared1, #smem>, !ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory, mutable>
    // CHECK: ttng.tc_gen5_commit %[[BARV]] : !ttg.memdesc<1xi64, #[[BAR]], #smem, mutable>
    ttng.tc_gen5_commit %bar : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    // CHECK: ttng.tc_gen5_commit %[[BARV]], %{{.*}} : !ttg.memdesc<1xi64, #[[BAR]], #smem, mutable>
    ttng.tc_gen5_commit %bar, %p : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    // CHECK: ttng.tc_gen5_commit %[[BARV]], %{{.*}} descs %{{.*}}, %{{.*}} : !ttg.memdesc<1xi64, #[[BAR]], #smem, mutable>, !ttg.memdesc<128x64xf16, #[[A]], #smem>, !ttg.memdesc<64x128xf16, #[[B]], #smem>
    ttng.tc_gen5_commit %bar, %p descs %a, %b : !ttg.memdesc<1xi64, #bar, #smem, mutable>, !ttg.memdesc<128x64xf16, #shared, #smem>, !ttg.memdesc<64x128xf16, #shared1, #smem>
    tt.return
  }

  // CHECK-LABEL: tt.func public @mma_scaled
  tt.func public @mma_scaled(%a: !ttg.memdesc<128x64xi8, #shared, #smem>, %b: !ttg.memdesc<128x128xf8E4M3FN, #shared1, #smem>, %as: !ttg.memdesc<128x4xi8, #scale_smem, #smem>, %bs: !ttg.memdesc<128x4xi8, #scales, #ttng.tensor_memory>, %useD: i1) {
    %true = arith.constant true
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #bar, #smem, mutable>
    %acc = ttng.tmem_alloc : () -> !ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory, mutable>
    // CHECK: ttng.tc_gen5_mma_scaled %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %true lhs = e2m1 rhs = e4m3 : !ttg.memdesc<128x64xi8, #[[A]], #smem>, !ttg.memdesc<128x128xf8E4M3FN, #[[B]], #smem>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.memdesc<128x4xi8, #[[SC]], #smem>, !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory>
    ttng.tc_gen5_mma_scaled %a, %b, %acc, %as, %bs, %useD, %true lhs = e2m1 rhs = e4m3 : !ttg.memdesc<128x64xi8, #shared, #smem>, !ttg.memdesc<128x128xf8E4M3FN, #shared1, #smem>, !ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory, mutable>, !ttg.memdesc<128x4xi8, #scale_smem, #smem>, !ttg.memdesc<128x4xi8, #scales, #ttng.tensor_memory>
    // CHECK: %{{.*}} = ttng.tc_gen5_mma_scaled %{{.*}}, %{{.*}}, %{{.*}}[], %{{.*}}, %{{.*}}, %{{.*}}, %true lhs = e2m1 rhs = e4m3, %{{.*}}[%true] {is_async} : !ttg.memdesc<128x64xi8, #[[A]], #smem>, !ttg.memdesc<128x128xf8E4M3FN, #[[B]], #smem>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.memdesc<128x4xi8, #[[SC]], #smem>, !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory>, !ttg.memdesc<1xi64, #[[BAR]], #smem, mutable>
    %tok = ttng.tc_gen5_mma_scaled %a, %b, %acc[], %as, %bs, %useD, %true lhs = e2m1 rhs = e4m3, %bar[%true] {is_async} : !ttg.memdesc<128x64xi8, #shared, #smem>, !ttg.memdesc<128x128xf8E4M3FN, #shared1, #smem>, !ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory, mutable>, !ttg.memdesc<128x4xi8, #scale_smem, #smem>, !ttg.memdesc<128x4xi8, #scales, #ttng.tensor_memory>, !ttg.memdesc<1xi64, #bar, #smem, mutable>
    tt.return
  }
}
