// RUN: triton-opt %s -split-input-file -convert-builtin-func-to-llvm | FileCheck %s --check-prefixes=CHECK,FTZ
// RUN: triton-opt %s -split-input-file -convert-builtin-func-to-llvm=ftz=false | FileCheck %s --check-prefixes=CHECK,NOFTZ

// Each helper becomes its instructions and its declaration goes; other
// calls stay.
// CHECK-NOT: llvm.func @__triton_hip_
// CHECK: llvm.func @__ocml_sin_f32
// CHECK-LABEL: llvm.func @helpers
// CHECK: "llvm.intr.abs"(%arg0) <{is_int_min_poison = false}> : (i32) -> i32
// CHECK: llvm.intr.fabs(%arg1) : (f32) -> f32
// CHECK: %[[R:.*]] = llvm.intr.rint(%arg2) : (f64) -> f64
// CHECK: llvm.fptosi %[[R]] : f64 to i64
// CHECK: %[[RCP:.*]] = llvm.call_intrinsic "llvm.amdgcn.rcp.f32"(%arg3) : (f32) -> f32
// CHECK: llvm.fmul %arg1, %[[RCP]] : f32
// CHECK: %[[S:.*]] = llvm.fmul %arg1, %{{.*}} : f32
// FTZ: llvm.call_intrinsic "llvm.amdgcn.exp2.f32"(%[[S]])
// NOFTZ: llvm.call_intrinsic "llvm.exp2.f32"(%[[S]])
// CHECK: llvm.intr.fabs(%arg3)
// CHECK: llvm.fdiv
// CHECK: llvm.fsub
// CHECK: llvm.call_intrinsic "llvm.copysign.f32"(%{{.*}}, %arg3)
// CHECK: llvm.call @__ocml_sin_f32(%arg1)
module {
  llvm.func @__triton_hip_iabs(i32) -> i32
  llvm.func @__triton_hip_fabs(f32) -> f32
  llvm.func @__triton_hip_llrint(f64) -> i64
  llvm.func @__triton_hip_fast_fdividef(f32, f32) -> f32
  llvm.func @__triton_hip_fast_expf(f32) -> f32
  llvm.func @__triton_hip_fast_tanhf(f32) -> f32
  llvm.func @__ocml_sin_f32(f32) -> f32
  llvm.func @helpers(%i: i32, %x: f32, %d: f64, %y: f32) -> f32 {
    %0 = llvm.call @__triton_hip_iabs(%i) : (i32) -> i32
    %1 = llvm.call @__triton_hip_fabs(%x) : (f32) -> f32
    %2 = llvm.call @__triton_hip_llrint(%d) : (f64) -> i64
    %3 = llvm.call @__triton_hip_fast_fdividef(%x, %y) : (f32, f32) -> f32
    %4 = llvm.call @__triton_hip_fast_expf(%x) : (f32) -> f32
    %5 = llvm.call @__triton_hip_fast_tanhf(%y) : (f32) -> f32
    %6 = llvm.call @__ocml_sin_f32(%x) : (f32) -> f32
    %a = llvm.fadd %1, %3 : f32
    %b = llvm.fadd %a, %4 : f32
    %c = llvm.fadd %b, %5 : f32
    %e = llvm.fadd %c, %6 : f32
    %f = llvm.sitofp %0 : i32 to f32
    %g = llvm.sitofp %2 : i64 to f32
    %h = llvm.fadd %e, %f : f32
    %k = llvm.fadd %h, %g : f32
    llvm.return %k : f32
  }
}

// -----

// As 3.6's pass, the module then goes through the greedy rewrite driver:
// equal constants merge at the top of the function (constants move to the
// right of commutative operations) and dead operations go.
// CHECK-LABEL: llvm.func @tidied
// CHECK-NEXT: %[[C:.*]] = llvm.mlir.constant(8 : i32) : i32
// CHECK-NEXT: %[[A:.*]] = llvm.add %arg0, %[[C]] : i32
// CHECK-NEXT: %[[B:.*]] = llvm.ashr %[[A]], %[[C]] : i32
// CHECK-NEXT: llvm.return %[[B]] : i32
module {
  llvm.func @tidied(%arg0: i32) -> i32 {
    %0 = llvm.mlir.constant(8 : i32) : i32
    %1 = llvm.add %0, %arg0 : i32
    %dead = llvm.mul %1, %1 : i32
    %2 = llvm.mlir.constant(8 : i32) : i32
    %3 = llvm.ashr %1, %2 : i32
    llvm.return %3 : i32
  }
}
