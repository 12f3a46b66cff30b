// RUN: triton-opt %s | triton-opt | FileCheck %s
// RUN: triton-opt %s --mlir-print-op-generic | triton-opt | FileCheck %s
// Every tt op in the syntax Triton 3.6 prints, round-tripped twice.

// CHECK-LABEL: tt.func public @pointers
tt.func public @pointers(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32, %i: i64) attributes {noinline = false} {
  // CHECK: tt.get_program_id x : i32
  %pid = tt.get_program_id x : i32
  // CHECK: tt.get_num_programs z : i32
  %np = tt.get_num_programs z : i32
  // CHECK: tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  // CHECK: tt.splat %{{.*}} : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
  // CHECK: tt.addptr %{{.*}}, %{{.*}} : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  %q = tt.addptr %ps, %r : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  // CHECK: tt.addptr %{{.*}}, %{{.*}} : !tt.ptr<f32>, i32
  %q1 = tt.addptr %p, %n : !tt.ptr<f32>, i32
  // CHECK: tt.int_to_ptr %{{.*}} : i64 -> !tt.ptr<f32>
  %ip = tt.int_to_ptr %i : i64 -> !tt.ptr<f32>
  // CHECK: tt.ptr_to_int %{{.*}} : !tt.ptr<f32> -> i64
  %pi = tt.ptr_to_int %q1 : !tt.ptr<f32> -> i64
  // CHECK: tt.bitcast %{{.*}} : !tt.ptr<f32> -> !tt.ptr<i32>
  %bc = tt.bitcast %p : !tt.ptr<f32> -> !tt.ptr<i32>
  // CHECK: tt.bitcast %{{.*}} : !tt.ptr<f32> -> !tt.ptr<f16, 3>
  %bc3 = tt.bitcast %p : !tt.ptr<f32> -> !tt.ptr<f16, 3>
  %ns = tt.splat %n : i32 -> tensor<128xi32>
  %m = arith.cmpi slt, %r, %ns : tensor<128xi32>
  %other = arith.constant dense<0.000000e+00> : tensor<128xf32>
  // CHECK: tt.load %{{.*}} : tensor<128x!tt.ptr<f32>>
  %a = tt.load %q : tensor<128x!tt.ptr<f32>>
  // CHECK: tt.load %{{.*}}, %{{.*}}, %{{.*}} cacheModifier = cg evictionPolicy = evict_last : tensor<128x!tt.ptr<f32>>
  %b = tt.load %q, %m, %other cacheModifier = cg evictionPolicy = evict_last : tensor<128x!tt.ptr<f32>>
  // CHECK: tt.load %{{.*}}, %{{.*}} {isVolatile = true} : tensor<128x!tt.ptr<f32>>
  %c = tt.load %q, %m {isVolatile = true} : tensor<128x!tt.ptr<f32>>
  // CHECK: tt.load %{{.*}} : !tt.ptr<f32>
  %s = tt.load %p : !tt.ptr<f32>
  // CHECK: tt.store %{{.*}}, %{{.*}}, %{{.*}} cacheModifier = wb : tensor<128x!tt.ptr<f32>>
  tt.store %q, %a, %m cacheModifier = wb : tensor<128x!tt.ptr<f32>>
  // CHECK: tt.store %{{.*}}, %{{.*}} : !tt.ptr<f32>
  tt.store %p, %s : !tt.ptr<f32>
  tt.return
}

// CHECK-LABEL: tt.func public @atomics
tt.func public @atomics(%p: tensor<64x!tt.ptr<i32>>, %v: tensor<64xi32>, %m: tensor<64xi1>, %f: tensor<64x!tt.ptr<f32>>, %fv: tensor<64xf32>, %sp: !tt.ptr<i32>, %x: i32) {
  // CHECK: tt.atomic_rmw add, acq_rel, gpu, %{{.*}}, %{{.*}}, %{{.*}} : (tensor<64x!tt.ptr<i32>>, tensor<64xi32>, tensor<64xi1>) -> tensor<64xi32>
  %0 = tt.atomic_rmw add, acq_rel, gpu, %p, %v, %m : (tensor<64x!tt.ptr<i32>>, tensor<64xi32>, tensor<64xi1>) -> tensor<64xi32>
  // CHECK: tt.atomic_rmw umin, relaxed, sys, %{{.*}}, %{{.*}} : (tensor<64x!tt.ptr<i32>>, tensor<64xi32>) -> tensor<64xi32>
  %1 = tt.atomic_rmw umin, relaxed, sys, %p, %v : (tensor<64x!tt.ptr<i32>>, tensor<64xi32>) -> tensor<64xi32>
  // CHECK: tt.atomic_rmw fadd, release, cta
  %2 = tt.atomic_rmw fadd, release, cta, %f, %fv, %m : (tensor<64x!tt.ptr<f32>>, tensor<64xf32>, tensor<64xi1>) -> tensor<64xf32>
  // CHECK: tt.atomic_rmw exch, acquire, gpu
  %3 = tt.atomic_rmw exch, acquire, gpu, %p, %v, %m : (tensor<64x!tt.ptr<i32>>, tensor<64xi32>, tensor<64xi1>) -> tensor<64xi32>
  // CHECK: tt.atomic_cas acq_rel, gpu, %{{.*}}, %{{.*}}, %{{.*}} : (!tt.ptr<i32>, i32, i32) -> i32
  %4 = tt.atomic_cas acq_rel, gpu, %sp, %x, %x : (!tt.ptr<i32>, i32, i32) -> i32
  tt.return
}

// CHECK-LABEL: tt.func public @casts_and_math
tt.func public @casts_and_math(%x: tensor<64xf32>, %h: tensor<64xf16>, %i: tensor<64xi32>) {
  // CHECK: tt.fp_to_fp %{{.*}}, rounding = rtne : tensor<64xf32> -> tensor<64xf8E5M2>
  %0 = tt.fp_to_fp %x, rounding = rtne : tensor<64xf32> -> tensor<64xf8E5M2>
  // CHECK: tt.fp_to_fp %{{.*}} : tensor<64xf8E5M2> -> tensor<64xf32>
  %1 = tt.fp_to_fp %0 : tensor<64xf8E5M2> -> tensor<64xf32>
  // CHECK: tt.fp_to_fp %{{.*}}, rounding = rtz : tensor<64xf32> -> tensor<64xbf16>
  %2 = tt.fp_to_fp %x, rounding = rtz : tensor<64xf32> -> tensor<64xbf16>
  // CHECK: tt.fp_to_fp %{{.*}}, rounding = rtne : tensor<64xf16> -> tensor<64xf8E4M3FNUZ>
  %3 = tt.fp_to_fp %h, rounding = rtne : tensor<64xf16> -> tensor<64xf8E4M3FNUZ>
  // CHECK: tt.fp_to_fp %{{.*}}, rounding = rtne : tensor<64xf16> -> tensor<64xf8E5M2FNUZ>
  %4 = tt.fp_to_fp %h, rounding = rtne : tensor<64xf16> -> tensor<64xf8E5M2FNUZ>
  // CHECK: tt.fp_to_fp %{{.*}}, rounding = rtne : tensor<64xf16> -> tensor<64xf8E4M3FN>
  %5 = tt.fp_to_fp %h, rounding = rtne : tensor<64xf16> -> tensor<64xf8E4M3FN>
  // CHECK: tt.clampf %{{.*}}, %{{.*}}, %{{.*}}, propagateNan = all : tensor<64xf32>
  %6 = tt.clampf %x, %x, %x, propagateNan = all : tensor<64xf32>
  // CHECK: tt.clampf %{{.*}}, %{{.*}}, %{{.*}}, propagateNan = none : tensor<64xf32>
  %7 = tt.clampf %x, %x, %x, propagateNan = none : tensor<64xf32>
  // CHECK: tt.precise_sqrt %{{.*}} : tensor<64xf32>
  %8 = tt.precise_sqrt %x : tensor<64xf32>
  // CHECK: tt.precise_divf %{{.*}}, %{{.*}} : tensor<64xf32>
  %9 = tt.precise_divf %x, %x : tensor<64xf32>
  // CHECK: tt.mulhiui %{{.*}}, %{{.*}} : tensor<64xi32>
  %10 = tt.mulhiui %i, %i : tensor<64xi32>
  // CHECK: tt.bitcast %{{.*}} : tensor<64xf32> -> tensor<64xi32>
  %11 = tt.bitcast %x : tensor<64xf32> -> tensor<64xi32>
  // CHECK: tt.extern_elementwise %{{.*}}, %{{.*}} {libname = "", libpath = "", pure = true, symbol = "__nv_powf"} : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  %12 = tt.extern_elementwise %x, %x {libname = "", libpath = "", pure = true, symbol = "__nv_powf"} : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  // CHECK: tt.elementwise_inline_asm "mov.b32 $0, $1;" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %{{.*}} : tensor<64xf32> -> tensor<64xf32>
  %13 = tt.elementwise_inline_asm "mov.b32 $0, $1;" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %x : tensor<64xf32> -> tensor<64xf32>
  tt.return
}

// CHECK-LABEL: tt.func public @shapes
tt.func public @shapes(%x: tensor<64xf32>, %i: tensor<64xi32>, %t: tensor<1x1xf32>, %s: f32) {
  // CHECK: tt.expand_dims %{{.*}} {axis = 1 : i32} : tensor<64xf32> -> tensor<64x1xf32>
  %0 = tt.expand_dims %x {axis = 1 : i32} : tensor<64xf32> -> tensor<64x1xf32>
  // CHECK: tt.broadcast %{{.*}} : tensor<64x1xf32> -> tensor<64x4xf32>
  %1 = tt.broadcast %0 : tensor<64x1xf32> -> tensor<64x4xf32>
  // CHECK: tt.reshape %{{.*}} : tensor<64xf32> -> tensor<32x2xf32>
  %2 = tt.reshape %x : tensor<64xf32> -> tensor<32x2xf32>
  // CHECK: tt.reshape %{{.*}} allow_reorder efficient_layout : tensor<64xf32> -> tensor<8x8xf32>
  %3 = tt.reshape %x allow_reorder efficient_layout : tensor<64xf32> -> tensor<8x8xf32>
  // CHECK: tt.trans %{{.*}} {order = array<i32: 1, 0>} : tensor<32x2xf32> -> tensor<2x32xf32>
  %4 = tt.trans %2 {order = array<i32: 1, 0>} : tensor<32x2xf32> -> tensor<2x32xf32>
  // CHECK: tt.join %{{.*}}, %{{.*}} : tensor<64xf32> -> tensor<64x2xf32>
  %5 = tt.join %x, %x : tensor<64xf32> -> tensor<64x2xf32>
  // CHECK: %{{.*}}, %{{.*}} = tt.split %{{.*}} : tensor<64x2xf32> -> tensor<64xf32>
  %6, %7 = tt.split %5 : tensor<64x2xf32> -> tensor<64xf32>
  // CHECK: tt.cat %{{.*}}, %{{.*}} : tensor<64xf32> -> tensor<128xf32>
  %8 = tt.cat %x, %x : tensor<64xf32> -> tensor<128xf32>
  // CHECK: tt.gather %{{.*}}[%{{.*}}] {axis = 0 : i32} : (tensor<64xf32>, tensor<64xi32>) -> tensor<64xf32>
  %9 = tt.gather %x[%i] {axis = 0 : i32} : (tensor<64xf32>, tensor<64xi32>) -> tensor<64xf32>
  // CHECK: tt.histogram %{{.*}} : tensor<64xi32> -> tensor<16xi32>
  %10 = tt.histogram %i : tensor<64xi32> -> tensor<16xi32>
  // CHECK: tt.unsplat %{{.*}} : tensor<1x1xf32>
  %11 = tt.unsplat %t : tensor<1x1xf32>
  // CHECK: tt.splat %{{.*}} : f32 -> tensor<4x4xf32>
  %12 = tt.splat %s : f32 -> tensor<4x4xf32>
  tt.return
}

// CHECK-LABEL: tt.func public @dots
tt.func public @dots(%a: tensor<64x32xf16>, %b: tensor<32x64xf16>, %c: tensor<64x64xf32>, %f8a: tensor<32x32xf8E4M3FN>, %f8b: tensor<32x32xf8E5M2>, %c32: tensor<32x32xf32>, %i8: tensor<32x32xi8>, %ci: tensor<32x32xi32>) {
  // CHECK: tt.dot %{{.*}}, %{{.*}}, %{{.*}}, inputPrecision = tf32 : tensor<64x32xf16> * tensor<32x64xf16> -> tensor<64x64xf32>
  %0 = tt.dot %a, %b, %c, inputPrecision = tf32 : tensor<64x32xf16> * tensor<32x64xf16> -> tensor<64x64xf32>
  // CHECK: tt.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<64x32xf16> * tensor<32x64xf16> -> tensor<64x64xf32>
  %1 = tt.dot %a, %b, %c : tensor<64x32xf16> * tensor<32x64xf16> -> tensor<64x64xf32>
  // CHECK: tt.dot %{{.*}}, %{{.*}}, %{{.*}}, inputPrecision = tf32 {maxNumImpreciseAcc = 32 : i32} : tensor<32x32xf8E4M3FN> * tensor<32x32xf8E5M2> -> tensor<32x32xf32>
  %2 = tt.dot %f8a, %f8b, %c32, inputPrecision = tf32 {maxNumImpreciseAcc = 32 : i32} : tensor<32x32xf8E4M3FN> * tensor<32x32xf8E5M2> -> tensor<32x32xf32>
  // CHECK: tt.dot %{{.*}}, %{{.*}}, %{{.*}}, inputPrecision = tf32x3
  %3 = tt.dot %c32, %c32, %c32, inputPrecision = tf32x3 : tensor<32x32xf32> * tensor<32x32xf32> -> tensor<32x32xf32>
  // CHECK: tt.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<32x32xi8> * tensor<32x32xi8> -> tensor<32x32xi32>
  %4 = tt.dot %i8, %i8, %ci : tensor<32x32xi8> * tensor<32x32xi8> -> tensor<32x32xi32>
  tt.return
}

// CHECK-LABEL: tt.func public @scaled_dot
tt.func public @scaled_dot(%a: tensor<128x64xf8E4M3FN>, %as: tensor<128x2xi8>, %b: tensor<64x128xf8E4M3FN>, %bs: tensor<128x2xi8>, %c: tensor<128x128xf32>, %p: tensor<128x32xi8>) {
  // CHECK: tt.dot_scaled %{{.*}} scale %{{.*}}, %{{.*}} scale %{{.*}}, %{{.*}} lhs = e4m3 rhs = e4m3 {fastMath = false} : tensor<128x64xf8E4M3FN>, tensor<128x2xi8> * tensor<64x128xf8E4M3FN>, tensor<128x2xi8> -> tensor<128x128xf32>
  %0 = tt.dot_scaled %a scale %as, %b scale %bs, %c lhs = e4m3 rhs = e4m3 {fastMath = false} : tensor<128x64xf8E4M3FN>, tensor<128x2xi8> * tensor<64x128xf8E4M3FN>, tensor<128x2xi8> -> tensor<128x128xf32>
  // CHECK: tt.dot_scaled %{{.*}}, %{{.*}}, %{{.*}} lhs = e2m1 rhs = e4m3 {fastMath = true} : tensor<128x32xi8> * tensor<64x128xf8E4M3FN> -> tensor<128x128xf32>
  %1 = tt.dot_scaled %p, %b, %c lhs = e2m1 rhs = e4m3 {fastMath = true} : tensor<128x32xi8> * tensor<64x128xf8E4M3FN> -> tensor<128x128xf32>
  tt.return
}

// NVFP4: e4m3 scales, one per 16 of K.
// CHECK-LABEL: tt.func public @nvfp4_dot
tt.func public @nvfp4_dot(%a: tensor<128x32xi8>, %as: tensor<128x4xf8E4M3FN>, %b: tensor<32x128xi8>, %bs: tensor<128x4xf8E4M3FN>, %c: tensor<128x128xf32>) {
  // CHECK: tt.dot_scaled %{{.*}} scale %{{.*}}, %{{.*}} scale %{{.*}}, %{{.*}} lhs = e2m1 rhs = e2m1 {fastMath = false} : tensor<128x32xi8>, tensor<128x4xf8E4M3FN> * tensor<32x128xi8>, tensor<128x4xf8E4M3FN> -> tensor<128x128xf32>
  %0 = tt.dot_scaled %a scale %as, %b scale %bs, %c lhs = e2m1 rhs = e2m1 {fastMath = false} : tensor<128x32xi8>, tensor<128x4xf8E4M3FN> * tensor<32x128xi8>, tensor<128x4xf8E4M3FN> -> tensor<128x128xf32>
  tt.return
}

// CHECK-LABEL: tt.func public @regions
tt.func public @regions(%x: tensor<4x16xf32>, %i: tensor<4x16xi32>, %v: tensor<64xf32>) {
  // CHECK: "tt.reduce"(%{{.*}}) <{axis = 1 : i32}> ({
  // CHECK: tt.reduce.return %{{.*}} : f32
  // CHECK: }) : (tensor<4x16xf32>) -> tensor<4xf32>
  %0 = "tt.reduce"(%x) <{axis = 1 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tt.reduce.return %s : f32
  }) : (tensor<4x16xf32>) -> tensor<4xf32>
  // CHECK: "tt.reduce"(%{{.*}}, %{{.*}}) <{axis = 0 : i32}>
  // CHECK: tt.reduce.return %{{.*}}, %{{.*}} : f32, i32
  // CHECK: (tensor<4x16xf32>, tensor<4x16xi32>) -> (tensor<16xf32>, tensor<16xi32>)
  %1:2 = "tt.reduce"(%x, %i) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %ai: i32, %b: f32, %bi: i32):
    %gt = arith.cmpf ogt, %a, %b : f32
    %m = arith.select %gt, %a, %b : f32
    %mi = arith.select %gt, %ai, %bi : i32
    tt.reduce.return %m, %mi : f32, i32
  }) : (tensor<4x16xf32>, tensor<4x16xi32>) -> (tensor<16xf32>, tensor<16xi32>)
  // CHECK: "tt.reduce"(%{{.*}}) <{axis = 0 : i32}>
  // CHECK: (tensor<64xf32>) -> f32
  %2 = "tt.reduce"(%v) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.maxnumf %a, %b : f32
    tt.reduce.return %s : f32
  }) : (tensor<64xf32>) -> f32
  // CHECK: "tt.scan"(%{{.*}}) <{axis = 0 : i32, reverse = true}>
  // CHECK: tt.scan.return %{{.*}} : f32
  %3 = "tt.scan"(%v) <{axis = 0 : i32, reverse = true}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tt.scan.return %s : f32
  }) : (tensor<64xf32>) -> tensor<64xf32>
  // CHECK: "tt.map_elementwise"(%{{.*}}) <{pack = 2 : i32}>
  // CHECK: tt.map_elementwise.return %{{.*}}, %{{.*}} : f32, f32
  %4 = "tt.map_elementwise"(%v) <{pack = 2 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    tt.map_elementwise.return %b, %a : f32, f32
  }) : (tensor<64xf32>) -> tensor<64xf32>
  tt.return
}

// CHECK-LABEL: tt.func public @block_pointers
tt.func public @block_pointers(%base: !tt.ptr<f32>, %m: i64, %n: i64, %s: i64, %o: i32) {
  %c1 = arith.constant 1 : i64
  %c0 = arith.constant 0 : i32
  // CHECK: tt.make_tensor_ptr %{{.*}}, [%{{.*}}, %{{.*}}], [%{{.*}}, %{{.*}}], [%{{.*}}, %{{.*}}] {order = array<i32: 1, 0>} : <tensor<64x64xf32>>
  %p = tt.make_tensor_ptr %base, [%m, %n], [%s, %c1], [%o, %c0] {order = array<i32: 1, 0>} : <tensor<64x64xf32>>
  // CHECK: tt.load %{{.*}} {boundaryCheck = array<i32: 0, 1>, padding = 1 : i32} : !tt.ptr<tensor<64x64xf32>>
  %v = tt.load %p {boundaryCheck = array<i32: 0, 1>, padding = 1 : i32} : !tt.ptr<tensor<64x64xf32>>
  // CHECK: tt.advance %{{.*}}, [%{{.*}}, %{{.*}}] : <tensor<64x64xf32>>
  %q = tt.advance %p, [%o, %o] : <tensor<64x64xf32>>
  // CHECK: tt.store %{{.*}}, %{{.*}} {boundaryCheck = array<i32: 1>} : !tt.ptr<tensor<64x64xf32>>
  tt.store %q, %v {boundaryCheck = array<i32: 1>} : !tt.ptr<tensor<64x64xf32>>
  tt.return
}

// CHECK-LABEL: tt.func public @descriptors
tt.func public @descriptors(%base: !tt.ptr<f32>, %M: i32, %N: i32, %s: i64, %rows: tensor<32xi32>, %i: i32) {
  %c1 = arith.constant 1 : i64
  // CHECK: tt.make_tensor_descriptor %{{.*}}, [%{{.*}}, %{{.*}}], [%{{.*}}, %{{.*}}] : <f32>, <tensor<32x64xf32>>
  %d = tt.make_tensor_descriptor %base, [%M, %N], [%s, %c1] : <f32>, <tensor<32x64xf32>>
  // CHECK: tt.descriptor_load %{{.*}}[%{{.*}}, %{{.*}}] : !tt.tensordesc<tensor<32x64xf32>> -> tensor<32x64xf32>
  %t = tt.descriptor_load %d[%i, %i] : !tt.tensordesc<tensor<32x64xf32>> -> tensor<32x64xf32>
  // CHECK: tt.descriptor_load %{{.*}}[%{{.*}}, %{{.*}}] cacheModifier = cg : !tt.tensordesc<tensor<32x64xf32>> -> tensor<32x64xf32>
  %t2 = tt.descriptor_load %d[%i, %i] cacheModifier = cg : !tt.tensordesc<tensor<32x64xf32>> -> tensor<32x64xf32>
  // CHECK: tt.descriptor_store %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}} : !tt.tensordesc<tensor<32x64xf32>>, tensor<32x64xf32>
  tt.descriptor_store %d[%i, %i], %t : !tt.tensordesc<tensor<32x64xf32>>, tensor<32x64xf32>
  // CHECK: tt.descriptor_reduce add, %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}} : !tt.tensordesc<tensor<32x64xf32>>, tensor<32x64xf32>
  tt.descriptor_reduce add, %d[%i, %i], %t : !tt.tensordesc<tensor<32x64xf32>>, tensor<32x64xf32>
  %g = tt.make_tensor_descriptor %base, [%M, %N], [%s, %c1] : <f32>, <tensor<1x64xf32>>
  // CHECK: tt.descriptor_gather %{{.*}}[%{{.*}}, %{{.*}}] : (!tt.tensordesc<tensor<1x64xf32>>, tensor<32xi32>, i32) -> tensor<32x64xf32>
  %r = tt.descriptor_gather %g[%rows, %i] : (!tt.tensordesc<tensor<1x64xf32>>, tensor<32xi32>, i32) -> tensor<32x64xf32>
  // CHECK: tt.descriptor_scatter %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}} : !tt.tensordesc<tensor<1x64xf32>>, tensor<32xi32>, i32, tensor<32x64xf32>
  tt.descriptor_scatter %g[%rows, %i], %r : !tt.tensordesc<tensor<1x64xf32>>, tensor<32xi32>, i32, tensor<32x64xf32>
  tt.return
}

// A descriptor of signed bytes loads and stores signless i8 tensors.
// CHECK-LABEL: tt.func public @signed_descriptor
tt.func public @signed_descriptor(%d: !tt.tensordesc<tensor<16x32xsi8>>, %i: i32) {
  // CHECK: tt.descriptor_load %{{.*}}[%{{.*}}, %{{.*}}] : !tt.tensordesc<tensor<16x32xsi8>> -> tensor<16x32xi8>
  %t = tt.descriptor_load %d[%i, %i] : !tt.tensordesc<tensor<16x32xsi8>> -> tensor<16x32xi8>
  // CHECK: tt.descriptor_store %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}} : !tt.tensordesc<tensor<16x32xsi8>>, tensor<16x32xi8>
  tt.descriptor_store %d[%i, %i], %t : !tt.tensordesc<tensor<16x32xsi8>>, tensor<16x32xi8>
  tt.return
}

// CHECK-LABEL: tt.func public @debug
tt.func public @debug(%x: tensor<64xf32>, %c: tensor<64xi1>, %n: i32) {
  // CHECK: tt.print " vals: " {hex = true, isSigned = array<i32: 0>} : %{{.*}} : tensor<64xf32>
  tt.print " vals: " {hex = true, isSigned = array<i32: 0>} : %x : tensor<64xf32>
  // CHECK: tt.print "two: " {hex = false, isSigned = array<i32: 1, 1>} : %{{.*}}, %{{.*}} : i32, i32
  tt.print "two: " {hex = false, isSigned = array<i32: 1, 1>} : %n, %n : i32, i32
  // CHECK: tt.print "nothing" {hex = false, isSigned = array<i32>}
  tt.print "nothing" {hex = false, isSigned = array<i32>}
  // CHECK: tt.assert %{{.*}}, "out of range" : tensor<64xi1>
  tt.assert %c, "out of range" : tensor<64xi1>
  // CHECK: tt.grid_dependency_wait
  tt.grid_dependency_wait
  // CHECK: tt.grid_dependency_launch_dependents
  tt.grid_dependency_launch_dependents
  tt.return
}

// CHECK-LABEL: tt.func private @helper
// CHECK-SAME: -> (f32, i32)
// CHECK-SAME: attributes {noinline = true}
tt.func private @helper(%a: f32, %b: i32) -> (f32, i32) attributes {noinline = true} {
  // CHECK: tt.return %{{.*}}, %{{.*}} : f32, i32
  tt.return %a, %b : f32, i32
}

// CHECK-LABEL: tt.func public @calls
tt.func public @calls(%a: f32, %b: i32) {
  // CHECK: tt.call @helper(%{{.*}}, %{{.*}}) : (f32, i32) -> (f32, i32)
  %0:2 = tt.call @helper(%a, %b) : (f32, i32) -> (f32, i32)
  // CHECK: tt.call @"triton.language.standard.cdiv__i32__(1,)cconstexpr_64_"(%{{.*}}) : (i32) -> i32
  %1 = tt.call @"triton.language.standard.cdiv__i32__(1,)cconstexpr_64_"(%b) : (i32) -> i32
  tt.return
}

tt.func private @"triton.language.standard.cdiv__i32__(1,)cconstexpr_64_"(%x: i32) -> i32 attributes {noinline = false} {
  tt.return %x : i32
}

// A tensor without an encoding goes with laid-out ones, as in Triton (offsets
// a pass left unencoded beside laid-out pointers).
// CHECK-LABEL: tt.func @unencoded_offsets
tt.func @unencoded_offsets(%p: tensor<4x!tt.ptr<f16>, 1 : i32>, %o: tensor<4xi32>) -> tensor<4x!tt.ptr<f16>, 1 : i32> {
  // CHECK: tt.addptr %{{.*}}, %{{.*}} : tensor<4x!tt.ptr<f16>, 1 : i32>, tensor<4xi32>
  %q = tt.addptr %p, %o : tensor<4x!tt.ptr<f16>, 1 : i32>, tensor<4xi32>
  tt.return %q : tensor<4x!tt.ptr<f16>, 1 : i32>
}
