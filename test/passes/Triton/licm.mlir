// RUN: triton-opt %s -split-input-file -triton-licm | FileCheck %s

// An invariant load in a loop that writes no memory is hoisted, masked by
// "the loop runs at least once".
// CHECK-LABEL: tt.func @hoist_load
tt.func @hoist_load(%p: tensor<64x!tt.ptr<f32>>, %lb: i32, %ub: i32) -> tensor<64xf32> {
  // CHECK: %[[RUNS:.*]] = arith.cmpi slt, %arg1, %arg2 : i32
  // CHECK: %[[M:.*]] = tt.splat %[[RUNS]] : i1 -> tensor<64xi1>
  // CHECK: %[[V:.*]] = tt.load %arg0, %[[M]] : tensor<64x!tt.ptr<f32>>
  // CHECK: %[[E:.*]] = math.exp %[[V]]
  // CHECK: scf.for
  // CHECK-NOT: tt.load
  // CHECK: arith.addf %{{.*}}, %[[E]]
  %c1 = arith.constant 1 : i32
  %zero = arith.constant dense<0.0> : tensor<64xf32>
  %r = scf.for %i = %lb to %ub step %c1 iter_args(%acc = %zero) -> (tensor<64xf32>) : i32 {
    %v = tt.load %p : tensor<64x!tt.ptr<f32>>
    %e = math.exp %v : tensor<64xf32>
    %s = arith.addf %acc, %e : tensor<64xf32>
    scf.yield %s : tensor<64xf32>
  }
  tt.return %r : tensor<64xf32>
}

// -----

// A masked load keeps its mask, and-ed with the guard.
// CHECK-LABEL: tt.func @hoist_masked_load
tt.func @hoist_masked_load(%p: tensor<8x!tt.ptr<f32>>, %m: tensor<8xi1>, %n: i32) -> tensor<8xf32> {
  // CHECK: %[[RUNS:.*]] = arith.cmpi slt
  // CHECK: %[[G:.*]] = tt.splat %[[RUNS]]
  // CHECK: %[[M:.*]] = arith.andi %[[G]], %arg1 : tensor<8xi1>
  // CHECK: tt.load %arg0, %[[M]]
  // CHECK: scf.for
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant dense<0.0> : tensor<8xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<8xf32>) : i32 {
    %v = tt.load %p, %m : tensor<8x!tt.ptr<f32>>
    %s = arith.addf %acc, %v : tensor<8xf32>
    scf.yield %s : tensor<8xf32>
  }
  tt.return %r : tensor<8xf32>
}

// -----

// A loop that stores may change what the load reads: the load stays.
// CHECK-LABEL: tt.func @store_in_loop
tt.func @store_in_loop(%p: tensor<8x!tt.ptr<f32>>, %n: i32) {
  // CHECK: scf.for
  // CHECK: tt.load
  // CHECK: tt.store
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  scf.for %i = %c0 to %n step %c1 : i32 {
    %v = tt.load %p : tensor<8x!tt.ptr<f32>>
    %w = arith.addf %v, %v : tensor<8xf32>
    tt.store %p, %w : tensor<8x!tt.ptr<f32>>
  }
  tt.return
}

// -----

// Loads whose pointers change with the loop, and volatile loads, stay.
// CHECK-LABEL: tt.func @variant_and_volatile
tt.func @variant_and_volatile(%p: !tt.ptr<f32>, %n: i32) -> f32 {
  // CHECK: scf.for
  // CHECK: tt.addptr
  // CHECK: tt.load %{{.*}} : !tt.ptr<f32>
  // CHECK: tt.load %arg0 {isVolatile = true}
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant 0.0 : f32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f32) : i32 {
    %q = tt.addptr %p, %i : !tt.ptr<f32>, i32
    %v = tt.load %q : !tt.ptr<f32>
    %w = tt.load %p {isVolatile = true} : !tt.ptr<f32>
    %s = arith.addf %acc, %v : f32
    %t = arith.addf %s, %w : f32
    scf.yield %t : f32
  }
  tt.return %r : f32
}

// -----

// Plain loop-invariant code moves as with MLIR's LICM.
// CHECK-LABEL: tt.func @invariant_arith
tt.func @invariant_arith(%x: i32, %n: i32, %p: !tt.ptr<i32>) {
  // CHECK: %[[M:.*]] = arith.muli %arg0, %arg0 : i32
  // CHECK: scf.for
  // CHECK: tt.store %arg2, %[[M]]
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  scf.for %i = %c0 to %n step %c1 : i32 {
    %m = arith.muli %x, %x : i32
    tt.store %p, %m : !tt.ptr<i32>
  }
  tt.return
}

// -----

// Two hoisted loads: each gets its own guard, written next to it.
// CHECK-LABEL: tt.func @hoist_two_loads
tt.func @hoist_two_loads(%p: tensor<16x!tt.ptr<f16>>, %q: tensor<16x!tt.ptr<f16>>, %lb: i32, %ub: i32) -> tensor<16xf16> {
  // CHECK: %[[R1:.*]] = arith.cmpi slt, %arg2, %arg3 : i32
  // CHECK: %[[G1:.*]] = tt.splat %[[R1]]
  // CHECK: %[[A:.*]] = tt.load %arg0, %[[G1]]
  // CHECK: %[[R2:.*]] = arith.cmpi slt, %arg2, %arg3 : i32
  // CHECK: %[[G2:.*]] = tt.splat %[[R2]]
  // CHECK: %[[B:.*]] = tt.load %arg1, %[[G2]]
  // CHECK: arith.mulf %[[A]], %[[B]]
  // CHECK: scf.for
  // CHECK-NOT: tt.load
  %c2 = arith.constant 2 : i32
  %zero = arith.constant dense<0.0> : tensor<16xf16>
  %r = scf.for %i = %lb to %ub step %c2 iter_args(%acc = %zero) -> (tensor<16xf16>) : i32 {
    %a = tt.load %p : tensor<16x!tt.ptr<f16>>
    %b = tt.load %q : tensor<16x!tt.ptr<f16>>
    %m = arith.mulf %a, %b : tensor<16xf16>
    %s = arith.addf %acc, %m : tensor<16xf16>
    scf.yield %s : tensor<16xf16>
  }
  tt.return %r : tensor<16xf16>
}

// -----

// A block pointer's load is guarded the same way, by a mask over its block;
// its boundary check and padding stay.
// CHECK-LABEL: tt.func @block_pointer_load_hoisted
tt.func @block_pointer_load_hoisted(%p: !tt.ptr<tensor<32xf32>>, %n: i32) -> tensor<32xf32> {
  // CHECK: %[[RUNS:.*]] = arith.cmpi slt, %{{.*}}, %arg1 : i32
  // CHECK: %[[M:.*]] = tt.splat %[[RUNS]] : i1 -> tensor<32xi1>
  // CHECK: %[[V:.*]] = tt.load %arg0, %[[M]] {boundaryCheck = array<i32: 0>, padding = 1 : i32} : !tt.ptr<tensor<32xf32>>
  // CHECK: scf.for
  // CHECK-NOT: tt.load
  // CHECK: arith.addf %{{.*}}, %[[V]]
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant dense<0.0> : tensor<32xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<32xf32>) : i32 {
    %v = tt.load %p {boundaryCheck = array<i32: 0>, padding = 1 : i32} : !tt.ptr<tensor<32xf32>>
    %s = arith.addf %acc, %v : tensor<32xf32>
    scf.yield %s : tensor<32xf32>
  }
  tt.return %r : tensor<32xf32>
}
