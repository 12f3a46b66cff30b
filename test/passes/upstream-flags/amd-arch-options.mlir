// Upstream Triton names the AMD passes' architecture option differently from
// ours (gfx-arch): `arch-generation-name` on accelerate-matmul and
// convert-buffer-ops, `arch` on the LLVM lowering. Both spellings choose the
// GPU; the module's ttg.target applies when neither is given.
// RUN: triton-opt %s -split-input-file -tritonamdgpu-accelerate-matmul='arch-generation-name=gfx90a' | FileCheck %s --check-prefix=MFMA90A
// RUN: triton-opt %s -split-input-file -tritonamdgpu-accelerate-matmul='gfx-arch=gfx90a' | FileCheck %s --check-prefix=MFMA90A
// RUN: triton-opt %s -split-input-file -tritonamdgpu-accelerate-matmul | FileCheck %s --check-prefix=MFMA942
// RUN: triton-opt %s -split-input-file -tritonamdgpu-convert-buffer-ops='arch-generation-name=gfx942' | FileCheck %s --check-prefix=BUFFER
// RUN: triton-opt %s -split-input-file -convert-triton-amdgpu-to-llvm='arch=gfx942' | FileCheck %s --check-prefix=LLVM
// Without either, the module without a target has no GPU:
// RUN: not triton-opt %s -split-input-file -tritonamdgpu-convert-buffer-ops 2>&1 | FileCheck %s --check-prefix=NOARCH-BUFFER
// RUN: not triton-opt %s -split-input-file -convert-triton-amdgpu-to-llvm 2>&1 | FileCheck %s --check-prefix=NOARCH-LLVM

// MFMA90A: #ttg.amd_mfma<{version = 2,
// MFMA942: #ttg.amd_mfma<{version = 3,
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @dot(%a: tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<128x128xf32, #blocked>) -> tensor<128x128xf32, #blocked> {
    %d = tt.dot %a, %b, %c : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<128x128xf32, #blocked>
    tt.return %d : tensor<128x128xf32, #blocked>
  }
}

// -----

// No ttg.target here: only the option names the GPU.
// NOARCH-BUFFER: error: tritonamdgpu-convert-buffer-ops: no gfx-arch option and no hip ttg.target on the module
// NOARCH-LLVM: error: no AMD GPU to lower for
// BUFFER-LABEL: tt.func @no_target
// LLVM: llvm.func @no_target
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 64 : i32} {
  tt.func @no_target() {
    tt.return
  }
}
