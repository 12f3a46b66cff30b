// RUN: triton-opt %s -split-input-file -allocate-shared-memory -convert-triton-gpu-to-llvm -verify-diagnostics -o /dev/null

// TMA fills a buffer only in an NVMMA layout: the copy's verifier rejects
// another before the lowering sees it.
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#swizzled = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @other_layout(%d: !tt.tensordesc<tensor<64x64xf16, #shared>>) {
    %true = arith.constant true
    %c0 = arith.constant 0 : i32
    %buf = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #swizzled, #smem, mutable>
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    // expected-error @+1 {{TMA result must have NVMMA shared layout}}
    ttng.async_tma_copy_global_to_local %d[%c0, %c0] %buf, %bar, %true : !tt.tensordesc<tensor<64x64xf16, #shared>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<64x64xf16, #swizzled, #smem, mutable>
    tt.return
  }
}

// -----

// A block TMA cannot move (rows of 8 bytes).
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 0, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @narrow(%d: !tt.tensordesc<tensor<8x4xf16, #shared>>, %buf: !ttg.memdesc<8x4xf16, #shared, #smem>) {
    %c0 = arith.constant 0 : i32
    // expected-error @+2 {{failed to legalize operation 'ttng.async_tma_copy_local_to_global'}}
    // expected-error @+1 {{TMA copy from this buffer is not supported: a row of its box is 8 bytes (TMA needs a multiple of 16)}}
    ttng.async_tma_copy_local_to_global %d[%c0, %c0] %buf : !tt.tensordesc<tensor<8x4xf16, #shared>>, !ttg.memdesc<8x4xf16, #shared, #smem>
    tt.return
  }
}

// -----

// A descriptor passed by value is a parameter-space address: a pointer in
// address space 0.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // expected-error @+2 {{failed to legalize operation 'tt.func'}}
  // expected-error @+1 {{parameter 0: tt.nv_tma_desc = 1 needs a pointer in address space 0 (!tt.ptr<i8, 0>)}}
  tt.func public @global_by_value(%desc: !tt.ptr<i8> {tt.nv_tma_desc = 1 : i32}) {
    tt.return
  }
}

// -----

// Only a kernel has parameters passed by value.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // expected-error @+2 {{failed to legalize operation 'tt.func'}}
  // expected-error @+1 {{parameter 0: tt.nv_tma_desc (a TMA descriptor passed by value) is only for kernels}}
  tt.func private @helper(%desc: !tt.ptr<i8, 0> {tt.nv_tma_desc = 1 : i32}) {
    tt.return
  }
}
