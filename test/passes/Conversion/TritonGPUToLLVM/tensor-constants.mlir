// RUN: triton-opt %s -convert-triton-gpu-to-llvm | FileCheck %s
// RUN: triton-opt %s -convert-triton-gpu-to-llvm -reconcile-unrealized-casts -o %t.mlir
// RUN: triton-translate --mlir-to-ptx %t.mlir -o %t.ptx
// RUN: %ptxas --gpu-name=sm_90a %t.ptx -o %t.cubin
// REQUIRES: ptxas

// Tensor constants whose elements differ.
//
// Spread over lanes and warps, an element depends on the thread: the
// elements go into a read-only table (address space 4) that each register
// reads at its element's row-major index (lane, warp and register bits).
// Booleans go into the table as bytes, truncated after the load.
// CHECK-DAG: llvm.mlir.global internal constant @tt_constant_table_{{[01]}}({{.*}} : tensor<256xf32>) {addr_space = 4 : i32} : !llvm.array<256 x f32>
// CHECK-DAG: llvm.mlir.global internal constant @tt_constant_table_{{[01]}}(dense<[1, 0, 0, 1{{.*}}]> : tensor<64xi8>) {addr_space = 4 : i32} : !llvm.array<64 x i8>
#rep = #ttg.blocked<{sizePerThread = [2, 4], threadsPerWarp = [4, 8], warpsPerCTA = [2, 2], order = [1, 0]}>
#spread = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#lanes = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // When the layout gives every thread the whole tensor (lanes and warps
  // hold copies), each register is an LLVM constant: registers 0..7 hold
  // elements 0..7 of the 2x4 tensor.
  // CHECK-LABEL: llvm.func internal @replicated
  // CHECK-NOT: llvm.mlir.addressof
  // CHECK: llvm.mlir.constant(10 : i16) : i16
  // CHECK: llvm.mlir.constant(11 : i16) : i16
  // CHECK: llvm.mlir.constant(12 : i16) : i16
  // CHECK: llvm.mlir.constant(13 : i16) : i16
  // CHECK: llvm.mlir.constant(20 : i16) : i16
  // CHECK: llvm.mlir.constant(21 : i16) : i16
  // CHECK: llvm.mlir.constant(22 : i16) : i16
  // CHECK: llvm.mlir.constant(23 : i16) : i16
  // CHECK: llvm.mlir.undef : !llvm.struct<(i16, i16, i16, i16, i16, i16, i16, i16)>
  tt.func private @replicated() -> tensor<2x4xi16, #rep> {
    %c = arith.constant dense<[[10, 11, 12, 13], [20, 21, 22, 23]]> : tensor<2x4xi16, #rep>
    tt.return %c : tensor<2x4xi16, #rep>
  }

  // CHECK-LABEL: llvm.func @spread
  // CHECK: %[[TABLE:.+]] = llvm.mlir.addressof @tt_constant_table_{{[01]}} : !llvm.ptr<4>
  // CHECK: nvvm.read.ptx.sreg.tid.x
  // CHECK: %[[P0:.+]] = llvm.getelementptr %[[TABLE]][%{{.+}}] : (!llvm.ptr<4>, i32) -> !llvm.ptr<4>, f32
  // CHECK: llvm.load %[[P0]] : !llvm.ptr<4> -> f32
  // CHECK: %[[P1:.+]] = llvm.getelementptr %[[TABLE]][%{{.+}}] : (!llvm.ptr<4>, i32) -> !llvm.ptr<4>, f32
  // CHECK: llvm.load %[[P1]] : !llvm.ptr<4> -> f32
  // CHECK-NOT: llvm.load
  // CHECK: st.global
  tt.func public @spread(%out: !tt.ptr<f32>) {
    %c = arith.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 17.0, 18.0, 19.0, 20.0, 21.0, 22.0, 23.0, 24.0, 25.0, 26.0, 27.0, 28.0, 29.0, 30.0, 31.0, 32.0, 33.0, 34.0, 35.0, 36.0, 37.0, 38.0, 39.0, 40.0, 41.0, 42.0, 43.0, 44.0, 45.0, 46.0, 47.0, 48.0, 49.0, 50.0, 51.0, 52.0, 53.0, 54.0, 55.0, 56.0, 57.0, 58.0, 59.0, 60.0, 61.0, 62.0, 63.0, 64.0, 65.0, 66.0, 67.0, 68.0, 69.0, 70.0, 71.0, 72.0, 73.0, 74.0, 75.0, 76.0, 77.0, 78.0, 79.0, 80.0, 81.0, 82.0, 83.0, 84.0, 85.0, 86.0, 87.0, 88.0, 89.0, 90.0, 91.0, 92.0, 93.0, 94.0, 95.0, 96.0, 97.0, 98.0, 99.0, 100.0, 101.0, 102.0, 103.0, 104.0, 105.0, 106.0, 107.0, 108.0, 109.0, 110.0, 111.0, 112.0, 113.0, 114.0, 115.0, 116.0, 117.0, 118.0, 119.0, 120.0, 121.0, 122.0, 123.0, 124.0, 125.0, 126.0, 127.0, 128.0, 129.0, 130.0, 131.0, 132.0, 133.0, 134.0, 135.0, 136.0, 137.0, 138.0, 139.0, 140.0, 141.0, 142.0, 143.0, 144.0, 145.0, 146.0, 147.0, 148.0, 149.0, 150.0, 151.0, 152.0, 153.0, 154.0, 155.0, 156.0, 157.0, 158.0, 159.0, 160.0, 161.0, 162.0, 163.0, 164.0, 165.0, 166.0, 167.0, 168.0, 169.0, 170.0, 171.0, 172.0, 173.0, 174.0, 175.0, 176.0, 177.0, 178.0, 179.0, 180.0, 181.0, 182.0, 183.0, 184.0, 185.0, 186.0, 187.0, 188.0, 189.0, 190.0, 191.0, 192.0, 193.0, 194.0, 195.0, 196.0, 197.0, 198.0, 199.0, 200.0, 201.0, 202.0, 203.0, 204.0, 205.0, 206.0, 207.0, 208.0, 209.0, 210.0, 211.0, 212.0, 213.0, 214.0, 215.0, 216.0, 217.0, 218.0, 219.0, 220.0, 221.0, 222.0, 223.0, 224.0, 225.0, 226.0, 227.0, 228.0, 229.0, 230.0, 231.0, 232.0, 233.0, 234.0, 235.0, 236.0, 237.0, 238.0, 239.0, 240.0, 241.0, 242.0, 243.0, 244.0, 245.0, 246.0, 247.0, 248.0, 249.0, 250.0, 251.0, 252.0, 253.0, 254.0, 255.0, 256.0]> : tensor<256xf32, #spread>
    %o = tt.splat %out : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #spread>
    %r = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #spread>
    %p = tt.addptr %o, %r : tensor<256x!tt.ptr<f32>, #spread>, tensor<256xi32, #spread>
    tt.store %p, %c : tensor<256x!tt.ptr<f32>, #spread>
    tt.return
  }

  // CHECK-LABEL: llvm.func internal @mask
  // CHECK: %[[B:.+]] = llvm.load %{{.+}} : !llvm.ptr<4> -> i8
  // CHECK: llvm.trunc %[[B]] : i8 to i1
  tt.func private @mask() -> tensor<64xi1, #lanes> {
    %c = arith.constant dense<[true, false, false, true, true, false, false, true, true, false, false, true, true, false, false, true, true, false, false, true, true, false, false, true, true, false, false, true, true, false, false, true, true, false, false, true, true, false, false, true, true, false, false, true, true, false, false, true, true, false, false, true, true, false, false, true, true, false, false, true, true, false, false, true]> : tensor<64xi1, #lanes>
    tt.return %c : tensor<64xi1, #lanes>
  }
  // A splat is one constant through a bitcast to its own type (Triton 3.6's
  // form; LLVM folds it), in every register.
  // CHECK-LABEL: llvm.func internal @splat
  // CHECK: %[[C:.+]] = llvm.mlir.constant(1.500000e+00 : f32) : f32
  // CHECK-NEXT: %[[V:.+]] = llvm.bitcast %[[C]] : f32 to f32
  // CHECK: llvm.insertvalue %[[V]], %{{.+}}[0] : !llvm.struct<(f32, f32)>
  // CHECK-NEXT: llvm.insertvalue %[[V]], %{{.+}}[1] : !llvm.struct<(f32, f32)>
  tt.func private @splat() -> tensor<256xf32, #spread> {
    %c = arith.constant dense<1.5> : tensor<256xf32, #spread>
    tt.return %c : tensor<256xf32, #spread>
  }
}
