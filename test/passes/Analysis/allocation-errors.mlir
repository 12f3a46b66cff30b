// RUN: triton-opt %s -allocate-shared-memory -verify-diagnostics -o /dev/null
// RUN: triton-opt %s -test-print-allocation -verify-diagnostics -o /dev/null

// A recursive call has no bounded shared memory.
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // expected-error @below {{shared-memory allocation does not support recursive calls}}
  tt.func public @self(%x: i32) -> i32 {
    %r = tt.call @self(%x) : (i32) -> i32
    tt.return %r : i32
  }
}
