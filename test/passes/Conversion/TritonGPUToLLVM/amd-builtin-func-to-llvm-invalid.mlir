// RUN: triton-opt %s -split-input-file -convert-builtin-func-to-llvm -verify-diagnostics -o /dev/null

// An unknown helper, and a known one with other types, are errors.
module {
  llvm.func @__triton_hip_fast_sinf(f32) -> f32
  llvm.func @__triton_hip_fast_expf(f64) -> f64
  llvm.func @bad(%x: f32, %d: f64) -> f64 {
    // expected-error@+1 {{'__triton_hip_fast_sinf' is not a Triton HIP helper of this signature}}
    %0 = llvm.call @__triton_hip_fast_sinf(%x) : (f32) -> f32
    // expected-error@+1 {{'__triton_hip_fast_expf' is not a Triton HIP helper of this signature}}
    %1 = llvm.call @__triton_hip_fast_expf(%d) : (f64) -> f64
    llvm.return %1 : f64
  }
}
