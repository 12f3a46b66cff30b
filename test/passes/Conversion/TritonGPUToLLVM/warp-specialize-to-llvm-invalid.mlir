// RUN: not triton-opt %s -split-input-file -allow-unregistered-dialect -convert-warp-specialize-to-llvm -o /dev/null 2>&1 | FileCheck %s

// What -convert-warp-specialize-to-llvm refuses, each a located error.

// CHECK: error: a module with ttg.warp_specialize needs ttg.total-num-warps: run -tritongpu-allocate-warp-groups first
module attributes {"ttg.num-warps" = 4 : i32} {
llvm.mlir.global external @global_smem() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>
llvm.func @unallocated() attributes {allocation.offset = 0 : i32} {
  ttg.warp_specialize()
  default {
    ttg.warp_yield
  }
  partition0() num_warps(4) {
    ttg.warp_return
  } : () -> ()
  llvm.return
}
}

// -----

module attributes {"ttg.num-warps" = 4 : i32, "ttg.total-num-warps" = 8 : i32} {
llvm.mlir.global external @global_smem() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>
llvm.func @outside() attributes {allocation.offset = 0 : i32} {
  // CHECK: error: partition warps 6 to 9 lie outside the worker warps 4 to 7
  ttg.warp_specialize() attributes {warpGroupStartIds = array<i32: 6>}
  default {
    ttg.warp_yield
  }
  partition0() num_warps(4) {
    ttg.warp_return
  } : () -> ()
  llvm.return
}
}
