// RUN: triton-opt %s -split-input-file -allow-unregistered-dialect -verify-diagnostics -convert-triton-gpu-to-llvm | FileCheck %s

// Partitions not given warps yet (-tritongpu-allocate-warp-groups) lower as
// long as their code needs no thread ids (Triton 3.6 refuses only then).

#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
// CHECK-LABEL: llvm.func @scalar_partition
// CHECK: ttg.warp_specialize(%{{.*}})
// CHECK: partition0(%[[ARG:.*]]: i32) num_warps(2) {
// CHECK-NEXT: %[[SUM:.*]] = llvm.add %[[ARG]], %[[ARG]] : i32
// CHECK-NEXT: "use"(%[[SUM]]) : (i32) -> ()
tt.func @scalar_partition(%arg0: i32) {
  ttg.warp_specialize(%arg0)
  default {
    ttg.warp_yield
  }
  partition0(%arg1: i32) num_warps(2) {
    %0 = arith.addi %arg1, %arg1 : i32
    "use"(%0) : (i32) -> ()
    ttg.warp_return
  } : (i32) -> ()
  tt.return
}
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
tt.func @range_partition() {
  // expected-error @+1 {{the partitions have no warps yet, and their code needs thread ids: run -tritongpu-allocate-warp-groups before the lowering}}
  ttg.warp_specialize()
  default {
    ttg.warp_yield
  }
  partition0() num_warps(2) {
    %0 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #blocked>
    "use"(%0) : (tensor<64xi32, #blocked>) -> ()
    ttg.warp_return
  } : () -> ()
  tt.return
}
}

// -----

// Global scratch in a partition: the function's scratch pointer becomes a
// capture (partitions are isolated from above).
module attributes {"ttg.num-warps" = 4 : i32, ttg.global_scratch_memory_size = 100 : i32, ttg.global_scratch_memory_alignment = 8 : i32} {
// CHECK-LABEL: llvm.func @scratch_partition
// CHECK-SAME: (%[[SCRATCH:arg[0-9]+]]: !llvm.ptr<1>, %{{.*}}: !llvm.ptr<1>)
// CHECK: ttg.warp_specialize(%[[SCRATCH]])
// CHECK: partition0(%[[CAPTURED:.*]]: !llvm.ptr<1>) num_warps(1) {
// CHECK: llvm.getelementptr %[[CAPTURED]]
tt.func @scratch_partition() {
  ttg.warp_specialize()
  default {
    ttg.warp_yield
  }
  partition0() num_warps(1) {
    %0 = ttg.global_scratch_alloc {alignment = 8 : i32, nbytes = 100 : i32, ttg.global_scratch_memory_offset = 0 : i32} : !tt.ptr<i8>
    "use"(%0) : (!tt.ptr<i8>) -> ()
    ttg.warp_return
  } : () -> ()
  tt.return
}
}
