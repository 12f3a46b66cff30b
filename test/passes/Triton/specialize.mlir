// RUN: triton-opt %s -split-input-file -triton-specialize='kernel=k constants=2:4 divisibility=0,1 equal-to-1=3' | FileCheck %s --check-prefixes=CHECK,SEED
// RUN: triton-opt %s -split-input-file -triton-specialize='kernel=k constants=2:4 divisibility=0,1 equal-to-1=3 scheme=3.6' | FileCheck %s --check-prefixes=CHECK,V36
// RUN: triton-opt %s -split-input-file -triton-specialize='kernel=k constants=2:4 divisibility=0,1 equal-to-1=3 kernel-suffix=true' | FileCheck %s --check-prefix=SUFFIX
// RUN: triton-opt %s -split-input-file -triton-specialize | FileCheck %s --check-prefix=CALLS
//
// Every case has a kernel @k(ptr, ptr, i32, i32): argument 2 is bound to 4,
// argument 3 is equal to 1, arguments 0 and 1 are divisible by 16. The last
// run names no kernel and only specializes device functions.

// Kernel binding: the bound arguments become constants, the divisible ones
// get tt.divisibility; kernel_suffix over the original four arguments is
// 0d1d23c.

// CHECK-LABEL: tt.func public @k(
// CHECK-SAME: %[[P:[^:]*]]: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %{{[^:]*}}: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
// CHECK-DAG: %[[N:.*]] = arith.constant 4 : i32
// CHECK-DAG: %[[M:.*]] = arith.constant 1 : i32
// CHECK: %[[S:.*]] = arith.addi %[[N]], %[[M]] : i32
// CHECK: %[[V:.*]] = arith.sitofp %[[S]] : i32 to f32
// CHECK: tt.store %[[P]], %[[V]] : !tt.ptr<f32>

// SUFFIX-LABEL: tt.func public @k_0d1d23c(
// SUFFIX-SAME: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %{{[^:]*}}: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
// SUFFIX-NOT: @k(

// CALLS-LABEL: tt.func public @k(
// CALLS-SAME: %{{[^:]*}}: !tt.ptr<f32>, %{{[^:]*}}: !tt.ptr<f32>, %{{[^:]*}}: i32, %{{[^:]*}}: i32) {
tt.func public @k(%p: !tt.ptr<f32>, %q: !tt.ptr<f32>, %n: i32, %m: i32) {
  %s = arith.addi %n, %m : i32
  %v = arith.sitofp %s : i32 to f32
  tt.store %p, %v : !tt.ptr<f32>
  tt.return
}

// -----

// Nested device functions: @helper is called with the bound %n (4) twice and
// with %m (1) once; the two calls with 4 share one clone. Inside the clones,
// @inner is specialized on 4, 1 and on helper's own constant 2 (shared by all
// three). The originals are left without calls and erased.

tt.func private @inner(%x: f32, %s: i32) -> f32 attributes {noinline = true} {
  %f = arith.sitofp %s : i32 to f32
  %r = arith.mulf %x, %f : f32
  tt.return %r : f32
}

tt.func private @helper(%x: f32, %s: i32) -> f32 attributes {noinline = true} {
  %c2 = arith.constant 2 : i32
  %a = tt.call @inner(%x, %s) : (f32, i32) -> f32
  %b = tt.call @inner(%a, %c2) : (f32, i32) -> f32
  tt.return %b : f32
}

// SEED-LABEL: tt.func private @inner__fp32__1cconstexpr_2_(
// SEED-SAME: %[[X:.*]]: f32) -> f32 attributes {noinline = true} {
// SEED-NEXT: %[[C:.*]] = arith.constant 2 : i32
// SEED-NEXT: %[[F:.*]] = arith.sitofp %[[C]] : i32 to f32
// SEED-NEXT: arith.mulf %[[X]], %[[F]] : f32
// SEED-LABEL: tt.func private @inner__fp32__1cconstexpr_4_(
// SEED-LABEL: tt.func private @inner__fp32__1cconstexpr_1_(
// SEED-NOT: tt.func private @inner(
// SEED-LABEL: tt.func private @helper__fp32__1cconstexpr_4_(
// SEED-SAME: %[[X:.*]]: f32) -> f32 attributes {noinline = true} {
// SEED-NEXT: %[[A:.*]] = tt.call @inner__fp32__1cconstexpr_4_(%[[X]]) : (f32) -> f32
// SEED-NEXT: %[[B:.*]] = tt.call @inner__fp32__1cconstexpr_2_(%[[A]]) : (f32) -> f32
// SEED-NEXT: tt.return %[[B]] : f32
// SEED-LABEL: tt.func private @helper__fp32__1cconstexpr_1_(
// SEED-NEXT: tt.call @inner__fp32__1cconstexpr_1_(
// SEED-NEXT: tt.call @inner__fp32__1cconstexpr_2_(
// SEED-NOT: tt.func private @helper(
// SEED-LABEL: tt.func public @k(
// SEED: %[[X:.*]] = tt.load
// SEED-NEXT: %[[A:.*]] = tt.call @helper__fp32__1cconstexpr_4_(%[[X]]) : (f32) -> f32
// SEED-NEXT: %[[B:.*]] = tt.call @helper__fp32__1cconstexpr_4_(%[[A]]) : (f32) -> f32
// SEED-NEXT: %[[C:.*]] = tt.call @helper__fp32__1cconstexpr_1_(%[[B]]) : (f32) -> f32
// SEED-NEXT: tt.store %{{.*}}, %[[C]]

// V36-LABEL: tt.func private @"inner__fp32__(1,)cconstexpr_2_"(
// V36-LABEL: tt.func private @"inner__fp32__(1,)cconstexpr_4_"(
// V36-LABEL: tt.func private @"inner__fp32__(1,)cconstexpr_1_"(
// V36-NOT: tt.func private @inner(
// V36-LABEL: tt.func private @"helper__fp32__(1,)cconstexpr_4_"(
// V36-NEXT: tt.call @"inner__fp32__(1,)cconstexpr_4_"(
// V36-NEXT: tt.call @"inner__fp32__(1,)cconstexpr_2_"(
// V36-LABEL: tt.func private @"helper__fp32__(1,)cconstexpr_1_"(
// V36-NOT: tt.func private @helper(
// V36-LABEL: tt.func public @k(
// V36: tt.call @"helper__fp32__(1,)cconstexpr_4_"(
// V36-NEXT: tt.call @"helper__fp32__(1,)cconstexpr_4_"(
// V36-NEXT: tt.call @"helper__fp32__(1,)cconstexpr_1_"(

// Without a kernel the calls pass %n and %m: only helper's constant 2 is bound.
// CALLS-LABEL: tt.func private @inner__fp32__1cconstexpr_2_(
// CALLS-LABEL: tt.func private @inner(
// CALLS-LABEL: tt.func private @helper(
// CALLS: tt.call @inner(
// CALLS-NEXT: tt.call @inner__fp32__1cconstexpr_2_(
// CALLS-LABEL: tt.func public @k(
// CALLS: tt.call @helper(
tt.func public @k(%p: !tt.ptr<f32>, %q: !tt.ptr<f32>, %n: i32, %m: i32) {
  %x = tt.load %q : !tt.ptr<f32>
  %a = tt.call @helper(%x, %n) : (f32, i32) -> f32
  %b = tt.call @helper(%a, %n) : (f32, i32) -> f32
  %c = tt.call @helper(%b, %m) : (f32, i32) -> f32
  tt.store %p, %c : !tt.ptr<f32>
  tt.return
}

// -----

// Floats and booleans: the issue's g(f32, f32, i1) with argument 1 = 0.5 and
// argument 2 = true; an f32 0.1 is Python's repr of the double it widens to.

tt.func private @g(%a: f32, %b: f32, %c: i1) -> f32 attributes {noinline = false} {
  %r = arith.select %c, %a, %b : f32
  tt.return %r : f32
}

// SEED-LABEL: tt.func private @g__fp32__1cconstexpr_0_d_5__2cconstexpr_True_(
// SEED-SAME: %[[A:.*]]: f32) -> f32 attributes {noinline = false} {
// SEED-DAG: %[[B:.*]] = arith.constant 5.000000e-01 : f32
// SEED-DAG: %[[C:.*]] = arith.constant true
// SEED: arith.select %[[C]], %[[A]], %[[B]] : f32
// SEED-LABEL: tt.func private @g__fp32__1cconstexpr_0_d_10000000149011612__2cconstexpr_False_(
// SEED-NOT: tt.func private @g(
// SEED-LABEL: tt.func public @k(
// SEED: tt.call @g__fp32__1cconstexpr_0_d_5__2cconstexpr_True_(
// SEED: tt.call @g__fp32__1cconstexpr_0_d_10000000149011612__2cconstexpr_False_(

// V36-LABEL: tt.func private @"g__fp32__(1,)cconstexpr_0_d_5__(2,)cconstexpr_True_"(
// V36-LABEL: tt.func private @"g__fp32__(1,)cconstexpr_0_d_10000000149011612__(2,)cconstexpr_False_"(
// V36-NOT: tt.func private @g(
tt.func public @k(%p: !tt.ptr<f32>, %q: !tt.ptr<f32>, %n: i32, %m: i32) {
  %half = arith.constant 5.000000e-01 : f32
  %tenth = arith.constant 1.000000e-01 : f32
  %true = arith.constant true
  %false = arith.constant false
  %x = tt.load %q : !tt.ptr<f32>
  %r = tt.call @g(%x, %half, %true) : (f32, f32, i1) -> f32
  %s = tt.call @g(%r, %tenth, %false) : (f32, f32, i1) -> f32
  tt.store %p, %s : !tt.ptr<f32>
  tt.return
}

// -----

// Left alone: a callee whose name is already mangled (by either scheme), a
// public callee, a declaration, a call without constant operands. A tensor
// constant is not a constexpr: only the scalar operand is bound.

tt.func private @"pkg.cdiv__i32__(1,)cconstexpr_64_"(%x: i32) -> i32 {
  tt.return %x : i32
}
tt.func private @scale__i32__1cconstexpr_2_(%x: i32, %y: i32) -> i32 {
  tt.return %x : i32
}
tt.func public @pub(%x: i32, %y: i32) -> i32 {
  tt.return %x : i32
}
tt.func private @decl(%x: i32, %y: i32) -> i32
tt.func private @plain(%x: i32, %y: i32) -> i32 {
  tt.return %x : i32
}
tt.func private @t(%x: tensor<4xf32>, %s: i32) -> tensor<4xf32> {
  tt.return %x : tensor<4xf32>
}

// CHECK-LABEL: tt.func private @"pkg.cdiv__i32__(1,)cconstexpr_64_"(
// CHECK-LABEL: tt.func private @scale__i32__1cconstexpr_2_(
// CHECK-LABEL: tt.func public @pub(
// CHECK-LABEL: tt.func private @decl(
// CHECK-LABEL: tt.func private @plain(
// SEED-LABEL: tt.func private @t__fp32S4S__1cconstexpr_4_(
// SEED-SAME: %{{.*}}: tensor<4xf32>) -> tensor<4xf32> {
// V36-LABEL: tt.func private @"t__fp32S4S__(1,)cconstexpr_4_"(
// CHECK-NOT: tt.func private @t(
// CHECK-LABEL: tt.func public @k(
// CHECK: tt.call @"pkg.cdiv__i32__(1,)cconstexpr_64_"(%{{.*}}) : (i32) -> i32
// CHECK: tt.call @scale__i32__1cconstexpr_2_(%{{.*}}, %{{.*}}) : (i32, i32) -> i32
// CHECK: tt.call @pub(%{{.*}}, %{{.*}}) : (i32, i32) -> i32
// CHECK: tt.call @decl(%{{.*}}, %{{.*}}) : (i32, i32) -> i32
// CHECK: tt.call @plain(%{{.*}}, %{{.*}}) : (i32, i32) -> i32
// SEED: tt.call @t__fp32S4S__1cconstexpr_4_(%{{.*}}) : (tensor<4xf32>) -> tensor<4xf32>
tt.func public @k(%p: !tt.ptr<f32>, %q: !tt.ptr<i32>, %n: i32, %m: i32) {
  %x = tt.load %q : !tt.ptr<i32>
  %a = tt.call @"pkg.cdiv__i32__(1,)cconstexpr_64_"(%n) : (i32) -> i32
  %b = tt.call @scale__i32__1cconstexpr_2_(%a, %n) : (i32, i32) -> i32
  %c = tt.call @pub(%b, %n) : (i32, i32) -> i32
  %d = tt.call @decl(%c, %n) : (i32, i32) -> i32
  %e = tt.call @plain(%d, %x) : (i32, i32) -> i32
  %ones = arith.constant dense<1.000000e+00> : tensor<4xf32>
  %u = tt.call @t(%ones, %n) : (tensor<4xf32>, i32) -> tensor<4xf32>
  %f = arith.sitofp %e : i32 to f32
  tt.store %p, %f : !tt.ptr<f32>
  tt.return
}

// -----

// A callee still called with runtime values stays next to its clone.

tt.func private @mixed(%x: i32, %y: i32) -> i32 {
  %r = arith.addi %x, %y : i32
  tt.return %r : i32
}

// SEED-LABEL: tt.func private @mixed__i32__1cconstexpr_1_(
// SEED-LABEL: tt.func private @mixed(
// SEED-LABEL: tt.func public @k(
// SEED: tt.call @mixed__i32__1cconstexpr_1_(%{{.*}}) : (i32) -> i32
// SEED: tt.call @mixed(%{{.*}}, %{{.*}}) : (i32, i32) -> i32
tt.func public @k(%p: !tt.ptr<i32>, %q: !tt.ptr<i32>, %n: i32, %m: i32) {
  %x = tt.load %q : !tt.ptr<i32>
  %a = tt.call @mixed(%x, %m) : (i32, i32) -> i32
  %b = tt.call @mixed(%a, %x) : (i32, i32) -> i32
  tt.store %p, %b : !tt.ptr<i32>
  tt.return
}

// -----

// A qualified callee as the frontend emits it before specialization: under
// scheme=3.6 the clone gets the very name Triton 3.6 prints
// (corpus/triton-3.6-sm90/matmul_fp16_small.frontend.mlir).

tt.func private @triton.language.standard.cdiv(%x: i32, %div: i32) -> i32 attributes {noinline = false} {
  %0 = arith.addi %x, %div : i32
  %c1_i32 = arith.constant 1 : i32
  %1 = arith.subi %0, %c1_i32 : i32
  %2 = arith.divsi %1, %div : i32
  tt.return %2 : i32
}

// SEED-LABEL: tt.func private @triton.language.standard.cdiv__i32__1cconstexpr_64_(
// V36-LABEL: tt.func private @"triton.language.standard.cdiv__i32__(1,)cconstexpr_64_"(
// CHECK-SAME: %[[X:.*]]: i32) -> i32 attributes {noinline = false} {
// CHECK-NEXT: %[[DIV:.*]] = arith.constant 64 : i32
// CHECK-NEXT: arith.addi %[[X]], %[[DIV]] : i32
// CHECK-NOT: tt.func private @triton.language.standard.cdiv(
// CHECK-LABEL: tt.func public @k(
// SEED: tt.call @triton.language.standard.cdiv__i32__1cconstexpr_64_(%{{.*}}) : (i32) -> i32
// V36: tt.call @"triton.language.standard.cdiv__i32__(1,)cconstexpr_64_"(%{{.*}}) : (i32) -> i32
tt.func public @k(%p: !tt.ptr<i32>, %q: !tt.ptr<i32>, %n: i32, %m: i32) {
  %x = tt.load %q : !tt.ptr<i32>
  %c64_i32 = arith.constant 64 : i32
  %0 = tt.call @triton.language.standard.cdiv(%x, %c64_i32) : (i32, i32) -> i32
  tt.store %p, %0 : !tt.ptr<i32>
  tt.return
}
