// RUN: triton-opt %s -split-input-file -convert-triton-gpu-to-llvm -canonicalize | FileCheck %s

// Shape ops select the source registers holding each result element; no
// data moves between threads.
#src = #ttg.blocked<{sizePerThread = [2, 4], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
#dst = #ttg.blocked<{sizePerThread = [4, 2], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
#row = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // Source registers hold (0,0) (0,1) (0,2) (0,3) (1,0) ... ; result
  // registers (0,0) (0,1) (1,0) (1,1) ... of the 4x2 transpose, i.e. source
  // elements (0,0) (1,0) (0,1) (1,1) ...: registers 0 4 1 5 2 6 3 7.
  // CHECK-LABEL: llvm.func internal @trans
  // CHECK-DAG: %[[E0:.*]] = llvm.extractvalue %arg0[0]
  // CHECK-DAG: %[[E1:.*]] = llvm.extractvalue %arg0[1]
  // CHECK-DAG: %[[E4:.*]] = llvm.extractvalue %arg0[4]
  // CHECK-DAG: %[[E5:.*]] = llvm.extractvalue %arg0[5]
  // CHECK: llvm.insertvalue %[[E0]], %{{.*}}[0]
  // CHECK-NEXT: llvm.insertvalue %[[E4]], %{{.*}}[1]
  // CHECK-NEXT: llvm.insertvalue %[[E1]], %{{.*}}[2]
  // CHECK-NEXT: llvm.insertvalue %[[E5]], %{{.*}}[3]
  tt.func private @trans(%x: tensor<2x4xf32, #src>) -> tensor<4x2xf32, #dst> {
    %t = tt.trans %x {order = array<i32: 1, 0>} : tensor<2x4xf32, #src> -> tensor<4x2xf32, #dst>
    tt.return %t : tensor<4x2xf32, #dst>
  }

  // Broadcasting a row: every row register repeats the row's registers.
  // CHECK-LABEL: llvm.func internal @broadcast
  // CHECK-SAME: -> !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)>
  // CHECK-DAG: %[[R0:.*]] = llvm.extractvalue %arg0[0]
  // CHECK-DAG: %[[R3:.*]] = llvm.extractvalue %arg0[3]
  // CHECK: llvm.insertvalue %[[R0]], %{{.*}}[0]
  // CHECK: llvm.insertvalue %[[R3]], %{{.*}}[3]
  // CHECK: llvm.insertvalue %[[R0]], %{{.*}}[4]
  // CHECK: llvm.insertvalue %[[R3]], %{{.*}}[7]
  tt.func private @broadcast(%x: tensor<1x64xf32, #row>) -> tensor<16x64xf32, #row> {
    %b = tt.broadcast %x : tensor<1x64xf32, #row> -> tensor<16x64xf32, #row>
    tt.return %b : tensor<16x64xf32, #row>
  }

  // expand_dims and reshape keep a thread's elements.
  // CHECK-LABEL: llvm.func internal @expand_reshape
  // CHECK-SAME: (%arg0: !llvm.struct<(f32, f32, f32, f32)>
  // CHECK-SAME: -> !llvm.struct<(struct<(f32, f32, f32, f32)>, struct<(f32, f32, f32, f32, f32, f32, f32, f32)>)>
  tt.func private @expand_reshape(%x: tensor<64xf32, #ttg.slice<{dim = 0, parent = #row}>>, %y: tensor<16x64xf32, #row>) -> (tensor<1x64xf32, #row>, tensor<1024xf32, #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>>) {
    %e = tt.expand_dims %x {axis = 0 : i32} : tensor<64xf32, #ttg.slice<{dim = 0, parent = #row}>> -> tensor<1x64xf32, #row>
    %r = tt.reshape %y : tensor<16x64xf32, #row> -> tensor<1024xf32, #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>>
    tt.return %e, %r : tensor<1x64xf32, #row>, tensor<1024xf32, #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>>
  }
}

// -----

// join puts its operands along a new minor dimension held in the thread;
// split takes them apart.
#b1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b2 = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func internal @join_split
  // CHECK-DAG: %[[A:.*]] = llvm.extractvalue %arg0[0]
  // CHECK-DAG: %[[B:.*]] = llvm.extractvalue %arg1[0]
  // CHECK: %[[J0:.*]] = llvm.insertvalue %[[A]], %{{.*}}[0] : !llvm.struct<(f32, f32)>
  // CHECK: llvm.insertvalue %[[B]], %[[J0]][1] : !llvm.struct<(f32, f32)>
  // CHECK: llvm.insertvalue %[[B]], %{{.*}}[0] : !llvm.struct<(f32)>
  tt.func private @join_split(%a: tensor<128xf32, #b1>, %b: tensor<128xf32, #b1>) -> (tensor<128x2xf32, #b2>, tensor<128xf32, #b1>) {
    %j = tt.join %a, %b : tensor<128xf32, #b1> -> tensor<128x2xf32, #b2>
    %l, %r = tt.split %j : tensor<128x2xf32, #b2> -> tensor<128xf32, #b1>
    tt.return %j, %r : tensor<128x2xf32, #b2>, tensor<128xf32, #b1>
  }

  // A conversion between layouts that keep every element in its thread only
  // renames registers.
  // CHECK-LABEL: llvm.func internal @convert_in_thread
  // CHECK-NOT: llvm.store
  // CHECK-NOT: nvvm
  // CHECK: llvm.return
  tt.func private @convert_in_thread(%a: tensor<128xf32, #b1>) -> tensor<128xf32, #ttg.slice<{dim = 1, parent = #b2}>> {
    %c = ttg.convert_layout %a : tensor<128xf32, #b1> -> tensor<128xf32, #ttg.slice<{dim = 1, parent = #b2}>>
    tt.return %c : tensor<128xf32, #ttg.slice<{dim = 1, parent = #b2}>>
  }
}
