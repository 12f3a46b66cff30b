// RUN: triton-opt %s -split-input-file -tritongpu-reorder-instructions | FileCheck %s

// Triton 3.6's mma v2 matmul loop after reduce-data-duplication (cuda:80):
// each buffer is filled right after its load, the loads from shared memory
// stay before the dot, A's first.
// CHECK-LABEL: tt.func public @mma_v2_loop
// CHECK: %[[A:.*]] = tt.load
// CHECK-NEXT: %[[SA:.*]] = ttg.local_alloc %[[A]]
// CHECK-NEXT: %[[B:.*]] = tt.load
// CHECK-NEXT: %[[SB:.*]] = ttg.local_alloc %[[B]]
// CHECK-NEXT: %[[DA:.*]] = ttg.local_load %[[SA]]
// CHECK-NEXT: %[[DB:.*]] = ttg.local_load %[[SB]]
// CHECK-NEXT: tt.dot %[[DA]], %[[DB]]
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
#shared1 = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @mma_v2_loop(%pa: tensor<64x32x!tt.ptr<f16>, #blocked1>, %pb: tensor<32x64x!tt.ptr<f16>, #blocked>, %n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf32, #mma>)  : i32 {
      %a = tt.load %pa : tensor<64x32x!tt.ptr<f16>, #blocked1>
      %b = tt.load %pb : tensor<32x64x!tt.ptr<f16>, #blocked>
      %sa = ttg.local_alloc %a : (tensor<64x32xf16, #blocked1>) -> !ttg.memdesc<64x32xf16, #shared, #smem>
      %da = ttg.local_load %sa : !ttg.memdesc<64x32xf16, #shared, #smem> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %sb = ttg.local_alloc %b : (tensor<32x64xf16, #blocked>) -> !ttg.memdesc<32x64xf16, #shared1, #smem>
      %db = ttg.local_load %sb : !ttg.memdesc<32x64xf16, #shared1, #smem> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
      %d = tt.dot %da, %db, %acc, inputPrecision = tf32 : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
      scf.yield %d : tensor<64x64xf32, #mma>
    }
    tt.return %r : tensor<64x64xf32, #mma>
  }
}

// -----

// B's load from shared memory moves after A's; a transposition moves up to
// what it transposes.
// CHECK-LABEL: tt.func @operand_order
// CHECK: %[[Y:.*]] = arith.addf %arg0, %arg0
// CHECK-NEXT: tt.trans %[[Y]]
// CHECK: %[[DA:.*]] = ttg.local_load %arg1
// CHECK-NEXT: %[[DB:.*]] = ttg.local_load %arg2
// CHECK: tt.dot %[[DA]], %[[DB]]
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#blockedT = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @operand_order(%x: tensor<32x32xf32, #blocked>, %sa: !ttg.memdesc<32x32xf16, #shared, #smem>, %sb: !ttg.memdesc<32x32xf16, #shared, #smem>, %acc: tensor<32x32xf32, #mma>) -> (tensor<32x32xf32, #mma>, tensor<32x32xf32, #blockedT>) {
    %y = arith.addf %x, %x : tensor<32x32xf32, #blocked>
    %db = ttg.local_load %sb : !ttg.memdesc<32x32xf16, #shared, #smem> -> tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
    %da = ttg.local_load %sa : !ttg.memdesc<32x32xf16, #shared, #smem> -> tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    %t = tt.trans %y {order = array<i32: 1, 0>} : tensor<32x32xf32, #blocked> -> tensor<32x32xf32, #blockedT>
    %d = tt.dot %da, %db, %acc : tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<32x32xf32, #mma>
    tt.return %d, %t : tensor<32x32xf32, #mma>, tensor<32x32xf32, #blockedT>
  }
}

// -----

// A conversion moves after the deallocations before its first use, not
// further; one to a dot operand used in a loop moves into it.
// CHECK-LABEL: tt.func @sinks
// CHECK: ttg.local_dealloc
// CHECK-NEXT: %[[C:.*]] = ttg.convert_layout %arg0 : {{.*}} -> tensor<32x32xf32, #[[B2:blocked[0-9]*]]>
// CHECK-NEXT: arith.addf %[[C]], %[[C]]
// CHECK: scf.for
// CHECK-NEXT: %[[D:.*]] = ttg.convert_layout %arg0 : {{.*}} -> tensor<32x32xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>
// CHECK-NEXT: tt.dot %[[D]]
#b1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#b2 = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @sinks(%x: tensor<32x32xf32, #b1>, %b: tensor<32x32xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>>, %n: i32) -> (tensor<32x32xf32, #b2>, tensor<32x32xf32, #mma>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<32x32xf32, #mma>
    %buf = ttg.local_alloc : () -> !ttg.memdesc<32x32xf32, #shared, #smem, mutable>
    %c = ttg.convert_layout %x : tensor<32x32xf32, #b1> -> tensor<32x32xf32, #b2>
    %d = ttg.convert_layout %x : tensor<32x32xf32, #b1> -> tensor<32x32xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>
    ttg.local_dealloc %buf : !ttg.memdesc<32x32xf32, #shared, #smem, mutable>
    %s = arith.addf %c, %c : tensor<32x32xf32, #b2>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<32x32xf32, #mma>)  : i32 {
      %m = tt.dot %d, %b, %acc, inputPrecision = tf32 : tensor<32x32xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>> * tensor<32x32xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>> -> tensor<32x32xf32, #mma>
      scf.yield %m : tensor<32x32xf32, #mma>
    }
    tt.return %s, %r : tensor<32x32xf32, #b2>, tensor<32x32xf32, #mma>
  }
}

// -----

// What must stay: a load from a buffer stored to before A's load (moving it
// would read the new contents), a load from a mutable buffer used in a loop,
// and a buffer filled inside a loop from a tensor made outside it.
// CHECK-LABEL: tt.func @kept
// CHECK: %[[DB:.*]] = ttg.local_load %arg1
// CHECK-NEXT: ttg.local_store
// CHECK-NEXT: %[[DA:.*]] = ttg.local_load %arg2
// CHECK-NEXT: %[[L:.*]] = ttg.local_load %arg1
// CHECK: scf.for
// CHECK-NEXT: ttg.local_alloc %arg0
// CHECK: tt.dot %{{.*}}, %[[L]]
// CHECK: tt.dot %[[DA]], %[[DB]]
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#blockedT = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @kept(%x: tensor<32x32xf16, #blocked>, %sb: !ttg.memdesc<32x32xf16, #shared, #smem, mutable>, %sa: !ttg.memdesc<32x32xf16, #shared, #smem, mutable>, %acc: tensor<32x32xf32, #mma>, %n: i32) -> (tensor<32x32xf32, #mma>, tensor<32x32xf32, #mma>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %db = ttg.local_load %sb : !ttg.memdesc<32x32xf16, #shared, #smem, mutable> -> tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
    ttg.local_store %x, %sb : tensor<32x32xf16, #blocked> -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    %da = ttg.local_load %sa : !ttg.memdesc<32x32xf16, #shared, #smem, mutable> -> tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    %l = ttg.local_load %sb : !ttg.memdesc<32x32xf16, #shared, #smem, mutable> -> tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %acc) -> (tensor<32x32xf32, #mma>)  : i32 {
      %s = ttg.local_alloc %x : (tensor<32x32xf16, #blocked>) -> !ttg.memdesc<32x32xf16, #shared, #smem>
      %t = ttg.local_load %s : !ttg.memdesc<32x32xf16, #shared, #smem> -> tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %m = tt.dot %t, %l, %a : tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<32x32xf32, #mma>
      scf.yield %m : tensor<32x32xf32, #mma>
    }
    %d = tt.dot %da, %db, %acc : tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<32x32xf32, #mma>
    tt.return %d, %r : tensor<32x32xf32, #mma>, tensor<32x32xf32, #mma>
  }
}

// -----

// A buffer filled from a splatted scalar or a constant stays where it is:
// moving it up would only hold its shared memory longer.
// CHECK-LABEL: tt.func @scalar_buffers_stay
// CHECK: tt.splat
// CHECK-NEXT: arith.constant dense
// CHECK-NEXT: ttg.async_wait
// CHECK-NEXT: ttg.local_alloc
// CHECK-NEXT: ttg.local_alloc
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @scalar_buffers_stay(%s: f32) {
    %t = tt.splat %s : f32 -> tensor<16x32xf32, #blocked>
    %k = arith.constant dense<1.0> : tensor<16x32xf32, #blocked>
    ttg.async_wait {num = 0 : i32}
    %bt = ttg.local_alloc %t : (tensor<16x32xf32, #blocked>) -> !ttg.memdesc<16x32xf32, #shared, #smem>
    %bk = ttg.local_alloc %k : (tensor<16x32xf32, #blocked>) -> !ttg.memdesc<16x32xf32, #shared, #smem>
    tt.return
  }
}

// -----

// B's load from shared memory stays first when another dot reads it too (the
// earlier dot would lose its operand), and when a write to shared memory
// sits between it and A's load, even into another buffer.
// CHECK-LABEL: tt.func @operand_order_kept
// CHECK: %[[DB:.*]] = ttg.local_load %arg2
// CHECK-NEXT: %[[DA0:.*]] = ttg.local_load %arg0
// CHECK-NEXT: tt.dot %[[DA0]], %[[DB]]
// CHECK-NEXT: %[[DA1:.*]] = ttg.local_load %arg1
// CHECK-NEXT: tt.dot %[[DA1]], %[[DB]]
// CHECK: %[[DB2:.*]] = ttg.local_load %arg2
// CHECK-NEXT: ttg.local_store
// CHECK-NEXT: %[[DA2:.*]] = ttg.local_load %arg0
// CHECK-NEXT: tt.dot %[[DA2]], %[[DB2]]
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @operand_order_kept(%sa0: !ttg.memdesc<32x32xf16, #shared, #smem>, %sa1: !ttg.memdesc<32x32xf16, #shared, #smem>, %sb: !ttg.memdesc<32x32xf16, #shared, #smem>, %other: !ttg.memdesc<32x32xf32, #shared, #smem, mutable>, %v: tensor<32x32xf32, #blocked>, %acc: tensor<32x32xf32, #mma>) -> (tensor<32x32xf32, #mma>, tensor<32x32xf32, #mma>, tensor<32x32xf32, #mma>) {
    %db = ttg.local_load %sb : !ttg.memdesc<32x32xf16, #shared, #smem> -> tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
    %da0 = ttg.local_load %sa0 : !ttg.memdesc<32x32xf16, #shared, #smem> -> tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    %d0 = tt.dot %da0, %db, %acc : tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<32x32xf32, #mma>
    %da1 = ttg.local_load %sa1 : !ttg.memdesc<32x32xf16, #shared, #smem> -> tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    %d1 = tt.dot %da1, %db, %acc : tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<32x32xf32, #mma>
    %db2 = ttg.local_load %sb : !ttg.memdesc<32x32xf16, #shared, #smem> -> tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
    ttg.local_store %v, %other : tensor<32x32xf32, #blocked> -> !ttg.memdesc<32x32xf32, #shared, #smem, mutable>
    %da2 = ttg.local_load %sa0 : !ttg.memdesc<32x32xf16, #shared, #smem> -> tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    %d2 = tt.dot %da2, %db2, %acc : tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<32x32xf32, #mma>
    tt.return %d0, %d1, %d2 : tensor<32x32xf32, #mma>, tensor<32x32xf32, #mma>, tensor<32x32xf32, #mma>
  }
}
