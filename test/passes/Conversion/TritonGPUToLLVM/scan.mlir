// RUN: triton-opt %s -allocate-shared-memory -convert-triton-gpu-to-llvm | FileCheck %s
// RUN: triton-opt %s -allocate-shared-memory -convert-triton-gpu-to-llvm -reconcile-unrealized-casts | triton-translate --mlir-to-ptx -o %t.ptx
// RUN: FileCheck %s --check-prefix=PTX --input-file=%t.ptx
// RUN: %if ptxas %{ %ptxas --gpu-name=sm_90a %t.ptx -o %t.cubin %}

// tt.scan: registers in order, then Hillis-Steele over the lanes along the
// axis (shuffles from 1, 2, 4, ... lanes back: shfl.up in a forward scan
// whose axis runs over the low lane bits, segments of that many lanes;
// indexed shuffles otherwise), then, when warps
// split the axis, the blocks' totals through the op's scratch with one
// barrier.

#pairs = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#ones = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#tile = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#wide = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
// The repeats of #ones over 1024 elements make 8 blocks per warp: the
// scratch holds 32 totals of 4 bytes.
// CHECK: ttg.shared = 128 : i32
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {

// misc's cumsum: 2 registers, 32 lanes, 4 warps.
// CHECK-LABEL: llvm.func @cumsum
// CHECK: llvm.add
// CHECK-COUNT-5: nvvm.shfl.sync up
// The lanes before, then the block total from lane 31.
// CHECK: nvvm.shfl.sync up
// CHECK: nvvm.shfl.sync idx
// CHECK: llvm.store %{{.*}}, %{{.*}} : i32, !llvm.ptr<3>
// CHECK-NEXT: nvvm.barrier0
// CHECK-COUNT-3: llvm.load %{{.*}} : !llvm.ptr<3> -> i32
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.return
// PTX-LABEL: .entry cumsum(
// PTX-COUNT-6: shfl.sync.up.b32
// PTX: shfl.sync.idx.b32
// PTX: st.shared.b32
// PTX-NEXT: bar.sync 0;
// PTX-NOT: bar.sync
// PTX: ret;
  tt.func public @cumsum(%x: tensor<256xi32, #pairs>, %out: tensor<256x!tt.ptr<i32>, #pairs>) {
    %c = "tt.scan"(%x) <{axis = 0 : i32, reverse = false}> ({
    ^bb0(%a: i32, %b: i32):
      %s = arith.addi %a, %b : i32
      tt.scan.return %s : i32
    }) : (tensor<256xi32, #pairs>) -> tensor<256xi32, #pairs>
    tt.store %out, %c : tensor<256x!tt.ptr<i32>, #pairs>
    tt.return
  }

// From the end: the lanes after come first, lane 0 holds a block's total,
// and the last warp's block goes first.
// CHECK-LABEL: llvm.func @cumsum_reverse
// CHECK-COUNT-7: nvvm.shfl.sync idx
// CHECK: nvvm.barrier0
// CHECK: llvm.return
  tt.func public @cumsum_reverse(%x: tensor<256xi32, #pairs>, %out: tensor<256x!tt.ptr<i32>, #pairs>) {
    %c = "tt.scan"(%x) <{axis = 0 : i32, reverse = true}> ({
    ^bb0(%a: i32, %b: i32):
      %s = arith.addi %a, %b : i32
      tt.scan.return %s : i32
    }) : (tensor<256xi32, #pairs>) -> tensor<256xi32, #pairs>
    tt.store %out, %c : tensor<256x!tt.ptr<i32>, #pairs>
    tt.return
  }

// Eight lanes along the axis, no warp: 3 steps and the lanes before, no
// shared memory.
// CHECK-LABEL: llvm.func @scan_in_warp
// Segments of 8 lanes: c = (32 - 8) << 8.
// CHECK-COUNT-4: llvm.mlir.constant(6144 : i32) : i32{{$[[:space:]].*$[[:space:]].*$[[:space:]]}}{{.*}}nvvm.shfl.sync up
// CHECK-NOT: !llvm.ptr<3>
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.return
// PTX-LABEL: .entry scan_in_warp(
// PTX-COUNT-4: shfl.sync.up.b32
// PTX-NOT: bar.sync
// PTX: ret;
  tt.func public @scan_in_warp(%x: tensor<16x8xf32, #tile>, %out: tensor<16x8x!tt.ptr<f32>, #tile>) {
    %c = "tt.scan"(%x) <{axis = 1 : i32, reverse = false}> ({
    ^bb0(%a: f32, %b: f32):
      %s = arith.mulf %a, %b : f32
      tt.scan.return %s : f32
    }) : (tensor<16x8xf32, #tile>) -> tensor<16x8xf32, #tile>
    tt.store %out, %c : tensor<16x8x!tt.ptr<f32>, #tile>
    tt.return
  }

// The axis in registers: 7 combines in order, nothing else.
// CHECK-LABEL: llvm.func @scan_in_thread
// CHECK-COUNT-7: llvm.fadd
// CHECK-NOT: nvvm.shfl.sync idx
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.return
  tt.func public @scan_in_thread(%x: tensor<128x8xf32, #wide>, %out: tensor<128x8x!tt.ptr<f32>, #wide>) {
    %c = "tt.scan"(%x) <{axis = 1 : i32, reverse = false}> ({
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      tt.scan.return %s : f32
    }) : (tensor<128x8xf32, #wide>) -> tensor<128x8xf32, #wide>
    tt.store %out, %c : tensor<128x8x!tt.ptr<f32>, #wide>
    tt.return
  }

// Two operands composing affine maps (associative, not commutative): the
// earlier elements are always the first operand.
// CHECK-LABEL: llvm.func @scan_affine
// CHECK: %[[A:.*]] = llvm.mul
// CHECK: llvm.store %{{.*}}, %{{.*}} : i32, !llvm.ptr<3>
// CHECK: llvm.store %{{.*}}, %{{.*}} : i32, !llvm.ptr<3>
// CHECK-NEXT: nvvm.barrier0
// CHECK: llvm.return
  tt.func public @scan_affine(%a: tensor<256xi32, #pairs>, %b: tensor<256xi32, #pairs>, %out: tensor<256x!tt.ptr<i32>, #pairs>) {
    %c:2 = "tt.scan"(%a, %b) <{axis = 0 : i32, reverse = false}> ({
    ^bb0(%a1: i32, %b1: i32, %a2: i32, %b2: i32):
      %m = arith.muli %a1, %a2 : i32
      %n = arith.muli %b1, %a2 : i32
      %s = arith.addi %n, %b2 : i32
      tt.scan.return %m, %s : i32, i32
    }) : (tensor<256xi32, #pairs>, tensor<256xi32, #pairs>) -> (tensor<256xi32, #pairs>, tensor<256xi32, #pairs>)
    tt.store %out, %c#1 : tensor<256x!tt.ptr<i32>, #pairs>
    tt.return
  }

// Registers repeating the CTA's tile: 8 blocks per warp, 32 in all, each
// thread combining the totals of the blocks before its own.
// CHECK-LABEL: llvm.func @cumsum_repeats
// CHECK-COUNT-8: llvm.store %{{.*}}, %{{.*}} : i32, !llvm.ptr<3>
// CHECK-NEXT: nvvm.barrier0
// CHECK-COUNT-31: llvm.load %{{.*}} : !llvm.ptr<3> -> i32
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.return
  tt.func public @cumsum_repeats(%x: tensor<1024xi32, #ones>, %out: tensor<1024x!tt.ptr<i32>, #ones>) {
    %c = "tt.scan"(%x) <{axis = 0 : i32, reverse = false}> ({
    ^bb0(%a: i32, %b: i32):
      %s = arith.addi %a, %b : i32
      tt.scan.return %s : i32
    }) : (tensor<1024xi32, #ones>) -> tensor<1024xi32, #ones>
    tt.store %out, %c : tensor<1024x!tt.ptr<i32>, #ones>
    tt.return
  }
}
