// RUN: triton-opt %s -split-input-file -tritongpu-F32DotTC='emu-tf32=true' | FileCheck %s
// RUN: triton-opt %s -split-input-file -tritongpu-F32DotTC | FileCheck %s --check-prefix=NOEMU

// tf32x3 with tf32 tensor cores: hi = x rounded to tf32 on its bits, lo =
// x - hi; lo·hi and hi·lo summed from zero, NaNs dropped, hi·hi, then C.
// CHECK-LABEL: tt.func @tf32x3
// CHECK-DAG: %[[HALF:.*]] = arith.constant dense<4096> : tensor<16x16xi32>
// CHECK-DAG: %[[MASK:.*]] = arith.constant dense<-8192> : tensor<16x16xi32>
// CHECK-DAG: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<16x16xf32>
// CHECK: %[[AI:.*]] = tt.bitcast %arg0 : tensor<16x16xf32> -> tensor<16x16xi32>
// CHECK: %[[AU:.*]] = arith.addi %[[AI]], %[[HALF]]
// CHECK: %[[AK:.*]] = arith.andi %[[AU]], %[[MASK]]
// CHECK: %[[AHI:.*]] = tt.bitcast %[[AK]] : tensor<16x16xi32> -> tensor<16x16xf32>
// CHECK: %[[ALO:.*]] = arith.subf %arg0, %[[AHI]]
// CHECK: %[[BHI:.*]] = tt.bitcast %{{.*}} : tensor<16x16xi32> -> tensor<16x16xf32>
// CHECK: %[[BLO:.*]] = arith.subf %arg1, %[[BHI]]
// CHECK: %[[D0:.*]] = tt.dot %[[ALO]], %[[BHI]], %[[ZERO]], inputPrecision = tf32
// CHECK: %[[D1:.*]] = tt.dot %[[AHI]], %[[BLO]], %[[D0]], inputPrecision = tf32
// CHECK: %[[NAN:.*]] = arith.cmpf uno, %[[D1]], %[[D1]]
// CHECK: %[[D2:.*]] = arith.select %[[NAN]], %[[ZERO]], %[[D1]]
// CHECK: %[[D3:.*]] = tt.dot %[[AHI]], %[[BHI]], %[[D2]], inputPrecision = tf32
// CHECK: %[[D:.*]] = arith.addf %[[D3]], %arg2
// CHECK: tt.return %[[D]]
// Without tf32 tensor cores (AMD's emu-tf32=false) the dot stays exact.
// NOEMU-LABEL: tt.func @tf32x3
// NOEMU: tt.dot %arg0, %arg1, %arg2, inputPrecision = tf32x3
tt.func @tf32x3(%a: tensor<16x16xf32>, %b: tensor<16x16xf32>, %c: tensor<16x16xf32>) -> tensor<16x16xf32> {
  %d = tt.dot %a, %b, %c, inputPrecision = tf32x3 : tensor<16x16xf32> * tensor<16x16xf32> -> tensor<16x16xf32>
  tt.return %d : tensor<16x16xf32>
}

// -----

// bf16x3: hi = bf16(x), lo = bf16(x - hi); three bf16 products.
// CHECK-LABEL: tt.func @bf16x3
// CHECK: %[[AHI:.*]] = arith.truncf %arg0 : tensor<16x16xf32> to tensor<16x16xbf16>
// CHECK: %[[AHIF:.*]] = arith.extf %[[AHI]]
// CHECK: %[[AR:.*]] = arith.subf %arg0, %[[AHIF]]
// CHECK: %[[ALO:.*]] = arith.truncf %[[AR]] : tensor<16x16xf32> to tensor<16x16xbf16>
// CHECK: %[[BHI:.*]] = arith.truncf %arg1
// CHECK: %[[BLO:.*]] = arith.truncf %{{.*}} : tensor<16x16xf32> to tensor<16x16xbf16>
// CHECK: tt.dot %[[ALO]], %[[BHI]], %{{.*}} : tensor<16x16xbf16> * tensor<16x16xbf16> -> tensor<16x16xf32>
// CHECK: tt.dot %[[AHI]], %[[BLO]]
// CHECK: arith.select
// CHECK: tt.dot %[[AHI]], %[[BHI]]
// CHECK-NOT: tt.dot
// CHECK: arith.addf %{{.*}}, %arg2
// NOEMU-LABEL: tt.func @bf16x3
// NOEMU-COUNT-3: tt.dot
tt.func @bf16x3(%a: tensor<16x16xf32>, %b: tensor<16x16xf32>, %c: tensor<16x16xf32>) -> tensor<16x16xf32> {
  %d = tt.dot %a, %b, %c, inputPrecision = bf16x3 : tensor<16x16xf32> * tensor<16x16xf32> -> tensor<16x16xf32>
  tt.return %d : tensor<16x16xf32>
}

// -----

// bf16x6: three parts, the six products of rank sum at most 2, smallest first;
// among rank sum 2 the two middle parts' product before low times high.
// CHECK-LABEL: tt.func @bf16x6
// CHECK: %[[A0:.*]] = arith.truncf %arg0 : tensor<16x16xf32> to tensor<16x16xbf16>
// CHECK: %[[A1:.*]] = arith.truncf %{{.*}} : tensor<16x16xf32> to tensor<16x16xbf16>
// CHECK: %[[A2:.*]] = arith.truncf %{{.*}} : tensor<16x16xf32> to tensor<16x16xbf16>
// CHECK: %[[B0:.*]] = arith.truncf %arg1 : tensor<16x16xf32> to tensor<16x16xbf16>
// CHECK: %[[B1:.*]] = arith.truncf %{{.*}} : tensor<16x16xf32> to tensor<16x16xbf16>
// CHECK: %[[B2:.*]] = arith.truncf %{{.*}} : tensor<16x16xf32> to tensor<16x16xbf16>
// CHECK: tt.dot %[[A1]], %[[B1]]
// CHECK: tt.dot %[[A2]], %[[B0]]
// CHECK: tt.dot %[[A0]], %[[B2]]
// CHECK: tt.dot %[[A1]], %[[B0]]
// CHECK: tt.dot %[[A0]], %[[B1]]
// CHECK: arith.select
// CHECK: tt.dot %[[A0]], %[[B0]]
tt.func @bf16x6(%a: tensor<16x16xf32>, %b: tensor<16x16xf32>, %c: tensor<16x16xf32>) -> tensor<16x16xf32> {
  %d = tt.dot %a, %b, %c, inputPrecision = bf16x6 : tensor<16x16xf32> * tensor<16x16xf32> -> tensor<16x16xf32>
  tt.return %d : tensor<16x16xf32>
}

// -----

// Dots that one tensor-core product serves are left alone.
// CHECK-LABEL: tt.func @others
// CHECK: tt.dot %arg0, %arg1, %arg2, inputPrecision = tf32 :
// CHECK: tt.dot %arg0, %arg1, %arg2 :
// CHECK-NOT: tt.dot
tt.func @others(%a: tensor<16x16xf32>, %b: tensor<16x16xf32>, %c: tensor<16x16xf32>) -> tensor<16x16xf32> {
  %d = tt.dot %a, %b, %c, inputPrecision = tf32 : tensor<16x16xf32> * tensor<16x16xf32> -> tensor<16x16xf32>
  %e = tt.dot %a, %b, %c, inputPrecision = ieee : tensor<16x16xf32> * tensor<16x16xf32> -> tensor<16x16xf32>
  %f = arith.addf %d, %e : tensor<16x16xf32>
  tt.return %f : tensor<16x16xf32>
}
