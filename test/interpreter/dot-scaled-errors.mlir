// tt.dot_scaled cases that verify but the interpreter refuses, each with a
// located error.
// RUN: not triton-run %s --kernel fp6_lhs --grid 1 2>&1 | FileCheck %s --check-prefix=FP6-LHS
// RUN: not triton-run %s --kernel fp6_rhs --grid 1 2>&1 | FileCheck %s --check-prefix=FP6-RHS
// RUN: not triton-run %s --kernel f16_result --grid 1 2>&1 | FileCheck %s --check-prefix=F16
// RUN: not triton-run %s --kernel wrong_element --grid 1 2>&1 | FileCheck %s --check-prefix=ELEM

module {
  tt.func public @fp6_lhs() {
    %a = arith.constant dense<0> : tensor<16x64xi8>
    %b = arith.constant dense<0.0> : tensor<64x16xbf16>
    %c = arith.constant dense<0.0> : tensor<16x16xf32>
    // FP6-LHS: dot-scaled-errors.mlir:[[@LINE+1]]:{{[0-9]+}}: error: program (0, 0, 0): tt.dot_scaled with lhs = e2m3 (fp6) is not supported by the interpreter yet
    %d = tt.dot_scaled %a, %b, %c lhs = e2m3 rhs = bf16 {fastMath = false} : tensor<16x64xi8> * tensor<64x16xbf16> -> tensor<16x16xf32>
    tt.return
  }

  tt.func public @fp6_rhs() {
    %a = arith.constant dense<0.0> : tensor<16x64xbf16>
    %b = arith.constant dense<0> : tensor<64x16xi8>
    %c = arith.constant dense<0.0> : tensor<16x16xf32>
    // FP6-RHS: dot-scaled-errors.mlir:[[@LINE+1]]:{{[0-9]+}}: error: program (0, 0, 0): tt.dot_scaled with rhs = e3m2 (fp6) is not supported by the interpreter yet
    %d = tt.dot_scaled %a, %b, %c lhs = bf16 rhs = e3m2 {fastMath = false} : tensor<16x64xbf16> * tensor<64x16xi8> -> tensor<16x16xf32>
    tt.return
  }

  // Scales of the wrong shape (K not split into whole groups, b's scales
  // K/32 x N instead of N x K/32) never reach the interpreter: the
  // tt.dot_scaled verifier refuses them (test/dialects/Triton).

  tt.func public @f16_result() {
    %a = arith.constant dense<0.0> : tensor<16x64xbf16>
    %b = arith.constant dense<0> : tensor<32x16xi8>
    %c = arith.constant dense<0.0> : tensor<16x16xf16>
    // F16: dot-scaled-errors.mlir:[[@LINE+1]]:{{[0-9]+}}: error: program (0, 0, 0): tt.dot_scaled result element type 'f16' is not supported by the interpreter (f32 only)
    %d = tt.dot_scaled %a, %b, %c lhs = bf16 rhs = e2m1 {fastMath = false} : tensor<16x64xbf16> * tensor<32x16xi8> -> tensor<16x16xf16>
    tt.return
  }

  tt.func public @wrong_element() {
    %a = arith.constant dense<0.0> : tensor<16x64xf16>
    %b = arith.constant dense<0> : tensor<32x16xi8>
    %c = arith.constant dense<0.0> : tensor<16x16xf32>
    // ELEM: dot-scaled-errors.mlir:[[@LINE+1]]:{{[0-9]+}}: error: program (0, 0, 0): tt.dot_scaled operand lhs of format bf16 cannot hold 'f16' elements
    %d = tt.dot_scaled %a, %b, %c lhs = bf16 rhs = e2m1 {fastMath = false} : tensor<16x64xf16> * tensor<32x16xi8> -> tensor<16x16xf32>
    tt.return
  }
}
