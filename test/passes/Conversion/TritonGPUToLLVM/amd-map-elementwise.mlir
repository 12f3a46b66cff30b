// RUN: triton-opt %s -convert-scf-to-cf -convert-triton-amdgpu-to-llvm -reconcile-unrealized-casts | FileCheck %s
// RUN: triton-opt %s -convert-scf-to-cf -convert-triton-amdgpu-to-llvm -canonicalize -reconcile-unrealized-casts -o %t.mlir
// RUN: triton-translate --mlir-to-amdgcn %t.mlir -o %t.s
// RUN: FileCheck %s --input-file=%t.s --check-prefix=ASM
// RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx942 -filetype=obj %t.s -o %t.o
// REQUIRES: llvm-mc

// tt.map_elementwise on AMD: the common lowering inlines the scalar region
// once per `pack` of each thread's elements (2 per thread here), as on
// NVIDIA; a region with branches gets its blocks per element.
#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [64], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {

// Two results, pack 2: one copy of the region for the thread's pair.
// CHECK-LABEL: llvm.func @map_pack
// CHECK-COUNT-2: llvm.fmul %{{.*}}, %{{.*}} : f32
// CHECK-NOT: llvm.fmul
// CHECK-NOT: unrealized_conversion_cast
// CHECK: llvm.return
tt.func public @map_pack(%x: tensor<512xf32, #blocked>, %y: tensor<512xf32, #blocked>, %out: !tt.ptr<f32>) {
  %r:2 = "tt.map_elementwise"(%x, %y) <{pack = 2 : i32}> ({
  ^bb0(%a0: f32, %a1: f32, %b0: f32, %b1: f32):
    %m0 = arith.mulf %a0, %b0 : f32
    %m1 = arith.mulf %a1, %b1 : f32
    %s = arith.addf %m0, %m1 : f32
    tt.map_elementwise.return %m0, %s, %m1, %s : f32, f32, f32, f32
  }) : (tensor<512xf32, #blocked>, tensor<512xf32, #blocked>) -> (tensor<512xf32, #blocked>, tensor<512xf32, #blocked>)
  %o = tt.splat %out : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #blocked>
  %i = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #blocked>
  %p = tt.addptr %o, %i : tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
  %v = arith.addf %r#0, %r#1 : tensor<512xf32, #blocked>
  tt.store %p, %v : tensor<512x!tt.ptr<f32>, #blocked>
  tt.return
}

// The Huber loss's region (two scf.if, lowered to branches first): each of
// the thread's two elements gets the region's blocks, joined by a block whose
// argument is the element's result.
// CHECK-LABEL: llvm.func @map_branches
// CHECK-COUNT-4: llvm.cond_br %{{.*}}, ^bb{{[0-9]+}}, ^bb{{[0-9]+}}
// CHECK-NOT: llvm.cond_br
// CHECK-NOT: unrealized_conversion_cast
// CHECK: llvm.br ^bb{{[0-9]+}}(%{{.*}} : f32)
// CHECK: llvm.return
tt.func public @map_branches(%x: tensor<512xf32, #blocked>, %d: tensor<512xf32, #blocked>, %out: !tt.ptr<f32>) {
  %zero = arith.constant 0.0 : f32
  %half = arith.constant 0.5 : f32
  %h = "tt.map_elementwise"(%x, %d) <{pack = 1 : i32}> ({
  ^bb0(%a: f32, %delta: f32):
    %neg = arith.cmpf olt, %a, %zero : f32
    %abs = scf.if %neg -> (f32) {
      %n = arith.subf %zero, %a : f32
      scf.yield %n : f32
    } else {
      scf.yield %a : f32
    }
    %small = arith.cmpf olt, %abs, %delta : f32
    %loss = scf.if %small -> (f32) {
      %q = arith.mulf %abs, %half : f32
      %q2 = arith.mulf %q, %abs : f32
      scf.yield %q2 : f32
    } else {
      %hd = arith.mulf %delta, %half : f32
      %t = arith.subf %abs, %hd : f32
      %l = arith.mulf %delta, %t : f32
      scf.yield %l : f32
    }
    tt.map_elementwise.return %loss : f32
  }) : (tensor<512xf32, #blocked>, tensor<512xf32, #blocked>) -> tensor<512xf32, #blocked>
  %o = tt.splat %out : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #blocked>
  %i = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #blocked>
  %p = tt.addptr %o, %i : tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
  tt.store %p, %h : tensor<512x!tt.ptr<f32>, #blocked>
  tt.return
}

// Both assemble (LLVM folds the branches to selects).
// ASM-LABEL: map_pack:
// ASM: s_endpgm
// ASM-LABEL: map_branches:
// ASM: v_cndmask_b32
// ASM: s_endpgm
}
