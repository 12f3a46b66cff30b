// RUN: triton-opt %S/../../TritonNvidiaGPU/Inputs/multicast_matmul.mlir -triton-make-llir='target=cuda:90 tma-multicast=true' | FileCheck %s
// RUN: triton-opt %s -split-input-file -triton-make-llir='target=cuda:90 tma-multicast=true' | FileCheck %s --check-prefix=FOUR
// RUN: %if ptxas %{ triton-opt %S/../../TritonNvidiaGPU/Inputs/multicast_matmul.mlir -triton-make-llir='target=cuda:90 tma-multicast=true' | triton-translate --mlir-to-ptx -o %t.ptx && FileCheck %s --input-file=%t.ptx --check-prefix=PTX && %ptxas --gpu-name=sm_90a %t.ptx -o /dev/null %}
// RUN: %if ptxas %{ triton-opt %s -split-input-file -triton-make-llir='target=cuda:90 tma-multicast=true' -o %t4.mlir && triton-translate --split-input-file --output-split-marker='//-split-' --mlir-to-ptx %t4.mlir -o %t4.ptx && rm -f %t4.part* && csplit -s -z -f %t4.part %t4.ptx '/^\/\/-split-/' '{*}' && for f in %t4.part*; do %ptxas --gpu-name=sm_90a $f -o /dev/null || exit 1; done %}

// The pipelined 2-CTA matmul (TritonNvidiaGPU/Inputs/multicast_matmul.mlir)
// with multicast: A's 128 x 64 copy is two 64 x 64 boxes, so the host
// descriptor's box (launch metadata) is 64 x 64. CTA r (r = rank & 1)
// loads rows m + 64 r into byte 8192 r of the stage and multicasts them to
// both CTAs (mask 3 << (rank & ~1)); each still expects the whole stage
// (32768 bytes). In the loop: the relaxed cluster arrive after the wgmma
// wait, the cluster wait before A's copy; B's copy is the CTA's own.
// CHECK: llvm.func @multicast_matmul
// CHECK-SAME: tt.tensordesc_meta = [{block_size = [64, 64]{{.*}}}, {block_size = [64, 64]
// CHECK-DAG: %[[THREE:.*]] = llvm.mlir.constant(3 : i32)
// CHECK-DAG: %[[NOT1:.*]] = llvm.mlir.constant(-2 : i32)
// CHECK-DAG: %[[SHARE:.*]] = llvm.mlir.constant(8192 : i32)
// CHECK-DAG: %[[ROWS:.*]] = llvm.mlir.constant(64 : i32)
// The prologue: its cluster wait, then the copy number and the mask.
// CHECK: mbarrier.arrive.expect_tx.shared.b64 _, [$1], 32768;
// CHECK: nvvm.cluster.wait {aligned}
// CHECK: %[[RANK:.*]] = nvvm.read.ptx.sreg.cluster.ctarank
// CHECK: %[[R:.*]] = llvm.and %[[RANK]]
// CHECK: %[[COPY:.*]] = llvm.or
// CHECK: %[[FIRST:.*]] = llvm.and %[[R]], %[[NOT1]]
// CHECK: %[[MASK32:.*]] = llvm.shl %[[THREE]], %[[FIRST]]
// CHECK: %[[MASK:.*]] = llvm.trunc %[[MASK32]] : i32 to i16
// CHECK: %[[DROW:.*]] = llvm.mul %[[COPY]], %[[ROWS]]
// CHECK: %[[ROW:.*]] = llvm.add %arg2, %[[DROW]]
// CHECK: llvm.mul %[[COPY]], %[[SHARE]]
// CHECK: "@$0 cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster [$1], [$2, {$3, $4}], [$5], $6;", "b,r,l,r,r,r,h" %{{.*}}, %{{.*}}, %arg0, %{{.*}}, %[[ROW]], %{{.*}}, %[[MASK]]
// CHECK: "@$0 cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [$1], [$2, {$3, $4}], [$5];", "b,r,l,r,r,r" %{{.*}}, %{{.*}}, %arg1,
// The loop.
// CHECK: wgmma.wait_group.sync.aligned 1;
// CHECK: nvvm.cluster.arrive.relaxed {aligned}
// CHECK: mbarrier.arrive.expect_tx.shared.b64 _, [$1], 32768;
// CHECK: nvvm.cluster.wait {aligned}
// CHECK: bytes.multicast::cluster [$1], [$2, {$3, $4}], [$5], $6;", "b,r,l,r,r,r,h" %{{.*}}, %{{.*}}, %arg0, %{{.*}}, %[[ROW]], %{{.*}}, %[[MASK]]
// CHECK: "@$0 cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [$1], [$2, {$3, $4}], [$5];", "b,r,l,r,r,r" %{{.*}}, %{{.*}}, %arg1,
// CHECK: nvvm.cluster.arrive {aligned}
// CHECK-NEXT: nvvm.cluster.wait {aligned}
// CHECK-NEXT: llvm.return
// PTX: barrier.cluster.arrive.relaxed.aligned;
// PTX: barrier.cluster.wait.aligned;
// PTX: cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster
// PTX: barrier.cluster.arrive.aligned;
// PTX-NEXT: barrier.cluster.wait.aligned;

// Four CTAs holding copies of A (N split four ways: CGALayout
// [[0, 0], [0, 0]]): four shares of 32 rows (box 32 x 64), the copy number
// both rank bits, the mask all four CTAs (15 << (rank & ~3)).
// FOUR-LABEL: llvm.func @four_copies
// FOUR-SAME: tt.tensordesc_meta = [{block_size = [32, 64]
// FOUR-DAG: %[[NOT3:.*]] = llvm.mlir.constant(-4 : i32)
// FOUR-DAG: %[[FIFTEEN:.*]] = llvm.mlir.constant(15 : i32)
// FOUR: %[[RANK:.*]] = nvvm.read.ptx.sreg.cluster.ctarank
// FOUR: %[[R:.*]] = llvm.and %[[RANK]]
// FOUR: %[[FIRST:.*]] = llvm.and %[[R]], %[[NOT3]]
// FOUR: llvm.shl %[[FIFTEEN]], %[[FIRST]]
// FOUR: bytes.multicast::cluster [$1], [$2, {$3, $4}], [$5], $6;
// FOUR-NOT: cp.async.bulk.tensor
// FOUR: llvm.return
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CGALayout = [[0, 0], [0, 0]]}>
#shared2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0], CGALayout = [[0], [0]]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 4 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @four_copies(%a_d: !tt.tensordesc<tensor<128x64xf16, #shared>>, %m: i32) {
    %c0 = arith.constant 0 : i32
    %true = arith.constant true
    %a = ttg.local_alloc : () -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared2, #smem, mutable>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared2, #smem, mutable>
    ttng.barrier_expect %bar, 16384, %true : !ttg.memdesc<1xi64, #shared2, #smem, mutable>
    ttng.async_tma_copy_global_to_local %a_d[%m, %c0] %a, %bar, %true : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<1xi64, #shared2, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    ttng.wait_barrier %bar, %c0 : !ttg.memdesc<1xi64, #shared2, #smem, mutable>
    ttng.inval_barrier %bar : !ttg.memdesc<1xi64, #shared2, #smem, mutable>
    tt.return
  }
}

// -----

// Four CTAs split 2 x 2 (A: a copy along bit 0, rows split by bit 1,
// CGALayout [[0, 0], [1, 0]]): each CTA's 64 x 64 tile starts at row
// m + 64 (rank >> 1 & 1); the pair of copies (ranks differing in bit 0)
// share it as two 32 x 64 boxes, mask 3 << (rank & ~1).
// FOUR-LABEL: llvm.func @two_by_two
// FOUR-SAME: tt.tensordesc_meta = [{block_size = [32, 64]
// FOUR-DAG: %[[NOT1:.*]] = llvm.mlir.constant(-2 : i32)
// FOUR-DAG: %[[THREE:.*]] = llvm.mlir.constant(3 : i32)
// FOUR: %[[RANK:.*]] = nvvm.read.ptx.sreg.cluster.ctarank
// FOUR: %[[R:.*]] = llvm.and %[[RANK]]
// FOUR: %[[FIRST:.*]] = llvm.and %[[R]], %[[NOT1]]
// FOUR: llvm.shl %[[THREE]], %[[FIRST]]
// FOUR: bytes.multicast::cluster [$1], [$2, {$3, $4}], [$5], $6;
// FOUR-NOT: cp.async.bulk.tensor
// FOUR: llvm.return
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CGALayout = [[0, 0], [1, 0]]}>
#shared2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0], CGALayout = [[0], [0]]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 4 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @two_by_two(%a_d: !tt.tensordesc<tensor<128x64xf16, #shared>>, %m: i32) {
    %c0 = arith.constant 0 : i32
    %true = arith.constant true
    %a = ttg.local_alloc : () -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared2, #smem, mutable>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared2, #smem, mutable>
    ttng.barrier_expect %bar, 8192, %true : !ttg.memdesc<1xi64, #shared2, #smem, mutable>
    ttng.async_tma_copy_global_to_local %a_d[%m, %c0] %a, %bar, %true : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<1xi64, #shared2, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    ttng.wait_barrier %bar, %c0 : !ttg.memdesc<1xi64, #shared2, #smem, mutable>
    ttng.inval_barrier %bar : !ttg.memdesc<1xi64, #shared2, #smem, mutable>
    tt.return
  }
}
