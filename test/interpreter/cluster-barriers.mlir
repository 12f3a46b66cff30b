// ttng.cluster_arrive / ttng.cluster_wait: the CTAs of a cluster are one
// program here, run in order, so the barrier orders nothing further; the
// stores around it land as written. The 2-CTA layout splits the 8 elements
// over the cluster.
// RUN: triton-run %s --grid 2 --arg 'dst=i32[16]:zeros' --print dst | FileCheck %s
// CHECK: dst:
// CHECK-NEXT: [ 0  1  2  3  4  5  6  7 10 11 12 13 14 15 16 17]

#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [4], warpsPerCTA = [1], order = [0], CTAsPerCGA = [2], CTASplitNum = [2], CTAOrder = [0]}>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 4 : i32, ttg.target = "cuda:90"} {
  tt.func public @k(%dst: !tt.ptr<i32>) {
    %pid = tt.get_program_id x : i32
    %c8 = arith.constant 8 : i32
    %base = arith.muli %pid, %c8 : i32
    %i = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32, #b>
    %off = tt.splat %base : i32 -> tensor<8xi32, #b>
    %idx = arith.addi %i, %off : tensor<8xi32, #b>
    %p = tt.splat %dst : !tt.ptr<i32> -> tensor<8x!tt.ptr<i32>, #b>
    %q = tt.addptr %p, %idx : tensor<8x!tt.ptr<i32>, #b>, tensor<8xi32, #b>
    %c2 = arith.constant 2 : i32
    %extra = arith.muli %pid, %c2 : i32
    %e = tt.splat %extra : i32 -> tensor<8xi32, #b>
    %v = arith.addi %idx, %e : tensor<8xi32, #b>
    ttng.cluster_arrive {relaxed = false}
    ttng.cluster_wait
    tt.store %q, %v : tensor<8x!tt.ptr<i32>, #b>
    ttng.cluster_arrive {relaxed = true}
    ttng.cluster_wait
    tt.return
  }
}
