// RUN: triton-opt %s -convert-triton-amdgpu-to-llvm | FileCheck %s
// RUN: triton-opt %s -convert-triton-amdgpu-to-llvm -canonicalize -reconcile-unrealized-casts -o %t.mlir
// RUN: triton-translate --mlir-to-amdgcn %t.mlir -o %t.s
// RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx942 -filetype=obj %t.s -o %t.o
// REQUIRES: llvm-mc

// An fp8 tt.dot on a blocked accumulator (ops/dot_variants when no matrix
// instruction takes it): each operand element is widened once, exactly, to
// f32 (integer operations on the fp8 bits), then multiply-adds accumulate
// over K.
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 8], warpsPerCTA = [2, 2], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  // Each of the 32 operand elements (16 of A, 16 of B) is decoded once (its
  // f32 bits assembled, then bitcast), before the 16 multiply-adds of the
  // thread's one accumulator element.
  // CHECK-LABEL: llvm.func internal @fp8
  // CHECK-COUNT-32: llvm.bitcast %{{.*}} : i32 to f32
  // CHECK-NOT: llvm.bitcast %{{.*}} : i32 to f32
  // The multiply-adds are spelled as 3.6's AMD backend does: calls of
  // llvm.fmuladd.<type>.
  // CHECK-COUNT-16: llvm.call_intrinsic "llvm.fmuladd.f32"(%{{.*}}, %{{.*}}, %{{.*}}) : (f32, f32, f32) -> f32
  // CHECK-NOT: fmuladd
  tt.func private @fp8(%a: tensor<16x16xf8E4M3FN, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<16x16xf8E5M2, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<16x16xf32, #blocked>) -> tensor<16x16xf32, #blocked> {
    %d = tt.dot %a, %b, %c : tensor<16x16xf8E4M3FN, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<16x16xf8E5M2, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<16x16xf32, #blocked>
    tt.return %d : tensor<16x16xf32, #blocked>
  }

  // An f16 dot accumulating in f16: llvm.fmuladd.f16 calls.
  // CHECK-LABEL: llvm.func internal @f16
  // CHECK-COUNT-16: llvm.call_intrinsic "llvm.fmuladd.f16"(%{{.*}}, %{{.*}}, %{{.*}}) : (f16, f16, f16) -> f16
  // CHECK-NOT: fmuladd
  tt.func private @f16(%a: tensor<16x16xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<16x16xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<16x16xf16, #blocked>) -> tensor<16x16xf16, #blocked> {
    %d = tt.dot %a, %b, %c : tensor<16x16xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<16x16xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<16x16xf16, #blocked>
    tt.return %d : tensor<16x16xf16, #blocked>
  }
}
