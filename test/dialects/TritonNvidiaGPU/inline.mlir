// RUN: triton-opt %s -inline | FileCheck %s

// A device function made of ttg and ttng ops (an mbarrier round trip on a
// shared buffer) inlines into its caller, which then calls nothing.
// CHECK-LABEL: tt.func public @caller
// CHECK-NEXT: %[[BAR:.*]] = ttg.local_alloc : () -> !ttg.memdesc<1xi64
// CHECK-NEXT: ttng.init_barrier %[[BAR]], 1
// CHECK-NEXT: ttng.arrive_barrier %[[BAR]], 1
// CHECK-NEXT: ttng.wait_barrier %[[BAR]], %arg0
// CHECK-NEXT: ttng.inval_barrier %[[BAR]]
// CHECK-NEXT: tt.return
// CHECK-NOT: tt.call
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @caller(%phase: i32) {
    tt.call @round_trip(%phase) : (i32) -> ()
    tt.return
  }
  tt.func private @round_trip(%phase: i32) {
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared, #smem, mutable>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    ttng.arrive_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    ttng.wait_barrier %bar, %phase : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    ttng.inval_barrier %bar : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    tt.return
  }
}
