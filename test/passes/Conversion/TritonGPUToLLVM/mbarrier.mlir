// RUN: triton-opt %s -split-input-file -convert-triton-gpu-to-llvm | FileCheck %s
// RUN: triton-opt %s -split-input-file -convert-triton-gpu-to-llvm=ptx-version=85 | FileCheck %s --check-prefix=PTX85

// mbarrier waits: operands barrier, phase and (when not constant true) the
// predicate that skips the wait. sm_90 spins on try_wait.
// CHECK-LABEL: llvm.func @waits
// CHECK-SAME: %[[BAR:arg0]]: !llvm.struct<(ptr<3>, i32)>, %[[PHASE:arg1]]: i32, %[[SKIP:arg2]]: i1
// CHECK: %[[ADDR:.*]] = llvm.extractvalue %[[BAR]][0]
// CHECK: "{\0A\09.reg .pred complete;\0A\09waitLoop:\0A\09mbarrier.try_wait.parity.shared.b64 complete, [$0], $1;\0A\09@!complete bra.uni waitLoop;\0A}", "r,r" %[[ADDR]], %[[PHASE]] : (!llvm.ptr<3>, i32) -> !llvm.void
// CHECK: "{\0A\09@!$2 bra.uni skipWait;\0A\09.reg .pred complete;\0A\09waitLoop:\0A\09mbarrier.try_wait.parity.shared.b64 complete, [$0], $1;\0A\09@!complete bra.uni waitLoop;\0A\09skipWait:\0A}", "r,r,b" %{{.*}}, %[[PHASE]], %[[SKIP]]
// A count of one is arrive's default and not written.
// CHECK: "@$0 mbarrier.arrive.shared::cta.b64 _, [$1];", "b,r"
// CHECK: "@$0 mbarrier.arrive.shared::cta.b64 _, [$1], 3;", "b,r"
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @waits(%bar: !ttg.memdesc<1xi64, #shared, #smem, mutable>, %phase: i32, %skip: i1) {
    %true = arith.constant true
    ttng.wait_barrier %bar, %phase, %true : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    ttng.wait_barrier %bar, %phase, %skip : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    ttng.arrive_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    ttng.arrive_barrier %bar, 3 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    tt.return
  }
}

// -----

// sm_80 has no try_wait: test_wait polls, backing off with nanosleep.
// CHECK-LABEL: llvm.func @wait_sm80
// CHECK: mbarrier.test_wait.parity.shared.b64 complete, [$0], $1;\0A\09@!complete nanosleep.u32 20;\0A\09@!complete bra.uni waitLoop;
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @wait_sm80(%bar: !ttg.memdesc<1xi64, #shared, #smem, mutable>, %phase: i32) {
    ttng.wait_barrier %bar, %phase : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    tt.return
  }
}

// -----

// Up to PTX 8.5, tensormap.replace takes the global stride shifted right by
// 4 (a ptxas bug); from 8.6 on, the stride in bytes.
// CHECK-LABEL: llvm.func @stride
// CHECK-NOT: llvm.ashr
// CHECK: tensormap.replace.tile.global_stride.shared::cta.b1024.b64 [ $0 + 0 ], 0x0, $1;", "r,l,b" %{{.*}}, %arg2,
// PTX85-LABEL: llvm.func @stride
// PTX85: %[[FOUR:.*]] = llvm.mlir.constant(4 : i64) : i64
// PTX85: %[[SHIFTED:.*]] = llvm.ashr %arg2, %[[FOUR]] : i64
// PTX85: tensormap.replace.tile.global_stride.shared::cta.b1024.b64 [ $0 + 0 ], 0x0, $1;", "r,l,b" %{{.*}}, %[[SHIFTED]],
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32, ttg.shared = 128 : i32} {
  tt.func public @stride(%desc: !tt.ptr<i8>, %p: !tt.ptr<f16>, %s: i64, %n: i32) {
    %c64 = arith.constant 64 : i32
    %c1 = arith.constant 1 : i32
    ttng.tensormap_create %desc, %p, [%c64, %c64], [%n, %n], [%s], [%c1, %c1] {allocation.offset = 0 : i32, elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i32, i64, i32, i32) -> ()
    tt.return
  }
}

// -----

// A pointer parameter marked tt.nv_tma_desc is a host-made TMA descriptor
// passed by value, like a tensor descriptor parameter (launch type
// nvTmaDesc); its block is unknown, so it has no tensordesc metadata.
// CHECK-LABEL: llvm.func @by_value(%arg0: !llvm.ptr {llvm.align = 64 : i64, llvm.byval = !llvm.array<128 x i8>, nvvm.grid_constant}, %arg1: !llvm.ptr<1>,
// CHECK-SAME: tt.params = ["nvTmaDesc", "*i8"], tt.tensordesc_meta = []
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @by_value(%desc: !tt.ptr<i8, 0> {tt.nv_tma_desc = 1 : i32}, %other: !tt.ptr<i8>) {
    tt.return
  }
}

// -----

// cp.async.mbarrier.arrive is issued by every thread (each tracks its own
// copies): no thread-0 predicate; noIncrement becomes noinc.
// CHECK-LABEL: llvm.func @async_copy_arrive
// CHECK: %[[ADDR:.*]] = llvm.extractvalue %arg0[0]
// CHECK-NOT: mbarrier.arrive.shared
// CHECK: nvvm.cp.async.mbarrier.arrive %[[ADDR]] : !llvm.ptr<3>
// CHECK: nvvm.cp.async.mbarrier.arrive %{{.*}} {noinc = true} : !llvm.ptr<3>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @async_copy_arrive(%bar: !ttg.memdesc<1xi64, #shared, #smem, mutable>) {
    ttng.async_copy_mbarrier_arrive %bar : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    ttng.async_copy_mbarrier_arrive %bar {noIncrement} : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    tt.return
  }
}
