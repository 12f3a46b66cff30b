// RUN: triton-opt %s -split-input-file -tritongpu-coalesce | FileCheck %s

// 16-byte aligned, contiguous f32: four per thread (128 bits).
// CHECK-DAG: #[[ONE:.*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-DAG: #[[FOUR:.*]] = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func public @vector
  tt.func public @vector(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32 {tt.divisibility = 16 : i32}) {
    %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
    %ns = tt.splat %n : i32 -> tensor<1024xi32, #blocked>
    %m = arith.cmpi slt, %r, %ns : tensor<1024xi32, #blocked>
    %xs = tt.splat %x : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
    %p = tt.addptr %xs, %r : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    // CHECK: %[[P:.*]] = ttg.convert_layout %{{.*}} : tensor<1024x!tt.ptr<f32>, #[[ONE]]> -> tensor<1024x!tt.ptr<f32>, #[[FOUR]]>
    // CHECK: %[[M:.*]] = ttg.convert_layout %{{.*}} : tensor<1024xi1, #[[ONE]]> -> tensor<1024xi1, #[[FOUR]]>
    // CHECK: %[[V:.*]] = tt.load %[[P]], %[[M]] : tensor<1024x!tt.ptr<f32>, #[[FOUR]]>
    // CHECK: %[[B:.*]] = ttg.convert_layout %[[V]] : tensor<1024xf32, #[[FOUR]]> -> tensor<1024xf32, #[[ONE]]>
    %v = tt.load %p, %m : tensor<1024x!tt.ptr<f32>, #blocked>
    // CHECK: %[[W:.*]] = arith.addf %[[B]], %[[B]]
    %w = arith.addf %v, %v : tensor<1024xf32, #blocked>
    // CHECK: %[[WC:.*]] = ttg.convert_layout %[[W]] : tensor<1024xf32, #[[ONE]]> -> tensor<1024xf32, #[[FOUR]]>
    // CHECK: tt.store %{{.*}}, %[[WC]], %{{.*}} : tensor<1024x!tt.ptr<f32>, #[[FOUR]]>
    tt.store %p, %w, %m : tensor<1024x!tt.ptr<f32>, #blocked>
    tt.return
  }
}

// -----

// A 2-D f16 tile, contiguous along its rows: eight per thread along dim 1,
// the lanes spread first along it.
// CHECK-DAG: #[[TILE:.*]] = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func public @tile
  tt.func public @tile(%a: tensor<64x32x!tt.ptr<f16>, #blocked> {tt.divisibility = dense<[2, 16]> : tensor<2xi32>, tt.contiguity = dense<[1, 32]> : tensor<2xi32>}) -> tensor<64x32xf16, #blocked> {
    // CHECK: tt.load %{{.*}} : tensor<64x32x!tt.ptr<f16>, #[[TILE]]>
    %v = tt.load %a : tensor<64x32x!tt.ptr<f16>, #blocked>
    tt.return %v : tensor<64x32xf16, #blocked>
  }
}

// -----

// Nothing known about alignment or contiguity: one element per thread.
// CHECK-NOT: sizePerThread = [2]
// CHECK-NOT: sizePerThread = [4]
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func public @unknown
  tt.func public @unknown(%p: tensor<256x!tt.ptr<f32>, #blocked>) -> tensor<256xf32, #blocked> {
    // The layout it already has: the pointers pass through a convert_layout
    // that changes nothing (later passes fold it).
    // CHECK: %[[P:.*]] = ttg.convert_layout %arg0 : tensor<256x!tt.ptr<f32>, #blocked> -> tensor<256x!tt.ptr<f32>, #blocked>
    // CHECK-NEXT: tt.load %[[P]] : tensor<256x!tt.ptr<f32>, #blocked>
    // CHECK-NOT: ttg.convert_layout
    %v = tt.load %p : tensor<256x!tt.ptr<f32>, #blocked>
    tt.return %v : tensor<256xf32, #blocked>
  }
}

// -----

// A small tensor: no thread takes more than its share (64 elements over 128
// threads is one each).
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func public @small
  tt.func public @small(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}) -> tensor<64xf32, #blocked> {
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #blocked>
    %xs = tt.splat %x : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>, #blocked>
    %p = tt.addptr %xs, %r : tensor<64x!tt.ptr<f32>, #blocked>, tensor<64xi32, #blocked>
    // CHECK: tt.load %{{.*}} : tensor<64x!tt.ptr<f32>, #blocked>
    %v = tt.load %p : tensor<64x!tt.ptr<f32>, #blocked>
    tt.return %v : tensor<64xf32, #blocked>
  }
}

// -----

// A gather (indices loaded from memory: no contiguity) takes the widest
// vector of the accesses connected to it with its shape and order, here the
// aligned index load's four; a contiguous store stays at its own width.
// CHECK-DAG: #[[G1:.*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-DAG: #[[G4:.*]] = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func public @gather
  tt.func public @gather(%idx: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %table: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %out: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
    %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
    %ip = tt.splat %idx : !tt.ptr<i32> -> tensor<1024x!tt.ptr<i32>, #blocked>
    %ips = tt.addptr %ip, %r : tensor<1024x!tt.ptr<i32>, #blocked>, tensor<1024xi32, #blocked>
    // CHECK: tt.load %{{.*}} : tensor<1024x!tt.ptr<i32>, #[[G4]]>
    %i = tt.load %ips : tensor<1024x!tt.ptr<i32>, #blocked>
    %tp = tt.splat %table : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
    %tps = tt.addptr %tp, %i : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    // CHECK: tt.load %{{.*}} : tensor<1024x!tt.ptr<f32>, #[[G4]]>
    %v = tt.load %tps : tensor<1024x!tt.ptr<f32>, #blocked>
    %op = tt.splat %out : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
    %ops = tt.addptr %op, %r : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    // CHECK: tt.store %{{.*}}, %{{.*}} : tensor<1024x!tt.ptr<f32>, #[[G4]]>
    tt.store %ops, %v : tensor<1024x!tt.ptr<f32>, #blocked>
    tt.return
  }
}

// -----

// A gather alone keeps one element per thread.
// CHECK-LABEL: tt.func public @gather_alone
// CHECK: tt.load %{{.*}} : tensor<1024x!tt.ptr<f32>, #{{.*}}>
// CHECK-NOT: ttg.convert_layout
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @gather_alone(%table: !tt.ptr<f32>, %i: tensor<1024xi32, #blocked>) -> tensor<1024xf32, #blocked> {
    %tp = tt.splat %table : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
    %tps = tt.addptr %tp, %i : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    %v = tt.load %tps : tensor<1024x!tt.ptr<f32>, #blocked>
    tt.return %v : tensor<1024xf32, #blocked>
  }
}

// -----

// A load takes the widest vector of the accesses connected to it: an fp16
// row (eight elements in 16 bytes) quantized to fp8 and stored sixteen a
// thread is read sixteen a thread, two vectors, with no conversion between.
// CHECK-DAG: #[[Q16:.*]] = #ttg.blocked<{sizePerThread = [16], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]}>
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func public @widened_to_store
  tt.func public @widened_to_store(%x: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %q: !tt.ptr<f8E4M3FN> {tt.divisibility = 16 : i32}) {
    %r = tt.make_range {end = 4096 : i32, start = 0 : i32} : tensor<4096xi32, #blocked>
    %xp = tt.splat %x : !tt.ptr<f16> -> tensor<4096x!tt.ptr<f16>, #blocked>
    %xs = tt.addptr %xp, %r : tensor<4096x!tt.ptr<f16>, #blocked>, tensor<4096xi32, #blocked>
    // CHECK: tt.load %{{.*}} : tensor<4096x!tt.ptr<f16>, #[[Q16]]>
    %v = tt.load %xs : tensor<4096x!tt.ptr<f16>, #blocked>
    %f = tt.fp_to_fp %v, rounding = rtne : tensor<4096xf16, #blocked> -> tensor<4096xf8E4M3FN, #blocked>
    %qp = tt.splat %q : !tt.ptr<f8E4M3FN> -> tensor<4096x!tt.ptr<f8E4M3FN>, #blocked>
    %qs = tt.addptr %qp, %r : tensor<4096x!tt.ptr<f8E4M3FN>, #blocked>, tensor<4096xi32, #blocked>
    // CHECK: tt.store %{{.*}}, %{{.*}} : tensor<4096x!tt.ptr<f8E4M3FN>, #[[Q16]]>
    tt.store %qs, %f : tensor<4096x!tt.ptr<f8E4M3FN>, #blocked>
    tt.return
  }
}

// -----

// The exception: a contiguous load that cannot move its own 16 bytes (a row
// at an offset of unknown alignment) keeps one element a thread beside the
// aligned weight row's four, as the row it feeds is stored unaligned too;
// widened, its scalar loads would spread apart and convert before the store.
// CHECK-DAG: #[[U1:.*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]}>
// CHECK-DAG: #[[U4:.*]] = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]}>
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func public @unaligned_row
  tt.func public @unaligned_row(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %w: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %dx: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %row: i32) {
    %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
    %xrow = tt.addptr %x, %row : !tt.ptr<f32>, i32
    %xp = tt.splat %xrow : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
    %xs = tt.addptr %xp, %r : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    // CHECK: tt.load %{{.*}} : tensor<1024x!tt.ptr<f32>, #[[U1]]>
    %xv = tt.load %xs : tensor<1024x!tt.ptr<f32>, #blocked>
    %wp = tt.splat %w : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
    %ws = tt.addptr %wp, %r : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    // CHECK: tt.load %{{.*}} : tensor<1024x!tt.ptr<f32>, #[[U4]]>
    %wv = tt.load %ws : tensor<1024x!tt.ptr<f32>, #blocked>
    %p = arith.mulf %xv, %wv : tensor<1024xf32, #blocked>
    %dxrow = tt.addptr %dx, %row : !tt.ptr<f32>, i32
    %dxp = tt.splat %dxrow : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
    %dxs = tt.addptr %dxp, %r : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    // CHECK: tt.store %{{.*}}, %{{.*}} : tensor<1024x!tt.ptr<f32>, #[[U1]]>
    tt.store %dxs, %p : tensor<1024x!tt.ptr<f32>, #blocked>
    tt.return
  }
}

// -----

// A causal convolution's tap at t - 3 is unaligned, but everything it feeds
// is stored aligned: it widens to the store's four, as in 3.6, so that no
// conversion is left once remove-layout-conversions has run.
// CHECK-LABEL: tt.func public @shifted_tap
// CHECK: tt.load %{{.*}} : tensor<1024x!tt.ptr<f32>, #[[T4:.*]]>
// CHECK: tt.load %{{.*}} : tensor<1024x!tt.ptr<f32>, #[[T4]]>
// CHECK: tt.store %{{.*}}, %{{.*}} : tensor<1024x!tt.ptr<f32>, #[[T4]]>
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @shifted_tap(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %y: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
    %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
    %c3 = arith.constant dense<3> : tensor<1024xi32, #blocked>
    %t = arith.subi %r, %c3 : tensor<1024xi32, #blocked>
    %xp = tt.splat %x : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
    %shifted = tt.addptr %xp, %t : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    %a = tt.load %shifted : tensor<1024x!tt.ptr<f32>, #blocked>
    %here = tt.addptr %xp, %r : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    %b = tt.load %here : tensor<1024x!tt.ptr<f32>, #blocked>
    %s = arith.addf %a, %b : tensor<1024xf32, #blocked>
    %yp = tt.splat %y : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
    %ys = tt.addptr %yp, %r : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    tt.store %ys, %s : tensor<1024x!tt.ptr<f32>, #blocked>
    tt.return
  }
}

// -----

// A descriptor store writes its block in 16-byte rows (here one element a
// thread, the block being small): its value moves there through a
// convert_layout, one that changes nothing when the value already is there.
// CHECK-DAG: #[[$D:.*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func public @descriptor_store_in_place
  tt.func public @descriptor_store_in_place(%d: !tt.tensordesc<tensor<2x64xf16>>, %v: tensor<2x64xf16, #blocked>) {
    %c0 = arith.constant 0 : i32
    // CHECK: %[[V:.*]] = ttg.convert_layout %arg1 : tensor<2x64xf16, #[[$D]]> -> tensor<2x64xf16, #[[$D]]>
    // CHECK: tt.descriptor_store %arg0[%{{.*}}, %{{.*}}], %[[V]]
    tt.descriptor_store %d[%c0, %c0], %v : !tt.tensordesc<tensor<2x64xf16>>, tensor<2x64xf16, #blocked>
    tt.return
  }
}

// -----

// A pointer chosen between poison and an aligned contiguous row is that row
// as far as coalescing goes: the load still moves four f32 at once.
// CHECK-DAG: #[[POISON4:.*]] = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func public @poison_or_row
  tt.func public @poison_or_row(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %c: i1) -> tensor<1024xf32, #blocked> {
    %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
    %xs = tt.splat %x : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
    %row = tt.addptr %xs, %r : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    %u = ub.poison : tensor<1024x!tt.ptr<f32>, #blocked>
    %p = scf.if %c -> tensor<1024x!tt.ptr<f32>, #blocked> {
      scf.yield %row : tensor<1024x!tt.ptr<f32>, #blocked>
    } else {
      scf.yield %u : tensor<1024x!tt.ptr<f32>, #blocked>
    }
    // CHECK: tt.load %{{.*}} : tensor<1024x!tt.ptr<f32>, #[[POISON4]]>
    %v = tt.load %p : tensor<1024x!tt.ptr<f32>, #blocked>
    tt.return %v : tensor<1024xf32, #blocked>
  }
}
