// RUN: triton-opt %s -split-input-file -convert-triton-amdgpu-to-llvm | FileCheck %s

// tt.dot on #ttg.amd_mfma: one rocdl.mfma per instruction tile of the
// accumulator a warp holds and per K step, the operands packed as the
// intrinsic takes them, the accumulator tile a vector in the instruction's
// element order. In a transposed layout the instruction computes D^T = B^T
// A^T, so B's fragment comes first. Execution is checked by
// mfma-simt.test; the assembly by compile-corpus-amd.test.

// The corpus matmul's layout (gfx942, 32x32, transposed, 2x2 warps): a
// 64x64x16 dot is one tile per warp and 2 K steps of 8.
// The accumulator tile goes in as a vector of its 16 registers, through the
// two instructions, and comes out element by element.
// CHECK-LABEL: llvm.func internal @f16_32x32
// CHECK-COUNT-16: llvm.insertelement {{.*}} : vector<16xf32>
// CHECK: %[[D0:.*]] = rocdl.mfma.f32.32x32x8f16 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
// CHECK: %[[D:.*]] = rocdl.mfma.f32.32x32x8f16 %{{.*}}, %{{.*}}, %[[D0]], %{{.*}}, %{{.*}}, %{{.*}} :
// CHECK-COUNT-16: llvm.extractelement %[[D]][{{.*}}] : vector<16xf32>
// CHECK-NOT: rocdl.mfma
// 128x64 with 16x16 tiles over 2x2 warps, K 64 in kWidth 8 (kPack 2): 4x2
// tiles per warp, 64 / 16 = 4 instructions along K each.
// CHECK-LABEL: llvm.func internal @f16_16x16_kpack
// CHECK-COUNT-32: rocdl.mfma.f32.16x16x16f16 {{.*}} -> vector<4xf32>
// CHECK-NOT: rocdl.mfma
#mma1 = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [16, 16, 16], isTransposed = true}>
#mma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = true}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func private @f16_32x32(%a: tensor<64x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>, %b: tensor<16x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>, %c: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    %d = tt.dot %a, %b, %c : tensor<64x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> * tensor<16x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> -> tensor<64x64xf32, #mma>
    tt.return %d : tensor<64x64xf32, #mma>
  }
  tt.func private @f16_16x16_kpack(%a: tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma1, kWidth = 8}>>, %b: tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma1, kWidth = 8}>>, %c: tensor<128x64xf32, #mma1>) -> tensor<128x64xf32, #mma1> {
    %d = tt.dot %a, %b, %c : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma1, kWidth = 8}>> * tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma1, kWidth = 8}>> -> tensor<128x64xf32, #mma1>
    tt.return %d : tensor<128x64xf32, #mma1>
  }
}

// -----

// gfx90a: bf16 (the "_1k" instructions on i16 bits), int8 packed four to
// an i32 (K 8), fp32 one element per lane (K 2), non-transposed.
// CHECK-LABEL: llvm.func internal @bf16
// CHECK-COUNT-4: rocdl.mfma.f32.32x32x8bf16.1k {{.*}} : (vector<4xi16>, vector<4xi16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
// CHECK-LABEL: llvm.func internal @i8
// CHECK-COUNT-4: rocdl.mfma.i32.32x32x8i8 {{.*}} : (i32, i32, vector<16xi32>, i32, i32, i32) -> vector<16xi32>
// CHECK-LABEL: llvm.func internal @f32
// CHECK-COUNT-8: rocdl.mfma.f32.32x32x2f32 {{.*}} : (f32, f32, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
#mma1 = #ttg.amd_mfma<{version = 2, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = false}>
#mma2 = #ttg.amd_mfma<{version = 2, warpsPerCTA = [2, 2], instrShape = [32, 32, 2], isTransposed = false}>
#mma = #ttg.amd_mfma<{version = 2, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = false}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx90a", "ttg.threads-per-warp" = 64 : i32} {
  tt.func private @bf16(%a: tensor<64x32xbf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>, %b: tensor<32x64xbf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>, %c: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    %d = tt.dot %a, %b, %c : tensor<64x32xbf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> * tensor<32x64xbf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> -> tensor<64x64xf32, #mma>
    tt.return %d : tensor<64x64xf32, #mma>
  }
  tt.func private @i8(%a: tensor<64x32xi8, #ttg.dot_op<{opIdx = 0, parent = #mma1, kWidth = 4}>>, %b: tensor<32x64xi8, #ttg.dot_op<{opIdx = 1, parent = #mma1, kWidth = 4}>>, %c: tensor<64x64xi32, #mma1>) -> tensor<64x64xi32, #mma1> {
    %d = tt.dot %a, %b, %c : tensor<64x32xi8, #ttg.dot_op<{opIdx = 0, parent = #mma1, kWidth = 4}>> * tensor<32x64xi8, #ttg.dot_op<{opIdx = 1, parent = #mma1, kWidth = 4}>> -> tensor<64x64xi32, #mma1>
    tt.return %d : tensor<64x64xi32, #mma1>
  }
  tt.func private @f32(%a: tensor<64x16xf32, #ttg.dot_op<{opIdx = 0, parent = #mma2, kWidth = 1}>>, %b: tensor<16x64xf32, #ttg.dot_op<{opIdx = 1, parent = #mma2, kWidth = 1}>>, %c: tensor<64x64xf32, #mma2>) -> tensor<64x64xf32, #mma2> {
    %d = tt.dot %a, %b, %c : tensor<64x16xf32, #ttg.dot_op<{opIdx = 0, parent = #mma2, kWidth = 1}>> * tensor<16x64xf32, #ttg.dot_op<{opIdx = 1, parent = #mma2, kWidth = 1}>> -> tensor<64x64xf32, #mma2>
    tt.return %d : tensor<64x64xf32, #mma2>
  }
}

// -----

// Runs of K shorter than an instruction's per-lane elements (kWidth 2, f16's
// kBase 4 on 32x32x8): a lane's registers 0-1 hold K 0-1 (+2 in the upper
// lane group), registers 2-3 K 4-5, one tile of the two lane groups further;
// the first instruction takes registers 0-3, the second 4-7 (K 8-13).
// CHECK-LABEL: llvm.func internal @f16_kwidth2
// CHECK-DAG: %[[A0:.*]] = llvm.extractvalue %arg0[0]
// CHECK-DAG: %[[A1:.*]] = llvm.extractvalue %arg0[1]
// CHECK-DAG: %[[A2:.*]] = llvm.extractvalue %arg0[2]
// CHECK-DAG: %[[A3:.*]] = llvm.extractvalue %arg0[3]
// CHECK: %[[V0:.*]] = llvm.insertelement %[[A0]], %{{.*}}[%{{.*}} : i32] : vector<4xf16>
// CHECK: %[[V1:.*]] = llvm.insertelement %[[A1]], %[[V0]]
// CHECK: %[[V2:.*]] = llvm.insertelement %[[A2]], %[[V1]]
// CHECK: %[[V3:.*]] = llvm.insertelement %[[A3]], %[[V2]]
// CHECK: rocdl.mfma.f32.32x32x8f16 %[[V3]], %{{.*}} : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
// CHECK: rocdl.mfma.f32.32x32x8f16
// CHECK-NOT: rocdl.mfma
// xf32 from kWidth 1: a 16x16x8 instruction takes a lane's K g and g + 4
// (registers 0 and 1).
// CHECK-LABEL: llvm.func internal @xf32_kwidth1
// CHECK-COUNT-2: rocdl.mfma.f32.16x16x8.xf32 {{.*}} : (vector<2xf32>, vector<2xf32>, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
// CHECK-NOT: rocdl.mfma
#mma2 = #ttg.amd_mfma<{version = 3, warpsPerCTA = [1, 1], instrShape = [32, 32, 8], isTransposed = false}>
#mma3 = #ttg.amd_mfma<{version = 3, warpsPerCTA = [1, 1], instrShape = [16, 16, 8], isTransposed = true}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func private @f16_kwidth2(%a: tensor<32x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma2, kWidth = 2}>>, %b: tensor<16x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma2, kWidth = 2}>>, %c: tensor<32x32xf32, #mma2>) -> tensor<32x32xf32, #mma2> {
    %d = tt.dot %a, %b, %c : tensor<32x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma2, kWidth = 2}>> * tensor<16x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma2, kWidth = 2}>> -> tensor<32x32xf32, #mma2>
    tt.return %d : tensor<32x32xf32, #mma2>
  }
  tt.func private @xf32_kwidth1(%a: tensor<16x16xf32, #ttg.dot_op<{opIdx = 0, parent = #mma3, kWidth = 1}>>, %b: tensor<16x16xf32, #ttg.dot_op<{opIdx = 1, parent = #mma3, kWidth = 1}>>, %c: tensor<16x16xf32, #mma3>) -> tensor<16x16xf32, #mma3> {
    %d = tt.dot %a, %b, %c, inputPrecision = tf32 : tensor<16x16xf32, #ttg.dot_op<{opIdx = 0, parent = #mma3, kWidth = 1}>> * tensor<16x16xf32, #ttg.dot_op<{opIdx = 1, parent = #mma3, kWidth = 1}>> -> tensor<16x16xf32, #mma3>
    tt.return %d : tensor<16x16xf32, #mma3>
  }
}

// -----

// gfx942: int8 eight to an i64 (K 16); xf32 for tf32 (two f32 per lane);
// fnuz fp8 x bf8 transposed runs as bf8.fp8 (B first).
// CHECK-LABEL: llvm.func internal @i8_942
// CHECK-COUNT-2: rocdl.mfma.i32.32x32x16.i8 {{.*}} : (i64, i64, vector<16xi32>, i32, i32, i32) -> vector<16xi32>
// CHECK-LABEL: llvm.func internal @xf32
// CHECK-COUNT-2: rocdl.mfma.f32.32x32x4.xf32 {{.*}} : (vector<2xf32>, vector<2xf32>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
// CHECK-LABEL: llvm.func internal @fp8
// CHECK-COUNT-2: rocdl.mfma.f32.32x32x16.bf8.fp8 {{.*}} : (i64, i64, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
#mma1 = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 4], isTransposed = true}>
#mma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 16], isTransposed = true}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func private @i8_942(%a: tensor<64x32xi8, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 8}>>, %b: tensor<32x64xi8, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 8}>>, %c: tensor<64x64xi32, #mma>) -> tensor<64x64xi32, #mma> {
    %d = tt.dot %a, %b, %c : tensor<64x32xi8, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 8}>> * tensor<32x64xi8, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 8}>> -> tensor<64x64xi32, #mma>
    tt.return %d : tensor<64x64xi32, #mma>
  }
  tt.func private @xf32(%a: tensor<64x8xf32, #ttg.dot_op<{opIdx = 0, parent = #mma1, kWidth = 2}>>, %b: tensor<8x64xf32, #ttg.dot_op<{opIdx = 1, parent = #mma1, kWidth = 2}>>, %c: tensor<64x64xf32, #mma1>) -> tensor<64x64xf32, #mma1> {
    %d = tt.dot %a, %b, %c, inputPrecision = tf32 : tensor<64x8xf32, #ttg.dot_op<{opIdx = 0, parent = #mma1, kWidth = 2}>> * tensor<8x64xf32, #ttg.dot_op<{opIdx = 1, parent = #mma1, kWidth = 2}>> -> tensor<64x64xf32, #mma1>
    tt.return %d : tensor<64x64xf32, #mma1>
  }
  tt.func private @fp8(%a: tensor<64x32xf8E4M3FNUZ, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 8}>>, %b: tensor<32x64xf8E5M2FNUZ, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 8}>>, %c: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    %d = tt.dot %a, %b, %c : tensor<64x32xf8E4M3FNUZ, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 8}>> * tensor<32x64xf8E5M2FNUZ, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 8}>> -> tensor<64x64xf32, #mma>
    tt.return %d : tensor<64x64xf32, #mma>
  }
}

// -----

// A priority raised right before a dot (rocdl.s.setprio) moves after the
// dot's first MFMA: that one issues at the old priority, the other three at
// the high one; the later s_setprio 0 stays where it was.
// CHECK-LABEL: llvm.func internal @setprio_after_first
// CHECK: rocdl.mfma.f32.32x32x8f16
// CHECK-NEXT: rocdl.s.setprio 1
// CHECK-COUNT-3: rocdl.mfma.f32.32x32x8f16
// CHECK-NOT: rocdl.mfma
// CHECK: rocdl.s.setprio 0
#mma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = true}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func private @setprio_after_first(%a: tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>, %b: tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>, %c: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    rocdl.s.setprio 1
    %d = tt.dot %a, %b, %c : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> -> tensor<64x64xf32, #mma>
    rocdl.s.setprio 0
    tt.return %d : tensor<64x64xf32, #mma>
  }
}

// -----

// A version-2 layout on gfx942: version 2's instruction, which CDNA3 kept
// for f16 (as Triton 3.6 lowers it).
// CHECK-LABEL: llvm.func internal @f16_v2_on_gfx942
// CHECK-COUNT-2: rocdl.mfma.f32.32x32x8f16 {{.*}} : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
// CHECK-NOT: rocdl.mfma
#mma = #ttg.amd_mfma<{version = 2, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = true}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func private @f16_v2_on_gfx942(%a: tensor<64x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>, %b: tensor<16x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>, %c: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    %d = tt.dot %a, %b, %c : tensor<64x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> * tensor<16x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> -> tensor<64x64xf32, #mma>
    tt.return %d : tensor<64x64xf32, #mma>
  }
}

// -----

// The 16-block 4x4 instructions as a 4x64 tile (untransposed) and a 64x4
// tile (transposed): A's (B's) 16 K groups are broadcast one after the
// other to all blocks (CBSZ = 4, ABID = the group), the 64-wide operand
// giving each instruction the matching run of K; that operand goes second.
// K 64 is 16 instructions per tile.
// CHECK-LABEL: llvm.func internal @f16_4x64
// CHECK: %[[CBSZ:.*]] = llvm.mlir.constant(4 : i32) : i32
// CHECK: rocdl.mfma.f32.4x4x4f16 %{{.*}}, %{{.*}}, %{{.*}}, %[[CBSZ]], %[[ZERO:[0-9]+]], %[[ZERO]] : (vector<4xf16>, vector<4xf16>, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
// CHECK: %[[ONE:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK: rocdl.mfma.f32.4x4x4f16 %{{.*}}, %{{.*}}, %{{.*}}, %[[CBSZ]], %[[ONE]], %[[ZERO]]
// CHECK-COUNT-14: rocdl.mfma.f32.4x4x4f16 %{{.*}}, %{{.*}}, %{{.*}}, %[[CBSZ]], %{{.*}}, %[[ZERO]]
// CHECK-NOT: rocdl.mfma
// Two N tiles of 4 per warp (8 columns), each 16 instructions; B's
// fragment first (transposed).
// CHECK-LABEL: llvm.func internal @bf16_64x4
// CHECK-COUNT-32: rocdl.mfma.f32.4x4x4bf16.1k {{.*}} : (vector<4xi16>, vector<4xi16>, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
// CHECK-NOT: rocdl.mfma
// CHECK-LABEL: llvm.func internal @i8_64x4
// CHECK-COUNT-16: rocdl.mfma.i32.4x4x4i8 {{.*}} : (i32, i32, vector<4xi32>, i32, i32, i32) -> vector<4xi32>
// CHECK-NOT: rocdl.mfma
// CHECK-LABEL: llvm.func internal @f32_4x64
// CHECK-COUNT-16: rocdl.mfma.f32.4x4x1f32 {{.*}} : (f32, f32, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
// CHECK-NOT: rocdl.mfma
#m4 = #ttg.amd_mfma<{version = 3, warpsPerCTA = [1, 2], instrShape = [4, 64, 64], isTransposed = false}>
#n4 = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 1], instrShape = [64, 4, 64], isTransposed = true}>
#n4i = #ttg.amd_mfma<{version = 2, warpsPerCTA = [2, 1], instrShape = [64, 4, 64], isTransposed = true}>
#m4f = #ttg.amd_mfma<{version = 3, warpsPerCTA = [1, 2], instrShape = [4, 64, 16], isTransposed = false}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func private @f16_4x64(%a: tensor<4x64xf16, #ttg.dot_op<{opIdx = 0, parent = #m4, kWidth = 4}>>, %b: tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #m4, kWidth = 4}>>, %c: tensor<4x128xf32, #m4>) -> tensor<4x128xf32, #m4> {
    %d = tt.dot %a, %b, %c : tensor<4x64xf16, #ttg.dot_op<{opIdx = 0, parent = #m4, kWidth = 4}>> * tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #m4, kWidth = 4}>> -> tensor<4x128xf32, #m4>
    tt.return %d : tensor<4x128xf32, #m4>
  }
  tt.func private @bf16_64x4(%a: tensor<128x64xbf16, #ttg.dot_op<{opIdx = 0, parent = #n4, kWidth = 4}>>, %b: tensor<64x8xbf16, #ttg.dot_op<{opIdx = 1, parent = #n4, kWidth = 4}>>, %c: tensor<128x8xf32, #n4>) -> tensor<128x8xf32, #n4> {
    %d = tt.dot %a, %b, %c : tensor<128x64xbf16, #ttg.dot_op<{opIdx = 0, parent = #n4, kWidth = 4}>> * tensor<64x8xbf16, #ttg.dot_op<{opIdx = 1, parent = #n4, kWidth = 4}>> -> tensor<128x8xf32, #n4>
    tt.return %d : tensor<128x8xf32, #n4>
  }
  tt.func private @i8_64x4(%a: tensor<128x64xi8, #ttg.dot_op<{opIdx = 0, parent = #n4i, kWidth = 4}>>, %b: tensor<64x4xi8, #ttg.dot_op<{opIdx = 1, parent = #n4i, kWidth = 4}>>, %c: tensor<128x4xi32, #n4i>) -> tensor<128x4xi32, #n4i> {
    %d = tt.dot %a, %b, %c : tensor<128x64xi8, #ttg.dot_op<{opIdx = 0, parent = #n4i, kWidth = 4}>> * tensor<64x4xi8, #ttg.dot_op<{opIdx = 1, parent = #n4i, kWidth = 4}>> -> tensor<128x4xi32, #n4i>
    tt.return %d : tensor<128x4xi32, #n4i>
  }
  tt.func private @f32_4x64(%a: tensor<4x16xf32, #ttg.dot_op<{opIdx = 0, parent = #m4f, kWidth = 1}>>, %b: tensor<16x128xf32, #ttg.dot_op<{opIdx = 1, parent = #m4f, kWidth = 1}>>, %c: tensor<4x128xf32, #m4f>) -> tensor<4x128xf32, #m4f> {
    %d = tt.dot %a, %b, %c, inputPrecision = ieee : tensor<4x16xf32, #ttg.dot_op<{opIdx = 0, parent = #m4f, kWidth = 1}>> * tensor<16x128xf32, #ttg.dot_op<{opIdx = 1, parent = #m4f, kWidth = 1}>> -> tensor<4x128xf32, #m4f>
    tt.return %d : tensor<4x128xf32, #m4f>
  }
}
