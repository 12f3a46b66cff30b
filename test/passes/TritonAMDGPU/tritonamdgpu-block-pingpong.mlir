// RUN: triton-opt %s -split-input-file -tritonamdgpu-block-pingpong=num-stages=2 | FileCheck %s
// RUN: triton-opt %s -split-input-file -tritonamdgpu-block-pingpong=num-stages=1 | FileCheck %s --check-prefix=ONE
// RUN: triton-opt %s -split-input-file -tritonamdgpu-block-pingpong=num-stages=3 | FileCheck %s --check-prefix=NS3

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
// a store to its address), 8 warps with a 128x128x64 tile (3.6 slices only
// 256x128x64 and from 256x256x64 up), another read of the ring buffers (the
// clusters would lose their balance).
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
// -----

// An 8-warp 256x128x64 loop: 3.6's two clusters. A and B are read in two
// K slices of 32 (subviews of the slots), the dot becomes two accumulating
// dots; memory cluster (slices 0, load A, slices 1, load B, s_barrier), dot
// 0, the LDS stores (with their slot index), dot 1, each cluster ended by a
// barrier and a full scheduling fence. The upper half of the warps (thread
// id / 256 != 0) waits at one more barrier before the loop, the lower half
// at one after it. The add using the dot's result now uses the last slice's.
// CHECK-LABEL: tt.func @two_clusters
// CHECK:      gpu.barrier
// CHECK-NEXT: [[TID:%.*]] = rocdl.workitem.id.x : i32
// CHECK-NEXT: [[C0:%.*]] = arith.constant 0 : i32
// CHECK-NEXT: [[C256:%.*]] = arith.constant 256 : i32
// CHECK-NEXT: [[HALF:%.*]] = arith.divsi [[TID]], [[C256]] : i32
// CHECK-NEXT: [[LOW:%.*]] = arith.cmpi eq, [[HALF]], [[C0]] : i32
// CHECK-NEXT: [[HIGH:%.*]] = arith.cmpi ne, [[HALF]], [[C0]] : i32
// CHECK-NEXT: amdg.cond_barrier [[HIGH]]
// CHECK-NEXT: scf.for {{.*}} iter_args([[ACC:%[^ ]*]] = {{.*}}, {{.*}}, {{.*}}, {{.*}}, [[SA:%[^ ]*]] = {{.*}}, [[SB:%[^ ]*]] = {{.*}})
// CHECK-NEXT:   [[PA:%.*]] = tt.addptr
// CHECK-NEXT:   [[PB:%.*]] = tt.addptr
// CHECK-NEXT:   [[VA0:%.*]] = ttg.memdesc_subslice [[SA]][0, 0] : !ttg.memdesc<256x64xf16, #{{.*}}> -> !ttg.memdesc<256x32xf16, #{{.*}}, 256x64>
// CHECK-NEXT:   [[A0:%.*]] = ttg.local_load [[VA0]] : {{.*}} -> tensor<256x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>
// CHECK-NEXT:   [[VB0:%.*]] = ttg.memdesc_subslice [[SB]][0, 0] : !ttg.memdesc<64x128xf16, #{{.*}}> -> !ttg.memdesc<32x128xf16, #{{.*}}, 64x128>
// CHECK-NEXT:   [[B0:%.*]] = ttg.local_load [[VB0]] : {{.*}} -> tensor<32x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>
// CHECK-NEXT:   rocdl.sched.barrier 0
// CHECK-NEXT:   [[LA:%.*]] = tt.load [[PA]]
// CHECK-NEXT:   rocdl.sched.barrier 0
// CHECK-NEXT:   [[VA1:%.*]] = ttg.memdesc_subslice [[SA]][0, 32]
// CHECK-NEXT:   [[A1:%.*]] = ttg.local_load [[VA1]]
// CHECK-NEXT:   [[VB1:%.*]] = ttg.memdesc_subslice [[SB]][32, 0]
// CHECK-NEXT:   [[B1:%.*]] = ttg.local_load [[VB1]]
// CHECK-NEXT:   rocdl.sched.barrier 0
// CHECK-NEXT:   [[LB:%.*]] = tt.load [[PB]]
// CHECK-NEXT:   rocdl.s.barrier
// CHECK-NEXT:   rocdl.sched.barrier 0
// CHECK-NEXT:   rocdl.s.setprio 1
// CHECK-NEXT:   [[D0:%.*]] = tt.dot [[A0]], [[B0]], [[ACC]]
// CHECK-NEXT:   rocdl.s.setprio 0
// CHECK-NEXT:   gpu.barrier
// CHECK-NEXT:   rocdl.sched.barrier 0
// CHECK-NEXT:   arith.addi
// CHECK-NEXT:   arith.cmpi
// CHECK-NEXT:   arith.select
// CHECK-NEXT:   ttg.memdesc_index
// CHECK-NEXT:   ttg.local_store [[LA]]
// CHECK-NEXT:   ttg.memdesc_index
// CHECK-NEXT:   ttg.local_store [[LB]]
// CHECK-NEXT:   gpu.barrier
// CHECK-NEXT:   rocdl.sched.barrier 0
// CHECK-NEXT:   rocdl.s.setprio 1
// CHECK-NEXT:   [[D1:%.*]] = tt.dot [[A1]], [[B1]], [[D0]]
// CHECK-NEXT:   rocdl.s.setprio 0
// CHECK-NEXT:   arith.addf [[D1]], [[ACC]]
// CHECK-NEXT:   gpu.barrier
// CHECK-NEXT:   rocdl.sched.barrier 0
// CHECK-NEXT:   scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: amdg.cond_barrier [[LOW]]
// NS3-LABEL: tt.func @two_clusters
// NS3-NOT: amdg.cond_barrier
// NS3: tt.return
#bA = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
#bB = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 8], warpsPerCTA = [1, 8], order = [0, 1]}>
#mma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 4], instrShape = [16, 16, 16], isTransposed = true}>
#sA = #ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 16, order = [1, 0]}>
#sB = #ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 16, order = [0, 1]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @two_clusters(%pa0: tensor<256x64x!tt.ptr<f16>, #bA>, %pb0: tensor<64x128x!tt.ptr<f16>, #bB>, %n: i32) -> tensor<256x128xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %da = arith.constant dense<64> : tensor<256x64xi32, #bA>
    %db = arith.constant dense<64> : tensor<64x128xi32, #bB>
    %acc0 = arith.constant dense<0.000000e+00> : tensor<256x128xf32, #mma>
    %bufA = ttg.local_alloc : () -> !ttg.memdesc<1x256x64xf16, #sA, #smem, mutable>
    %bufB = ttg.local_alloc : () -> !ttg.memdesc<1x64x128xf16, #sB, #smem, mutable>
    %sa0 = ttg.memdesc_index %bufA[%c0] : !ttg.memdesc<1x256x64xf16, #sA, #smem, mutable> -> !ttg.memdesc<256x64xf16, #sA, #smem, mutable>
    %sb0 = ttg.memdesc_index %bufB[%c0] : !ttg.memdesc<1x64x128xf16, #sB, #smem, mutable> -> !ttg.memdesc<64x128xf16, #sB, #smem, mutable>
    %r:6 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %acc0, %pa = %pa0, %pb = %pb0, %k = %c0, %sa = %sa0, %sb = %sb0) -> (tensor<256x128xf32, #mma>, tensor<256x64x!tt.ptr<f16>, #bA>, tensor<64x128x!tt.ptr<f16>, #bB>, i32, !ttg.memdesc<256x64xf16, #sA, #smem, mutable>, !ttg.memdesc<64x128xf16, #sB, #smem, mutable>) : i32 {
      %pa1 = tt.addptr %pa, %da : tensor<256x64x!tt.ptr<f16>, #bA>, tensor<256x64xi32, #bA>
      %la = tt.load %pa1 : tensor<256x64x!tt.ptr<f16>, #bA>
      %pb1 = tt.addptr %pb, %db : tensor<64x128x!tt.ptr<f16>, #bB>, tensor<64x128xi32, #bB>
      %lb = tt.load %pb1 : tensor<64x128x!tt.ptr<f16>, #bB>
      %ra = ttg.local_load %sa : !ttg.memdesc<256x64xf16, #sA, #smem, mutable> -> tensor<256x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>
      %rb = ttg.local_load %sb : !ttg.memdesc<64x128xf16, #sB, #smem, mutable> -> tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>
      %d = tt.dot %ra, %rb, %acc : tensor<256x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> * tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> -> tensor<256x128xf32, #mma>
      %e = arith.addf %d, %acc : tensor<256x128xf32, #mma>
      %k1 = arith.addi %k, %c1 : i32
      %lt = arith.cmpi slt, %k1, %c1 : i32
      %k2 = arith.select %lt, %k1, %c0 : i32
      %sa1 = ttg.memdesc_index %bufA[%k2] : !ttg.memdesc<1x256x64xf16, #sA, #smem, mutable> -> !ttg.memdesc<256x64xf16, #sA, #smem, mutable>
      ttg.local_store %la, %sa1 : tensor<256x64xf16, #bA> -> !ttg.memdesc<256x64xf16, #sA, #smem, mutable>
      %sb1 = ttg.memdesc_index %bufB[%k2] : !ttg.memdesc<1x64x128xf16, #sB, #smem, mutable> -> !ttg.memdesc<64x128xf16, #sB, #smem, mutable>
      ttg.local_store %lb, %sb1 : tensor<64x128xf16, #bB> -> !ttg.memdesc<64x128xf16, #sB, #smem, mutable>
      scf.yield %e, %pa1, %pb1, %k2, %sa1, %sb1 : tensor<256x128xf32, #mma>, tensor<256x64x!tt.ptr<f16>, #bA>, tensor<64x128x!tt.ptr<f16>, #bB>, i32, !ttg.memdesc<256x64xf16, #sA, #smem, mutable>, !ttg.memdesc<64x128xf16, #sB, #smem, mutable>
    }
    ttg.local_dealloc %bufA : !ttg.memdesc<1x256x64xf16, #sA, #smem, mutable>
    ttg.local_dealloc %bufB : !ttg.memdesc<1x64x128xf16, #sB, #smem, mutable>
    tt.return %r#0 : tensor<256x128xf32, #mma>
  }
}
// -----

// 256x256x64: four clusters, K slices of 16. Load A stays first; memory
// clusters (slices 0), (load B, slices 1), (slices 2 and 3), (the stores)
// alternate with the four dots.
// CHECK-LABEL: tt.func @four_clusters
// CHECK:      amdg.cond_barrier
// CHECK-NEXT: scf.for
// CHECK-NEXT:   [[PA:%.*]] = tt.addptr
// CHECK-NEXT:   [[LA:%.*]] = tt.load [[PA]]
// CHECK-NEXT:   [[PB:%.*]] = tt.addptr
// CHECK-NEXT:   ttg.memdesc_subslice {{.*}}[0, 0] : {{.*}} -> !ttg.memdesc<256x16xf16
// CHECK-NEXT:   [[A0:%.*]] = ttg.local_load
// CHECK-NEXT:   ttg.memdesc_subslice {{.*}}[0, 0] : {{.*}} -> !ttg.memdesc<16x256xf16
// CHECK-NEXT:   [[B0:%.*]] = ttg.local_load
// CHECK-NEXT:   gpu.barrier
// CHECK-NEXT:   rocdl.sched.barrier 0
// CHECK-NEXT:   rocdl.s.setprio 1
// CHECK-NEXT:   [[D0:%.*]] = tt.dot [[A0]], [[B0]]
// CHECK-NEXT:   rocdl.s.setprio 0
// CHECK-NEXT:   gpu.barrier
// CHECK-NEXT:   rocdl.sched.barrier 0
// CHECK-NEXT:   [[LB:%.*]] = tt.load [[PB]]
// CHECK-NEXT:   ttg.memdesc_subslice {{.*}}[0, 16]
// CHECK-NEXT:   [[A1:%.*]] = ttg.local_load
// CHECK-NEXT:   ttg.memdesc_subslice {{.*}}[16, 0]
// CHECK-NEXT:   [[B1:%.*]] = ttg.local_load
// CHECK-NEXT:   gpu.barrier
// CHECK-NEXT:   rocdl.sched.barrier 0
// CHECK-NEXT:   rocdl.s.setprio 1
// CHECK-NEXT:   [[D1:%.*]] = tt.dot [[A1]], [[B1]], [[D0]]
// CHECK-NEXT:   rocdl.s.setprio 0
// CHECK-NEXT:   gpu.barrier
// CHECK-NEXT:   rocdl.sched.barrier 0
// CHECK-NEXT:   ttg.memdesc_subslice {{.*}}[0, 32]
// CHECK-NEXT:   [[A2:%.*]] = ttg.local_load
// CHECK-NEXT:   ttg.memdesc_subslice {{.*}}[32, 0]
// CHECK-NEXT:   [[B2:%.*]] = ttg.local_load
// CHECK-NEXT:   ttg.memdesc_subslice {{.*}}[0, 48]
// CHECK-NEXT:   [[A3:%.*]] = ttg.local_load
// CHECK-NEXT:   ttg.memdesc_subslice {{.*}}[48, 0]
// CHECK-NEXT:   [[B3:%.*]] = ttg.local_load
// CHECK-NEXT:   gpu.barrier
// CHECK-NEXT:   rocdl.sched.barrier 0
// CHECK-NEXT:   rocdl.s.setprio 1
// CHECK-NEXT:   [[D2:%.*]] = tt.dot [[A2]], [[B2]], [[D1]]
// CHECK-NEXT:   rocdl.s.setprio 0
// CHECK-NEXT:   gpu.barrier
// CHECK-NEXT:   rocdl.sched.barrier 0
// CHECK:        ttg.local_store [[LA]]
// CHECK-NEXT:   ttg.memdesc_index
// CHECK-NEXT:   ttg.local_store [[LB]]
// CHECK-NEXT:   gpu.barrier
// CHECK-NEXT:   rocdl.sched.barrier 0
// CHECK-NEXT:   rocdl.s.setprio 1
// CHECK-NEXT:   [[D3:%.*]] = tt.dot [[A3]], [[B3]], [[D2]]
// CHECK-NEXT:   rocdl.s.setprio 0
// CHECK-NEXT:   arith.addf [[D3]]
// CHECK-NEXT:   gpu.barrier
// CHECK-NEXT:   rocdl.sched.barrier 0
// CHECK-NEXT:   scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: amdg.cond_barrier
#bA = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
#bB = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 8], warpsPerCTA = [1, 8], order = [0, 1]}>
#mma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 4], instrShape = [16, 16, 16], isTransposed = true}>
#sA = #ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 16, order = [1, 0]}>
#sB = #ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 16, order = [0, 1]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @four_clusters(%pa0: tensor<256x64x!tt.ptr<f16>, #bA>, %pb0: tensor<64x256x!tt.ptr<f16>, #bB>, %n: i32) -> tensor<256x256xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %da = arith.constant dense<64> : tensor<256x64xi32, #bA>
    %db = arith.constant dense<64> : tensor<64x256xi32, #bB>
    %acc0 = arith.constant dense<0.000000e+00> : tensor<256x256xf32, #mma>
    %bufA = ttg.local_alloc : () -> !ttg.memdesc<1x256x64xf16, #sA, #smem, mutable>
    %bufB = ttg.local_alloc : () -> !ttg.memdesc<1x64x256xf16, #sB, #smem, mutable>
    %sa0 = ttg.memdesc_index %bufA[%c0] : !ttg.memdesc<1x256x64xf16, #sA, #smem, mutable> -> !ttg.memdesc<256x64xf16, #sA, #smem, mutable>
    %sb0 = ttg.memdesc_index %bufB[%c0] : !ttg.memdesc<1x64x256xf16, #sB, #smem, mutable> -> !ttg.memdesc<64x256xf16, #sB, #smem, mutable>
    %r:6 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %acc0, %pa = %pa0, %pb = %pb0, %k = %c0, %sa = %sa0, %sb = %sb0) -> (tensor<256x256xf32, #mma>, tensor<256x64x!tt.ptr<f16>, #bA>, tensor<64x256x!tt.ptr<f16>, #bB>, i32, !ttg.memdesc<256x64xf16, #sA, #smem, mutable>, !ttg.memdesc<64x256xf16, #sB, #smem, mutable>) : i32 {
      %pa1 = tt.addptr %pa, %da : tensor<256x64x!tt.ptr<f16>, #bA>, tensor<256x64xi32, #bA>
      %la = tt.load %pa1 : tensor<256x64x!tt.ptr<f16>, #bA>
      %pb1 = tt.addptr %pb, %db : tensor<64x256x!tt.ptr<f16>, #bB>, tensor<64x256xi32, #bB>
      %lb = tt.load %pb1 : tensor<64x256x!tt.ptr<f16>, #bB>
      %ra = ttg.local_load %sa : !ttg.memdesc<256x64xf16, #sA, #smem, mutable> -> tensor<256x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>
      %rb = ttg.local_load %sb : !ttg.memdesc<64x256xf16, #sB, #smem, mutable> -> tensor<64x256xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>
      %d = tt.dot %ra, %rb, %acc : tensor<256x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> * tensor<64x256xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> -> tensor<256x256xf32, #mma>
      %e = arith.addf %d, %acc : tensor<256x256xf32, #mma>
      %k1 = arith.addi %k, %c1 : i32
      %lt = arith.cmpi slt, %k1, %c1 : i32
      %k2 = arith.select %lt, %k1, %c0 : i32
      %sa1 = ttg.memdesc_index %bufA[%k2] : !ttg.memdesc<1x256x64xf16, #sA, #smem, mutable> -> !ttg.memdesc<256x64xf16, #sA, #smem, mutable>
      ttg.local_store %la, %sa1 : tensor<256x64xf16, #bA> -> !ttg.memdesc<256x64xf16, #sA, #smem, mutable>
      %sb1 = ttg.memdesc_index %bufB[%k2] : !ttg.memdesc<1x64x256xf16, #sB, #smem, mutable> -> !ttg.memdesc<64x256xf16, #sB, #smem, mutable>
      ttg.local_store %lb, %sb1 : tensor<64x256xf16, #bB> -> !ttg.memdesc<64x256xf16, #sB, #smem, mutable>
      scf.yield %e, %pa1, %pb1, %k2, %sa1, %sb1 : tensor<256x256xf32, #mma>, tensor<256x64x!tt.ptr<f16>, #bA>, tensor<64x256x!tt.ptr<f16>, #bB>, i32, !ttg.memdesc<256x64xf16, #sA, #smem, mutable>, !ttg.memdesc<64x256xf16, #sB, #smem, mutable>
    }
    ttg.local_dealloc %bufA : !ttg.memdesc<1x256x64xf16, #sA, #smem, mutable>
    ttg.local_dealloc %bufB : !ttg.memdesc<1x64x256xf16, #sB, #smem, mutable>
    tt.return %r#0 : tensor<256x256xf32, #mma>
  }
}
// -----

// Left alone: a 256x256x64 tile of 16x16 MFMAs with kWidth 8 (3.6 skips
// it: it spills registers) and a 256x128x64 loop whose load of A also feeds
// another op (the schedule moves the load down past it).
// CHECK-NOT: amdg.cond_barrier
#bA = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
#bB = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 8], warpsPerCTA = [1, 8], order = [0, 1]}>
#mma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 4], instrShape = [16, 16, 16], isTransposed = true}>
#sA = #ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 16, order = [1, 0]}>
#sB = #ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 16, order = [0, 1]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @four_clusters_kwidth8(%pa0: tensor<256x64x!tt.ptr<f16>, #bA>, %pb0: tensor<64x256x!tt.ptr<f16>, #bB>, %n: i32) -> tensor<256x256xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %da = arith.constant dense<64> : tensor<256x64xi32, #bA>
    %db = arith.constant dense<64> : tensor<64x256xi32, #bB>
    %acc0 = arith.constant dense<0.000000e+00> : tensor<256x256xf32, #mma>
    %bufA = ttg.local_alloc : () -> !ttg.memdesc<1x256x64xf16, #sA, #smem, mutable>
    %bufB = ttg.local_alloc : () -> !ttg.memdesc<1x64x256xf16, #sB, #smem, mutable>
    %sa0 = ttg.memdesc_index %bufA[%c0] : !ttg.memdesc<1x256x64xf16, #sA, #smem, mutable> -> !ttg.memdesc<256x64xf16, #sA, #smem, mutable>
    %sb0 = ttg.memdesc_index %bufB[%c0] : !ttg.memdesc<1x64x256xf16, #sB, #smem, mutable> -> !ttg.memdesc<64x256xf16, #sB, #smem, mutable>
    %r:6 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %acc0, %pa = %pa0, %pb = %pb0, %k = %c0, %sa = %sa0, %sb = %sb0) -> (tensor<256x256xf32, #mma>, tensor<256x64x!tt.ptr<f16>, #bA>, tensor<64x256x!tt.ptr<f16>, #bB>, i32, !ttg.memdesc<256x64xf16, #sA, #smem, mutable>, !ttg.memdesc<64x256xf16, #sB, #smem, mutable>) : i32 {
      %pa1 = tt.addptr %pa, %da : tensor<256x64x!tt.ptr<f16>, #bA>, tensor<256x64xi32, #bA>
      %la = tt.load %pa1 : tensor<256x64x!tt.ptr<f16>, #bA>
      %pb1 = tt.addptr %pb, %db : tensor<64x256x!tt.ptr<f16>, #bB>, tensor<64x256xi32, #bB>
      %lb = tt.load %pb1 : tensor<64x256x!tt.ptr<f16>, #bB>
      %ra = ttg.local_load %sa : !ttg.memdesc<256x64xf16, #sA, #smem, mutable> -> tensor<256x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 8}>>
      %rb = ttg.local_load %sb : !ttg.memdesc<64x256xf16, #sB, #smem, mutable> -> tensor<64x256xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 8}>>
      %d = tt.dot %ra, %rb, %acc : tensor<256x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 8}>> * tensor<64x256xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 8}>> -> tensor<256x256xf32, #mma>
      %e = arith.addf %d, %acc : tensor<256x256xf32, #mma>
      %k1 = arith.addi %k, %c1 : i32
      %lt = arith.cmpi slt, %k1, %c1 : i32
      %k2 = arith.select %lt, %k1, %c0 : i32
      %sa1 = ttg.memdesc_index %bufA[%k2] : !ttg.memdesc<1x256x64xf16, #sA, #smem, mutable> -> !ttg.memdesc<256x64xf16, #sA, #smem, mutable>
      ttg.local_store %la, %sa1 : tensor<256x64xf16, #bA> -> !ttg.memdesc<256x64xf16, #sA, #smem, mutable>
      %sb1 = ttg.memdesc_index %bufB[%k2] : !ttg.memdesc<1x64x256xf16, #sB, #smem, mutable> -> !ttg.memdesc<64x256xf16, #sB, #smem, mutable>
      ttg.local_store %lb, %sb1 : tensor<64x256xf16, #bB> -> !ttg.memdesc<64x256xf16, #sB, #smem, mutable>
      scf.yield %e, %pa1, %pb1, %k2, %sa1, %sb1 : tensor<256x256xf32, #mma>, tensor<256x64x!tt.ptr<f16>, #bA>, tensor<64x256x!tt.ptr<f16>, #bB>, i32, !ttg.memdesc<256x64xf16, #sA, #smem, mutable>, !ttg.memdesc<64x256xf16, #sB, #smem, mutable>
    }
    ttg.local_dealloc %bufA : !ttg.memdesc<1x256x64xf16, #sA, #smem, mutable>
    ttg.local_dealloc %bufB : !ttg.memdesc<1x64x256xf16, #sB, #smem, mutable>
    tt.return %r#0 : tensor<256x256xf32, #mma>
  }
}
// -----

// CHECK-NOT: amdg.cond_barrier
#bA = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
#bB = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 8], warpsPerCTA = [1, 8], order = [0, 1]}>
#mma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 4], instrShape = [16, 16, 16], isTransposed = true}>
#sA = #ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 16, order = [1, 0]}>
#sB = #ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 16, order = [0, 1]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @load_used_elsewhere(%pa0: tensor<256x64x!tt.ptr<f16>, #bA>, %pb0: tensor<64x128x!tt.ptr<f16>, #bB>, %n: i32) -> tensor<256x128xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %da = arith.constant dense<64> : tensor<256x64xi32, #bA>
    %db = arith.constant dense<64> : tensor<64x128xi32, #bB>
    %acc0 = arith.constant dense<0.000000e+00> : tensor<256x128xf32, #mma>
    %bufA = ttg.local_alloc : () -> !ttg.memdesc<1x256x64xf16, #sA, #smem, mutable>
    %bufB = ttg.local_alloc : () -> !ttg.memdesc<1x64x128xf16, #sB, #smem, mutable>
    %sa0 = ttg.memdesc_index %bufA[%c0] : !ttg.memdesc<1x256x64xf16, #sA, #smem, mutable> -> !ttg.memdesc<256x64xf16, #sA, #smem, mutable>
    %sb0 = ttg.memdesc_index %bufB[%c0] : !ttg.memdesc<1x64x128xf16, #sB, #smem, mutable> -> !ttg.memdesc<64x128xf16, #sB, #smem, mutable>
    %r:6 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %acc0, %pa = %pa0, %pb = %pb0, %k = %c0, %sa = %sa0, %sb = %sb0) -> (tensor<256x128xf32, #mma>, tensor<256x64x!tt.ptr<f16>, #bA>, tensor<64x128x!tt.ptr<f16>, #bB>, i32, !ttg.memdesc<256x64xf16, #sA, #smem, mutable>, !ttg.memdesc<64x128xf16, #sB, #smem, mutable>) : i32 {
      %pa1 = tt.addptr %pa, %da : tensor<256x64x!tt.ptr<f16>, #bA>, tensor<256x64xi32, #bA>
      %la = tt.load %pa1 : tensor<256x64x!tt.ptr<f16>, #bA>
      %pb1 = tt.addptr %pb, %db : tensor<64x128x!tt.ptr<f16>, #bB>, tensor<64x128xi32, #bB>
      %lb = tt.load %pb1 : tensor<64x128x!tt.ptr<f16>, #bB>
      %ra = ttg.local_load %sa : !ttg.memdesc<256x64xf16, #sA, #smem, mutable> -> tensor<256x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>
      %rb = ttg.local_load %sb : !ttg.memdesc<64x128xf16, #sB, #smem, mutable> -> tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>
      %neg = arith.negf %la : tensor<256x64xf16, #bA>
      %d = tt.dot %ra, %rb, %acc : tensor<256x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> * tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> -> tensor<256x128xf32, #mma>
      %e = arith.addf %d, %acc : tensor<256x128xf32, #mma>
      %k1 = arith.addi %k, %c1 : i32
      %lt = arith.cmpi slt, %k1, %c1 : i32
      %k2 = arith.select %lt, %k1, %c0 : i32
      %sa1 = ttg.memdesc_index %bufA[%k2] : !ttg.memdesc<1x256x64xf16, #sA, #smem, mutable> -> !ttg.memdesc<256x64xf16, #sA, #smem, mutable>
      ttg.local_store %la, %sa1 : tensor<256x64xf16, #bA> -> !ttg.memdesc<256x64xf16, #sA, #smem, mutable>
      %sb1 = ttg.memdesc_index %bufB[%k2] : !ttg.memdesc<1x64x128xf16, #sB, #smem, mutable> -> !ttg.memdesc<64x128xf16, #sB, #smem, mutable>
      ttg.local_store %lb, %sb1 : tensor<64x128xf16, #bB> -> !ttg.memdesc<64x128xf16, #sB, #smem, mutable>
      scf.yield %e, %pa1, %pb1, %k2, %sa1, %sb1 : tensor<256x128xf32, #mma>, tensor<256x64x!tt.ptr<f16>, #bA>, tensor<64x128x!tt.ptr<f16>, #bB>, i32, !ttg.memdesc<256x64xf16, #sA, #smem, mutable>, !ttg.memdesc<64x128xf16, #sB, #smem, mutable>
    }
    ttg.local_dealloc %bufA : !ttg.memdesc<1x256x64xf16, #sA, #smem, mutable>
    ttg.local_dealloc %bufB : !ttg.memdesc<1x64x128xf16, #sB, #smem, mutable>
    tt.return %r#0 : tensor<256x128xf32, #mma>
  }
}
