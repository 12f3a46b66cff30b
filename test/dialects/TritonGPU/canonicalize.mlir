// RUN: triton-opt %s -split-input-file -canonicalize | FileCheck %s

#b1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b4 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // A conversion there and back is nothing; two in a row are one.
  // CHECK-LABEL: tt.func @round_trip
  tt.func @round_trip(%x: tensor<1024xf32, #b1>) -> (tensor<1024xf32, #b1>, tensor<1024xf32, #b4>) {
    // CHECK: %[[C:.*]] = ttg.convert_layout %arg0 : tensor<1024xf32, #{{.*}}> -> tensor<1024xf32, #{{.*}}>
    // CHECK-NEXT: tt.return %arg0, %[[C]]
    %a = ttg.convert_layout %x : tensor<1024xf32, #b1> -> tensor<1024xf32, #b4>
    %b = ttg.convert_layout %a : tensor<1024xf32, #b4> -> tensor<1024xf32, #b1>
    %c = ttg.convert_layout %b : tensor<1024xf32, #b1> -> tensor<1024xf32, #b4>
    tt.return %b, %c : tensor<1024xf32, #b1>, tensor<1024xf32, #b4>
  }

  // Values made from scalars are made in the target layout instead.
  // CHECK-LABEL: tt.func @made_in_place
  tt.func @made_in_place(%s: i32) -> (tensor<1024xi32, #b4>, tensor<1024xi32, #b4>, tensor<1024xf32, #b4>) {
    // CHECK-DAG: %[[K:.*]] = arith.constant dense<2.000000e+00> : tensor<1024xf32, #[[L:.*]]>
    // CHECK-DAG: %[[S:.*]] = tt.splat %arg0 : i32 -> tensor<1024xi32, #[[L]]>
    // CHECK-DAG: %[[R:.*]] = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #[[L]]>
    // CHECK-NOT: ttg.convert_layout
    // CHECK: tt.return %[[S]], %[[R]], %[[K]]
    %0 = tt.splat %s : i32 -> tensor<1024xi32, #b1>
    %1 = ttg.convert_layout %0 : tensor<1024xi32, #b1> -> tensor<1024xi32, #b4>
    %2 = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #b1>
    %3 = ttg.convert_layout %2 : tensor<1024xi32, #b1> -> tensor<1024xi32, #b4>
    %4 = arith.constant dense<2.0> : tensor<1024xf32, #b1>
    %5 = ttg.convert_layout %4 : tensor<1024xf32, #b1> -> tensor<1024xf32, #b4>
    tt.return %1, %3, %5 : tensor<1024xi32, #b4>, tensor<1024xi32, #b4>, tensor<1024xf32, #b4>
  }

  // A histogram's bins are read back from shared memory by each thread: they
  // are counted straight into the conversion's layout (with the mask).
  // CHECK-LABEL: tt.func @histogram_bins
  tt.func @histogram_bins(%x: tensor<1024xi32, #b1>, %m: tensor<1024xi1, #b1>) -> tensor<256xi32, #b4> {
    // CHECK: %[[H:.*]] = tt.histogram %arg0, %arg1 : tensor<1024xi32, #{{.*}}> -> tensor<256xi32, #[[B4:.*]]>
    // CHECK-NOT: ttg.convert_layout
    // CHECK: tt.return %[[H]] : tensor<256xi32, #[[B4]]>
    %h = tt.histogram %x, %m : tensor<1024xi32, #b1> -> tensor<256xi32, #b1>
    %c = ttg.convert_layout %h : tensor<256xi32, #b1> -> tensor<256xi32, #b4>
    tt.return %c : tensor<256xi32, #b4>
  }

  // Data that must move stays converted.
  // CHECK-LABEL: tt.func @kept
  tt.func @kept(%p: tensor<1024x!tt.ptr<f32>, #b1>) -> tensor<1024xf32, #b4> {
    // CHECK: %[[V:.*]] = tt.load
    // CHECK: ttg.convert_layout %[[V]]
    %v = tt.load %p : tensor<1024x!tt.ptr<f32>, #b1>
    %c = ttg.convert_layout %v : tensor<1024xf32, #b1> -> tensor<1024xf32, #b4>
    tt.return %c : tensor<1024xf32, #b4>
  }
}
