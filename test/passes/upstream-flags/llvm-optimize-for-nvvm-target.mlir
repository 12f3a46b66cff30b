// RUN: triton-opt %s --llvm-optimize-for-nvvm-target | FileCheck %s
// MLIR's pass that upstream's triton-opt offers after lowering to the LLVM
// dialect: an f16 division goes through f32 with NVVM's fast reciprocal and
// one Newton step.

// CHECK-LABEL: llvm.func @ratio
// CHECK-NOT:   llvm.fdiv {{.*}} : f16
// CHECK:       %[[A:.*]] = llvm.fpext %arg0 : f16 to f32
// CHECK:       %[[B:.*]] = llvm.fpext %arg1 : f16 to f32
// CHECK:       %[[R:.*]] = nvvm.rcp.approx.ftz.f %[[B]] : f32
// CHECK:       llvm.fmul %[[A]], %[[R]] : f32
// CHECK:       llvm.fptrunc %{{.*}} : f32 to f16
llvm.func @ratio(%a: f16, %b: f16) -> f16 {
  %q = llvm.fdiv %a, %b : f16
  llvm.return %q : f16
}
