// ttng.async_copy_mbarrier_arrive: every thread of the program arrives once
// its cp.async copies have landed (all at once here). With noIncrement the
// 4 warps x 8 lanes = 32 arrivals complete a barrier initialised with 32;
// without it the arrival is neutral and one ttng.arrive_barrier completes a
// barrier of count 1. The copied values (k reversed) then reach dst.
// RUN: triton-run %s --kernel k --grid 1 --arg 'src=i32[8]:arange' --arg 'dst=i32[8]:zeros' --print dst | FileCheck %s
// CHECK: dst:
// CHECK-NEXT: [7 6 5 4 3 2 1 0]
// With noIncrement on a barrier of count 1, 31 arrivals too many.
// RUN: not triton-run %s --kernel too_many --grid 1 2>&1 | FileCheck %s --check-prefix=TOO-MANY
// TOO-MANY: :[[@LINE+34]]:5: error: program (0, 0, 0): arrives 31 time(s) more than the mbarrier's count (1) in phase 0

#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [8], warpsPerCTA = [4], order = [0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 8 : i32} {
  tt.func public @k(%src: !tt.ptr<i32>, %dst: !tt.ptr<i32>) {
    %i = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32, #b>
    %c7 = arith.constant dense<7> : tensor<8xi32, #b>
    %rev = arith.subi %c7, %i : tensor<8xi32, #b>
    %s = tt.splat %src : !tt.ptr<i32> -> tensor<8x!tt.ptr<i32>, #b>
    %sp = tt.addptr %s, %rev : tensor<8x!tt.ptr<i32>, #b>, tensor<8xi32, #b>
    %buf = ttg.local_alloc : () -> !ttg.memdesc<8xi32, #shared, #smem, mutable>
    %all = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared, #smem, mutable>
    %one = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared, #smem, mutable>
    ttng.init_barrier %all, 32 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    ttng.init_barrier %one, 1 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    %t = ttg.async_copy_global_to_local %sp, %buf : tensor<8x!tt.ptr<i32>, #b> -> <8xi32, #shared, #smem, mutable>
    ttng.async_copy_mbarrier_arrive %all {noIncrement} : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    ttng.async_copy_mbarrier_arrive %one : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    ttng.arrive_barrier %one, 1 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    %c0 = arith.constant 0 : i32
    ttng.wait_barrier %all, %c0 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    ttng.wait_barrier %one, %c0 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    %v = ttg.local_load %buf : !ttg.memdesc<8xi32, #shared, #smem, mutable> -> tensor<8xi32, #b>
    %d = tt.splat %dst : !tt.ptr<i32> -> tensor<8x!tt.ptr<i32>, #b>
    %dp = tt.addptr %d, %i : tensor<8x!tt.ptr<i32>, #b>, tensor<8xi32, #b>
    tt.store %dp, %v : tensor<8x!tt.ptr<i32>, #b>
    tt.return
  }

  tt.func public @too_many() {
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared, #smem, mutable>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    ttng.async_copy_mbarrier_arrive %bar {noIncrement} : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    tt.return
  }
}
