// RUN: triton-opt %s -split-input-file | FileCheck %s
// RUN: triton-opt %s -split-input-file | triton-opt -split-input-file | FileCheck %s
// Layouts written with the CTA keys Triton used before its CTA layout became
// a linear layout (CTAsPerCGA, CTASplitNum, CTAOrder) read into the same
// bases as `CGALayout` and print as Triton 3.6 prints them.

// Two CTAs that split dim 0 of a row-major tile.
// CHECK: #[[ROWS:.*]] = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = {{\[\[}}1, 0]]}>
#rows = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0], CTAsPerCGA = [2, 1], CTASplitNum = [2, 1], CTAOrder = [1, 0]}>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32} {
  // CHECK-LABEL: tt.func @rows
  // CHECK-SAME: tensor<64x16xf16, #[[ROWS]]>
  tt.func @rows(%x: tensor<64x16xf16, #rows>) {
    tt.return
  }
}

// -----

// Four CTAs: dim 1 fastest, split in two there; dim 0 holds two copies.
// CHECK: #[[MIXED:.*]] = #ttg.blocked<{sizePerThread = [2, 2], threadsPerWarp = [4, 8], warpsPerCTA = [2, 2], order = [0, 1], CGALayout = {{\[\[}}0, 1], [0, 0]]}>
module attributes {"ttg.num-ctas" = 4 : i32, "ttg.num-warps" = 4 : i32} {
  // CHECK-LABEL: tt.func @mixed
  // CHECK-SAME: tensor<32x32xi32, #[[MIXED]]>
  tt.func @mixed(%x: tensor<32x32xi32, #ttg.blocked<{sizePerThread = [2, 2], threadsPerWarp = [4, 8], warpsPerCTA = [2, 2], order = [0, 1], CTAsPerCGA = [2, 2], CTASplitNum = [1, 2], CTAOrder = [1, 0]}>>) {
    tt.return
  }
}

// -----

// One CTA: nothing to print.
// CHECK: #[[ONE:.*]] = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32} {
  // CHECK-LABEL: tt.func @one
  // CHECK-SAME: tensor<1024xf32, #[[ONE]]>
  tt.func @one(%x: tensor<1024xf32, #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [8], order = [0], CTAsPerCGA = [1], CTASplitNum = [1], CTAOrder = [0]}>>) {
    tt.return
  }
}

// -----

// The shared and MMA layouts take the same keys; a rank-3 nvmma_shared keeps
// its rank although its single CTA leaves no bases.
// CHECK-DAG: #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 16, CGALayout = {{\[\[}}0, 1]]}>
// CHECK-DAG: #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 8, rank = 3}>
// CHECK-DAG: #ttg.swizzled_shared<{vec = 4, perPhase = 2, maxPhase = 4, order = [1, 0], CGALayout = {{\[\[}}0, 0]]}>
// CHECK-DAG: #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], CGALayout = {{\[\[}}1, 0]], instrShape = [16, 64, 16]}>
#nv = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 16, CTAsPerCGA = [1, 2], CTASplitNum = [1, 2], CTAOrder = [1, 0]}>
#nv3 = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 8, CTAsPerCGA = [1, 1, 1], CTASplitNum = [1, 1, 1], CTAOrder = [2, 1, 0]}>
#sw = #ttg.swizzled_shared<{vec = 4, perPhase = 2, maxPhase = 4, order = [1, 0], CTAsPerCGA = [1, 2], CTASplitNum = [1, 1], CTAOrder = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], CTAsPerCGA = [2, 1], CTASplitNum = [2, 1], CTAOrder = [1, 0], instrShape = [16, 64, 16]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32} {
  // CHECK-LABEL: tt.func @shared
  tt.func @shared(%a: !ttg.memdesc<64x64xf16, #nv, #smem>, %b: !ttg.memdesc<2x16x32xi8, #nv3, #smem>,
                  %c: !ttg.memdesc<32x32xf32, #sw, #smem>, %d: tensor<128x64xf32, #mma>) {
    tt.return
  }
}
