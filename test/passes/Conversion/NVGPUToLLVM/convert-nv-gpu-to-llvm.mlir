// RUN: triton-opt %s -split-input-file -convert-nv-gpu-to-llvm | FileCheck %s
// Each nvg op as the inline PTX or NVVM op it becomes.

// A wgmma with an accumulator: its registers are outputs tied to the
// accumulator's, then A and B descriptors, the scale-d predicate and the
// immediates (scale-a, scale-b, the f16 transposes: B read N-major here).
// CHECK-LABEL: @wgmma_f16
// CHECK: %[[C0:.*]] = llvm.extractvalue %{{.*}}[0]
// CHECK: %[[C3:.*]] = llvm.extractvalue %{{.*}}[3]
// CHECK: %[[D:.*]] = llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 {$0,$1,$2,$3}, $8, $9, $10, 1, 1, 0, 1;", "=f,=f,=f,=f,0,1,2,3,l,l,b" %[[C0]], %{{.*}}, %{{.*}}, %[[C3]], %arg0, %arg1, %arg3 : (f32, f32, f32, f32, i64, i64, i1) -> !llvm.struct<(f32, f32, f32, f32)>
// CHECK: llvm.return %[[D]]
llvm.func @wgmma_f16(%a: i64, %b: i64, %acc: !llvm.struct<(f32, f32, f32, f32)>, %use: i1) -> !llvm.struct<(f32, f32, f32, f32)> {
  %d = nvg.wgmma %a, %b, %use, %acc {eltTypeA = 4 : i32, eltTypeB = 4 : i32, eltTypeC = 7 : i32, layoutA = 0 : i32, layoutB = 0 : i32, m = 64 : i32, n = 8 : i32, k = 16 : i32} : (i64, i64, i1, !llvm.struct<(f32, f32, f32, f32)>) -> !llvm.struct<(f32, f32, f32, f32)>
  llvm.return %d : !llvm.struct<(f32, f32, f32, f32)>
}

// -----

// Without an accumulator scale-d is the immediate 0 and nothing is tied;
// A in registers has no transpose immediate.
// CHECK-LABEL: @wgmma_registers_no_acc
// CHECK: "wgmma.mma_async.sync.aligned.m64n8k16.f32.bf16.bf16 {$0,$1,$2,$3}, {$4,$5,$6,$7}, $8, 0, 1, 1, 0;", "=f,=f,=f,=f,r,r,r,r,l"
llvm.func @wgmma_registers_no_acc(%a: !llvm.struct<(i32, i32, i32, i32)>, %b: i64, %use: i1) -> !llvm.struct<(f32, f32, f32, f32)> {
  %d = nvg.wgmma %a, %b, %use {eltTypeA = 5 : i32, eltTypeB = 5 : i32, eltTypeC = 7 : i32, layoutA = 0 : i32, layoutB = 1 : i32, m = 64 : i32, n = 8 : i32, k = 16 : i32} : (!llvm.struct<(i32, i32, i32, i32)>, i64, i1) -> !llvm.struct<(f32, f32, f32, f32)>
  llvm.return %d : !llvm.struct<(f32, f32, f32, f32)>
}

// -----

// Integer wgmma: no scale immediates; fp8 with f16 accumulators: i32
// registers of two halves, scale immediates but no transposes.
// CHECK-LABEL: @wgmma_kinds
// CHECK: "wgmma.mma_async.sync.aligned.m64n8k32.s32.s8.s8 {$0,$1,$2,$3}, $8, $9, $10;", "=r,=r,=r,=r,0,1,2,3,l,l,b"
// CHECK: "wgmma.mma_async.sync.aligned.m64n8k32.f16.e5m2.e4m3 {$0,$1}, $4, $5, $6, 1, 1;", "=r,=r,0,1,l,l,b"
llvm.func @wgmma_kinds(%a: i64, %b: i64, %i: !llvm.struct<(i32, i32, i32, i32)>, %h: !llvm.struct<(i32, i32)>, %use: i1) {
  %0 = nvg.wgmma %a, %b, %use, %i {eltTypeA = 0 : i32, eltTypeB = 0 : i32, eltTypeC = 1 : i32, layoutA = 0 : i32, layoutB = 1 : i32, m = 64 : i32, n = 8 : i32, k = 32 : i32} : (i64, i64, i1, !llvm.struct<(i32, i32, i32, i32)>) -> !llvm.struct<(i32, i32, i32, i32)>
  %1 = nvg.wgmma %a, %b, %use, %h {eltTypeA = 3 : i32, eltTypeB = 2 : i32, eltTypeC = 4 : i32, layoutA = 0 : i32, layoutB = 1 : i32, m = 64 : i32, n = 8 : i32, k = 32 : i32} : (i64, i64, i1, !llvm.struct<(i32, i32)>) -> !llvm.struct<(i32, i32)>
  llvm.return
}

// -----

// The wait names its registers and ties each output to its input; the
// constraint follows the field (a pointer goes through as an i64).
// CHECK-LABEL: @wait_group
// CHECK: %[[P:.*]] = llvm.ptrtoint %{{.*}} : !llvm.ptr<3> to i64
// CHECK: %[[W:.*]] = llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "// wait for regs: $0,$1,$2,$3,$4,$5\0A\09wgmma.wait_group.sync.aligned 2;", "=f,=r,=h,=l,=d,=l,0,1,2,3,4,5" {{.*}}, %[[P]] : (f32, i32, f16, i64, f64, i64) -> !llvm.struct<(f32, i32, f16, i64, f64, i64)>
// CHECK: %[[Q:.*]] = llvm.extractvalue %[[W]][5]
// CHECK: llvm.inttoptr %[[Q]] : i64 to !llvm.ptr<3>
llvm.func @wait_group(%s: !llvm.struct<(f32, i32, f16, i64, f64, !llvm.ptr<3>)>) -> !llvm.struct<(f32, i32, f16, i64, f64, !llvm.ptr<3>)> {
  %r = nvg.wgmma_wait_group %s {pendings = 2 : i32} : !llvm.struct<(f32, i32, f16, i64, f64, !llvm.ptr<3>)>
  llvm.return %r : !llvm.struct<(f32, i32, f16, i64, f64, !llvm.ptr<3>)>
}

// -----

// CHECK-LABEL: @cluster_rank
// CHECK: %[[R:.*]] = nvvm.read.ptx.sreg.cluster.ctarank : i32
// CHECK: llvm.return %[[R]]
llvm.func @cluster_rank() -> i32 {
  %0 = nvg.cluster_id
  llvm.return %0 : i32
}

// -----

// The warp index: tid.x / 32, broadcast from lane 0.
module attributes {"ttg.num-warps" = 8 : i32} {
// CHECK-LABEL: @warp_index
// CHECK-DAG: %[[C32:.*]] = llvm.mlir.constant(32 : i32)
// CHECK-DAG: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x : i32
// CHECK: %[[W:.*]] = llvm.udiv %[[TID]], %[[C32]]
// CHECK: %[[U:.*]] = nvvm.shfl.sync idx %{{.*}}, %[[W]], %{{.*}}, %{{.*}} : i32 -> i32
// CHECK: llvm.return %[[U]]
llvm.func @warp_index() -> i32 {
  %0 = ttg.warp_id
  llvm.return %0 : i32
}
}

// -----

// One warp: the index is 0.
module attributes {"ttg.num-warps" = 1 : i32} {
// CHECK-LABEL: @single_warp
// CHECK-NEXT: %[[Z:.*]] = llvm.mlir.constant(0 : i32)
// CHECK-NEXT: llvm.return %[[Z]]
llvm.func @single_warp() -> i32 {
  %0 = ttg.warp_id
  llvm.return %0 : i32
}
}

// -----

// A partition of ttg.warp_specialize counts its threads from its first warp.
module attributes {"ttg.num-warps" = 4 : i32} {
// CHECK-LABEL: @partition_warp_index
// CHECK: partition0
// CHECK-DAG: %[[C256:.*]] = llvm.mlir.constant(256 : i32)
// CHECK-DAG: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x
// CHECK: %[[REL:.*]] = llvm.sub %[[TID]], %[[C256]]
// CHECK: llvm.udiv %[[REL]]
tt.func @partition_warp_index() {
  ttg.warp_specialize() attributes {warpGroupStartIds = array<i32: 8>}
  default {
    ttg.warp_yield
  }
  partition0() num_warps(2) {
    %0 = ttg.warp_id
    %1 = llvm.add %0, %0 : i32
    ttg.warp_return
  } : () -> ()
  tt.return
}
}

// -----

// The warp size is one constant at the start of the isolated region: the
// function's serves its code and a default region's, a partition has its own.
module attributes {"ttg.num-warps" = 4 : i32} {
// CHECK-LABEL: @warp_index_shared_constant
// CHECK-NEXT: %[[C32:.*]] = llvm.mlir.constant(32 : i32)
// CHECK: llvm.udiv %{{.*}}, %[[C32]]
// CHECK: default {
// CHECK-NOT: llvm.mlir.constant(32 : i32)
// CHECK: llvm.udiv %{{.*}}, %[[C32]]
// CHECK: partition0() num_warps(4) {
// CHECK-NEXT: %[[P32:.*]] = llvm.mlir.constant(32 : i32)
// CHECK: llvm.udiv %{{.*}}, %[[P32]]
llvm.func @warp_index_shared_constant() {
  %0 = ttg.warp_id
  llvm.add %0, %0 : i32
  ttg.warp_specialize() attributes {warpGroupStartIds = array<i32: 4>}
  default {
    %1 = ttg.warp_id
    llvm.add %1, %1 : i32
    ttg.warp_yield
  }
  partition0() num_warps(4) {
    %2 = ttg.warp_id
    llvm.add %2, %2 : i32
    ttg.warp_return
  } : () -> ()
  llvm.return
}
}

// -----

// An acquiring load: the register starts at 0, the load is predicated.
// CHECK-LABEL: @load_acquire
// CHECK: %[[V:.*]] = llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "mov.u32 $0, 0x0;\0A\09@$2 ld.global.gpu.acquire.b32 $0, [ $1 + 0 ];", "=r,l,b" %arg0, %arg1 : (!llvm.ptr<1>, i1) -> i32
// CHECK: llvm.bitcast %[[V]] : i32 to f32
// CHECK: "mov.u16 $0, 0x0;\0A\09ld.global.sys.relaxed.b8 $0, [ $1 + 0 ];", "=h,l" %arg0 : (!llvm.ptr<1>) -> i16
// CHECK: llvm.trunc %{{.*}} : i16 to i8
// CHECK: "mov.u64 $0, 0x0;\0A\09ld.global.cta.acquire.b64 $0, [ $1 + 0 ];", "=l,l"
llvm.func @load_acquire(%p: !llvm.ptr<1>, %m: i1) {
  %0 = nvg.ld_acquire acquire, gpu, %p, %m : (!llvm.ptr<1>) -> f32
  %1 = nvg.ld_acquire relaxed, sys, %p : (!llvm.ptr<1>) -> i8
  %2 = nvg.ld_acquire acquire, cta, %p : (!llvm.ptr<1>) -> i64
  llvm.return
}

// -----

// Tensor memory (sm_100): the first warp allocates the module's columns at
// the kernel's start, frees them before each return.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.tensor_memory_size = 256 : i32} {
  llvm.mlir.global external @global_smem() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>
  // CHECK-LABEL: @tmem_kernel
  // CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x
  // CHECK: %[[PRED:.*]] = llvm.icmp "ult" %[[TID]]
  // CHECK: %[[SMEM:.*]] = llvm.mlir.addressof @global_smem
  // CHECK: "@$0 tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [$1], 256;", "b,r" %[[PRED]], %[[SMEM]]
  // CHECK: nvvm.barrier0
  // CHECK: %[[WORD:.*]] = llvm.load %[[SMEM]] : !llvm.ptr<3> -> i32
  // CHECK: nvvm.barrier0
  // CHECK: %[[BASE:.*]] = llvm.inttoptr %[[WORD]] : i32 to !llvm.ptr<6>
  // CHECK: "@$0 tcgen05.relinquish_alloc_permit.cta_group::1.sync.aligned;", "b" %[[PRED]]
  // CHECK: llvm.ptrtoint %[[BASE]]
  // CHECK: nvvm.barrier0
  // CHECK: "@$0 tcgen05.dealloc.cta_group::1.sync.aligned.b32 $1, 256;", "b,r" %[[PRED]], %[[BASE]]
  // CHECK-NEXT: llvm.return
  llvm.func @tmem_kernel() attributes {nvvm.kernel = 1 : ui1} {
    %0 = nvg.tensor_memory_base
    %1 = llvm.ptrtoint %0 : !llvm.ptr<6> to i32
    llvm.return
  }
}
