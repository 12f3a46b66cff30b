// Scalar conversions as the sm_80 lowering emulates them with integer
// operations; fp8-emulation.test runs them on the host.
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "cuda:80"} {
  tt.func @f32_e4m3_rtne(%x: f32) -> f8E4M3FN {
    %y = tt.fp_to_fp %x, rounding = rtne : f32 -> f8E4M3FN
    tt.return %y : f8E4M3FN
  }
  tt.func @f32_e4m3_rtz(%x: f32) -> f8E4M3FN {
    %y = tt.fp_to_fp %x, rounding = rtz : f32 -> f8E4M3FN
    tt.return %y : f8E4M3FN
  }
  tt.func @f32_e5m2_rtne(%x: f32) -> f8E5M2 {
    %y = tt.fp_to_fp %x, rounding = rtne : f32 -> f8E5M2
    tt.return %y : f8E5M2
  }
  tt.func @f32_e5m2_rtz(%x: f32) -> f8E5M2 {
    %y = tt.fp_to_fp %x, rounding = rtz : f32 -> f8E5M2
    tt.return %y : f8E5M2
  }
  tt.func @f32_e4m3_trunc(%x: f32) -> f8E4M3FN {
    %y = arith.truncf %x : f32 to f8E4M3FN
    tt.return %y : f8E4M3FN
  }
  tt.func @f32_e5m2_trunc(%x: f32) -> f8E5M2 {
    %y = arith.truncf %x : f32 to f8E5M2
    tt.return %y : f8E5M2
  }
  tt.func @e4m3_f32(%x: f8E4M3FN) -> f32 {
    %y = tt.fp_to_fp %x : f8E4M3FN -> f32
    tt.return %y : f32
  }
  tt.func @e5m2_f32(%x: f8E5M2) -> f32 {
    %y = tt.fp_to_fp %x : f8E5M2 -> f32
    tt.return %y : f32
  }
}
