// RUN: not triton-opt %s -split-input-file -convert-triton-gpu-to-llvm 2>&1 | FileCheck %s
// RUN: not triton-opt %s -split-input-file -convert-triton-gpu-to-llvm='compute-capability=75' 2>&1 | FileCheck %s --check-prefix=CC

// CC: error: compute-capability=75 is not supported: expected 80 or 90

// CHECK: error: the module has no ttg.num-warps: lower TTIR to TTGIR first
tt.func @ttir(%x: i32) {
  tt.return
}

// -----

// CHECK: error: lowering a module with ttg.num-ctas > 1 (CTA clusters) is not supported yet
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
}

// -----

// CHECK: error: a non-splat tensor constant is not supported yet by the LLVM lowering
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @f() -> tensor<4xi32, #blocked> {
    %c = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32, #blocked>
    tt.return %c : tensor<4xi32, #blocked>
  }
}

// -----

// An op with no lowering fails to legalize, at its location.
// CHECK: invalid.mlir:[[# @LINE + 5]]:5: error: failed to legalize operation 'ttng.init_barrier'
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @f(%bar: !ttg.memdesc<1xi64, #bar, #smem, mutable>) {
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    tt.return
  }
}

// -----

// CHECK: error: a tt.dot of 'f8E4M3FNUZ' on a blocked layout is not supported yet by the LLVM lowering (8-bit floats: f8E4M3FN and f8E5M2)
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @f(%a: tensor<16x16xf8E4M3FNUZ, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<16x16xf8E4M3FNUZ, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<16x16xf32, #blocked>) -> tensor<16x16xf32, #blocked> {
    %d = tt.dot %a, %b, %c : tensor<16x16xf8E4M3FNUZ, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<16x16xf8E4M3FNUZ, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<16x16xf32, #blocked>
    tt.return %d : tensor<16x16xf32, #blocked>
  }
}

// -----

// More shared memory than a block may have (227 KB on sm_90): the kernel
// could never launch.
// CHECK: error: out of resource: shared memory, required 300000 bytes, the sm_90 limit per block is 232448
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.shared = 300000 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @big() {
    tt.return
  }
}
