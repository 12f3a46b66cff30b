// Float conversions over a sweep of values: f32 -> fp8e4nv (rtne), -> fp8e5
// (rtne), -> bf16 (rtz), -> f16, and f16 -> fp8e4nv, each back to f32.
module {
  tt.func public @sweep(%x_ptr: !tt.ptr<f32> loc("x_ptr"), %a_ptr: !tt.ptr<f32> loc("a_ptr"), %b_ptr: !tt.ptr<f32> loc("b_ptr"), %c_ptr: !tt.ptr<f32> loc("c_ptr"), %d_ptr: !tt.ptr<f32> loc("d_ptr"), %e_ptr: !tt.ptr<f32> loc("e_ptr")) {
    %pid = tt.get_program_id x : i32
    %c1024 = arith.constant 1024 : i32
    %base = arith.muli %pid, %c1024 : i32
    %r0 = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
    %bs = tt.splat %base : i32 -> tensor<1024xi32>
    %r = arith.addi %bs, %r0 : tensor<1024xi32>
    %xs = tt.splat %x_ptr : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
    %xp = tt.addptr %xs, %r : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
    %x = tt.load %xp : tensor<1024x!tt.ptr<f32>>
    %a8 = tt.fp_to_fp %x, rounding = rtne : tensor<1024xf32> -> tensor<1024xf8E4M3FN>
    %a = tt.fp_to_fp %a8 : tensor<1024xf8E4M3FN> -> tensor<1024xf32>
    %b8 = tt.fp_to_fp %x, rounding = rtne : tensor<1024xf32> -> tensor<1024xf8E5M2>
    %b = tt.fp_to_fp %b8 : tensor<1024xf8E5M2> -> tensor<1024xf32>
    %c16 = tt.fp_to_fp %x, rounding = rtz : tensor<1024xf32> -> tensor<1024xbf16>
    %c = arith.extf %c16 : tensor<1024xbf16> to tensor<1024xf32>
    %d16 = arith.truncf %x : tensor<1024xf32> to tensor<1024xf16>
    %d = arith.extf %d16 : tensor<1024xf16> to tensor<1024xf32>
    %e8 = tt.fp_to_fp %d16, rounding = rtne : tensor<1024xf16> -> tensor<1024xf8E4M3FN>
    %e = tt.fp_to_fp %e8 : tensor<1024xf8E4M3FN> -> tensor<1024xf32>
    %as = tt.splat %a_ptr : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
    %ap = tt.addptr %as, %r : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
    tt.store %ap, %a : tensor<1024x!tt.ptr<f32>>
    %bsp = tt.splat %b_ptr : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
    %bp = tt.addptr %bsp, %r : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
    tt.store %bp, %b : tensor<1024x!tt.ptr<f32>>
    %cs = tt.splat %c_ptr : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
    %cp = tt.addptr %cs, %r : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
    tt.store %cp, %c : tensor<1024x!tt.ptr<f32>>
    %ds = tt.splat %d_ptr : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
    %dp = tt.addptr %ds, %r : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
    tt.store %dp, %d : tensor<1024x!tt.ptr<f32>>
    %es = tt.splat %e_ptr : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
    %ep = tt.addptr %es, %r : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
    tt.store %ep, %e : tensor<1024x!tt.ptr<f32>>
    tt.return
  }
}
