// RUN: triton-opt %s -split-input-file -verify-diagnostics
// Each check of #ttg.padded_shared, with the words Triton's own diagnostics
// use first.

// expected-error @+1 {{interval values must all be power of two, got 6 in #ttg.padded_shared}}
#a = #ttg.padded_shared<[6:+2] {order = [0], shape = [64]}>

// -----

// expected-error @+1 {{padding values must all be power of two, got 0 in #ttg.padded_shared}}
#a = #ttg.padded_shared<[64:+0] {order = [0], shape = [64]}>

// -----

// expected-error @+1 {{interval values cannot have duplicates: 32 appears twice in #ttg.padded_shared}}
#a = #ttg.padded_shared<[32:+1, 32:+2] {order = [0], shape = [64]}>

// -----

// expected-error @+1 {{Unexpected attribute "vec" found in #ttg.padded_shared, which takes either order and shape, or offset and block}}
#a = #ttg.padded_shared<[32:+1] {order = [0], shape = [64], vec = 4}>

// -----

// expected-error @+1 {{Unexpected attribute "shape" found in #ttg.padded_shared}}
#a = #ttg.padded_shared<[32:+1] {offset = [[1], [2]], block = [], shape = [4]}>

// -----

// expected-error @+1 {{Expected basis of 'block' not found in #ttg.padded_shared}}
#a = #ttg.padded_shared<[32:+1] {offset = [[1], [2]]}>

// -----

// expected-error @+1 {{Expected basis of 'offset' not found in #ttg.padded_shared}}
#a = #ttg.padded_shared<[32:+1] {block = []}>

// -----

// expected-error @+1 {{Each offset basis must be 0 or a power of two, got 6 in #ttg.padded_shared}}
#a = #ttg.padded_shared<[32:+1] {offset = [[1], [6]], block = []}>

// -----

// expected-error @+1 {{Mismatch of shape and order ranks in padded layout: shape has 2 dimensions, order 1}}
#a = #ttg.padded_shared<[32:+1] {order = [0], shape = [8, 8]}>

// -----

// expected-error @+1 {{order of #ttg.padded_shared must be a permutation of 0..1}}
#a = #ttg.padded_shared<[32:+1] {order = [1, 1], shape = [8, 8]}>

// -----

#a = #ttg.padded_shared<[32:+1] {order = [1, 0], shape = [8, 16]}>
// expected-error @below {{rank must be equal to or one less than the shape size. Got 2 and 4}}
!t = !ttg.memdesc<2x2x8x16xf16, #a, #ttg.shared_memory>

// -----

#a = #ttg.padded_shared<[32:+1] {order = [1, 0], shape = [8, 16]}>
// expected-error @below {{Mismatch in expected shape for dimension 1. Expected: 32, got: 16}}
!t = !ttg.memdesc<8x32xf16, #a, #ttg.shared_memory>

// -----

#a = #ttg.padded_shared<[32:+1] {order = [1, 0], shape = [8, 16]}>
#smem = #ttg.shared_memory
tt.func @subslice_of_pipelined(%m: !ttg.memdesc<2x8x16xf16, #a, #smem>) {
  // expected-error @+1 {{SubSlice of low rank PaddedSharedEncoding from higher rank tensors is not supported yet: the layout has rank 2, the source 3}}
  %0 = ttg.memdesc_subslice %m[0, 4, 0] : !ttg.memdesc<2x8x16xf16, #a, #smem> -> !ttg.memdesc<2x4x16xf16, #a, #smem, 2x8x16>
  tt.return
}
