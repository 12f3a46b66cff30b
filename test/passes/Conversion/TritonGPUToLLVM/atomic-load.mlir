// RUN: triton-opt %s -allocate-shared-memory -convert-triton-gpu-to-llvm | FileCheck %s
// RUN: triton-opt %s -allocate-shared-memory -convert-triton-gpu-to-llvm -convert-nv-gpu-to-llvm | FileCheck %s --check-prefix=PTX

// A scalar atomic add of a constant zero with acquire or relaxed ordering
// only reads (a flag polled in a spin-wait): it is a load of that ordering
// and scope, as Triton 3.6 lowers it. Releasing adds, adds of other values
// and adds on tensors stay atomics.
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "cuda:90"} {

// CHECK-LABEL: llvm.func @poll
// CHECK: nvg.ld_acquire acquire, gpu, %{{.*}}, %{{.*}} : (!llvm.ptr<1>) -> i32
// CHECK: nvg.ld_acquire relaxed, sys, %{{.*}}, %{{.*}} : (!llvm.ptr<1>) -> i32
// CHECK: nvg.ld_acquire acquire, cta, %{{.*}}, %{{.*}} : (!llvm.ptr<1>) -> i64
// CHECK-NOT: nvg.ld_acquire
// CHECK: atom.global.gpu.acq_rel.add.f32
// CHECK: atom.global.gpu.acquire.add.f32
// CHECK: llvm.return
// PTX-LABEL: llvm.func @poll
// PTX: ld.global.gpu.acquire.b32
// PTX: ld.global.sys.relaxed.b32
// PTX: ld.global.cta.acquire.b64
tt.func public @poll(%f: !tt.ptr<f32>, %i: !tt.ptr<i32>, %l: !tt.ptr<i64>, %out: !tt.ptr<f32>, %c: i1) {
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %izero = arith.constant 0 : i32
  %lzero = arith.constant 0 : i64
  %a = tt.atomic_rmw fadd, acquire, gpu, %f, %zero, %c : (!tt.ptr<f32>, f32, i1) -> f32
  %b = tt.atomic_rmw add, relaxed, sys, %i, %izero : (!tt.ptr<i32>, i32) -> i32
  %d = tt.atomic_rmw add, acquire, cta, %l, %lzero : (!tt.ptr<i64>, i64) -> i64
  %e = tt.atomic_rmw fadd, acq_rel, gpu, %f, %zero : (!tt.ptr<f32>, f32) -> f32
  %g = tt.atomic_rmw fadd, acquire, gpu, %f, %one : (!tt.ptr<f32>, f32) -> f32
  %bf = arith.sitofp %b : i32 to f32
  %df = arith.sitofp %d : i64 to f32
  %s0 = arith.addf %a, %bf : f32
  %s1 = arith.addf %s0, %df : f32
  %s2 = arith.addf %s1, %e : f32
  %s3 = arith.addf %s2, %g : f32
  tt.store %out, %s3 : !tt.ptr<f32>
  tt.return
}

}
