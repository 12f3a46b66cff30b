// RUN: triton-opt %s -split-input-file -allow-unregistered-dialect -mlir-print-local-scope -convert-warp-specialize-to-llvm -canonicalize=region-simplify=disabled | FileCheck %s

// A kernel of 4 warps with a 1-warp producer (warp 6) and a 2-warp consumer
// (warps 4-5); the states live at byte 16, the captures at byte 64.
module attributes {"ttg.num-warps" = 4 : i32, "ttg.total-num-warps" = 8 : i32} {
llvm.mlir.global external @global_smem() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>

// CHECK-LABEL: llvm.func @two_roles
// The program now has all 8 warps.
// CHECK-SAME: nvvm.reqntid = array<i32: 256>
llvm.func @two_roles(%n: i32) attributes {allocation.offset = 16 : i32} {
  // CHECK-DAG: %[[ALL:.*]] = llvm.mlir.constant(1 : i32) : i32
  // CHECK-DAG: %[[SMEM:.*]] = llvm.mlir.addressof @global_smem
  // CHECK-DAG: %[[PRODUCER:.*]] = llvm.mlir.constant(0 : i8) : i8
  // CHECK-DAG: %[[CONSUMER:.*]] = llvm.mlir.constant(1 : i8) : i8
  // CHECK-DAG: %[[EXIT:.*]] = llvm.mlir.constant(2 : i8) : i8
  // CHECK-DAG: %[[IDLE:.*]] = llvm.mlir.constant(-1 : i8) : i8
  // The kernel's warps (0-3) go to its code, the others wait.
  // CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x
  // CHECK: %[[W:.*]] = llvm.udiv %[[TID]]
  // CHECK: %[[WARP:.*]] = nvvm.shfl.sync idx {{.*}}, %[[W]]
  // CHECK: %[[MINE:.*]] = llvm.icmp "ult" %[[WARP]]
  // CHECK: llvm.cond_br %[[MINE]], ^[[KERNEL:.*]], ^[[WAIT:bb[0-9]+]]
  // CHECK: ^[[WAIT]]:
  // CHECK-NEXT: "llvm.nvvm.barrier.cta.sync.all"(%[[ALL]])
  // CHECK-NEXT: %[[STATES:.*]] = llvm.getelementptr %[[SMEM]][16]
  // CHECK-NEXT: %[[INDEX:.*]] = llvm.sub %[[WARP]]
  // CHECK-NEXT: %[[SLOT:.*]] = llvm.getelementptr %[[STATES]][%[[INDEX]]]
  // CHECK-NEXT: %[[STATE:.*]] = llvm.load %[[SLOT]] : !llvm.ptr<3> -> i8
  // CHECK-NEXT: llvm.switch %[[STATE]] : i8, ^[[NONE:.*]] [
  // CHECK-NEXT: 0: ^[[P0:bb[0-9]+]],
  // CHECK-NEXT: 1: ^[[P1:bb[0-9]+]],
  // CHECK-NEXT: 2: ^[[OUT:bb[0-9]+]]
  // CHECK: ^[[NONE]]:
  // CHECK-NEXT: "llvm.nvvm.barrier.cta.sync.all"(%[[ALL]])
  // CHECK-NEXT: "llvm.nvvm.barrier.cta.sync.all"(%[[ALL]])
  // CHECK-NEXT: llvm.br ^[[WAIT]] {loop_annotation = #llvm.loop_annotation<licm = <disable = true>>}
  // CHECK: ^[[OUT]]:
  // CHECK-NEXT: llvm.return
  // The producer reads its capture (an i64 after the i32 the kernel argument
  // was, which needs no passing), then meets everyone.
  // CHECK: ^[[P0]]:
  // CHECK-NEXT: %[[CAPS0:.*]] = llvm.getelementptr %[[SMEM]][64]
  // CHECK-NEXT: %[[CAP:.*]] = llvm.getelementptr %[[CAPS0]][0, 0] : (!llvm.ptr<3>) -> !llvm.ptr<3>, !llvm.struct<packed (i64)>
  // CHECK-NEXT: %[[V:.*]] = llvm.load %[[CAP]] {alignment = 1 : i64} : !llvm.ptr<3> -> i64
  // CHECK-NEXT: "llvm.nvvm.barrier.cta.sync.all"(%[[ALL]])
  // CHECK-NEXT: "produce"(%[[V]], %arg0)
  // One warp: a warp sync for its barrier.
  // CHECK-NEXT: nvvm.bar.warp.sync
  // CHECK-NEXT: "llvm.nvvm.barrier.cta.sync.all"(%[[ALL]])
  // CHECK-NEXT: llvm.br ^[[WAIT]]
  // Two warps: named barrier 3 (the second partition's) of 64 threads.
  // CHECK: ^[[P1]]:
  // CHECK: "consume"
  // CHECK-NEXT: nvvm.barrier id = %{{.*}} number_of_threads = %{{.*}}
  // CHECK: llvm.br ^[[WAIT]]
  // The kernel's warps: warps 4-5 (indices 0, 1) consume, 6 produces, 7 idles.
  // CHECK: ^[[KERNEL]]:
  // CHECK: %[[X:.*]] = "make"() : () -> i64
  // CHECK: llvm.store %[[CONSUMER]], %[[BASE:.*]] : i8, !llvm.ptr<3>
  // CHECK-NEXT: %[[S1:.*]] = llvm.getelementptr %[[BASE]][1]
  // CHECK-NEXT: llvm.store %[[CONSUMER]], %[[S1]]
  // CHECK-NEXT: %[[S2:.*]] = llvm.getelementptr %[[BASE]][2]
  // CHECK-NEXT: llvm.store %[[PRODUCER]], %[[S2]]
  // CHECK-NEXT: %[[S3:.*]] = llvm.getelementptr %[[BASE]][3]
  // CHECK-NEXT: llvm.store %[[IDLE]], %[[S3]]
  // CHECK-NEXT: %[[CAPS:.*]] = llvm.getelementptr %[[SMEM]][64]
  // CHECK-NEXT: %[[C0:.*]] = llvm.getelementptr %[[CAPS]][0, 0] : (!llvm.ptr<3>) -> !llvm.ptr<3>, !llvm.struct<packed (i64)>
  // CHECK-NEXT: llvm.store %[[X]], %[[C0]] {alignment = 1 : i64}
  // CHECK-NEXT: "llvm.nvvm.barrier.cta.sync.all"(%[[ALL]])
  // CHECK-NEXT: "llvm.nvvm.barrier.cta.sync.all"(%[[ALL]])
  // CHECK-NEXT: llvm.br ^[[DEFAULT:bb[0-9]+]]
  // The default region's barrier is the kernel's own: barrier 0, 128 threads.
  // CHECK: ^[[DEFAULT]]:
  // CHECK-NEXT: %[[R:.*]] = "work"() : () -> i32
  // CHECK-NEXT: nvvm.barrier id = %{{.*}} number_of_threads = %{{.*}}
  // CHECK-NEXT: "llvm.nvvm.barrier.cta.sync.all"(%[[ALL]])
  // CHECK-NEXT: llvm.br ^[[AFTER:bb[0-9]+]](%[[R]] : i32)
  // CHECK: ^[[AFTER]](%[[RES:.*]]: i32):
  // CHECK-NEXT: "use"(%[[RES]])
  // Before returning, every worker warp is sent out.
  // CHECK: llvm.store %[[EXIT]]
  // CHECK-COUNT-3: llvm.store %[[EXIT]]
  // CHECK-NEXT: "llvm.nvvm.barrier.cta.sync.all"(%[[ALL]])
  // CHECK-NEXT: llvm.return
  %x = "make"() : () -> i64
  %r = ttg.warp_specialize(%x, %n) attributes {allocation.offset = 64 : i32, warpGroupStartIds = array<i32: 6, 4>}
  default {
    %w = "work"() : () -> i32
    nvvm.barrier0
    ttg.warp_yield %w : i32
  }
  partition0(%a: i64, %b: i32) num_warps(1) {
    "produce"(%a, %b) : (i64, i32) -> ()
    nvvm.barrier0
    ttg.warp_return
  }
  partition1(%a: i64, %b: i32) num_warps(2) {
    "consume"(%a) : (i64) -> ()
    nvvm.barrier0
    ttg.warp_return
  } : (i64, i32) -> i32
  "use"(%r) : (i32) -> ()
  llvm.return
}
}

// -----

// Registers: with ttg.maxnreg 128, waiting warps drop to 24; the kernel's
// 4 warps get (128 + (128-24)*4/4) = 232. Around the op they set the
// default region's count, each partition its own.
module attributes {ttg.maxnreg = 128 : i32, "ttg.num-warps" = 4 : i32, "ttg.total-num-warps" = 8 : i32} {
llvm.mlir.global external @global_smem() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>

// CHECK-LABEL: llvm.func @registers
llvm.func @registers() attributes {allocation.offset = 0 : i32} {
  // CHECK: llvm.cond_br %{{.*}}, ^[[KERNEL:bb[0-9]+]], ^[[WAIT:bb[0-9]+]]
  // CHECK: ^[[WAIT]]:
  // CHECK-NEXT: nvvm.setmaxregister decrease 24
  // CHECK: 0: ^[[P0:bb[0-9]+]],
  // CHECK: ^[[P0]]:
  // CHECK-NEXT: nvvm.setmaxregister increase 40
  // CHECK: "load"
  // CHECK-NEXT: "llvm.nvvm.barrier.cta.sync.all"
  // CHECK-NEXT: nvvm.setmaxregister decrease 24
  // CHECK: ^[[KERNEL]]:
  // CHECK-NEXT: nvvm.setmaxregister increase 232
  // CHECK: "llvm.nvvm.barrier.cta.sync.all"
  // CHECK-NEXT: nvvm.setmaxregister increase 240
  // CHECK-NEXT: "llvm.nvvm.barrier.cta.sync.all"
  // CHECK: "mma"
  // CHECK-NEXT: "llvm.nvvm.barrier.cta.sync.all"
  // CHECK-NEXT: nvvm.setmaxregister decrease 232
  ttg.warp_specialize() attributes {warpGroupStartIds = array<i32: 4>, actualRegisters = array<i32: 240, 40>}
  default {
    "mma"() : () -> ()
    ttg.warp_yield
  }
  partition0() num_warps(4) {
    "load"() : () -> ()
    ttg.warp_return
  } : () -> ()
  llvm.return
}
}

// -----

// Without an offset from the allocation, the states and captures go after
// the module's shared memory (ttg.shared grows by them).
// CHECK: module attributes {"ttg.num-warps" = 4 : i32, ttg.shared = 1040 : i32, "ttg.total-num-warps" = 8 : i32}
module attributes {"ttg.num-warps" = 4 : i32, "ttg.shared" = 1024 : i32, "ttg.total-num-warps" = 8 : i32} {
llvm.mlir.global external @global_smem() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>

// CHECK-LABEL: llvm.func @reserved
// CHECK-SAME: allocation.offset = 1024 : i32
llvm.func @reserved() {
  // CHECK: llvm.getelementptr %{{.*}}[1024]
  // CHECK: llvm.getelementptr %{{.*}}[1032]
  %p = "make"() : () -> !llvm.ptr<1>
  ttg.warp_specialize(%p) attributes {warpGroupStartIds = array<i32: 4>}
  default {
    ttg.warp_yield
  }
  partition0(%q: !llvm.ptr<1>) num_warps(4) {
    "use"(%q) : (!llvm.ptr<1>) -> ()
    ttg.warp_return
  } : (!llvm.ptr<1>) -> ()
  llvm.return
}
}

