// RUN: triton-opt %s -convert-triton-amdgpu-to-llvm="arch=gfx942" | FileCheck %s

// amdg.cond_barrier: only the threads whose predicate holds reach the
// s_barrier; everyone continues after it with the code that followed.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 64 : i32} {
  // CHECK-LABEL: llvm.func @first_half_waits
  // CHECK: %[[LOW:.*]] = llvm.icmp "slt" %{{.*}}, %{{.*}} : i32
  // CHECK-NEXT: llvm.cond_br %[[LOW]], ^[[WAIT:bb[0-9]+]], ^[[REST:bb[0-9]+]]
  // CHECK: ^[[WAIT]]:
  // CHECK-NEXT: rocdl.s.barrier
  // CHECK-NEXT: llvm.br ^[[REST]]
  // CHECK: ^[[REST]]:
  // CHECK-NEXT: %[[SUM:.*]] = llvm.add
  // CHECK: llvm.store %[[SUM]]
  tt.func @first_half_waits(%out: !tt.ptr<i32>) {
    %c128 = arith.constant 128 : i32
    %tid = rocdl.workitem.id.x : i32
    %low = arith.cmpi slt, %tid, %c128 : i32
    amdg.cond_barrier %low
    %sum = arith.addi %tid, %c128 : i32
    tt.store %out, %sum : !tt.ptr<i32>
    tt.return
  }
}
