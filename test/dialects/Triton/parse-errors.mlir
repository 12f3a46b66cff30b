// RUN: triton-opt %s -split-input-file -verify-diagnostics
// Malformed text: a located diagnostic, never a crash.

tt.func @unknown_cache_modifier(%p: !tt.ptr<f32>) {
  // expected-error @+1 {{expected string or keyword containing one of the following enum values for attribute 'cache' [none, ca, cg, wb, cs, wt, cv]}}
  %0 = tt.load %p cacheModifier = sometimes : !tt.ptr<f32>
  tt.return
}

// -----

tt.func @unknown_atomic_kind(%p: !tt.ptr<i32>, %v: i32) {
  // expected-error @+1 {{enum values for attribute 'atomic_rmw_op' [and, or, xor, add, fadd, max, min, umax, umin, exch]}}
  %0 = tt.atomic_rmw nand, acq_rel, gpu, %p, %v : (!tt.ptr<i32>, i32) -> i32
  tt.return
}

// -----

tt.func @unknown_rounding(%x: f32) {
  // expected-error @+1 {{enum values for attribute 'rounding' [rtz, rtne]}}
  %0 = tt.fp_to_fp %x, rounding = up : f32 -> f16
  tt.return
}

// -----

// expected-error @+1 {{address space must be non-negative, got -1}}
tt.func @negative_address_space(%p: !tt.ptr<f32, -1>) {
  tt.return
}

// -----

// expected-error @+1 {{unbalanced '<' character in pretty dialect name}}
tt.func @unclosed_pointer(%p: !tt.ptr<f32) {
  tt.return
}

// -----

tt.func @load_of_integer(%x: i32) {
  // expected-error @+1 {{'ptr' must be ptr or ranked tensor of ptr values or block pointer, but got 'i32'}}
  %0 = tt.load %x : i32
  tt.return
}

// -----

// expected-note @+1 {{prior use here}}
tt.func @splat_type_mismatch(%x: i32) {
  // expected-error @+1 {{use of value '%x' expects different type than prior uses: 'f32' vs 'i32'}}
  %0 = tt.splat %x : f32 -> tensor<4xf32>
  tt.return
}

// -----

tt.func @unknown_op() {
  // expected-error @+1 {{custom op 'tt.bogus' is unknown}}
  tt.bogus
  tt.return
}

// -----

tt.func @unknown_axis() {
  // expected-error @+1 {{enum values for attribute 'axis' [x, y, z]}}
  %0 = tt.get_program_id w : i32
  tt.return
}
