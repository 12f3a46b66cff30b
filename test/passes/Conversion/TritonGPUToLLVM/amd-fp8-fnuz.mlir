// RUN: triton-opt %s -split-input-file -convert-triton-amdgpu-to-llvm -verify-diagnostics | FileCheck %s

// gfx942's own fp8 formats (fnuz) on its conversion instructions: f32 to
// f8E4M3FNUZ packs two values per v_cvt_pk_fp8_f32 into one half of a
// dword (low half, then high), after clamping to +-240 (tt.fp_to_fp
// saturates; NaN is kept by the select on an unordered compare).
// CHECK-LABEL: llvm.func internal @f32_to_e4m3fnuz(
// CHECK: %[[MAX:.*]] = llvm.mlir.constant(2.400000e+02 : f32) : f32
// CHECK: %[[MIN:.*]] = llvm.mlir.constant(-2.400000e+02 : f32) : f32
// CHECK: llvm.intr.maxnum(%{{.*}}, %[[MIN]])
// CHECK: llvm.intr.minnum(%{{.*}}, %[[MAX]])
// CHECK: llvm.fcmp "uno"
// CHECK: %[[LO:.*]] = rocdl.cvt.pk.fp8.f32 %{{.*}}, %{{.*}} -> %{{.*}}[false] : i32
// CHECK: %[[HI:.*]] = rocdl.cvt.pk.fp8.f32 %{{.*}}, %{{.*}} -> %[[LO]][true] : i32
// CHECK: llvm.bitcast %[[HI]] : i32 to vector<4xi8>
// CHECK-COUNT-2: rocdl.cvt.pk.fp8.f32
// CHECK-NOT: rocdl.cvt.pk.fp8.f32
#blocked = #ttg.blocked<{sizePerThread = [8], threadsPerWarp = [64], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @f32_to_e4m3fnuz(%x: tensor<512xf32, #blocked>) -> tensor<512xf8E4M3FNUZ, #blocked> {
    %y = tt.fp_to_fp %x, rounding = rtne : tensor<512xf32, #blocked> -> tensor<512xf8E4M3FNUZ, #blocked>
    tt.return %y : tensor<512xf8E4M3FNUZ, #blocked>
  }
}

// -----

// f16 to f8E5M2FNUZ: widened exactly to f32 first, then v_cvt_pk_bf8_f32
// (clamped to +-57344).
// CHECK-LABEL: llvm.func internal @f16_to_e5m2fnuz(
// CHECK: llvm.fpext %{{.*}} : f16 to f32
// CHECK: llvm.mlir.constant(5.734400e+04 : f32) : f32
// CHECK: rocdl.cvt.pk.bf8.f32 %{{.*}}, %{{.*}} -> %{{.*}}[false] : i32
// CHECK: rocdl.cvt.pk.bf8.f32 %{{.*}}, %{{.*}} -> %{{.*}}[true] : i32
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [64], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @f16_to_e5m2fnuz(%x: tensor<256xf16, #blocked>) -> tensor<256xf8E5M2FNUZ, #blocked> {
    %y = tt.fp_to_fp %x, rounding = rtne : tensor<256xf16, #blocked> -> tensor<256xf8E5M2FNUZ, #blocked>
    tt.return %y : tensor<256xf8E5M2FNUZ, #blocked>
  }
}

// -----

// Widening: four bytes make a dword, each half two f32 (exact); to f16 the
// f32 narrows (exactly, every fnuz value is an f16). Two elements use the
// low half only.
// CHECK-LABEL: llvm.func internal @e4m3fnuz_to_f16(
// CHECK: llvm.bitcast %{{.*}} : vector<4xi8> to i32
// CHECK: rocdl.cvt.pk.f32.fp8 %{{.*}}[false] : vector<2xf32>
// CHECK-NOT: rocdl.cvt.pk.f32.fp8
// CHECK: llvm.fptrunc %{{.*}} : f32 to f16
// CHECK-LABEL: llvm.func internal @e5m2fnuz_to_f32(
// CHECK: rocdl.cvt.pk.f32.bf8 %{{.*}}[false] : vector<2xf32>
// CHECK: rocdl.cvt.pk.f32.bf8 %{{.*}}[true] : vector<2xf32>
#two = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [64], warpsPerCTA = [1], order = [0]}>
#four = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [64], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @e4m3fnuz_to_f16(%x: tensor<128xf8E4M3FNUZ, #two>) -> tensor<128xf16, #two> {
    %y = tt.fp_to_fp %x : tensor<128xf8E4M3FNUZ, #two> -> tensor<128xf16, #two>
    tt.return %y : tensor<128xf16, #two>
  }
  tt.func @e5m2fnuz_to_f32(%x: tensor<256xf8E5M2FNUZ, #four>) -> tensor<256xf32, #four> {
    %y = tt.fp_to_fp %x : tensor<256xf8E5M2FNUZ, #four> -> tensor<256xf32, #four>
    tt.return %y : tensor<256xf32, #four>
  }
}

// -----

// Between the two fnuz formats: through f32, without saturation (fp8 to
// fp8 does not saturate).
// CHECK-LABEL: llvm.func internal @e5m2fnuz_to_e4m3fnuz(
// CHECK: rocdl.cvt.pk.f32.bf8
// CHECK-NOT: llvm.intr.minnum
// CHECK: rocdl.cvt.pk.fp8.f32
#four = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [64], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @e5m2fnuz_to_e4m3fnuz(%x: tensor<256xf8E5M2FNUZ, #four>) -> tensor<256xf8E4M3FNUZ, #four> {
    %y = tt.fp_to_fp %x : tensor<256xf8E5M2FNUZ, #four> -> tensor<256xf8E4M3FNUZ, #four>
    tt.return %y : tensor<256xf8E4M3FNUZ, #four>
  }
}

// -----

// No instruction rounds toward zero to these formats.
#four = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [64], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @rtz(%x: tensor<256xf32, #four>) -> tensor<256xf8E4M3FNUZ, #four> {
    // expected-error @+2 {{converting 'f32' to 'f8E4M3FNUZ' is not supported yet by the LLVM lowering}}
    // expected-error @+1 {{failed to legalize operation 'tt.fp_to_fp'}}
    %y = tt.fp_to_fp %x, rounding = rtz : tensor<256xf32, #four> -> tensor<256xf8E4M3FNUZ, #four>
    tt.return %y : tensor<256xf8E4M3FNUZ, #four>
  }
}

// -----

// gfx90a has no fp8 conversion instructions: the same formats by integer
// arithmetic on the bits (rounding to nearest even, the subnormals by a
// scaled roundeven; saturating to the largest code 0x7F; a zero drops its
// sign, as 0x80 is NaN), and back by shifts and a rebias (0x80 alone
// decoding to NaN). Execution: amd-fnuz-simt.test (gfx90a cases).
// CHECK-LABEL: llvm.func internal @gfx90a(
// CHECK-NOT: rocdl.cvt
// CHECK: llvm.intr.roundeven
// CHECK: llvm.mlir.constant(127 : i32)
// CHECK: llvm.icmp "eq"
// CHECK: llvm.trunc %{{.*}} : i32 to i8
// CHECK-LABEL: llvm.func internal @gfx90a_widen(
// CHECK-NOT: rocdl.cvt
// CHECK: llvm.mlir.constant(2143289344 : i32)
// CHECK: llvm.bitcast %{{.*}} : i32 to f32
#four = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [64], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "hip:gfx90a", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @gfx90a(%x: tensor<256xf32, #four>) -> tensor<256xf8E4M3FNUZ, #four> {
    %y = tt.fp_to_fp %x, rounding = rtne : tensor<256xf32, #four> -> tensor<256xf8E4M3FNUZ, #four>
    tt.return %y : tensor<256xf8E4M3FNUZ, #four>
  }
  tt.func @gfx90a_widen(%x: tensor<256xf8E5M2FNUZ, #four>) -> tensor<256xf32, #four> {
    %y = tt.fp_to_fp %x : tensor<256xf8E5M2FNUZ, #four> -> tensor<256xf32, #four>
    tt.return %y : tensor<256xf32, #four>
  }
}

// -----

// f64 would round twice through gfx942's f32 instructions: refused.
#four = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [64], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @f64_gfx942(%x: tensor<256xf64, #four>) -> tensor<256xf8E4M3FNUZ, #four> {
    // expected-error @+2 {{converting 'f64' to 'f8E4M3FNUZ' is not supported yet by the LLVM lowering}}
    // expected-error @+1 {{failed to legalize operation 'tt.fp_to_fp'}}
    %y = tt.fp_to_fp %x, rounding = rtne : tensor<256xf64, #four> -> tensor<256xf8E4M3FNUZ, #four>
    tt.return %y : tensor<256xf8E4M3FNUZ, #four>
  }
}
