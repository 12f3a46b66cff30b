// RUN: triton-opt %s -allocate-shared-memory -convert-triton-gpu-to-llvm | FileCheck %s

// A file of several TTGIR modules (one outer module holding them, none of its
// own attributes) lowers each module for its own target: the same bf16
// atomic add is an llvm.atomicrmw for cuda:80 and a PTX atom for cuda:90.
// CHECK: module attributes {{.*}}ttg.target = "cuda:80"
// CHECK: llvm.func @add
// CHECK: llvm.atomicrmw fadd
// CHECK: module attributes {{.*}}ttg.target = "cuda:90"
// CHECK: llvm.func @add
// CHECK: atom.global.gpu.acq_rel.add.noftz.bf16
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @add(%p: !tt.ptr<bf16>, %v: bf16, %out: !tt.ptr<bf16>) {
    %old = tt.atomic_rmw fadd, acq_rel, gpu, %p, %v : (!tt.ptr<bf16>, bf16) -> bf16
    tt.store %out, %old : !tt.ptr<bf16>
    tt.return
  }
}

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @add(%p: !tt.ptr<bf16>, %v: bf16, %out: !tt.ptr<bf16>) {
    %old = tt.atomic_rmw fadd, acq_rel, gpu, %p, %v : (!tt.ptr<bf16>, bf16) -> bf16
    tt.store %out, %old : !tt.ptr<bf16>
    tt.return
  }
}
