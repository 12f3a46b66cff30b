// RUN: triton-opt %s -split-input-file -tritongpu-split-masked-loops | FileCheck %s
// RUN: triton-opt %s -split-input-file -tritongpu-split-masked-loops -canonicalize | FileCheck %s --check-prefix=FOLD

// A tail mask (cols = iv + [0, 15] < n): every lane holds while iv < n - 15 (and iv + 15 does not
// wrap), so the first loop runs the whole steps below min(n, n - 15, 2^31 - 16), with the mask
// replaced by true; the rest keep it and start where the first loop stops, from its results.
// CHECK-LABEL: tt.func @tail_mask
// CHECK-DAG: %[[LB:.*]] = arith.extsi %c0_i32 : i32 to i64
// CHECK-DAG: %[[UB:.*]] = arith.extsi %arg1 : i32 to i64
// CHECK-DAG: %[[OFF:.*]] = arith.constant -15 : i64
// CHECK: %[[N:.*]] = arith.extsi %arg1 : i32 to i64
// CHECK: %[[AT:.*]] = arith.addi %[[N]], %[[OFF]] : i64
// CHECK: %[[TOP:.*]] = arith.addi %[[N]], %{{.*}} : i64
// CHECK: %[[FITS:.*]] = arith.cmpi sle, %[[TOP]], %c2147483647_i64 : i64
// CHECK: %[[AT2:.*]] = arith.select %[[FITS]], %[[AT]], %[[LB]] : i64
// CHECK: %[[LIM:.*]] = arith.minsi %[[UB]], %[[AT2]] : i64
// CHECK: %[[LIM2:.*]] = arith.minsi %[[LIM]], %c2147483633_i64 : i64
// CHECK: %[[EXT:.*]] = arith.subi %[[LIM2]], %[[LB]] : i64
// CHECK: %[[UP:.*]] = arith.addi %[[EXT]], %c15_i64 : i64
// CHECK: %[[STEPS:.*]] = arith.divsi %[[UP]], %c16_i64 : i64
// CHECK: %[[ANY:.*]] = arith.cmpi sgt, %[[EXT]], %{{.*}} : i64
// CHECK: %[[STEPS2:.*]] = arith.select %[[ANY]], %[[STEPS]], %{{.*}} : i64
// CHECK: %[[MUL:.*]] = arith.muli %[[STEPS2]], %{{.*}} : i64
// CHECK: %[[END:.*]] = arith.addi %[[LB]], %[[MUL]] : i64
// CHECK: %[[END2:.*]] = arith.minsi %[[END]], %[[UB]] : i64
// CHECK: %[[SPLIT:.*]] = arith.trunci %[[END2]] : i64 to i32
// CHECK: %[[FIRST:.*]] = scf.for %{{.*}} = %c0_i32 to %[[SPLIT]] step %c16_i32 iter_args(%{{.*}} = %cst)
// CHECK-NOT: arith.cmpi
// CHECK: arith.constant dense<true> : tensor<1x16xi1>
// CHECK: tt.dot
// CHECK: scf.yield
// CHECK: %[[REST:.*]] = scf.for %{{.*}} = %[[SPLIT]] to %arg1 step %c16_i32 iter_args(%{{.*}} = %[[FIRST]])
// CHECK: arith.cmpi slt
// CHECK: tt.dot
// CHECK: tt.return %[[REST]]
// After the canonicalizer the first loop loads without a mask and selects nothing.
// FOLD-LABEL: tt.func @tail_mask
// FOLD: scf.for
// FOLD-NOT: arith.select
// FOLD: tt.load %{{[a-z0-9_]+}} : tensor<16x16x!tt.ptr<f16>>
// FOLD-NOT: arith.select
// FOLD: scf.yield
// FOLD: scf.for
// FOLD: arith.cmpi slt
// FOLD: tt.load %{{.*}}, %{{.*}}, %{{.*}} : tensor<16x16x!tt.ptr<f16>>
// FOLD: arith.select
tt.func @tail_mask(%p: !tt.ptr<f16>, %n: i32, %a: tensor<16x16xf16>) -> tensor<16x16xf32> {
  %c0 = arith.constant 0 : i32
  %c16 = arith.constant 16 : i32
  %zero = arith.constant dense<0.0> : tensor<16x16xf32>
  %ninf = arith.constant dense<0xFF800000> : tensor<16x16xf32>
  %other = arith.constant dense<0.0> : tensor<16x16xf16>
  %r = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
  %ptrs = tt.splat %p : !tt.ptr<f16> -> tensor<16x16x!tt.ptr<f16>>
  %out = scf.for %iv = %c0 to %n step %c16 iter_args(%acc = %zero) -> (tensor<16x16xf32>) : i32 {
    %s = tt.splat %iv : i32 -> tensor<16xi32>
    %cols = arith.addi %s, %r : tensor<16xi32>
    %e = tt.expand_dims %cols {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
    %ns = tt.splat %n : i32 -> tensor<1x16xi32>
    %m = arith.cmpi slt, %e, %ns : tensor<1x16xi32>
    %mb = tt.broadcast %m : tensor<1x16xi1> -> tensor<16x16xi1>
    %b = tt.load %ptrs, %mb, %other : tensor<16x16x!tt.ptr<f16>>
    %d = tt.dot %a, %b, %zero : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
    %sel = arith.select %mb, %d, %ninf : tensor<16x16xi1>, tensor<16x16xf32>
    %next = arith.addf %acc, %sel : tensor<16x16xf32>
    scf.yield %next : tensor<16x16xf32>
  }
  tt.return %out : tensor<16x16xf32>
}

// -----

// A causal mask, cols <= rows with rows = m0 + [0, 15] made outside the loop, written the other
// way round (rows >= cols): every lane holds while iv + 15 <= m0, that is iv < m0 - 14, provided
// m0 + 15 does not wrap; the tail mask beside it bounds the split too.
// CHECK-LABEL: tt.func @causal_mask
// CHECK: %[[OFF:.*]] = arith.constant -14 : i64
// CHECK: %[[M0:.*]] = arith.extsi %arg3 : i32 to i64
// CHECK: arith.addi %[[M0]], %[[OFF]] : i64
// CHECK: %[[HI:.*]] = arith.constant 15 : i64
// CHECK: %[[TOP:.*]] = arith.addi %[[M0]], %[[HI]] : i64
// CHECK: arith.cmpi sle, %[[TOP]], %c2147483647_i64{{.*}} : i64
// CHECK: %[[SPLIT:.*]] = arith.trunci
// CHECK: scf.for %{{.*}} = %c0_i32 to %[[SPLIT]]
// CHECK-NOT: arith.cmpi
// CHECK: tt.dot
// CHECK: scf.yield
// CHECK: scf.for %{{.*}} = %[[SPLIT]] to %arg1
// CHECK-DAG: arith.cmpi slt
// CHECK-DAG: arith.cmpi sge
// CHECK: tt.dot
tt.func @causal_mask(%p: !tt.ptr<f16>, %n: i32, %a: tensor<16x16xf16>, %m0: i32) -> tensor<16x16xf32> {
  %c0 = arith.constant 0 : i32
  %c16 = arith.constant 16 : i32
  %zero = arith.constant dense<0.0> : tensor<16x16xf32>
  %ninf = arith.constant dense<0xFF800000> : tensor<16x16xf32>
  %r = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
  %ms = tt.splat %m0 : i32 -> tensor<16xi32>
  %rows = arith.addi %ms, %r : tensor<16xi32>
  %re = tt.expand_dims %rows {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
  %rb = tt.broadcast %re : tensor<16x1xi32> -> tensor<16x16xi32>
  %ptrs = tt.splat %p : !tt.ptr<f16> -> tensor<16x16x!tt.ptr<f16>>
  %out = scf.for %iv = %c0 to %n step %c16 iter_args(%acc = %zero) -> (tensor<16x16xf32>) : i32 {
    %s = tt.splat %iv : i32 -> tensor<16xi32>
    %cols = arith.addi %s, %r : tensor<16xi32>
    %e = tt.expand_dims %cols {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
    %ns = tt.splat %n : i32 -> tensor<1x16xi32>
    %tail = arith.cmpi slt, %e, %ns : tensor<1x16xi32>
    %tb = tt.broadcast %tail : tensor<1x16xi1> -> tensor<16x16xi1>
    %eb = tt.broadcast %e : tensor<1x16xi32> -> tensor<16x16xi32>
    %diag = arith.cmpi sge, %rb, %eb : tensor<16x16xi32>
    %vis = arith.andi %tb, %diag : tensor<16x16xi1>
    %b = tt.load %ptrs : tensor<16x16x!tt.ptr<f16>>
    %d = tt.dot %a, %b, %zero : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
    %sel = arith.select %vis, %d, %ninf : tensor<16x16xi1>, tensor<16x16xf32>
    %next = arith.addf %acc, %sel : tensor<16x16xf32>
    scf.yield %next : tensor<16x16xf32>
  }
  tt.return %out : tensor<16x16xf32>
}

// -----

// Not split: a loop without a dot (nothing competes with the mask's work there), a bound made
// inside the loop, a step not known to be positive, an unsigned compare, and a nested loop.
// CHECK-LABEL: tt.func @not_split
// CHECK-NOT: arith.trunci
// CHECK-COUNT-6: scf.for
// CHECK-NOT: scf.for
// CHECK: tt.return
tt.func @not_split(%p: !tt.ptr<f16>, %n: i32, %a: tensor<16x16xf16>, %step: i32) -> tensor<16x16xf32> {
  %c0 = arith.constant 0 : i32
  %c16 = arith.constant 16 : i32
  %zero = arith.constant dense<0.0> : tensor<16x16xf32>
  %other = arith.constant dense<0.0> : tensor<16x16xf16>
  %r = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
  %ptrs = tt.splat %p : !tt.ptr<f16> -> tensor<16x16x!tt.ptr<f16>>
  %ns = tt.splat %n : i32 -> tensor<1x16xi32>
  // No dot.
  %l1 = scf.for %iv = %c0 to %n step %c16 iter_args(%acc = %zero) -> (tensor<16x16xf32>) : i32 {
    %s = tt.splat %iv : i32 -> tensor<16xi32>
    %cols = arith.addi %s, %r : tensor<16xi32>
    %e = tt.expand_dims %cols {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
    %m = arith.cmpi slt, %e, %ns : tensor<1x16xi32>
    %mb = tt.broadcast %m : tensor<1x16xi1> -> tensor<16x16xi1>
    %b = tt.load %ptrs, %mb, %other : tensor<16x16x!tt.ptr<f16>>
    %bf = arith.extf %b : tensor<16x16xf16> to tensor<16x16xf32>
    %next = arith.addf %acc, %bf : tensor<16x16xf32>
    scf.yield %next : tensor<16x16xf32>
  }
  // The bound depends on the iteration.
  %l2 = scf.for %iv = %c0 to %n step %c16 iter_args(%acc = %l1) -> (tensor<16x16xf32>) : i32 {
    %s = tt.splat %iv : i32 -> tensor<16xi32>
    %cols = arith.addi %s, %r : tensor<16xi32>
    %e = tt.expand_dims %cols {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
    %lim = arith.addi %iv, %c16 : i32
    %ls = tt.splat %lim : i32 -> tensor<1x16xi32>
    %m = arith.cmpi slt, %e, %ls : tensor<1x16xi32>
    %mb = tt.broadcast %m : tensor<1x16xi1> -> tensor<16x16xi1>
    %b = tt.load %ptrs, %mb, %other : tensor<16x16x!tt.ptr<f16>>
    %d = tt.dot %a, %b, %acc : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
    scf.yield %d : tensor<16x16xf32>
  }
  // A step that is not a positive constant.
  %l3 = scf.for %iv = %c0 to %n step %step iter_args(%acc = %l2) -> (tensor<16x16xf32>) : i32 {
    %s = tt.splat %iv : i32 -> tensor<16xi32>
    %cols = arith.addi %s, %r : tensor<16xi32>
    %e = tt.expand_dims %cols {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
    %m = arith.cmpi slt, %e, %ns : tensor<1x16xi32>
    %mb = tt.broadcast %m : tensor<1x16xi1> -> tensor<16x16xi1>
    %b = tt.load %ptrs, %mb, %other : tensor<16x16x!tt.ptr<f16>>
    %d = tt.dot %a, %b, %acc : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
    scf.yield %d : tensor<16x16xf32>
  }
  // Unsigned: a negative iv would compare as large.
  %l4 = scf.for %iv = %c0 to %n step %c16 iter_args(%acc = %l3) -> (tensor<16x16xf32>) : i32 {
    %s = tt.splat %iv : i32 -> tensor<16xi32>
    %cols = arith.addi %s, %r : tensor<16xi32>
    %e = tt.expand_dims %cols {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
    %m = arith.cmpi ult, %e, %ns : tensor<1x16xi32>
    %mb = tt.broadcast %m : tensor<1x16xi1> -> tensor<16x16xi1>
    %b = tt.load %ptrs, %mb, %other : tensor<16x16x!tt.ptr<f16>>
    %d = tt.dot %a, %b, %acc : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
    scf.yield %d : tensor<16x16xf32>
  }
  // A loop inside: left alone, and so is the inner one (its mask compares the outer iv).
  %l5 = scf.for %iv = %c0 to %n step %c16 iter_args(%acc = %l4) -> (tensor<16x16xf32>) : i32 {
    %s = tt.splat %iv : i32 -> tensor<16xi32>
    %cols = arith.addi %s, %r : tensor<16xi32>
    %e = tt.expand_dims %cols {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
    %m = arith.cmpi slt, %e, %ns : tensor<1x16xi32>
    %mb = tt.broadcast %m : tensor<1x16xi1> -> tensor<16x16xi1>
    %in = scf.for %j = %c0 to %n step %c16 iter_args(%acc2 = %acc) -> (tensor<16x16xf32>) : i32 {
      %b = tt.load %ptrs, %mb, %other : tensor<16x16x!tt.ptr<f16>>
      %d = tt.dot %a, %b, %acc2 : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
      scf.yield %d : tensor<16x16xf32>
    }
    %b = tt.load %ptrs, %mb, %other : tensor<16x16x!tt.ptr<f16>>
    %d = tt.dot %a, %b, %in : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
    scf.yield %d : tensor<16x16xf32>
  }
  tt.return %l5 : tensor<16x16xf32>
}
