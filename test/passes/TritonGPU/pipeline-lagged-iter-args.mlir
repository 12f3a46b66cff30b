// A loop-carried value yielded in stage 0 and read in stage 2 (three stages
// later than its yield, as in 3.6's fused persistent loops): the kernel keeps
// the iter_arg's two older versions in extra iter_args. Checked by execution
// before and after the expansion (each trip's partial sum stored, then the
// total), at trip counts below, at and above the stage count.
// RUN: triton-run %s --grid 1 --arg 'out=i32[16]:zeros' --arg n=i32:7 \
// RUN:   --compare-after='builtin.module(tritongpu-pipeline{num-stages=3})'
// RUN: triton-run %s --grid 1 --arg 'out=i32[16]:zeros' --arg n=i32:2 \
// RUN:   --compare-after='builtin.module(tritongpu-pipeline{num-stages=3})'
// RUN: triton-run %s --grid 1 --arg 'out=i32[16]:zeros' --arg n=i32:1 \
// RUN:   --compare-after='builtin.module(tritongpu-pipeline{num-stages=3})'
// RUN: triton-opt %s -tritongpu-pipeline=num-stages=3 | FileCheck %s

// The kernel carries %a, its two older versions and %acc; %acc's update
// reads the oldest.
// CHECK-LABEL: tt.func @lagged
// CHECK: scf.for %{{.*}} iter_args(%[[A:[^ ]+]] = %{{[^,]+}}, %[[ACC:[^ ]+]] = %{{[^,]+}}, %[[LAG1:[^ ]+]] = %{{[^,]+}}, %[[LAG2:[^ ]+]] = %{{[^)]+}})
// CHECK: arith.addi %[[ACC]], %[[LAG2]]
// CHECK: scf.yield %{{[^,]+}}, %{{[^,]+}}, %[[A]], %[[LAG1]] :
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @lagged(%out: !tt.ptr<i32>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c15 = arith.constant 15 : i32
    %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %c0, %acc = %c0) -> (i32, i32) : i32 {
      %sq = arith.muli %i, %i {loop.cluster = 0 : i32, loop.stage = 0 : i32} : i32
      %a1 = arith.addi %a, %sq {loop.cluster = 0 : i32, loop.stage = 0 : i32} : i32
      %acc1 = arith.addi %acc, %a {loop.cluster = 1 : i32, loop.stage = 2 : i32} : i32
      %p = tt.addptr %out, %i {loop.cluster = 1 : i32, loop.stage = 2 : i32} : !tt.ptr<i32>, i32
      tt.store %p, %acc1 {loop.cluster = 1 : i32, loop.stage = 2 : i32} : !tt.ptr<i32>
      scf.yield %a1, %acc1 : i32, i32
    } {tt.scheduled_max_stage = 2 : i32}
    %last = tt.addptr %out, %c15 : !tt.ptr<i32>, i32
    %t = arith.addi %r#0, %r#1 : i32
    tt.store %last, %t : !tt.ptr<i32>
    tt.return
  }
}
