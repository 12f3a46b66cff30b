// RUN: triton-opt %s -split-input-file | triton-opt -split-input-file | FileCheck %s
// RUN: triton-opt %s -split-input-file 2>&1 >/dev/null | FileCheck %s --check-prefix=WARN
// Layout keys Triton 3.6's parser lets one leave out, with its defaults:
// #ttg.amd_mfma without version (0) or isTransposed (false),
// #ttg.nvmma_shared without elementBitWidth (not given: printed without the
// key). Keys the MMA and swizzled parsers do not know are ignored with a
// warning, as Triton ignores them.

// CHECK: #[[MFMA:.*]] = #ttg.amd_mfma<{version = 0, warpsPerCTA = [1, 1], instrShape = [32, 32], isTransposed = false}>
// WARN: warning: unknown key 'isTranspose' in #ttg.amd_mfma is ignored
#mfma = #ttg.amd_mfma<{warpsPerCTA = [1, 1], instrShape = [32, 32], isTranspose = true}>
module attributes {"ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 64 : i32} {
  // CHECK-LABEL: @mfma_defaults
  // CHECK-SAME: tensor<64x64xf16, #[[MFMA]]>
  tt.func public @mfma_defaults(%x: tensor<64x64xf16, #mfma>) {
    tt.return
  }
}

// -----

// CHECK: #[[NVMMA:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = true}>
// CHECK: #[[SWIZ:.*]] = #ttg.swizzled_shared<{vec = 2, perPhase = 1, maxPhase = 4, order = [0, 1]}>
// WARN: warning: unknown key 'maxPhases' in #ttg.swizzled_shared is ignored
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = true}>
#swizzled = #ttg.swizzled_shared<{vec = 2, perPhase = 1, maxPhase = 4, order = [0, 1], maxPhases = 8}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: @nvmma_without_width
  // CHECK-SAME: !ttg.memdesc<32x64xbf16, #[[NVMMA]], #smem>
  // CHECK-SAME: !ttg.memdesc<16x16xf32, #[[SWIZ]], #smem>
  tt.func public @nvmma_without_width(%a: !ttg.memdesc<32x64xbf16, #nvmma, #smem>, %b: !ttg.memdesc<16x16xf32, #swizzled, #smem>) {
    tt.return
  }
}
