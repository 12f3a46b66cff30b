// RUN: triton-opt %s -tritongpu-global-scratch-memory-allocation -convert-triton-gpu-to-llvm -canonicalize | FileCheck %s

// A device function's global scratch is part of its caller's: the call
// passes the caller's program slice from the call's offset on (64: after the
// kernel's own 64 bytes), and the device function addresses its buffers from
// the pointer it is given, without the program id. Every program's slice is
// 96 bytes (the kernel's 64 and the helper's 32).
// CHECK-LABEL: llvm.func internal @helper
// CHECK-SAME: %[[V:.*]]: i32, %{{.*}}: !llvm.ptr<3>, %[[HS:.*]]: !llvm.ptr<1>, %{{.*}}: !llvm.ptr<1>
// CHECK-NOT: ctaid
// CHECK: st.global.b32 {{.*}} %[[V]], %[[HS]]
// CHECK-LABEL: llvm.func @kernel
// CHECK-SAME: %[[KV:.*]]: i32, %[[KS:.*]]: !llvm.ptr<1>, %[[KP:.*]]: !llvm.ptr<1>
// CHECK-DAG: %[[SIZE:.*]] = llvm.mlir.constant(96 : i64) : i64
// CHECK-DAG: %[[OFF:.*]] = llvm.mlir.constant(64 : i64) : i64
// CHECK: llvm.mul %{{.*}}, %[[SIZE]] : i64
// CHECK: %[[OWN:.*]] = llvm.getelementptr %[[KS]][%{{.*}}]
// CHECK: st.global.b32 {{.*}} %[[KV]], %[[OWN]]
// CHECK: %[[SLICE:.*]] = llvm.mul %{{.*}}, %[[SIZE]] : i64
// CHECK: %[[AT:.*]] = llvm.add %[[SLICE]], %[[OFF]] : i64
// CHECK: %[[CALLEE:.*]] = llvm.getelementptr %[[KS]][%[[AT]]]
// CHECK: llvm.call @helper(%[[KV]], %{{.*}}, %[[CALLEE]], %[[KP]])
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @helper(%v: i32) attributes {noinline = true} {
    %s = ttg.global_scratch_alloc {alignment = 16 : i32, nbytes = 32 : i32} : !tt.ptr<i8>
    %p = tt.bitcast %s : !tt.ptr<i8> -> !tt.ptr<i32>
    tt.store %p, %v : !tt.ptr<i32>
    tt.return
  }
  tt.func public @kernel(%v: i32) {
    %s = ttg.global_scratch_alloc {alignment = 16 : i32, nbytes = 64 : i32} : !tt.ptr<i8>
    %p = tt.bitcast %s : !tt.ptr<i8> -> !tt.ptr<i32>
    tt.store %p, %v : !tt.ptr<i32>
    tt.call @helper(%v) : (i32) -> ()
    tt.return
  }
}
