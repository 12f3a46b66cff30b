// RUN: triton-opt %s -split-input-file -verify-diagnostics -triton-specialize='kernel=k constants=1:300,2:1e300 divisibility=3 equal-to-1=4'
//
// One bad use of the options per case: every case reads the same options
// against a different kernel @k.

// An unknown kernel.
// expected-error @+1 {{unknown kernel 'k': the module has no tt.func of that name}}
module {
  tt.func public @not_k(%a: i32) {
    tt.return
  }
}

// -----

// An index out of range.
// expected-error @+1 {{argument index 2 is out of range: kernel 'k' has 2 arguments}}
tt.func public @k(%a: i32, %b: i32) {
  tt.return
}

// -----

// A value that does not fit the argument's type: 300 in an i8.
// expected-error @+1 {{value '300' does not fit argument 1 of kernel 'k' of type 'i8'}}
tt.func public @k(%a: i32, %b: i8, %c: f32, %d: i32, %e: i32) {
  tt.return
}

// -----

// 300 in an i1.
// expected-error @+1 {{value '300' does not fit argument 1 of kernel 'k' of type 'i1'}}
tt.func public @k(%a: i32, %b: i1, %c: f32, %d: i32, %e: i32) {
  tt.return
}

// -----

// 1e300 in an f32.
// expected-error @+1 {{value '1e300' does not fit argument 2 of kernel 'k' of type 'f32'}}
tt.func public @k(%a: i32, %b: i16, %c: f32, %d: i32, %e: i32) {
  tt.return
}

// -----

// Binding a pointer through 'constants'.
// expected-error @+1 {{cannot bind pointer argument 1 of kernel 'k' ('!tt.ptr<f32>')}}
tt.func public @k(%a: i32, %b: !tt.ptr<f32>, %c: f64, %d: i32, %e: i32) {
  tt.return
}

// -----

// Binding a pointer through 'equal-to-1'.
// expected-error @+1 {{cannot bind pointer argument 4 of kernel 'k' ('!tt.ptr<f32>')}}
tt.func public @k(%a: i32, %b: i16, %c: f64, %d: i32, %e: !tt.ptr<f32>) {
  tt.return
}

// -----

// Binding a tensor.
// expected-error @+1 {{cannot bind argument 1 of kernel 'k' of type 'tensor<4xi32>': only integer and floating-point scalars can be bound}}
tt.func public @k(%a: i32, %b: tensor<4xi32>, %c: f64, %d: i32, %e: i32) {
  tt.return
}

// -----

// Divisibility of a float.
// expected-error @+1 {{option 'divisibility' applies to integer and pointer arguments, not argument 3 of kernel 'k' of type 'f32'}}
tt.func public @k(%a: i32, %b: i16, %c: f64, %d: f32, %e: i32) {
  tt.return
}

// -----

// A kernel without a body.
// expected-error @+1 {{kernel 'k' has no body}}
tt.func private @k(%a: i32, %b: i16, %c: f64, %d: i32, %e: i32)

// -----

// A kernel that is called: its signature cannot change under its callers.
// expected-error @+1 {{kernel 'k' is called, so its signature and name cannot change}}
tt.func private @k(%a: i32, %b: i16, %c: f64, %d: i32, %e: i32) {
  tt.return
}
tt.func public @caller(%a: i32, %b: i16, %c: f64) {
  tt.call @k(%a, %b, %c, %a, %a) : (i32, i16, f64, i32, i32) -> ()
  tt.return
}

// -----

// A device function whose remaining arguments have no mangling.
tt.func private @h(%x: index, %y: i32) -> index {
  tt.return %x : index
}
tt.func public @k(%a: i32, %b: i16, %c: f64, %d: i32, %e: i32) {
  %i = arith.constant 0 : index
  %y = arith.constant 7 : i32
  // expected-error @+1 {{cannot name a specialization of 'h': argument type 'index' has no mangling}}
  %0 = tt.call @h(%i, %y) : (index, i32) -> index
  tt.return
}

// -----

// The name of a clone is taken by a function of another type.
tt.func private @h(%x: i32, %y: i32) -> i32 {
  tt.return %x : i32
}
tt.func private @h__i32__1cconstexpr_7_(%x: f32) -> f32 {
  tt.return %x : f32
}
tt.func public @k(%a: i32, %b: i16, %c: f64, %d: i32, %e: i32) {
  %y = arith.constant 7 : i32
  // expected-error @+1 {{cannot specialize 'h' as 'h__i32__1cconstexpr_7_': that symbol exists with type '(f32) -> f32', not '(i32) -> i32'}}
  %0 = tt.call @h(%a, %y) : (i32, i32) -> i32
  tt.return
}
