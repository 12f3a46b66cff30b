// RUN: triton-opt %s -split-input-file -triton-loop-unroll -verify-diagnostics

tt.func @bad_factor(%p: !tt.ptr<i32>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  // expected-error @+1 {{'tt.loop_unroll_factor' must be a positive integer}}
  scf.for %i = %c0 to %n step %c1 : i32 {
    tt.store %p, %i : !tt.ptr<i32>
  } {tt.loop_unroll_factor = 0 : i32}
  tt.return
}
