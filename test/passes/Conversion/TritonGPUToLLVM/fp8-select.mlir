// RUN: triton-opt %s -split-input-file -allocate-shared-memory -convert-triton-gpu-to-llvm | FileCheck %s
// A select of 8-bit float tensors (tl.where on fp8) moves their bits: one
// llvm.select of i8 per register, for every fp8 type, NVIDIA and AMD alike.

#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.target" = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @where_e4m3
  // CHECK-COUNT-4: llvm.select %{{.*}}, %{{.*}}, %{{.*}} : i1, i8
  // CHECK-NOT:     llvm.select
  tt.func @where_e4m3(%p: !tt.ptr<f8E4M3FN>, %m: tensor<128xi1, #blocked>, %a: tensor<128xf8E4M3FN, #blocked>, %b: tensor<128xf8E4M3FN, #blocked>) {
    %s = arith.select %m, %a, %b : tensor<128xi1, #blocked>, tensor<128xf8E4M3FN, #blocked>
    %ps = tt.splat %p : !tt.ptr<f8E4M3FN> -> tensor<128x!tt.ptr<f8E4M3FN>, #blocked>
    %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked>
    %pa = tt.addptr %ps, %r : tensor<128x!tt.ptr<f8E4M3FN>, #blocked>, tensor<128xi32, #blocked>
    tt.store %pa, %s : tensor<128x!tt.ptr<f8E4M3FN>, #blocked>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [64], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.target" = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  // CHECK-LABEL: llvm.func @where_fnuz
  // CHECK:         llvm.mlir.constant(0.000000e+00 : f8E5M2FNUZ) : i8
  // CHECK-COUNT-4: llvm.select %{{.*}}, %{{.*}}, %{{.*}} : i1, i8
  tt.func @where_fnuz(%p: !tt.ptr<f8E5M2FNUZ>, %m: tensor<256xi1, #blocked>, %a: tensor<256xf8E5M2FNUZ, #blocked>) {
    %zero = arith.constant dense<0.0> : tensor<256xf8E5M2FNUZ, #blocked>
    %s = arith.select %m, %a, %zero : tensor<256xi1, #blocked>, tensor<256xf8E5M2FNUZ, #blocked>
    %ps = tt.splat %p : !tt.ptr<f8E5M2FNUZ> -> tensor<256x!tt.ptr<f8E5M2FNUZ>, #blocked>
    %r = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #blocked>
    %pa = tt.addptr %ps, %r : tensor<256x!tt.ptr<f8E5M2FNUZ>, #blocked>, tensor<256xi32, #blocked>
    tt.store %pa, %s : tensor<256x!tt.ptr<f8E5M2FNUZ>, #blocked>
    tt.return
  }
}
