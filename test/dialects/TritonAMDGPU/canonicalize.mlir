// RUN: triton-opt %s -split-input-file -canonicalize | FileCheck %s
// Folds of the tile ops: a slice that is exactly one concatenated source,
// and a concat of a single source.

#tile = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  // A 2x4 grid of 16x64 sources, filled row by row: [16, 128] is row 1,
  // column 2, the seventh source.
  // CHECK-LABEL: tt.func @slice_of_concat
  // CHECK-NOT: amdg.
  // CHECK: tt.return %arg6, %arg1 :
  tt.func @slice_of_concat(%a: tensor<16x64xf16, #tile>, %b: tensor<16x64xf16, #tile>, %c: tensor<16x64xf16, #tile>,
                           %d: tensor<16x64xf16, #tile>,
                           %e: tensor<16x64xf16, #tile>, %f: tensor<16x64xf16, #tile>, %g: tensor<16x64xf16, #tile>, %h: tensor<16x64xf16, #tile>) -> (tensor<16x64xf16, #tile>, tensor<16x64xf16, #tile>) {
    %0 = amdg.concat %a, %b, %c, %d, %e, %f, %g, %h : tensor<16x64xf16, #tile>, tensor<16x64xf16, #tile>, tensor<16x64xf16, #tile>, tensor<16x64xf16, #tile>, tensor<16x64xf16, #tile>, tensor<16x64xf16, #tile>, tensor<16x64xf16, #tile>, tensor<16x64xf16, #tile> -> tensor<32x256xf16, #tile>
    %1 = amdg.extract_slice %0 [16, 128] : tensor<32x256xf16, #tile> to tensor<16x64xf16, #tile>
    %2 = amdg.extract_slice %0 [0, 64] : tensor<32x256xf16, #tile> to tensor<16x64xf16, #tile>
    tt.return %1, %2 : tensor<16x64xf16, #tile>, tensor<16x64xf16, #tile>
  }

  // A slice spanning two sources stays.
  // CHECK-LABEL: tt.func @slice_across_sources
  // CHECK: amdg.concat
  // CHECK: amdg.extract_slice
  tt.func @slice_across_sources(%a: tensor<16x64xf16, #tile>, %b: tensor<16x64xf16, #tile>) -> tensor<32x64xf16, #tile> {
    %0 = amdg.concat %a, %b, %a, %b : tensor<16x64xf16, #tile>, tensor<16x64xf16, #tile>, tensor<16x64xf16, #tile>, tensor<16x64xf16, #tile> -> tensor<64x64xf16, #tile>
    %1 = amdg.extract_slice %0 [16, 0] : tensor<64x64xf16, #tile> to tensor<32x64xf16, #tile>
    tt.return %1 : tensor<32x64xf16, #tile>
  }

  // CHECK-LABEL: tt.func @single_source
  // CHECK-NEXT: tt.return %arg0 :
  tt.func @single_source(%x: tensor<16x64xf16, #tile>) -> tensor<16x64xf16, #tile> {
    %0 = amdg.concat %x : tensor<16x64xf16, #tile> -> tensor<16x64xf16, #tile>
    tt.return %0 : tensor<16x64xf16, #tile>
  }
}
