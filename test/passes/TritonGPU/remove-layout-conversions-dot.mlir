// RUN: triton-opt %s -split-input-file -tritongpu-remove-layout-conversions | FileCheck %s

// Flash attention's inner loop after accelerate-matmul (mma v2): the first
// dot's MMA layout flows forward through the conversion to a blocked layout,
// the scaling, the row max and row sum (slices of the MMA layout), exp2, the
// loop-carried running max and sum (iter_args retyped), the expand_dims/
// broadcasts back and the rescaled accumulator, whose conversions to and from
// the second dot disappear. The only conversion left in the loop is p's into
// the second dot's operand; after the loop the division stays in the MMA
// layout and is converted once, for the store (as Triton 3.6 does).
// CHECK-LABEL: tt.func public @attention_step
// CHECK-DAG: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
// CHECK-DAG: %[[NEG:.*]] = arith.constant dense<0xFF800000> : tensor<64xf32, #ttg.slice<{dim = 1, parent = #mma}>>
// CHECK-DAG: %[[L0:.*]] = arith.constant dense<0.000000e+00> : tensor<64xf32, #ttg.slice<{dim = 1, parent = #mma}>>
// CHECK-NOT: ttg.convert_layout
// CHECK: %[[R:.*]]:3 = scf.for {{.*}} iter_args(%[[M:.*]] = %[[NEG]], %[[L:.*]] = %[[L0]], %[[ACC:.*]] = %[[ZERO]]) -> (tensor<64xf32, #ttg.slice<{dim = 1, parent = #mma}>>, tensor<64xf32, #ttg.slice<{dim = 1, parent = #mma}>>, tensor<64x64xf32, #mma>)
// CHECK-NEXT: %[[QK:.*]] = tt.dot
// CHECK-NEXT: %[[SC:.*]] = tt.splat %{{.*}} : f32 -> tensor<64x64xf32, #mma>
// CHECK-NEXT: %[[S:.*]] = arith.mulf %[[QK]], %[[SC]] : tensor<64x64xf32, #mma>
// CHECK-NEXT: %[[MAX:.*]] = "tt.reduce"(%[[S]]) <{axis = 1 : i32}>
// CHECK: }) : (tensor<64x64xf32, #mma>) -> tensor<64xf32, #ttg.slice<{dim = 1, parent = #mma}>>
// CHECK-NEXT: %[[NEW:.*]] = arith.maxnumf %[[M]], %[[MAX]] : tensor<64xf32, #ttg.slice<{dim = 1, parent = #mma}>>
// CHECK-NEXT: %[[E:.*]] = tt.expand_dims %[[NEW]] {axis = 1 : i32} : tensor<64xf32, #ttg.slice<{dim = 1, parent = #mma}>> -> tensor<64x1xf32, #mma>
// CHECK-NEXT: %[[B:.*]] = tt.broadcast %[[E]] : tensor<64x1xf32, #mma> -> tensor<64x64xf32, #mma>
// CHECK-NEXT: %[[P:.*]] = arith.subf %[[S]], %[[B]] : tensor<64x64xf32, #mma>
// CHECK-NEXT: %[[PE:.*]] = math.exp2 %[[P]] : tensor<64x64xf32, #mma>
// CHECK-NEXT: %[[AL:.*]] = arith.subf %[[M]], %[[NEW]] : tensor<64xf32, #ttg.slice<{dim = 1, parent = #mma}>>
// CHECK-NEXT: %[[ALPHA:.*]] = math.exp2 %[[AL]] : tensor<64xf32, #ttg.slice<{dim = 1, parent = #mma}>>
// CHECK-NEXT: %[[LSC:.*]] = arith.mulf %[[L]], %[[ALPHA]] : tensor<64xf32, #ttg.slice<{dim = 1, parent = #mma}>>
// CHECK-NEXT: %[[SUM:.*]] = "tt.reduce"(%[[PE]]) <{axis = 1 : i32}>
// CHECK: }) : (tensor<64x64xf32, #mma>) -> tensor<64xf32, #ttg.slice<{dim = 1, parent = #mma}>>
// CHECK-NEXT: %[[LNEW:.*]] = arith.addf %[[LSC]], %[[SUM]] : tensor<64xf32, #ttg.slice<{dim = 1, parent = #mma}>>
// CHECK-NEXT: %[[AE:.*]] = tt.expand_dims %[[ALPHA]] {axis = 1 : i32} : tensor<64xf32, #ttg.slice<{dim = 1, parent = #mma}>> -> tensor<64x1xf32, #mma>
// CHECK-NEXT: %[[AB:.*]] = tt.broadcast %[[AE]] : tensor<64x1xf32, #mma> -> tensor<64x64xf32, #mma>
// CHECK-NEXT: %[[ACCS:.*]] = arith.mulf %[[ACC]], %[[AB]] : tensor<64x64xf32, #mma>
// CHECK-NEXT: %[[PH:.*]] = arith.truncf %[[PE]] : tensor<64x64xf32, #mma> to tensor<64x64xf16, #mma>
// CHECK-NEXT: %[[PA:.*]] = ttg.convert_layout %[[PH]] : tensor<64x64xf16, #mma> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// CHECK-NEXT: %[[D:.*]] = tt.dot %[[PA]], %{{.*}}, %[[ACCS]]
// CHECK-NEXT: scf.yield %[[NEW]], %[[LNEW]], %[[D]] : tensor<64xf32, #ttg.slice<{dim = 1, parent = #mma}>>, tensor<64xf32, #ttg.slice<{dim = 1, parent = #mma}>>, tensor<64x64xf32, #mma>
// CHECK-NEXT: }
// CHECK-NEXT: %[[LE:.*]] = tt.expand_dims %[[R]]#1 {axis = 1 : i32} : tensor<64xf32, #ttg.slice<{dim = 1, parent = #mma}>> -> tensor<64x1xf32, #mma>
// CHECK-NEXT: %[[LB:.*]] = tt.broadcast %[[LE]] : tensor<64x1xf32, #mma> -> tensor<64x64xf32, #mma>
// CHECK-NEXT: %[[O:.*]] = arith.divf %[[R]]#2, %[[LB]] : tensor<64x64xf32, #mma>
// CHECK-NEXT: %[[OB:.*]] = ttg.convert_layout %[[O]] : tensor<64x64xf32, #mma> -> tensor<64x64xf32, #[[BL:blocked[0-9]*]]>
// CHECK-NEXT: tt.store %{{.*}}, %[[OB]] : tensor<64x64x!tt.ptr<f32>, #[[BL]]>
#bl = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
#b1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#da = #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
#db = #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @attention_step(%q: tensor<64x32xf16, #da>, %k: tensor<32x64xf16, #db>, %v: tensor<64x64xf16, #db>,
                                 %out: tensor<64x64x!tt.ptr<f32>, #bl>, %scale: f32, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
    %acc0 = arith.constant dense<0.0> : tensor<64x64xf32, #bl>
    %neg = arith.constant dense<0xFF800000> : tensor<64xf32, #b1>
    %l0 = arith.constant dense<0.0> : tensor<64xf32, #b1>
    %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%m = %neg, %l = %l0, %acc = %acc0) -> (tensor<64xf32, #b1>, tensor<64xf32, #b1>, tensor<64x64xf32, #bl>) : i32 {
      %qk = tt.dot %q, %k, %zero : tensor<64x32xf16, #da> * tensor<32x64xf16, #db> -> tensor<64x64xf32, #mma>
      %qkb = ttg.convert_layout %qk : tensor<64x64xf32, #mma> -> tensor<64x64xf32, #bl>
      %sc = tt.splat %scale : f32 -> tensor<64x64xf32, #bl>
      %s = arith.mulf %qkb, %sc : tensor<64x64xf32, #bl>
      %max = "tt.reduce"(%s) <{axis = 1 : i32}> ({
      ^bb0(%x: f32, %y: f32):
        %z = arith.maxnumf %x, %y : f32
        tt.reduce.return %z : f32
      }) : (tensor<64x64xf32, #bl>) -> tensor<64xf32, #ttg.slice<{dim = 1, parent = #bl}>>
      %max1 = ttg.convert_layout %max : tensor<64xf32, #ttg.slice<{dim = 1, parent = #bl}>> -> tensor<64xf32, #b1>
      %new = arith.maxnumf %m, %max1 : tensor<64xf32, #b1>
      %new2 = ttg.convert_layout %new : tensor<64xf32, #b1> -> tensor<64xf32, #ttg.slice<{dim = 1, parent = #bl}>>
      %e = tt.expand_dims %new2 {axis = 1 : i32} : tensor<64xf32, #ttg.slice<{dim = 1, parent = #bl}>> -> tensor<64x1xf32, #bl>
      %b = tt.broadcast %e : tensor<64x1xf32, #bl> -> tensor<64x64xf32, #bl>
      %p = arith.subf %s, %b : tensor<64x64xf32, #bl>
      %pe = math.exp2 %p : tensor<64x64xf32, #bl>
      %alpha = arith.subf %m, %new : tensor<64xf32, #b1>
      %alpha2 = math.exp2 %alpha : tensor<64xf32, #b1>
      %lsc = arith.mulf %l, %alpha2 : tensor<64xf32, #b1>
      %sum = "tt.reduce"(%pe) <{axis = 1 : i32}> ({
      ^bb0(%x: f32, %y: f32):
        %z = arith.addf %x, %y : f32
        tt.reduce.return %z : f32
      }) : (tensor<64x64xf32, #bl>) -> tensor<64xf32, #ttg.slice<{dim = 1, parent = #bl}>>
      %sum1 = ttg.convert_layout %sum : tensor<64xf32, #ttg.slice<{dim = 1, parent = #bl}>> -> tensor<64xf32, #b1>
      %lnew = arith.addf %lsc, %sum1 : tensor<64xf32, #b1>
      %alpha3 = ttg.convert_layout %alpha2 : tensor<64xf32, #b1> -> tensor<64xf32, #ttg.slice<{dim = 1, parent = #bl}>>
      %ae = tt.expand_dims %alpha3 {axis = 1 : i32} : tensor<64xf32, #ttg.slice<{dim = 1, parent = #bl}>> -> tensor<64x1xf32, #bl>
      %ab = tt.broadcast %ae : tensor<64x1xf32, #bl> -> tensor<64x64xf32, #bl>
      %accs = arith.mulf %acc, %ab : tensor<64x64xf32, #bl>
      %ph = arith.truncf %pe : tensor<64x64xf32, #bl> to tensor<64x64xf16, #bl>
      %pa = ttg.convert_layout %ph : tensor<64x64xf16, #bl> -> tensor<64x64xf16, #da>
      %accm = ttg.convert_layout %accs : tensor<64x64xf32, #bl> -> tensor<64x64xf32, #mma>
      %d = tt.dot %pa, %v, %accm : tensor<64x64xf16, #da> * tensor<64x64xf16, #db> -> tensor<64x64xf32, #mma>
      %dbl = ttg.convert_layout %d : tensor<64x64xf32, #mma> -> tensor<64x64xf32, #bl>
      scf.yield %new, %lnew, %dbl : tensor<64xf32, #b1>, tensor<64xf32, #b1>, tensor<64x64xf32, #bl>
    }
    %lr = ttg.convert_layout %r#1 : tensor<64xf32, #b1> -> tensor<64xf32, #ttg.slice<{dim = 1, parent = #bl}>>
    %le = tt.expand_dims %lr {axis = 1 : i32} : tensor<64xf32, #ttg.slice<{dim = 1, parent = #bl}>> -> tensor<64x1xf32, #bl>
    %lb = tt.broadcast %le : tensor<64x1xf32, #bl> -> tensor<64x64xf32, #bl>
    %o = arith.divf %r#2, %lb : tensor<64x64xf32, #bl>
    tt.store %out, %o : tensor<64x64x!tt.ptr<f32>, #bl>
    tt.return
  }
}

// -----

// A bias vector, loaded, extended to fp32, expanded and broadcast to the
// accumulator's tile, is added to a wgmma result: the conversion into the
// MMA layout moves above the broadcast, the expand_dims and the extension
// onto the loaded fp16 vector (256 halves, not a 128x256 fp32 tile), as in
// 3.6; the load itself is not done again in a slice of the MMA layout.
// CHECK-LABEL: tt.func @bias_epilogue
// CHECK: %[[BIAS:.*]] = tt.load %{{.*}} : tensor<256x!tt.ptr<f16>, #blocked>
// CHECK: %[[CVT:.*]] = ttg.convert_layout %[[BIAS]] : tensor<256xf16, #blocked> -> tensor<256xf16, #ttg.slice<{dim = 0, parent = #[[MMA:mma]]}>>
// CHECK: %[[EXT:.*]] = arith.extf %[[CVT]]
// CHECK: %[[ROW:.*]] = tt.expand_dims %[[EXT]] {axis = 0 : i32}
// CHECK: %[[TILE:.*]] = tt.broadcast %[[ROW]] : tensor<1x256xf32, #[[MMA]]> -> tensor<128x256xf32, #[[MMA]]>
// CHECK: arith.addf %{{.*}}, %[[TILE]] : tensor<128x256xf32, #[[MMA]]>
#bl1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]}>
#bl2 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 8], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 256, 16]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @bias_epilogue(%acc: tensor<128x256xf32, #mma>, %p: tensor<256x!tt.ptr<f16>, #bl1>) -> tensor<128x256xf32, #mma> {
    %bias = tt.load %p : tensor<256x!tt.ptr<f16>, #bl1>
    %ext = arith.extf %bias : tensor<256xf16, #bl1> to tensor<256xf32, #bl1>
    %cvt = ttg.convert_layout %ext : tensor<256xf32, #bl1> -> tensor<256xf32, #ttg.slice<{dim = 0, parent = #bl2}>>
    %row = tt.expand_dims %cvt {axis = 0 : i32} : tensor<256xf32, #ttg.slice<{dim = 0, parent = #bl2}>> -> tensor<1x256xf32, #bl2>
    %tile = tt.broadcast %row : tensor<1x256xf32, #bl2> -> tensor<128x256xf32, #bl2>
    %tile2 = ttg.convert_layout %tile : tensor<128x256xf32, #bl2> -> tensor<128x256xf32, #mma>
    %sum = arith.addf %acc, %tile2 : tensor<128x256xf32, #mma>
    tt.return %sum : tensor<128x256xf32, #mma>
  }
}

// -----

// A bf16 split of a loaded fp32 A (hi = trunc(a), lo = trunc(a - ext(hi)))
// converted into the dot operand layout: the conversion moves up to the
// load and the split runs in the operand layout, where the pipeliner loads
// A straight from shared memory (3.6's hoistConvertDotOperand).
// CHECK-LABEL: tt.func @split_a_to_load
// CHECK: tt.load
// CHECK-NEXT: %[[A:.*]] = ttg.convert_layout %{{.*}} -> tensor<64x32xf32, #[[DA:ttg.dot_op<{opIdx = 0.*}>]]>
// CHECK-NOT: ttg.convert_layout
// CHECK: arith.truncf %[[A]] : tensor<64x32xf32, #[[DA]]> to tensor<64x32xbf16, #[[DA]]>
// CHECK-NOT: ttg.convert_layout
// CHECK: scf.yield
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @split_a_to_load(%p: tensor<64x32x!tt.ptr<f32>, #blocked>, %b: tensor<32x64xbf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf32, #mma>) : i32 {
      %a = tt.load %p : tensor<64x32x!tt.ptr<f32>, #blocked>
      %hi = arith.truncf %a : tensor<64x32xf32, #blocked> to tensor<64x32xbf16, #blocked>
      %hiext = arith.extf %hi : tensor<64x32xbf16, #blocked> to tensor<64x32xf32, #blocked>
      %rest = arith.subf %a, %hiext : tensor<64x32xf32, #blocked>
      %lo = arith.truncf %rest : tensor<64x32xf32, #blocked> to tensor<64x32xbf16, #blocked>
      %hiA = ttg.convert_layout %hi : tensor<64x32xbf16, #blocked> -> tensor<64x32xbf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %loA = ttg.convert_layout %lo : tensor<64x32xbf16, #blocked> -> tensor<64x32xbf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %d1 = tt.dot %loA, %b, %acc : tensor<64x32xbf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x64xbf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
      %d2 = tt.dot %hiA, %b, %d1 : tensor<64x32xbf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x64xbf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
      scf.yield %d2 : tensor<64x64xf32, #mma>
    }
    tt.return %r : tensor<64x64xf32, #mma>
  }
}

// -----

// int8 activations dequantized by a per-row scale (loaded once, broadcast)
// into a wgmma's register A: the conversion moves up to the int8 load, the
// scale is converted as the 128-element vector into a slice of the operand
// layout, and the dequantization runs in the operand layout (3.6's
// hoistConvertDotOperand), with no conversion of a tile left in the loop.
// CHECK-LABEL: tt.func @scaled_a_to_load
// CHECK: %[[V:.*]] = tt.load %arg1
// CHECK-NEXT: ttg.convert_layout %[[V]] : tensor<128xf32, #{{.*}}> -> tensor<128xf32, #ttg.slice<{dim = 1, parent = #[[DA:ttg.dot_op<{opIdx = 0.*}>]]}>>
// CHECK: scf.for
// CHECK: tt.load
// CHECK-NEXT: ttg.convert_layout %{{.*}} -> tensor<128x64xi8, #[[DA]]>
// CHECK-NOT: ttg.convert_layout
// CHECK: arith.mulf %{{.*}}, %{{.*}} : tensor<128x64xf32, #[[DA]]>
// CHECK-NOT: ttg.convert_layout
// CHECK: scf.yield
#blocked = #ttg.blocked<{sizePerThread = [1, 16], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @scaled_a_to_load(%p: tensor<128x64x!tt.ptr<i8>, #blocked>, %sp: tensor<128x!tt.ptr<f32>, #ttg.slice<{dim = 1, parent = #blocked}>>, %b: !ttg.memdesc<64x128xf16, #shared, #smem>, %n: i32) -> tensor<128x128xf32, #mma> {
    %scale = tt.load %sp : tensor<128x!tt.ptr<f32>, #ttg.slice<{dim = 1, parent = #blocked}>>
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %se = tt.expand_dims %scale {axis = 1 : i32} : tensor<128xf32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<128x1xf32, #blocked>
    %sb = tt.broadcast %se : tensor<128x1xf32, #blocked> -> tensor<128x64xf32, #blocked>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<128x128xf32, #mma>) : i32 {
      %a = tt.load %p : tensor<128x64x!tt.ptr<i8>, #blocked>
      %af = arith.sitofp %a : tensor<128x64xi8, #blocked> to tensor<128x64xf32, #blocked>
      %as = arith.mulf %af, %sb : tensor<128x64xf32, #blocked>
      %ah = arith.truncf %as : tensor<128x64xf32, #blocked> to tensor<128x64xf16, #blocked>
      %aA = ttg.convert_layout %ah : tensor<128x64xf16, #blocked> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %d = ttng.warp_group_dot %aA, %b, %acc {inputPrecision = 0 : i32} : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * !ttg.memdesc<64x128xf16, #shared, #smem> -> tensor<128x128xf32, #mma>
      scf.yield %d : tensor<128x128xf32, #mma>
    }
    tt.return %r : tensor<128x128xf32, #mma>
  }
}
