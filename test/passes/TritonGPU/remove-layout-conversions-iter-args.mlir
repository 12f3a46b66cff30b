// RUN: triton-opt %s -split-input-file -tritongpu-remove-layout-conversions | FileCheck %s

// A pointer tensor carried by the loop in the layout convert-triton-to-tritongpu
// gave it and converted to the load's layout every iteration (the matmuls'
// `a_ptrs += BK`): the loop carries it in the load's layout instead, as a new
// iter_arg after the others (the old one goes), its start value computed again
// in that layout before the loop and its increment (an addptr of a constant)
// in the body. No conversion is left.
// CHECK-LABEL: tt.func public @pointer_iter_arg
// CHECK-NOT: ttg.convert_layout
// CHECK: tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #[[LD:blocked[0-9]*]]}>>
// CHECK: %[[START:.*]] = tt.addptr %{{.*}}, %{{.*}} : tensor<64x32x!tt.ptr<f16>, #[[LD]]>, tensor<64x32xi32, #[[LD]]>
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}, %[[PTRS:.*]] = %[[START]]) -> (tensor<64x32xf16, #[[LD]]>, tensor<64x32x!tt.ptr<f16>, #[[LD]]>)
// CHECK-NEXT: %[[X:.*]] = tt.load %[[PTRS]] : tensor<64x32x!tt.ptr<f16>, #[[LD]]>
// CHECK-NEXT: %[[SUM:.*]] = arith.addf %[[ACC]], %[[X]] : tensor<64x32xf16, #[[LD]]>
// CHECK-NEXT: %[[NEXT:.*]] = tt.addptr %[[PTRS]], %{{.*}} : tensor<64x32x!tt.ptr<f16>, #[[LD]]>, tensor<64x32xi32, #[[LD]]>
// CHECK-NEXT: scf.yield %[[SUM]], %[[NEXT]] : tensor<64x32xf16, #[[LD]]>, tensor<64x32x!tt.ptr<f16>, #[[LD]]>
// CHECK-NOT: ttg.convert_layout
// CHECK: tt.return
#bl = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#ld = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @pointer_iter_arg(%a: !tt.ptr<f16>, %out: tensor<64x32x!tt.ptr<f16>, #ld>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %step = arith.constant dense<32> : tensor<64x32xi32, #bl>
    %zero = arith.constant dense<0.0> : tensor<64x32xf16, #ld>
    %rows = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #bl}>>
    %rows2 = tt.expand_dims %rows {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #bl}>> -> tensor<64x1xi32, #bl>
    %base = tt.splat %a : !tt.ptr<f16> -> tensor<64x1x!tt.ptr<f16>, #bl>
    %rowptrs = tt.addptr %base, %rows2 : tensor<64x1x!tt.ptr<f16>, #bl>, tensor<64x1xi32, #bl>
    %cols = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #bl}>>
    %cols2 = tt.expand_dims %cols {axis = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #bl}>> -> tensor<1x32xi32, #bl>
    %rowptrs2 = tt.broadcast %rowptrs : tensor<64x1x!tt.ptr<f16>, #bl> -> tensor<64x32x!tt.ptr<f16>, #bl>
    %cols3 = tt.broadcast %cols2 : tensor<1x32xi32, #bl> -> tensor<64x32xi32, #bl>
    %ptrs = tt.addptr %rowptrs2, %cols3 : tensor<64x32x!tt.ptr<f16>, #bl>, tensor<64x32xi32, #bl>
    %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%p = %ptrs, %acc = %zero) -> (tensor<64x32x!tt.ptr<f16>, #bl>, tensor<64x32xf16, #ld>) : i32 {
      %pl = ttg.convert_layout %p : tensor<64x32x!tt.ptr<f16>, #bl> -> tensor<64x32x!tt.ptr<f16>, #ld>
      %x = tt.load %pl : tensor<64x32x!tt.ptr<f16>, #ld>
      %sum = arith.addf %acc, %x : tensor<64x32xf16, #ld>
      %next = tt.addptr %p, %step : tensor<64x32x!tt.ptr<f16>, #bl>, tensor<64x32xi32, #bl>
      scf.yield %next, %sum : tensor<64x32x!tt.ptr<f16>, #bl>, tensor<64x32xf16, #ld>
    }
    tt.store %out, %r#1 : tensor<64x32x!tt.ptr<f16>, #ld>
    tt.return
  }
}

// -----

// The start value comes from outside, where it is not free in the load's
// layout: it is converted once before the loop instead of every iteration.
// The loop result is also used after the loop in the old layout: it is the
// new one converted once there, and the old iter_arg goes.
// CHECK-LABEL: tt.func public @start_converted_once
// CHECK: %[[START:.*]] = ttg.convert_layout %{{.*}} : tensor<256x!tt.ptr<f32>, #[[BL:blocked[0-9]*]]> -> tensor<256x!tt.ptr<f32>, #[[LD:blocked[0-9]*]]>
// CHECK-NEXT: %[[R:.*]]:2 = scf.for %{{.*}} iter_args(%{{.*}} = %{{.*}}, %[[NEW:.*]] = %[[START]]) -> (tensor<256xf32, #[[LD]]>, tensor<256x!tt.ptr<f32>, #[[LD]]>)
// CHECK-NOT: ttg.convert_layout
// CHECK: tt.load %[[NEW]] : tensor<256x!tt.ptr<f32>, #[[LD]]>
// CHECK: tt.addptr %[[NEW]], %{{.*}} : tensor<256x!tt.ptr<f32>, #[[LD]]>, tensor<256xi32, #[[LD]]>
// CHECK: scf.yield
// CHECK: %[[BACK:.*]] = ttg.convert_layout %[[R]]#1 : tensor<256x!tt.ptr<f32>, #[[LD]]> -> tensor<256x!tt.ptr<f32>, #[[BL]]>
// CHECK: tt.store %[[BACK]], %{{.*}} : tensor<256x!tt.ptr<f32>, #[[BL]]>
#bl = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#ld = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @start_converted_once(%ptrs: tensor<256x!tt.ptr<f32>, #bl>, %out: tensor<256x!tt.ptr<f32>, #ld>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %step = arith.constant dense<256> : tensor<256xi32, #bl>
    %zero = arith.constant dense<0.0> : tensor<256xf32, #ld>
    %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%p = %ptrs, %acc = %zero) -> (tensor<256x!tt.ptr<f32>, #bl>, tensor<256xf32, #ld>) : i32 {
      %pl = ttg.convert_layout %p : tensor<256x!tt.ptr<f32>, #bl> -> tensor<256x!tt.ptr<f32>, #ld>
      %x = tt.load %pl : tensor<256x!tt.ptr<f32>, #ld>
      %sum = arith.addf %acc, %x : tensor<256xf32, #ld>
      %next = tt.addptr %p, %step : tensor<256x!tt.ptr<f32>, #bl>, tensor<256xi32, #bl>
      scf.yield %next, %sum : tensor<256x!tt.ptr<f32>, #bl>, tensor<256xf32, #ld>
    }
    tt.store %out, %r#1 : tensor<256x!tt.ptr<f32>, #ld>
    %flat = ttg.convert_layout %r#1 : tensor<256xf32, #ld> -> tensor<256xf32, #bl>
    tt.store %r#0, %flat : tensor<256x!tt.ptr<f32>, #bl>
    tt.return
  }
}

// -----

// A carried value whose next value is float math that something else reads
// too: the math is computed in both layouts and the value carried in both,
// which costs less than a conversion every iteration (3.6 rematerializes
// any elementwise op); the conversion goes before the loop.
// CHECK-LABEL: tt.func public @costly_update_stays
// CHECK: %[[START:.*]] = ttg.convert_layout %{{.*}} : tensor<256xf32, #[[BL:blocked[0-9]*]]> -> tensor<256xf32, #[[LD:blocked[0-9]*]]>
// CHECK: scf.for {{.*}} -> (tensor<256xf32, #[[BL]]>, tensor<256xf32, #[[LD]]>)
// CHECK-NOT: ttg.convert_layout
// CHECK-DAG: math.exp %{{.*}} : tensor<256xf32, #[[BL]]>
// CHECK-DAG: math.exp %{{.*}} : tensor<256xf32, #[[LD]]>
// CHECK: scf.yield
#bl = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#ld = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @costly_update_stays(%x0: tensor<256xf32, #bl>, %out: tensor<256x!tt.ptr<f32>, #ld>, %out2: tensor<256x!tt.ptr<f32>, #bl>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %x0) -> (tensor<256xf32, #bl>) : i32 {
      %xl = ttg.convert_layout %x : tensor<256xf32, #bl> -> tensor<256xf32, #ld>
      tt.store %out, %xl : tensor<256x!tt.ptr<f32>, #ld>
      %next = math.exp %x : tensor<256xf32, #bl>
      tt.store %out2, %next : tensor<256x!tt.ptr<f32>, #bl>
      scf.yield %next : tensor<256xf32, #bl>
    }
    tt.return
  }
}

// -----

// The same update read only by the yield moves with the value: the loop
// carries it in the store's layout, exp computed there once per iteration,
// the start value converted once before the loop.
// CHECK-LABEL: tt.func public @single_use_update_moves
// CHECK: %[[START:.*]] = ttg.convert_layout %arg0 : tensor<256xf32, #{{blocked[0-9]*}}> -> tensor<256xf32, #[[LD:blocked[0-9]*]]>
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %[[START]]) -> (tensor<256xf32, #[[LD]]>)
// CHECK-NOT: ttg.convert_layout
// CHECK: math.exp %{{.*}} : tensor<256xf32, #[[LD]]>
// CHECK: scf.yield
#bl = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#ld = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @single_use_update_moves(%x0: tensor<256xf32, #bl>, %out: tensor<256x!tt.ptr<f32>, #ld>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %x0) -> (tensor<256xf32, #bl>) : i32 {
      %xl = ttg.convert_layout %x : tensor<256xf32, #bl> -> tensor<256xf32, #ld>
      tt.store %out, %xl : tensor<256x!tt.ptr<f32>, #ld>
      %next = math.exp %x : tensor<256xf32, #bl>
      scf.yield %next : tensor<256xf32, #bl>
    }
    tt.return
  }
}

// -----

// A carried index whose next value is loaded (a linked walk) keeps its
// layout: carrying it in the other layout too would load it twice every
// iteration, so a conversion stays in the loop (moved after the addptr by
// the sinking rewrite).
// CHECK-LABEL: tt.func public @loaded_update_stays
// CHECK: scf.for {{.*}} -> (tensor<256xi32, #[[BL:blocked[0-9]*]]>)
// CHECK: ttg.convert_layout %{{.*}} : tensor<256x!tt.ptr<f32>, #[[BL]]> -> tensor<256x!tt.ptr<f32>, #{{blocked[0-9]*}}>
// CHECK: tt.load %{{.*}} : tensor<256x!tt.ptr<i32>, #[[BL]]>
// CHECK-NOT: tt.load
// CHECK: scf.yield
#bl = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#ld = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @loaded_update_stays(%next_ptr: !tt.ptr<i32>, %out: !tt.ptr<f32>, %i0: tensor<256xi32, #bl>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %one = arith.constant dense<1.0> : tensor<256xf32, #ld>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%idx = %i0) -> (tensor<256xi32, #bl>) : i32 {
      %il = ttg.convert_layout %idx : tensor<256xi32, #bl> -> tensor<256xi32, #ld>
      %ob = tt.splat %out : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #ld>
      %op = tt.addptr %ob, %il : tensor<256x!tt.ptr<f32>, #ld>, tensor<256xi32, #ld>
      tt.store %op, %one : tensor<256x!tt.ptr<f32>, #ld>
      %nb = tt.splat %next_ptr : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>, #bl>
      %np = tt.addptr %nb, %idx : tensor<256x!tt.ptr<i32>, #bl>, tensor<256xi32, #bl>
      %next = tt.load %np : tensor<256x!tt.ptr<i32>, #bl>
      scf.yield %next : tensor<256xi32, #bl>
    }
    tt.return
  }
}

// -----

// The dropped iter_arg's loop also yields one of its arguments as it is (a
// pipelined loop's rotating tokens, here %t0/%t1 swapped every iteration):
// the rebuilt loop yields its own arguments there, not the old loop's.
// CHECK-LABEL: tt.func public @rotating_iter_args
// CHECK: scf.for %{{.*}} iter_args(%[[T0:.*]] = %{{.*}}, %[[T1:.*]] = %{{.*}}, %[[ACC:.*]] = %{{.*}}, %[[PTRS:.*]] = %{{.*}}) -> (i32, i32, tensor<256xf32, #[[LD:blocked[0-9]*]]>, tensor<256x!tt.ptr<f32>, #[[LD]]>)
// CHECK-NOT: ttg.convert_layout
// CHECK: scf.yield %[[T1]], %[[T0]], %{{.*}}, %{{.*}} : i32, i32, tensor<256xf32, #[[LD]]>, tensor<256x!tt.ptr<f32>, #[[LD]]>
#bl1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#ld1 = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @rotating_iter_args(%a: !tt.ptr<f32>, %out: tensor<256x!tt.ptr<f32>, #ld1>, %n: i32) -> i32 {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %step = arith.constant dense<256> : tensor<256xi32, #bl1>
    %zero = arith.constant dense<0.0> : tensor<256xf32, #ld1>
    %offs = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #bl1>
    %base = tt.splat %a : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #bl1>
    %ptrs = tt.addptr %base, %offs : tensor<256x!tt.ptr<f32>, #bl1>, tensor<256xi32, #bl1>
    %r:4 = scf.for %i = %c0 to %n step %c1 iter_args(%t0 = %c0, %t1 = %c1, %p = %ptrs, %acc = %zero) -> (i32, i32, tensor<256x!tt.ptr<f32>, #bl1>, tensor<256xf32, #ld1>) : i32 {
      %pl = ttg.convert_layout %p : tensor<256x!tt.ptr<f32>, #bl1> -> tensor<256x!tt.ptr<f32>, #ld1>
      %x = tt.load %pl : tensor<256x!tt.ptr<f32>, #ld1>
      %sum = arith.addf %acc, %x : tensor<256xf32, #ld1>
      %next = tt.addptr %p, %step : tensor<256x!tt.ptr<f32>, #bl1>, tensor<256xi32, #bl1>
      scf.yield %t1, %t0, %next, %sum : i32, i32, tensor<256x!tt.ptr<f32>, #bl1>, tensor<256xf32, #ld1>
    }
    tt.store %out, %r#3 : tensor<256x!tt.ptr<f32>, #ld1>
    tt.return %r#0 : i32
  }
}

// -----

// A running count kept as floats (GroupNorm's Welford loop) beside a value
// in the loaded layout: the count's float update is computed in that layout
// too and carried there, so no conversion is left in the loop; after it, the
// reduction reads the new count, the old iter_arg goes, and no conversion
// is left at all.
// CHECK-LABEL: tt.func public @float_count
// CHECK-NOT: ttg.convert_layout
// CHECK: scf.for {{.*}} -> (tensor<1024xf32, #[[L:blocked[0-9]*]]>, tensor<1024xf32, #[[L]]>)
// CHECK-NOT: ttg.convert_layout
// CHECK: "tt.reduce"(%{{.*}}, %{{.*}}) <{axis = 0 : i32}>
// CHECK-NOT: ttg.convert_layout
// CHECK: tt.return
#b4 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @float_count(%p: tensor<1024x!tt.ptr<f32>, #b4>, %limit: i32, %n: i32) -> (f32, f32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero4 = arith.constant dense<0.0> : tensor<1024xf32, #b4>
    %zero1 = arith.constant dense<0.0> : tensor<1024xf32, #b1>
    %one1 = arith.constant dense<1.0> : tensor<1024xf32, #b1>
    %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%mean = %zero4, %count = %zero1) -> (tensor<1024xf32, #b4>, tensor<1024xf32, #b1>) : i32 {
      %x = tt.load %p : tensor<1024x!tt.ptr<f32>, #b4>
      %range = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #b1>
      %lim = tt.splat %limit : i32 -> tensor<1024xi32, #b1>
      %ok = arith.cmpi slt, %range, %lim : tensor<1024xi32, #b1>
      %valid = arith.uitofp %ok : tensor<1024xi1, #b1> to tensor<1024xf32, #b1>
      %next = arith.addf %count, %valid : tensor<1024xf32, #b1>
      %safe = arith.maxnumf %next, %one1 : tensor<1024xf32, #b1>
      %safe4 = ttg.convert_layout %safe : tensor<1024xf32, #b1> -> tensor<1024xf32, #b4>
      %d = arith.subf %x, %mean : tensor<1024xf32, #b4>
      %step = arith.divf %d, %safe4 : tensor<1024xf32, #b4>
      %m = arith.addf %mean, %step : tensor<1024xf32, #b4>
      scf.yield %m, %next : tensor<1024xf32, #b4>, tensor<1024xf32, #b1>
    }
    %mean1 = ttg.convert_layout %r#0 : tensor<1024xf32, #b4> -> tensor<1024xf32, #b1>
    %s:2 = "tt.reduce"(%mean1, %r#1) <{axis = 0 : i32}> ({
    ^bb0(%a0: f32, %a1: f32, %b0: f32, %b1: f32):
      %u = arith.addf %a0, %b0 : f32
      %v = arith.addf %a1, %b1 : f32
      tt.reduce.return %u, %v : f32, f32
    }) : (tensor<1024xf32, #b1>, tensor<1024xf32, #b1>) -> (f32, f32)
    tt.return %s#0, %s#1 : f32, f32
  }
}

// -----

// Inductor's Welford loop: the first iteration takes the loaded value as
// the mean and 1 as the count in an scf.if, later ones update them; the
// count, made in the default layout, is carried, updated in the else branch
// and yielded by the if in the loaded layout instead (the if gets a result
// there, the old chain goes), so no conversion is left.
// CHECK-LABEL: tt.func public @welford_first_iteration
// CHECK-NOT: ttg.convert_layout
// CHECK: scf.for {{.*}} -> (tensor<1024xf32, #[[L:blocked[0-9]*]]>, tensor<1024xf32, #[[L]]>)
// CHECK: scf.if {{.*}} -> (tensor<1024xf32, #[[L]]>, tensor<1024xf32, #[[L]]>)
// CHECK-NOT: ttg.convert_layout
// CHECK: tt.return
#b4 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @welford_first_iteration(%p: tensor<1024x!tt.ptr<f32>, #b4>, %n: i32) -> (f32, f32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero4 = arith.constant dense<0.0> : tensor<1024xf32, #b4>
    %zero1 = arith.constant dense<0.0> : tensor<1024xf32, #b1>
    %one1 = arith.constant dense<1.0> : tensor<1024xf32, #b1>
    %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%mean = %zero4, %count = %zero1) -> (tensor<1024xf32, #b4>, tensor<1024xf32, #b1>) : i32 {
      %x = tt.load %p : tensor<1024x!tt.ptr<f32>, #b4>
      %first = arith.cmpi eq, %i, %c0 : i32
      %u:2 = scf.if %first -> (tensor<1024xf32, #b4>, tensor<1024xf32, #b1>) {
        scf.yield %x, %one1 : tensor<1024xf32, #b4>, tensor<1024xf32, #b1>
      } else {
        %next = arith.addf %count, %one1 : tensor<1024xf32, #b1>
        %next4 = ttg.convert_layout %next : tensor<1024xf32, #b1> -> tensor<1024xf32, #b4>
        %d = arith.subf %x, %mean : tensor<1024xf32, #b4>
        %step = arith.divf %d, %next4 : tensor<1024xf32, #b4>
        %m = arith.addf %mean, %step : tensor<1024xf32, #b4>
        scf.yield %m, %next : tensor<1024xf32, #b4>, tensor<1024xf32, #b1>
      }
      scf.yield %u#0, %u#1 : tensor<1024xf32, #b4>, tensor<1024xf32, #b1>
    }
    %count4 = ttg.convert_layout %r#1 : tensor<1024xf32, #b1> -> tensor<1024xf32, #b4>
    %s:2 = "tt.reduce"(%r#0, %count4) <{axis = 0 : i32}> ({
    ^bb0(%a0: f32, %a1: f32, %b0: f32, %b1: f32):
      %u = arith.addf %a0, %b0 : f32
      %v = arith.addf %a1, %b1 : f32
      tt.reduce.return %u, %v : f32, f32
    }) : (tensor<1024xf32, #b4>, tensor<1024xf32, #b4>) -> (f32, f32)
    tt.return %s#0, %s#1 : f32, f32
  }
}
