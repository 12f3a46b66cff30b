// RUN: triton-opt %s -split-input-file -allocate-shared-memory -convert-triton-gpu-to-llvm | FileCheck %s
// RUN: triton-opt %s -split-input-file -allocate-shared-memory -convert-triton-gpu-to-llvm -reconcile-unrealized-casts -o %t.mlir
// RUN: not triton-translate --mlir-to-ptx --arch=sm_90a -split-input-file %t.mlir 2>&1 >/dev/null | FileCheck %s --check-prefix=PTX

// The lowering is generic over the lane count: IR written for warps of 16
// or 64 threads lowers on an NVIDIA target too (lane = thread id mod the
// warp size, warp = thread id / the warp size, the kernel launching
// warps x lanes threads). PTX is only made for warps of 32: the translation
// refuses the rest.
// CHECK-LABEL: llvm.func @lanes16
// CHECK-SAME: nvvm.reqntid = array<i32: 32>
// CHECK: %[[RAW_TID:.+]] = nvvm.read.ptx.sreg.tid.x
// CHECK: %[[TID:.+]] = llvm.and %[[RAW_TID]], %{{.*}} : i32
// CHECK: %[[SIXTEEN:.+]] = llvm.mlir.constant(16 : i32) : i32
// CHECK: llvm.urem %[[TID]], %[[SIXTEEN]] : i32
// CHECK: nvvm.shfl.sync  up
// PTX: error: module was lowered for warps of 16 threads (ttg.threads-per-warp) but PTX for sm_90a was requested, whose warps have 32
#l16 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [16], warpsPerCTA = [2], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 16 : i32} {
  tt.func public @lanes16(%x: tensor<32xi32, #l16>) {
    %s = "tt.scan"(%x) <{axis = 0 : i32, reverse = false}> ({
    ^bb0(%a: i32, %b: i32):
      %c = arith.addi %a, %b : i32
      tt.scan.return %c : i32
    }) : (tensor<32xi32, #l16>) -> tensor<32xi32, #l16>
    tt.return
  }
}

// -----

// CHECK-LABEL: llvm.func @lanes64
// CHECK-SAME: nvvm.reqntid = array<i32: 256>
// CHECK: llvm.mlir.constant(64 : i32) : i32
// PTX: error: module was lowered for warps of 64 threads (ttg.threads-per-warp) but PTX for sm_90a was requested, whose warps have 32
#l64 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [64], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 64 : i32} {
  tt.func public @lanes64(%p: !tt.ptr<i32>) {
    %r = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #l64>
    %q = tt.splat %p : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>, #l64>
    %a = tt.addptr %q, %r : tensor<256x!tt.ptr<i32>, #l64>, tensor<256xi32, #l64>
    tt.store %a, %r : tensor<256x!tt.ptr<i32>, #l64>
    tt.return
  }
}
