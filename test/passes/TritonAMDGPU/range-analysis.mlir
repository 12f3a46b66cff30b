// RUN: triton-opt %s -split-input-file -test-tritonamdgpu-range-analysis -verify-diagnostics=only-expected | FileCheck %s
// The AMD integer range analysis, printed as remarks: Triton's own ops,
// llvm.intr.assume facts, and loops interpreted trip by trip.

// CHECK-LABEL: tt.func @block_offsets
tt.func @block_offsets(%n: i32) {
  %c64 = arith.constant 64 : i32
  %c0 = arith.constant 0 : i32
  %c4096 = arith.constant 4096 : i32
  // An assumed bound on an argument holds in the whole function.
  // expected-remark@+2 {{unsigned : [1, 1] signed : [-1, -1]}}
  // expected-remark@+1 {{result is true}}
  %lo = arith.cmpi sgt, %n, %c0 : i32
  llvm.intr.assume %lo : i1
  %hi = arith.cmpi sle, %n, %c4096 : i32
  llvm.intr.assume %hi : i1
  // expected-remark@+2 {{unsigned : [0, 2147483647] signed : [0, 2147483647]}}
  // expected-remark@+1 {{non-neg}}
  %pid = tt.get_program_id y : i32
  // Program ids wrap past 2^31 / 64, so the product is unbounded.
  // expected-remark@+1 {{unsigned : [0, 4294967295] signed : [-2147483648, 2147483647]}}
  %base = arith.muli %pid, %c64 : i32
  // expected-remark@+2 {{unsigned : [0, 63] signed : [0, 63]}}
  // expected-remark@+1 {{non-neg}}
  %lanes = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  // expected-remark@+2 {{unsigned : [1, 4096] signed : [1, 4096]}}
  // expected-remark@+1 {{non-neg}}
  %rows = tt.splat %n : i32 -> tensor<64xi32>
  // expected-remark@+2 {{unsigned : [1, 4159] signed : [1, 4159]}}
  // expected-remark@+1 {{non-neg}}
  %sum = arith.addi %rows, %lanes : tensor<64xi32>
  tt.return
}

// -----

// CHECK-LABEL: tt.func @counted_loop
tt.func @counted_loop() {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c3 = arith.constant 3 : i32
  %c16 = arith.constant 16 : i32
  // Sixteen trips adding 3 to a value that starts at 0: at most 48.
  // expected-remark@+3 {{unsigned : [0, 48] signed : [0, 48]}}
  // expected-remark@+2 {{non-neg}}
  // expected-remark@+1 {{inferred total trip count: 16}}
  %r = scf.for %i = %c0 to %c16 step %c1 iter_args(%acc = %c0) -> (i32) : i32 {
    // expected-remark@+2 {{unsigned : [3, 48] signed : [3, 48]}}
    // expected-remark@+1 {{non-neg}}
    %next = arith.addi %acc, %c3 : i32
    scf.yield %next : i32
  }
  tt.return
}

// -----

// CHECK-LABEL: tt.func @unknown_trips
tt.func @unknown_trips(%n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  // A loop bounded by an unknown argument runs too often to interpret.
  // expected-remark@+2 {{unsigned : [0, 4294967295] signed : [-2147483648, 2147483647]}}
  // expected-remark@+1 {{inferred total trip count: 2147483647}}
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> (i32) : i32 {
    %next = arith.addi %acc, %c1 : i32
    scf.yield %next : i32
  }
  tt.return
}

// -----

// CHECK-LABEL: tt.func @shapes
tt.func @shapes() {
  // expected-remark@+2 {{unsigned : [0, 7] signed : [0, 7]}}
  // expected-remark@+1 {{non-neg}}
  %a = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
  // expected-remark@+2 {{unsigned : [8, 15] signed : [8, 15]}}
  // expected-remark@+1 {{non-neg}}
  %b = tt.make_range {end = 16 : i32, start = 8 : i32} : tensor<8xi32>
  // Joining takes elements of both.
  // expected-remark@+2 {{unsigned : [0, 15] signed : [0, 15]}}
  // expected-remark@+1 {{non-neg}}
  %j = tt.join %a, %b : tensor<8xi32> -> tensor<8x2xi32>
  // expected-remark@+2 {{unsigned : [0, 15] signed : [0, 15]}}
  // expected-remark@+1 {{non-neg}}
  %t = tt.trans %j {order = array<i32: 1, 0>} : tensor<8x2xi32> -> tensor<2x8xi32>
  tt.return
}
