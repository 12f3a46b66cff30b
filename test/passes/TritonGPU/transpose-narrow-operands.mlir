// RUN: triton-opt %s -split-input-file -tritongpu-transpose-narrow-operands | FileCheck %s

// B of an int8 wgmma loaded row-major (N contiguous) in a loop: it is stored
// into a staging buffer of its own order, loaded back in 4 x 4 byte blocks
// whose lanes step along K and N together, and stored into one of two
// K-major slots (iteration % 2) that the dot reads.
// CHECK-DAG: #[[LIN:linear[0-9]*]] = #ttg.linear<{register = {{\[\[}}0, 1], [0, 2], [1, 0], [2, 0], [32, 0]], lane = {{\[\[}}4, 4], [8, 8], [16, 16], [32, 32], [4, 0]], warp = {{\[\[}}8, 0], [16, 0]], block = []}>
// CHECK-DAG: #[[KMAJOR:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 8}>
// CHECK-DAG: #[[MNMAJOR:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 8}>
// CHECK-LABEL: tt.func public @b_rowmajor
// CHECK: %[[SLOTS:.*]] = ttg.local_alloc : () -> !ttg.memdesc<2x64x64xi8, #[[KMAJOR]], #smem, mutable>
// CHECK: scf.for %[[IV:.*]] = %[[LB:.*]] to %{{.*}} step %[[STEP:.*]] iter_args
// CHECK: %[[B:.*]] = tt.load %arg1
// CHECK-NEXT: %[[STAGE:.*]] = ttg.local_alloc %[[B]] : (tensor<64x64xi8, #{{.*}}>) -> !ttg.memdesc<64x64xi8, #[[MNMAJOR]], #smem>
// CHECK-NEXT: %[[T:.*]] = ttg.local_load %[[STAGE]] : !ttg.memdesc<64x64xi8, #[[MNMAJOR]], #smem> -> tensor<64x64xi8, #[[LIN]]>
// CHECK-NEXT: %[[OFF:.*]] = arith.subi %[[IV]], %[[LB]]
// CHECK-NEXT: %[[IT:.*]] = arith.divsi %[[OFF]], %[[STEP]]
// CHECK-NEXT: %[[TWO:.*]] = arith.constant 2 : i32
// CHECK-NEXT: %[[SLOT:.*]] = arith.remsi %[[IT]], %[[TWO]]
// CHECK-NEXT: %[[VIEW:.*]] = ttg.memdesc_index %[[SLOTS]][%[[SLOT]]] : !ttg.memdesc<2x64x64xi8, #[[KMAJOR]], #smem, mutable> -> !ttg.memdesc<64x64xi8, #[[KMAJOR]], #smem, mutable>
// CHECK-NEXT: ttg.local_store %[[T]], %[[VIEW]]
// CHECK-NEXT: ttng.warp_group_dot %{{.*}}, %[[VIEW]], %{{.*}}
// CHECK: scf.yield
// CHECK: ttg.local_dealloc %[[SLOTS]]
#blocked = #ttg.blocked<{sizePerThread = [1, 16], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 32]}>
#ka = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 8}>
#kb = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 8}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @b_rowmajor(%a: tensor<64x64x!tt.ptr<i8>, #blocked>, %b: tensor<64x64x!tt.ptr<i8>, #blocked>, %n: i32) -> tensor<64x64xi32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0> : tensor<64x64xi32, #mma>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x64xi32, #mma>) : i32 {
      %av = tt.load %a : tensor<64x64x!tt.ptr<i8>, #blocked>
      %as = ttg.local_alloc %av : (tensor<64x64xi8, #blocked>) -> !ttg.memdesc<64x64xi8, #ka, #smem>
      %bv = tt.load %b : tensor<64x64x!tt.ptr<i8>, #blocked>
      %bs = ttg.local_alloc %bv : (tensor<64x64xi8, #blocked>) -> !ttg.memdesc<64x64xi8, #kb, #smem>
      %d = ttng.warp_group_dot %as, %bs, %acc {inputPrecision = 0 : i32} : !ttg.memdesc<64x64xi8, #ka, #smem> * !ttg.memdesc<64x64xi8, #kb, #smem> -> tensor<64x64xi32, #mma>
      scf.yield %d : tensor<64x64xi32, #mma>
    }
    tt.return %r : tensor<64x64xi32, #mma>
  }
}

// -----

// A of an fp8 wgmma loaded column-major (M contiguous, 8 warps, 128 x 128):
// the same staging with K as dimension 1; every lane steps diagonally.
// CHECK-DAG: #[[LIN:linear[0-9]*]] = #ttg.linear<{register = {{\[\[}}1, 0], [2, 0], [0, 1], [0, 2], [0, 32], [0, 64]], lane = {{\[\[}}4, 4], [8, 8], [16, 16], [32, 32], [64, 64]], warp = {{\[\[}}0, 4], [0, 8], [0, 16]], block = []}>
// CHECK-DAG: #[[KMAJOR:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 8}>
// CHECK-DAG: #[[MNMAJOR:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 8}>
// CHECK-LABEL: tt.func public @a_colmajor
// CHECK: ttg.local_alloc : () -> !ttg.memdesc<2x128x128xf8E4M3FN, #[[KMAJOR]], #smem, mutable>
// CHECK: ttg.local_alloc %{{.*}} : (tensor<128x128xf8E4M3FN, #{{.*}}>) -> !ttg.memdesc<128x128xf8E4M3FN, #[[MNMAJOR]], #smem>
// CHECK-NEXT: ttg.local_load {{.*}} -> tensor<128x128xf8E4M3FN, #[[LIN]]>
// CHECK: ttg.local_store
// CHECK: ttng.warp_group_dot
#col = #ttg.blocked<{sizePerThread = [16, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 8], order = [0, 1]}>
#row = #ttg.blocked<{sizePerThread = [1, 16], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 128, 32]}>
#ka = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 8}>
#kb = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 8}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @a_colmajor(%a: tensor<128x128x!tt.ptr<f8E4M3FN>, #col>, %b: tensor<128x128x!tt.ptr<f8E4M3FN>, #col>, %n: i32) -> tensor<128x128xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<128x128xf32, #mma>) : i32 {
      %av = tt.load %a : tensor<128x128x!tt.ptr<f8E4M3FN>, #col>
      %as = ttg.local_alloc %av : (tensor<128x128xf8E4M3FN, #col>) -> !ttg.memdesc<128x128xf8E4M3FN, #ka, #smem>
      %bv = tt.load %b : tensor<128x128x!tt.ptr<f8E4M3FN>, #col>
      %bs = ttg.local_alloc %bv : (tensor<128x128xf8E4M3FN, #col>) -> !ttg.memdesc<128x128xf8E4M3FN, #kb, #smem>
      %d = ttng.warp_group_dot %as, %bs, %acc {inputPrecision = 0 : i32} : !ttg.memdesc<128x128xf8E4M3FN, #ka, #smem> * !ttg.memdesc<128x128xf8E4M3FN, #kb, #smem> -> tensor<128x128xf32, #mma>
      scf.yield %d : tensor<128x128xf32, #mma>
    }
    tt.return %r : tensor<128x128xf32, #mma>
  }
}

// -----

// Left alone: B already K-major in registers, a 16-bit B (wgmma transposes
// it itself), and an 8-bit load outside any loop.
// CHECK-LABEL: tt.func public @untouched
// CHECK-NOT: ttg.local_load
// CHECK-NOT: ttg.linear
// CHECK: tt.return
#col = #ttg.blocked<{sizePerThread = [16, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]}>
#row = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#ka = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 8}>
#kb = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 8}>
#h = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @untouched(%a: tensor<64x64x!tt.ptr<i8>, #row>, %bk: tensor<64x64x!tt.ptr<i8>, #col>, %ah: tensor<64x64x!tt.ptr<f16>, #row>, %bh: tensor<64x64x!tt.ptr<f16>, #row>, %n: i32) -> (tensor<64x64xi32, #mma>, tensor<64x64xf32, #mma>, tensor<64x64xi32, #mma>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0> : tensor<64x64xi32, #mma>
    %zf = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero, %accf = %zf) -> (tensor<64x64xi32, #mma>, tensor<64x64xf32, #mma>) : i32 {
      %av = tt.load %a : tensor<64x64x!tt.ptr<i8>, #row>
      %as = ttg.local_alloc %av : (tensor<64x64xi8, #row>) -> !ttg.memdesc<64x64xi8, #ka, #smem>
      %bv = tt.load %bk : tensor<64x64x!tt.ptr<i8>, #col>
      %bs = ttg.local_alloc %bv : (tensor<64x64xi8, #col>) -> !ttg.memdesc<64x64xi8, #kb, #smem>
      %d = ttng.warp_group_dot %as, %bs, %acc {inputPrecision = 0 : i32} : !ttg.memdesc<64x64xi8, #ka, #smem> * !ttg.memdesc<64x64xi8, #kb, #smem> -> tensor<64x64xi32, #mma>
      %ahv = tt.load %ah : tensor<64x64x!tt.ptr<f16>, #row>
      %ahs = ttg.local_alloc %ahv : (tensor<64x64xf16, #row>) -> !ttg.memdesc<64x64xf16, #h, #smem>
      %bhv = tt.load %bh : tensor<64x64x!tt.ptr<f16>, #row>
      %bhs = ttg.local_alloc %bhv : (tensor<64x64xf16, #row>) -> !ttg.memdesc<64x64xf16, #h, #smem>
      %e = ttng.warp_group_dot %ahs, %bhs, %accf {inputPrecision = 0 : i32} : !ttg.memdesc<64x64xf16, #h, #smem> * !ttg.memdesc<64x64xf16, #h, #smem> -> tensor<64x64xf32, #mma>
      scf.yield %d, %e : tensor<64x64xi32, #mma>, tensor<64x64xf32, #mma>
    }
    %av = tt.load %a : tensor<64x64x!tt.ptr<i8>, #row>
    %as = ttg.local_alloc %av : (tensor<64x64xi8, #row>) -> !ttg.memdesc<64x64xi8, #ka, #smem>
    %bv = tt.load %a : tensor<64x64x!tt.ptr<i8>, #row>
    %bs = ttg.local_alloc %bv : (tensor<64x64xi8, #row>) -> !ttg.memdesc<64x64xi8, #kb, #smem>
    %o = ttng.warp_group_dot %as, %bs, %zero {inputPrecision = 0 : i32} : !ttg.memdesc<64x64xi8, #ka, #smem> * !ttg.memdesc<64x64xi8, #kb, #smem> -> tensor<64x64xi32, #mma>
    tt.return %r#0, %r#1, %o : tensor<64x64xi32, #mma>, tensor<64x64xf32, #mma>, tensor<64x64xi32, #mma>
  }
}

// -----

// A loop marked for warp specialization keeps 3.6's path (its partitioner runs
// after this pass and assigns the loads to a producer).
// CHECK-LABEL: tt.func public @warp_specialized
// CHECK-NOT: ttg.local_load
// CHECK: ttg.local_alloc %{{.*}} : (tensor<64x64xi8, #{{.*}}>) -> !ttg.memdesc<64x64xi8, #{{.*}}, #smem>
// CHECK: ttng.warp_group_dot
// CHECK: tt.warp_specialize
#blocked = #ttg.blocked<{sizePerThread = [1, 16], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 32]}>
#ka = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 8}>
#kb = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 8}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @warp_specialized(%a: tensor<64x64x!tt.ptr<i8>, #blocked>, %b: tensor<64x64x!tt.ptr<i8>, #blocked>, %n: i32) -> tensor<64x64xi32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0> : tensor<64x64xi32, #mma>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x64xi32, #mma>) : i32 {
      %av = tt.load %a : tensor<64x64x!tt.ptr<i8>, #blocked>
      %as = ttg.local_alloc %av : (tensor<64x64xi8, #blocked>) -> !ttg.memdesc<64x64xi8, #ka, #smem>
      %bv = tt.load %b : tensor<64x64x!tt.ptr<i8>, #blocked>
      %bs = ttg.local_alloc %bv : (tensor<64x64xi8, #blocked>) -> !ttg.memdesc<64x64xi8, #kb, #smem>
      %d = ttng.warp_group_dot %as, %bs, %acc {inputPrecision = 0 : i32} : !ttg.memdesc<64x64xi8, #ka, #smem> * !ttg.memdesc<64x64xi8, #kb, #smem> -> tensor<64x64xi32, #mma>
      scf.yield %d : tensor<64x64xi32, #mma>
    } {tt.warp_specialize}
    tt.return %r : tensor<64x64xi32, #mma>
  }
}

// -----

// B read through a TMA descriptor whose layout is MN-major (what
// optimize-descriptor-encoding gives a row-major K x N tile): the staging
// buffer takes the descriptor's layout, so the pipeliner copies into it with
// TMA; a descriptor that is already K-major needs no transpose.
// CHECK-DAG: #[[MNMAJOR:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 8}>
// CHECK-DAG: #[[KMAJOR:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 8}>
// CHECK-LABEL: tt.func public @b_descriptor
// CHECK: %[[SLOTS:.*]] = ttg.local_alloc : () -> !ttg.memdesc<2x64x128xi8, #[[KMAJOR]], #smem, mutable>
// CHECK: scf.for
// CHECK: %[[B:.*]] = tt.descriptor_load %{{.*}} : !tt.tensordesc<tensor<64x128xi8, #[[MNMAJOR]]>> -> tensor<64x128xi8, #{{.*}}>
// CHECK-NEXT: %[[STAGE:.*]] = ttg.local_alloc %[[B]] : (tensor<64x128xi8, #{{.*}}>) -> !ttg.memdesc<64x128xi8, #[[MNMAJOR]], #smem>
// CHECK-NEXT: ttg.local_load %[[STAGE]] : !ttg.memdesc<64x128xi8, #[[MNMAJOR]], #smem> -> tensor<64x128xi8, #linear>
// CHECK: ttg.local_store %{{.*}}, %[[VIEW:.*]] :
// CHECK-NEXT: ttng.warp_group_dot %{{.*}}, %[[VIEW]], %{{.*}}
// CHECK-LABEL: tt.func public @b_descriptor_kmajor
// CHECK-NOT: ttg.local_load
// CHECK: ttng.warp_group_dot
#blocked = #ttg.blocked<{sizePerThread = [1, 16], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 32]}>
#ka = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 8}>
#mn = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 8}>
#kb = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 8}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @b_descriptor(%a: tensor<64x64x!tt.ptr<i8>, #blocked>, %bd: !tt.tensordesc<tensor<64x128xi8, #mn>>, %n: i32) -> tensor<64x128xi32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0> : tensor<64x128xi32, #mma>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x128xi32, #mma>) : i32 {
      %av = tt.load %a : tensor<64x64x!tt.ptr<i8>, #blocked>
      %as = ttg.local_alloc %av : (tensor<64x64xi8, #blocked>) -> !ttg.memdesc<64x64xi8, #ka, #smem>
      %bv = tt.descriptor_load %bd[%i, %c0] : !tt.tensordesc<tensor<64x128xi8, #mn>> -> tensor<64x128xi8, #blocked>
      %bs = ttg.local_alloc %bv : (tensor<64x128xi8, #blocked>) -> !ttg.memdesc<64x128xi8, #kb, #smem>
      %d = ttng.warp_group_dot %as, %bs, %acc {inputPrecision = 0 : i32} : !ttg.memdesc<64x64xi8, #ka, #smem> * !ttg.memdesc<64x128xi8, #kb, #smem> -> tensor<64x128xi32, #mma>
      scf.yield %d : tensor<64x128xi32, #mma>
    }
    tt.return %r : tensor<64x128xi32, #mma>
  }
  tt.func public @b_descriptor_kmajor(%a: tensor<64x64x!tt.ptr<i8>, #blocked>, %bd: !tt.tensordesc<tensor<64x128xi8, #kb>>, %n: i32) -> tensor<64x128xi32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0> : tensor<64x128xi32, #mma>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x128xi32, #mma>) : i32 {
      %av = tt.load %a : tensor<64x64x!tt.ptr<i8>, #blocked>
      %as = ttg.local_alloc %av : (tensor<64x64xi8, #blocked>) -> !ttg.memdesc<64x64xi8, #ka, #smem>
      %bv = tt.descriptor_load %bd[%i, %c0] : !tt.tensordesc<tensor<64x128xi8, #kb>> -> tensor<64x128xi8, #blocked>
      %bs = ttg.local_alloc %bv : (tensor<64x128xi8, #blocked>) -> !ttg.memdesc<64x128xi8, #kb, #smem>
      %d = ttng.warp_group_dot %as, %bs, %acc {inputPrecision = 0 : i32} : !ttg.memdesc<64x64xi8, #ka, #smem> * !ttg.memdesc<64x128xi8, #kb, #smem> -> tensor<64x128xi32, #mma>
      scf.yield %d : tensor<64x128xi32, #mma>
    }
    tt.return %r : tensor<64x128xi32, #mma>
  }
}

// -----

// sm_80: B of an int8 mma.sync dot (mma v2) loaded row-major in a loop.
// ldmatrix gives each thread four bytes along a buffer row, so the operand
// is staged in its own order (with the operand's swizzle, for the
// pipeliner's cp.async), loaded back in 4 x 4 byte blocks, stored into a
// K-major buffer with the operand's swizzle and read from there. A, K-major
// already, keeps its convert_layout.
// CHECK-DAG: #[[LIN:linear[0-9]*]] = #ttg.linear<{register = {{\[\[}}0, 1], [0, 2], [1, 0], [2, 0], [32, 0]], lane = {{\[\[}}4, 4], [8, 8], [16, 16], [32, 32], [4, 0]], warp = {{\[\[}}8, 0], [16, 0]], block = []}>
// CHECK-DAG: #[[MNMAJOR:shared[0-9]*]] = #ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 8, order = [1, 0]}>
// CHECK-DAG: #[[KMAJOR:shared[0-9]*]] = #ttg.swizzled_shared<{vec = 16, perPhase = 2, maxPhase = 4, order = [0, 1]}>
// CHECK-LABEL: tt.func public @mma_v2_b_rowmajor
// CHECK: scf.for
// CHECK: %[[A:.*]] = ttg.convert_layout %{{.*}} -> tensor<64x64xi8, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>
// CHECK: %[[B:.*]] = tt.load %arg1
// CHECK-NEXT: %[[STAGE:.*]] = ttg.local_alloc %[[B]] : (tensor<64x64xi8, #{{.*}}>) -> !ttg.memdesc<64x64xi8, #[[MNMAJOR]], #smem>
// CHECK-NEXT: %[[T:.*]] = ttg.local_load %[[STAGE]] : !ttg.memdesc<64x64xi8, #[[MNMAJOR]], #smem> -> tensor<64x64xi8, #[[LIN]]>
// CHECK-NEXT: %[[K:.*]] = ttg.local_alloc %[[T]] : (tensor<64x64xi8, #[[LIN]]>) -> !ttg.memdesc<64x64xi8, #[[KMAJOR]], #smem>
// CHECK-NEXT: %[[BOP:.*]] = ttg.local_load %[[K]] : !ttg.memdesc<64x64xi8, #[[KMAJOR]], #smem> -> tensor<64x64xi8, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>
// CHECK-NEXT: tt.dot %[[A]], %[[BOP]]
// CHECK-NOT: ttg.convert_layout %[[B]]
#blocked = #ttg.blocked<{sizePerThread = [1, 16], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @mma_v2_b_rowmajor(%a: tensor<64x64x!tt.ptr<i8>, #blocked>, %b: tensor<64x64x!tt.ptr<i8>, #blocked>, %n: i32) -> tensor<64x64xi32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0> : tensor<64x64xi32, #mma>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x64xi32, #mma>) : i32 {
      %av = tt.load %a : tensor<64x64x!tt.ptr<i8>, #blocked>
      %ad = ttg.convert_layout %av : tensor<64x64xi8, #blocked> -> tensor<64x64xi8, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>
      %bv = tt.load %b : tensor<64x64x!tt.ptr<i8>, #blocked>
      %bd = ttg.convert_layout %bv : tensor<64x64xi8, #blocked> -> tensor<64x64xi8, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>
      %d = tt.dot %ad, %bd, %acc, inputPrecision = tf32 : tensor<64x64xi8, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> * tensor<64x64xi8, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> -> tensor<64x64xi32, #mma>
      scf.yield %d : tensor<64x64xi32, #mma>
    }
    tt.return %r : tensor<64x64xi32, #mma>
  }
}

// -----

// sm_80: a load outside any loop keeps its convert_layout (nothing to
// pipeline; 3.6's path).
// CHECK-LABEL: tt.func public @mma_v2_no_loop
// CHECK-NOT: ttg.local_alloc
// CHECK: ttg.convert_layout %{{.*}} -> tensor<64x64xi8, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>
#blocked = #ttg.blocked<{sizePerThread = [1, 16], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @mma_v2_no_loop(%a: tensor<64x64xi8, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>, %b: tensor<64x64x!tt.ptr<i8>, #blocked>) -> tensor<64x64xi32, #mma> {
    %zero = arith.constant dense<0> : tensor<64x64xi32, #mma>
    %bv = tt.load %b : tensor<64x64x!tt.ptr<i8>, #blocked>
    %bd = ttg.convert_layout %bv : tensor<64x64xi8, #blocked> -> tensor<64x64xi8, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>
    %d = tt.dot %a, %bd, %zero, inputPrecision = tf32 : tensor<64x64xi8, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> * tensor<64x64xi8, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> -> tensor<64x64xi32, #mma>
    tt.return %d : tensor<64x64xi32, #mma>
  }
}
