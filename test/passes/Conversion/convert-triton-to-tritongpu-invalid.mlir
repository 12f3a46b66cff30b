// RUN: triton-opt %s -convert-triton-to-tritongpu='num-warps=3' -verify-diagnostics

// expected-error @+1 {{num-warps, threads-per-warp and num-ctas must be powers of two, got 3, 32 and 1}}
module {
  tt.func public @k() {
    tt.return
  }
}
