// RUN: triton-opt %s -split-input-file -tritonamdgpu-hoist-layout-conversions | FileCheck %s

// The operand scaled before the loop is converted once, right after the
// scaling; the operand computed in the loop and the one carried by the loop
// are converted where they are.
// CHECK-LABEL: tt.func @attention_like
// CHECK: %[[S:.*]] = arith.mulf %arg0
// CHECK-NEXT: %[[Q:.*]] = ttg.convert_layout %[[S]] : {{.*}} -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0
// CHECK-NEXT: scf.for
// CHECK: %[[K:.*]] = arith.addf
// CHECK-NEXT: ttg.convert_layout %[[K]]
// CHECK: tt.dot %[[Q]]
// CHECK: ttg.convert_layout %{{.*}} : tensor<64x32xf16, #blocked> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0
// CHECK: tt.dot
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [16, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [4, 1], instrShape = [16, 16, 16], isTransposed = true}>
#a = #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>
#b = #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 64 : i32} {
  tt.func @attention_like(%q: tensor<64x32xf16, #blocked>, %k: tensor<32x64xf16, #blocked>, %scale: tensor<64x32xf16, #blocked>, %n: i32) -> (tensor<64x64xf32, #mma>, tensor<64x32xf16, #blocked>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %s = arith.mulf %q, %scale : tensor<64x32xf16, #blocked>
    %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero, %carried = %q) -> (tensor<64x64xf32, #mma>, tensor<64x32xf16, #blocked>) : i32 {
      %kk = arith.addf %k, %k : tensor<32x64xf16, #blocked>
      %kop = ttg.convert_layout %kk : tensor<32x64xf16, #blocked> -> tensor<32x64xf16, #b>
      %qop = ttg.convert_layout %s : tensor<64x32xf16, #blocked> -> tensor<64x32xf16, #a>
      %d = tt.dot %qop, %kop, %acc : tensor<64x32xf16, #a> * tensor<32x64xf16, #b> -> tensor<64x64xf32, #mma>
      %cop = ttg.convert_layout %carried : tensor<64x32xf16, #blocked> -> tensor<64x32xf16, #a>
      %d2 = tt.dot %cop, %kop, %d : tensor<64x32xf16, #a> * tensor<32x64xf16, #b> -> tensor<64x64xf32, #mma>
      scf.yield %d2, %s : tensor<64x64xf32, #mma>, tensor<64x32xf16, #blocked>
    }
    tt.return %r#0, %r#1 : tensor<64x64xf32, #mma>, tensor<64x32xf16, #blocked>
  }
}

// -----

// Only conversions to dot operands move; a conversion between blocked
// layouts stays in the loop, and so does one outside any loop.
// CHECK-LABEL: tt.func @other_layouts
// CHECK: %[[X:.*]] = arith.negf
// CHECK-NEXT: ttg.convert_layout %[[X]] : tensor<64x32xf16, #blocked> -> tensor<64x32xf16, #ttg.dot_op
// CHECK-NEXT: scf.for
// CHECK-NEXT: ttg.convert_layout %[[X]] : tensor<64x32xf16, #blocked> -> tensor<64x32xf16, #blocked1>
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [16, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [4, 16], warpsPerCTA = [1, 4], order = [0, 1]}>
#mma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [4, 1], instrShape = [16, 16, 16], isTransposed = true}>
#a = #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 64 : i32} {
  tt.func @other_layouts(%x: tensor<64x32xf16, #blocked>, %p: tensor<64x32x!tt.ptr<f16>, #blocked1>, %pa: tensor<64x32x!tt.ptr<f16>, #a>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %y = arith.negf %x : tensor<64x32xf16, #blocked>
    %top = ttg.convert_layout %y : tensor<64x32xf16, #blocked> -> tensor<64x32xf16, #a>
    scf.for %i = %c0 to %n step %c1 : i32 {
      %b = ttg.convert_layout %y : tensor<64x32xf16, #blocked> -> tensor<64x32xf16, #blocked1>
      tt.store %p, %b : tensor<64x32x!tt.ptr<f16>, #blocked1>
      tt.store %pa, %top : tensor<64x32x!tt.ptr<f16>, #a>
    }
    tt.return
  }
}
