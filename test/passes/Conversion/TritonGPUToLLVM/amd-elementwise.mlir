// RUN: triton-opt %s -convert-triton-amdgpu-to-llvm -canonicalize | FileCheck %s
// RUN: triton-opt %s -convert-triton-amdgpu-to-llvm -canonicalize -reconcile-unrealized-casts -o %t.mlir
// RUN: triton-translate --mlir-to-amdgcn %t.mlir -o %t.s
// RUN: FileCheck %s --input-file=%t.s --check-prefix=ASM
// RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx942 -filetype=obj %t.s -o %t.o
// REQUIRES: llvm-mc

// Triton's numerics ops are LLVM's own operations on AMD: its AMDGPU backend
// rounds f32/f64 division correctly. The precise f32 square root is refined
// from v_rsq_f32 (amd-math.mlir); f16 goes through LLVM's f32 sqrt.
#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [64], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  // CHECK-LABEL: llvm.func internal @precise
  // CHECK-COUNT-2: llvm.call_intrinsic "llvm.amdgcn.rsq.f32"
  // CHECK-COUNT-2: llvm.fdiv %{{.*}}, %{{.*}} : f32
  // CHECK: llvm.fpext %{{.*}} : f16 to f32
  // CHECK-NEXT: llvm.intr.sqrt(%{{.*}}) : (f32) -> f32
  // CHECK-NEXT: llvm.fptrunc %{{.*}} : f32 to f16
  // CHECK: llvm.fpext %{{.*}} : f16 to f32
  // CHECK-NEXT: llvm.intr.sqrt(%{{.*}}) : (f32) -> f32
  // CHECK-NEXT: llvm.fptrunc %{{.*}} : f32 to f16
  tt.func private @precise(%x: tensor<256xf32, #blocked>, %y: tensor<256xf32, #blocked>, %h: tensor<256xf16, #blocked>) -> (tensor<256xf32, #blocked>, tensor<256xf16, #blocked>) {
    %s = tt.precise_sqrt %x : tensor<256xf32, #blocked>
    %d = tt.precise_divf %s, %y : tensor<256xf32, #blocked>
    %t = tt.precise_sqrt %h : tensor<256xf16, #blocked>
    tt.return %d, %t : tensor<256xf32, #blocked>, tensor<256xf16, #blocked>
  }

  // The high half of the double-width product.
  // CHECK-LABEL: llvm.func internal @mulhi
  // CHECK: %[[A:.*]] = llvm.zext %arg0 : i32 to i64
  // CHECK: %[[B:.*]] = llvm.zext %arg1 : i32 to i64
  // CHECK: %[[P:.*]] = llvm.mul %[[A]], %[[B]] : i64
  // CHECK: %[[H:.*]] = llvm.lshr %[[P]], %{{.*}} : i64
  // CHECK: llvm.trunc %[[H]] : i64 to i32
  tt.func private @mulhi(%a: i32, %b: i32) -> i32 {
    %h = tt.mulhiui %a, %b : i32
    tt.return %h : i32
  }

  // clamp(x, lo, hi) = max(min(x, hi), lo), NaN-propagating or not (the
  // interpreter's order, and the NVIDIA lowering's).
  // CHECK-LABEL: llvm.func internal @clamp
  // CHECK: %[[HI:.*]] = llvm.intr.minimum(%arg0, %arg2) : (f32, f32) -> f32
  // CHECK: llvm.intr.maximum(%[[HI]], %arg1) : (f32, f32) -> f32
  // CHECK: %[[HI2:.*]] = llvm.intr.minnum(%arg0, %arg2) : (f32, f32) -> f32
  // CHECK: llvm.intr.maxnum(%[[HI2]], %arg1) : (f32, f32) -> f32
  tt.func private @clamp(%x: f32, %lo: f32, %hi: f32) -> (f32, f32) {
    %a = tt.clampf %x, %lo, %hi, propagateNan = all : f32
    %b = tt.clampf %x, %lo, %hi, propagateNan = none : f32
    tt.return %a, %b : f32, f32
  }

  // ttg.barrier (membar's) is s_barrier between workgroup fences; `none` is
  // the bare s_barrier.
  // CHECK-LABEL: llvm.func @barriers
  // CHECK: rocdl.barrier
  // CHECK-NEXT: rocdl.s.barrier
  // CHECK-NEXT: llvm.return
  // ASM-LABEL: barriers:
  // ASM-COUNT-2: s_barrier
  tt.func public @barriers() {
    ttg.barrier local
    ttg.barrier none
    tt.return
  }

  // Everything through to AMDGCN.
  // f32 to f16 toward zero is gfx9's v_cvt_pkrtz_f16_f32, two values per
  // instruction; a lone value is converted with itself.
  // CHECK-LABEL: llvm.func internal @to_f16_toward_zero
  // CHECK: %[[PAIR:.*]] = rocdl.cvt.pkrtz %{{.*}}, %{{.*}} : vector<2xf16>
  // CHECK: llvm.extractelement %[[PAIR]]
  // CHECK: llvm.extractelement %[[PAIR]]
  // CHECK-NOT: rocdl.cvt.pkrtz
  // CHECK: %[[ONE:.*]] = rocdl.cvt.pkrtz %[[X:.*]], %[[X]] : vector<2xf16>
  // CHECK: llvm.extractelement %[[ONE]]
  // CHECK-NOT: llvm.fptrunc
  // CHECK: llvm.return
  tt.func private @to_f16_toward_zero(%x: tensor<256xf32, #blocked>, %y: f32) -> (tensor<256xf16, #blocked>, f16) {
    %h = tt.fp_to_fp %x, rounding = rtz : tensor<256xf32, #blocked> -> tensor<256xf16, #blocked>
    %g = tt.fp_to_fp %y, rounding = rtz : f32 -> f16
    tt.return %h, %g : tensor<256xf16, #blocked>, f16
  }

  // ASM-LABEL: pkrtz:
  // ASM: v_cvt_pkrtz_f16_f32
  tt.func public @pkrtz(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %q: !tt.ptr<f16> {tt.divisibility = 16 : i32}) {
    %r = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #blocked>
    %ps = tt.splat %p : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #blocked>
    %pp = tt.addptr %ps, %r : tensor<256x!tt.ptr<f32>, #blocked>, tensor<256xi32, #blocked>
    %x = tt.load %pp : tensor<256x!tt.ptr<f32>, #blocked>
    %h = tt.fp_to_fp %x, rounding = rtz : tensor<256xf32, #blocked> -> tensor<256xf16, #blocked>
    %qs = tt.splat %q : !tt.ptr<f16> -> tensor<256x!tt.ptr<f16>, #blocked>
    %qp = tt.addptr %qs, %r : tensor<256x!tt.ptr<f16>, #blocked>, tensor<256xi32, #blocked>
    tt.store %qp, %h : tensor<256x!tt.ptr<f16>, #blocked>
    tt.return
  }

  // ASM-LABEL: kernel:
  // ASM: v_rsq_f32
  // ASM: v_fma_f32
  // ASM: v_div_fixup_f32
  // ASM: v_mul_hi_u32
  tt.func public @kernel(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %q: !tt.ptr<i32> {tt.divisibility = 16 : i32}) {
    %r = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #blocked>
    %ps = tt.splat %p : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #blocked>
    %pp = tt.addptr %ps, %r : tensor<256x!tt.ptr<f32>, #blocked>, tensor<256xi32, #blocked>
    %x = tt.load %pp : tensor<256x!tt.ptr<f32>, #blocked>
    %s = tt.precise_sqrt %x : tensor<256xf32, #blocked>
    %d = tt.precise_divf %s, %x : tensor<256xf32, #blocked>
    tt.store %pp, %d : tensor<256x!tt.ptr<f32>, #blocked>
    %qs = tt.splat %q : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>, #blocked>
    %qp = tt.addptr %qs, %r : tensor<256x!tt.ptr<i32>, #blocked>, tensor<256xi32, #blocked>
    %i = tt.load %qp : tensor<256x!tt.ptr<i32>, #blocked>
    %h = tt.mulhiui %i, %i : tensor<256xi32, #blocked>
    tt.store %qp, %h : tensor<256x!tt.ptr<i32>, #blocked>
    tt.return
  }
}
