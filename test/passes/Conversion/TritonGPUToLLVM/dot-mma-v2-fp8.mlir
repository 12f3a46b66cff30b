// RUN: triton-opt %s -split-input-file -convert-triton-gpu-to-llvm -canonicalize | FileCheck %s
// RUN: triton-opt %s -split-input-file -convert-triton-gpu-to-llvm -reconcile-unrealized-casts -o %t.mlir
// RUN: triton-translate --mlir-to-ptx %t.mlir -o %t.ptx
// RUN: %ptxas --gpu-name=sm_90a %t.ptx -o %t.cubin
// RUN: not triton-opt %s -split-input-file -convert-triton-gpu-to-llvm='compute-capability=80' 2>&1 >/dev/null | FileCheck %s --check-prefix=SM80
// RUN: not triton-opt %s -split-input-file -convert-triton-gpu-to-llvm='compute-capability=90 ptx-version=84' 2>&1 >/dev/null | FileCheck %s --check-prefix=PTX84
// REQUIRES: ptxas

// 8-bit float dots on mma.sync (sm_89 on): m16n8k32 with the int8
// instruction's fragments, four operand bytes per register (packed as a
// vector of four i8 bitcast to i32), into f32 or (PTX 8.7) f16. The
// operand types may differ.
// SM80: error: tt.dot of 'f8E5M2' and 'f8E4M3FN' on mma.sync needs sm_89 or newer (compute capability 80)
// PTX84: error: tt.dot of 8-bit floats into f16 on mma.sync needs PTX 8.7 (ptx-version=84)
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // 32x32x32 over warps [2, 2]: two 16x8 tiles per warp, one K step.
  // CHECK-LABEL: llvm.func internal @fp8_f32
  // CHECK: llvm.bitcast %{{.*}} : vector<4xi8> to i32
  // CHECK-COUNT-2: "mma.sync.aligned.m16n8k32.row.col.f32.e5m2.e4m3.f32 {$0, $1, $2, $3}, {$4, $5, $6, $7}, {$8, $9}, {$10, $11, $12, $13};", "=f,=f,=f,=f,r,r,r,r,r,r,f,f,f,f"
  // CHECK-NOT: mma.sync
  tt.func private @fp8_f32(%a: tensor<32x32xf8E5M2, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>, %b: tensor<32x32xf8E4M3FN, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>, %c: tensor<32x32xf32, #mma>) -> tensor<32x32xf32, #mma> {
    %d = tt.dot %a, %b, %c : tensor<32x32xf8E5M2, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> * tensor<32x32xf8E4M3FN, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> -> tensor<32x32xf32, #mma>
    tt.return %d : tensor<32x32xf32, #mma>
  }

  // f16 accumulators pack in pairs, as for fp16 operands.
  // CHECK-LABEL: llvm.func internal @fp8_f16
  // CHECK-COUNT-2: "mma.sync.aligned.m16n8k32.row.col.f16.e4m3.e4m3.f16 {$0, $1}, {$2, $3, $4, $5}, {$6, $7}, {$8, $9};", "=r,=r,r,r,r,r,r,r,r,r"
  tt.func private @fp8_f16(%a: tensor<32x32xf8E4M3FN, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>, %b: tensor<32x32xf8E4M3FN, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>, %c: tensor<32x32xf16, #mma>) -> tensor<32x32xf16, #mma> {
    %d = tt.dot %a, %b, %c : tensor<32x32xf8E4M3FN, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> * tensor<32x32xf8E4M3FN, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> -> tensor<32x32xf16, #mma>
    tt.return %d : tensor<32x32xf16, #mma>
  }

  // K = 16, half the instruction's: the K groups 16..31 are zero registers.
  // CHECK-LABEL: llvm.func internal @fp8_k16
  // CHECK: %[[ZERO:.+]] = llvm.mlir.constant(0 : i32) : i32
  // CHECK: "mma.sync.aligned.m16n8k32.row.col.f32.e5m2.e5m2.f32 {{.*}}" %{{.+}}, %{{.+}}, %[[ZERO]], %[[ZERO]], %{{.+}}, %[[ZERO]],
  tt.func private @fp8_k16(%a: tensor<32x16xf8E5M2, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>, %b: tensor<16x32xf8E5M2, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>, %c: tensor<32x32xf32, #mma>) -> tensor<32x32xf32, #mma> {
    %d = tt.dot %a, %b, %c : tensor<32x16xf8E5M2, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> * tensor<16x32xf8E5M2, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> -> tensor<32x32xf32, #mma>
    tt.return %d : tensor<32x32xf32, #mma>
  }
}
