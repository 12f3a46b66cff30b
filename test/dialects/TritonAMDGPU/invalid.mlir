// RUN: triton-opt %s -split-input-file -verify-diagnostics
// One case per type rule of the amdg ops (written generically, since the
// custom syntax infers the types the rules relate).

#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [64], warpsPerCTA = [4], order = [0]}>
tt.func @load_pointer(%base: !tt.ptr<f16>, %offsets: tensor<1024xi32, #blocked>) {
  // expected-error @+1 {{failed to verify that the base pointer points to the data's element type}}
  %0 = "amdg.buffer_load"(%base, %offsets) <{operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>}> : (!tt.ptr<f16>, tensor<1024xi32, #blocked>) -> tensor<1024xf32, #blocked>
  tt.return
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [64], warpsPerCTA = [4], order = [0]}>
tt.func @load_offsets(%base: !tt.ptr<f32>, %offsets: tensor<512xi32, #blocked>) {
  // expected-error @+1 {{failed to verify that the offsets are an i32 tensor of the data's shape and layout}}
  %0 = "amdg.buffer_load"(%base, %offsets) <{operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>}> : (!tt.ptr<f32>, tensor<512xi32, #blocked>) -> tensor<1024xf32, #blocked>
  tt.return
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [64], warpsPerCTA = [4], order = [0]}>
tt.func @load_mask(%base: !tt.ptr<f32>, %offsets: tensor<1024xi32, #blocked>, %mask: tensor<512xi1, #blocked>) {
  // expected-error @+1 {{failed to verify that the mask is an i1 tensor of the data's shape and layout}}
  %0 = "amdg.buffer_load"(%base, %offsets, %mask) <{operandSegmentSizes = array<i32: 1, 1, 0, 1, 0>}> : (!tt.ptr<f32>, tensor<1024xi32, #blocked>, tensor<512xi1, #blocked>) -> tensor<1024xf32, #blocked>
  tt.return
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [64], warpsPerCTA = [4], order = [0]}>
tt.func @load_other(%base: !tt.ptr<f32>, %offsets: tensor<1024xi32, #blocked>, %other: tensor<1024xf16, #blocked>) {
  // expected-error @+1 {{failed to verify that other has the result type}}
  %0 = "amdg.buffer_load"(%base, %offsets, %other) <{operandSegmentSizes = array<i32: 1, 1, 0, 0, 1>}> : (!tt.ptr<f32>, tensor<1024xi32, #blocked>, tensor<1024xf16, #blocked>) -> tensor<1024xf32, #blocked>
  tt.return
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [64], warpsPerCTA = [4], order = [0]}>
tt.func @store_pointer(%v: tensor<1024xf32, #blocked>, %base: !tt.ptr<i32>, %offsets: tensor<1024xi32, #blocked>) {
  // expected-error @+1 {{failed to verify that the base pointer points to the data's element type}}
  "amdg.buffer_store"(%v, %base, %offsets) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>}> : (tensor<1024xf32, #blocked>, !tt.ptr<i32>, tensor<1024xi32, #blocked>) -> ()
  tt.return
}
