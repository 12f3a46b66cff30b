// RUN: triton-opt %s -split-input-file -allow-unregistered-dialect -tritongpu-test-pipeline-lower-loop | FileCheck %s

// The first step of the pipeliner alone: loads become multi-buffered copies,
// and every op, old or new, keeps or gets a stage and cluster.

// A load two stages ahead of its use: two slots, two counters from -1 that
// wrap at 2 (made in the body, at the stage of their first users), the copy
// where the load was, the wait and the read where the use is.
// CHECK-LABEL: @two_stages_ahead
// CHECK-DAG: %[[M1:.*]] = arith.constant -1 : i32
// CHECK-DAG: %[[BUF:.*]] = ttg.local_alloc : () -> !ttg.memdesc<2x64x32xf16, #{{.*}}, #smem, mutable>
// CHECK: scf.for {{.*}} iter_args(%[[INS:.*]] = %[[M1]], %[[EXT:.*]] = %[[M1]])
// CHECK: %[[TWO:.*]] = arith.constant {loop.cluster = 1 : i32, loop.stage = 0 : i32} 2 : i32
// CHECK: %[[I1:.*]] = arith.addi %[[INS]], %{{.*}} {loop.cluster = 1 : i32, loop.stage = 0 : i32}
// CHECK: arith.cmpi sge, %[[I1]], %[[TWO]] {loop.cluster = 1 : i32, loop.stage = 0 : i32}
// CHECK: %[[INSN:.*]] = arith.select {{.*}} {loop.cluster = 1 : i32, loop.stage = 0 : i32}
// CHECK: %[[E1:.*]] = arith.addi %[[EXT]], %{{.*}} {loop.cluster = 0 : i32, loop.stage = 2 : i32}
// CHECK: %[[EXTN:.*]] = arith.select {{.*}} {loop.cluster = 0 : i32, loop.stage = 2 : i32}
// CHECK: %[[SLOT:.*]] = ttg.memdesc_index %[[BUF]][%[[INSN]]] {loop.cluster = 1 : i32, loop.stage = 0 : i32}
// CHECK: %[[COPY:.*]] = ttg.async_copy_global_to_local %{{.*}}, %[[SLOT]] {contiguity = 8 : i32, loop.cluster = 1 : i32, loop.stage = 0 : i32}
// CHECK: %[[GROUP:.*]] = ttg.async_commit_group tokens %[[COPY]] {loop.cluster = 1 : i32, loop.stage = 0 : i32}
// CHECK: %[[WAIT:.*]] = ttg.async_wait %[[GROUP]] {loop.cluster = 0 : i32, loop.stage = 2 : i32, num = 0 : i32}
// CHECK: %[[READ:.*]] = ttg.memdesc_index %[[BUF]][%[[EXTN]]] {loop.cluster = 0 : i32, loop.stage = 2 : i32}
// CHECK: %[[V:.*]] = ttg.local_load %[[READ]] token %[[WAIT]] {loop.cluster = 0 : i32, loop.stage = 2 : i32}
// CHECK: "consume"(%[[V]]) {loop.cluster = 0 : i32, loop.stage = 2 : i32}
// CHECK: scf.yield %[[INSN]], %[[EXTN]]
// CHECK: } {tt.scheduled_max_stage = 2 : i32}
// CHECK: ttg.async_wait {num = 0 : i32}
// CHECK: ttg.local_dealloc %[[BUF]]
#blk = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "cuda:80"} {
  tt.func @two_stages_ahead(%lo: i32, %hi: i32, %p: tensor<64x32x!tt.ptr<f16>, #blk> {tt.divisibility = dense<16> : tensor<2xi32>, tt.contiguity = dense<[1, 32]> : tensor<2xi32>}) {
    %c1 = arith.constant 1 : i32
    scf.for %i = %lo to %hi step %c1 : i32 {
      %v = tt.load %p {loop.cluster = 1 : i32, loop.stage = 0 : i32} : tensor<64x32x!tt.ptr<f16>, #blk>
      "consume"(%v) {loop.cluster = 0 : i32, loop.stage = 2 : i32} : (tensor<64x32xf16, #blk>) -> ()
    } {tt.scheduled_max_stage = 2 : i32}
    tt.return
  }
}

// -----

// Two one-slot loads share their counters although they are issued in
// different stages: the insert counter runs with the earlier one (stage 0),
// where the later one (stage 1) reads it one iteration on.
// CHECK-LABEL: @shared_counter_two_stages
// CHECK: scf.for
// CHECK: arith.constant {loop.cluster = 2 : i32, loop.stage = 0 : i32} 1 : i32
// CHECK: %[[I1:.*]] = arith.addi {{.*}} {loop.cluster = 2 : i32, loop.stage = 0 : i32}
// CHECK: %[[INSN:.*]] = arith.select {{.*}} {loop.cluster = 2 : i32, loop.stage = 0 : i32}
// CHECK: arith.addi {{.*}} {loop.cluster = 0 : i32, loop.stage = 1 : i32}
// CHECK: ttg.memdesc_index %{{.*}}[%[[INSN]]] {loop.cluster = 1 : i32, loop.stage = 1 : i32}
// CHECK: ttg.memdesc_index %{{.*}}[%[[INSN]]] {loop.cluster = 2 : i32, loop.stage = 0 : i32}
#blk = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "cuda:80"} {
  tt.func @shared_counter_two_stages(%lo: i32, %hi: i32, %p: tensor<64x32x!tt.ptr<f16>, #blk> {tt.divisibility = dense<16> : tensor<2xi32>, tt.contiguity = dense<[1, 32]> : tensor<2xi32>}, %q: tensor<64x32x!tt.ptr<f16>, #blk> {tt.divisibility = dense<16> : tensor<2xi32>, tt.contiguity = dense<[1, 32]> : tensor<2xi32>}) {
    %c1 = arith.constant 1 : i32
    scf.for %i = %lo to %hi step %c1 : i32 {
      %b = tt.load %q {loop.cluster = 1 : i32, loop.stage = 1 : i32} : tensor<64x32x!tt.ptr<f16>, #blk>
      %a = tt.load %p {loop.cluster = 2 : i32, loop.stage = 0 : i32} : tensor<64x32x!tt.ptr<f16>, #blk>
      "consume"(%a) {loop.cluster = 0 : i32, loop.stage = 1 : i32} : (tensor<64x32xf16, #blk>) -> ()
      "consume"(%b) {loop.cluster = 0 : i32, loop.stage = 2 : i32} : (tensor<64x32xf16, #blk>) -> ()
    } {tt.scheduled_max_stage = 2 : i32}
    tt.return
  }
}

// -----

// A use in a later cluster than its load reads its slot after the next
// iteration's copy was issued: one slot more than the stage distance.
// CHECK-LABEL: @use_in_later_cluster
// CHECK: ttg.local_alloc : () -> !ttg.memdesc<2x64x32xf16
#blk = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "cuda:80"} {
  tt.func @use_in_later_cluster(%lo: i32, %hi: i32, %p: tensor<64x32x!tt.ptr<f16>, #blk> {tt.divisibility = dense<16> : tensor<2xi32>, tt.contiguity = dense<[1, 32]> : tensor<2xi32>}) {
    %c1 = arith.constant 1 : i32
    scf.for %i = %lo to %hi step %c1 : i32 {
      %v = tt.load %p {loop.cluster = 0 : i32, loop.stage = 0 : i32} : tensor<64x32x!tt.ptr<f16>, #blk>
      "consume"(%v) {loop.cluster = 1 : i32, loop.stage = 1 : i32} : (tensor<64x32xf16, #blk>) -> ()
    } {tt.scheduled_max_stage = 1 : i32}
    tt.return
  }
}

// -----

// A barrier wait that depends on the buffer keeps its slot busy until the
// wait's stage: three slots for a use in stage 2 and a wait in stage 3 (the
// wait reads it through a view). An op without a stage (the transposed view)
// runs with its user.
// CHECK-LABEL: @wait_holds_buffer
// CHECK: ttg.local_alloc : () -> !ttg.memdesc<3x64x32xf16
// CHECK: ttg.memdesc_trans {{.*}}loop.cluster = 0 : i32, loop.stage = 3 : i32
#blk = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#nv = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#nvt = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 16}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "cuda:90"} {
  tt.func @wait_holds_buffer(%lo: i32, %hi: i32, %p: tensor<64x32x!tt.ptr<f16>, #blk> {tt.divisibility = dense<16> : tensor<2xi32>, tt.contiguity = dense<[1, 32]> : tensor<2xi32>}, %bar: !ttg.memdesc<1xi64, #bar, #ttg.shared_memory, mutable>, %phase: i32) {
    %c1 = arith.constant 1 : i32
    scf.for %i = %lo to %hi step %c1 : i32 {
      %v = tt.load %p {loop.cluster = 1 : i32, loop.stage = 0 : i32} : tensor<64x32x!tt.ptr<f16>, #blk>
      %s = ttg.local_alloc %v {loop.cluster = 0 : i32, loop.stage = 2 : i32} : (tensor<64x32xf16, #blk>) -> !ttg.memdesc<64x32xf16, #nv, #ttg.shared_memory>
      %t = ttg.memdesc_trans %s {order = array<i32: 1, 0>} : !ttg.memdesc<64x32xf16, #nv, #ttg.shared_memory> -> !ttg.memdesc<32x64xf16, #nvt, #ttg.shared_memory>
      ttng.wait_barrier %bar, %phase deps %t {loop.cluster = 0 : i32, loop.stage = 3 : i32} : !ttg.memdesc<1xi64, #bar, #ttg.shared_memory, mutable>, !ttg.memdesc<32x64xf16, #nvt, #ttg.shared_memory>
    } {tt.scheduled_max_stage = 3 : i32}
    tt.return
  }
}

// -----

// A module without a target: a descriptor load becomes a TMA copy (the
// other pipeliner is AMD's), its barrier expecting the block's bytes; the
// copy's and the expect's true predicates are made at their stage.
// CHECK-LABEL: @tma_without_target
// CHECK: scf.for
// CHECK: ttg.memdesc_index {{.*}} {loop.cluster = 1 : i32, loop.stage = 0 : i32}
// CHECK: arith.constant {loop.cluster = 1 : i32, loop.stage = 0 : i32} true
// CHECK: ttng.barrier_expect {{.*}}, 4096 {loop.cluster = 1 : i32, loop.stage = 0 : i32}
// CHECK: ttng.async_tma_copy_global_to_local
// CHECK: ttng.wait_barrier {{.*}} {loop.cluster = 0 : i32, loop.stage = 2 : i32}
// CHECK: ttg.local_load {{.*}} {loop.cluster = 0 : i32, loop.stage = 2 : i32}
#blk = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#nv = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32} {
  tt.func @tma_without_target(%lo: i32, %hi: i32, %d: !tt.tensordesc<tensor<64x32xf16, #nv>>, %x: i32) {
    %c1 = arith.constant 1 : i32
    scf.for %i = %lo to %hi step %c1 : i32 {
      %v = tt.descriptor_load %d[%x, %i] {loop.cluster = 1 : i32, loop.stage = 0 : i32} : !tt.tensordesc<tensor<64x32xf16, #nv>> -> tensor<64x32xf16, #blk>
      "consume"(%v) {loop.cluster = 0 : i32, loop.stage = 2 : i32} : (tensor<64x32xf16, #blk>) -> ()
    } {tt.scheduled_max_stage = 2 : i32}
    tt.return
  }
}

// -----

// A loop without a schedule is left alone.
// CHECK-LABEL: @not_scheduled
// CHECK: scf.for
// CHECK-NEXT: tt.load
#blk = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "cuda:80"} {
  tt.func @not_scheduled(%lo: i32, %hi: i32, %p: tensor<64x32x!tt.ptr<f16>, #blk> {tt.divisibility = dense<16> : tensor<2xi32>, tt.contiguity = dense<[1, 32]> : tensor<2xi32>}) {
    %c1 = arith.constant 1 : i32
    scf.for %i = %lo to %hi step %c1 : i32 {
      %v = tt.load %p : tensor<64x32x!tt.ptr<f16>, #blk>
      "consume"(%v) : (tensor<64x32xf16, #blk>) -> ()
    }
    tt.return
  }
}

// -----

// A load whose masked-off elements read a non-zero `other`: the slot holds
// zeros there, so the warp-group dot may not read it directly. The select
// after the local_load feeds the local_alloc, which stays, and the dot's
// extra slot is not needed (two slots for two stages).
// CHECK-LABEL: @nonzero_other_keeps_alloc
// CHECK: ttg.local_alloc : () -> !ttg.memdesc<2x64x64xf16
// CHECK: scf.for
// CHECK: ttg.async_copy_global_to_local %{{.*}} mask %{{.*}} {contiguity = 8 : i32, loop.cluster = 1 : i32, loop.stage = 0 : i32}
// CHECK: %[[V:.*]] = ttg.local_load {{.*}} {loop.cluster = 0 : i32, loop.stage = 2 : i32}
// CHECK: %[[SEL:.*]] = arith.select %{{.*}}, %[[V]], %{{.*}} {loop.cluster = 0 : i32, loop.stage = 2 : i32}
// CHECK: %[[SH:.*]] = ttg.local_alloc %[[SEL]] {loop.cluster = 0 : i32, loop.stage = 2 : i32}
// CHECK: ttng.warp_group_dot %[[SH]]
#blk = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#nv = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "cuda:90"} {
  tt.func @nonzero_other_keeps_alloc(%lo: i32, %hi: i32, %p: tensor<64x64x!tt.ptr<f16>, #blk> {tt.divisibility = dense<16> : tensor<2xi32>, tt.contiguity = dense<[1, 64]> : tensor<2xi32>}, %m: tensor<64x64xi1, #blk> {tt.constancy = dense<64> : tensor<2xi32>}, %b: !ttg.memdesc<64x64xf16, #nv, #ttg.shared_memory>) -> tensor<64x64xf32, #mma> {
    %c1 = arith.constant 1 : i32
    %one = arith.constant dense<1.0> : tensor<64x64xf16, #blk>
    %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
    %r = scf.for %i = %lo to %hi step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf32, #mma>) : i32 {
      %v = tt.load %p, %m, %one {loop.cluster = 1 : i32, loop.stage = 0 : i32} : tensor<64x64x!tt.ptr<f16>, #blk>
      %s = ttg.local_alloc %v {loop.cluster = 0 : i32, loop.stage = 2 : i32} : (tensor<64x64xf16, #blk>) -> !ttg.memdesc<64x64xf16, #nv, #ttg.shared_memory>
      %d = ttng.warp_group_dot %s, %b, %acc {loop.cluster = 0 : i32, loop.stage = 2 : i32} : !ttg.memdesc<64x64xf16, #nv, #ttg.shared_memory> * !ttg.memdesc<64x64xf16, #nv, #ttg.shared_memory> -> tensor<64x64xf32, #mma>
      scf.yield %d : tensor<64x64xf32, #mma>
    } {tt.scheduled_max_stage = 2 : i32}
    tt.return %r : tensor<64x64xf32, #mma>
  }
}

// -----

// A scalar index fetched a stage ahead (it feeds the next load's address) is
// copied as a one-element tensor: its pointer splat where the load was, the
// scalar back by tt.unsplat where its user is.
// CHECK-LABEL: @scalar_index
// CHECK: %[[BUF:.*]] = ttg.local_alloc : () -> !ttg.memdesc<1x1xi64
// CHECK: scf.for
// CHECK: %[[Q:.*]] = tt.addptr
// CHECK: %[[QS:.*]] = tt.splat %[[Q]] {loop.cluster = 1 : i32, loop.stage = 0 : i32} : !tt.ptr<i64> -> tensor<1x!tt.ptr<i64>, #[[ONE:.*]]>
// CHECK: ttg.async_copy_global_to_local %[[QS]], %{{.*}} {loop.cluster = 1 : i32, loop.stage = 0 : i32}
// CHECK: %[[T:.*]] = ttg.local_load {{.*}} {loop.cluster = 0 : i32, loop.stage = 1 : i32} : {{.*}} -> tensor<1xi64, #[[ONE]]>
// CHECK: %[[K:.*]] = tt.unsplat %[[T]] {loop.cluster = 0 : i32, loop.stage = 1 : i32}
// CHECK: tt.splat %[[K]] {loop.cluster = 0 : i32, loop.stage = 1 : i32} : i64 -> tensor<64x32xi64
#blk = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32, "ttg.threads-per-warp" = 32 : i32, ttg.target = "cuda:80"} {
  tt.func @scalar_index(%lo: i32, %hi: i32, %idx: !tt.ptr<i64>, %p: tensor<64x32x!tt.ptr<f16>, #blk> {tt.divisibility = dense<16> : tensor<2xi32>, tt.contiguity = dense<[1, 32]> : tensor<2xi32>}) {
    %c1 = arith.constant 1 : i32
    scf.for %i = %lo to %hi step %c1 : i32 {
      %q = tt.addptr %idx, %i {loop.cluster = 1 : i32, loop.stage = 0 : i32} : !tt.ptr<i64>, i32
      %k = tt.load %q {loop.cluster = 1 : i32, loop.stage = 0 : i32} : !tt.ptr<i64>
      %ks = tt.splat %k {loop.cluster = 0 : i32, loop.stage = 1 : i32} : i64 -> tensor<64x32xi64, #blk>
      %a = tt.addptr %p, %ks {loop.cluster = 0 : i32, loop.stage = 1 : i32} : tensor<64x32x!tt.ptr<f16>, #blk>, tensor<64x32xi64, #blk>
      %v = tt.load %a {loop.cluster = 0 : i32, loop.stage = 1 : i32} : tensor<64x32x!tt.ptr<f16>, #blk>
      "consume"(%v) {loop.cluster = 0 : i32, loop.stage = 2 : i32} : (tensor<64x32xf16, #blk>) -> ()
    } {tt.scheduled_max_stage = 2 : i32}
    tt.return
  }
}
