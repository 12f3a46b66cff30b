// RUN: triton-opt %s -split-input-file -convert-triton-amdgpu-to-llvm='gfx-arch=gfx942' | FileCheck %s

// Non-splat tensor constants on AMD (the shared rule, tensor-constants.mlir):
// whole tensors in every thread are constants, spread ones a read-only table
// (address space 4, AMDGPU's constant memory) read at each element's index.
// CHECK-LABEL: llvm.func internal @replicated
// CHECK-NOT: llvm.mlir.addressof
// CHECK-COUNT-4: llvm.mlir.constant({{[0-9]+}} : i32) : i32
#rep = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [64], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func private @replicated() -> tensor<4xi32, #rep> {
    %c = arith.constant dense<[5, 6, 7, 8]> : tensor<4xi32, #rep>
    tt.return %c : tensor<4xi32, #rep>
  }
}

// -----

// CHECK: llvm.mlir.global internal constant @tt_constant_table_0(dense<[{{.*}}]> : tensor<64xi32>) {addr_space = 4 : i32} : !llvm.array<64 x i32>
// CHECK-LABEL: llvm.func internal @spread
// CHECK: llvm.mlir.addressof @tt_constant_table_0 : !llvm.ptr<4>
// CHECK: rocdl.workitem.id.x
// CHECK: llvm.getelementptr {{.*}} : (!llvm.ptr<4>, i32) -> !llvm.ptr<4>, i32
// CHECK: llvm.load {{.*}} : !llvm.ptr<4> -> i32
#lanes = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [64], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func private @spread() -> tensor<64xi32, #lanes> {
    %c = arith.constant dense<[0, 1, 4, 9, 16, 25, 36, 49, 64, 81, 100, 121, 144, 169, 196, 225, 256, 289, 324, 361, 400, 441, 484, 529, 576, 625, 676, 729, 784, 841, 900, 961, 1024, 1089, 1156, 1225, 1296, 1369, 1444, 1521, 1600, 1681, 1764, 1849, 1936, 2025, 2116, 2209, 2304, 2401, 2500, 2601, 2704, 2809, 2916, 3025, 3136, 3249, 3364, 3481, 3600, 3721, 3844, 3969]> : tensor<64xi32, #lanes>
    tt.return %c : tensor<64xi32, #lanes>
  }
}
