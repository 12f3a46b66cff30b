// RUN: triton-opt %s -split-input-file -tritonamdgpu-convert-buffer-ops | FileCheck %s
// RUN: triton-opt %s -split-input-file -tritonamdgpu-convert-buffer-ops='gfx-arch=gfx1100' | FileCheck %s --check-prefix=OTHER
// RUN: triton-opt %s -split-input-file -tritonamdgpu-convert-buffer-ops='analyze-small-tensor-ofst=true' | FileCheck %s --check-prefix=ANALYZE
// RUN: triton-opt %s -split-input-file -tritonamdgpu-convert-buffer-ops='gfx-arch=gfx90a' | FileCheck %s --check-prefix=GFX90A
// RUN: triton-opt %s -split-input-file -tritonamdgpu-convert-buffer-ops='allow-buffer-atomics=false' | FileCheck %s --check-prefix=NORMW

// Softmax's row: a scalar base plus tt.make_range offsets becomes a buffer
// load (mask and other kept) and a buffer store; the cache modifier stays.
// CHECK-LABEL: tt.func @row
// CHECK: %[[COLS:.*]] = tt.make_range
// CHECK: %[[X:.*]] = amdg.buffer_load %{{.*}}[%[[COLS]]], %{{.*}}, %{{.*}} cacheModifier = cg : tensor<1024xf32, #blocked>
// CHECK: amdg.buffer_store %[[X]], %{{.*}}[%[[COLS]]], %{{.*}} : tensor<1024xf32, #blocked>
// CHECK-NOT: tt.load
// CHECK-NOT: tt.store
// OTHER-LABEL: tt.func @row
// OTHER-NOT: amdg.buffer
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [64], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @row(%in: !tt.ptr<f32>, %out: !tt.ptr<f32>, %stride: i32, %n: i32) {
    %other = arith.constant dense<0xFF800000> : tensor<1024xf32, #blocked>
    %row = tt.get_program_id x : i32
    %cols = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
    %nn = tt.splat %n : i32 -> tensor<1024xi32, #blocked>
    %m = arith.cmpi slt, %cols, %nn : tensor<1024xi32, #blocked>
    %start = arith.muli %row, %stride : i32
    %base = tt.addptr %in, %start : !tt.ptr<f32>, i32
    %s = tt.splat %base : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
    %p = tt.addptr %s, %cols : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    %x = tt.load %p, %m, %other cacheModifier = cg : tensor<1024x!tt.ptr<f32>, #blocked>
    %o = tt.splat %out : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
    %q = tt.addptr %o, %cols : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    tt.store %q, %x, %m : tensor<1024x!tt.ptr<f32>, #blocked>
    tt.return
  }
}

// -----

// Offsets bounded through arith: program id * 4 + a 2-D range (row * 64 +
// col), a remainder by a positive constant, and a loop's induction variable
// stay in [0, 2^31) and are converted.
// CHECK-LABEL: tt.func @bounded
// CHECK: amdg.buffer_load %arg0[%{{.*}}] : tensor<16x64xf16, #blocked>
// CHECK: scf.for
// CHECK: amdg.buffer_load %arg0[%{{.*}}] : tensor<16x64xf16, #blocked>
// CHECK: amdg.buffer_store
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 64], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @bounded(%a: !tt.ptr<f16>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c8 = arith.constant 8 : i32
    %c64 = arith.constant dense<64> : tensor<16x1xi32, #blocked>
    %c7 = arith.constant dense<7> : tensor<16x64xi32, #blocked>
    %rows = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %cols = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %r = tt.expand_dims %rows {axis = 1 : i32} : tensor<16xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<16x1xi32, #blocked>
    %c = tt.expand_dims %cols {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x64xi32, #blocked>
    %rs = arith.muli %r, %c64 : tensor<16x1xi32, #blocked>
    %rb = tt.broadcast %rs : tensor<16x1xi32, #blocked> -> tensor<16x64xi32, #blocked>
    %cb = tt.broadcast %c : tensor<1x64xi32, #blocked> -> tensor<16x64xi32, #blocked>
    %off = arith.addi %rb, %cb : tensor<16x64xi32, #blocked>
    %pid = tt.get_program_id x : i32
    %pid4 = arith.remsi %pid, %c8 : i32
    %ps = tt.splat %pid4 : i32 -> tensor<16x64xi32, #blocked>
    %off2 = arith.addi %off, %ps : tensor<16x64xi32, #blocked>
    %base = tt.splat %a : !tt.ptr<f16> -> tensor<16x64x!tt.ptr<f16>, #blocked>
    %p = tt.addptr %base, %off2 : tensor<16x64x!tt.ptr<f16>, #blocked>, tensor<16x64xi32, #blocked>
    %x = tt.load %p : tensor<16x64x!tt.ptr<f16>, #blocked>
    %acc = scf.for %i = %c0 to %c8 step %c1 iter_args(%v = %x) -> (tensor<16x64xf16, #blocked>) : i32 {
      %is = tt.splat %i : i32 -> tensor<16x64xi32, #blocked>
      %m = arith.remsi %off, %c7 : tensor<16x64xi32, #blocked>
      %o = arith.addi %m, %is : tensor<16x64xi32, #blocked>
      %pi = tt.addptr %base, %o : tensor<16x64x!tt.ptr<f16>, #blocked>, tensor<16x64xi32, #blocked>
      %y = tt.load %pi : tensor<16x64x!tt.ptr<f16>, #blocked>
      %s = arith.addf %v, %y : tensor<16x64xf16, #blocked>
      scf.yield %s : tensor<16x64xf16, #blocked>
    }
    tt.store %p, %acc : tensor<16x64x!tt.ptr<f16>, #blocked>
    tt.return
  }
}

// -----

// Kept: program id * 1024 may wrap (the add kernel: 3.6 keeps its loads
// too), an unbounded argument, a possibly negative difference, 64-bit
// offsets, a loop-carried pointer, and a volatile load.
// CHECK-LABEL: tt.func @kept
// CHECK-NOT: amdg.buffer
// CHECK: tt.return
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [64], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @kept(%x: !tt.ptr<f32>, %n: i32, %big: tensor<256xi64, #blocked>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c1024 = arith.constant 1024 : i32
    %r = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #blocked>
    %s = tt.splat %x : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #blocked>
    %pid = tt.get_program_id x : i32
    %start = arith.muli %pid, %c1024 : i32
    %st = tt.splat %start : i32 -> tensor<256xi32, #blocked>
    %o1 = arith.addi %st, %r : tensor<256xi32, #blocked>
    %p1 = tt.addptr %s, %o1 : tensor<256x!tt.ptr<f32>, #blocked>, tensor<256xi32, #blocked>
    %v1 = tt.load %p1 : tensor<256x!tt.ptr<f32>, #blocked>
    %ns = tt.splat %n : i32 -> tensor<256xi32, #blocked>
    %o2 = arith.addi %ns, %r : tensor<256xi32, #blocked>
    %p2 = tt.addptr %s, %o2 : tensor<256x!tt.ptr<f32>, #blocked>, tensor<256xi32, #blocked>
    %v2 = tt.load %p2 : tensor<256x!tt.ptr<f32>, #blocked>
    %o3 = arith.subi %r, %ns : tensor<256xi32, #blocked>
    %p3 = tt.addptr %s, %o3 : tensor<256x!tt.ptr<f32>, #blocked>, tensor<256xi32, #blocked>
    tt.store %p3, %v2 : tensor<256x!tt.ptr<f32>, #blocked>
    %p4 = tt.addptr %s, %big : tensor<256x!tt.ptr<f32>, #blocked>, tensor<256xi64, #blocked>
    tt.store %p4, %v1 : tensor<256x!tt.ptr<f32>, #blocked>
    %p5 = tt.addptr %s, %r : tensor<256x!tt.ptr<f32>, #blocked>, tensor<256xi32, #blocked>
    %v5 = tt.load %p5 {isVolatile = true} : tensor<256x!tt.ptr<f32>, #blocked>
    %l = scf.for %i = %c0 to %n step %c1 iter_args(%q = %p5) -> (tensor<256x!tt.ptr<f32>, #blocked>) : i32 {
      %v = tt.load %q : tensor<256x!tt.ptr<f32>, #blocked>
      tt.store %q, %v : tensor<256x!tt.ptr<f32>, #blocked>
      %q1 = tt.addptr %q, %r : tensor<256x!tt.ptr<f32>, #blocked>, tensor<256xi32, #blocked>
      scf.yield %q1 : tensor<256x!tt.ptr<f32>, #blocked>
    }
    tt.return
  }
}

// -----

// A base marked tt.pointer_range = 32 addresses a tensor below 2 GiB, so its
// accesses convert without bounding the offsets (an unknown argument here);
// with analyze-small-tensor-ofst they are bounded like any other and stay.
// An all-true mask and an all-zero other are dropped.
// CHECK-LABEL: tt.func @small_tensor
// CHECK: %[[V:.*]] = amdg.buffer_load %arg0[%{{.*}}] : tensor<256xf32, #blocked>
// CHECK: amdg.buffer_store %[[V]], %arg0[%{{.*}}] : tensor<256xf32, #blocked>
// ANALYZE-LABEL: tt.func @small_tensor
// ANALYZE-NOT: amdg.buffer
// ANALYZE: tt.return
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [64], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @small_tensor(%x: !tt.ptr<f32> {tt.pointer_range = 32 : i32}, %n: i32) {
    %r = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #blocked>
    %ns = tt.splat %n : i32 -> tensor<256xi32, #blocked>
    %o = arith.addi %ns, %r : tensor<256xi32, #blocked>
    %s = tt.splat %x : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #blocked>
    %p = tt.addptr %s, %o : tensor<256x!tt.ptr<f32>, #blocked>, tensor<256xi32, #blocked>
    %all = arith.constant dense<true> : tensor<256xi1, #blocked>
    %zero = arith.constant dense<0.0> : tensor<256xf32, #blocked>
    %v = tt.load %p, %all, %zero : tensor<256x!tt.ptr<f32>, #blocked>
    tt.store %p, %v, %all : tensor<256x!tt.ptr<f32>, #blocked>
    tt.return
  }
}

// -----

// llvm.intr.assume bounds an argument row stride (0 < s < 2^20) and the
// program id (below 512): rows * s + cols stays far below 2 GiB. The offsets'
// broadcast(splat(s) * rows) + cols form gives the row stride.
// CHECK-LABEL: tt.func @assumed_stride
// CHECK: amdg.buffer_load %{{.*}}[%{{.*}}] stride = %arg1 : tensor<64x64xf16, #blocked>
// ANALYZE-LABEL: tt.func @assumed_stride
// ANALYZE: amdg.buffer_load %{{.*}}[%{{.*}}] stride = %arg1 : tensor<64x64xf16, #blocked>
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx950", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @assumed_stride(%a: !tt.ptr<f16>, %s: i32) -> tensor<64x64xf16, #blocked> {
    %c0 = arith.constant 0 : i32
    %cmax = arith.constant 1048576 : i32
    %c512 = arith.constant 512 : i32
    %c64 = arith.constant 64 : i32
    %pos = arith.cmpi sgt, %s, %c0 : i32
    llvm.intr.assume %pos : i1
    %small = arith.cmpi slt, %s, %cmax : i32
    llvm.intr.assume %small : i1
    %pid = tt.get_program_id x : i32
    %few = arith.cmpi slt, %pid, %c512 : i32
    llvm.intr.assume %few : i1
    %start = arith.muli %pid, %c64 : i32
    %rows = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %cols = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %r = tt.expand_dims %rows {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<64x1xi32, #blocked>
    %c = tt.expand_dims %cols {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x64xi32, #blocked>
    %ss = tt.splat %s : i32 -> tensor<64x1xi32, #blocked>
    %rs = arith.muli %ss, %r : tensor<64x1xi32, #blocked>
    %rb = tt.broadcast %rs : tensor<64x1xi32, #blocked> -> tensor<64x64xi32, #blocked>
    %cb = tt.broadcast %c : tensor<1x64xi32, #blocked> -> tensor<64x64xi32, #blocked>
    %off = arith.addi %rb, %cb : tensor<64x64xi32, #blocked>
    %base = tt.addptr %a, %start : !tt.ptr<f16>, i32
    %bs = tt.splat %base : !tt.ptr<f16> -> tensor<64x64x!tt.ptr<f16>, #blocked>
    %p = tt.addptr %bs, %off : tensor<64x64x!tt.ptr<f16>, #blocked>, tensor<64x64xi32, #blocked>
    %v = tt.load %p : tensor<64x64x!tt.ptr<f16>, #blocked>
    tt.return %v : tensor<64x64xf16, #blocked>
  }
}

// -----

// f32 loads in a function with a tt.dot stay global loads (as Triton 3.6
// does); the store converts.
// CHECK-LABEL: tt.func @f32_next_to_dot
// CHECK: tt.load
// CHECK: tt.dot
// CHECK: amdg.buffer_store
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @f32_next_to_dot(%x: !tt.ptr<f32>, %a: tensor<32x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<32x32xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>) {
    %rows = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %r = tt.expand_dims %rows {axis = 1 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<32x1xi32, #blocked>
    %o = tt.broadcast %r : tensor<32x1xi32, #blocked> -> tensor<32x32xi32, #blocked>
    %s = tt.splat %x : !tt.ptr<f32> -> tensor<32x32x!tt.ptr<f32>, #blocked>
    %p = tt.addptr %s, %o : tensor<32x32x!tt.ptr<f32>, #blocked>, tensor<32x32xi32, #blocked>
    %c = tt.load %p : tensor<32x32x!tt.ptr<f32>, #blocked>
    %d = tt.dot %a, %b, %c : tensor<32x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x32xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<32x32xf32, #blocked>
    tt.store %p, %d : tensor<32x32x!tt.ptr<f32>, #blocked>
    tt.return
  }
}

// -----

// Two branches that load a row at different bases: once both loads are
// buffer loads the two blocks are the same but for their arguments, and are
// merged into one block taking the base as an argument.
// CHECK-LABEL: tt.func @branches
// CHECK: cf.cond_br %arg2, ^[[BB:bb[0-9]+]](%arg0 : !tt.ptr<f32>), ^[[BB]](%arg1 : !tt.ptr<f32>)
// CHECK: ^[[BB]](%[[BASE:.*]]: !tt.ptr<f32>):
// CHECK-NEXT: %[[X:.*]] = amdg.buffer_load %[[BASE]][%{{.*}}] : tensor<256xf32, #blocked>
// CHECK-NEXT: tt.return %[[X]]
// CHECK-NOT: ^bb
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [64], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 64 : i32, ttg.target = "hip:gfx942"} {
  tt.func @branches(%a: !tt.ptr<f32> {tt.pointer_range = 32 : i32}, %b: !tt.ptr<f32> {tt.pointer_range = 32 : i32}, %c: i1) -> tensor<256xf32, #blocked> {
    %r = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #blocked>
    cf.cond_br %c, ^left, ^right
  ^left:
    %sa = tt.splat %a : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #blocked>
    %pa = tt.addptr %sa, %r : tensor<256x!tt.ptr<f32>, #blocked>, tensor<256xi32, #blocked>
    %xa = tt.load %pa : tensor<256x!tt.ptr<f32>, #blocked>
    tt.return %xa : tensor<256xf32, #blocked>
  ^right:
    %sb = tt.splat %b : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #blocked>
    %pb = tt.addptr %sb, %r : tensor<256x!tt.ptr<f32>, #blocked>, tensor<256xi32, #blocked>
    %xb = tt.load %pb : tensor<256x!tt.ptr<f32>, #blocked>
    tt.return %xb : tensor<256xf32, #blocked>
  }
}

// -----

// Atomics at buffer addresses become buffer atomics as in Triton 3.6:
// read-modify-writes on gfx942 (not on gfx90a, nor without
// allow-buffer-atomics), compare-and-swap on both; an all-true mask is
// dropped, the row stride kept.
// CHECK-LABEL: tt.func @atomics
// CHECK: %[[COLS:.*]] = tt.make_range
// CHECK: %[[ADD:.*]] = amdg.buffer_atomic_rmw fadd, acq_rel, gpu, %{{.*}}, %{{.*}}[%[[COLS]]], %{{.*}} : tensor<256xf32, #blocked>
// CHECK: amdg.buffer_atomic_rmw exch, relaxed, cta, %{{.*}}, %{{.*}}[%[[COLS]]] : tensor<256xi32, #blocked>
// CHECK: amdg.buffer_atomic_rmw max, release, gpu, %{{.*}}, %{{.*}}[%[[COLS]]] : tensor<256xf64, #blocked>
// CHECK: %[[CAS:.*]] = amdg.buffer_atomic_cas acquire, gpu, %{{.*}}, %{{.*}}, %{{.*}}[%[[COLS]]] : tensor<256xi64, #blocked>
// CHECK-NOT: tt.atomic
// CHECK: tt.return
// GFX90A-LABEL: tt.func @atomics
// GFX90A-COUNT-3: tt.atomic_rmw
// GFX90A: amdg.buffer_atomic_cas
// NORMW-LABEL: tt.func @atomics
// NORMW-COUNT-3: tt.atomic_rmw
// NORMW: amdg.buffer_atomic_cas
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [64], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @atomics(%f: !tt.ptr<f32> {tt.pointer_range = 32 : i32}, %i: !tt.ptr<i32> {tt.pointer_range = 32 : i32}, %d: !tt.ptr<f64> {tt.pointer_range = 32 : i32}, %l: !tt.ptr<i64> {tt.pointer_range = 32 : i32}, %n: i32) -> (tensor<256xf32, #blocked>, tensor<256xi64, #blocked>) {
    %cols = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #blocked>
    %ns = tt.splat %n : i32 -> tensor<256xi32, #blocked>
    %m = arith.cmpi slt, %cols, %ns : tensor<256xi32, #blocked>
    %true = arith.constant dense<true> : tensor<256xi1, #blocked>
    %one = arith.constant dense<1.000000e+00> : tensor<256xf32, #blocked>
    %seven = arith.constant dense<7> : tensor<256xi32, #blocked>
    %half = arith.constant dense<5.000000e-01> : tensor<256xf64, #blocked>
    %zero = arith.constant dense<0> : tensor<256xi64, #blocked>
    %fs = tt.splat %f : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #blocked>
    %fp = tt.addptr %fs, %cols : tensor<256x!tt.ptr<f32>, #blocked>, tensor<256xi32, #blocked>
    %a = tt.atomic_rmw fadd, acq_rel, gpu, %fp, %one, %m : (tensor<256x!tt.ptr<f32>, #blocked>, tensor<256xf32, #blocked>, tensor<256xi1, #blocked>) -> tensor<256xf32, #blocked>
    %is = tt.splat %i : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>, #blocked>
    %ip = tt.addptr %is, %cols : tensor<256x!tt.ptr<i32>, #blocked>, tensor<256xi32, #blocked>
    %x = tt.atomic_rmw exch, relaxed, cta, %ip, %seven, %true : (tensor<256x!tt.ptr<i32>, #blocked>, tensor<256xi32, #blocked>, tensor<256xi1, #blocked>) -> tensor<256xi32, #blocked>
    %ds = tt.splat %d : !tt.ptr<f64> -> tensor<256x!tt.ptr<f64>, #blocked>
    %dp = tt.addptr %ds, %cols : tensor<256x!tt.ptr<f64>, #blocked>, tensor<256xi32, #blocked>
    %mx = tt.atomic_rmw max, release, gpu, %dp, %half : (tensor<256x!tt.ptr<f64>, #blocked>, tensor<256xf64, #blocked>) -> tensor<256xf64, #blocked>
    %ls = tt.splat %l : !tt.ptr<i64> -> tensor<256x!tt.ptr<i64>, #blocked>
    %lp = tt.addptr %ls, %cols : tensor<256x!tt.ptr<i64>, #blocked>, tensor<256xi32, #blocked>
    %c = tt.atomic_cas acquire, gpu, %lp, %zero, %zero : (tensor<256x!tt.ptr<i64>, #blocked>, tensor<256xi64, #blocked>, tensor<256xi64, #blocked>) -> tensor<256xi64, #blocked>
    tt.return %a, %c : tensor<256xf32, #blocked>, tensor<256xi64, #blocked>
  }
}

// -----

// Atomics that stay: system scope, 16-bit elements, signed integer max
// (as 3.6), f32 max (no such buffer instruction on gfx942), an unbounded base, and old values used from a layout that
// gives each element to two threads (a broadcast).
// CHECK-LABEL: tt.func @atomics_kept
// CHECK-NOT: amdg.buffer_atomic
// CHECK: tt.return
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [64], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @atomics_kept(%f: !tt.ptr<f32> {tt.pointer_range = 32 : i32}, %h: !tt.ptr<f16> {tt.pointer_range = 32 : i32}, %i: !tt.ptr<i32> {tt.pointer_range = 32 : i32}, %u: !tt.ptr<f32>, %off: tensor<256xi32, #blocked>) -> (tensor<256xf32, #blocked>, tensor<128xf32, #blocked>) {
    %cols = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #blocked>
    %one = arith.constant dense<1.000000e+00> : tensor<256xf32, #blocked>
    %hone = arith.constant dense<1.000000e+00> : tensor<256xf16, #blocked>
    %seven = arith.constant dense<7> : tensor<256xi32, #blocked>
    %fs = tt.splat %f : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #blocked>
    %fp = tt.addptr %fs, %cols : tensor<256x!tt.ptr<f32>, #blocked>, tensor<256xi32, #blocked>
    %a = tt.atomic_rmw fadd, acq_rel, sys, %fp, %one : (tensor<256x!tt.ptr<f32>, #blocked>, tensor<256xf32, #blocked>) -> tensor<256xf32, #blocked>
    %a32 = tt.atomic_rmw max, acq_rel, gpu, %fp, %one : (tensor<256x!tt.ptr<f32>, #blocked>, tensor<256xf32, #blocked>) -> tensor<256xf32, #blocked>
    %hs = tt.splat %h : !tt.ptr<f16> -> tensor<256x!tt.ptr<f16>, #blocked>
    %hp = tt.addptr %hs, %cols : tensor<256x!tt.ptr<f16>, #blocked>, tensor<256xi32, #blocked>
    %b = tt.atomic_rmw fadd, acq_rel, gpu, %hp, %hone : (tensor<256x!tt.ptr<f16>, #blocked>, tensor<256xf16, #blocked>) -> tensor<256xf16, #blocked>
    %is = tt.splat %i : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>, #blocked>
    %ip = tt.addptr %is, %cols : tensor<256x!tt.ptr<i32>, #blocked>, tensor<256xi32, #blocked>
    %c = tt.atomic_rmw max, acq_rel, gpu, %ip, %seven : (tensor<256x!tt.ptr<i32>, #blocked>, tensor<256xi32, #blocked>) -> tensor<256xi32, #blocked>
    %us = tt.splat %u : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #blocked>
    %up = tt.addptr %us, %off : tensor<256x!tt.ptr<f32>, #blocked>, tensor<256xi32, #blocked>
    %d = tt.atomic_rmw fadd, acq_rel, gpu, %up, %one : (tensor<256x!tt.ptr<f32>, #blocked>, tensor<256xf32, #blocked>) -> tensor<256xf32, #blocked>
    %cols128 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked>
    %fs128 = tt.splat %f : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>, #blocked>
    %fp128 = tt.addptr %fs128, %cols128 : tensor<128x!tt.ptr<f32>, #blocked>, tensor<128xi32, #blocked>
    %one128 = arith.constant dense<1.000000e+00> : tensor<128xf32, #blocked>
    %e = tt.atomic_rmw fadd, acq_rel, gpu, %fp128, %one128 : (tensor<128x!tt.ptr<f32>, #blocked>, tensor<128xf32, #blocked>) -> tensor<128xf32, #blocked>
    tt.return %a, %e : tensor<256xf32, #blocked>, tensor<128xf32, #blocked>
  }
}
