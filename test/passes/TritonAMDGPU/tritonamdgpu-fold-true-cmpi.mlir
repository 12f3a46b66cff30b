// RUN: triton-opt %s -split-input-file -tritonamdgpu-fold-true-cmpi | FileCheck %s
// RUN: triton-opt %s -split-input-file -tritonamdgpu-fold-true-cmpi -canonicalize | FileCheck %s --check-prefix=CANON

// A program id bounded by an assumption: the assumed comparison and a looser
// one become true; a comparison the bound does not decide stays.
// CHECK-LABEL: tt.func @bounded_pid
// CHECK-NEXT: %[[T:.*]] = arith.constant true
// CHECK: llvm.intr.assume %[[T]] : i1
// CHECK: scf.if %[[T]]
// CHECK: %[[OPEN:.*]] = arith.cmpi slt, %{{.*}}, %c100_i32 : i32
// CHECK: scf.if %[[OPEN]]
// CANON-LABEL: tt.func @bounded_pid
// CANON-NOT: arith.cmpi slt, %{{.*}}, %c4096
// CANON: tt.store %arg0
// CANON: scf.if
// CANON: tt.store %arg0
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @bounded_pid(%p: !tt.ptr<i32>) {
    %c100 = arith.constant 100 : i32
    %c2048 = arith.constant 2048 : i32
    %c4096 = arith.constant 4096 : i32
    %pid = tt.get_program_id x : i32
    %lt = arith.cmpi slt, %pid, %c2048 : i32
    llvm.intr.assume %lt : i1
    %inside = arith.cmpi slt, %pid, %c4096 : i32
    scf.if %inside {
      tt.store %p, %pid : !tt.ptr<i32>
    }
    %open = arith.cmpi slt, %pid, %c100 : i32
    scf.if %open {
      tt.store %p, %c100 : !tt.ptr<i32>
    }
    tt.return
  }
}

// -----

// A counted loop's induction variable stays below its bound, and the
// comparison of two constants is decided; a false comparison is kept.
// CHECK-LABEL: tt.func @loop_bounds
// CHECK-NEXT: %[[T:.*]] = arith.constant true
// CHECK: scf.for
// CHECK: arith.select %[[T]]
// CHECK: arith.cmpi sgt, %c0_i32, %c8_i32
// CHECK: tt.return %[[T]], %{{.*}}
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @loop_bounds(%x: i32) -> (i1, i1) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c8 = arith.constant 8 : i32
    %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %c0) -> (i32) : i32 {
      %below = arith.cmpi slt, %i, %c8 : i32
      %v = arith.select %below, %i, %x : i32
      %n = arith.addi %acc, %v : i32
      scf.yield %n : i32
    }
    %yes = arith.cmpi sle, %c0, %c8 : i32
    %no = arith.cmpi sgt, %c0, %c8 : i32
    tt.return %yes, %no : i1, i1
  }
}

// -----

// Tensor comparisons are left alone even when every lane is true.
// CHECK-LABEL: tt.func @tensor_kept
// CHECK: %[[C:.*]] = arith.cmpi sgt
// CHECK: tt.return %[[C]]
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @tensor_kept() -> tensor<64xi1> {
    %a = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %b = tt.make_range {end = 164 : i32, start = 100 : i32} : tensor<64xi32>
    %c = arith.cmpi sgt, %b, %a : tensor<64xi32>
    tt.return %c : tensor<64xi1>
  }
}
