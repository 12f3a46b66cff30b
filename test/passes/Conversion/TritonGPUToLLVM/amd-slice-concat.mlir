// RUN: triton-opt %s -split-input-file -convert-triton-amdgpu-to-llvm="arch=gfx942" | FileCheck %s

// amdg.extract_slice, amdg.concat and amdg.in_thread_transpose keep every
// element in its thread: the lowering only picks registers. One warp of 64
// lanes spans 64 elements, so a thread's register i of a 256-element row
// holds element 64 * i + lane.

#row = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [64], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 64 : i32} {
  // Elements 128..255 are registers 2 and 3 of the source.
  // CHECK-LABEL: llvm.func internal @slice_upper_half
  // CHECK-DAG: %[[R2:.*]] = llvm.extractvalue %arg0[2]
  // CHECK-DAG: %[[R3:.*]] = llvm.extractvalue %arg0[3]
  // CHECK: %[[P0:.*]] = llvm.insertvalue %[[R2]], %{{.*}}[0]
  // CHECK: llvm.insertvalue %[[R3]], %[[P0]][1]
  // CHECK-NOT: amdg.extract_slice
  tt.func @slice_upper_half(%t: tensor<256xi32, #row>) -> tensor<128xi32, #row> {
    %s = amdg.extract_slice %t [128] : tensor<256xi32, #row> to tensor<128xi32, #row>
    tt.return %s : tensor<128xi32, #row>
  }
}

// -----

// Sources fill a 2x2 grid of 1x64 tiles row by row: %a (0, 0), %b (0, 64),
// %c (1, 0), %d (1, 64). The result's registers walk dimension 1 first.
#tile = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 64], warpsPerCTA = [1, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 64 : i32} {
  // CHECK-LABEL: llvm.func internal @concat_grid
  // CHECK-DAG: %[[A:.*]] = llvm.extractvalue %arg0[0]
  // CHECK-DAG: %[[B:.*]] = llvm.extractvalue %arg1[0]
  // CHECK-DAG: %[[C:.*]] = llvm.extractvalue %arg2[0]
  // CHECK-DAG: %[[D:.*]] = llvm.extractvalue %arg3[0]
  // CHECK: %[[P0:.*]] = llvm.insertvalue %[[A]], %{{.*}}[0]
  // CHECK: %[[P1:.*]] = llvm.insertvalue %[[B]], %[[P0]][1]
  // CHECK: %[[P2:.*]] = llvm.insertvalue %[[C]], %[[P1]][2]
  // CHECK: llvm.insertvalue %[[D]], %[[P2]][3]
  // CHECK-NOT: amdg.concat
  tt.func @concat_grid(%a: tensor<1x64xf16, #tile>, %b: tensor<1x64xf16, #tile>,
                       %c: tensor<1x64xf16, #tile>, %d: tensor<1x64xf16, #tile>) -> tensor<2x128xf16, #tile> {
    %r = amdg.concat %a, %b, %c, %d : tensor<1x64xf16, #tile>, tensor<1x64xf16, #tile>, tensor<1x64xf16, #tile>, tensor<1x64xf16, #tile> -> tensor<2x128xf16, #tile>
    tt.return %r : tensor<2x128xf16, #tile>
  }
}

// -----

// A result that holds each element twice (register basis 0) reads the one
// source register twice; a source that holds it twice gives its first copy.
#once = #ttg.linear<{register = [[64], [128]], lane = [[1], [2], [4], [8], [16], [32]], warp = [], block = []}>
#twice = #ttg.linear<{register = [[0]], lane = [[1], [2], [4], [8], [16], [32]], warp = [], block = []}>
#dup = #ttg.linear<{register = [[0], [64]], lane = [[1], [2], [4], [8], [16], [32]], warp = [], block = []}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 64 : i32} {
  // CHECK-LABEL: llvm.func internal @slice_to_broadcast
  // CHECK: %[[R1:.*]] = llvm.extractvalue %arg0[1]
  // CHECK: %[[P0:.*]] = llvm.insertvalue %[[R1]], %{{.*}}[0]
  // CHECK: llvm.insertvalue %[[R1]], %[[P0]][1]
  tt.func @slice_to_broadcast(%t: tensor<256xi32, #once>) -> tensor<64xi32, #twice> {
    %s = amdg.extract_slice %t [64] : tensor<256xi32, #once> to tensor<64xi32, #twice>
    tt.return %s : tensor<64xi32, #twice>
  }

  // Element 64 + lane is register 2 (and 3) of %t.
  // CHECK-LABEL: llvm.func internal @slice_from_broadcast
  // CHECK: %[[R2:.*]] = llvm.extractvalue %arg0[2]
  // CHECK: %[[P0:.*]] = llvm.insertvalue %[[R2]], %{{.*}}[0]
  // CHECK: llvm.insertvalue %[[R2]], %[[P0]][1]
  tt.func @slice_from_broadcast(%t: tensor<128xi32, #dup>) -> tensor<64xi32, #twice> {
    %s = amdg.extract_slice %t [64] : tensor<128xi32, #dup> to tensor<64xi32, #twice>
    tt.return %s : tensor<64xi32, #twice>
  }
}

// -----

// A register shuffle's layouts may name fewer warps than the module runs
// (Triton accepts it): #half spans warps 0 and 1, and warps 2 and 3 hold the
// same elements. The lowering picks registers all the same.
#half = #ttg.linear<{register = [[1]], lane = [[2], [4], [8], [16], [32], [64]], warp = [[128]], block = []}>
#halves = #ttg.linear<{register = [[1], [256]], lane = [[2], [4], [8], [16], [32], [64]], warp = [[128]], block = []}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 64 : i32} {
  // CHECK-LABEL: llvm.func internal @fewer_warps
  // CHECK-DAG: %[[A0:.*]] = llvm.extractvalue %arg0[0]
  // CHECK-DAG: %[[A1:.*]] = llvm.extractvalue %arg0[1]
  // CHECK-DAG: %[[B0:.*]] = llvm.extractvalue %arg1[0]
  // CHECK-DAG: %[[B1:.*]] = llvm.extractvalue %arg1[1]
  // CHECK: %[[P0:.*]] = llvm.insertvalue %[[A0]], %{{.*}}[0]
  // CHECK: %[[P1:.*]] = llvm.insertvalue %[[A1]], %[[P0]][1]
  // CHECK: %[[P2:.*]] = llvm.insertvalue %[[B0]], %[[P1]][2]
  // CHECK: %[[C:.*]] = llvm.insertvalue %[[B1]], %[[P2]][3]
  // CHECK-DAG: %[[S0:.*]] = llvm.extractvalue %[[C]][2]
  // CHECK-DAG: %[[S1:.*]] = llvm.extractvalue %[[C]][3]
  // CHECK: %[[Q0:.*]] = llvm.insertvalue %[[S0]], %{{.*}}[0]
  // CHECK: llvm.insertvalue %[[S1]], %[[Q0]][1]
  tt.func private @fewer_warps(%a: tensor<256xf32, #half>, %b: tensor<256xf32, #half>) {
    %c = amdg.concat %a, %b : tensor<256xf32, #half>, tensor<256xf32, #half> -> tensor<512xf32, #halves>
    %s = amdg.extract_slice %c [256] : tensor<512xf32, #halves> to tensor<256xf32, #half>
    tt.return
  }
}

// -----

// amdg.in_thread_transpose: the blocked source walks each thread's 2x2 block
// along dimension 1 first, the result along dimension 0; lanes keep their
// elements, so result register i is the source register with its coordinate:
// (0,0) 0, (1,0) 2, (0,1) 1, (1,1) 3. 3.6's own case
// (Conversion/amd/in_thread_transpose.mlir) stores the same pairs to LDS.
#blocked = #ttg.blocked<{sizePerThread = [2, 2], threadsPerWarp = [8, 8], warpsPerCTA = [1, 1], order = [1, 0]}>
#linear = #ttg.linear<{register = [[1, 0], [0, 1]], lane = [[0, 2], [0, 4], [0, 8], [2, 0], [4, 0], [8, 0]], warp = [], block = []}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 64 : i32} {
  // CHECK-LABEL: llvm.func internal @in_thread_transpose
  // CHECK-DAG: %[[V0:.*]] = llvm.extractvalue %arg0[0]
  // CHECK-DAG: %[[V1:.*]] = llvm.extractvalue %arg0[1]
  // CHECK-DAG: %[[V2:.*]] = llvm.extractvalue %arg0[2]
  // CHECK-DAG: %[[V3:.*]] = llvm.extractvalue %arg0[3]
  // CHECK: %[[S0:.*]] = llvm.insertvalue %[[V0]], %{{.*}}[0]
  // CHECK: %[[S1:.*]] = llvm.insertvalue %[[V2]], %[[S0]][1]
  // CHECK: %[[S2:.*]] = llvm.insertvalue %[[V1]], %[[S1]][2]
  // CHECK: llvm.insertvalue %[[V3]], %[[S2]][3]
  // CHECK-NOT: amdg.in_thread_transpose
  tt.func @in_thread_transpose(%t: tensor<16x16xf16, #blocked>) -> tensor<16x16xf16, #linear> {
    %r = amdg.in_thread_transpose %t : tensor<16x16xf16, #blocked> -> tensor<16x16xf16, #linear>
    tt.return %r : tensor<16x16xf16, #linear>
  }
}

// -----

// Triton 3.6's rule admits a slice whose result orders a thread's registers
// another way (the older rule wanted the same register bases within a CTA
// tile): the upper 256 of 512 elements, 4 contiguous a thread in the source,
// in the order 0, 2, 1, 3 in the result: source registers 4, 6, 5, 7.
#src = #ttg.linear<{register = [[1], [2], [256]], lane = [[4], [8], [16], [32], [64], [128]], warp = [], block = []}>
#dst = #ttg.linear<{register = [[2], [1]], lane = [[4], [8], [16], [32], [64], [128]], warp = [], block = []}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 64 : i32} {
  // CHECK-LABEL: llvm.func internal @slice_reordered_registers
  // CHECK-DAG: %[[R4:.*]] = llvm.extractvalue %arg0[4]
  // CHECK-DAG: %[[R5:.*]] = llvm.extractvalue %arg0[5]
  // CHECK-DAG: %[[R6:.*]] = llvm.extractvalue %arg0[6]
  // CHECK-DAG: %[[R7:.*]] = llvm.extractvalue %arg0[7]
  // CHECK: %[[P0:.*]] = llvm.insertvalue %[[R4]], %{{.*}}[0]
  // CHECK: %[[P1:.*]] = llvm.insertvalue %[[R6]], %[[P0]][1]
  // CHECK: %[[P2:.*]] = llvm.insertvalue %[[R5]], %[[P1]][2]
  // CHECK: llvm.insertvalue %[[R7]], %[[P2]][3]
  tt.func @slice_reordered_registers(%t: tensor<512xi32, #src>) -> tensor<256xi32, #dst> {
    %s = amdg.extract_slice %t [256] : tensor<512xi32, #src> to tensor<256xi32, #dst>
    tt.return %s : tensor<256xi32, #dst>
  }
}
