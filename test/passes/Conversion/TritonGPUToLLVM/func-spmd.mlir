// RUN: triton-opt %s -split-input-file -convert-triton-gpu-to-llvm -canonicalize | FileCheck %s

// Functions keep their parameters and gain the global- and profile-scratch
// pointers; kernels (public, no results) carry nvvm.kernel, the thread count
// and their signature in Triton's spelling; device functions are internal and
// take their shared-memory base before the scratch pointers; calls pass the
// caller's scratch pointers along.
#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func internal @helper(%arg0: i32, %arg1: f32, %arg2: !llvm.ptr<3>, %arg3: !llvm.ptr<1>, %arg4: !llvm.ptr<1>) -> !llvm.struct<(i32, f32)>
  // CHECK-SAME: no_inline
  tt.func private @helper(%a: i32, %b: f32) -> (i32, f32) attributes {noinline = true} {
    tt.return %a, %b : i32, f32
  }

  // Every device function stays one (as in Triton 3.6): make_ttir has inlined
  // what it may, so a function left is one to keep, marked or not.
  // CHECK-LABEL: llvm.func internal @unmarked
  // CHECK-SAME: no_inline
  tt.func private @unmarked(%a: i32) -> i32 {
    tt.return %a : i32
  }

  // CHECK-LABEL: llvm.func @kernel(%arg0: !llvm.ptr<1>, %arg1: i64, %arg2: f16, %arg3: !llvm.ptr<1>, %arg4: !llvm.ptr<1>)
  // CHECK-SAME: nvvm.kernel
  // CHECK-SAME: nvvm.reqntid = array<i32: 256>
  // CHECK-SAME: tt.params = ["*bf16", "i64", "fp16"]
  // CHECK: %[[SMEM:.*]] = llvm.mlir.addressof @global_smem : !llvm.ptr<3>
  // CHECK-DAG: nvvm.read.ptx.sreg.ctaid.x : i32
  // CHECK-DAG: nvvm.read.ptx.sreg.ctaid.y : i32
  // CHECK-DAG: nvvm.read.ptx.sreg.nctaid.z : i32
  // CHECK: %[[CALL:.*]] = llvm.call @helper(%{{.*}}, %{{.*}}, %[[SMEM]], %arg3, %arg4) : (i32, f32, !llvm.ptr<3>, !llvm.ptr<1>, !llvm.ptr<1>) -> !llvm.struct<(i32, f32)>
  tt.func public @kernel(%p: !tt.ptr<bf16>, %n: i64, %h: f16) {
    %x = tt.get_program_id x : i32
    %y = tt.get_program_id y : i32
    %z = tt.get_num_programs z : i32
    %s = arith.addi %x, %y : i32
    %t = arith.addi %s, %z : i32
    %f = arith.constant 1.0 : f32
    %r:2 = tt.call @helper(%t, %f) : (i32, f32) -> (i32, f32)
    tt.return
  }

  // make_range: each register's coordinate from lane, warp and register
  // (2 per thread, lanes step by 2, warps by 64), plus the start. The thread
  // id is masked to the 256 threads (LLVM then knows its high bits).
  // CHECK-LABEL: llvm.func internal @range
  // CHECK: llvm.mlir.constant(16 : i32)
  // CHECK: %[[MASK:.*]] = llvm.mlir.constant(255 : i32) : i32
  // CHECK-NEXT: %[[RAW_TID:.*]] = nvvm.read.ptx.sreg.tid.x : i32
  // CHECK-NEXT: %[[TID:.*]] = llvm.and %[[RAW_TID]], %[[MASK]] : i32
  // CHECK-DAG: llvm.urem %[[TID]]
  // CHECK-DAG: llvm.udiv %[[TID]]
  tt.func private @range() -> tensor<512xi32, #blocked> {
    %r = tt.make_range {end = 528 : i32, start = 16 : i32} : tensor<512xi32, #blocked>
    tt.return %r : tensor<512xi32, #blocked>
  }
}
