// RUN: triton-opt %s -split-input-file -tritonamdgpu-accelerate-matmul | FileCheck %s
// RUN: triton-opt %s -split-input-file -tritonamdgpu-accelerate-matmul='gfx-arch=gfx90a matrix-instruction-size=16 kPack=2' | FileCheck %s --check-prefix=FORCED
// RUN: triton-opt %s -split-input-file -tritonamdgpu-accelerate-matmul='matrix-instruction-size=32' | FileCheck %s --check-prefix=WIDE
// RUN: triton-opt %s -split-input-file -tritonamdgpu-accelerate-matmul='gfx-arch=gfx90a kPack=2' | FileCheck %s --check-prefix=SMALL90A
// RUN: not triton-opt %s -split-input-file -tritonamdgpu-accelerate-matmul='kPack=3' 2>&1 | FileCheck %s --check-prefix=BADPACK
// RUN: triton-opt %s -split-input-file -tritonamdgpu-accelerate-matmul -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: triton-opt %s -split-input-file -tritonamdgpu-accelerate-matmul='gfx-arch=gfx90a' -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK90A

// A forced 32x32 instruction is taken even by a tile only 16 wide, which
// then repeats over the instruction's columns (and, with more warps along N
// than N has columns, the warps swap to [1, 4]); chosen freely, 16x16 fits.
// CHECK: #[[NARROW:.*]] = #ttg.amd_mfma<{version = 3, warpsPerCTA = [4, 1], instrShape = [16, 16, 16], isTransposed = true}>
// CHECK-LABEL: tt.func @narrow
// CHECK: tt.dot {{.*}} -> tensor<128x16xf32, #[[NARROW]]>
// WIDE: #[[WIDE:.*]] = #ttg.amd_mfma<{version = 3, warpsPerCTA = [1, 4], instrShape = [32, 32, 8], isTransposed = true}>
// WIDE-LABEL: tt.func @narrow
// WIDE: tt.dot {{.*}} -> tensor<128x16xf32, #[[WIDE]]>
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [16, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @narrow(%a: tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<64x16xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>) -> tensor<128x16xf32, #blocked> {
    %z = arith.constant dense<0.000000e+00> : tensor<128x16xf32, #blocked>
    %d = tt.dot %a, %b, %z : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<64x16xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<128x16xf32, #blocked>
    tt.return %d : tensor<128x16xf32, #blocked>
  }
}

// -----

// The corpus matmul's dot on gfx942 (Triton 3.6's gfx942 matmul_fp16.ttgir):
// 128x128 over 4 warps, 32x32 instructions, warps [2, 2], transposed, fp16
// operands with kWidth 4; accumulator and result converted.
// CHECK: #[[MMA:.*]] = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = true}>
// CHECK-LABEL: tt.func @f16
// CHECK: %[[A:.*]] = ttg.convert_layout %arg0 : {{.*}} -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #[[MMA]], kWidth = 4}>>
// CHECK: %[[B:.*]] = ttg.convert_layout %arg1 : {{.*}} -> tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #[[MMA]], kWidth = 4}>>
// CHECK: %[[C:.*]] = ttg.convert_layout %arg2 : {{.*}} -> tensor<128x128xf32, #[[MMA]]>
// CHECK: %[[D:.*]] = tt.dot %[[A]], %[[B]], %[[C]] : {{.*}} -> tensor<128x128xf32, #[[MMA]]>
// CHECK: ttg.convert_layout %[[D]] : tensor<128x128xf32, #[[MMA]]> -> tensor<128x128xf32, #blocked>
// With the options: gfx90a (version 2), 16x16 forced, kWidth 4 * kPack 2;
// warps for 16x16 tiles.
// FORCED: #[[MMA:.*]] = #ttg.amd_mfma<{version = 2, warpsPerCTA = [2, 2], instrShape = [16, 16, 16], isTransposed = true}>
// FORCED-LABEL: tt.func @f16
// FORCED: ttg.convert_layout %arg0 : {{.*}} -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #[[MMA]], kWidth = 8}>>
// BADPACK: error: kPack = 3: expected 1 or 2
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @f16(%a: tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<128x128xf32, #blocked>) -> tensor<128x128xf32, #blocked> {
    %d = tt.dot %a, %b, %c : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<128x128xf32, #blocked>
    tt.return %d : tensor<128x128xf32, #blocked>
  }
}

// -----

// 64x64 over 8 warps: M gets a doubling while it has twice N's tiles per
// warp, else N: [2, 4], which gives N more warps than tiles, so [4, 2].
// int8 into int32 on gfx942: kWidth 8 (K 16).
// CHECK: #[[MMA:.*]] = #ttg.amd_mfma<{version = 3, warpsPerCTA = [4, 2], instrShape = [32, 32, 16], isTransposed = true}>
// CHECK-LABEL: tt.func @i8
// CHECK: tensor<64x64xi8, #ttg.dot_op<{opIdx = 0, parent = #[[MMA]], kWidth = 8}>>
// CHECK: tt.dot {{.*}} -> tensor<64x64xi32, #[[MMA]]>
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @i8(%a: tensor<64x64xi8, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<64x64xi8, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<64x64xi32, #blocked>) -> tensor<64x64xi32, #blocked> {
    %d = tt.dot %a, %b, %c : tensor<64x64xi8, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<64x64xi8, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xi32, #blocked>
    tt.return %d : tensor<64x64xi32, #blocked>
  }
}

// -----

// Tiles of 16 (min(M, N) < 32): 16x16 instructions; bf16 on gfx90a; M has a
// single tile, so every warp goes along N.
// CHECK: #[[MMA:.*]] = #ttg.amd_mfma<{version = 2, warpsPerCTA = [1, 4], instrShape = [16, 16, 16], isTransposed = true}>
// CHECK-LABEL: tt.func @bf16
// CHECK: tensor<16x32xbf16, #ttg.dot_op<{opIdx = 0, parent = #[[MMA]], kWidth = 4}>>
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx90a", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @bf16(%a: tensor<16x32xbf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<32x64xbf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<16x64xf32, #blocked>) -> tensor<16x64xf32, #blocked> {
    %d = tt.dot %a, %b, %c : tensor<16x32xbf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x64xbf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<16x64xf32, #blocked>
    tt.return %d : tensor<16x64xf32, #blocked>
  }
}

// -----

// fp32: ieee on the f32 instruction (K 2, kWidth 1), tf32 on gfx942's xf32
// (K 4, kWidth 2); an f16 accumulator is widened to f32 and the result
// narrowed back.
// CHECK: #[[MMA:.*]] = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 2], isTransposed = true}>
// CHECK: #[[XF:.*]] = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 4], isTransposed = true}>
// CHECK: #[[H:.*]] = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = true}>
// CHECK-LABEL: tt.func @f32
// CHECK: tensor<64x16xf32, #ttg.dot_op<{opIdx = 0, parent = #[[MMA]], kWidth = 1}>>
// CHECK-LABEL: tt.func @xf32
// CHECK: tensor<64x16xf32, #ttg.dot_op<{opIdx = 0, parent = #[[XF]], kWidth = 2}>>
// CHECK: tt.dot {{.*}}, inputPrecision = tf32 : {{.*}} -> tensor<64x64xf32, #[[XF]]>
// CHECK-LABEL: tt.func @f16_acc
// CHECK: %[[C:.*]] = ttg.convert_layout %arg2 : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #[[H]]>
// CHECK: %[[W:.*]] = arith.extf %[[C]] : tensor<64x64xf16, #[[H]]> to tensor<64x64xf32, #[[H]]>
// CHECK: %[[D:.*]] = tt.dot {{.*}}, %[[W]] : {{.*}} -> tensor<64x64xf32, #[[H]]>
// CHECK: %[[R:.*]] = ttg.convert_layout %[[D]] : tensor<64x64xf32, #[[H]]> -> tensor<64x64xf32, #blocked>
// CHECK: arith.truncf %[[R]] : tensor<64x64xf32, #blocked> to tensor<64x64xf16, #blocked>
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @f32(%a: tensor<64x16xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<16x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<64x64xf32, #blocked>) -> tensor<64x64xf32, #blocked> {
    %d = tt.dot %a, %b, %c, inputPrecision = ieee : tensor<64x16xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<16x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf32, #blocked>
    tt.return %d : tensor<64x64xf32, #blocked>
  }
  tt.func @xf32(%a: tensor<64x16xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<16x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<64x64xf32, #blocked>) -> tensor<64x64xf32, #blocked> {
    %d = tt.dot %a, %b, %c, inputPrecision = tf32 : tensor<64x16xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<16x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf32, #blocked>
    tt.return %d : tensor<64x64xf32, #blocked>
  }
  tt.func @f16_acc(%a: tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<64x64xf16, #blocked>) -> tensor<64x64xf16, #blocked> {
    %d = tt.dot %a, %b, %c : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf16, #blocked>
    tt.return %d : tensor<64x64xf16, #blocked>
  }
}

// -----

// gfx942's fnuz fp8 (any pairing) takes MFMA (K 16, kWidth 8); the OCP fp8
// types, whose values are all f16 values, are converted to f16 for f16
// MFMAs (K 8, kWidth 4); mixed types, tiles under 16 and K not a multiple
// of the instruction's stay on FMAs (@small's 8x64 would take 4x64 MFMAs,
// whose K is 64).
// CHECK-DAG: #[[MMA:.*]] = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 16], isTransposed = true}>
// CHECK-DAG: #[[MMA16:.*]] = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = true}>
// CHECK-LABEL: tt.func @fnuz
// CHECK: tensor<64x32xf8E4M3FNUZ, #ttg.dot_op<{opIdx = 0, parent = #[[MMA]], kWidth = 8}>>
// CHECK: tt.dot {{.*}} -> tensor<64x64xf32, #[[MMA]]>
// CHECK-LABEL: tt.func @ocp_fp8
// CHECK: tt.fp_to_fp {{.*}} : tensor<64x32xf8E4M3FN, #ttg.dot_op<{opIdx = 0, parent = #[[MMA16]], kWidth = 4}>> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #[[MMA16]], kWidth = 4}>>
// CHECK: tt.fp_to_fp {{.*}} -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #[[MMA16]], kWidth = 4}>>
// CHECK: tt.dot {{.*}} -> tensor<64x64xf32, #[[MMA16]]>
// CHECK-LABEL: tt.func @small
// CHECK: tt.dot {{.*}} -> tensor<8x64xf32, #blocked>
// CHECK-LABEL: tt.func @short_k
// CHECK: tt.dot {{.*}} -> tensor<64x64xf32, #blocked>
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @fnuz(%a: tensor<64x32xf8E4M3FNUZ, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<32x64xf8E5M2FNUZ, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<64x64xf32, #blocked>) -> tensor<64x64xf32, #blocked> {
    %d = tt.dot %a, %b, %c : tensor<64x32xf8E4M3FNUZ, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x64xf8E5M2FNUZ, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf32, #blocked>
    tt.return %d : tensor<64x64xf32, #blocked>
  }
  // OCP fp8 runs as f16 MFMAs, with Triton 3.6's remarks (the second on
  // gfx942 only).
  // REMARK: remark: missing native support for fp8 variant on current architecture; emulated with fp16 so low performance
  // REMARK-NEXT: tt.dot %a, %b, %c
  // REMARK: remark: for gfx942 please use native supported fp8 variants
  // Dots left on FMAs get Triton 3.6's remarks: why no instruction was
  // taken, then (from the FMA legalization) one each.
  // REMARK: remark: Unable to select MFMA intrinsic 'rocdl.mfma.f32.4x4x4f16' as MFMA intrinsic k-dimension size kDim=64, which is not a multiple of tile k-dimension size inputKSize=32. Using this intrinsic would introduce data duplication.
  // REMARK: remark: Unable to select MFMA intrinsic 'rocdl.mfma.f32.32x32x8f16' as MFMA intrinsic k-dimension size kDim=8, which is not a multiple of tile k-dimension size inputKSize=4.
  // REMARK-COUNT-2: remark: Attempting to map dot operation to FMA intrinsic.
  // REMARK90A: remark: missing native support for fp8 variant on current architecture; emulated with fp16 so low performance
  // REMARK90A-NOT: for gfx942 please use
  tt.func @ocp_fp8(%a: tensor<64x32xf8E4M3FN, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<32x64xf8E4M3FN, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<64x64xf32, #blocked>) -> tensor<64x64xf32, #blocked> {
    %d = tt.dot %a, %b, %c : tensor<64x32xf8E4M3FN, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x64xf8E4M3FN, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf32, #blocked>
    tt.return %d : tensor<64x64xf32, #blocked>
  }
  tt.func @small(%a: tensor<8x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<8x64xf32, #blocked>) -> tensor<8x64xf32, #blocked> {
    %d = tt.dot %a, %b, %c : tensor<8x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<8x64xf32, #blocked>
    tt.return %d : tensor<8x64xf32, #blocked>
  }
  tt.func @short_k(%a: tensor<64x4xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<4x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<64x64xf32, #blocked>) -> tensor<64x64xf32, #blocked> {
    %d = tt.dot %a, %b, %c : tensor<64x4xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<4x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf32, #blocked>
    tt.return %d : tensor<64x64xf32, #blocked>
  }
}

// -----

// Tiles with a side under 16 (but at least 4) and the other at least 64
// take the 16-block 4x4 instructions as one 4x64 tile (N >= 64, left
// untransposed: its broadcast A goes first) or 64x4 tile (M >= 64,
// transposed), K 64 (16 for f32), as Triton 3.6 (its test
// accelerate-amd-matmul-mfma.mlir, small_m_size_mfma: 4x128 over 2 warps).
// fnuz fp8 and xf32 have no such instruction; 8x8 neither side reaches 64.
// CHECK-DAG: #[[M4:.*]] = #ttg.amd_mfma<{version = 3, warpsPerCTA = [1, 2], instrShape = [4, 64, 64], isTransposed = false}>
// CHECK-DAG: #[[N4:.*]] = #ttg.amd_mfma<{version = 3, warpsPerCTA = [1, 2], instrShape = [64, 4, 64], isTransposed = true}>
// CHECK-DAG: #[[N4F32:.*]] = #ttg.amd_mfma<{version = 3, warpsPerCTA = [1, 2], instrShape = [64, 4, 16], isTransposed = true}>
// CHECK-LABEL: tt.func @small_m
// CHECK: tensor<4x64xf16, #ttg.dot_op<{opIdx = 0, parent = #[[M4]], kWidth = 4}>>
// CHECK: tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #[[M4]], kWidth = 4}>>
// CHECK: tt.dot {{.*}} -> tensor<4x128xf32, #[[M4]]>
// CHECK-LABEL: tt.func @small_n_bf16
// CHECK: tt.dot {{.*}} : tensor<128x64xbf16, #ttg.dot_op<{opIdx = 0, parent = #[[N4]], kWidth = 4}>> * {{.*}} -> tensor<128x8xf32, #[[N4]]>
// CHECK-LABEL: tt.func @small_n_i8
// CHECK: tt.dot {{.*}} : tensor<128x64xi8, #ttg.dot_op<{opIdx = 0, parent = #[[N4]], kWidth = 4}>> * {{.*}} -> tensor<128x8xi32, #[[N4]]>
// CHECK-LABEL: tt.func @small_n_f32
// CHECK: tt.dot {{.*}} : tensor<128x16xf32, #ttg.dot_op<{opIdx = 0, parent = #[[N4F32]], kWidth = 1}>> * {{.*}} -> tensor<128x8xf32, #[[N4F32]]>
// CHECK-LABEL: tt.func @small_n_xf32
// CHECK: tt.dot {{.*}} -> tensor<128x8xf32, #blocked1>
// CHECK-LABEL: tt.func @small_n_fnuz
// CHECK: tt.dot {{.*}} -> tensor<128x8xf32, #blocked1>
// CHECK-LABEL: tt.func @tiny
// CHECK: tt.dot {{.*}} -> tensor<8x8xf32, #blocked1>
// The remarks of the three left on FMAs (3.6's words: the tile tried, 0x0
// where there is none).
// REMARK: remark: Unable to select MFMA intrinsic for the request: version=3, result-shape=(128x8), selected-tiles=(64x4), inputKSize=16, aElemType='f32', bElemType='f32', withScale=false, allowXF32=true
// REMARK: remark: Unable to select MFMA intrinsic for the request: version=3, result-shape=(128x8), selected-tiles=(64x4), inputKSize=64, aElemType='f8E4M3FNUZ', bElemType='f8E4M3FNUZ', withScale=false, allowXF32=false
// REMARK: remark: Unable to select MFMA intrinsic for the request: version=3, result-shape=(8x8), selected-tiles=(0x0), inputKSize=64, aElemType='f16', bElemType='f16', withScale=false, allowXF32=false
// REMARK-COUNT-3: remark: Attempting to map dot operation to FMA intrinsic.
// gfx90a (version 2) has the same instructions; kPack 2 doubles kWidth.
// SMALL90A: #[[M4:.*]] = #ttg.amd_mfma<{version = 2, warpsPerCTA = [1, 2], instrShape = [4, 64, 64], isTransposed = false}>
// SMALL90A-LABEL: tt.func @small_m
// SMALL90A: tensor<4x64xf16, #ttg.dot_op<{opIdx = 0, parent = #[[M4]], kWidth = 8}>>
#blocked = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [1, 64], warpsPerCTA = [1, 2], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 8], warpsPerCTA = [2, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @small_m(%a: tensor<4x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>) -> tensor<4x128xf32, #blocked> {
    %z = arith.constant dense<0.000000e+00> : tensor<4x128xf32, #blocked>
    %d = tt.dot %a, %b, %z : tensor<4x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<4x128xf32, #blocked>
    tt.return %d : tensor<4x128xf32, #blocked>
  }
  tt.func @small_n_bf16(%a: tensor<128x64xbf16, #ttg.dot_op<{opIdx = 0, parent = #blocked1}>>, %b: tensor<64x8xbf16, #ttg.dot_op<{opIdx = 1, parent = #blocked1}>>, %c: tensor<128x8xf32, #blocked1>) -> tensor<128x8xf32, #blocked1> {
    %d = tt.dot %a, %b, %c : tensor<128x64xbf16, #ttg.dot_op<{opIdx = 0, parent = #blocked1}>> * tensor<64x8xbf16, #ttg.dot_op<{opIdx = 1, parent = #blocked1}>> -> tensor<128x8xf32, #blocked1>
    tt.return %d : tensor<128x8xf32, #blocked1>
  }
  tt.func @small_n_i8(%a: tensor<128x64xi8, #ttg.dot_op<{opIdx = 0, parent = #blocked1}>>, %b: tensor<64x8xi8, #ttg.dot_op<{opIdx = 1, parent = #blocked1}>>, %c: tensor<128x8xi32, #blocked1>) -> tensor<128x8xi32, #blocked1> {
    %d = tt.dot %a, %b, %c : tensor<128x64xi8, #ttg.dot_op<{opIdx = 0, parent = #blocked1}>> * tensor<64x8xi8, #ttg.dot_op<{opIdx = 1, parent = #blocked1}>> -> tensor<128x8xi32, #blocked1>
    tt.return %d : tensor<128x8xi32, #blocked1>
  }
  tt.func @small_n_f32(%a: tensor<128x16xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked1}>>, %b: tensor<16x8xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked1}>>, %c: tensor<128x8xf32, #blocked1>) -> tensor<128x8xf32, #blocked1> {
    %d = tt.dot %a, %b, %c, inputPrecision = ieee : tensor<128x16xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked1}>> * tensor<16x8xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked1}>> -> tensor<128x8xf32, #blocked1>
    tt.return %d : tensor<128x8xf32, #blocked1>
  }
  tt.func @small_n_xf32(%a: tensor<128x16xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked1}>>, %b: tensor<16x8xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked1}>>, %c: tensor<128x8xf32, #blocked1>) -> tensor<128x8xf32, #blocked1> {
    %d = tt.dot %a, %b, %c, inputPrecision = tf32 : tensor<128x16xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked1}>> * tensor<16x8xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked1}>> -> tensor<128x8xf32, #blocked1>
    tt.return %d : tensor<128x8xf32, #blocked1>
  }
  tt.func @small_n_fnuz(%a: tensor<128x64xf8E4M3FNUZ, #ttg.dot_op<{opIdx = 0, parent = #blocked1}>>, %b: tensor<64x8xf8E4M3FNUZ, #ttg.dot_op<{opIdx = 1, parent = #blocked1}>>, %c: tensor<128x8xf32, #blocked1>) -> tensor<128x8xf32, #blocked1> {
    %d = tt.dot %a, %b, %c : tensor<128x64xf8E4M3FNUZ, #ttg.dot_op<{opIdx = 0, parent = #blocked1}>> * tensor<64x8xf8E4M3FNUZ, #ttg.dot_op<{opIdx = 1, parent = #blocked1}>> -> tensor<128x8xf32, #blocked1>
    tt.return %d : tensor<128x8xf32, #blocked1>
  }
  tt.func @tiny(%a: tensor<8x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked1}>>, %b: tensor<64x8xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked1}>>, %c: tensor<8x8xf32, #blocked1>) -> tensor<8x8xf32, #blocked1> {
    %d = tt.dot %a, %b, %c : tensor<8x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked1}>> * tensor<64x8xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked1}>> -> tensor<8x8xf32, #blocked1>
    tt.return %d : tensor<8x8xf32, #blocked1>
  }
}

// -----

// Chained dots (attention): the first puts every warp along M; so does the
// second, as M has a 32-row tile for each; its A comes from the first's
// result, so its kWidth is not multiplied by kPack. Not an AMD CDNA target
// (cuda, gfx1100): nothing changes.
// CHECK-LABEL: tt.func @chain
// CHECK: tt.dot {{.*}} -> tensor<128x64xf32, #[[MMA:.*]]>
// CHECK: tt.dot {{.*}} -> tensor<128x64xf32, #[[MMA]]>
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @chain(%q: tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %k: tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %v: tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<128x64xf32, #blocked>) -> tensor<128x64xf32, #blocked> {
    %s = tt.dot %q, %k, %c : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<128x64xf32, #blocked>
    %p = arith.truncf %s : tensor<128x64xf32, #blocked> to tensor<128x64xf16, #blocked>
    %pa = ttg.convert_layout %p : tensor<128x64xf16, #blocked> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %o = tt.dot %pa, %v, %c : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<128x64xf32, #blocked>
    tt.return %o : tensor<128x64xf32, #blocked>
  }
}

// -----

// A short chain (decoding: 32 rows): the first dot keeps every warp along M,
// the second only as many as M has tiles (one of 32 rows; two of 16 with
// 16x16 forced), the rest along N.
// CHECK: #[[FIRST:.*]] = #ttg.amd_mfma<{version = 3, warpsPerCTA = [4, 1], instrShape = [32, 32, 8], isTransposed = true}>
// CHECK: #[[SECOND:.*]] = #ttg.amd_mfma<{version = 3, warpsPerCTA = [1, 4], instrShape = [32, 32, 8], isTransposed = true}>
// CHECK-LABEL: tt.func @short_chain
// CHECK: tt.dot {{.*}} -> tensor<32x32xf32, #[[FIRST]]>
// CHECK: tt.dot {{.*}} : tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #[[SECOND]], kWidth = 4}>> * {{.*}} -> tensor<32x128xf32, #[[SECOND]]>
// FORCED: #[[FIRST:.*]] = #ttg.amd_mfma<{version = 2, warpsPerCTA = [4, 1], instrShape = [16, 16, 16], isTransposed = true}>
// FORCED: #[[SECOND:.*]] = #ttg.amd_mfma<{version = 2, warpsPerCTA = [2, 2], instrShape = [16, 16, 16], isTransposed = true}>
// FORCED-LABEL: tt.func @short_chain
// FORCED: tt.dot {{.*}} -> tensor<32x32xf32, #[[FIRST]]>
// FORCED: tt.dot {{.*}} : tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #[[SECOND]], kWidth = 4}>> * {{.*}} -> tensor<32x128xf32, #[[SECOND]]>
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [16, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @short_chain(%q: tensor<32x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %k: tensor<64x32xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %v: tensor<32x128xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>) -> tensor<32x128xf32, #blocked> {
    %zs = arith.constant dense<0.000000e+00> : tensor<32x32xf32, #blocked>
    %zo = arith.constant dense<0.000000e+00> : tensor<32x128xf32, #blocked>
    %s = tt.dot %q, %k, %zs : tensor<32x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<64x32xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<32x32xf32, #blocked>
    %p = arith.truncf %s : tensor<32x32xf32, #blocked> to tensor<32x32xf16, #blocked>
    %pa = ttg.convert_layout %p : tensor<32x32xf16, #blocked> -> tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %o = tt.dot %pa, %v, %zo : tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x128xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<32x128xf32, #blocked>
    tt.return %o : tensor<32x128xf32, #blocked>
  }
}

// -----

// A dot whose result is another's accumulator, both reading the same A
// argument, is no chain (no A operand comes from a dot): each gets the warps
// of a lone dot (128x128 over 4 warps: [2, 2]).
// CHECK: #[[LONE:.*]] = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = true}>
// CHECK-LABEL: tt.func @accumulator_chain
// CHECK: tt.dot {{.*}} -> tensor<128x128xf32, #[[LONE]]>
// CHECK: tt.dot {{.*}} -> tensor<128x128xf32, #[[LONE]]>
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [16, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @accumulator_chain(%a: tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>) -> tensor<128x128xf32, #blocked> {
    %z = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #blocked>
    %x = tt.dot %a, %b, %z : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<128x128xf32, #blocked>
    %y = tt.dot %a, %c, %x : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<128x128xf32, #blocked>
    tt.return %y : tensor<128x128xf32, #blocked>
  }
}

// -----

// CHECK-LABEL: tt.func @rdna
// CHECK: tt.dot {{.*}} -> tensor<64x64xf32, #blocked>
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx1100", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @rdna(%a: tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<64x64xf32, #blocked>) -> tensor<64x64xf32, #blocked> {
    %d = tt.dot %a, %b, %c : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf32, #blocked>
    tt.return %d : tensor<64x64xf32, #blocked>
  }
}

// -----

// Dots too small for MFMA stay on FMAs, in one type throughout: i8 into an
// i8 accumulator runs in f16 (sitofp in, fptosi out); bf16 runs in f32; an
// fp8 operand is widened to the f32 accumulator's type; f16 x f16 into f32
// (a CDNA dot instruction) stays as it is.
// CHECK-LABEL: tt.func @fma_types
// CHECK-DAG: %[[A:.*]] = arith.sitofp %arg0 : tensor<2x64xi8, {{.*}}> to tensor<2x64xf16,
// CHECK-DAG: %[[B:.*]] = arith.sitofp %arg1 : tensor<64x64xi8, {{.*}}> to tensor<64x64xf16,
// CHECK: %[[D:.*]] = tt.dot %[[A]], %[[B]], %{{.*}} : {{.*}} -> tensor<2x64xf16, #blocked>
// CHECK: arith.fptosi %[[D]] : tensor<2x64xf16, #blocked> to tensor<2x64xi8, #blocked>
// CHECK: tt.fp_to_fp %arg2 : tensor<2x64xbf16, {{.*}}> -> tensor<2x64xf32,
// CHECK: %[[H:.*]] = tt.dot {{.*}} -> tensor<2x64xf32, #blocked>
// CHECK: tt.fp_to_fp %[[H]], rounding = rtne : tensor<2x64xf32, #blocked> -> tensor<2x64xbf16, #blocked>
// CHECK: tt.fp_to_fp %arg4 : tensor<2x64xf8E5M2, {{.*}}> -> tensor<2x64xf32,
// CHECK: tt.dot {{.*}} -> tensor<2x64xf32, #blocked>
// CHECK: tt.dot %arg6, %arg7, %{{.*}} : tensor<2x64xf16, {{.*}}> * tensor<64x64xf16, {{.*}}> -> tensor<2x64xf32, #blocked>
#blocked = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [8, 8], warpsPerCTA = [2, 2], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @fma_types(%arg0: tensor<2x64xi8, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %arg1: tensor<64x64xi8, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>,
                     %arg2: tensor<2x64xbf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %arg3: tensor<64x64xbf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>,
                     %arg4: tensor<2x64xf8E5M2, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %arg5: tensor<64x64xf8E5M2, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>,
                     %arg6: tensor<2x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %arg7: tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>)
      -> (tensor<2x64xi8, #blocked>, tensor<2x64xbf16, #blocked>, tensor<2x64xf32, #blocked>, tensor<2x64xf32, #blocked>) {
    %zi = arith.constant dense<0> : tensor<2x64xi8, #blocked>
    %zb = arith.constant dense<0.0> : tensor<2x64xbf16, #blocked>
    %zf = arith.constant dense<0.0> : tensor<2x64xf32, #blocked>
    %0 = tt.dot %arg0, %arg1, %zi : tensor<2x64xi8, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<64x64xi8, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<2x64xi8, #blocked>
    %1 = tt.dot %arg2, %arg3, %zb : tensor<2x64xbf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<64x64xbf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<2x64xbf16, #blocked>
    %2 = tt.dot %arg4, %arg5, %zf : tensor<2x64xf8E5M2, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<64x64xf8E5M2, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<2x64xf32, #blocked>
    %3 = tt.dot %arg6, %arg7, %zf : tensor<2x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<2x64xf32, #blocked>
    tt.return %0, %1, %2, %3 : tensor<2x64xi8, #blocked>, tensor<2x64xbf16, #blocked>, tensor<2x64xf32, #blocked>, tensor<2x64xf32, #blocked>
  }
}

// -----

// A dot on tensors without layouts (TTIR) is left alone.
// CHECK-LABEL: tt.func @no_layouts
// CHECK: tt.dot {{.*}} -> tensor<32x32xf32>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 64 : i32, ttg.target = "hip:gfx942"} {
  tt.func @no_layouts(%a: tensor<32x32xf16>, %b: tensor<32x32xf16>, %c: tensor<32x32xf32>) -> tensor<32x32xf32> {
    %d = tt.dot %a, %b, %c : tensor<32x32xf16> * tensor<32x32xf16> -> tensor<32x32xf32>
    tt.return %d : tensor<32x32xf32>
  }
}
