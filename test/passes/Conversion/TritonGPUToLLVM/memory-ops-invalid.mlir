// RUN: triton-opt %s -split-input-file -allocate-shared-memory -convert-triton-gpu-to-llvm -verify-diagnostics -o /dev/null

// Cases the shared-memory lowerings refuse with a located error instead of
// a wrong result.

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @copy_other(%p: !tt.ptr<i8>, %m: tensor<128xi1, #blocked>) {
    %buf = ttg.local_alloc : () -> !ttg.memdesc<128xi8, #shared, #smem, mutable>
    %ps = tt.splat %p : !tt.ptr<i8> -> tensor<128x!tt.ptr<i8>, #blocked>
    %one = arith.constant dense<1> : tensor<128xi8, #blocked>
    // expected-error @+2 {{ttg.async_copy_global_to_local of 1-byte elements with a non-zero `other` is not supported yet by the LLVM lowering}}
    // expected-error @+1 {{failed to legalize operation 'ttg.async_copy_global_to_local'}}
    %t = ttg.async_copy_global_to_local %ps, %buf mask %m other %one : tensor<128x!tt.ptr<i8>, #blocked> -> <128xi8, #shared, #smem, mutable>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @copy_narrow(%p: !tt.ptr<f16>) {
    %buf = ttg.local_alloc : () -> !ttg.memdesc<128xf16, #shared, #smem, mutable>
    %ps = tt.splat %p : !tt.ptr<f16> -> tensor<128x!tt.ptr<f16>, #blocked>
    // expected-error @+2 {{ttg.async_copy_global_to_local in pieces of 2 bytes (cp.async copies 4, 8 or 16) is not supported yet by the LLVM lowering}}
    // expected-error @+1 {{failed to legalize operation 'ttg.async_copy_global_to_local'}}
    %t = ttg.async_copy_global_to_local %ps, %buf : tensor<128x!tt.ptr<f16>, #blocked> -> <128xf16, #shared, #smem, mutable>
    tt.return
  }
}

// -----

#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @reshape_swizzled() {
    %a = ttg.local_alloc : () -> !ttg.memdesc<32x64xf16, #shared, #smem, mutable>
    // expected-error @+2 {{ttg.memdesc_reshape whose result encoding does not describe its source's memory is not supported yet by the LLVM lowering}}
    // expected-error @+1 {{failed to legalize operation 'ttg.memdesc_reshape'}}
    %f = ttg.memdesc_reshape %a : !ttg.memdesc<32x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<2048xf16, #shared1, #smem, mutable>
    tt.return
  }
}

// -----

#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @subslice_unaligned() {
    %a = ttg.local_alloc : () -> !ttg.memdesc<32x64xf16, #shared, #smem, mutable>
    // The op's verifier refuses a slice that is not a tile before any lowering.
    // expected-error @+1 {{The split offset may not touch the tile: offset 8 in dimension 0 is not a multiple of the slice's 16}}
    %s = ttg.memdesc_subslice %a[8, 0] : !ttg.memdesc<32x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<16x64xf16, #shared, #smem, mutable, 32x64>
    tt.return
  }
}

// -----

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @tensor_barrier() {
    // expected-error @+2 {{ttg.barrier on the tensor address spaces is not supported yet by the LLVM lowering}}
    // expected-error @+1 {{failed to legalize operation 'ttg.barrier'}}
    ttg.barrier local|tensor_read
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @histogram_i64(%v: tensor<128xi32, #blocked>) -> tensor<32xi64, #blocked> {
    // expected-error @+2 {{tt.histogram with bins of other than 32 bits is not supported yet by the LLVM lowering}}
    // expected-error @+1 {{failed to legalize operation 'tt.histogram'}}
    %h = tt.histogram %v : tensor<128xi32, #blocked> -> tensor<32xi64, #blocked>
    tt.return %h : tensor<32xi64, #blocked>
  }
}

// -----

// An #ttg.nvmma_shared written without elementBitWidth (Triton's parser
// allows it) has no swizzle to lower: the buffer's accesses are refused.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @nvmma_without_element_width(%x: tensor<64x64xf16, #blocked>) {
    // expected-error @+2 {{ttg.local_alloc on a shared encoding without a linear layout for this shape is not supported yet by the LLVM lowering}}
    // expected-error @+1 {{failed to legalize operation 'ttg.local_alloc'}}
    %a = ttg.local_alloc %x : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #nvmma, #smem>
    tt.return
  }
}
