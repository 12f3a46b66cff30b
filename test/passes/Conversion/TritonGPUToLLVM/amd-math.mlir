// RUN: triton-opt %s -convert-triton-amdgpu-to-llvm | FileCheck %s --check-prefixes=COMMON,FTZ
// RUN: triton-opt %s -convert-triton-amdgpu-to-llvm=ftz=false | FileCheck %s --check-prefixes=COMMON,IEEE
// RUN: triton-opt %s -convert-triton-amdgpu-to-llvm -canonicalize -reconcile-unrealized-casts -o %t.mlir
// RUN: triton-translate --mlir-to-amdgcn %t.mlir -o %t.s
// RUN: FileCheck %s --input-file=%t.s --check-prefix=ASM
// RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx942 -filetype=obj %t.s -o %t.o
// REQUIRES: llvm-mc

// Triton's f32 exp, exp2, sqrt and rsqrt are approximate: the hardware's
// v_exp_f32, v_sqrt_f32, v_rsq_f32 (1 ulp). ftz (the default, as in Triton
// 3.6) lets them flush denormals; ftz=false keeps denormals: LLVM's exp2,
// sqrt with small inputs scaled, ocml's rsqrt. tt.precise_sqrt is correctly
// rounded either way. f64 keeps LLVM's and ocml's forms.
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [64], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  // COMMON-LABEL: llvm.func internal @exps
  // FTZ: llvm.call_intrinsic "llvm.amdgcn.exp2.f32"
  // IEEE: llvm.call_intrinsic "llvm.exp2.f32"
  // COMMON: %[[LOG2E:.*]] = llvm.mlir.constant(1.44269502 : f32) : f32
  // COMMON: %[[SCALED:.*]] = llvm.fmul %{{.*}}, %[[LOG2E]] : f32
  // COMMON: llvm.call_intrinsic "llvm.exp2.f32"(%[[SCALED]])
  // COMMON: llvm.call @__ocml_exp2_f64
  tt.func private @exps(%x: tensor<64xf32, #blocked>, %d: tensor<64xf64, #blocked>) -> (tensor<64xf32, #blocked>, tensor<64xf32, #blocked>, tensor<64xf64, #blocked>) {
    %a = math.exp2 %x : tensor<64xf32, #blocked>
    %b = math.exp %x : tensor<64xf32, #blocked>
    %c = math.exp2 %d : tensor<64xf64, #blocked>
    tt.return %a, %b, %c : tensor<64xf32, #blocked>, tensor<64xf32, #blocked>, tensor<64xf64, #blocked>
  }

  // COMMON-LABEL: llvm.func internal @roots
  // FTZ: llvm.call_intrinsic "llvm.amdgcn.rsq.f32"
  // IEEE: llvm.call @__ocml_rsqrt_f32
  // FTZ-NOT: llvm.fcmp
  // FTZ: llvm.call_intrinsic "llvm.amdgcn.sqrt.f32"
  // IEEE: %[[SMALL:.*]] = llvm.fcmp "ogt" %{{.*}}, %arg0 : f32
  // IEEE: %[[IN:.*]] = llvm.select %[[SMALL]], %{{.*}}, %arg0 : i1, f32
  // IEEE: %[[ROOT:.*]] = llvm.call_intrinsic "llvm.amdgcn.sqrt.f32"(%[[IN]])
  // IEEE: %[[DOWN:.*]] = llvm.fmul %[[ROOT]], %{{.*}} : f32
  // IEEE: llvm.select %[[SMALL]], %[[DOWN]], %[[ROOT]] : i1, f32
  tt.func private @roots(%x: f32) -> (f32, f32) {
    %r = math.rsqrt %x : f32
    %s = math.sqrt %x : f32
    tt.return %r, %s : f32, f32
  }

  // The precise root: with ftz from v_rsq_f32 and Newton steps, 0 and +inf
  // passed through; without, LLVM's correctly rounded sqrt.
  // COMMON-LABEL: llvm.func internal @precise
  // FTZ: %[[R:.*]] = llvm.call_intrinsic "llvm.amdgcn.rsq.f32"(%arg0)
  // FTZ: llvm.intr.fma
  // FTZ: %[[CLASS:.*]] = "llvm.intr.is.fpclass"(%arg0) <{bit = 608 : i32}> : (f32) -> i1
  // FTZ: llvm.select %[[CLASS]], %arg0, %{{.*}} : i1, f32
  // IEEE: llvm.intr.sqrt(%arg0) : (f32) -> f32
  // COMMON: llvm.intr.sqrt(%arg1) : (f64) -> f64
  tt.func private @precise(%x: f32, %d: f64) -> (f32, f64) {
    %s = tt.precise_sqrt %x : f32
    %t = tt.precise_sqrt %d : f64
    tt.return %s, %t : f32, f64
  }

  // ASM-LABEL: kernel:
  // ASM: v_exp_f32
  // ASM: v_rsq_f32
  // ASM: v_sqrt_f32
  tt.func public @kernel(%p: !tt.ptr<f32>) {
    %v = tt.load %p : !tt.ptr<f32>
    %a = math.exp2 %v : f32
    %b = math.rsqrt %a : f32
    %c = math.sqrt %b : f32
    tt.store %p, %c : !tt.ptr<f32>
    tt.return
  }
}
