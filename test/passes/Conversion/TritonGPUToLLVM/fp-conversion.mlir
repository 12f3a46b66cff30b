// RUN: triton-opt %s -allocate-shared-memory -convert-triton-gpu-to-llvm | FileCheck %s
// RUN: triton-opt %s -allocate-shared-memory '-convert-triton-gpu-to-llvm=compute-capability=80' | FileCheck %s --check-prefix=SM80
// RUN: %if ptxas %{ triton-opt %s -allocate-shared-memory -convert-triton-gpu-to-llvm | triton-translate --mlir-to-ptx -o %t.ptx && %ptxas --gpu-name=sm_90a %t.ptx -o %t.cubin %}
// RUN: %if ptxas %{ triton-opt %s -allocate-shared-memory '-convert-triton-gpu-to-llvm=compute-capability=80' | triton-translate --mlir-to-ptx --arch=sm_80 --ptx-version=80 -o %t80.ptx && %ptxas --gpu-name=sm_80 %t80.ptx -o %t80.cubin %}

// tt.fp_to_fp and arith ops on 8-bit floats. On sm_90 the conversions that
// round to nearest use cvt on element pairs (the first element in the low
// byte: cvt takes its first source into the upper byte), the pairs in
// vectors as Triton 3.6 has them; toward zero, and on sm_80, an integer
// emulation. Arith ops on fp8 compute in f32.

#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "cuda:90"} {

// CHECK-LABEL: llvm.func @f32_fp8
// CHECK-COUNT-2: llvm.inline_asm asm_dialect = att operand_attrs = [] "cvt.rn.satfinite.e4m3x2.f32 $0, $2, $1;", "=h,r,r" %{{.*}}, %{{.*}} : (i32, i32) -> vector<2xi8>
// CHECK-COUNT-4: st.global.b8
// CHECK-COUNT-2: llvm.inline_asm asm_dialect = att operand_attrs = [] "cvt.rn.f16x2.e4m3x2 $0, $1;", "=r,h" %{{.*}} : (i16) -> vector<2xf16>
// CHECK-COUNT-4: llvm.fpext %{{.*}} : f16 to f32
// SM80-LABEL: llvm.func @f32_fp8
// SM80-NOT: cvt.rn
// SM80: llvm.intr.roundeven
// SM80: llvm.return
tt.func public @f32_fp8(%in: !tt.ptr<f32>, %out: !tt.ptr<f8E4M3FN>, %back: !tt.ptr<f32>) {
  %r = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #blocked>
  %pi = tt.splat %in : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #blocked>
  %qi = tt.addptr %pi, %r : tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
  %x = tt.load %qi : tensor<512x!tt.ptr<f32>, #blocked>
  %y = tt.fp_to_fp %x, rounding = rtne : tensor<512xf32, #blocked> -> tensor<512xf8E4M3FN, #blocked>
  %po = tt.splat %out : !tt.ptr<f8E4M3FN> -> tensor<512x!tt.ptr<f8E4M3FN>, #blocked>
  %qo = tt.addptr %po, %r : tensor<512x!tt.ptr<f8E4M3FN>, #blocked>, tensor<512xi32, #blocked>
  tt.store %qo, %y : tensor<512x!tt.ptr<f8E4M3FN>, #blocked>
  %z = tt.fp_to_fp %y : tensor<512xf8E4M3FN, #blocked> -> tensor<512xf32, #blocked>
  %pb = tt.splat %back : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #blocked>
  %qb = tt.addptr %pb, %r : tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
  tt.store %qb, %z : tensor<512x!tt.ptr<f32>, #blocked>
  tt.return
}

// One element per thread: the pair is padded. E5M2 widens to f16 by a cvt
// of a pair on sm_90, by a shift on sm_80; f16 <-> bf16 is one cvt on sm_90;
// on sm_80 f16 goes to bf16 through f32, whose narrowing to bf16 is a cvt of
// a pair (padded here).
// CHECK-LABEL: llvm.func @f16_e5m2
// CHECK: llvm.inline_asm asm_dialect = att operand_attrs = [] "cvt.rn.satfinite.e5m2x2.f16x2 $0, $1;", "=h,r" %{{.*}} : (i32) -> vector<2xi8>
// CHECK: llvm.inline_asm asm_dialect = att operand_attrs = [] "cvt.rn.f16x2.e5m2x2 $0, $1;", "=r,h" %{{.*}} : (i16) -> vector<2xf16>
// CHECK: llvm.inline_asm asm_dialect = att operand_attrs = [] "cvt.rn.bf16.f16 $0, $1;", "=h,h"
// CHECK: llvm.inline_asm asm_dialect = att operand_attrs = [] "cvt.rz.f16.bf16 $0, $1;", "=h,h"
// SM80-LABEL: llvm.func @f16_e5m2
// SM80-NOT: cvt.r
// SM80: llvm.shl %{{.*}}, %{{.*}} : i16
// SM80: llvm.fpext %{{.*}} : f16 to f32
// SM80: llvm.inline_asm asm_dialect = att operand_attrs = [] "cvt.rn.bf16x2.f32 $0, $2, $1;", "=r,f,f"
// SM80: cvt.rz.f16.f32
tt.func public @f16_e5m2(%in: !tt.ptr<f16>, %out: !tt.ptr<f16>) {
  %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked1>
  %pi = tt.splat %in : !tt.ptr<f16> -> tensor<128x!tt.ptr<f16>, #blocked1>
  %qi = tt.addptr %pi, %r : tensor<128x!tt.ptr<f16>, #blocked1>, tensor<128xi32, #blocked1>
  %x = tt.load %qi : tensor<128x!tt.ptr<f16>, #blocked1>
  %a = tt.fp_to_fp %x, rounding = rtne : tensor<128xf16, #blocked1> -> tensor<128xf8E5M2, #blocked1>
  %c = tt.fp_to_fp %a : tensor<128xf8E5M2, #blocked1> -> tensor<128xf16, #blocked1>
  %d = tt.fp_to_fp %c, rounding = rtne : tensor<128xf16, #blocked1> -> tensor<128xbf16, #blocked1>
  %e = tt.fp_to_fp %d, rounding = rtz : tensor<128xbf16, #blocked1> -> tensor<128xf16, #blocked1>
  %po = tt.splat %out : !tt.ptr<f16> -> tensor<128x!tt.ptr<f16>, #blocked1>
  %qo = tt.addptr %po, %r : tensor<128x!tt.ptr<f16>, #blocked1>, tensor<128xi32, #blocked1>
  tt.store %qo, %e : tensor<128x!tt.ptr<f16>, #blocked1>
  tt.return
}

// E5M2 to bf16 on sm_90: no cvt (slow there), integer operations and one
// bf16x2 multiply by 2^112 per pair, the exponent of infinities and NaNs set
// after it; on sm_80 through f16 and f32.
// CHECK-LABEL: llvm.func @e5m2_bf16
// CHECK-COUNT-2: llvm.inline_asm asm_dialect = att operand_attrs = [] "{{.*}}mul.rn.bf16x2{{.*}}0x7f807f80{{.*}}", "=r,r" %{{.*}} : (i32) -> vector<2xbf16>
// CHECK-NOT: cvt.
// CHECK: llvm.return
// SM80-LABEL: llvm.func @e5m2_bf16
// SM80-NOT: mul.rn.bf16x2
// SM80: llvm.return
tt.func public @e5m2_bf16(%x: tensor<512xf8E5M2, #blocked>, %out: !tt.ptr<bf16>) {
  %y = tt.fp_to_fp %x : tensor<512xf8E5M2, #blocked> -> tensor<512xbf16, #blocked>
  %r = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #blocked>
  %po = tt.splat %out : !tt.ptr<bf16> -> tensor<512x!tt.ptr<bf16>, #blocked>
  %qo = tt.addptr %po, %r : tensor<512x!tt.ptr<bf16>, #blocked>, tensor<512xi32, #blocked>
  tt.store %qo, %y : tensor<512x!tt.ptr<bf16>, #blocked>
  tt.return
}

// Toward zero: cvt.rz for f16 and bf16, the integer emulation for fp8 (it
// truncates the scaled subnormal instead of rounding it). arith on fp8:
// widen exactly, compute in f32, round back (no saturation); compares and
// integer conversions widen only. Only tt.fp_to_fp saturates, so arith's
// rounding back never uses cvt (.satfinite is its only form).
// CHECK-LABEL: llvm.func @rtz_and_arith
// CHECK: cvt.rz.f16.f32 $0, $1;
// CHECK: cvt.rz.bf16.f32 $0, $1;
// CHECK: %[[BITS:.*]] = llvm.bitcast %{{.*}} : f32 to i32
// CHECK: %[[MAG:.*]] = llvm.and %[[BITS]], %{{.*}} : i32
// CHECK: llvm.intr.fabs
// CHECK: llvm.intr.trunc
// CHECK: llvm.fptoui
// CHECK: llvm.icmp "ult" %[[MAG]]
// CHECK: llvm.trunc %{{.*}} : i32 to i8
// CHECK: llvm.intr.roundeven
// CHECK: llvm.fmul %{{.*}}, %{{.*}} : f32
// CHECK: llvm.fcmp "olt" %{{.*}}, %{{.*}} : f32
// CHECK: llvm.fptosi %{{.*}} : f32 to i32
// CHECK: llvm.sitofp %{{.*}} : i32 to f32
// CHECK: llvm.select %{{.*}}, %{{.*}}, %{{.*}} : i1, f32
tt.func public @rtz_and_arith(%in: !tt.ptr<f32>, %out: !tt.ptr<f32>, %k: f8E4M3FN) {
  %r = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #blocked>
  %pi = tt.splat %in : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #blocked>
  %qi = tt.addptr %pi, %r : tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
  %x = tt.load %qi : tensor<512x!tt.ptr<f32>, #blocked>
  %h = tt.fp_to_fp %x, rounding = rtz : tensor<512xf32, #blocked> -> tensor<512xf16, #blocked>
  %bf = tt.fp_to_fp %x, rounding = rtz : tensor<512xf32, #blocked> -> tensor<512xbf16, #blocked>
  %e = tt.fp_to_fp %x, rounding = rtz : tensor<512xf32, #blocked> -> tensor<512xf8E4M3FN, #blocked>
  %t = arith.truncf %x : tensor<512xf32, #blocked> to tensor<512xf8E4M3FN, #blocked>
  %ks = tt.splat %k : f8E4M3FN -> tensor<512xf8E4M3FN, #blocked>
  %m = arith.mulf %e, %ks : tensor<512xf8E4M3FN, #blocked>
  %c = arith.cmpf olt, %m, %t : tensor<512xf8E4M3FN, #blocked>
  %w = arith.extf %m : tensor<512xf8E4M3FN, #blocked> to tensor<512xf32, #blocked>
  %i = arith.fptosi %t : tensor<512xf8E4M3FN, #blocked> to tensor<512xi32, #blocked>
  %g = arith.sitofp %i : tensor<512xi32, #blocked> to tensor<512xf8E4M3FN, #blocked>
  %gf = arith.extf %g : tensor<512xf8E4M3FN, #blocked> to tensor<512xf32, #blocked>
  %hf = arith.extf %h : tensor<512xf16, #blocked> to tensor<512xf32, #blocked>
  %bff = arith.extf %bf : tensor<512xbf16, #blocked> to tensor<512xf32, #blocked>
  %s0 = arith.addf %w, %gf : tensor<512xf32, #blocked>
  %s1 = arith.addf %s0, %hf : tensor<512xf32, #blocked>
  %s2 = arith.addf %s1, %bff : tensor<512xf32, #blocked>
  %s3 = arith.select %c, %s2, %x : tensor<512xi1, #blocked>, tensor<512xf32, #blocked>
  %po = tt.splat %out : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #blocked>
  %qo = tt.addptr %po, %r : tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
  tt.store %qo, %s3 : tensor<512x!tt.ptr<f32>, #blocked>
  tt.return
}

// Scalars: a constant fp8 is its bits; f64 narrows to fp8 directly (no
// double rounding through f32) and toward zero with cvt.rz.
// CHECK-LABEL: llvm.func @scalars
// CHECK: llvm.mlir.constant(56 : i8) : i8
// CHECK: llvm.bitcast %{{.*}} : f64 to i64
// CHECK: cvt.rz.f32.f64 $0, $1;", "=f,d"
tt.func public @scalars(%p: !tt.ptr<f8E5M2>, %q: !tt.ptr<f32>, %d: f64) {
  %one = arith.constant 1.0 : f8E4M3FN
  %w = arith.extf %one : f8E4M3FN to f32
  %n = tt.fp_to_fp %d, rounding = rtne : f64 -> f8E5M2
  %f = tt.fp_to_fp %d, rounding = rtz : f64 -> f32
  %s = arith.addf %w, %f : f32
  tt.store %p, %n : !tt.ptr<f8E5M2>
  tt.store %q, %s : !tt.ptr<f32>
  tt.return
}

// arith.truncf from f32 to bf16: a cvt per pair of a thread's elements (the
// first in the low half: cvt puts its first source in the upper one), on
// sm_90 and sm_80 alike, as Triton emits; LLVM's fptrunc would convert and
// pack one element at a time.
// CHECK-LABEL: llvm.func @truncf_bf16
// CHECK-NOT: llvm.fptrunc
// CHECK-COUNT-2: llvm.inline_asm asm_dialect = att operand_attrs = [] "cvt.rn.bf16x2.f32 $0, $2, $1;", "=r,f,f" %{{.*}}, %{{.*}} : (f32, f32) -> i32
// CHECK-NOT: cvt.rn.bf16x2
// CHECK: llvm.return
// SM80-LABEL: llvm.func @truncf_bf16
// SM80-COUNT-2: cvt.rn.bf16x2.f32
tt.func public @truncf_bf16(%in: !tt.ptr<f32>, %out: !tt.ptr<bf16>) {
  %r = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #blocked>
  %pi = tt.splat %in : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #blocked>
  %qi = tt.addptr %pi, %r : tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
  %x = tt.load %qi : tensor<512x!tt.ptr<f32>, #blocked>
  %y = arith.truncf %x : tensor<512xf32, #blocked> to tensor<512xbf16, #blocked>
  %po = tt.splat %out : !tt.ptr<bf16> -> tensor<512x!tt.ptr<bf16>, #blocked>
  %qo = tt.addptr %po, %r : tensor<512x!tt.ptr<bf16>, #blocked>, tensor<512xi32, #blocked>
  tt.store %qo, %y : tensor<512x!tt.ptr<bf16>, #blocked>
  tt.return
}

// fp8 tensor constants: a splat keeps its float attribute on the i8 it
// travels as (the translation takes its bits), as Triton 3.6 prints it; a
// constant table holds the codes as i8.
// CHECK-LABEL: llvm.func @fp8_constants
// CHECK: llvm.mlir.constant(1.000000e+00 : f8E4M3FN) : i8
// CHECK: llvm.return
tt.func public @fp8_constants(%c: tensor<512xi1, #blocked>, %x: tensor<512xf8E4M3FN, #blocked>, %p: !tt.ptr<f8E4M3FN>) {
  %one = arith.constant dense<1.0> : tensor<512xf8E4M3FN, #blocked>
  %y = arith.select %c, %x, %one : tensor<512xi1, #blocked>, tensor<512xf8E4M3FN, #blocked>
  %r = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #blocked>
  %ps = tt.splat %p : !tt.ptr<f8E4M3FN> -> tensor<512x!tt.ptr<f8E4M3FN>, #blocked>
  %pp = tt.addptr %ps, %r : tensor<512x!tt.ptr<f8E4M3FN>, #blocked>, tensor<512xi32, #blocked>
  tt.store %pp, %y : tensor<512x!tt.ptr<f8E4M3FN>, #blocked>
  tt.return
}

}
