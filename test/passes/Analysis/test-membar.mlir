// RUN: triton-opt %s -split-input-file -test-print-membar | FileCheck %s

#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
// Read after write of one buffer: a barrier. Another buffer alive at the same
// time does not conflict; a barrier already there is enough.
// CHECK-LABEL: tt.func public @straight
// CHECK: ttg.local_store %arg0, %[[A:.*]] :
// CHECK-NEXT: ttg.local_store %arg0, %[[B:.*]] :
// CHECK-NEXT: ttg.local_barrier
// CHECK-NEXT: ttg.local_load %[[A]]
// CHECK-NEXT: ttg.local_load %[[B]]
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: ttg.local_store
// CHECK-NOT: ttg.local_barrier
// CHECK: tt.return
tt.func public @straight(%x: tensor<256xf32, #blocked>) {
  %a = ttg.local_alloc : () -> !ttg.memdesc<256xf32, #shared, #smem, mutable>
  %b = ttg.local_alloc : () -> !ttg.memdesc<256xf32, #shared, #smem, mutable>
  ttg.local_store %x, %a : tensor<256xf32, #blocked> -> !ttg.memdesc<256xf32, #shared, #smem, mutable>
  ttg.local_store %x, %b : tensor<256xf32, #blocked> -> !ttg.memdesc<256xf32, #shared, #smem, mutable>
  %la = ttg.local_load %a : !ttg.memdesc<256xf32, #shared, #smem, mutable> -> tensor<256xf32, #blocked>
  %lb = ttg.local_load %b : !ttg.memdesc<256xf32, #shared, #smem, mutable> -> tensor<256xf32, #blocked>
  gpu.barrier
  ttg.local_store %la, %a : tensor<256xf32, #blocked> -> !ttg.memdesc<256xf32, #shared, #smem, mutable>
  tt.return
}

// Two reductions share one scratch slot: the second waits for the first's
// readers.
// CHECK-LABEL: tt.func public @scratch_reuse
// CHECK: "tt.reduce"
// CHECK: ttg.local_barrier
// CHECK-NEXT: "tt.reduce"
tt.func public @scratch_reuse(%x: tensor<512xf32, #blocked>) -> f32 {
  %s = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%p: f32, %q: f32):
    %m = arith.addf %p, %q : f32
    tt.reduce.return %m : f32
  }) : (tensor<512xf32, #blocked>) -> f32
  %t = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%p: f32, %q: f32):
    %m = arith.maxnumf %p, %q : f32
    tt.reduce.return %m : f32
  }) : (tensor<512xf32, #blocked>) -> f32
  %r = arith.addf %s, %t : f32
  tt.return %r : f32
}

// A write in one branch reaches the read after the if.
// CHECK-LABEL: tt.func public @branch
// CHECK: scf.if
// CHECK-NEXT: ttg.local_store
// CHECK-NEXT: }
// CHECK-NEXT: ttg.local_barrier
// CHECK-NEXT: ttg.local_load
tt.func public @branch(%c: i1, %x: tensor<256xf32, #blocked>) -> tensor<256xf32, #blocked> {
  %a = ttg.local_alloc : () -> !ttg.memdesc<256xf32, #shared, #smem, mutable>
  scf.if %c {
    ttg.local_store %x, %a : tensor<256xf32, #blocked> -> !ttg.memdesc<256xf32, #shared, #smem, mutable>
  }
  %l = ttg.local_load %a : !ttg.memdesc<256xf32, #shared, #smem, mutable> -> tensor<256xf32, #blocked>
  tt.return %l : tensor<256xf32, #blocked>
}

// In a loop, the read at the top conflicts with the previous iteration's
// write at the bottom, and that write with this iteration's read.
// CHECK-LABEL: tt.func public @loop
// CHECK: scf.for
// CHECK-NEXT: ttg.local_barrier
// CHECK-NEXT: ttg.local_load
// CHECK-NEXT: ttg.local_barrier
// CHECK-NEXT: ttg.local_store
// CHECK-NEXT: }
tt.func public @loop(%x: tensor<256xf32, #blocked>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %a = ttg.local_alloc %x : (tensor<256xf32, #blocked>) -> !ttg.memdesc<256xf32, #shared, #smem, mutable>
  scf.for %i = %c0 to %n step %c1 : i32 {
    %l = ttg.local_load %a : !ttg.memdesc<256xf32, #shared, #smem, mutable> -> tensor<256xf32, #blocked>
    ttg.local_store %l, %a : tensor<256xf32, #blocked> -> !ttg.memdesc<256xf32, #shared, #smem, mutable>
  }
  tt.return
}
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
// Unstructured control flow (after scf-to-cf): a block starts with what its
// predecessors left pending, back edges included.
// CHECK-LABEL: tt.func public @blocks
// CHECK: ^bb1:
// CHECK-NEXT: ttg.local_barrier
// CHECK-NEXT: ttg.local_load
// CHECK-NEXT: ttg.local_load
// CHECK-NEXT: ttg.local_barrier
// CHECK-NEXT: ttg.local_store
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func public @blocks(%x: tensor<256xf32, #blocked>) {
  %a = ttg.local_alloc : () -> !ttg.memdesc<256xf32, #shared, #smem, mutable>
  ttg.local_store %x, %a : tensor<256xf32, #blocked> -> !ttg.memdesc<256xf32, #shared, #smem, mutable>
  cf.br ^bb1
^bb1:
  %l = ttg.local_load %a : !ttg.memdesc<256xf32, #shared, #smem, mutable> -> tensor<256xf32, #blocked>
  %m = ttg.local_load %a : !ttg.memdesc<256xf32, #shared, #smem, mutable> -> tensor<256xf32, #blocked>
  ttg.local_store %m, %a : tensor<256xf32, #blocked> -> !ttg.memdesc<256xf32, #shared, #smem, mutable>
  tt.return
}

// A loop of blocks that touches no shared memory, then a reduction through
// scratch: nothing is pending when the reduction runs, so no barrier (the
// lowered loop used to put one before every later block's first access).
// CHECK-LABEL: tt.func public @loop_then_reduce
// CHECK: ^bb3:
// CHECK-NOT: ttg.local_barrier
// CHECK: tt.return
tt.func public @loop_then_reduce(%x: tensor<256xf32, #blocked>, %n: i32) -> f32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  cf.br ^bb1(%c0, %x : i32, tensor<256xf32, #blocked>)
^bb1(%i: i32, %acc: tensor<256xf32, #blocked>):
  %more = arith.cmpi slt, %i, %n : i32
  cf.cond_br %more, ^bb2, ^bb3
^bb2:
  %next = arith.addf %acc, %x : tensor<256xf32, #blocked>
  %j = arith.addi %i, %c1 : i32
  cf.br ^bb1(%j, %next : i32, tensor<256xf32, #blocked>)
^bb3:
  %s = "tt.reduce"(%acc) <{axis = 0 : i32}> ({
  ^bb0(%p: f32, %q: f32):
    %m = arith.addf %p, %q : f32
    tt.reduce.return %m : f32
  }) : (tensor<256xf32, #blocked>) -> f32
  tt.return %s : f32
}

// A loop of blocks whose body writes then reads one buffer: the read waits
// for the write, and the write waits (through the back edge) for the
// previous iteration's read. After the loop, the load needs no barrier of its
// own: the body's last access was a read, and so is this one.
// CHECK-LABEL: tt.func public @loop_back_edge
// CHECK: ^bb2:
// CHECK-NEXT: ttg.local_barrier
// CHECK-NEXT: ttg.local_store
// CHECK-NEXT: ttg.local_barrier
// CHECK-NEXT: ttg.local_load
// CHECK: ^bb3:
// CHECK-NEXT: ttg.local_load
tt.func public @loop_back_edge(%x: tensor<256xf32, #blocked>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %a = ttg.local_alloc : () -> !ttg.memdesc<256xf32, #shared, #smem, mutable>
  cf.br ^bb1(%c0 : i32)
^bb1(%i: i32):
  %more = arith.cmpi slt, %i, %n : i32
  cf.cond_br %more, ^bb2, ^bb3
^bb2:
  ttg.local_store %x, %a : tensor<256xf32, #blocked> -> !ttg.memdesc<256xf32, #shared, #smem, mutable>
  %l = ttg.local_load %a : !ttg.memdesc<256xf32, #shared, #smem, mutable> -> tensor<256xf32, #blocked>
  %j = arith.addi %i, %c1 : i32
  cf.br ^bb1(%j : i32)
^bb3:
  %m = ttg.local_load %a : !ttg.memdesc<256xf32, #shared, #smem, mutable> -> tensor<256xf32, #blocked>
  tt.return
}

// A diamond where one branch writes: the join reads after a barrier, which
// the path that did not write gets too (one barrier serves both).
// CHECK-LABEL: tt.func public @diamond
// CHECK: ^bb1:
// CHECK-NEXT: ttg.local_store
// CHECK: ^bb2:
// CHECK-NOT: ttg.local_barrier
// CHECK: ^bb3:
// CHECK-NEXT: ttg.local_barrier
// CHECK-NEXT: ttg.local_load
tt.func public @diamond(%x: tensor<256xf32, #blocked>, %c: i1) {
  %a = ttg.local_alloc : () -> !ttg.memdesc<256xf32, #shared, #smem, mutable>
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  ttg.local_store %x, %a : tensor<256xf32, #blocked> -> !ttg.memdesc<256xf32, #shared, #smem, mutable>
  cf.br ^bb3
^bb2:
  cf.br ^bb3
^bb3:
  %l = ttg.local_load %a : !ttg.memdesc<256xf32, #shared, #smem, mutable> -> tensor<256xf32, #blocked>
  tt.return
}
}

// -----

// A pipelined Hopper matmul (corpus matmul_fp16_small): a thread's
// async_wait covers only its own copies, so a barrier follows every wait (as
// in Triton) and orders all threads' copies before the wgmma reads them; the
// wgmma's reads are synchronized before the next copies overwrite the ring.
// After the loop, the barrier after the last wait also covers the epilogue's
// layout conversion, which reuses the ring's bytes.
// RUN: triton-opt %corpus/triton-3.6-sm90/matmul_fp16_small.ttgir -test-print-membar | FileCheck %s --check-prefix=MATMUL
// MATMUL: scf.for
// MATMUL: ttg.async_wait
// MATMUL-NEXT: ttg.local_barrier
// MATMUL-NOT: ttg.local_barrier
// MATMUL: ttng.warp_group_dot
// MATMUL-NOT: ttg.local_barrier
// MATMUL: ttg.local_barrier
// MATMUL-NEXT: ttg.async_copy_global_to_local
// MATMUL-NOT: ttg.local_barrier
// MATMUL: scf.yield
// MATMUL: ttg.async_wait
// MATMUL-NEXT: ttg.local_barrier
// MATMUL-NOT: ttg.local_barrier
// MATMUL: ttg.convert_layout
// MATMUL-NOT: ttg.local_barrier
// MATMUL: tt.return

// Barriers change no result: the kernels compute the same after the pass.
// RUN: triton-run %corpus/triton-3.6-sm90/matmul_fp16_small.ttgir --grid 9 --arg 'a_ptr=f16[192,96]:rand(1)' --arg 'b_ptr=f16[96,192]:rand(2)' --arg 'c_ptr=f16[192,192]:zeros' --arg M=i32:192 --arg N=i32:192 --arg K=i32:96 --arg sam=i32:96 --arg sbk=i32:192 --arg scm=i32:192 '--compare-after=builtin.module(allocate-shared-memory,test-print-membar)'
// RUN: triton-run %corpus/triton-3.6-sm90/shape.ttgir --grid 1 --arg 'x_ptr=f32[64]:rand(1)' --arg 'idx_ptr=i32[64]:randint(0,64,2)' --arg 'out_ptr=f32[64]:zeros' --arg 'h_ptr=i32[64]:zeros' '--compare-after=builtin.module(test-print-membar)'

// -----

// TMA writes its buffer through the async proxy: what threads read there
// through the generic proxy (the previous block, in a loop) must be fenced
// before the copy is issued, then a barrier. A copy into a buffer no
// thread touched needs neither, and the expect before it needs no barrier
// either: the mbarrier counts the expected bytes and the copy's whatever
// order threads issue them in (NVIDIA's exception, as in Triton).
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
// CHECK-LABEL: tt.func public @tma_proxy
// CHECK: ttng.barrier_expect
// CHECK-NEXT: ttng.async_tma_copy_global_to_local
// CHECK: scf.for
// CHECK: ttg.local_load
// CHECK: ttng.barrier_expect
// CHECK-NEXT: ttng.fence_async_shared {bCluster = false}
// CHECK-NEXT: ttg.local_barrier
// CHECK-NEXT: ttng.async_tma_copy_global_to_local
tt.func public @tma_proxy(%d: !tt.tensordesc<tensor<64x64xf16, #shared>>, %n: i32, %out: tensor<64x64x!tt.ptr<f16>, #blocked>) {
  %true = arith.constant true
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %buf = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
  %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
  ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
  ttng.barrier_expect %bar, 8192, %true : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
  ttng.async_tma_copy_global_to_local %d[%c0, %c0] %buf, %bar, %true : !tt.tensordesc<tensor<64x64xf16, #shared>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%phase = %c0) -> (i32) : i32 {
    ttng.wait_barrier %bar, %phase : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    %v = ttg.local_load %buf : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> tensor<64x64xf16, #blocked>
    tt.store %out, %v : tensor<64x64x!tt.ptr<f16>, #blocked>
    ttng.barrier_expect %bar, 8192, %true : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.async_tma_copy_global_to_local %d[%i, %c0] %buf, %bar, %true : !tt.tensordesc<tensor<64x64xf16, #shared>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %next = arith.xori %phase, %c1 : i32
    scf.yield %next : i32
  }
  tt.return
}
}

// -----

// NVIDIA's exceptions: any mix of expects, TMA loads and waits on one
// mbarrier needs no CTA barrier;
// a wait after a wait does (a warp must not reach the next phase's wait
// early), and so does an invalidation after a wait. Reading a TMA-loaded
// buffer after the wait needs none (the wait returns once the whole copy
// has landed).
// CHECK-LABEL: tt.func public @mbarrier_rules
// CHECK: ttng.init_barrier %[[A:.*]], 1
// CHECK-NEXT: ttng.init_barrier
// CHECK-NEXT: ttg.local_barrier
// CHECK-NEXT: ttng.barrier_expect %[[A]]
// CHECK-NEXT: ttng.async_tma_copy_global_to_local
// CHECK-NEXT: ttng.wait_barrier %[[A]]
// CHECK-NEXT: ttg.local_load
// CHECK-NEXT: ttg.local_barrier
// CHECK-NEXT: ttng.wait_barrier %[[A]]
// CHECK-NEXT: ttg.local_barrier
// CHECK-NEXT: ttng.inval_barrier %[[A]]
// CHECK-NEXT: ttng.inval_barrier
// CHECK-NEXT: tt.store
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func public @mbarrier_rules(%d: !tt.tensordesc<tensor<64x64xf16, #shared>>, %out: tensor<64x64x!tt.ptr<f16>, #blocked>) {
  %true = arith.constant true
  %c0 = arith.constant 0 : i32
  %buf = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
  %c1 = arith.constant 1 : i32
  %a = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
  %b = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
  ttng.init_barrier %a, 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
  ttng.init_barrier %b, 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
  ttng.barrier_expect %a, 8192, %true : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
  ttng.async_tma_copy_global_to_local %d[%c0, %c0] %buf, %a, %true : !tt.tensordesc<tensor<64x64xf16, #shared>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
  ttng.wait_barrier %a, %c0 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
  %v = ttg.local_load %buf : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> tensor<64x64xf16, #blocked>
  ttng.wait_barrier %a, %c1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
  ttng.inval_barrier %a : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
  ttng.inval_barrier %b : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
  tt.store %out, %v : tensor<64x64x!tt.ptr<f16>, #blocked>
  tt.return
}
}

// -----

// A scalar atomic whose old value is used hands it to all threads through
// its scratch, with a CTA barrier inside its lowering: the shared write
// before it needs no barrier of its own before the read after it. With the
// old value unused there is no scratch, no barrier inside, and the read
// needs one.
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.target" = "cuda:90"} {
// CHECK-LABEL: tt.func @scalar_atomic_syncs
// CHECK:       ttg.local_alloc
// CHECK-NEXT:  tt.atomic_rmw
// CHECK-NEXT:  ttg.local_load
tt.func @scalar_atomic_syncs(%p: !tt.ptr<i32>, %v: tensor<512xf32, #blocked>) -> i32 {
  %one = arith.constant 1 : i32
  %true = arith.constant true
  %buf = ttg.local_alloc %v : (tensor<512xf32, #blocked>) -> !ttg.memdesc<512xf32, #shared, #smem>
  %old = tt.atomic_rmw add, acq_rel, gpu, %p, %one, %true : (!tt.ptr<i32>, i32, i1) -> i32
  %r = ttg.local_load %buf : !ttg.memdesc<512xf32, #shared, #smem> -> tensor<512xf32, #blocked>
  tt.return %old : i32
}
// CHECK-LABEL: tt.func @scalar_atomic_unused
// CHECK:       ttg.local_alloc
// CHECK-NEXT:  tt.atomic_rmw
// CHECK-NEXT:  ttg.local_barrier
// CHECK-NEXT:  ttg.local_load
tt.func @scalar_atomic_unused(%p: !tt.ptr<i32>, %v: tensor<512xf32, #blocked>) {
  %one = arith.constant 1 : i32
  %true = arith.constant true
  %buf = ttg.local_alloc %v : (tensor<512xf32, #blocked>) -> !ttg.memdesc<512xf32, #shared, #smem>
  %old = tt.atomic_rmw add, acq_rel, gpu, %p, %one, %true : (!tt.ptr<i32>, i32, i1) -> i32
  %r = ttg.local_load %buf : !ttg.memdesc<512xf32, #shared, #smem> -> tensor<512xf32, #blocked>
  tt.return
}
}

// -----

// A call is checked as reading and writing its callee's whole range (the
// callee may touch it before any barrier of its own): the convert_layout's
// scratch before @ends_reading needs a barrier. After a call, what stays
// pending is what the callee returns with, at the call's offset:
// @ends_synced reads its first buffer before a barrier and only its second
// after, so the caller's scratch over the first needs no barrier after it;
// @ends_reading returns with its only buffer read, so the same scratch needs
// one.
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.target" = "cuda:90"} {
// CHECK-LABEL: tt.func private @ends_synced
// CHECK:       ttg.local_load
// CHECK-NEXT:  ttg.local_barrier
// CHECK-NEXT:  ttg.local_load
tt.func private @ends_synced() {
  %z = arith.constant dense<0.0> : tensor<32x16xf16, #blocked>
  %a = ttg.local_alloc : () -> !ttg.memdesc<32x16xf16, #shared, #smem, mutable>
  %b = ttg.local_alloc %z : (tensor<32x16xf16, #blocked>) -> !ttg.memdesc<32x16xf16, #shared, #smem, mutable>
  %0 = ttg.local_load %a : !ttg.memdesc<32x16xf16, #shared, #smem, mutable> -> tensor<32x16xf16, #blocked>
  %1 = ttg.local_load %b : !ttg.memdesc<32x16xf16, #shared, #smem, mutable> -> tensor<32x16xf16, #blocked>
  tt.return
}
// CHECK-LABEL: tt.func private @ends_reading
// CHECK-NOT:   ttg.local_barrier
// CHECK:       tt.return
tt.func private @ends_reading() {
  %a = ttg.local_alloc : () -> !ttg.memdesc<32x16xf16, #shared, #smem, mutable>
  %0 = ttg.local_load %a : !ttg.memdesc<32x16xf16, #shared, #smem, mutable> -> tensor<32x16xf16, #blocked>
  tt.return
}
// CHECK-LABEL: tt.func @call_then_scratch
// CHECK:       tt.call @ends_synced
// CHECK-NEXT:  ttg.convert_layout
// CHECK-NEXT:  ttg.local_barrier
// CHECK-NEXT:  tt.call @ends_reading
// CHECK-NEXT:  ttg.local_barrier
// CHECK-NEXT:  ttg.convert_layout
tt.func @call_then_scratch(%v: tensor<16x16xf16, #blocked>) {
  tt.call @ends_synced() : () -> ()
  %0 = ttg.convert_layout %v : tensor<16x16xf16, #blocked> -> tensor<16x16xf16, #blocked1>
  tt.call @ends_reading() : () -> ()
  %1 = ttg.convert_layout %v : tensor<16x16xf16, #blocked> -> tensor<16x16xf16, #blocked1>
  tt.return
}
// What the caller wrote before a call is still pending after it: its own
// read of it needs the barrier (the call's range lies beside the live
// buffer, so none is needed before the call).
// CHECK-LABEL: tt.func @write_then_call
// CHECK:       ttg.local_alloc
// CHECK-NEXT:  tt.call @ends_reading
// CHECK-NEXT:  ttg.local_barrier
// CHECK-NEXT:  ttg.local_load
tt.func @write_then_call(%v: tensor<32x16xf16, #blocked>) {
  %a = ttg.local_alloc %v : (tensor<32x16xf16, #blocked>) -> !ttg.memdesc<32x16xf16, #shared, #smem>
  tt.call @ends_reading() : () -> ()
  %0 = ttg.local_load %a : !ttg.memdesc<32x16xf16, #shared, #smem> -> tensor<32x16xf16, #blocked>
  tt.return
}
}

// -----

// ttg.warp_specialize: the default region runs in line (a write before the op
// needs a barrier before the region reads it; a barrier inside it clears what
// is pending after the op), each partition from nothing pending, its captured
// buffers being the captures' allocations.
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
// CHECK-LABEL: tt.func public @warp_specialize
// CHECK: ttg.local_store %arg0, %[[A:.*]] :
// CHECK-NEXT: ttg.warp_specialize(%[[A]], %[[B:.*]])
// CHECK-NEXT: default {
// CHECK-NEXT: ttg.local_barrier
// CHECK-NEXT: ttg.local_load %[[A]]
// CHECK-NEXT: ttg.local_barrier
// CHECK-NEXT: ttg.warp_yield
// CHECK: partition0(%[[PA:.*]]: !ttg.memdesc<256xf32, #shared, #smem, mutable>, %[[PB:.*]]: !ttg.memdesc<256xf32, #shared, #smem, mutable>) num_warps(4) {
// CHECK-NEXT: arith.constant
// CHECK-NEXT: ttg.local_store %{{.*}}, %[[PB]]
// CHECK-NEXT: ttg.local_load %[[PA]]
// CHECK-NEXT: ttg.local_barrier
// CHECK-NEXT: ttg.local_load %[[PB]]
// CHECK-NEXT: ttg.warp_return
// CHECK: } : (!ttg.memdesc<256xf32, #shared, #smem, mutable>, !ttg.memdesc<256xf32, #shared, #smem, mutable>) -> ()
// CHECK-NEXT: ttg.local_store %arg0, %[[A]]
// CHECK-NEXT: tt.return
tt.func public @warp_specialize(%x: tensor<256xf32, #blocked>) {
  %a = ttg.local_alloc : () -> !ttg.memdesc<256xf32, #shared, #smem, mutable>
  %b = ttg.local_alloc : () -> !ttg.memdesc<256xf32, #shared, #smem, mutable>
  ttg.local_store %x, %a : tensor<256xf32, #blocked> -> !ttg.memdesc<256xf32, #shared, #smem, mutable>
  ttg.warp_specialize(%a, %b)
  default {
    %l = ttg.local_load %a : !ttg.memdesc<256xf32, #shared, #smem, mutable> -> tensor<256xf32, #blocked>
    ttg.local_barrier
    ttg.warp_yield
  }
  partition0(%pa: !ttg.memdesc<256xf32, #shared, #smem, mutable>, %pb: !ttg.memdesc<256xf32, #shared, #smem, mutable>) num_warps(4) {
    %c = arith.constant dense<1.0> : tensor<256xf32, #blocked>
    ttg.local_store %c, %pb : tensor<256xf32, #blocked> -> !ttg.memdesc<256xf32, #shared, #smem, mutable>
    %la = ttg.local_load %pa : !ttg.memdesc<256xf32, #shared, #smem, mutable> -> tensor<256xf32, #blocked>
    %lb = ttg.local_load %pb : !ttg.memdesc<256xf32, #shared, #smem, mutable> -> tensor<256xf32, #blocked>
    ttg.warp_return
  } : (!ttg.memdesc<256xf32, #shared, #smem, mutable>, !ttg.memdesc<256xf32, #shared, #smem, mutable>) -> ()
  ttg.local_store %x, %a : tensor<256xf32, #blocked> -> !ttg.memdesc<256xf32, #shared, #smem, mutable>
  tt.return
}

// The default region's blocks: a barrier on one path only leaves the other's
// read pending after the op.
// CHECK-LABEL: tt.func public @warp_specialize_cfg
// CHECK: ^bb3:
// CHECK-NEXT: ttg.warp_yield
// CHECK: () -> ()
// CHECK-NEXT: ttg.local_barrier
// CHECK-NEXT: ttg.local_store
tt.func public @warp_specialize_cfg(%x: tensor<256xf32, #blocked>, %c: i1) {
  %a = ttg.local_alloc : () -> !ttg.memdesc<256xf32, #shared, #smem, mutable>
  ttg.warp_specialize()
  default {
    %l = ttg.local_load %a : !ttg.memdesc<256xf32, #shared, #smem, mutable> -> tensor<256xf32, #blocked>
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    ttg.barrier local
    cf.br ^bb3
  ^bb2:
    cf.br ^bb3
  ^bb3:
    ttg.warp_yield
  } : () -> ()
  ttg.local_store %x, %a : tensor<256xf32, #blocked> -> !ttg.memdesc<256xf32, #shared, #smem, mutable>
  tt.return
}
}
