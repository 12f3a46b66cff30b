//===- Passes.td - TritonAMDGPU (AMD TTGIR) transforms -----*- tablegen -*-===//

#ifndef TRITONAMDGPU_TRANSFORMS_PASSES_TD
#define TRITONAMDGPU_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def TritonAMDGPUAccelerateMatmul : Pass<"tritonamdgpu-accelerate-matmul", "mlir::ModuleOp"> {
  let summary = "Moves dots onto the matrix cores: #ttg.amd_mfma layouts on gfx90a and gfx942";
  let description = [{
    A 2-D `tt.dot` with a `#ttg.blocked` result on an AMD CDNA GPU (gfx90a:
    MFMA version 2, gfx942: version 3; the option, else the module's
    `ttg.target`) takes an `#ttg.amd_mfma` layout when an MFMA instruction
    multiplies its operands: fp16, bf16, fp32 (xf32 on gfx942 when
    `inputPrecision = tf32`), int8 into int32, and on gfx942 the fnuz fp8
    types (`f8E4M3FNUZ`, `f8E5M2FNUZ`, any pairing). Other dots (OCP fp8,
    mixed types, tiles under 16) stay on FMAs.

    As Triton 3.6 chooses: the instruction is 32x32 when M and N are both at
    least 32, else 16x16 (`matrix-instruction-size` forces one), and K must
    be a multiple of its K; the layout is transposed (each lane holds
    consecutive N, for wide stores); warps are all along M when the dot is
    connected to another dot, else doubled along M while M has twice the
    instruction's rows per warp more than N has columns (and rows are
    left), otherwise along N. The operands are converted to `#ttg.dot_op`
    with kWidth = the K elements one lane feeds an instruction (4 for
    fp16/bf16, 8 for gfx942's int8 and fp8), times `kPack` unless A is
    computed from another dot. The accumulator is converted (and widened to
    fp32 or int32 where it is narrower) and the result converted back.

    ```mlir
    %d = tt.dot %a, %b, %c : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<128x128xf32, #blocked>
    // becomes, on gfx942 with 4 warps
    #mma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = true}>
    %a1 = ttg.convert_layout %a : ... -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>
    %b1 = ttg.convert_layout %b : ... -> tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>
    %c1 = ttg.convert_layout %c : tensor<128x128xf32, #blocked> -> tensor<128x128xf32, #mma>
    %d1 = tt.dot %a1, %b1, %c1 : ... -> tensor<128x128xf32, #mma>
    %d = ttg.convert_layout %d1 : tensor<128x128xf32, #mma> -> tensor<128x128xf32, #blocked>
    ```
  }];
  let options = [
    Option<"arch", "gfx-arch", "std::string", /*default=*/"std::string{}",
           "the gfx architecture (gfx942, gfx90a); empty: the module's ttg.target">,
    Option<"matrixInstructionSize", "matrix-instruction-size", "int32_t", /*default=*/"0",
           "the M = N of the MFMA instruction (16 or 32); 0: chosen by the tile">,
    Option<"kPack", "kPack", "int32_t", /*default=*/"1",
           "how many instructions' worth of K each lane loads at once (1 or 2)">
  ];
  let dependentDialects = ["mlir::arith::ArithDialect",
                           "mlir::triton::gpu::TritonGPUDialect"];
}

def TritonAMDGPUOptimizeEpilogue : Pass<"tritonamdgpu-optimize-epilogue", "mlir::ModuleOp"> {
  let summary = "Stores MFMA results from their own layout, without a conversion through shared memory";
  let description = [{
    A `tt.store` of a `#ttg.blocked` tensor that is a `ttg.convert_layout`
    from an `#ttg.amd_mfma` layout, possibly through single-use unary
    elementwise ops (a `arith.truncf`, say), stores from the MFMA layout
    instead: the elementwise ops are redone there, the pointers and the mask
    are converted to it (remove-layout-conversions then computes them in it).

    ```mlir
    %c = ttg.convert_layout %acc : tensor<128x128xf16, #mma> -> tensor<128x128xf16, #blocked>
    tt.store %ptrs, %c, %mask : tensor<128x128x!tt.ptr<f16>, #blocked>
    // becomes
    %p = ttg.convert_layout %ptrs : tensor<128x128x!tt.ptr<f16>, #blocked> -> tensor<128x128x!tt.ptr<f16>, #mma>
    %m = ttg.convert_layout %mask : tensor<128x128xi1, #blocked> -> tensor<128x128xi1, #mma>
    tt.store %p, %acc, %m : tensor<128x128x!tt.ptr<f16>, #mma>
    ```
  }];
}

#endif // TRITONAMDGPU_TRANSFORMS_PASSES_TD
