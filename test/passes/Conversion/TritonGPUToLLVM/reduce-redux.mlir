// RUN: triton-opt %s -split-input-file -allocate-shared-memory -convert-triton-gpu-to-llvm | FileCheck %s

// A reduction over all 32 lanes of a warp by one integer op of 32 bits or
// fewer is one redux.sync per value on sm_80 and later (instead of five
// shuffle-and-combine steps); the partials of the 4 warps then combine
// through shared memory as before.
// CHECK-LABEL: llvm.func @sum_i32
// CHECK: %[[ALL:.+]] = llvm.mlir.constant(-1 : i32) : i32
// CHECK: nvvm.redux.sync  add %{{.+}}, %[[ALL]] : i32 -> i32
// CHECK-NOT: nvvm.shfl.sync
// CHECK: nvvm.barrier0
#row = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @sum_i32(%x: tensor<1x1024xi32, #row>, %out: !tt.ptr<i32>) {
    %r = "tt.reduce"(%x) <{axis = 1 : i32}> ({
    ^bb0(%a: i32, %b: i32):
      %s = arith.addi %a, %b : i32
      tt.reduce.return %s : i32
    }) : (tensor<1x1024xi32, #row>) -> tensor<1xi32, #ttg.slice<{dim = 1, parent = #row}>>
    tt.return
  }
}

// -----

// Narrower integers widen first: signed min/max sign-extend, unsigned ones
// and bitwise ops zero-extend; the result is truncated back.
// CHECK-LABEL: llvm.func @max_i8
// CHECK: %[[W:.+]] = llvm.sext %{{.+}} : i8 to i32
// CHECK: %[[R:.+]] = nvvm.redux.sync  max %[[W]], %{{.+}} : i32 -> i32
// CHECK: llvm.trunc %[[R]] : i32 to i8
// CHECK-LABEL: llvm.func @umin_i16
// CHECK: %[[W:.+]] = llvm.zext %{{.+}} : i16 to i32
// CHECK: nvvm.redux.sync  umin %[[W]], %{{.+}} : i32 -> i32
#lanes = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @max_i8(%x: tensor<32xi8, #lanes>) {
    %r = "tt.reduce"(%x) <{axis = 0 : i32}> ({
    ^bb0(%a: i8, %b: i8):
      %m = arith.maxsi %a, %b : i8
      tt.reduce.return %m : i8
    }) : (tensor<32xi8, #lanes>) -> i8
    tt.return
  }
  tt.func public @umin_i16(%x: tensor<32xi16, #lanes>) {
    %r = "tt.reduce"(%x) <{axis = 0 : i32}> ({
    ^bb0(%a: i16, %b: i16):
      %m = arith.minui %a, %b : i16
      tt.reduce.return %m : i16
    }) : (tensor<32xi16, #lanes>) -> i16
    tt.return
  }
}

// -----

// Not for floats, 64-bit integers, or reductions over some lanes only:
// shuffles as before.
// CHECK-LABEL: llvm.func @sum_f32
// CHECK-NOT: nvvm.redux.sync
// CHECK-COUNT-5: nvvm.shfl.sync  bfly
// CHECK-LABEL: llvm.func @sum_i64
// CHECK-NOT: nvvm.redux.sync
// CHECK: nvvm.shfl.sync  bfly
// CHECK-LABEL: llvm.func @sum_half_warp
// CHECK-NOT: nvvm.redux.sync
// CHECK-COUNT-4: nvvm.shfl.sync  bfly
#lanes = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
#half = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [2, 16], warpsPerCTA = [1, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @sum_f32(%x: tensor<32xf32, #lanes>) {
    %r = "tt.reduce"(%x) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      tt.reduce.return %s : f32
    }) : (tensor<32xf32, #lanes>) -> f32
    tt.return
  }
  tt.func public @sum_i64(%x: tensor<32xi64, #lanes>) {
    %r = "tt.reduce"(%x) <{axis = 0 : i32}> ({
    ^bb0(%a: i64, %b: i64):
      %s = arith.addi %a, %b : i64
      tt.reduce.return %s : i64
    }) : (tensor<32xi64, #lanes>) -> i64
    tt.return
  }
  tt.func public @sum_half_warp(%x: tensor<2x16xi32, #half>) {
    %r = "tt.reduce"(%x) <{axis = 1 : i32}> ({
    ^bb0(%a: i32, %b: i32):
      %s = arith.addi %a, %b : i32
      tt.reduce.return %s : i32
    }) : (tensor<2x16xi32, #half>) -> tensor<2xi32, #ttg.slice<{dim = 1, parent = #half}>>
    tt.return
  }
}
