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

// -----

#tile = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
tt.func @slice_not_whole_tiles(%x: tensor<32x64xf16, #tile>) {
  // Thread 0 holds rows 0 and 16 of the source: row 8 is another thread's.
  // expected-error @+1 {{No source register holds the element for destination index [8, 0]}}
  %0 = amdg.extract_slice %x [8, 0] : tensor<32x64xf16, #tile> to tensor<16x64xf16, #tile>
  tt.return
}

// -----

#tile = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
tt.func @slice_past_the_end(%x: tensor<32x64xf16, #tile>) {
  // expected-error @+1 {{invalid offset at dimension 0}}
  %0 = amdg.extract_slice %x [32, 0] : tensor<32x64xf16, #tile> to tensor<16x64xf16, #tile>
  tt.return
}

// -----

#tile = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
tt.func @slice_element_type(%x: tensor<32x64xf16, #tile>) {
  // expected-error @+1 {{result element type must match source element type}}
  %0 = amdg.extract_slice %x [0, 0] : tensor<32x64xf16, #tile> to tensor<16x64xf32, #tile>
  tt.return
}

// -----

#tile = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#other = #ttg.blocked<{sizePerThread = [2, 4], threadsPerWarp = [4, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
tt.func @slice_other_tile(%x: tensor<64x64xf16, #tile>) {
  // expected-error @+1 {{No source register holds the element for destination index [1, 0]}}
  %0 = amdg.extract_slice %x [0, 0] : tensor<64x64xf16, #tile> to tensor<32x64xf16, #other>
  tt.return
}

// -----

#a = #ttg.linear<{register = [[1], [512]], lane = [[2], [4], [8], [16], [32], [64]], warp = [[128], [256]], block = []}>
#b = #ttg.linear<{register = [[1]], lane = [[4], [2], [8], [16], [32], [64]], warp = [[128], [256]], block = []}>
tt.func @slice_moves_lanes(%x: tensor<1024xi32, #a>) {
  // expected-error @+1 {{Lane and warp dim basis must match between source and destination layout.}}
  %0 = amdg.extract_slice %x [0] : tensor<1024xi32, #a> to tensor<512xi32, #b>
  tt.return
}

// -----

#tile = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
tt.func @concat_count(%a: tensor<16x64xf16, #tile>) {
  // expected-error @+1 {{Number of source tiles (2) doesn't match required count (4).}}
  %0 = amdg.concat %a, %a : tensor<16x64xf16, #tile>, tensor<16x64xf16, #tile> -> tensor<32x128xf16, #tile>
  tt.return
}

// -----

#tile = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
tt.func @concat_mixed_sources(%a: tensor<16x64xf16, #tile>, %b: tensor<16x64xf32, #tile>) {
  // expected-error @+1 {{All sources must have identical tensor types.}}
  %0 = amdg.concat %a, %b : tensor<16x64xf16, #tile>, tensor<16x64xf32, #tile> -> tensor<32x64xf16, #tile>
  tt.return
}

// -----

#tile = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
tt.func @concat_uneven(%a: tensor<16x64xf16, #tile>) {
  // expected-error @+1 {{Source and destination tensor shapes don't match.}}
  %0 = amdg.concat %a, %a : tensor<16x64xf16, #tile>, tensor<16x64xf16, #tile> -> tensor<24x64xf16, #tile>
  tt.return
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [2, 4], threadsPerWarp = [8, 8], warpsPerCTA = [1, 1], order = [1, 0]}>
tt.func @transpose_not_transposed(%x: tensor<16x32xf16, #blocked>) {
  // expected-error-re @+1 {{Expect output layout to be transposed per thread: {{.*}}- register=1 -> (1, 0){{.*}}register=2 -> (0, 1){{.*}}register=4 -> (0, 2)}}
  %0 = amdg.in_thread_transpose %x : tensor<16x32xf16, #blocked> -> tensor<16x32xf16, #blocked>
  tt.return
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [2, 4], threadsPerWarp = [8, 8], warpsPerCTA = [1, 1], order = [1, 0]}>
#linear = #ttg.linear<{register = [[1, 0], [0, 1], [0, 2]], lane = [[0, 4], [0, 8], [0, 16], [2, 0], [4, 0], [8, 0]], warp = [], block = []}>
tt.func @transpose_from_linear(%x: tensor<16x32xf16, #linear>) {
  // expected-error @+1 {{Expect input tensor in Blocked encoding}}
  %0 = amdg.in_thread_transpose %x : tensor<16x32xf16, #linear> -> tensor<16x32xf16, #blocked>
  tt.return
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [2, 4], threadsPerWarp = [8, 8], warpsPerCTA = [1, 1], order = [1, 0]}>
tt.func @transpose_dtype(%x: tensor<16x32xf16, #blocked>) {
  // expected-error @+1 {{Expect input and output tensor to have same dtype}}
  %0 = amdg.in_thread_transpose %x : tensor<16x32xf16, #blocked> -> tensor<16x32xf32, #blocked>
  tt.return
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 64], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
tt.func @to_local_pointer(%base: !tt.ptr<f16>, %offsets: tensor<4x64xi32, #blocked>, %buf: !ttg.memdesc<4x64xf32, #shared, #smem, mutable>) {
  // expected-error @+1 {{failed to verify that the base pointer points to the buffer's element type}}
  %0 = "amdg.buffer_load_to_local"(%buf, %base, %offsets) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0>}> : (!ttg.memdesc<4x64xf32, #shared, #smem, mutable>, !tt.ptr<f16>, tensor<4x64xi32, #blocked>) -> !ttg.async.token
  tt.return
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 64], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
tt.func @to_local_shape(%base: !tt.ptr<f32>, %offsets: tensor<4x64xi32, #blocked>, %buf: !ttg.memdesc<8x64xf32, #shared, #smem, mutable>) {
  // expected-error @+1 {{'amdg.buffer_load_to_local' op offsets of shape 'tensor<4x64xi32,}}
  %0 = amdg.buffer_load_to_local %base[%offsets] into %buf : <f32>[tensor<4x64xi32, #blocked>] -> <8x64xf32, #shared, #smem, mutable>
  tt.return
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 64], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
tt.func @to_local_immutable(%base: !tt.ptr<f32>, %offsets: tensor<4x64xi32, #blocked>, %buf: !ttg.memdesc<4x64xf32, #shared, #smem>) {
  // expected-error @+1 {{'amdg.buffer_load_to_local' op copies into an immutable buffer}}
  %0 = amdg.buffer_load_to_local %base[%offsets] into %buf : <f32>[tensor<4x64xi32, #blocked>] -> <4x64xf32, #shared, #smem>
  tt.return
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 64], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
tt.func @to_local_other(%base: !tt.ptr<f32>, %offsets: tensor<4x64xi32, #blocked>, %mask: tensor<4x64xi1, #blocked>, %other: tensor<4x64xf16, #blocked>, %buf: !ttg.memdesc<4x64xf32, #shared, #smem, mutable>) {
  // expected-error @+1 {{failed to verify that other is a tensor of the offsets' shape and layout and the buffer's element type}}
  %0 = "amdg.buffer_load_to_local"(%buf, %base, %offsets, %mask, %other) <{operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 0>}> : (!ttg.memdesc<4x64xf32, #shared, #smem, mutable>, !tt.ptr<f32>, tensor<4x64xi32, #blocked>, tensor<4x64xi1, #blocked>, tensor<4x64xf16, #blocked>) -> !ttg.async.token
  tt.return
}
