// RUN: triton-opt %s -split-input-file -tritongpu-pipeline=num-stages=2 -verify-diagnostics

// An op with side effects that cannot be masked off, scheduled before the
// last stage, would run for iterations past the end.
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @unmaskable(%p: !tt.ptr<i32>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    scf.for %i = %c0 to %n step %c1 : i32 {
      // expected-error @+1 {{software pipelining: predicating this op, scheduled before the loop's last stage, is not supported yet}}
      %old = tt.atomic_rmw add, relaxed, gpu, %p, %c1 {loop.cluster = 1 : i32, loop.stage = 0 : i32} : (!tt.ptr<i32>, i32) -> i32
      %x = arith.addi %old, %c1 {loop.cluster = 0 : i32, loop.stage = 1 : i32} : i32
    } {tt.scheduled_max_stage = 1 : i32}
    tt.return
  }
}

// -----

// A loop op without a stage that no scheduled op uses: nothing tells
// where it runs.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @incomplete(%n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    scf.for %i = %c0 to %n step %c1 : i32 {
      // expected-error @+1 {{software pipelining: this op of a scheduled loop has no stage (loop.stage / loop.cluster)}}
      %x = arith.addi %i, %c1 : i32
    } {tt.scheduled_max_stage = 1 : i32}
    tt.return
  }
}

// -----

// A stage attribute without its cluster is not a schedule.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @malformed(%n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    // expected-error @+1 {{software pipelining: the loop's schedule is malformed}}
    scf.for %i = %c0 to %n step %c1 : i32 {
      %x = arith.addi %i, %c1 {loop.stage = 0 : i32} : i32
    } {tt.scheduled_max_stage = 1 : i32}
    tt.return
  }
}
