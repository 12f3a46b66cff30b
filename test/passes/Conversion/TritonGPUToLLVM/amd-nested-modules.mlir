// RUN: triton-opt %s -convert-triton-amdgpu-to-llvm | FileCheck %s

// A file of two modules (the outer one without Triton's attributes): each
// is converted with its own attributes (its warps, its LDS symbol).
// CHECK: module attributes {{{.*}}"ttg.num-warps" = 1 : i32
// CHECK: llvm.mlir.global external @global_smem
// CHECK: llvm.func @one({{.*}}rocdl.flat_work_group_size = "1,64"
// CHECK: module attributes {{{.*}}"ttg.num-warps" = 2 : i32
// CHECK: llvm.mlir.global external @global_smem
// CHECK: llvm.func @two({{.*}}rocdl.flat_work_group_size = "1,128"
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [64], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func public @one(%arg0: tensor<64xf32, #blocked>) {
    tt.return
  }
}
#blocked2 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [64], warpsPerCTA = [2], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func public @two(%arg0: tensor<128xf32, #blocked2>) {
    tt.return
  }
}
