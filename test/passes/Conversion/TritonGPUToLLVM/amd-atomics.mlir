// RUN: triton-opt %s -allocate-shared-memory -convert-triton-amdgpu-to-llvm | FileCheck %s
// RUN: triton-opt %s -allocate-shared-memory -convert-triton-amdgpu-to-llvm -canonicalize -reconcile-unrealized-casts -o %t.mlir
// RUN: triton-translate --mlir-to-llvmir %t.mlir -o %t.ll
// RUN: FileCheck %s --input-file=%t.ll --check-prefix=LLVM
// RUN: triton-translate --mlir-to-amdgcn %t.mlir -o %t.s
// RUN: FileCheck %s --input-file=%t.s --check-prefix=ASM
// RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx942 -filetype=obj %t.s -o %t.o
// REQUIRES: llvm-mc

// tt.atomic_rmw and tt.atomic_cas on AMD: one LLVM atomicrmw or cmpxchg per
// element, by exactly one thread, with the op's ordering and sync scope (gpu
// is "agent", cta "workgroup", sys the default, system scope). A masked or
// owner-only atomic runs under a branch whose other path gives 0; old values
// other threads need go through the op's shared scratch.

#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [64], warpsPerCTA = [4], order = [0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [64], warpsPerCTA = [4], order = [0]}>
#blocked2 = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [64], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 64 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "hip:gfx942"} {

// 64 elements over 256 threads: warps 1 to 3 repeat warp 0, so the threads
// with tid & 192 == 0 act, under the op's mask. Agent and workgroup scopes
// promise device memory (no CAS loop). The used result goes through shared memory
// (slot = element index): a guarded store, a barrier, a load.
// CHECK-LABEL: llvm.func @broadcast_layout
// CHECK: %[[C192:.*]] = llvm.mlir.constant(192 : i32) : i32
// CHECK: %[[TID:.*]] = rocdl.workitem.id.x
// CHECK-NEXT: %[[BITS:.*]] = llvm.and %[[TID]], %[[C192]] : i32
// CHECK: %[[OWNER:.*]] = llvm.icmp "eq" %[[BITS]], %{{.*}} : i32
// CHECK: %[[PRED:.*]] = llvm.and %[[MASK:.*]], %[[OWNER]] : i1
// CHECK: llvm.cond_br %[[PRED]], ^[[ATOMIC:.*]], ^[[JOIN:.*]](%{{.*}} : i32)
// CHECK: ^[[ATOMIC]]:
// CHECK: %[[RMW:.*]] = llvm.atomicrmw fadd %{{.*}}, %{{.*}} syncscope("agent") acq_rel {rocdl.no_fine_grained_memory, rocdl.no_remote_memory} : !llvm.ptr<1>, f32
// CHECK: %[[RMWBITS:.*]] = llvm.bitcast %[[RMW]] : f32 to i32
// CHECK: llvm.br ^[[JOIN]](%[[RMWBITS]] : i32)
// CHECK: ^[[JOIN]](%[[OLD:.*]]: i32):
// CHECK: %[[SLOT:.*]] = llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i32
// CHECK: llvm.cond_br %[[OWNER]], ^[[STORE:.*]], ^[[AFTER:.*]]
// CHECK: ^[[STORE]]:
// CHECK-NEXT: llvm.store %[[OLD]], %[[SLOT]] : i32, !llvm.ptr<3>
// CHECK: ^[[AFTER]]:
// CHECK-NEXT: rocdl.barrier
// CHECK-NEXT: %[[BACK:.*]] = llvm.load %[[SLOT]] : !llvm.ptr<3> -> i32
// CHECK: llvm.bitcast %[[BACK]] : i32 to f32
// LLVM-LABEL: @broadcast_layout
// LLVM: atomicrmw fadd ptr addrspace(1) %{{.*}}, float %{{.*}} syncscope("agent") acq_rel, align 4, !amdgpu.no.fine.grained.memory !{{[0-9]+}}, !amdgpu.no.remote.memory !{{[0-9]+}}
// ASM-LABEL: broadcast_layout:
// ASM: global_atomic_add_f32 v{{[0-9]+}}, v[{{[0-9]+:[0-9]+}}], v{{[0-9]+}}, off sc0
// ASM: ds_write_b32
// ASM: s_barrier
// ASM: ds_read_b32
tt.func public @broadcast_layout(%p: !tt.ptr<f32>, %n: i32) {
  %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #blocked1>
  %ns = tt.splat %n : i32 -> tensor<64xi32, #blocked1>
  %m = arith.cmpi slt, %r, %ns : tensor<64xi32, #blocked1>
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>, #blocked1>
  %q = tt.addptr %ps, %r : tensor<64x!tt.ptr<f32>, #blocked1>, tensor<64xi32, #blocked1>
  %v = arith.sitofp %r : tensor<64xi32, #blocked1> to tensor<64xf32, #blocked1>
  %old = tt.atomic_rmw fadd, acq_rel, gpu, %q, %v, %m : (tensor<64x!tt.ptr<f32>, #blocked1>, tensor<64xf32, #blocked1>, tensor<64xi1, #blocked1>) -> tensor<64xf32, #blocked1>
  tt.store %q, %old : tensor<64x!tt.ptr<f32>, #blocked1>
  tt.return
}

// Every element in one thread and no mask: no branch, no shared memory.
// Each RMW op has its LLVM operation; float max is a signed max of the bits
// for values with a clear sign bit and an unsigned min for the rest, each
// under its own branch.
// CHECK-LABEL: llvm.func @one_owner
// CHECK-NOT: llvm.cond_br
// CHECK-COUNT-4: llvm.atomicrmw max %{{.*}}, %{{.*}} syncscope("workgroup") monotonic {rocdl.no_fine_grained_memory, rocdl.no_remote_memory} : !llvm.ptr<1>, i32
// CHECK: llvm.atomicrmw umin %{{.*}}, %{{.*}} release : !llvm.ptr<1>, i32
// CHECK: llvm.atomicrmw xchg %{{.*}}, %{{.*}} syncscope("agent") acquire {rocdl.no_fine_grained_memory, rocdl.no_remote_memory} : !llvm.ptr<1>, i32
// acq_rel with 4 elements a thread and no mask: the thread's group is
// ordered as Triton 3.6 orders it, release on the first atomic, relaxed
// between, acquire on the last (float max: both atomics of an element).
// CHECK-COUNT-1: llvm.atomicrmw _and %{{.*}}, %{{.*}} syncscope("agent") release {rocdl.no_fine_grained_memory, rocdl.no_remote_memory} : !llvm.ptr<1>, i32
// CHECK-COUNT-2: llvm.atomicrmw _and %{{.*}}, %{{.*}} syncscope("agent") monotonic {rocdl.no_fine_grained_memory, rocdl.no_remote_memory} : !llvm.ptr<1>, i32
// CHECK: llvm.atomicrmw _and %{{.*}}, %{{.*}} syncscope("agent") acquire {rocdl.no_fine_grained_memory, rocdl.no_remote_memory} : !llvm.ptr<1>, i32
// CHECK: llvm.atomicrmw _xor %{{.*}}, %{{.*}} syncscope("agent") release {rocdl.no_fine_grained_memory, rocdl.no_remote_memory} : !llvm.ptr<1>, i32
// CHECK-COUNT-2: llvm.atomicrmw _xor %{{.*}}, %{{.*}} syncscope("agent") monotonic
// CHECK: llvm.atomicrmw _xor %{{.*}}, %{{.*}} syncscope("agent") acquire
// CHECK: %[[NEG:.*]] = llvm.icmp "slt" %[[BITS:.*]], %{{.*}} : i32
// CHECK: llvm.cond_br
// CHECK: llvm.atomicrmw max %{{.*}}, %[[BITS]] syncscope("agent") release {rocdl.no_fine_grained_memory, rocdl.no_remote_memory} : !llvm.ptr<1>, i32
// CHECK: llvm.cond_br
// CHECK: llvm.atomicrmw umin %{{.*}}, %[[BITS]] syncscope("agent") release {rocdl.no_fine_grained_memory, rocdl.no_remote_memory} : !llvm.ptr<1>, i32
// CHECK: llvm.select %[[NEG]]
// CHECK-COUNT-4: llvm.atomicrmw {{max|umin}} %{{.*}}, %{{.*}} syncscope("agent") monotonic
// CHECK: llvm.atomicrmw max %{{.*}}, %{{.*}} syncscope("agent") acquire
// CHECK: llvm.atomicrmw umin %{{.*}}, %{{.*}} syncscope("agent") acquire
// CHECK: llvm.select
// CHECK-NOT: rocdl.{{(s\.)?}}barrier
// CHECK: llvm.return
// ASM-LABEL: one_owner:
// ASM: global_atomic_smax
// The system-scope umin may meet host memory: LLVM makes it a CAS loop.
// ASM: global_atomic_cmpswap {{.*}} sc0 sc1
// ASM: global_atomic_swap
// ASM: global_atomic_and
// ASM: global_atomic_xor
tt.func public @one_owner(%p: !tt.ptr<i32>, %f: !tt.ptr<f32>) {
  %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
  %ps = tt.splat %p : !tt.ptr<i32> -> tensor<1024x!tt.ptr<i32>, #blocked>
  %q = tt.addptr %ps, %r : tensor<1024x!tt.ptr<i32>, #blocked>, tensor<1024xi32, #blocked>
  %a = tt.atomic_rmw max, relaxed, cta, %q, %r : (tensor<1024x!tt.ptr<i32>, #blocked>, tensor<1024xi32, #blocked>) -> tensor<1024xi32, #blocked>
  %b = tt.atomic_rmw umin, release, sys, %q, %a : (tensor<1024x!tt.ptr<i32>, #blocked>, tensor<1024xi32, #blocked>) -> tensor<1024xi32, #blocked>
  %c = tt.atomic_rmw exch, acquire, gpu, %q, %b : (tensor<1024x!tt.ptr<i32>, #blocked>, tensor<1024xi32, #blocked>) -> tensor<1024xi32, #blocked>
  %d = tt.atomic_rmw and, acq_rel, gpu, %q, %c : (tensor<1024x!tt.ptr<i32>, #blocked>, tensor<1024xi32, #blocked>) -> tensor<1024xi32, #blocked>
  %e = tt.atomic_rmw xor, acq_rel, gpu, %q, %d : (tensor<1024x!tt.ptr<i32>, #blocked>, tensor<1024xi32, #blocked>) -> tensor<1024xi32, #blocked>
  %fs = tt.splat %f : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
  %fq = tt.addptr %fs, %r : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
  %fv = arith.sitofp %e : tensor<1024xi32, #blocked> to tensor<1024xf32, #blocked>
  %g = tt.atomic_rmw max, acq_rel, gpu, %fq, %fv : (tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xf32, #blocked>) -> tensor<1024xf32, #blocked>
  tt.store %fq, %g : tensor<1024x!tt.ptr<f32>, #blocked>
  tt.return
}

// Scalars: thread 0 acts. A used CAS result is shared through memory
// (cmpxchg's failure ordering is acquire for acq_rel). A system-scope float
// add makes no promise about the memory. An unused result needs no shared
// memory.
// CHECK-LABEL: llvm.func @scalars
// CHECK: %[[TID:.*]] = rocdl.workitem.id.x
// CHECK: %[[T0:.*]] = llvm.icmp "eq" %[[TID]], %{{.*}} : i32
// CHECK: llvm.cond_br %[[T0]]
// CHECK: %[[CAS:.*]] = llvm.cmpxchg %{{.*}}, %{{.*}}, %{{.*}} syncscope("agent") acq_rel acquire : !llvm.ptr<1>, i32
// CHECK: llvm.extractvalue %[[CAS]][0] : !llvm.struct<(i32, i1)>
// CHECK: llvm.store
// CHECK: rocdl.barrier
// CHECK: llvm.load
// CHECK: llvm.atomicrmw fadd %{{.*}}, %{{.*}} release : !llvm.ptr<1>, f16
// CHECK-NOT: rocdl.no_remote_memory
// CHECK: llvm.return
// ASM-LABEL: scalars:
// ASM: global_atomic_cmpswap
tt.func public @scalars(%p: !tt.ptr<i32>, %h: !tt.ptr<f16>, %out: !tt.ptr<i32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %old = tt.atomic_cas acq_rel, gpu, %p, %c0, %c1 : (!tt.ptr<i32>, i32, i32) -> i32
  tt.store %out, %old : !tt.ptr<i32>
  %one = arith.constant 1.0 : f16
  %unused = tt.atomic_rmw fadd, release, sys, %h, %one : (!tt.ptr<f16>, f16) -> f16
  tt.return
}

// f16 and bf16 adds on pairs of consecutive elements a thread holds (aligned
// pointers; here a mask constant over each pair): one vector<2x...> atomicrmw per
// pair (gfx942's packed adds), its old values extracted. With a mask each
// pair is guarded; acq_rel without a mask orders the thread's two pairs
// release, acquire.
// CHECK-LABEL: llvm.func @packed_halves
// CHECK: llvm.cond_br
// CHECK: llvm.atomicrmw fadd %{{.*}}, %{{.*}} syncscope("agent") monotonic {rocdl.no_fine_grained_memory, rocdl.no_remote_memory} : !llvm.ptr<1>, vector<2xf16>
// CHECK: llvm.cond_br
// CHECK: llvm.atomicrmw fadd %{{.*}}, %{{.*}} syncscope("agent") monotonic {rocdl.no_fine_grained_memory, rocdl.no_remote_memory} : !llvm.ptr<1>, vector<2xf16>
// CHECK: llvm.extractelement
// CHECK-NOT: llvm.cond_br
// CHECK: llvm.atomicrmw fadd %{{.*}}, %{{.*}} syncscope("agent") release {rocdl.no_fine_grained_memory, rocdl.no_remote_memory} : !llvm.ptr<1>, vector<2xbf16>
// CHECK-NOT: llvm.cond_br
// CHECK: llvm.atomicrmw fadd %{{.*}}, %{{.*}} syncscope("agent") acquire {rocdl.no_fine_grained_memory, rocdl.no_remote_memory} : !llvm.ptr<1>, vector<2xbf16>
// CHECK: llvm.return
// ASM-LABEL: packed_halves:
// ASM: global_atomic_pk_add_f16
// ASM: global_atomic_pk_add_bf16
tt.func public @packed_halves(%h: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %b: !tt.ptr<bf16> {tt.divisibility = 16 : i32}, %n: i32 {tt.divisibility = 16 : i32}) {
  %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
  %two = arith.constant dense<2> : tensor<1024xi32, #blocked>
  %pairs = arith.divsi %r, %two : tensor<1024xi32, #blocked>
  %ns = tt.splat %n : i32 -> tensor<1024xi32, #blocked>
  %m = arith.cmpi slt, %r, %ns : tensor<1024xi32, #blocked>
  %hs = tt.splat %h : !tt.ptr<f16> -> tensor<1024x!tt.ptr<f16>, #blocked>
  %hq = tt.addptr %hs, %r : tensor<1024x!tt.ptr<f16>, #blocked>, tensor<1024xi32, #blocked>
  %hv = arith.sitofp %pairs : tensor<1024xi32, #blocked> to tensor<1024xf16, #blocked>
  %ho = tt.atomic_rmw fadd, relaxed, gpu, %hq, %hv, %m : (tensor<1024x!tt.ptr<f16>, #blocked>, tensor<1024xf16, #blocked>, tensor<1024xi1, #blocked>) -> tensor<1024xf16, #blocked>
  tt.store %hq, %ho : tensor<1024x!tt.ptr<f16>, #blocked>
  %bs = tt.splat %b : !tt.ptr<bf16> -> tensor<1024x!tt.ptr<bf16>, #blocked>
  %bq = tt.addptr %bs, %r : tensor<1024x!tt.ptr<bf16>, #blocked>, tensor<1024xi32, #blocked>
  %bv = arith.sitofp %r : tensor<1024xi32, #blocked> to tensor<1024xbf16, #blocked>
  %bo = tt.atomic_rmw fadd, acq_rel, gpu, %bq, %bv : (tensor<1024x!tt.ptr<bf16>, #blocked>, tensor<1024xbf16, #blocked>) -> tensor<1024xbf16, #blocked>
  tt.return
}

// A mask the analysis cannot prove constant over a pair (a function
// argument) still packs it: each element whose mask is off adds -0.0, which
// changes nothing, and the pair runs where either mask holds.
// CHECK-LABEL: llvm.func @packed_halves_masked
// CHECK: %[[EITHER:.*]] = llvm.or %[[M0:.*]], %[[M1:.*]] : i1
// CHECK: %[[NZ:.*]] = llvm.mlir.constant(-0.000000e+00 : f16) : f16
// CHECK: llvm.select %[[M0]], %{{.*}}, %[[NZ]] : i1, f16
// CHECK: llvm.select %[[M1]], %{{.*}}, %[[NZ]] : i1, f16
// CHECK: llvm.cond_br %[[EITHER]]
// CHECK: llvm.atomicrmw fadd %{{.*}}, %{{.*}} syncscope("agent") monotonic {rocdl.no_fine_grained_memory, rocdl.no_remote_memory} : !llvm.ptr<1>, vector<2xf16>
// CHECK-NOT: llvm.atomicrmw
// CHECK: llvm.return
// ASM-LABEL: packed_halves_masked:
// ASM: global_atomic_pk_add_f16
tt.func public @packed_halves_masked(%h: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %m: tensor<512xi1, #blocked2>, %v: tensor<512xf16, #blocked2>) {
  %r = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #blocked2>
  %hs = tt.splat %h : !tt.ptr<f16> -> tensor<512x!tt.ptr<f16>, #blocked2>
  %hq = tt.addptr %hs, %r : tensor<512x!tt.ptr<f16>, #blocked2>, tensor<512xi32, #blocked2>
  %ho = tt.atomic_rmw fadd, relaxed, gpu, %hq, %v, %m : (tensor<512x!tt.ptr<f16>, #blocked2>, tensor<512xf16, #blocked2>, tensor<512xi1, #blocked2>) -> tensor<512xf16, #blocked2>
  tt.return
}

// One f16 per thread: the lanes pair up. The odd lane's value and address
// come over by DPP row_shl:1 (control 257); the even lane issues one packed
// atomic where both are enabled and the addresses are an aligned pair, else
// two scalar ones (a disabled side adding -0.0); the odd lane's old value
// comes back by row_shr:1 (273). Executed by amd-half-atomics-simt.test.
// CHECK-LABEL: llvm.func @lane_paired_halves
// CHECK: llvm.icmp "eq" %[[ODD:.*]], %{{.*}} : i32
// CHECK-NEXT: llvm.mlir.constant(-1 : i64)
// CHECK: llvm.insertelement %{{.*}}, %{{.*}}[%[[ODD]] : i32] : vector<2xf16>
// CHECK: rocdl.update.dpp %{{.*}}, %{{.*}} with 257, 15, 15, false : i32
// CHECK: rocdl.update.dpp %{{.*}}, %{{.*}} with 257, 15, 15, false : i32
// CHECK: rocdl.update.dpp %{{.*}}, %{{.*}} with 257, 15, 15, false : i32
// CHECK: llvm.cond_br
// CHECK: llvm.atomicrmw fadd %{{.*}}, %{{.*}} syncscope("agent") monotonic {rocdl.no_fine_grained_memory, rocdl.no_remote_memory} : !llvm.ptr<1>, vector<2xf16>
// CHECK: llvm.cond_br
// CHECK: llvm.atomicrmw fadd %{{.*}}, %{{.*}} : !llvm.ptr<1>, f16
// CHECK: llvm.atomicrmw fadd %{{.*}}, %{{.*}} : !llvm.ptr<1>, f16
// CHECK: rocdl.update.dpp %{{.*}}, %{{.*}} with 273, 15, 15, false : i32
// ASM-LABEL: lane_paired_halves:
// ASM: row_shl:1
// ASM: global_atomic_pk_add_f16
// ASM: row_shr:1
tt.func public @lane_paired_halves(%h: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %m: tensor<256xi1, #blocked1>, %v: tensor<256xf16, #blocked1>, %out: !tt.ptr<f16>) {
  %r = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #blocked1>
  %hs = tt.splat %h : !tt.ptr<f16> -> tensor<256x!tt.ptr<f16>, #blocked1>
  %hq = tt.addptr %hs, %r : tensor<256x!tt.ptr<f16>, #blocked1>, tensor<256xi32, #blocked1>
  %ho = tt.atomic_rmw fadd, relaxed, gpu, %hq, %v, %m : (tensor<256x!tt.ptr<f16>, #blocked1>, tensor<256xf16, #blocked1>, tensor<256xi1, #blocked1>) -> tensor<256xf16, #blocked1>
  %os = tt.splat %out : !tt.ptr<f16> -> tensor<256x!tt.ptr<f16>, #blocked1>
  %oq = tt.addptr %os, %r : tensor<256x!tt.ptr<f16>, #blocked1>, tensor<256xi32, #blocked1>
  tt.store %oq, %ho : tensor<256x!tt.ptr<f16>, #blocked1>
  tt.return
}
}
