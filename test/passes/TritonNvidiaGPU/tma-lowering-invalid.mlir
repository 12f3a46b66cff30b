// RUN: triton-opt %s -split-input-file -verify-diagnostics -triton-nvidia-tma-lowering -o /dev/null
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 0, transposed = false, elementBitWidth = 32}>
#blocked1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @gather(%d: !tt.tensordesc<tensor<1x64xf32, #shared>>, %rows: tensor<32xi32, #blocked1>) -> tensor<32x64xf32, #blocked> {
    %c0 = arith.constant 0 : i32
    // expected-error @+1 {{'tt.descriptor_gather' through TMA is not supported yet on this target}}
    %t = tt.descriptor_gather %d[%rows, %c0] : (!tt.tensordesc<tensor<1x64xf32, #shared>>, tensor<32xi32, #blocked1>, i32) -> tensor<32x64xf32, #blocked>
    tt.return %t : tensor<32x64xf32, #blocked>
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @no_layout(%d: !tt.tensordesc<tensor<8x8xf32>>) -> tensor<8x8xf32, #blocked> {
    %c0 = arith.constant 0 : i32
    // expected-error @+1 {{'tt.descriptor_load' cannot use TMA: its block has no #ttg.nvmma_shared layout}}
    %t = tt.descriptor_load %d[%c0, %c0] : !tt.tensordesc<tensor<8x8xf32>> -> tensor<8x8xf32, #blocked>
    tt.return %t : tensor<8x8xf32, #blocked>
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 0, transposed = false, elementBitWidth = 16}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @narrow(%d: !tt.tensordesc<tensor<8x4xf16, #shared>>) -> tensor<8x4xf16, #blocked> {
    %c0 = arith.constant 0 : i32
    // expected-error @+1 {{'tt.descriptor_load' cannot use TMA: a row of its box is 8 bytes (TMA needs a multiple of 16)}}
    %t = tt.descriptor_load %d[%c0, %c0] : !tt.tensordesc<tensor<8x4xf16, #shared>> -> tensor<8x4xf16, #blocked>
    tt.return %t : tensor<8x4xf16, #blocked>
  }
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @strided(%p: !tt.ptr<f16>, %m: i32, %n: i32, %s: i64, %t: i64) -> !tt.tensordesc<tensor<64x64xf16, #shared>> {
    // expected-error @+1 {{a tensor descriptor for TMA needs an innermost stride of constant 1}}
    %d = tt.make_tensor_descriptor %p, [%m, %n], [%s, %t] : <f16>, <tensor<64x64xf16, #shared>>
    tt.return %d : !tt.tensordesc<tensor<64x64xf16, #shared>>
  }
}

// -----

// TMA loads need an NVMMA buffer; an unswizzled #ttg.swizzled_shared block
// is for stores.
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#rows = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @load_rows(%d: !tt.tensordesc<tensor<8x8xf32, #rows>>) -> tensor<8x8xf32, #blocked> {
    %c0 = arith.constant 0 : i32
    // expected-error @+1 {{'tt.descriptor_load' cannot use TMA: a TMA load needs a #ttg.nvmma_shared block}}
    %t = tt.descriptor_load %d[%c0, %c0] : !tt.tensordesc<tensor<8x8xf32, #rows>> -> tensor<8x8xf32, #blocked>
    tt.return %t : tensor<8x8xf32, #blocked>
  }
}

// -----

// Column-major, or swizzled: not the order TMA writes a box in.
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#cols = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @store_cols(%d: !tt.tensordesc<tensor<8x8xf32, #cols>>, %v: tensor<8x8xf32, #blocked>) {
    %c0 = arith.constant 0 : i32
    // expected-error @+1 {{'tt.descriptor_store' cannot use TMA: its block has no #ttg.nvmma_shared layout}}
    tt.descriptor_store %d[%c0, %c0], %v : !tt.tensordesc<tensor<8x8xf32, #cols>>, tensor<8x8xf32, #blocked>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#swz = #ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 8, order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @store_swizzled(%d: !tt.tensordesc<tensor<8x32xf32, #swz>>, %v: tensor<8x32xf32, #blocked>) {
    %c0 = arith.constant 0 : i32
    // expected-error @+1 {{'tt.descriptor_store' cannot use TMA: its block has no #ttg.nvmma_shared layout}}
    tt.descriptor_store %d[%c0, %c0], %v : !tt.tensordesc<tensor<8x32xf32, #swz>>, tensor<8x32xf32, #blocked>
    tt.return
  }
}

// -----

// Rows longer than one box (256 elements) would be cut into boxes side by
// side, whose rows interleave in shared memory.
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#rows = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @store_long_rows(%d: !tt.tensordesc<tensor<4x512xf32, #rows>>, %v: tensor<4x512xf32, #blocked>) {
    %c0 = arith.constant 0 : i32
    // expected-error @+1 {{'tt.descriptor_store' cannot use TMA: a row of its unswizzled #ttg.swizzled_shared block is longer than one TMA box (256 elements)}}
    tt.descriptor_store %d[%c0, %c0], %v : !tt.tensordesc<tensor<4x512xf32, #rows>>, tensor<4x512xf32, #blocked>
    tt.return
  }
}
