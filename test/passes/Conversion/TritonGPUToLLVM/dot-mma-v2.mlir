// RUN: triton-opt %s -split-input-file -convert-triton-gpu-to-llvm -canonicalize | FileCheck %s
// RUN: triton-opt %s -split-input-file -convert-triton-gpu-to-llvm -reconcile-unrealized-casts -o %t.mlir
// RUN: triton-translate --mlir-to-ptx %t.mlir -o %t.ptx
// RUN: %ptxas --gpu-name=sm_80 %t.ptx -o %t.cubin
// REQUIRES: ptxas

// mma.sync per 16x8 accumulator tile and K step. A 32x32 tile over 4 warps
// along M: each warp has 16 rows, 4 column tiles of 8, 2 K steps of 16 (fp16).
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // 32x32 over warps [2, 2]: each warp a 16x16 block, two 16x8 tiles, two
  // K steps: 4 instructions.
  // CHECK-LABEL: llvm.func internal @f16
  // CHECK-COUNT-4: "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {$0, $1, $2, $3}, {$4, $5, $6, $7}, {$8, $9}, {$10, $11, $12, $13};", "=f,=f,=f,=f,r,r,r,r,r,r,f,f,f,f"
  // CHECK-NOT: mma.sync
  tt.func private @f16(%a: tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %b: tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %c: tensor<32x32xf32, #mma>) -> tensor<32x32xf32, #mma> {
    %d = tt.dot %a, %b, %c : tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<32x32xf32, #mma>
    tt.return %d : tensor<32x32xf32, #mma>
  }

  // tf32: K steps of 8; int8: of 32 into int32; fp16 accumulators pack pairs.
  // CHECK-LABEL: llvm.func internal @others
  // CHECK: mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32
  // CHECK: mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32 {$0, $1, $2, $3}, {$4, $5, $6, $7}, {$8, $9}, {$10, $11, $12, $13};", "=r,=r,=r,=r,r,r,r,r,r,r,r,r,r,r"
  // CHECK: mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16 {$0, $1}, {$2, $3, $4, $5}, {$6, $7}, {$8, $9};", "=r,=r,r,r,r,r,r,r,r,r"
  tt.func private @others(%a: tensor<32x32xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>, %b: tensor<32x32xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>>, %c: tensor<32x32xf32, #mma>,
                          %ia: tensor<32x32xi8, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>, %ib: tensor<32x32xi8, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>, %ic: tensor<32x32xi32, #mma>,
                          %ha: tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %hb: tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %hc: tensor<32x32xf16, #mma>)
      -> (tensor<32x32xf32, #mma>, tensor<32x32xi32, #mma>, tensor<32x32xf16, #mma>) {
    %d = tt.dot %a, %b, %c, inputPrecision = tf32 : tensor<32x32xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>> * tensor<32x32xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>> -> tensor<32x32xf32, #mma>
    %i = tt.dot %ia, %ib, %ic : tensor<32x32xi8, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> * tensor<32x32xi8, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> -> tensor<32x32xi32, #mma>
    %h = tt.dot %ha, %hb, %hc : tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<32x32xf16, #mma>
    tt.return %d, %i, %h : tensor<32x32xf32, #mma>, tensor<32x32xi32, #mma>, tensor<32x32xf16, #mma>
  }
}
