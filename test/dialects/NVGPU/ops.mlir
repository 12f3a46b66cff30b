// RUN: triton-opt %s | triton-opt | FileCheck %s
// RUN: triton-opt %s --mlir-print-op-generic | triton-opt | FileCheck %s
// The nvg ops in the syntax Triton 3.6 prints, round-tripped twice.

!acc8 = !llvm.struct<(f32, f32, f32, f32)>
!half16 = !llvm.struct<(i32, i32, i32, i32)>
!int32 = !llvm.struct<(i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32)>

// CHECK-LABEL: @mma_forms
llvm.func @mma_forms(%desc: i64, %regs: !llvm.struct<(i32, i32, i32, i32)>, %acc: !acc8, %h: !half16, %i: !int32, %p: i1) {
  // A and B in shared memory, B read N-major (f16 may be transposed).
  // CHECK: %[[D:.*]] = nvg.wgmma %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {eltTypeA = 4 : i32, eltTypeB = 4 : i32, eltTypeC = 7 : i32, k = 16 : i32, layoutA = 0 : i32, layoutB = 0 : i32, m = 64 : i32, n = 8 : i32} : (i64, i64, i1, !llvm.struct<(f32, f32, f32, f32)>) -> !llvm.struct<(f32, f32, f32, f32)>
  %d = nvg.wgmma %desc, %desc, %p, %acc {eltTypeA = 4 : i32, eltTypeB = 4 : i32, eltTypeC = 7 : i32, layoutA = 0 : i32, layoutB = 0 : i32, m = 64 : i32, n = 8 : i32, k = 16 : i32} : (i64, i64, i1, !acc8) -> !acc8
  // No accumulator: D = A * B. A in registers.
  // CHECK: nvg.wgmma %{{.*}}, %{{.*}}, %{{.*}} {{{.*}}} : (!llvm.struct<(i32, i32, i32, i32)>, i64, i1) -> !llvm.struct<(f32, f32, f32, f32)>
  %e = nvg.wgmma %regs, %desc, %p {eltTypeA = 5 : i32, eltTypeB = 5 : i32, eltTypeC = 7 : i32, layoutA = 0 : i32, layoutB = 1 : i32, m = 64 : i32, n = 8 : i32, k = 16 : i32} : (!llvm.struct<(i32, i32, i32, i32)>, i64, i1) -> !acc8
  // f16 accumulators: two per i32 register (n = 16: four registers).
  // CHECK: nvg.wgmma {{.*}} -> !llvm.struct<(i32, i32, i32, i32)>
  %f = nvg.wgmma %desc, %desc, %p, %h {eltTypeA = 2 : i32, eltTypeB = 3 : i32, eltTypeC = 4 : i32, layoutA = 0 : i32, layoutB = 1 : i32, m = 64 : i32, n = 16 : i32, k = 32 : i32} : (i64, i64, i1, !half16) -> !half16
  // Integers: s8 x s8 into s32.
  // CHECK: nvg.wgmma {{.*}} -> !llvm.struct<(i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32)>
  %g = nvg.wgmma %desc, %desc, %p, %i {eltTypeA = 0 : i32, eltTypeB = 0 : i32, eltTypeC = 1 : i32, layoutA = 0 : i32, layoutB = 1 : i32, m = 64 : i32, n = 32 : i32, k = 32 : i32} : (i64, i64, i1, !int32) -> !int32
  // CHECK: nvg.wgmma_wait_group %[[D]] {pendings = 1 : i32} : !llvm.struct<(f32, f32, f32, f32)>
  %w = nvg.wgmma_wait_group %d {pendings = 1 : i32} : !acc8
  llvm.return
}

// CHECK-LABEL: @wait_fields
llvm.func @wait_fields(%s: !llvm.struct<(f32, i32, f16, i64, f64, !llvm.ptr<3>)>) -> !llvm.struct<(f32, i32, f16, i64, f64, !llvm.ptr<3>)> {
  // CHECK: nvg.wgmma_wait_group %{{.*}} {pendings = 0 : i32} : !llvm.struct<(f32, i32, f16, i64, f64, ptr<3>)>
  %r = nvg.wgmma_wait_group %s {pendings = 0 : i32} : !llvm.struct<(f32, i32, f16, i64, f64, !llvm.ptr<3>)>
  llvm.return %r : !llvm.struct<(f32, i32, f16, i64, f64, !llvm.ptr<3>)>
}

// CHECK-LABEL: @indices_and_loads
llvm.func @indices_and_loads(%ptr: !llvm.ptr<1>, %mask: i1) {
  // CHECK: nvg.cluster_id
  %c = nvg.cluster_id
  // CHECK: nvg.ld_acquire acquire, gpu, %{{.*}}, %{{.*}} : (!llvm.ptr<1>) -> f32
  %a = nvg.ld_acquire acquire, gpu, %ptr, %mask : (!llvm.ptr<1>) -> f32
  // CHECK: nvg.ld_acquire relaxed, sys, %{{.*}} : (!llvm.ptr<1>) -> i64
  %b = nvg.ld_acquire relaxed, sys, %ptr : (!llvm.ptr<1>) -> i64
  // CHECK: nvg.ld_acquire acquire, cta, %{{.*}} : (!llvm.ptr<1>) -> i8
  %e = nvg.ld_acquire acquire, cta, %ptr : (!llvm.ptr<1>) -> i8
  // CHECK: nvg.tensor_memory_base
  %t = nvg.tensor_memory_base
  llvm.return
}
