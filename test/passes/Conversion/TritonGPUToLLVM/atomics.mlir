// RUN: triton-opt %s -allocate-shared-memory -convert-triton-gpu-to-llvm | FileCheck %s
// RUN: %if ptxas %{ triton-opt %s -allocate-shared-memory -convert-triton-gpu-to-llvm | triton-translate --mlir-to-ptx -o %t.ptx && %ptxas --gpu-name=sm_90a %t.ptx -o %t.cubin %}

// tt.atomic_rmw and tt.atomic_cas: one predicated `atom.global.<scope>.<sem>`
// per element, by exactly one thread; old values other threads need go
// through the op's shared scratch.

#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "cuda:90"} {

// 64 elements over 128 threads: warps 2 and 3 repeat warps 0 and 1, so the
// threads with tid & 64 == 0 act, masked by the op's mask. The used result
// goes through shared memory (slot = element index), a barrier, a load.
// CHECK-LABEL: llvm.func @broadcast_layout
// CHECK: %[[C64:.*]] = llvm.mlir.constant(64 : i32) : i32
// CHECK-NEXT: %[[RAW_TID:.*]] = nvvm.read.ptx.sreg.tid.x
// CHECK: %[[TID:.*]] = llvm.and %[[RAW_TID]], %{{.*}} : i32
// CHECK-NEXT: %[[BITS:.*]] = llvm.and %[[TID]], %[[C64]] : i32
// CHECK: %[[OWNER:.*]] = llvm.icmp "eq" %[[BITS]], %{{.*}} : i32
// CHECK: %[[PRED:.*]] = llvm.and %[[MASK:.*]], %[[OWNER]] : i1
// CHECK: %[[OLD:.*]] = llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "mov.u32 $0, 0x0;\0A\09@$3 atom.global.gpu.acq_rel.add.f32 $0, [ $1 + 0 ], $2;", "=r,l,r,b" %{{.*}}, %{{.*}}, %[[PRED]]
// CHECK: %[[SLOT:.*]] = llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i32
// CHECK: llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "@$2 st.shared.b32 [ $0 + 0 ], $1;", "r,r,b" %[[SLOT]], %[[OLD]], %[[OWNER]]
// CHECK-NEXT: nvvm.barrier0
// CHECK-NEXT: %[[BACK:.*]] = llvm.load %[[SLOT]] : !llvm.ptr<3> -> i32
// CHECK: llvm.bitcast %[[BACK]] : i32 to f32
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

// Every element in one thread: no predicate but the mask, no shared memory.
// Each RMW op and type has its PTX spelling; float max is a signed max of
// the bits for values with a clear sign bit and an unsigned min for the rest.
// CHECK-LABEL: llvm.func @one_owner
// CHECK-NOT: st.shared
// CHECK-COUNT-4: atom.global.cta.relaxed.max.s32
// CHECK: atom.global.sys.release.min.u32
// CHECK: atom.global.gpu.acquire.exch.b32
// CHECK: atom.global.gpu.acq_rel.and.b32
// CHECK: atom.global.gpu.acq_rel.xor.b32
// CHECK: %[[NEG:.*]] = llvm.icmp "slt" %[[BITS:.*]], %{{.*}} : i32
// CHECK: atom.global.gpu.acq_rel.max.s32
// CHECK: atom.global.gpu.acq_rel.min.u32
// CHECK: llvm.select %[[NEG]]
// CHECK-NOT: st.shared
// CHECK: llvm.return
tt.func public @one_owner(%p: !tt.ptr<i32>, %f: !tt.ptr<f32>) {
  %r = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #blocked>
  %ps = tt.splat %p : !tt.ptr<i32> -> tensor<512x!tt.ptr<i32>, #blocked>
  %q = tt.addptr %ps, %r : tensor<512x!tt.ptr<i32>, #blocked>, tensor<512xi32, #blocked>
  %a = tt.atomic_rmw max, relaxed, cta, %q, %r : (tensor<512x!tt.ptr<i32>, #blocked>, tensor<512xi32, #blocked>) -> tensor<512xi32, #blocked>
  %b = tt.atomic_rmw umin, release, sys, %q, %a : (tensor<512x!tt.ptr<i32>, #blocked>, tensor<512xi32, #blocked>) -> tensor<512xi32, #blocked>
  %c = tt.atomic_rmw exch, acquire, gpu, %q, %b : (tensor<512x!tt.ptr<i32>, #blocked>, tensor<512xi32, #blocked>) -> tensor<512xi32, #blocked>
  %d = tt.atomic_rmw and, acq_rel, gpu, %q, %c : (tensor<512x!tt.ptr<i32>, #blocked>, tensor<512xi32, #blocked>) -> tensor<512xi32, #blocked>
  %e = tt.atomic_rmw xor, acq_rel, gpu, %q, %d : (tensor<512x!tt.ptr<i32>, #blocked>, tensor<512xi32, #blocked>) -> tensor<512xi32, #blocked>
  %fs = tt.splat %f : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #blocked>
  %fq = tt.addptr %fs, %r : tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
  %fv = arith.sitofp %e : tensor<512xi32, #blocked> to tensor<512xf32, #blocked>
  %g = tt.atomic_rmw max, acq_rel, gpu, %fq, %fv : (tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xf32, #blocked>) -> tensor<512xf32, #blocked>
  tt.store %fq, %g : tensor<512x!tt.ptr<f32>, #blocked>
  tt.return
}

// Scalars: thread 0 acts. A used CAS result is shared through memory; the
// next atomic whose result is used writes the same scratch, so membar puts
// a barrier before it. 16-bit floats and 64-bit integers have their own
// forms; an unused result needs no shared memory.
// CHECK-LABEL: llvm.func @scalars
// CHECK: %[[RAW_TID:.*]] = nvvm.read.ptx.sreg.tid.x
// CHECK: %[[TID:.*]] = llvm.and %[[RAW_TID]], %{{.*}} : i32
// CHECK: %[[T0:.*]] = llvm.icmp "eq" %[[TID]], %{{.*}} : i32
// CHECK: "mov.u32 $0, 0x0;\0A\09@$4 atom.global.acq_rel.gpu.cas.b32 $0, [ $1 + 0 ], $2, $3;", "=r,l,r,r,b" %{{.*}}, %{{.*}}, %{{.*}}, %[[T0]]
// CHECK: "@$2 st.shared.b32 [ $0 + 0 ], $1;"
// CHECK-NEXT: nvvm.barrier0
// CHECK-NEXT: llvm.load
// CHECK: nvvm.barrier0
// CHECK: "mov.u16 $0, 0x0;\0A\09@$3 atom.global.gpu.acq_rel.add.noftz.f16 $0, [ $1 + 0 ], $2;", "=h,l,h,b"
// CHECK: "@$2 st.shared.b16 [ $0 + 0 ], $1;", "r,h,b"
// CHECK: nvvm.barrier0
// CHECK: atom.global.gpu.acq_rel.add.noftz.bf16
// CHECK: "mov.u64 $0, 0x0;\0A\09@$3 atom.global.gpu.acq_rel.add.u64 $0, [ $1 + 0 ], $2;", "=l,l,l,b"
// CHECK-NOT: st.shared
// CHECK: atom.global.acq_rel.gpu.cas.b16
// CHECK: llvm.return
tt.func public @scalars(%p: !tt.ptr<i32>, %h: !tt.ptr<f16>, %b: !tt.ptr<bf16>, %l: !tt.ptr<i64>, %x: f16, %y: bf16, %z: i64) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %true = arith.constant true
  %old = tt.atomic_cas acq_rel, gpu, %p, %c0, %c1 : (!tt.ptr<i32>, i32, i32) -> i32
  tt.store %p, %old : !tt.ptr<i32>
  %hold = tt.atomic_rmw fadd, acq_rel, gpu, %h, %x, %true : (!tt.ptr<f16>, f16, i1) -> f16
  tt.store %h, %hold : !tt.ptr<f16>
  %bold = tt.atomic_rmw fadd, acq_rel, gpu, %b, %y, %true : (!tt.ptr<bf16>, bf16, i1) -> bf16
  %lold = tt.atomic_rmw add, acq_rel, gpu, %l, %z, %true : (!tt.ptr<i64>, i64, i1) -> i64
  %hc = tt.atomic_cas acq_rel, gpu, %h, %x, %x : (!tt.ptr<f16>, f16, f16) -> f16
  tt.return
}

// ttg.barrier (here as membar would insert it) is bar.sync 0.
// CHECK-LABEL: llvm.func @barrier
// CHECK-NEXT: nvvm.barrier0
// CHECK-NEXT: llvm.return
tt.func public @barrier() {
  ttg.barrier local|global_read
  tt.return
}

// sm_90 adds 4 consecutive f32 (or 8 f16) with one vector atom when nothing
// reads the old values and the pointers are contiguous and aligned (a
// split-K matmul's partial tiles): 512 elements, 4 per thread, one
// atom.add.v4.f32 each. With the result used, or a mask that is not constant
// over the vector, one atom per element.
// CHECK-LABEL: llvm.func @vector_fadd
// CHECK: llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "@$9 atom.global.gpu.acq_rel.add.v4.f32 {$0, $1, $2, $3}, [ $4 + 0 ], {$5, $6, $7, $8};", "=r,=r,=r,=r,l,r,r,r,r,b"
// CHECK-NOT: atom.
// CHECK: llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "@$9 atom.global.gpu.relaxed.add.noftz.v4.f16
// CHECK-NOT: atom.
// CHECK: atom.global.gpu.relaxed.add.noftz.f16 $0
// CHECK-LABEL: llvm.func @vector_fadd_used
// CHECK-COUNT-4: atom.global.gpu.acq_rel.add.f32 $0
tt.func public @vector_fadd(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %h: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %n: i32) {
  %r = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #blocked>
  %ns = tt.splat %n : i32 -> tensor<512xi32, #blocked>
  %m = arith.cmpi slt, %r, %ns : tensor<512xi32, #blocked>
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #blocked>
  %q = tt.addptr %ps, %r : tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
  %v = arith.sitofp %r : tensor<512xi32, #blocked> to tensor<512xf32, #blocked>
  %old = tt.atomic_rmw fadd, acq_rel, gpu, %q, %v : (tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xf32, #blocked>) -> tensor<512xf32, #blocked>
  %hs = tt.splat %h : !tt.ptr<f16> -> tensor<512x!tt.ptr<f16>, #blocked>
  %hq = tt.addptr %hs, %r : tensor<512x!tt.ptr<f16>, #blocked>, tensor<512xi32, #blocked>
  %hv = arith.sitofp %r : tensor<512xi32, #blocked> to tensor<512xf16, #blocked>
  %hold = tt.atomic_rmw fadd, relaxed, gpu, %hq, %hv : (tensor<512x!tt.ptr<f16>, #blocked>, tensor<512xf16, #blocked>) -> tensor<512xf16, #blocked>
  // A mask that may change within 4 elements (n unknown): one per element.
  %hold2 = tt.atomic_rmw fadd, relaxed, gpu, %hq, %hv, %m : (tensor<512x!tt.ptr<f16>, #blocked>, tensor<512xf16, #blocked>, tensor<512xi1, #blocked>) -> tensor<512xf16, #blocked>
  tt.return
}

tt.func public @vector_fadd_used(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
  %r = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #blocked>
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #blocked>
  %q = tt.addptr %ps, %r : tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
  %v = arith.sitofp %r : tensor<512xi32, #blocked> to tensor<512xf32, #blocked>
  %old = tt.atomic_rmw fadd, acq_rel, gpu, %q, %v : (tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xf32, #blocked>) -> tensor<512xf32, #blocked>
  tt.store %q, %old : tensor<512x!tt.ptr<f32>, #blocked>
  tt.return
}
}
