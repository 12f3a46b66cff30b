// RUN: triton-opt %s -split-input-file -allocate-shared-memory -convert-triton-gpu-to-llvm -verify-diagnostics
// RUN: not triton-opt %s -split-input-file -convert-triton-gpu-to-llvm 2>&1 | FileCheck %s --check-prefix=NOALLOC

// What the tt.reduce and tt.scan lowerings do not handle yet says so at the
// op, and the conversion fails.

// A register basis moving along the axis and the other dimension at once.
#mixed = #ttg.linear<{register = [[1, 1]], lane = [[0, 2], [0, 4], [0, 8], [0, 16], [0, 32]], warp = [[2, 0], [4, 0]], block = []}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @mixed_basis(%x: tensor<8x64xf32, #mixed>, %out: !tt.ptr<f32>) {
    // expected-error @+2 {{tt.reduce along axis 1 of layout}}
    // expected-error @+1 {{failed to legalize operation 'tt.reduce'}}
    %s = "tt.reduce"(%x) <{axis = 1 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %c = arith.addf %a, %b : f32
      tt.reduce.return %c : f32
    }) : (tensor<8x64xf32, #mixed>) -> tensor<8xf32, #ttg.slice<{dim = 1, parent = #mixed}>>
    tt.return
  }
}

// -----

// Lanes above a warp along the scanned axis.
#lanes_high = #ttg.linear<{register = [], lane = [[2], [4], [8], [16], [32]], warp = [[1], [64]], block = []}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @lanes_above_warps(%x: tensor<128xi32, #lanes_high>, %out: tensor<128x!tt.ptr<i32>, #lanes_high>) {
    // expected-error @+2 {{is not supported yet by the LLVM lowering: a lane bit moves along the axis above a warp bit}}
    // expected-error @+1 {{failed to legalize operation 'tt.scan'}}
    %c = "tt.scan"(%x) <{axis = 0 : i32, reverse = false}> ({
    ^bb0(%a: i32, %b: i32):
      %s = arith.addi %a, %b : i32
      tt.scan.return %s : i32
    }) : (tensor<128xi32, #lanes_high>) -> tensor<128xi32, #lanes_high>
    tt.store %out, %c : tensor<128x!tt.ptr<i32>, #lanes_high>
    tt.return
  }
}

// -----

// A combine region with control flow (an scf.if becomes blocks).
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @branchy_combine(%x: tensor<128xf32, #blocked>, %out: !tt.ptr<f32>) {
    // expected-error @+2 {{tt.reduce whose combine region has control flow is not supported yet by the LLVM lowering}}
    // expected-error @+1 {{failed to legalize operation 'tt.reduce'}}
    %s = "tt.reduce"(%x) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %lt = arith.cmpf olt, %a, %b : f32
      %m = scf.if %lt -> (f32) {
        scf.yield %a : f32
      } else {
        scf.yield %b : f32
      }
      tt.reduce.return %m : f32
    }) : (tensor<128xf32, #blocked>) -> f32
    tt.store %out, %s : !tt.ptr<f32>
    tt.return
  }
}

// -----

// Across warps without -allocate-shared-memory, there is no scratch.
// NOALLOC: error: tt.reduce across warps needs its shared-memory scratch: run -allocate-shared-memory first
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @reduce_without_scratch(%x: tensor<128xf32, #blocked>, %out: !tt.ptr<f32>) {
    %s = "tt.reduce"(%x) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %c = arith.addf %a, %b : f32
      tt.reduce.return %c : f32
    }) : (tensor<128xf32, #blocked>) -> f32
    tt.store %out, %s : !tt.ptr<f32>
    tt.return
  }
}

// -----

// NOALLOC: error: tt.scan across warps needs its shared-memory scratch: run -allocate-shared-memory first
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @scan_without_scratch(%y: tensor<128xi32, #blocked>, %outs: tensor<128x!tt.ptr<i32>, #blocked>) {
    %c = "tt.scan"(%y) <{axis = 0 : i32, reverse = false}> ({
    ^bb0(%a: i32, %b: i32):
      %t = arith.addi %a, %b : i32
      tt.scan.return %t : i32
    }) : (tensor<128xi32, #blocked>) -> tensor<128xi32, #blocked>
    tt.store %outs, %c : tensor<128x!tt.ptr<i32>, #blocked>
    tt.return
  }
}
