// RUN: triton-opt %s -split-input-file | FileCheck %s
// RUN: triton-opt %s -split-input-file | triton-opt -split-input-file | FileCheck %s
// #ttg.padded_shared: `interval:+padding` pairs and the placement of the
// elements, written as order and shape when it is the identity one.

// CHECK-DAG: #ttg.padded_shared<[64:+4] {order = [1, 0], shape = [32, 64]}>
// CHECK-DAG: #ttg.padded_shared<[128:+2, 512:+8] {order = [0, 1], shape = [16, 8]}>
// The bases of an identity placement print as its order and shape.
// CHECK-DAG: #ttg.padded_shared<[8:+8] {order = [1, 0], shape = [4, 4]}>
// Any other placement keeps its bases.
// CHECK-DAG: #ttg.padded_shared<[16:+1] {offset = {{\[\[}}0, 1], [1, 0], [0, 2], [2, 0]], block = []}>
#rows = #ttg.padded_shared<[64:+4] {order = [1, 0], shape = [32, 64]}>
#cols = #ttg.padded_shared<[128:+2, 512:+8] {order = [0, 1], shape = [16, 8]}>
#bases = #ttg.padded_shared<[8:+8] {offset = [[0, 1], [0, 2], [1, 0], [2, 0]], block = []}>
#swap = #ttg.padded_shared<[16:+1] {offset = [[0, 1], [1, 0], [0, 2], [2, 0]], block = []}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  // CHECK-LABEL: tt.func @buffers
  tt.func @buffers(%a: !ttg.memdesc<32x64xf16, #rows, #smem, mutable>,
                   %b: !ttg.memdesc<2x16x8xf32, #cols, #smem, mutable>,
                   %c: !ttg.memdesc<4x4xf32, #bases, #smem, mutable, 3x4x4>,
                   %d: !ttg.memdesc<4x4xi8, #swap, #smem>) {
    tt.return
  }
}
