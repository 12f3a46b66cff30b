// RUN: triton-opt %s -split-input-file -verify-diagnostics
// One case per verifier branch of the tt ops.

tt.func @bitcast_width(%x: tensor<4xf32>) {
  // expected-error @+1 {{Cannot bitcast data-type of size 32 to data-type of size 16 ('f32' to 'i16')}}
  %0 = tt.bitcast %x : tensor<4xf32> -> tensor<4xi16>
  tt.return
}

// -----

tt.func @bitcast_block_pointer(%p: !tt.ptr<tensor<4xf32>>) {
  // expected-error @+1 {{cannot cast between a block pointer and another type}}
  %0 = tt.bitcast %p : !tt.ptr<tensor<4xf32>> -> i64
  tt.return
}

// -----

tt.func @fp_to_fp_narrowing(%x: tensor<4xf32>) {
  // expected-error @+1 {{requires a rounding mode to narrow 'f32' to 'f16'}}
  %0 = tt.fp_to_fp %x : tensor<4xf32> -> tensor<4xf16>
  tt.return
}

// -----

tt.func @advance_offsets(%p: !tt.ptr<tensor<4x4xf32>>, %o: i32) {
  // expected-error @+1 {{expects 2 offsets for a block of rank 2, got 1}}
  %0 = tt.advance %p, [%o] : <tensor<4x4xf32>>
  tt.return
}

// -----

tt.func @load_boundary_check_needs_block_pointer(%p: tensor<4x!tt.ptr<f32>>) {
  // expected-error @+1 {{takes 'boundaryCheck' only with a block pointer}}
  %0 = tt.load %p {boundaryCheck = array<i32: 0>} : tensor<4x!tt.ptr<f32>>
  tt.return
}

// -----

tt.func @load_boundary_check_dimension(%p: !tt.ptr<tensor<4x4xf32>>) {
  // expected-error @+1 {{has boundary check on dimension 2, outside a block of rank 2}}
  %0 = tt.load %p {boundaryCheck = array<i32: 2>} : !tt.ptr<tensor<4x4xf32>>
  tt.return
}

// -----

tt.func @load_padding_needs_block_pointer(%p: tensor<4x!tt.ptr<f32>>) {
  // expected-error @+1 {{takes 'padding' only with a block pointer}}
  %0 = tt.load %p {padding = 1 : i32} : tensor<4x!tt.ptr<f32>>
  tt.return
}

// -----

// A block-pointer load may take a mask over its block (a hoisted load's
// guard); a store may not.
tt.func @store_block_pointer_mask(%p: !tt.ptr<tensor<4xf32>>, %v: tensor<4xf32>, %m: tensor<4xi1>) {
  // expected-error @+1 {{takes no mask with a block pointer; use 'boundaryCheck'}}
  tt.store %p, %v, %m : !tt.ptr<tensor<4xf32>>
  tt.return
}

// -----

tt.func @load_mask_shape(%p: tensor<4x!tt.ptr<f32>>, %m: tensor<8xi1>) {
  // expected-error @+1 {{'tt.load' op failed to verify that mask type matches ptr type}}
  %0 = "tt.load"(%p, %m) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (tensor<4x!tt.ptr<f32>>, tensor<8xi1>) -> tensor<4xf32>
  tt.return
}

// -----

tt.func @load_other_type(%p: tensor<4x!tt.ptr<f32>>, %m: tensor<4xi1>, %o: tensor<4xf16>) {
  // expected-error @+1 {{'tt.load' op failed to verify that other matches ptr type}}
  %0 = "tt.load"(%p, %m, %o) <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (tensor<4x!tt.ptr<f32>>, tensor<4xi1>, tensor<4xf16>) -> tensor<4xf32>
  tt.return
}

// -----

tt.func @store_boundary_check(%p: tensor<4x!tt.ptr<f32>>, %v: tensor<4xf32>) {
  // expected-error @+1 {{takes 'boundaryCheck' only with a block pointer}}
  tt.store %p, %v {boundaryCheck = array<i32: 0>} : tensor<4x!tt.ptr<f32>>
  tt.return
}

// -----

tt.func @store_value_type(%p: tensor<4x!tt.ptr<f32>>, %v: tensor<4xi32>) {
  // expected-error @+1 {{failed to verify that value type matches ptr type}}
  "tt.store"(%p, %v) : (tensor<4x!tt.ptr<f32>>, tensor<4xi32>) -> ()
  tt.return
}

// -----

tt.func @atomic_and_float(%p: tensor<4x!tt.ptr<f32>>, %v: tensor<4xf32>) {
  // expected-error @+1 {{'and' needs integer values of 16 bits or more, got 'f32'}}
  %0 = tt.atomic_rmw and, acq_rel, gpu, %p, %v : (tensor<4x!tt.ptr<f32>>, tensor<4xf32>) -> tensor<4xf32>
  tt.return
}

// -----

tt.func @atomic_fadd_int(%p: tensor<4x!tt.ptr<i32>>, %v: tensor<4xi32>) {
  // expected-error @+1 {{'fadd' needs floating-point values, got 'i32'}}
  %0 = tt.atomic_rmw fadd, acq_rel, gpu, %p, %v : (tensor<4x!tt.ptr<i32>>, tensor<4xi32>) -> tensor<4xi32>
  tt.return
}

// -----

tt.func @atomic_max_i8(%p: !tt.ptr<i8>, %v: i8) {
  // expected-error @+1 {{'max' needs integer or floating-point values, got 'i8'}}
  %0 = tt.atomic_rmw max, acq_rel, gpu, %p, %v : (!tt.ptr<i8>, i8) -> i8
  tt.return
}

// -----

tt.func @atomic_pointer_type(%p: tensor<4x!tt.ptr<f32>>, %v: tensor<4xi32>) {
  // expected-error @+1 {{failed to verify that ptr type matches value type}}
  %0 = tt.atomic_rmw add, acq_rel, gpu, %p, %v : (tensor<4x!tt.ptr<f32>>, tensor<4xi32>) -> tensor<4xi32>
  tt.return
}

// -----

tt.func @atomic_cas_width(%p: !tt.ptr<i8>, %v: i8) {
  // expected-error @+1 {{needs 16-, 32- or 64-bit values, got 'i8'}}
  %0 = tt.atomic_cas acq_rel, gpu, %p, %v, %v : (!tt.ptr<i8>, i8, i8) -> i8
  tt.return
}

// -----

tt.func @atomic_cas_result(%p: !tt.ptr<i32>, %v: i32) {
  // expected-error @+1 {{result type 'i64' differs from the value type 'i32'}}
  %0 = tt.atomic_cas acq_rel, gpu, %p, %v, %v : (!tt.ptr<i32>, i32, i32) -> i64
  tt.return
}

// -----

tt.func @splat_tensor(%x: tensor<1xf32>) {
  // expected-error @+1 {{splats a scalar or a 0-d tensor, got 'tensor<1xf32>'}}
  %0 = tt.splat %x : tensor<1xf32> -> tensor<4xf32>
  tt.return
}

// -----

tt.func @unsplat_many(%x: tensor<2xf32>) {
  // expected-error @+1 {{source tensor must have exactly one element, got 'tensor<2xf32>'}}
  %0 = tt.unsplat %x : tensor<2xf32>
  tt.return
}

// -----

tt.func @expand_dims_axis(%x: tensor<4xf32>) {
  // expected-error @+1 {{axis 2 is outside [0, 1]}}
  %0 = tt.expand_dims %x {axis = 2 : i32} : tensor<4xf32> -> tensor<4x1xf32>
  tt.return
}

// -----

tt.func @expand_dims_shape(%x: tensor<4xf32>) {
  // expected-error @+1 {{result shape [4, 1] should be [1, 4]}}
  %0 = tt.expand_dims %x {axis = 0 : i32} : tensor<4xf32> -> tensor<4x1xf32>
  tt.return
}

// -----

tt.func @reshape_count(%x: tensor<4xf32>) {
  // expected-error @+1 {{number of src and dst elements of reshape must be the same: 4 to 8}}
  %0 = tt.reshape %x : tensor<4xf32> -> tensor<2x4xf32>
  tt.return
}

// -----

tt.func @broadcast_scalar(%x: f32) {
  // expected-error @+1 {{broadcasts a tensor to a tensor; splat scalars with tt.splat}}
  %0 = tt.broadcast %x : f32 -> tensor<4xf32>
  tt.return
}

// -----

tt.func @broadcast_rank(%x: tensor<4xf32>) {
  // expected-error @+1 {{rank of source must be same as rank of result, got 1 and 2}}
  %0 = tt.broadcast %x : tensor<4xf32> -> tensor<4x4xf32>
  tt.return
}

// -----

tt.func @broadcast_dimension(%x: tensor<2x1xf32>) {
  // expected-error @+1 {{Different dimensions at index 0 between source and result.  Broadcast requires the source dimension to be 1. (source 2, result 4)}}
  %0 = tt.broadcast %x : tensor<2x1xf32> -> tensor<4x4xf32>
  tt.return
}

// -----

tt.func @cat_rank(%x: tensor<4xf32>) {
  // expected-error @+1 {{needs operands and result of the same rank}}
  %0 = tt.cat %x, %x : tensor<4xf32> -> tensor<2x4xf32>
  tt.return
}

// -----

tt.func @cat_count(%x: tensor<4xf32>) {
  // expected-error @+1 {{result must hold the elements of both operands: expected 8 elements, got 16}}
  %0 = tt.cat %x, %x : tensor<4xf32> -> tensor<16xf32>
  tt.return
}

// -----

tt.func @join_shape(%x: tensor<4xf32>) {
  // expected-error @+1 {{result shape must be (4, 2), but got 2, 4}}
  %0 = tt.join %x, %x : tensor<4xf32> -> tensor<2x4xf32>
  tt.return
}

// -----

tt.func @join_element_type(%x: tensor<4xf32>) {
  // expected-error @+1 {{result element type must be the operands' 'f32'}}
  %0 = tt.join %x, %x : tensor<4xf32> -> tensor<4x2xf16>
  tt.return
}

// -----

tt.func @split_last_dimension(%x: tensor<4x3xf32>) {
  // expected-error @+2 {{splits a last dimension of size 2, got shape [4, 3]}}
  // expected-error @+1 {{'tt.split' op failed to infer returned types}}
  %0, %1 = tt.split %x : tensor<4x3xf32> -> tensor<4xf32>
  tt.return
}

// -----

tt.func @split_result_shape(%x: tensor<4x2xf32>) {
  // expected-error @+2 {{'tt.split' op inferred type(s) 'tensor<4xf32>', 'tensor<4xf32>' are incompatible with return type(s) of operation 'tensor<8xf32>', 'tensor<8xf32>': result shape [8] should be [4]}}
  // expected-error @+1 {{'tt.split' op failed to infer returned types}}
  %0, %1 = tt.split %x : tensor<4x2xf32> -> tensor<8xf32>
  tt.return
}

// -----

tt.func @split_element_type(%x: tensor<4x2xf32>) {
  // expected-error @+2 {{inferred type(s) 'tensor<4xf32>', 'tensor<4xf32>' are incompatible with return type(s) of operation 'tensor<4xi32>', 'tensor<4xi32>': result element type must be the source's 'f32'}}
  // expected-error @+1 {{'tt.split' op failed to infer returned types}}
  %0, %1 = tt.split %x : tensor<4x2xf32> -> tensor<4xi32>
  tt.return
}

// -----

tt.func @trans_permutation(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{order must be a permutation of [0, 2)}}
  %0 = tt.trans %x {order = array<i32: 1, 1>} : tensor<4x8xf32> -> tensor<8x4xf32>
  tt.return
}

// -----

tt.func @trans_shape(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{result shape [4, 8] should be [8, 4]}}
  %0 = tt.trans %x {order = array<i32: 1, 0>} : tensor<4x8xf32> -> tensor<4x8xf32>
  tt.return
}

// -----

tt.func @make_range_type() {
  // expected-error @+1 {{returned tensor must have i32 elements, got 'tensor<4xi64>'}}
  %0 = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi64>
  tt.return
}

// -----

tt.func @make_range_bounds() {
  // expected-error @+1 {{start must be less than end, got start = 4 and end = 4}}
  %0 = tt.make_range {end = 4 : i32, start = 4 : i32} : tensor<4xi32>
  tt.return
}

// -----

tt.func @make_range_negative_end() {
  // expected-error @+1 {{start must be less than end, got start = 0 and end = -8}}
  %0 = tt.make_range {end = -8 : i32, start = 0 : i32} : tensor<8xi32>
  tt.return
}

// -----

tt.func @make_range_rank() {
  // expected-error @+1 {{return type must be a 1D tensor, got 'tensor<4x1xi32>'}}
  %0 = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4x1xi32>
  tt.return
}

// -----

tt.func @make_range_count() {
  // expected-error @+1 {{number of elements in returned tensor, 8, must match size of range [0, 4), which has 4 elements}}
  %0 = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<8xi32>
  tt.return
}

// -----

tt.func @make_range_power_of_two() {
  // expected-error @+1 {{range size 3 must be a power of two}}
  %0 = tt.make_range {end = 3 : i32, start = 0 : i32} : tensor<3xi32>
  tt.return
}

// -----

tt.func @dot_rank(%a: tensor<4xf32>, %c: tensor<4xf32>) {
  // expected-error @+1 {{operands must have rank 2 or 3, got 1}}
  %0 = tt.dot %a, %a, %c : tensor<4xf32> * tensor<4xf32> -> tensor<4xf32>
  tt.return
}

// -----

tt.func @dot_operand_ranks(%a: tensor<4x4xf32>, %b: tensor<2x4x4xf32>, %c: tensor<4x4xf32>) {
  // expected-error @+1 {{operands must all have rank 2}}
  %0 = tt.dot %a, %b, %c : tensor<4x4xf32> * tensor<2x4x4xf32> -> tensor<4x4xf32>
  tt.return
}

// -----

tt.func @dot_k(%a: tensor<16x8xf16>, %b: tensor<16x16xf16>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{expected the last dimension of the first operand to be equal to the second-to-last dimension of the second operand: a has K = 8, b has K = 16}}
  %0 = tt.dot %a, %b, %c : tensor<16x8xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
  tt.return
}

// -----

tt.func @dot_batch(%a: tensor<2x16x16xf16>, %b: tensor<4x16x16xf16>, %c: tensor<2x16x16xf32>) {
  // expected-error @+1 {{batch dimensions differ: 2, 4, 2}}
  %0 = tt.dot %a, %b, %c : tensor<2x16x16xf16> * tensor<4x16x16xf16> -> tensor<2x16x16xf32>
  tt.return
}

// -----

tt.func @dot_accumulator_shape(%a: tensor<16x16xf16>, %c: tensor<16x32xf32>) {
  // expected-error @+1 {{accumulator shape [16, 32] should be 16x16}}
  %0 = tt.dot %a, %a, %c : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x32xf32>
  tt.return
}

// -----

tt.func @dot_element_types(%a: tensor<16x16xf16>, %b: tensor<16x16xbf16>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{operand element types differ: 'f16' and 'bf16'}}
  %0 = tt.dot %a, %b, %c : tensor<16x16xf16> * tensor<16x16xbf16> -> tensor<16x16xf32>
  tt.return
}

// -----

tt.func @dot_int_accumulator(%a: tensor<16x16xi8>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{accumulator element type 'f32' does not suit operands of 'i8'}}
  %0 = tt.dot %a, %a, %c : tensor<16x16xi8> * tensor<16x16xi8> -> tensor<16x16xf32>
  tt.return
}

// -----

tt.func @dot_scaled_k(%a: tensor<128x64xf8E4M3FN>, %b: tensor<32x128xf8E4M3FN>, %c: tensor<128x128xf32>) {
  // expected-error @+1 {{expected the last dimension of the first operand to be equal to the second-to-last dimension of the second operand: a has K = 64, b has K = 32}}
  %0 = tt.dot_scaled %a, %b, %c lhs = e4m3 rhs = e4m3 {fastMath = false} : tensor<128x64xf8E4M3FN> * tensor<32x128xf8E4M3FN> -> tensor<128x128xf32>
  tt.return
}

// -----

// One E8M0 scale per 32 values of K: K = 64 takes 2 scales per row.
tt.func @dot_scaled_scale_k(%a: tensor<64x64xf8E5M2>, %as: tensor<64x4xi8>, %b: tensor<64x32xf8E5M2>, %c: tensor<64x32xf32>) {
  // expected-error @+1 {{scales K dimension must match the operand K divided by the scale factor: the scales of a are [64, 4], expected 2 per row (K = 64, one scale per 32)}}
  %0 = tt.dot_scaled %a scale %as, %b, %c lhs = e5m2 rhs = e5m2 {fastMath = false} : tensor<64x64xf8E5M2>, tensor<64x4xi8> * tensor<64x32xf8E5M2> -> tensor<64x32xf32>
  tt.return
}

// -----

// One e4m3 scale (NVFP4) per 16 values of K: K = 64 takes 4 per row.
tt.func @dot_scaled_e4m3_scale_k(%a: tensor<64x32xi8>, %as: tensor<64x2xf8E4M3FN>, %b: tensor<32x32xi8>, %c: tensor<64x32xf32>) {
  // expected-error @+1 {{scales K dimension must match the operand K divided by the scale factor: the scales of a are [64, 2], expected 4 per row (K = 64, one scale per 16)}}
  %0 = tt.dot_scaled %a scale %as, %b, %c lhs = e2m1 rhs = e2m1 {fastMath = false} : tensor<64x32xi8>, tensor<64x2xf8E4M3FN> * tensor<32x32xi8> -> tensor<64x32xf32>
  tt.return
}

// -----

// Scales are E8M0 bytes (i8) or e4m3 values.
tt.func @dot_scaled_f16_scale(%a: tensor<64x32xi8>, %as: tensor<64x4xf16>, %b: tensor<32x32xi8>, %c: tensor<64x32xf32>) {
  // expected-error @+1 {{operand #3 must be ranked tensor of 8-bit signless integer or f8E4M3FN type values}}
  %0 = tt.dot_scaled %a scale %as, %b, %c lhs = e2m1 rhs = e2m1 {fastMath = false} : tensor<64x32xi8>, tensor<64x4xf16> * tensor<32x32xi8> -> tensor<64x32xf32>
  tt.return
}

// -----

// b's scales have a row per column of the product.
tt.func @dot_scaled_scale_n(%a: tensor<64x64xf8E5M2>, %b: tensor<64x32xf8E5M2>, %bs: tensor<64x2xi8>, %c: tensor<64x32xf32>) {
  // expected-error @+1 {{scales N dimension must match the operand N dimension: the scales of b are [64, 2], expected 32 rows}}
  %0 = tt.dot_scaled %a, %b scale %bs, %c lhs = e5m2 rhs = e5m2 {fastMath = false} : tensor<64x64xf8E5M2> * tensor<64x32xf8E5M2>, tensor<64x2xi8> -> tensor<64x32xf32>
  tt.return
}

// -----

tt.func @reduce_no_operands() {
  // expected-error @+1 {{expected 1 or more operands, but found 0}}
  "tt.reduce"() <{axis = 0 : i32}> ({
  ^bb0:
    "tt.reduce.return"() : () -> ()
  }) : () -> ()
  tt.return
}

// -----

tt.func @reduce_scalar(%x: f32) {
  // expected-error @+1 {{operands must be tensors, got 'f32'}}
  %0 = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    tt.reduce.return %a : f32
  }) : (f32) -> f32
  tt.return
}

// -----

tt.func @reduce_axis(%x: tensor<4xf32>) {
  // expected-error @+1 {{axis 1 is outside [0, 1)}}
  %0 = "tt.reduce"(%x) <{axis = 1 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    tt.reduce.return %a : f32
  }) : (tensor<4xf32>) -> f32
  tt.return
}

// -----

tt.func @reduce_result_count(%x: tensor<4xf32>) {
  // expected-error @+1 {{has 2 results for 1 operands}}
  %0:2 = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    tt.reduce.return %a : f32
  }) : (tensor<4xf32>) -> (f32, f32)
  tt.return
}

// -----

tt.func @reduce_to_scalar(%x: tensor<4xf32>) {
  // expected-error @+1 {{reducing a 1-D tensor gives a scalar 'f32', got 'tensor<1xf32>'}}
  %0 = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    tt.reduce.return %a : f32
  }) : (tensor<4xf32>) -> tensor<1xf32>
  tt.return
}

// -----

tt.func @reduce_result_shape(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{result type 'tensor<8xf32>' should have shape [4] and element type 'f32'}}
  %0 = "tt.reduce"(%x) <{axis = 1 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    tt.reduce.return %a : f32
  }) : (tensor<4x8xf32>) -> tensor<8xf32>
  tt.return
}

// -----

tt.func @reduce_region_arguments(%x: tensor<4xf32>) {
  // expected-error @+1 {{combine region must take 2 arguments, got 1}}
  %0 = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32):
    tt.reduce.return %a : f32
  }) : (tensor<4xf32>) -> f32
  tt.return
}

// -----

tt.func @reduce_region_argument_type(%x: tensor<4xf32>) {
  // expected-error @+1 {{combine region argument 1 has type 'i32', expected 'f32'}}
  %0 = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: i32):
    tt.reduce.return %a : f32
  }) : (tensor<4xf32>) -> f32
  tt.return
}

// -----

tt.func @reduce_region_return_count(%x: tensor<4xf32>) {
  // expected-error @+1 {{combine region must return 1 values, got 2}}
  %0 = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    tt.reduce.return %a, %b : f32, f32
  }) : (tensor<4xf32>) -> f32
  tt.return
}

// -----

tt.func @reduce_region_return_type(%x: tensor<4xf32>) {
  // expected-error @+1 {{combine region returns 'i32' at position 0, expected 'f32'}}
  %0 = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %c = arith.constant 0 : i32
    tt.reduce.return %c : i32
  }) : (tensor<4xf32>) -> f32
  tt.return
}

// -----

tt.func @scan_result_type(%x: tensor<4xf32>) {
  // expected-error @+1 {{operand types and result types must agree: result type 'tensor<4xf16>' differs from operand type 'tensor<4xf32>'}}
  %0 = "tt.scan"(%x) <{axis = 0 : i32, reverse = false}> ({
  ^bb0(%a: f32, %b: f32):
    tt.scan.return %a : f32
  }) : (tensor<4xf32>) -> tensor<4xf16>
  tt.return
}

// -----

tt.func @scan_axis(%x: tensor<4xf32>) {
  // expected-error @+1 {{axis 3 is outside [0, 1)}}
  %0 = "tt.scan"(%x) <{axis = 3 : i32, reverse = false}> ({
  ^bb0(%a: f32, %b: f32):
    tt.scan.return %a : f32
  }) : (tensor<4xf32>) -> tensor<4xf32>
  tt.return
}

// -----

tt.func @scan_region(%x: tensor<4xf32>) {
  // expected-error @+1 {{combine region must take 2 arguments, got 3}}
  %0 = "tt.scan"(%x) <{axis = 0 : i32, reverse = false}> ({
  ^bb0(%a: f32, %b: f32, %c: f32):
    tt.scan.return %a : f32
  }) : (tensor<4xf32>) -> tensor<4xf32>
  tt.return
}

// -----

tt.func @map_pack(%x: tensor<4xf32>) {
  // expected-error @+1 {{pack must be positive, got 0}}
  %0 = "tt.map_elementwise"(%x) <{pack = 0 : i32}> ({
  ^bb0(%a: f32):
    tt.map_elementwise.return %a : f32
  }) : (tensor<4xf32>) -> tensor<4xf32>
  tt.return
}

// -----

tt.func @map_pack_divides(%x: tensor<4xf32>) {
  // expected-error @+1 {{pack 3 does not divide the 4 elements of an operand}}
  %0 = "tt.map_elementwise"(%x) <{pack = 3 : i32}> ({
  ^bb0(%a: f32, %b: f32, %c: f32):
    tt.map_elementwise.return %a, %b, %c : f32, f32, f32
  }) : (tensor<4xf32>) -> tensor<4xf32>
  tt.return
}

// -----

tt.func @map_region_arguments(%x: tensor<4xf32>) {
  // expected-error @+1 {{region has wrong number of arguments: it must take 2 scalar(s) of each operand's element type, 2 in all}}
  %0 = "tt.map_elementwise"(%x) <{pack = 2 : i32}> ({
  ^bb0(%a: f32):
    tt.map_elementwise.return %a, %a : f32, f32
  }) : (tensor<4xf32>) -> tensor<4xf32>
  tt.return
}

// -----

tt.func @map_region_results(%x: tensor<4xf32>) {
  %0 = "tt.map_elementwise"(%x) <{pack = 1 : i32}> ({
  ^bb0(%a: f32):
    %c = arith.constant 0 : i32
    // expected-error @+1 {{region return does not match map_elementwise result: the region must return 1 scalar(s) of each result's element type}}
    tt.map_elementwise.return %c : i32
  }) : (tensor<4xf32>) -> tensor<4xf32>
  tt.return
}

// -----

tt.func @inline_asm_pack(%x: tensor<4xf32>) {
  // expected-error @+1 {{packed_element must be positive, got 0}}
  %0 = tt.elementwise_inline_asm "" {constraints = "=r,r", packed_element = 0 : i32, pure = true} %x : tensor<4xf32> -> tensor<4xf32>
  tt.return
}

// -----

tt.func @inline_asm_pack_divides(%x: tensor<4xf32>) {
  // expected-error @+1 {{packed_element 8 does not divide the 4 elements of 'tensor<4xf32>'}}
  %0 = tt.elementwise_inline_asm "" {constraints = "=r,r", packed_element = 8 : i32, pure = true} %x : tensor<4xf32> -> tensor<4xf32>
  tt.return
}

// -----

tt.func @histogram_rank(%x: tensor<4x4xi32>) {
  // expected-error @+1 {{takes and returns 1-D tensors}}
  %0 = tt.histogram %x : tensor<4x4xi32> -> tensor<16xi32>
  tt.return
}

// -----

tt.func @gather_rank(%x: tensor<4x4xf32>, %i: tensor<4xi32>) {
  // expected-error @+1 {{input and indices ranks must match: 2 and 1}}
  %0 = tt.gather %x[%i] {axis = 0 : i32} : (tensor<4x4xf32>, tensor<4xi32>) -> tensor<4xf32>
  tt.return
}

// -----

tt.func @gather_axis(%x: tensor<4xf32>, %i: tensor<4xi32>) {
  // expected-error @+1 {{gather dimension must be less than the input rank: axis 1 is outside [0, 1)}}
  %0 = tt.gather %x[%i] {axis = 1 : i32} : (tensor<4xf32>, tensor<4xi32>) -> tensor<4xf32>
  tt.return
}

// -----

tt.func @gather_result_shape(%x: tensor<4xf32>, %i: tensor<8xi32>) {
  // expected-error @+1 {{indices and output shapes must match: the result must have the indices' shape [8]}}
  %0 = tt.gather %x[%i] {axis = 0 : i32} : (tensor<4xf32>, tensor<8xi32>) -> tensor<4xf32>
  tt.return
}

// -----

tt.func @gather_element_type(%x: tensor<4xf32>, %i: tensor<4xi32>) {
  // expected-error @+1 {{input and output element types must match: 'f32' and 'i32'}}
  %0 = tt.gather %x[%i] {axis = 0 : i32} : (tensor<4xf32>, tensor<4xi32>) -> tensor<4xi32>
  tt.return
}

// -----

tt.func @gather_other_dimensions(%x: tensor<4x4xf32>, %i: tensor<2x8xi32>) {
  // expected-error @+1 {{indices dimension 0 must match the corresponding input dimension: 2 and 4}}
  %0 = tt.gather %x[%i] {axis = 1 : i32} : (tensor<4x4xf32>, tensor<2x8xi32>) -> tensor<2x8xf32>
  tt.return
}

// -----

tt.func @print_signedness(%x: i32) {
  // expected-error @+1 {{'isSigned' needs one entry per argument: 1 arguments, 2 entries}}
  tt.print "x" {hex = false, isSigned = array<i32: 1, 1>} : %x : i32
  tt.return
}

// -----

tt.func @make_tensor_ptr_rank(%p: !tt.ptr<f32>, %s: i64, %o: i32) {
  // expected-error @+1 {{needs 2 sizes, strides and offsets for a block of rank 2, got 1}}
  %0 = tt.make_tensor_ptr %p, [%s], [%s], [%o] {order = array<i32: 0>} : <tensor<4x4xf32>>
  tt.return
}

// -----

tt.func @make_tensor_ptr_order(%p: !tt.ptr<f32>, %s: i64, %o: i32) {
  // expected-error @+1 {{order must be a permutation of [0, 2)}}
  %0 = tt.make_tensor_ptr %p, [%s, %s], [%s, %s], [%o, %o] {order = array<i32: 0, 2>} : <tensor<4x4xf32>>
  tt.return
}

// -----

tt.func @make_tensor_ptr_base(%p: !tt.ptr<f16>, %s: i64, %o: i32) {
  // expected-error @+1 {{'tt.make_tensor_ptr' op failed to verify that base points to the block's elements}}
  %0 = "tt.make_tensor_ptr"(%p, %s, %s, %o) <{order = array<i32: 0>}> : (!tt.ptr<f16>, i64, i64, i32) -> !tt.ptr<tensor<4xf32>>
  tt.return
}

// -----

tt.func @make_tensor_descriptor_rank(%p: !tt.ptr<f32>, %s: i32, %t: i64) {
  // expected-error @+1 {{descriptor rank must be 1 to 5, got 6}}
  %0 = tt.make_tensor_descriptor %p, [%s, %s, %s, %s, %s, %s], [%t, %t, %t, %t, %t, %t] : <f32>, <tensor<1x1x1x1x1x4xf32>>
  tt.return
}

// -----

tt.func @make_tensor_descriptor_count(%p: !tt.ptr<f32>, %s: i32, %t: i64) {
  // expected-error @+1 {{needs 2 sizes and strides for a block of rank 2, got 1}}
  %0 = tt.make_tensor_descriptor %p, [%s], [%t] : <f32>, <tensor<4x4xf32>>
  tt.return
}

// -----

tt.func @make_tensor_descriptor_base(%p: !tt.ptr<f16>, %s: i32, %t: i64) {
  // expected-error @+1 {{base points to 'f16' but the block holds 'f32'}}
  %0 = tt.make_tensor_descriptor %p, [%s], [%t] : <f16>, <tensor<4xf32>>
  tt.return
}

// -----

tt.func @descriptor_load_indices(%d: !tt.tensordesc<tensor<4x4xf32>>, %i: i32) {
  // expected-error @+1 {{needs 2 indices, got 1}}
  %0 = tt.descriptor_load %d[%i] : !tt.tensordesc<tensor<4x4xf32>> -> tensor<4x4xf32>
  tt.return
}

// -----

tt.func @descriptor_load_element(%d: !tt.tensordesc<tensor<4xf32>>, %i: i32) {
  // expected-error @+1 {{tensor descriptor block and tensor types must match: tensor element type 'f16' differs from the descriptor's 'f32'}}
  %0 = tt.descriptor_load %d[%i] : !tt.tensordesc<tensor<4xf32>> -> tensor<4xf16>
  tt.return
}

// -----

tt.func @descriptor_store_shape(%d: !tt.tensordesc<tensor<2x4xf32>>, %i: i32, %v: tensor<4xf32>) {
  // expected-error @+1 {{ranked reduce load only allowed for unit dimension leading dim: tensor shape [4], descriptor block [2, 4]}}
  tt.descriptor_store %d[%i, %i], %v : !tt.tensordesc<tensor<2x4xf32>>, tensor<4xf32>
  tt.return
}

// -----

tt.func @descriptor_reduce_shape(%d: !tt.tensordesc<tensor<4xf32>>, %i: i32, %v: tensor<8xf32>) {
  // expected-error @+1 {{tensor descriptor block and tensor types must match: tensor shape [8] does not match the descriptor block [4]}}
  tt.descriptor_reduce add, %d[%i], %v : !tt.tensordesc<tensor<4xf32>>, tensor<8xf32>
  tt.return
}

// -----

tt.func @descriptor_gather_block(%d: !tt.tensordesc<tensor<2x64xf32>>, %r: tensor<8xi32>, %i: i32) {
  // expected-error @+1 {{block must have exactly 1 row, but got 'tensor<2x64xf32>': gather and scatter need a 1xN block}}
  %0 = tt.descriptor_gather %d[%r, %i] : (!tt.tensordesc<tensor<2x64xf32>>, tensor<8xi32>, i32) -> tensor<8x64xf32>
  tt.return
}

// -----

tt.func @descriptor_gather_offsets(%d: !tt.tensordesc<tensor<1x64xf32>>, %r: tensor<8x1xi32>, %i: i32) {
  // expected-error @+1 {{x offsets must be a 1D tensor, but got 'tensor<8x1xi32>'}}
  %0 = tt.descriptor_gather %d[%r, %i] : (!tt.tensordesc<tensor<1x64xf32>>, tensor<8x1xi32>, i32) -> tensor<8x64xf32>
  tt.return
}

// -----

tt.func @descriptor_gather_shape(%d: !tt.tensordesc<tensor<1x64xf32>>, %r: tensor<8xi32>, %i: i32) {
  // expected-error @+1 {{result tensor number of columns must match block (64), but got 'tensor<8x32xf32>'}}
  %0 = tt.descriptor_gather %d[%r, %i] : (!tt.tensordesc<tensor<1x64xf32>>, tensor<8xi32>, i32) -> tensor<8x32xf32>
  tt.return
}

// -----

tt.func @descriptor_scatter_element(%d: !tt.tensordesc<tensor<1x64xf32>>, %r: tensor<8xi32>, %i: i32, %v: tensor<8x64xf16>) {
  // expected-error @+1 {{result tensor element type must match block ('f32'), but got 'tensor<8x64xf16>'}}
  tt.descriptor_scatter %d[%r, %i], %v : !tt.tensordesc<tensor<1x64xf32>>, tensor<8xi32>, i32, tensor<8x64xf16>
  tt.return
}

// -----

tt.func @encodings_differ(%x: tensor<4xf32, 1 : i32>) {
  // expected-error @+1 {{requires the same encoding for all operands and results}}
  %1 = tt.fp_to_fp %x : tensor<4xf32, 1 : i32> -> tensor<4xf64, 2 : i32>
  tt.return
}

// -----

tt.func private @callee(%x: i32) -> i32

tt.func @call_unknown(%x: i32) {
  // expected-error @+1 {{'missing' does not reference a valid tt.func}}
  %0 = tt.call @missing(%x) : (i32) -> i32
  tt.return
}

// -----

tt.func private @callee(%x: i32) -> i32

tt.func @call_operand_count(%x: i32) {
  // expected-error @+1 {{passes 2 operands to 'callee', which takes 1}}
  %0 = tt.call @callee(%x, %x) : (i32, i32) -> i32
  tt.return
}

// -----

tt.func private @callee(%x: i32) -> i32

tt.func @call_operand_type(%x: i64) {
  // expected-error @+1 {{operand 0 has type 'i64', the callee takes 'i32'}}
  %0 = tt.call @callee(%x) : (i64) -> i32
  tt.return
}

// -----

tt.func private @callee(%x: i32) -> i32

tt.func @call_result_count(%x: i32) {
  // expected-error @+1 {{expects 0 results from 'callee', which returns 1}}
  tt.call @callee(%x) : (i32) -> ()
  tt.return
}

// -----

tt.func private @callee(%x: i32) -> i32

tt.func @call_result_type(%x: i32) {
  // expected-error @+1 {{result 0 has type 'f32', the callee returns 'i32'}}
  %0 = tt.call @callee(%x) : (i32) -> f32
  tt.return
}

// -----

tt.func @return_count(%x: i32) -> i32 {
  // expected-error @+1 {{returns 0 values from a function with 1 results}}
  tt.return
}

// -----

tt.func @return_type(%x: i64) -> i32 {
  // expected-error @+1 {{value 0 has type 'i64', the function returns 'i32'}}
  tt.return %x : i64
}

// -----

// expected-error @+1 {{type of entry block argument #0('i64') must match the type of the corresponding argument in function signature('i32')}}
"tt.func"() <{function_type = (i32) -> (), sym_name = "entry_block"}> ({
^bb0(%x: i64):
  tt.return
}) : () -> ()

// -----

tt.func @bitcast_pointer_to_integer(%p: !tt.ptr<f16>) {
  // expected-error @+1 {{Cannot bitcast pointer to non-pointer type: '!tt.ptr<f16>' to 'i64'}}
  %0 = tt.bitcast %p : !tt.ptr<f16> -> i64
  tt.return
}

// -----

tt.func @reduce_result_element(%x: tensor<8x4xf32>) {
  // expected-error @+1 {{operand types and result types must agree: result 'tensor<8xf16>' should have element type 'f32'}}
  %0 = "tt.reduce"(%x) <{axis = 1 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tt.reduce.return %s : f32
  }) : (tensor<8x4xf32>) -> tensor<8xf16>
  tt.return
}

// -----

tt.func @map_region_argument_types(%x: tensor<4xf32>) {
  // expected-error @+1 {{argument types did not match: the region must take 1 scalar(s) of each operand's element type}}
  %0 = "tt.map_elementwise"(%x) <{pack = 1 : i32}> ({
  ^bb0(%a: i32):
    %f = arith.sitofp %a : i32 to f32
    tt.map_elementwise.return %f : f32
  }) : (tensor<4xf32>) -> tensor<4xf32>
  tt.return
}

// -----

tt.func @map_region_store(%p: tensor<4x!tt.ptr<f32>>, %x: tensor<4xf32>) {
  %0 = "tt.map_elementwise"(%p, %x) <{pack = 1 : i32}> ({
  ^bb0(%q: !tt.ptr<f32>, %a: f32):
    // expected-error @+1 {{Stores are not supported inside map_elementwise}}
    tt.store %q, %a : !tt.ptr<f32>
    tt.map_elementwise.return %a : f32
  }) : (tensor<4x!tt.ptr<f32>>, tensor<4xf32>) -> tensor<4xf32>
  tt.return
}

// -----

#rows = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#cols = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @gather_encoding(%x: tensor<128xf32, #rows>, %i: tensor<128xi32, #rows>) {
    // expected-error @+1 {{indices and output encodings must match}}
    %0 = tt.gather %x[%i] {axis = 0 : i32} : (tensor<128xf32, #rows>, tensor<128xi32, #rows>) -> tensor<128xf32, #cols>
    tt.return
  }
}

// -----

#half = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @join_without_encoding(%a: tensor<256xf16, #half>) {
    // expected-error @+1 {{result encoding must be specified: the operands have #ttg.blocked}}
    %0 = tt.join %a, %a : tensor<256xf16, #half> -> tensor<256x2xf16>
    tt.return
  }
}

// -----

tt.func @descriptor_gather_rank(%d: !tt.tensordesc<tensor<64xf32>>, %r: tensor<8xi32>, %i: i32) {
  // expected-error @+1 {{block must be a 2D tensor, but got 'tensor<64xf32>': gather and scatter need a 1xN block}}
  %0 = tt.descriptor_gather %d[%r, %i] : (!tt.tensordesc<tensor<64xf32>>, tensor<8xi32>, i32) -> tensor<8x64xf32>
  tt.return
}

// -----

tt.func @descriptor_gather_result_rank(%d: !tt.tensordesc<tensor<1x64xf32>>, %r: tensor<8xi32>, %i: i32) {
  // expected-error @+1 {{result must be a 2D tensor, but got 'tensor<512xf32>', expected 8x64}}
  %0 = tt.descriptor_gather %d[%r, %i] : (!tt.tensordesc<tensor<1x64xf32>>, tensor<8xi32>, i32) -> tensor<512xf32>
  tt.return
}

// -----

tt.func @descriptor_scatter_rows(%d: !tt.tensordesc<tensor<1x64xf32>>, %r: tensor<8xi32>, %i: i32, %v: tensor<16x64xf32>) {
  // expected-error @+1 {{result tensor must have as many rows as indices (8), but got 'tensor<16x64xf32>'}}
  tt.descriptor_scatter %d[%r, %i], %v : !tt.tensordesc<tensor<1x64xf32>>, tensor<8xi32>, i32, tensor<16x64xf32>
  tt.return
}

// -----

tt.func @dot_bit_widths(%a: tensor<16x16xf32>, %b: tensor<16x16xf16>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{element types of operands A and B must have same bit width: 'f32' and 'f16'}}
  %d = tt.dot %a, %b, %c : tensor<16x16xf32> * tensor<16x16xf16> -> tensor<16x16xf32>
  tt.return
}
