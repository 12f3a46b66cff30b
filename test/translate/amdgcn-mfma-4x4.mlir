// RUN: triton-opt %s -tritonamdgpu-accelerate-matmul -tritongpu-remove-layout-conversions -tritongpu-reduce-data-duplication -canonicalize -allocate-shared-memory -convert-triton-amdgpu-to-llvm -canonicalize -cse -reconcile-unrealized-casts -o %t.mlir
// RUN: triton-translate --mlir-to-amdgcn %t.mlir -o %t.s
// RUN: FileCheck %s --input-file=%t.s
// RUN: %if llvm-mc %{ llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx942 -filetype=obj %t.s -o %t.o %}
// RUN: sed 's/hip:gfx942/hip:gfx90a/' %s > %t.90a.mlir
// RUN: triton-opt %t.90a.mlir -tritonamdgpu-accelerate-matmul -tritongpu-remove-layout-conversions -tritongpu-reduce-data-duplication -canonicalize -allocate-shared-memory -convert-triton-amdgpu-to-llvm -canonicalize -cse -reconcile-unrealized-casts -o %t.90a.llvm.mlir
// RUN: triton-translate --mlir-to-amdgcn %t.90a.llvm.mlir -o %t.90a.s
// RUN: FileCheck %s --input-file=%t.90a.s --check-prefix=GFX90A
// RUN: %if llvm-mc %{ llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx90a -filetype=obj %t.90a.s -o %t.90a.o %}

// Triton 3.6's small_m_size_mfma shape (C[4x128] += A[4x64] B[64x128],
// f16, 2 warps) from a blocked-layout kernel to AMDGCN: a 4x64 MFMA layout,
// then per warp 16 of the 16-block 4x4 instructions, A's register pair
// broadcast from block 0, 1, ..., 15 (cbsz:4 abid:N) and B's K run for it,
// accumulating into one 4-register result; LLVM 22's assembler takes them
// (gfx942's _16b_ spelling, gfx90a's older one). Execution:
// test/passes/TritonAMDGPU/tritonamdgpu-small-mfma-simt.test.
// CHECK-LABEL: mm:
// CHECK: v_mfma_f32_4x4x4_16b_f16 [[ACC:v\[[0-9]+:[0-9]+\]]], [[A:v\[[0-9]+:[0-9]+\]]], v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}] cbsz:4{{$}}
// CHECK: v_mfma_f32_4x4x4_16b_f16 [[ACC]], [[A]], v[{{[0-9]+:[0-9]+}}], [[ACC]] cbsz:4 abid:1{{$}}
// CHECK-COUNT-13: v_mfma_f32_4x4x4_16b_f16 [[ACC]], [[A]], v[{{[0-9]+:[0-9]+}}], [[ACC]] cbsz:4 abid:
// CHECK: v_mfma_f32_4x4x4_16b_f16 [[ACC]], [[A]], v[{{[0-9]+:[0-9]+}}], [[ACC]] cbsz:4 abid:15{{$}}
// CHECK-NOT: v_mfma
// GFX90A-LABEL: mm:
// GFX90A-COUNT-16: v_mfma_f32_4x4x4f16 {{.*}} cbsz:4
// GFX90A-NOT: v_mfma
#bl = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 8], warpsPerCTA = [2, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func public @mm(%pa: !tt.ptr<f16>, %pb: !tt.ptr<f16>, %pc: !tt.ptr<f32>) {
    %ai = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32, #ttg.slice<{dim = 1, parent = #bl}>>
    %aie = tt.expand_dims %ai {axis = 1 : i32} : tensor<4xi32, #ttg.slice<{dim = 1, parent = #bl}>> -> tensor<4x1xi32, #bl>
    %aj = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #bl}>>
    %aje = tt.expand_dims %aj {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #bl}>> -> tensor<1x64xi32, #bl>
    %an = arith.constant dense<64> : tensor<4x1xi32, #bl>
    %ar = arith.muli %aie, %an : tensor<4x1xi32, #bl>
    %arb = tt.broadcast %ar : tensor<4x1xi32, #bl> -> tensor<4x64xi32, #bl>
    %acb = tt.broadcast %aje : tensor<1x64xi32, #bl> -> tensor<4x64xi32, #bl>
    %ao = arith.addi %arb, %acb : tensor<4x64xi32, #bl>
    %as = tt.splat %pa : !tt.ptr<f16> -> tensor<4x64x!tt.ptr<f16>, #bl>
    %ap = tt.addptr %as, %ao : tensor<4x64x!tt.ptr<f16>, #bl>, tensor<4x64xi32, #bl>
    %a = tt.load %ap : tensor<4x64x!tt.ptr<f16>, #bl>
    %bi = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #bl}>>
    %bie = tt.expand_dims %bi {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #bl}>> -> tensor<64x1xi32, #bl>
    %bj = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #bl}>>
    %bje = tt.expand_dims %bj {axis = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #bl}>> -> tensor<1x128xi32, #bl>
    %bn = arith.constant dense<128> : tensor<64x1xi32, #bl>
    %br = arith.muli %bie, %bn : tensor<64x1xi32, #bl>
    %brb = tt.broadcast %br : tensor<64x1xi32, #bl> -> tensor<64x128xi32, #bl>
    %bcb = tt.broadcast %bje : tensor<1x128xi32, #bl> -> tensor<64x128xi32, #bl>
    %bo = arith.addi %brb, %bcb : tensor<64x128xi32, #bl>
    %bs = tt.splat %pb : !tt.ptr<f16> -> tensor<64x128x!tt.ptr<f16>, #bl>
    %bp = tt.addptr %bs, %bo : tensor<64x128x!tt.ptr<f16>, #bl>, tensor<64x128xi32, #bl>
    %b = tt.load %bp : tensor<64x128x!tt.ptr<f16>, #bl>
    %ci = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32, #ttg.slice<{dim = 1, parent = #bl}>>
    %cie = tt.expand_dims %ci {axis = 1 : i32} : tensor<4xi32, #ttg.slice<{dim = 1, parent = #bl}>> -> tensor<4x1xi32, #bl>
    %cj = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #bl}>>
    %cje = tt.expand_dims %cj {axis = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #bl}>> -> tensor<1x128xi32, #bl>
    %cn = arith.constant dense<128> : tensor<4x1xi32, #bl>
    %cr = arith.muli %cie, %cn : tensor<4x1xi32, #bl>
    %crb = tt.broadcast %cr : tensor<4x1xi32, #bl> -> tensor<4x128xi32, #bl>
    %ccb = tt.broadcast %cje : tensor<1x128xi32, #bl> -> tensor<4x128xi32, #bl>
    %co = arith.addi %crb, %ccb : tensor<4x128xi32, #bl>
    %cs = tt.splat %pc : !tt.ptr<f32> -> tensor<4x128x!tt.ptr<f32>, #bl>
    %cp = tt.addptr %cs, %co : tensor<4x128x!tt.ptr<f32>, #bl>, tensor<4x128xi32, #bl>
    %c = tt.load %cp : tensor<4x128x!tt.ptr<f32>, #bl>
    %ad = ttg.convert_layout %a : tensor<4x64xf16, #bl> -> tensor<4x64xf16, #ttg.dot_op<{opIdx = 0, parent = #bl}>>
    %bd = ttg.convert_layout %b : tensor<64x128xf16, #bl> -> tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #bl}>>
    %d = tt.dot %ad, %bd, %c : tensor<4x64xf16, #ttg.dot_op<{opIdx = 0, parent = #bl}>> * tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #bl}>> -> tensor<4x128xf32, #bl>
    tt.store %cp, %d : tensor<4x128x!tt.ptr<f32>, #bl>
    tt.return
  }
}

