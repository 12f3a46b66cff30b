// RUN: triton-opt %s -split-input-file -tritongpu-remove-layout-conversions | FileCheck %s

// A dot operand computed from constants alone (rounded through inline asm)
// is computed in the operand layout: no conversion is left in the loop.

// CHECK-LABEL: tt.func @rounded_ones
// CHECK: arith.constant dense<2.500000e-01> : tensor<16x64xf32, #ttg.dot_op<{opIdx = 1, parent = #[[MMA:[a-z0-9_]+]], kWidth = 1}>>
// CHECK: scf.for
// CHECK-NOT: ttg.convert_layout
// CHECK: tt.elementwise_inline_asm {{.*}} -> tensor<16x64xf32, #ttg.dot_op<{opIdx = 1, parent = #[[MMA]], kWidth = 1}>>
// CHECK-NOT: ttg.convert_layout
// CHECK: tt.dot
#row = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [2, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 1], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @rounded_ones(%a: tensor<32x16xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>, %n: i32) -> tensor<32x64xf32, #mma> {
    %q = arith.constant dense<0.25> : tensor<16x64xf32, #ttg.dot_op<{opIdx = 1, parent = #row}>>
    %zero = arith.constant dense<0.0> : tensor<32x64xf32, #mma>
    %lo = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %r = scf.for %i = %lo to %n step %one iter_args(%acc = %zero) -> (tensor<32x64xf32, #mma>) : i32 {
      %t = tt.elementwise_inline_asm "cvt.rna.tf32.f32 $0, $1;" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %q : tensor<16x64xf32, #ttg.dot_op<{opIdx = 1, parent = #row}>> -> tensor<16x64xf32, #ttg.dot_op<{opIdx = 1, parent = #row}>>
      %b = ttg.convert_layout %t : tensor<16x64xf32, #ttg.dot_op<{opIdx = 1, parent = #row}>> -> tensor<16x64xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>>
      %d = tt.dot %a, %b, %acc, inputPrecision = tf32 : tensor<32x16xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>> * tensor<16x64xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>> -> tensor<32x64xf32, #mma>
      scf.yield %d : tensor<32x64xf32, #mma>
    }
    tt.return %r : tensor<32x64xf32, #mma>
  }
}

// -----

// A dot operand carried by the loop stays carried in its own layout and is
// converted where the dot reads it; the loop does not carry an operand
// fragment.

// CHECK-LABEL: tt.func @carried_operand
// CHECK: scf.for {{.*}} -> (tensor<32x64xf32, #[[MMA:[a-z0-9_]+]]>, tensor<16x64xf32, #ttg.dot_op<{opIdx = 1, parent = #{{[a-z0-9_]+}}}>>)
// CHECK: arith.mulf
// CHECK: ttg.convert_layout {{.*}} -> tensor<16x64xf32, #ttg.dot_op<{opIdx = 1, parent = #[[MMA]], kWidth = 1}>>
// CHECK: tt.dot
#row = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [2, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 1], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @carried_operand(%a: tensor<32x16xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>, %n: i32) -> tensor<32x64xf32, #mma> {
    %q = arith.constant dense<0.5> : tensor<16x64xf32, #ttg.dot_op<{opIdx = 1, parent = #row}>>
    %zero = arith.constant dense<0.0> : tensor<32x64xf32, #mma>
    %lo = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %r:2 = scf.for %i = %lo to %n step %one iter_args(%acc = %zero, %w = %q) -> (tensor<32x64xf32, #mma>, tensor<16x64xf32, #ttg.dot_op<{opIdx = 1, parent = #row}>>) : i32 {
      %h = arith.mulf %w, %q : tensor<16x64xf32, #ttg.dot_op<{opIdx = 1, parent = #row}>>
      %b = ttg.convert_layout %h : tensor<16x64xf32, #ttg.dot_op<{opIdx = 1, parent = #row}>> -> tensor<16x64xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>>
      %d = tt.dot %a, %b, %acc, inputPrecision = tf32 : tensor<32x16xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>> * tensor<16x64xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>> -> tensor<32x64xf32, #mma>
      scf.yield %d, %h : tensor<32x64xf32, #mma>, tensor<16x64xf32, #ttg.dot_op<{opIdx = 1, parent = #row}>>
    }
    tt.return %r#0 : tensor<32x64xf32, #mma>
  }
}
