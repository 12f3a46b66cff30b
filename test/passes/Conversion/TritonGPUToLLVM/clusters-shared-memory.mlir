// RUN: triton-opt %s -split-input-file -allocate-shared-memory -convert-triton-gpu-to-llvm | FileCheck %s

// Shared memory in a cluster: each CTA holds its tile of a buffer split
// over the CTAs (the shared layout's block bases), so a 64 x 256 f16 buffer
// split along dim 1 over 2 CTAs takes 64 x 128 x 2 bytes in each, and each
// thread stores and loads its CTA's 64 x 128 elements only: 8 vectors of
// 16 bytes per thread of 128 (the whole tensor would be 16).
// CHECK: module attributes {{.*}}ttg.shared = 16384 : i32
// CHECK: llvm.func internal @split_buffer
// CHECK-COUNT-8: llvm.store {{.*}} : vector<4xi32>, !llvm.ptr<3>
// CHECK-NOT: llvm.store {{.*}} !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK-COUNT-64: llvm.load {{.*}} : !llvm.ptr<3> -> vector<1xi16>
// CHECK-NOT: llvm.load {{.*}} : !llvm.ptr<3>
// CHECK: llvm.return
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[0, 1]]}>
#blocked1 = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1], CGALayout = [[0, 1]]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0], CGALayout = [[0, 1]]}>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @split_buffer(%x: tensor<64x256xf16, #blocked>) -> tensor<64x256xf16, #blocked1> {
    %m = ttg.local_alloc %x : (tensor<64x256xf16, #blocked>) -> !ttg.memdesc<64x256xf16, #shared, #ttg.shared_memory>
    %y = ttg.local_load %m : !ttg.memdesc<64x256xf16, #shared, #ttg.shared_memory> -> tensor<64x256xf16, #blocked1>
    tt.return %y : tensor<64x256xf16, #blocked1>
  }
}

// -----

// A conversion between two layouts with the same CTA tiles is one within
// each CTA: its scratch is one tile (64 x 64 f32 of the 128 x 64 tensor).
// CHECK: module attributes {{.*}}ttg.shared = 16384 : i32
// CHECK: llvm.func internal @convert
// CHECK: llvm.store {{.*}} !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK: llvm.load {{.*}} !llvm.ptr<3>
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1, 0]]}>
#blocked1 = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1], CGALayout = [[1, 0]]}>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @convert(%x: tensor<128x64xf32, #blocked>) -> tensor<128x64xf32, #blocked1> {
    %y = ttg.convert_layout %x : tensor<128x64xf32, #blocked> -> tensor<128x64xf32, #blocked1>
    tt.return %y : tensor<128x64xf32, #blocked1>
  }
}

// -----

// A reduction along a dimension the CTAs do not split: each CTA reduces its
// rows alone (here within warps: lane shuffles, no shared memory).
// CHECK: module attributes {{.*}}ttg.shared = 0 : i32
// CHECK: llvm.func internal @row_sums
// CHECK: nvvm.shfl.sync bfly
// CHECK-NOT: !llvm.ptr<3>
// CHECK: llvm.return
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1, 0]]}>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @row_sums(%x: tensor<64x64xf32, #blocked>) -> tensor<64xf32, #ttg.slice<{dim = 1, parent = #blocked}>> {
    %s = "tt.reduce"(%x) <{axis = 1 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %c = arith.addf %a, %b : f32
      tt.reduce.return %c : f32
    }) : (tensor<64x64xf32, #blocked>) -> tensor<64xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
    tt.return %s : tensor<64xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
  }
}
