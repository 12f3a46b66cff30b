// RUN: triton-opt %s -convert-triton-gpu-to-llvm -canonicalize | FileCheck %s
// RUN: triton-opt %s -convert-triton-gpu-to-llvm -reconcile-unrealized-casts -o %t.mlir
// RUN: triton-translate --mlir-to-ptx %t.mlir -o %t.ptx
// RUN: %ptxas --gpu-name=sm_90a %t.ptx -o %t.cubin
// RUN: triton-opt %s -convert-triton-gpu-to-llvm='compute-capability=80' -canonicalize | FileCheck %s --check-prefix=SM80
// RUN: triton-opt %s -convert-triton-gpu-to-llvm='compute-capability=80' -reconcile-unrealized-casts -o %t80.mlir
// RUN: triton-translate --mlir-to-ptx --arch=sm_80 %t80.mlir -o %t80.ptx
// RUN: %ptxas --gpu-name=sm_80 %t80.ptx -o %t80.cubin
// REQUIRES: ptxas

// fp64 on sm_90's DMMA: m16n8k16 with eight A, four B and four accumulator
// registers of 64 bits each ("d"); 32x32 over warps [2, 2] is two 16x8
// tiles per warp and two K steps of 16: four instructions.
// Before sm_90 (m16n8k16 f64 is sm_90 PTX) each of those is eight m8n8k4:
// the tile's two row halves (accumulator registers 0-1, then 2-3) times the
// four K quarters, one A, one B and two accumulator registers each.
// SM80-LABEL: llvm.func internal @f64
// SM80-COUNT-32: "mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {$0, $1}, {$2}, {$3}, {$4, $5};", "=d,=d,d,d,d,d"
// SM80-NOT: mma.sync
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func internal @f64
  // CHECK-COUNT-4: "mma.sync.aligned.m16n8k16.row.col.f64.f64.f64.f64 {$0, $1, $2, $3}, {$4, $5, $6, $7, $8, $9, $10, $11}, {$12, $13, $14, $15}, {$16, $17, $18, $19};", "=d,=d,=d,=d,d,d,d,d,d,d,d,d,d,d,d,d,d,d,d,d"
  // CHECK-NOT: mma.sync
  tt.func private @f64(%a: tensor<32x32xf64, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>, %b: tensor<32x32xf64, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>>, %c: tensor<32x32xf64, #mma>) -> tensor<32x32xf64, #mma> {
    %d = tt.dot %a, %b, %c, inputPrecision = ieee : tensor<32x32xf64, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>> * tensor<32x32xf64, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>> -> tensor<32x32xf64, #mma>
    tt.return %d : tensor<32x32xf64, #mma>
  }
}
