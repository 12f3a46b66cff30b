// RUN: triton-opt %s -split-input-file -triton-decompose-dot-scaled -verify-diagnostics

tt.func @fp6(%a: tensor<16x32xi8>, %b: tensor<32x16xbf16>, %c: tensor<16x16xf32>) -> tensor<16x16xf32> {
  // expected-error @+1 {{tt.dot_scaled with e2m3 operands (fp6) is not supported yet}}
  %d = tt.dot_scaled %a, %b, %c lhs = e2m3 rhs = bf16 {fastMath = false} : tensor<16x32xi8> * tensor<32x16xbf16> -> tensor<16x16xf32>
  tt.return %d : tensor<16x16xf32>
}

// -----

// A scale of the wrong shape is the verifier's error now, before the pass.
tt.func @scale_shape(%a: tensor<16x64xbf16>, %b: tensor<32x16xi8>, %bs: tensor<16x3xi8>, %c: tensor<16x16xf32>) -> tensor<16x16xf32> {
  // expected-error @+1 {{scales K dimension must match the operand K divided by the scale factor: the scales of b are [16, 3], expected 2 per row (K = 64, one scale per 32)}}
  %d = tt.dot_scaled %a, %b scale %bs, %c lhs = bf16 rhs = e2m1 {fastMath = false} : tensor<16x64xbf16> * tensor<32x16xi8>, tensor<16x3xi8> -> tensor<16x16xf32>
  tt.return %d : tensor<16x16xf32>
}

