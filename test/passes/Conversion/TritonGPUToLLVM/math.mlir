// RUN: triton-opt %s -convert-triton-gpu-to-llvm | FileCheck %s
// RUN: %if ptxas %{ triton-opt %s -convert-triton-gpu-to-llvm | triton-translate --mlir-to-ptx -o %t.ptx && %ptxas --gpu-name=sm_90a %t.ptx -o %t.cubin && FileCheck %s --check-prefix=PTX --input-file=%t.ptx %}

// Scalar math as Triton 3.6 emits it: exp on f32 is x * log2(e) through
// ex2.approx, division on f32 is div.full; abs, fma, maxnum and minnum are
// LLVM's (no denormal flush); the rest calls libdevice (f16 through f32).

#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "cuda:90"} {

// CHECK-LABEL: llvm.func @math
// CHECK: %[[LOG2E:.*]] = llvm.mlir.constant(1.44269502 : f32) : f32
// CHECK: %[[SCALED:.*]] = llvm.fmul %{{.*}}, %[[LOG2E]] : f32
// CHECK: llvm.call_intrinsic "llvm.nvvm.ex2.approx.f32"(%[[SCALED]]) : (f32) -> f32
// CHECK: llvm.call_intrinsic "llvm.nvvm.div.full"(%{{.*}}, %{{.*}}) : (f32, f32) -> f32
// CHECK: llvm.intr.fabs(%{{.*}}) : (f32) -> f32
// CHECK: llvm.intr.fma(%{{.*}}, %{{.*}}, %{{.*}}) : (f32, f32, f32) -> f32
// CHECK: llvm.intr.maxnum(%{{.*}}, %{{.*}}) : (f32, f32) -> f32
// CHECK: llvm.intr.minnum(%{{.*}}, %{{.*}}) : (f32, f32) -> f32
// CHECK: llvm.call @__nv_exp2f
// CHECK: llvm.call @__nv_sqrtf
// CHECK: llvm.call @__nv_rsqrtf
// CHECK: llvm.call @__nv_erff
// CHECK: llvm.call @__nv_floorf
// CHECK: llvm.fpext %{{.*}} : f16 to f32
// CHECK-NEXT: llvm.call @__nv_sinf
// CHECK-NEXT: llvm.fptrunc %{{.*}} : f32 to f16
// CHECK: llvm.fdiv %{{.*}}, %{{.*}} : f64
// PTX-LABEL: .entry math(
// PTX-DAG: ex2.approx.f32
// PTX-DAG: div.full.f32
// PTX-DAG: abs.f32
// PTX-DAG: fma.rn.f32
// PTX-DAG: max.f32
// PTX-DAG: min.f32
// PTX-DAG: ex2.approx.ftz.f32
// PTX-DAG: sqrt.approx.ftz.f32
// PTX-DAG: rsqrt.approx.ftz.f32
// PTX-DAG: div.rn.f64
tt.func public @math(%px: !tt.ptr<f32>, %ph: !tt.ptr<f16>, %da: f64, %db: f64) {
  %r = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #blocked>
  %p = tt.splat %px : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #blocked>
  %q = tt.addptr %p, %r : tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
  %x = tt.load %q : tensor<512x!tt.ptr<f32>, #blocked>
  %e = math.exp %x : tensor<512xf32, #blocked>
  %d = arith.divf %e, %x : tensor<512xf32, #blocked>
  %a = math.absf %d : tensor<512xf32, #blocked>
  %f = math.fma %a, %x, %e : tensor<512xf32, #blocked>
  %mx = arith.maxnumf %f, %x : tensor<512xf32, #blocked>
  %mn = arith.minnumf %mx, %e : tensor<512xf32, #blocked>
  %e2 = math.exp2 %mn : tensor<512xf32, #blocked>
  %s = math.sqrt %e2 : tensor<512xf32, #blocked>
  %rs = math.rsqrt %s : tensor<512xf32, #blocked>
  %er = math.erf %rs : tensor<512xf32, #blocked>
  %fl = math.floor %er : tensor<512xf32, #blocked>
  tt.store %q, %fl : tensor<512x!tt.ptr<f32>, #blocked>
  %h = tt.load %ph : !tt.ptr<f16>
  %hs = math.sin %h : f16
  tt.store %ph, %hs : !tt.ptr<f16>
  %dq = arith.divf %da, %db : f64
  %dn = arith.truncf %dq : f64 to f32
  tt.store %px, %dn : !tt.ptr<f32>
  tt.return
}

// Integer abs is LLVM's intrinsic with the minimum integer defined (math.absi
// returns it unchanged), not a call of __nv_abs.
// CHECK-LABEL: llvm.func @int_abs
// CHECK: "llvm.intr.abs"(%{{.*}}) <{is_int_min_poison = false}> : (i32) -> i32
// CHECK-NOT: __nv_abs
// PTX-LABEL: int_abs
// PTX: abs.s32
tt.func public @int_abs(%px: !tt.ptr<i32>) {
  %x = tt.load %px : !tt.ptr<i32>
  %a = math.absi %x : i32
  tt.store %px, %a : !tt.ptr<i32>
  tt.return
}
}
