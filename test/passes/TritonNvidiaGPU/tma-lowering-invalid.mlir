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
