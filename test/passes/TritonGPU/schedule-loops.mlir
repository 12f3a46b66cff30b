// RUN: triton-opt %s -split-input-file -tritongpu-schedule-loops | FileCheck %s

// Loads with latency 2 go to stage 0, the dot (downstream) to stage 2 in the
// first cluster; the pointer increment that the next iteration's load reads
// goes to stage 1, in a cluster just before the loads'.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: @matmul
  // CHECK: tt.load {{.*}} {loop.cluster = 3 : i32, loop.stage = 0 : i32}
  // CHECK: tt.load {{.*}} {loop.cluster = 3 : i32, loop.stage = 0 : i32}
  // CHECK: ttg.convert_layout {{.*}} {loop.cluster = 0 : i32, loop.stage = 2 : i32}
  // CHECK: ttg.convert_layout {{.*}} {loop.cluster = 0 : i32, loop.stage = 2 : i32}
  // CHECK: tt.dot {{.*}} {loop.cluster = 0 : i32, loop.stage = 2 : i32}
  // CHECK: tt.addptr {{.*}} {loop.cluster = 2 : i32, loop.stage = 1 : i32}
  // CHECK: } {tt.scheduled_max_stage = 2 : i32}
  // CHECK-NOT: tt.latency
  tt.func @matmul(%p: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %n: i32) -> tensor<32x32xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c32 = arith.constant dense<32> : tensor<32x32xi32, #blocked>
    %zero = arith.constant dense<0.000000e+00> : tensor<32x32xf32, #mma>
    %r = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %e = tt.expand_dims %r {axis = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x32xi32, #blocked>
    %o = tt.broadcast %e : tensor<1x32xi32, #blocked> -> tensor<32x32xi32, #blocked>
    %s = tt.splat %p : !tt.ptr<f16> -> tensor<32x32x!tt.ptr<f16>, #blocked>
    %ptrs = tt.addptr %s, %o : tensor<32x32x!tt.ptr<f16>, #blocked>, tensor<32x32xi32, #blocked>
    %res:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero, %pa = %ptrs) -> (tensor<32x32xf32, #mma>, tensor<32x32x!tt.ptr<f16>, #blocked>)  : i32 {
      %a = tt.load %pa {tt.latency = 2 : i32} : tensor<32x32x!tt.ptr<f16>, #blocked>
      %b = tt.load %ptrs {tt.latency = 2 : i32} : tensor<32x32x!tt.ptr<f16>, #blocked>
      %ad = ttg.convert_layout %a : tensor<32x32xf16, #blocked> -> tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %bd = ttg.convert_layout %b : tensor<32x32xf16, #blocked> -> tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
      %d = tt.dot %ad, %bd, %acc : tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<32x32xf32, #mma>
      %next = tt.addptr %pa, %c32 : tensor<32x32x!tt.ptr<f16>, #blocked>, tensor<32x32xi32, #blocked>
      scf.yield %d, %next : tensor<32x32xf32, #mma>, tensor<32x32x!tt.ptr<f16>, #blocked>
    }
    tt.return %res#0 : tensor<32x32xf32, #mma>
  }
}

// -----

// Without latencies nothing is scheduled.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: @unscheduled
  // CHECK-NOT: loop.stage
  // CHECK-NOT: tt.scheduled_max_stage
  tt.func @unscheduled(%p: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %n: i32) -> tensor<32x32xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c32 = arith.constant dense<32> : tensor<32x32xi32, #blocked>
    %zero = arith.constant dense<0.000000e+00> : tensor<32x32xf32, #mma>
    %r = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %e = tt.expand_dims %r {axis = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x32xi32, #blocked>
    %o = tt.broadcast %e : tensor<1x32xi32, #blocked> -> tensor<32x32xi32, #blocked>
    %s = tt.splat %p : !tt.ptr<f16> -> tensor<32x32x!tt.ptr<f16>, #blocked>
    %ptrs = tt.addptr %s, %o : tensor<32x32x!tt.ptr<f16>, #blocked>, tensor<32x32xi32, #blocked>
    %res:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero, %pa = %ptrs) -> (tensor<32x32xf32, #mma>, tensor<32x32x!tt.ptr<f16>, #blocked>)  : i32 {
      %a = tt.load %pa : tensor<32x32x!tt.ptr<f16>, #blocked>
      %b = tt.load %ptrs : tensor<32x32x!tt.ptr<f16>, #blocked>
      %ad = ttg.convert_layout %a : tensor<32x32xf16, #blocked> -> tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %bd = ttg.convert_layout %b : tensor<32x32xf16, #blocked> -> tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
      %d = tt.dot %ad, %bd, %acc : tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<32x32xf32, #mma>
      %next = tt.addptr %pa, %c32 : tensor<32x32x!tt.ptr<f16>, #blocked>, tensor<32x32xi32, #blocked>
      scf.yield %d, %next : tensor<32x32xf32, #mma>, tensor<32x32x!tt.ptr<f16>, #blocked>
    }
    tt.return %res#0 : tensor<32x32xf32, #mma>
  }
}

// -----

// The next pointer is read by the stage-0 load of the next iteration, so it
// goes to stage 1; the flag it needs goes up with it, although a last-stage
// scf.if reads the flag too (at stage 2 the flag would be made after the
// stage-1 select of the same iteration that reads it).
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: @flag_read_by_next_pointer
  // CHECK: tt.load {{.*}} {loop.cluster = 3 : i32, loop.stage = 0 : i32}
  // CHECK: tt.dot {{.*}} {loop.cluster = 0 : i32, loop.stage = 2 : i32}
  // CHECK: arith.cmpi eq, {{.*}} {loop.cluster = 2 : i32, loop.stage = 1 : i32}
  // CHECK: tt.addptr {{.*}} {loop.cluster = 2 : i32, loop.stage = 1 : i32}
  // CHECK: arith.select {{.*}} {loop.cluster = 2 : i32, loop.stage = 1 : i32}
  // CHECK: scf.if
  // CHECK: } {loop.cluster = 4 : i32, loop.stage = 2 : i32}
  tt.func @flag_read_by_next_pointer(%ptrs: tensor<32x32x!tt.ptr<f16>, #blocked>, %b: tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %n: i32, %out: tensor<32x32x!tt.ptr<f32>, #mma>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c8 = arith.constant 8 : i32
    %c32 = arith.constant dense<32> : tensor<32x32xi32, #blocked>
    %zero = arith.constant dense<0.000000e+00> : tensor<32x32xf32, #mma>
    %res:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero, %pa = %ptrs) -> (tensor<32x32xf32, #mma>, tensor<32x32x!tt.ptr<f16>, #blocked>)  : i32 {
      %a = tt.load %pa {tt.latency = 2 : i32} : tensor<32x32x!tt.ptr<f16>, #blocked>
      %ad = ttg.convert_layout %a : tensor<32x32xf16, #blocked> -> tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %d = tt.dot %ad, %b, %acc : tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<32x32xf32, #mma>
      %tile_end = arith.cmpi eq, %i, %c8 : i32
      %step = tt.addptr %pa, %c32 : tensor<32x32x!tt.ptr<f16>, #blocked>, tensor<32x32xi32, #blocked>
      %next = arith.select %tile_end, %ptrs, %step : tensor<32x32x!tt.ptr<f16>, #blocked>
      scf.if %tile_end {
        tt.store %out, %d : tensor<32x32x!tt.ptr<f32>, #mma>
      }
      scf.yield %d, %next : tensor<32x32xf32, #mma>, tensor<32x32x!tt.ptr<f16>, #blocked>
    }
    tt.return
  }
}

// -----

// A latency op that nothing in the body waits for: one stage, written all
// the same.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: @one_stage
  // CHECK: tt.load {{.*}} {loop.cluster = 0 : i32, loop.stage = 0 : i32}
  // CHECK: tt.store {{.*}} {loop.cluster = 0 : i32, loop.stage = 0 : i32}
  // CHECK: } {tt.scheduled_max_stage = 0 : i32}
  // CHECK-NOT: tt.latency
  tt.func @one_stage(%p: !tt.ptr<f32>, %q: !tt.ptr<f32>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    scf.for %i = %c0 to %n step %c1 : i32 {
      %v = tt.load %p {tt.latency = 2 : i32} : !tt.ptr<f32>
      %f = arith.sitofp %i : i32 to f32
      tt.store %q, %f : !tt.ptr<f32>
    }
    tt.return
  }
}

// -----

// A loop with a barrier (tl.debug_barrier's gpu.barrier, as Triton 3.6
// checks; a ttg.local_barrier too) is not scheduled: a later iteration's load
// issued ahead of it would no longer be ordered by it.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: @with_barrier
  // CHECK-NOT: loop.stage
  // CHECK-NOT: tt.latency
  // CHECK: tt.return
  tt.func @with_barrier(%p: !tt.ptr<f32>, %q: !tt.ptr<f32>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    scf.for %i = %c0 to %n step %c1 : i32 {
      %v = tt.load %p {tt.latency = 2 : i32} : !tt.ptr<f32>
      gpu.barrier
      tt.store %q, %v : !tt.ptr<f32>
    }
    tt.return
  }

  // CHECK-LABEL: @with_local_barrier
  // CHECK-NOT: loop.stage
  // CHECK-NOT: tt.latency
  // CHECK: tt.return
  tt.func @with_local_barrier(%p: !tt.ptr<f32>, %q: !tt.ptr<f32>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    scf.for %i = %c0 to %n step %c1 : i32 {
      %v = tt.load %p {tt.latency = 2 : i32} : !tt.ptr<f32>
      ttg.local_barrier
      tt.store %q, %v : !tt.ptr<f32>
    }
    tt.return
  }
}
