// RUN: triton-opt %s -split-input-file -tritongpu-fuse-nested-loops -canonicalize | FileCheck %s

// A tt.flatten nest whose inner length is unknown: a copy of the nest
// without the inner loop runs when that length is 0; otherwise one loop of
// len(outer) * max(1, len(inner)) iterations, the outer step taken under
// T == 0, the inner body unguarded (it runs every fused iteration), the code
// after the inner loop under T == inner_len - 1, where the accumulator
// restarts from its initial value.
// CHECK-LABEL: @row_sums
// CHECK-SAME: (%[[X:.*]]: !tt.ptr<f32>, %[[OUT:.*]]: !tt.ptr<f32>, %[[ROWS:.*]]: i32, %[[K:.*]]: i32)
// CHECK-DAG: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<16xf32>
// CHECK-DAG: %[[PID:.*]] = tt.get_program_id x
// CHECK-DAG: %[[NPROG:.*]] = tt.get_num_programs x
// CHECK: %[[LEN:.*]] = arith.ceildivsi %[[K]], %c16_i32 : i32
// CHECK: %[[EMPTY:.*]] = arith.cmpi eq, %[[LEN]], %c0_i32 : i32
// CHECK: scf.if %[[EMPTY]] {
// CHECK:   scf.for %[[ROW0:.*]] = %[[PID]] to %[[ROWS]] step %[[NPROG]]
// CHECK-NOT: tt.load
// CHECK:     tt.store
// CHECK:   } {tt.flatten}
// CHECK: } else {
// CHECK:   %[[NROWS:.*]] = arith.ceildivsi %{{.*}}, %[[NPROG]] : i32
// CHECK:   %[[INNER:.*]] = arith.maxsi %{{.*}}, %c1_i32 : i32
// CHECK:   %[[TOTAL:.*]] = arith.muli %[[NROWS]], %[[INNER]] : i32
// CHECK:   %[[I0:.*]] = arith.subi %[[PID]], %[[NPROG]] : i32
// CHECK:   scf.for %{{.*}} = %c0_i32 to %[[TOTAL]] step %c1_i32 iter_args(%[[T:.*]] = %c0_i32, %[[I:.*]] = %[[I0]], %[[J:.*]] = %c0_i32, %[[ACC:.*]] = %[[ZERO]], %{{.*}} = %c0_i32)
// CHECK:     %[[FIRST:.*]] = arith.cmpi eq, %[[T]], %c0_i32 : i32
// CHECK:     scf.if %[[FIRST]] -> (i32, i32) {
// CHECK:       %[[NEXTI:.*]] = arith.addi %[[I]], %[[NPROG]] : i32
// CHECK:     tt.load
// CHECK:     %[[SUM:.*]] = arith.addf %[[ACC]], %{{.*}} : tensor<16xf32>
// CHECK:     %[[LAST:.*]] = arith.cmpi eq, %[[T]], %{{.*}} : i32
// CHECK:     arith.select %[[LAST]], %[[ZERO]], %[[SUM]] : tensor<16xf32>
// CHECK:     scf.if %[[LAST]] {
// CHECK:       "tt.reduce"(%[[SUM]])
// CHECK:       tt.store
// CHECK:     }
// CHECK:     scf.yield
// CHECK-NOT: tt.flatten
tt.func public @row_sums(%x: !tt.ptr<f32>, %out: !tt.ptr<f32>, %rows: i32, %K: i32) {
  %c0 = arith.constant 0 : i32
  %c16 = arith.constant 16 : i32
  %zero = arith.constant dense<0.000000e+00> : tensor<16xf32>
  %pid = tt.get_program_id x : i32
  %nprog = tt.get_num_programs x : i32
  %range = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
  %p = tt.splat %x : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
  scf.for %row = %pid to %rows step %nprog : i32 {
    %base = arith.muli %row, %K : i32
    %acc = scf.for %k = %c0 to %K step %c16 iter_args(%a = %zero) -> (tensor<16xf32>) : i32 {
      %off = arith.addi %base, %k : i32
      %offs = tt.splat %off : i32 -> tensor<16xi32>
      %idx = arith.addi %offs, %range : tensor<16xi32>
      %ptrs = tt.addptr %p, %idx : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
      %v = tt.load %ptrs : tensor<16x!tt.ptr<f32>>
      %s = arith.addf %a, %v : tensor<16xf32>
      scf.yield %s : tensor<16xf32>
    }
    %sum = "tt.reduce"(%acc) <{axis = 0 : i32}> ({
    ^bb0(%l: f32, %r: f32):
      %t = arith.addf %l, %r : f32
      tt.reduce.return %t : f32
    }) : (tensor<16xf32>) -> f32
    %o = tt.addptr %out, %row : !tt.ptr<f32>, i32
    tt.store %o, %sum : !tt.ptr<f32>
  } {tt.flatten}
  tt.return
}

// -----

// An assumption that the inner loop runs (ub > lb) spares the copy; the
// fused loop takes the nest's largest tt.num_stages.
// CHECK-LABEL: @assumed
// CHECK-NOT: scf.if %{{.*}} {
// CHECK: scf.for
// CHECK-NOT: scf.for
// CHECK: tt.load
// CHECK: } {tt.num_stages = 4 : i32}
tt.func public @assumed(%p: !tt.ptr<f32>, %out: !tt.ptr<f32>, %n: i32, %K: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %f0 = arith.constant 0.000000e+00 : f32
  %runs = arith.cmpi sgt, %K, %c0 : i32
  llvm.intr.assume %runs : i1
  scf.for %i = %c0 to %n step %c1 : i32 {
    %s = scf.for %k = %c0 to %K step %c1 iter_args(%a = %f0) -> (f32) : i32 {
      %q = tt.addptr %p, %k : !tt.ptr<f32>, i32
      %v = tt.load %q : !tt.ptr<f32>
      %b = arith.addf %a, %v : f32
      scf.yield %b : f32
    } {tt.num_stages = 4 : i32}
    %o = tt.addptr %out, %i : !tt.ptr<f32>, i32
    tt.store %o, %s : !tt.ptr<f32>
  } {tt.flatten}
  tt.return
}

// -----

// Not fused: a nest without tt.flatten, and a tt.flatten nest with two inner
// loops (only one outer and one inner loop are flattened unless the nest is
// marked ttg.always-fuse).
// CHECK-LABEL: @left_alone
// CHECK: scf.for
// CHECK: scf.for
// CHECK: scf.for
// CHECK: scf.for
// CHECK: scf.for
tt.func public @left_alone(%p: !tt.ptr<f32>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %f1 = arith.constant 1.000000e+00 : f32
  scf.for %i = %c0 to %n step %c1 : i32 {
    scf.for %k = %c0 to %n step %c1 : i32 {
      %q = tt.addptr %p, %k : !tt.ptr<f32>, i32
      tt.store %q, %f1 : !tt.ptr<f32>
    }
  }
  scf.for %i = %c0 to %n step %c1 : i32 {
    scf.for %k = %c0 to %n step %c1 : i32 {
      %q = tt.addptr %p, %k : !tt.ptr<f32>, i32
      tt.store %q, %f1 : !tt.ptr<f32>
    }
    scf.for %k = %c0 to %n step %c1 : i32 {
      %q = tt.addptr %p, %i : !tt.ptr<f32>, i32
      tt.store %q, %f1 : !tt.ptr<f32>
    }
  } {tt.flatten}
  tt.return
}

// -----

// Loops comparing their bounds unsigned keep their nest (the lengths are
// signed divisions).
// CHECK-LABEL: @unsigned_bounds
// CHECK: scf.for unsigned
// CHECK: scf.for unsigned
tt.func public @unsigned_bounds(%p: !tt.ptr<f32>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %f1 = arith.constant 1.000000e+00 : f32
  scf.for unsigned %i = %c0 to %n step %c1 : i32 {
    scf.for unsigned %k = %c0 to %n step %c1 : i32 {
      %q = tt.addptr %p, %k : !tt.ptr<f32>, i32
      tt.store %q, %f1 : !tt.ptr<f32>
    }
  } {tt.flatten}
  tt.return
}
