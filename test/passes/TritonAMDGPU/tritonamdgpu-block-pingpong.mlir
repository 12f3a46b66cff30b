// RUN: triton-opt %s -split-input-file -tritonamdgpu-block-pingpong=num-stages=2 | FileCheck %s
// RUN: triton-opt %s -split-input-file -tritonamdgpu-block-pingpong=num-stages=1 | FileCheck %s --check-prefix=ONE

// A 4-warp pipelined loop, 128x128x64 f16: the memory cluster (A's read,
// high priority, A's load with its address, a full scheduling fence, B's
// read, low priority, B's load) then the dot alone at high priority. The
// ops that do not move keep their order.
// CHECK-LABEL: tt.func @one_cluster
// CHECK:      scf.for
// CHECK-NEXT:   [[RA:%.*]] = ttg.local_load %arg{{[0-9]+}} : !ttg.memdesc<128x64xf16
// CHECK-NEXT:   rocdl.s.setprio 1
// CHECK-NEXT:   [[PA:%.*]] = tt.addptr
// CHECK-NEXT:   [[LA:%.*]] = tt.load [[PA]]
// CHECK-NEXT:   rocdl.sched.barrier 0
// CHECK-NEXT:   [[RB:%.*]] = ttg.local_load %arg{{[0-9]+}} : !ttg.memdesc<64x128xf16
// CHECK-NEXT:   rocdl.s.setprio 0
// CHECK-NEXT:   [[PB:%.*]] = tt.addptr
// CHECK-NEXT:   [[LB:%.*]] = tt.load [[PB]]
// CHECK-NEXT:   arith.addf [[RA]]
// CHECK-NEXT:   rocdl.sched.barrier 1
// CHECK-NEXT:   rocdl.s.setprio 1
// CHECK-NEXT:   tt.dot
// CHECK-NEXT:   rocdl.s.setprio 0
// CHECK-NEXT:   arith.addi
// CHECK:        ttg.local_store [[LA]]
// CHECK:        ttg.local_store [[LB]]
// ONE-LABEL: tt.func @one_cluster
// ONE-NOT: rocdl
#bA = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#bB = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 8], warpsPerCTA = [1, 4], order = [0, 1]}>
#mma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [16, 16, 16], isTransposed = true}>
#sA = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#sB = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [0, 1]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @one_cluster(%pa0: tensor<128x64x!tt.ptr<f16>, #bA>, %pb0: tensor<64x128x!tt.ptr<f16>, #bB>, %n: i32) -> tensor<128x128xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %da = arith.constant dense<64> : tensor<128x64xi32, #bA>
    %db = arith.constant dense<64> : tensor<64x128xi32, #bB>
    %one = arith.constant dense<1.000000e+00> : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 8}>>
    %acc0 = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %bufA = ttg.local_alloc : () -> !ttg.memdesc<1x128x64xf16, #sA, #smem, mutable>
    %bufB = ttg.local_alloc : () -> !ttg.memdesc<1x64x128xf16, #sB, #smem, mutable>
    %sa0 = ttg.memdesc_index %bufA[%c0] : !ttg.memdesc<1x128x64xf16, #sA, #smem, mutable> -> !ttg.memdesc<128x64xf16, #sA, #smem, mutable>
    %sb0 = ttg.memdesc_index %bufB[%c0] : !ttg.memdesc<1x64x128xf16, #sB, #smem, mutable> -> !ttg.memdesc<64x128xf16, #sB, #smem, mutable>
    %r:6 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %acc0, %pa = %pa0, %pb = %pb0, %k = %c0, %sa = %sa0, %sb = %sb0) -> (tensor<128x128xf32, #mma>, tensor<128x64x!tt.ptr<f16>, #bA>, tensor<64x128x!tt.ptr<f16>, #bB>, i32, !ttg.memdesc<128x64xf16, #sA, #smem, mutable>, !ttg.memdesc<64x128xf16, #sB, #smem, mutable>) : i32 {
      %ra = ttg.local_load %sa : !ttg.memdesc<128x64xf16, #sA, #smem, mutable> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 8}>>
      %ra1 = arith.addf %ra, %one : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 8}>>
      %rb = ttg.local_load %sb : !ttg.memdesc<64x128xf16, #sB, #smem, mutable> -> tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 8}>>
      %pa1 = tt.addptr %pa, %da : tensor<128x64x!tt.ptr<f16>, #bA>, tensor<128x64xi32, #bA>
      %la = tt.load %pa1 : tensor<128x64x!tt.ptr<f16>, #bA>
      %pb1 = tt.addptr %pb, %db : tensor<64x128x!tt.ptr<f16>, #bB>, tensor<64x128xi32, #bB>
      %lb = tt.load %pb1 : tensor<64x128x!tt.ptr<f16>, #bB>
      %d = tt.dot %ra1, %rb, %acc : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 8}>> * tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 8}>> -> tensor<128x128xf32, #mma>
      %k1 = arith.addi %k, %c1 : i32
      %lt = arith.cmpi slt, %k1, %c1 : i32
      %k2 = arith.select %lt, %k1, %c0 : i32
      %sa1 = ttg.memdesc_index %bufA[%k2] : !ttg.memdesc<1x128x64xf16, #sA, #smem, mutable> -> !ttg.memdesc<128x64xf16, #sA, #smem, mutable>
      ttg.local_store %la, %sa1 : tensor<128x64xf16, #bA> -> !ttg.memdesc<128x64xf16, #sA, #smem, mutable>
      %sb1 = ttg.memdesc_index %bufB[%k2] : !ttg.memdesc<1x64x128xf16, #sB, #smem, mutable> -> !ttg.memdesc<64x128xf16, #sB, #smem, mutable>
      ttg.local_store %lb, %sb1 : tensor<64x128xf16, #bB> -> !ttg.memdesc<64x128xf16, #sB, #smem, mutable>
      scf.yield %d, %pa1, %pb1, %k2, %sa1, %sb1 : tensor<128x128xf32, #mma>, tensor<128x64x!tt.ptr<f16>, #bA>, tensor<64x128x!tt.ptr<f16>, #bB>, i32, !ttg.memdesc<128x64xf16, #sA, #smem, mutable>, !ttg.memdesc<64x128xf16, #sB, #smem, mutable>
    }
    ttg.local_dealloc %bufA : !ttg.memdesc<1x128x64xf16, #sA, #smem, mutable>
    ttg.local_dealloc %bufB : !ttg.memdesc<1x64x128xf16, #sB, #smem, mutable>
    tt.return %r#0 : tensor<128x128xf32, #mma>
  }
}

// -----

// Left alone: a loop storing to global memory (a load moved up could pass
// a store to its address), 8 warps (3.6's two- and four-cluster schedules
// are not built), another read of the ring buffers (the clusters would lose
// their balance).
// CHECK-NOT: rocdl
#bA = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#bB = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 8], warpsPerCTA = [1, 4], order = [0, 1]}>
#mma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [16, 16, 16], isTransposed = true}>
#sA = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#sB = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [0, 1]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @stores(%pa0: tensor<128x64x!tt.ptr<f16>, #bA>, %pb0: tensor<64x128x!tt.ptr<f16>, #bB>, %n: i32) -> tensor<128x128xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %da = arith.constant dense<64> : tensor<128x64xi32, #bA>
    %db = arith.constant dense<64> : tensor<64x128xi32, #bB>
    %one = arith.constant dense<1.000000e+00> : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 8}>>
    %acc0 = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %bufA = ttg.local_alloc : () -> !ttg.memdesc<1x128x64xf16, #sA, #smem, mutable>
    %bufB = ttg.local_alloc : () -> !ttg.memdesc<1x64x128xf16, #sB, #smem, mutable>
    %sa0 = ttg.memdesc_index %bufA[%c0] : !ttg.memdesc<1x128x64xf16, #sA, #smem, mutable> -> !ttg.memdesc<128x64xf16, #sA, #smem, mutable>
    %sb0 = ttg.memdesc_index %bufB[%c0] : !ttg.memdesc<1x64x128xf16, #sB, #smem, mutable> -> !ttg.memdesc<64x128xf16, #sB, #smem, mutable>
    %r:6 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %acc0, %pa = %pa0, %pb = %pb0, %k = %c0, %sa = %sa0, %sb = %sb0) -> (tensor<128x128xf32, #mma>, tensor<128x64x!tt.ptr<f16>, #bA>, tensor<64x128x!tt.ptr<f16>, #bB>, i32, !ttg.memdesc<128x64xf16, #sA, #smem, mutable>, !ttg.memdesc<64x128xf16, #sB, #smem, mutable>) : i32 {
      %ra = ttg.local_load %sa : !ttg.memdesc<128x64xf16, #sA, #smem, mutable> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 8}>>
      %ra1 = arith.addf %ra, %one : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 8}>>
      %rb = ttg.local_load %sb : !ttg.memdesc<64x128xf16, #sB, #smem, mutable> -> tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 8}>>
      %pa1 = tt.addptr %pa, %da : tensor<128x64x!tt.ptr<f16>, #bA>, tensor<128x64xi32, #bA>
      %la = tt.load %pa1 : tensor<128x64x!tt.ptr<f16>, #bA>
      %pb1 = tt.addptr %pb, %db : tensor<64x128x!tt.ptr<f16>, #bB>, tensor<64x128xi32, #bB>
      %lb = tt.load %pb1 : tensor<64x128x!tt.ptr<f16>, #bB>
      %d = tt.dot %ra1, %rb, %acc : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 8}>> * tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 8}>> -> tensor<128x128xf32, #mma>
      tt.store %pa, %la : tensor<128x64x!tt.ptr<f16>, #bA>
      %k1 = arith.addi %k, %c1 : i32
      %lt = arith.cmpi slt, %k1, %c1 : i32
      %k2 = arith.select %lt, %k1, %c0 : i32
      %sa1 = ttg.memdesc_index %bufA[%k2] : !ttg.memdesc<1x128x64xf16, #sA, #smem, mutable> -> !ttg.memdesc<128x64xf16, #sA, #smem, mutable>
      ttg.local_store %la, %sa1 : tensor<128x64xf16, #bA> -> !ttg.memdesc<128x64xf16, #sA, #smem, mutable>
      %sb1 = ttg.memdesc_index %bufB[%k2] : !ttg.memdesc<1x64x128xf16, #sB, #smem, mutable> -> !ttg.memdesc<64x128xf16, #sB, #smem, mutable>
      ttg.local_store %lb, %sb1 : tensor<64x128xf16, #bB> -> !ttg.memdesc<64x128xf16, #sB, #smem, mutable>
      scf.yield %d, %pa1, %pb1, %k2, %sa1, %sb1 : tensor<128x128xf32, #mma>, tensor<128x64x!tt.ptr<f16>, #bA>, tensor<64x128x!tt.ptr<f16>, #bB>, i32, !ttg.memdesc<128x64xf16, #sA, #smem, mutable>, !ttg.memdesc<64x128xf16, #sB, #smem, mutable>
    }
    ttg.local_dealloc %bufA : !ttg.memdesc<1x128x64xf16, #sA, #smem, mutable>
    ttg.local_dealloc %bufB : !ttg.memdesc<1x64x128xf16, #sB, #smem, mutable>
    tt.return %r#0 : tensor<128x128xf32, #mma>
  }
}

// -----

// CHECK-NOT: rocdl
#bA = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
#bB = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 8], warpsPerCTA = [1, 8], order = [0, 1]}>
#mma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 4], instrShape = [16, 16, 16], isTransposed = true}>
#sA = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#sB = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [0, 1]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @eight_warps(%pa0: tensor<128x64x!tt.ptr<f16>, #bA>, %pb0: tensor<64x128x!tt.ptr<f16>, #bB>, %n: i32) -> tensor<128x128xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %da = arith.constant dense<64> : tensor<128x64xi32, #bA>
    %db = arith.constant dense<64> : tensor<64x128xi32, #bB>
    %one = arith.constant dense<1.000000e+00> : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 8}>>
    %acc0 = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %bufA = ttg.local_alloc : () -> !ttg.memdesc<1x128x64xf16, #sA, #smem, mutable>
    %bufB = ttg.local_alloc : () -> !ttg.memdesc<1x64x128xf16, #sB, #smem, mutable>
    %sa0 = ttg.memdesc_index %bufA[%c0] : !ttg.memdesc<1x128x64xf16, #sA, #smem, mutable> -> !ttg.memdesc<128x64xf16, #sA, #smem, mutable>
    %sb0 = ttg.memdesc_index %bufB[%c0] : !ttg.memdesc<1x64x128xf16, #sB, #smem, mutable> -> !ttg.memdesc<64x128xf16, #sB, #smem, mutable>
    %r:6 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %acc0, %pa = %pa0, %pb = %pb0, %k = %c0, %sa = %sa0, %sb = %sb0) -> (tensor<128x128xf32, #mma>, tensor<128x64x!tt.ptr<f16>, #bA>, tensor<64x128x!tt.ptr<f16>, #bB>, i32, !ttg.memdesc<128x64xf16, #sA, #smem, mutable>, !ttg.memdesc<64x128xf16, #sB, #smem, mutable>) : i32 {
      %ra = ttg.local_load %sa : !ttg.memdesc<128x64xf16, #sA, #smem, mutable> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 8}>>
      %ra1 = arith.addf %ra, %one : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 8}>>
      %rb = ttg.local_load %sb : !ttg.memdesc<64x128xf16, #sB, #smem, mutable> -> tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 8}>>
      %pa1 = tt.addptr %pa, %da : tensor<128x64x!tt.ptr<f16>, #bA>, tensor<128x64xi32, #bA>
      %la = tt.load %pa1 : tensor<128x64x!tt.ptr<f16>, #bA>
      %pb1 = tt.addptr %pb, %db : tensor<64x128x!tt.ptr<f16>, #bB>, tensor<64x128xi32, #bB>
      %lb = tt.load %pb1 : tensor<64x128x!tt.ptr<f16>, #bB>
      %d = tt.dot %ra1, %rb, %acc : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 8}>> * tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 8}>> -> tensor<128x128xf32, #mma>
      %k1 = arith.addi %k, %c1 : i32
      %lt = arith.cmpi slt, %k1, %c1 : i32
      %k2 = arith.select %lt, %k1, %c0 : i32
      %sa1 = ttg.memdesc_index %bufA[%k2] : !ttg.memdesc<1x128x64xf16, #sA, #smem, mutable> -> !ttg.memdesc<128x64xf16, #sA, #smem, mutable>
      ttg.local_store %la, %sa1 : tensor<128x64xf16, #bA> -> !ttg.memdesc<128x64xf16, #sA, #smem, mutable>
      %sb1 = ttg.memdesc_index %bufB[%k2] : !ttg.memdesc<1x64x128xf16, #sB, #smem, mutable> -> !ttg.memdesc<64x128xf16, #sB, #smem, mutable>
      ttg.local_store %lb, %sb1 : tensor<64x128xf16, #bB> -> !ttg.memdesc<64x128xf16, #sB, #smem, mutable>
      scf.yield %d, %pa1, %pb1, %k2, %sa1, %sb1 : tensor<128x128xf32, #mma>, tensor<128x64x!tt.ptr<f16>, #bA>, tensor<64x128x!tt.ptr<f16>, #bB>, i32, !ttg.memdesc<128x64xf16, #sA, #smem, mutable>, !ttg.memdesc<64x128xf16, #sB, #smem, mutable>
    }
    ttg.local_dealloc %bufA : !ttg.memdesc<1x128x64xf16, #sA, #smem, mutable>
    ttg.local_dealloc %bufB : !ttg.memdesc<1x64x128xf16, #sB, #smem, mutable>
    tt.return %r#0 : tensor<128x128xf32, #mma>
  }
}

// -----

// CHECK-NOT: rocdl
#bA = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#bB = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 8], warpsPerCTA = [1, 4], order = [0, 1]}>
#mma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [16, 16, 16], isTransposed = true}>
#sA = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#sB = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [0, 1]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @extra_read(%pa0: tensor<128x64x!tt.ptr<f16>, #bA>, %pb0: tensor<64x128x!tt.ptr<f16>, #bB>, %n: i32) -> tensor<128x128xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %da = arith.constant dense<64> : tensor<128x64xi32, #bA>
    %db = arith.constant dense<64> : tensor<64x128xi32, #bB>
    %one = arith.constant dense<1.000000e+00> : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 8}>>
    %acc0 = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %bufA = ttg.local_alloc : () -> !ttg.memdesc<1x128x64xf16, #sA, #smem, mutable>
    %bufB = ttg.local_alloc : () -> !ttg.memdesc<1x64x128xf16, #sB, #smem, mutable>
    %sa0 = ttg.memdesc_index %bufA[%c0] : !ttg.memdesc<1x128x64xf16, #sA, #smem, mutable> -> !ttg.memdesc<128x64xf16, #sA, #smem, mutable>
    %sb0 = ttg.memdesc_index %bufB[%c0] : !ttg.memdesc<1x64x128xf16, #sB, #smem, mutable> -> !ttg.memdesc<64x128xf16, #sB, #smem, mutable>
    %r:6 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %acc0, %pa = %pa0, %pb = %pb0, %k = %c0, %sa = %sa0, %sb = %sb0) -> (tensor<128x128xf32, #mma>, tensor<128x64x!tt.ptr<f16>, #bA>, tensor<64x128x!tt.ptr<f16>, #bB>, i32, !ttg.memdesc<128x64xf16, #sA, #smem, mutable>, !ttg.memdesc<64x128xf16, #sB, #smem, mutable>) : i32 {
      %ra = ttg.local_load %sa : !ttg.memdesc<128x64xf16, #sA, #smem, mutable> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 8}>>
      %ra1 = arith.addf %ra, %one : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 8}>>
      %rb = ttg.local_load %sb : !ttg.memdesc<64x128xf16, #sB, #smem, mutable> -> tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 8}>>
      %pa1 = tt.addptr %pa, %da : tensor<128x64x!tt.ptr<f16>, #bA>, tensor<128x64xi32, #bA>
      %la = tt.load %pa1 : tensor<128x64x!tt.ptr<f16>, #bA>
      %pb1 = tt.addptr %pb, %db : tensor<64x128x!tt.ptr<f16>, #bB>, tensor<64x128xi32, #bB>
      %lb = tt.load %pb1 : tensor<64x128x!tt.ptr<f16>, #bB>
      %d = tt.dot %ra1, %rb, %acc : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 8}>> * tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 8}>> -> tensor<128x128xf32, #mma>
      %rx = ttg.local_load %sa : !ttg.memdesc<128x64xf16, #sA, #smem, mutable> -> tensor<128x64xf16, #bA>
      %k1 = arith.addi %k, %c1 : i32
      %lt = arith.cmpi slt, %k1, %c1 : i32
      %k2 = arith.select %lt, %k1, %c0 : i32
      %sa1 = ttg.memdesc_index %bufA[%k2] : !ttg.memdesc<1x128x64xf16, #sA, #smem, mutable> -> !ttg.memdesc<128x64xf16, #sA, #smem, mutable>
      ttg.local_store %la, %sa1 : tensor<128x64xf16, #bA> -> !ttg.memdesc<128x64xf16, #sA, #smem, mutable>
      %sb1 = ttg.memdesc_index %bufB[%k2] : !ttg.memdesc<1x64x128xf16, #sB, #smem, mutable> -> !ttg.memdesc<64x128xf16, #sB, #smem, mutable>
      ttg.local_store %lb, %sb1 : tensor<64x128xf16, #bB> -> !ttg.memdesc<64x128xf16, #sB, #smem, mutable>
      scf.yield %d, %pa1, %pb1, %k2, %sa1, %sb1 : tensor<128x128xf32, #mma>, tensor<128x64x!tt.ptr<f16>, #bA>, tensor<64x128x!tt.ptr<f16>, #bB>, i32, !ttg.memdesc<128x64xf16, #sA, #smem, mutable>, !ttg.memdesc<64x128xf16, #sB, #smem, mutable>
    }
    ttg.local_dealloc %bufA : !ttg.memdesc<1x128x64xf16, #sA, #smem, mutable>
    ttg.local_dealloc %bufB : !ttg.memdesc<1x64x128xf16, #sB, #smem, mutable>
    tt.return %r#0 : tensor<128x128xf32, #mma>
  }
}
