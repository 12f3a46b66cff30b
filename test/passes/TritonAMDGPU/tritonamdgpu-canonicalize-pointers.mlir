// RUN: triton-opt %s -split-input-file -tritonamdgpu-canonicalize-pointers -canonicalize | FileCheck %s
// RUN: triton-opt %s -split-input-file -tritonamdgpu-canonicalize-pointers='enable-large-tensor-ptr-canon=true' -canonicalize -verify-diagnostics | FileCheck %s --check-prefix=LARGE

// A root marked tt.pointer_range = 32 stays the base of every rebuilt
// pointer: the two steps (each pid * 1024 + range) are summed into one i32
// offset, the scalar parts as a scalar. The unmarked root is left alone by
// default; under the option its uniform part moves into the scalar base and
// the one i32 tensor step stays i32.
// CHECK-LABEL: tt.func @two_roots
// CHECK: %[[START:.*]] = arith.muli
// CHECK: %[[R:.*]] = tt.make_range
// CHECK: %[[START2:.*]] = arith.addi %[[START]], %[[START]] : i32
// CHECK: %[[R2:.*]] = arith.addi %[[R]], %[[R]] : tensor<256xi32, #blocked>
// CHECK: %[[SPLAT:.*]] = tt.splat %[[START2]] : i32 -> tensor<256xi32, #blocked>
// CHECK: %[[OFF:.*]] = arith.addi %[[SPLAT]], %[[R2]] : tensor<256xi32, #blocked>
// CHECK: %[[XS:.*]] = tt.splat %arg0 : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #blocked>
// CHECK: %[[XP:.*]] = tt.addptr %[[XS]], %[[OFF]]
// CHECK: tt.load %[[XP]]
// CHECK: %[[YS:.*]] = tt.splat %arg1
// CHECK: %[[YP:.*]] = tt.addptr %[[YS]], %{{.*}}
// CHECK: tt.store %[[YP]]
// LARGE-LABEL: tt.func @two_roots
// LARGE: %[[START:.*]] = arith.muli
// LARGE: %[[R:.*]] = tt.make_range
// LARGE: tt.splat %arg0
// LARGE: %[[YB:.*]] = tt.addptr %arg1, %[[START]] : !tt.ptr<f32>, i32
// LARGE: %[[YS:.*]] = tt.splat %[[YB]] : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #blocked>
// LARGE: %[[YP:.*]] = tt.addptr %[[YS]], %[[R]] : tensor<256x!tt.ptr<f32>, #blocked>, tensor<256xi32, #blocked>
// LARGE: tt.store %[[YP]]
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [64], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @two_roots(%x: !tt.ptr<f32> {tt.pointer_range = 32 : i32}, %y: !tt.ptr<f32>) {
    %c256 = arith.constant 256 : i32
    %pid = tt.get_program_id x : i32
    %start = arith.muli %pid, %c256 : i32
    %r = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #blocked>
    %st = tt.splat %start : i32 -> tensor<256xi32, #blocked>
    %offs = arith.addi %st, %r : tensor<256xi32, #blocked>
    %xs = tt.splat %x : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #blocked>
    %xp = tt.addptr %xs, %offs : tensor<256x!tt.ptr<f32>, #blocked>, tensor<256xi32, #blocked>
    %xp2 = tt.addptr %xp, %offs : tensor<256x!tt.ptr<f32>, #blocked>, tensor<256xi32, #blocked>
    %v = tt.load %xp2 : tensor<256x!tt.ptr<f32>, #blocked>
    %ys = tt.splat %y : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #blocked>
    %yp = tt.addptr %ys, %offs : tensor<256x!tt.ptr<f32>, #blocked>, tensor<256xi32, #blocked>
    tt.store %yp, %v : tensor<256x!tt.ptr<f32>, #blocked>
    tt.return
  }
}

// -----

// Two tensor steps on a 64-bit root: the offset is kept in i64 (the
// varying parts are sign-extended and summed), the uniform parts go to the
// base one scalar addptr each.
// LARGE-LABEL: tt.func @wide_offset
// LARGE: %[[R:.*]] = tt.make_range
// LARGE: %[[B1:.*]] = tt.addptr %arg0, %[[S:.*]] : !tt.ptr<f16>, i32
// LARGE: %[[E1:.*]] = arith.extsi %[[R]] : tensor<128xi32> to tensor<128xi64>
// LARGE: %[[B2:.*]] = tt.addptr %[[B1]], %[[S]] : !tt.ptr<f16>, i32
// LARGE: %[[E2:.*]] = arith.extsi %[[R]] : tensor<128xi32> to tensor<128xi64>
// LARGE: %[[SUM:.*]] = arith.addi %[[E2]], %[[E1]] : tensor<128xi64>
// LARGE: %[[P:.*]] = tt.splat %[[B2]] : !tt.ptr<f16> -> tensor<128x!tt.ptr<f16>>
// LARGE: %[[Q:.*]] = tt.addptr %[[P]], %[[SUM]] : tensor<128x!tt.ptr<f16>>, tensor<128xi64>
// LARGE: tt.load %[[Q]]
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @wide_offset(%x: !tt.ptr<f16>, %s: i32) -> tensor<128xf16> {
    %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    %ss = tt.splat %s : i32 -> tensor<128xi32>
    %o = arith.addi %r, %ss : tensor<128xi32>
    %xs = tt.splat %x : !tt.ptr<f16> -> tensor<128x!tt.ptr<f16>>
    %p = tt.addptr %xs, %o : tensor<128x!tt.ptr<f16>>, tensor<128xi32>
    %q = tt.addptr %p, %o : tensor<128x!tt.ptr<f16>>, tensor<128xi32>
    %v = tt.load %q : tensor<128x!tt.ptr<f16>>
    tt.return %v : tensor<128xf16>
  }
}

// -----

// A loop-carried pointer becomes a loop-carried (base, offset) pair. On a
// pointer_range = 32 root the base stays the argument and the loop carries
// the i32 offset (the canonicalizer drops the unchanged base). On a 64-bit
// root the splatted step bumps the scalar base inside the loop and the
// offset, unchanged by the loop, is dropped from it.
// CHECK-LABEL: tt.func @loop
// CHECK: %[[R:.*]] = tt.make_range
// CHECK: scf.for {{.*}} iter_args(%[[OFF:.*]] = %[[R]], %{{.*}} = %{{.*}}) -> (tensor<64xi32>, tensor<64xf32>)
// CHECK:   %[[XS:.*]] = tt.splat %arg0
// CHECK:   %[[XP:.*]] = tt.addptr %[[XS]], %[[OFF]]
// CHECK:   tt.load %[[XP]]
// CHECK:   %[[NEXT:.*]] = arith.addi %[[OFF]], %{{.*}} : tensor<64xi32>
// CHECK:   scf.yield %[[NEXT]], %{{.*}} : tensor<64xi32>, tensor<64xf32>
// LARGE-LABEL: tt.func @loop
// LARGE: scf.for {{.*}} -> (tensor<64xi32>, tensor<64xf32>)
// LARGE-LABEL: tt.func @loop_wide
// LARGE: %[[R:.*]] = tt.make_range
// LARGE: scf.for {{.*}} iter_args(%[[B:.*]] = %arg0, %{{.*}} = %{{.*}}) -> (!tt.ptr<f32>, tensor<64xf32>)
// LARGE:   %[[XS:.*]] = tt.splat %[[B]]
// LARGE:   %[[XP:.*]] = tt.addptr %[[XS]], %[[R]] : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
// LARGE:   tt.load %[[XP]]
// LARGE:   %[[NB:.*]] = tt.addptr %[[B]], %{{.*}} : !tt.ptr<f32>, i32
// LARGE:   scf.yield %[[NB]], %{{.*}} : !tt.ptr<f32>, tensor<64xf32>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @loop(%x: !tt.ptr<f32> {tt.pointer_range = 32 : i32}, %n: i32) -> tensor<64xf32> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %step = arith.constant dense<64> : tensor<64xi32>
    %zero = arith.constant dense<0.0> : tensor<64xf32>
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %xs = tt.splat %x : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
    %xp = tt.addptr %xs, %r : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
    %res:2 = scf.for %i = %c0 to %n step %c1 iter_args(%p = %xp, %acc = %zero) -> (tensor<64x!tt.ptr<f32>>, tensor<64xf32>) : i32 {
      %v = tt.load %p : tensor<64x!tt.ptr<f32>>
      %a = arith.addf %acc, %v : tensor<64xf32>
      %p2 = tt.addptr %p, %step : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
      scf.yield %p2, %a : tensor<64x!tt.ptr<f32>>, tensor<64xf32>
    }
    tt.return %res#1 : tensor<64xf32>
  }
  tt.func @loop_wide(%x: !tt.ptr<f32>, %n: i32) -> tensor<64xf32> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %step = arith.constant dense<64> : tensor<64xi32>
    %zero = arith.constant dense<0.0> : tensor<64xf32>
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %xs = tt.splat %x : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
    %xp = tt.addptr %xs, %r : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
    %res:2 = scf.for %i = %c0 to %n step %c1 iter_args(%p = %xp, %acc = %zero) -> (tensor<64x!tt.ptr<f32>>, tensor<64xf32>) : i32 {
      %v = tt.load %p : tensor<64x!tt.ptr<f32>>
      %a = arith.addf %acc, %v : tensor<64xf32>
      %p2 = tt.addptr %p, %step : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
      scf.yield %p2, %a : tensor<64x!tt.ptr<f32>>, tensor<64xf32>
    }
    tt.return %res#1 : tensor<64xf32>
  }
}

// -----

// scf.if arms yield pairs; the if yields both halves. The then arm's
// uniform part bumps the base, its range doubles the offset (in i64).
// LARGE-LABEL: tt.func @if_arms
// LARGE: %[[IF:.*]]:2 = scf.if %arg2 -> (!tt.ptr<f32>, tensor<32xi64>) {
// LARGE:   %[[T:.*]] = tt.addptr %arg0, %arg1 : !tt.ptr<f32>, i32
// LARGE:   %[[SUM:.*]] = arith.addi %{{.*}}, %{{.*}} : tensor<32xi64>
// LARGE:   scf.yield %[[T]], %[[SUM]] : !tt.ptr<f32>, tensor<32xi64>
// LARGE: } else {
// LARGE:   scf.yield %arg0, %{{.*}} : !tt.ptr<f32>, tensor<32xi64>
// LARGE: }
// LARGE: %[[S:.*]] = tt.splat %[[IF]]#0
// LARGE: %[[P:.*]] = tt.addptr %[[S]], %[[IF]]#1 : tensor<32x!tt.ptr<f32>>, tensor<32xi64>
// LARGE: tt.load %[[P]]
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @if_arms(%x: !tt.ptr<f32>, %k: i32, %c: i1) -> tensor<32xf32> {
    %r = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %xs = tt.splat %x : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>>
    %p = tt.addptr %xs, %r : tensor<32x!tt.ptr<f32>>, tensor<32xi32>
    %q = scf.if %c -> tensor<32x!tt.ptr<f32>> {
      %ks = tt.splat %k : i32 -> tensor<32xi32>
      %o = arith.addi %ks, %r : tensor<32xi32>
      %t = tt.addptr %p, %o : tensor<32x!tt.ptr<f32>>, tensor<32xi32>
      scf.yield %t : tensor<32x!tt.ptr<f32>>
    } else {
      scf.yield %p : tensor<32x!tt.ptr<f32>>
    }
    %v = tt.load %q : tensor<32x!tt.ptr<f32>>
    tt.return %v : tensor<32xf32>
  }
}

// -----

// Pairs through scf.while, arith.select and cf.cond_br: each carries or
// selects base and offset apart (a scalar pointer's offset is its root's
// zero; the canonicalizer drops it from the loop, not from the blocks).
// LARGE-LABEL: tt.func @while_select_branch
// LARGE: %[[W:.*]] = scf.while (%[[A:.*]] = %arg0) : (!tt.ptr<i32>) -> !tt.ptr<i32>
// LARGE:   scf.condition(%{{.*}}) %[[A]] : !tt.ptr<i32>
// LARGE: } do {
// LARGE:   tt.addptr %{{.*}}, %{{.*}} : !tt.ptr<i32>, i32
// LARGE: %[[SEL:.*]] = arith.select %arg2, %[[W]], %arg1 : !tt.ptr<i32>
// LARGE: cf.cond_br %arg2, ^bb1(%[[SEL]], %[[Z:.*]] : !tt.ptr<i32>, i64), ^bb2(%arg1, %[[Z]] : !tt.ptr<i32>, i64)
// LARGE: ^bb1(%[[B1:.*]]: !tt.ptr<i32>, %[[O1:.*]]: i64):
// LARGE:   %[[P1:.*]] = tt.addptr %[[B1]], %[[O1]] : !tt.ptr<i32>, i64
// LARGE:   tt.load %[[P1]] : !tt.ptr<i32>
// LARGE: ^bb2(%[[B2:.*]]: !tt.ptr<i32>, %[[O2:.*]]: i64):
// LARGE:   %[[P2:.*]] = tt.addptr %[[B2]], %[[O2]] : !tt.ptr<i32>, i64
// LARGE:   tt.load %[[P2]] : !tt.ptr<i32>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @while_select_branch(%x: !tt.ptr<i32>, %y: !tt.ptr<i32>, %c: i1) -> i32 {
    %c4 = arith.constant 4 : i32
    %w = scf.while (%a = %x) : (!tt.ptr<i32>) -> !tt.ptr<i32> {
      %v = tt.load %a : !tt.ptr<i32>
      %go = arith.cmpi slt, %v, %c4 : i32
      scf.condition(%go) %a : !tt.ptr<i32>
    } do {
    ^bb0(%b: !tt.ptr<i32>):
      %b2 = tt.addptr %b, %c4 : !tt.ptr<i32>, i32
      scf.yield %b2 : !tt.ptr<i32>
    }
    %s = arith.select %c, %w, %y : !tt.ptr<i32>
    cf.cond_br %c, ^bb1(%s : !tt.ptr<i32>), ^bb2(%y : !tt.ptr<i32>)
  ^bb1(%p: !tt.ptr<i32>):
    %v1 = tt.load %p : !tt.ptr<i32>
    tt.return %v1 : i32
  ^bb2(%q: !tt.ptr<i32>):
    %v2 = tt.load %q : !tt.ptr<i32>
    tt.return %v2 : i32
  }
}

// -----

// A pair meeting a pointer the pass does not follow (the unmarked argument,
// by default) or a pair of the other kind (a 64-bit offset meeting a 32-bit
// one, under the option) would need two types for one loop argument: the
// function is left as it is.
// CHECK-LABEL: tt.func @mixed_loop
// CHECK: scf.for {{.*}} -> (tensor<16x!tt.ptr<f32>>)
// LARGE-LABEL: tt.func @mixed_loop
// LARGE: scf.for {{.*}} -> (tensor<16x!tt.ptr<f32>>)
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @mixed_loop(%x: !tt.ptr<f32> {tt.pointer_range = 32 : i32}, %y: !tt.ptr<f32>, %n: i32) -> tensor<16xf32> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %r = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %xs = tt.splat %x : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
    %ys = tt.splat %y : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
    // expected-remark@+1 {{skipping canonicalize-pointers: pointers of the function's arguments meet other pointers here}}
    %p = scf.for %i = %c0 to %n step %c1 iter_args(%q = %ys) -> tensor<16x!tt.ptr<f32>> : i32 {
      %a = tt.addptr %xs, %r : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
      scf.yield %a : tensor<16x!tt.ptr<f32>>
    }
    %v = tt.load %p : tensor<16x!tt.ptr<f32>>
    tt.return %v : tensor<16xf32>
  }
}

// -----

// A pointer the pass cannot split (a tt.reshape of one) is rebuilt first;
// a returned pointer is rebuilt too.
// LARGE-LABEL: tt.func @rebuilt
// LARGE: %[[R:.*]] = tt.make_range
// LARGE: %[[S:.*]] = tt.splat %arg0
// LARGE: %[[P:.*]] = tt.addptr %[[S]], %[[R]]
// LARGE: %[[T:.*]] = tt.reshape %[[P]]
// LARGE: tt.load %[[T]]
// LARGE: %[[S2:.*]] = tt.splat %arg0
// LARGE: %[[P2:.*]] = tt.addptr %[[S2]], %[[R]]
// LARGE: tt.return %{{.*}}, %[[P2]]
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @rebuilt(%x: !tt.ptr<f32>) -> (tensor<4x4xf32>, tensor<16x!tt.ptr<f32>>) {
    %r = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %xs = tt.splat %x : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
    %a = tt.addptr %xs, %r : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
    %t = tt.reshape %a : tensor<16x!tt.ptr<f32>> -> tensor<4x4x!tt.ptr<f32>>
    %w = tt.load %t : tensor<4x4x!tt.ptr<f32>>
    tt.return %w, %a : tensor<4x4xf32>, tensor<16x!tt.ptr<f32>>
  }
}

// -----

// A poisoned pointer has no base: the function is skipped.
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @poisoned(%x: !tt.ptr<f32>, %c: i1) -> f32 {
    // expected-remark@+1 {{skipping canonicalize-pointers due to ub.poison}}
    %u = ub.poison : !tt.ptr<f32>
    %p = arith.select %c, %x, %u : !tt.ptr<f32>
    %v = tt.load %p : !tt.ptr<f32>
    tt.return %v : f32
  }
}

// -----

// A pointer argument nothing uses.
module attributes {"ttg.num-warps" = 4 : i32} {
  // expected-remark@+1 {{expected at least 1 use of unrealized_cast}}
  tt.func @unused(%x: !tt.ptr<f32>) {
    tt.return
  }
}
