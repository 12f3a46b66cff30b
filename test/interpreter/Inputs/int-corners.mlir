// Integer and conversion corners: division and remainder by zero and of
// INT_MIN by -1, shifts by the bit width or more, saturating fptosi, clampf
// of NaN without NaN propagation.
module {
  tt.func public @k(%a_ptr: !tt.ptr<i32> loc("a"), %b_ptr: !tt.ptr<i32> loc("b"), %s_ptr: !tt.ptr<i32> loc("s"), %f_ptr: !tt.ptr<f32> loc("f"), %o_ptr: !tt.ptr<i32> loc("o")) {
    %r = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
    %ap = tt.splat %a_ptr : !tt.ptr<i32> -> tensor<8x!tt.ptr<i32>>
    %ap2 = tt.addptr %ap, %r : tensor<8x!tt.ptr<i32>>, tensor<8xi32>
    %a = tt.load %ap2 : tensor<8x!tt.ptr<i32>>
    %bp = tt.splat %b_ptr : !tt.ptr<i32> -> tensor<8x!tt.ptr<i32>>
    %bp2 = tt.addptr %bp, %r : tensor<8x!tt.ptr<i32>>, tensor<8xi32>
    %b = tt.load %bp2 : tensor<8x!tt.ptr<i32>>
    %sp = tt.splat %s_ptr : !tt.ptr<i32> -> tensor<8x!tt.ptr<i32>>
    %sp2 = tt.addptr %sp, %r : tensor<8x!tt.ptr<i32>>, tensor<8xi32>
    %s = tt.load %sp2 : tensor<8x!tt.ptr<i32>>
    %fp = tt.splat %f_ptr : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>
    %fp2 = tt.addptr %fp, %r : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
    %f = tt.load %fp2 : tensor<8x!tt.ptr<f32>>
    %v0 = arith.divsi %a, %b : tensor<8xi32>
    %v1 = arith.remsi %a, %b : tensor<8xi32>
    %v2 = arith.divui %a, %b : tensor<8xi32>
    %v3 = arith.remui %a, %b : tensor<8xi32>
    %v4 = arith.shli %a, %s : tensor<8xi32>
    %v5 = arith.shrsi %a, %s : tensor<8xi32>
    %v6 = arith.shrui %a, %s : tensor<8xi32>
    %v7 = arith.fptosi %f : tensor<8xf32> to tensor<8xi32>
    %lo = arith.constant dense<-1.0> : tensor<8xf32>
    %hi = arith.constant dense<1.0> : tensor<8xf32>
    %c = tt.clampf %f, %lo, %hi, propagateNan = none : tensor<8xf32>
    %v8 = tt.bitcast %c : tensor<8xf32> -> tensor<8xi32>
    %op = tt.splat %o_ptr : !tt.ptr<i32> -> tensor<8x!tt.ptr<i32>>
    %o0 = tt.addptr %op, %r : tensor<8x!tt.ptr<i32>>, tensor<8xi32>
    tt.store %o0, %v0 : tensor<8x!tt.ptr<i32>>
    %c8 = arith.constant dense<8> : tensor<8xi32>
    %o1 = tt.addptr %o0, %c8 : tensor<8x!tt.ptr<i32>>, tensor<8xi32>
    tt.store %o1, %v1 : tensor<8x!tt.ptr<i32>>
    %o2 = tt.addptr %o1, %c8 : tensor<8x!tt.ptr<i32>>, tensor<8xi32>
    tt.store %o2, %v2 : tensor<8x!tt.ptr<i32>>
    %o3 = tt.addptr %o2, %c8 : tensor<8x!tt.ptr<i32>>, tensor<8xi32>
    tt.store %o3, %v3 : tensor<8x!tt.ptr<i32>>
    %o4 = tt.addptr %o3, %c8 : tensor<8x!tt.ptr<i32>>, tensor<8xi32>
    tt.store %o4, %v4 : tensor<8x!tt.ptr<i32>>
    %o5 = tt.addptr %o4, %c8 : tensor<8x!tt.ptr<i32>>, tensor<8xi32>
    tt.store %o5, %v5 : tensor<8x!tt.ptr<i32>>
    %o6 = tt.addptr %o5, %c8 : tensor<8x!tt.ptr<i32>>, tensor<8xi32>
    tt.store %o6, %v6 : tensor<8x!tt.ptr<i32>>
    %o7 = tt.addptr %o6, %c8 : tensor<8x!tt.ptr<i32>>, tensor<8xi32>
    tt.store %o7, %v7 : tensor<8x!tt.ptr<i32>>
    %o8 = tt.addptr %o7, %c8 : tensor<8x!tt.ptr<i32>>, tensor<8xi32>
    tt.store %o8, %v8 : tensor<8x!tt.ptr<i32>>
    tt.return
  }
}
