// RUN: triton-opt %s -split-input-file -allocate-shared-memory -convert-triton-gpu-to-llvm | FileCheck %s
// RUN: %if ptxas %{ triton-opt %s -split-input-file -triton-make-llir='target=cuda:90' -o %t.mlir && triton-translate --split-input-file --output-split-marker='//-split-' --mlir-to-ptx %t.mlir -o %t.ptx && FileCheck %s --input-file=%t.ptx --check-prefix=PTX && rm -f %t.part* && csplit -s -z -f %t.part %t.ptx '/^\/\/-split-/' '{*}' && for f in %t.part*; do %ptxas --gpu-name=sm_90a $f -o /dev/null || exit 1; done %}

// TMA copies and their mbarriers in a 2-CTA cluster (Triton 3.6's layouts
// of its descriptor matmul at num_ctas=2). B's 64 x 256 block is split
// along dim 1 (CGALayout [[0, 1]]): each CTA loads its 64 x 128 tile, two
// boxes of 64 x 64 (128-byte swizzle), one per warp, at column
// n + 128 * (cluster rank & 1) + 64 * warp. A's 128 x 64 block is a copy in
// both CTAs (CGALayout [[0, 0]]): one 128 x 64 box at the op's coordinates,
// no rank. Each CTA has its own barrier; the inits are released to the
// cluster (fence.mbarrier_init, then a cluster barrier after the last one).
// Shared memory per CTA: 16 KiB of A, 16 KiB of B's tile, 2 barriers.
// CHECK: module attributes {{.*}}ttg.shared = 32784 : i32
// CHECK: llvm.func @tma_loads
// CHECK: mbarrier.init.shared::cta.b64 [$1], 1;
// CHECK-NOT: nvvm.cluster
// CHECK: mbarrier.init.shared::cta.b64 [$1], 1;
// CHECK-NEXT: nvvm.fence.mbarrier.init
// CHECK-NEXT: nvvm.cluster.arrive {aligned}
// CHECK-NEXT: nvvm.cluster.wait {aligned}
// CHECK: mbarrier.arrive.expect_tx.shared.b64 _, [$1], 32768;
// A: no cluster rank in its coordinates.
// CHECK-NOT: nvvm.read.ptx.sreg.cluster.ctarank
// CHECK: cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes
// CHECK-SAME: [$1], [$2, {$3, $4}], [$5]
// B: the tile's column, then the box's from the warp id.
// CHECK: nvvm.read.ptx.sreg.cluster.ctarank
// CHECK: %[[SHIFTED:.*]] = llvm.lshr
// CHECK: %[[BIT:.*]] = llvm.and %[[SHIFTED]]
// CHECK: %[[C128:.*]] = llvm.mlir.constant(128 : i32)
// CHECK: %[[TILE:.*]] = llvm.mul %[[BIT]], %[[C128]]
// CHECK: %[[COL:.*]] = llvm.add %arg3, %[[TILE]]
// CHECK: %[[C64:.*]] = llvm.mlir.constant(64 : i32)
// CHECK: %[[BOX:.*]] = llvm.mul %{{.*}}, %[[C64]]
// CHECK: llvm.add %[[COL]], %[[BOX]]
// CHECK: cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes
// CHECK-NOT: cp.async.bulk.tensor
// CHECK: llvm.return
// PTX-LABEL: .entry tma_loads
// PTX: .explicitcluster
// PTX: .reqnctapercluster 2, 1, 1
// PTX: fence.mbarrier_init.release.cluster;
// PTX-NEXT: barrier.cluster.arrive.aligned;
// PTX-NEXT: barrier.cluster.wait.aligned;
// PTX-COUNT-2: cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes
// PTX-NOT: cp.async.bulk.tensor
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CGALayout = [[0, 0]]}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CGALayout = [[0, 1]]}>
#shared2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0], CGALayout = [[0]]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @tma_loads(%a_d: !tt.tensordesc<tensor<128x64xf16, #shared>>, %b_d: !tt.tensordesc<tensor<64x256xf16, #shared1>>, %m: i32, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %true = arith.constant true
    %a = ttg.local_alloc : () -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    %b = ttg.local_alloc : () -> !ttg.memdesc<64x256xf16, #shared1, #smem, mutable>
    %bars = ttg.local_alloc : () -> !ttg.memdesc<2x1xi64, #shared2, #smem, mutable>
    %bar0 = ttg.memdesc_index %bars[%c0] : !ttg.memdesc<2x1xi64, #shared2, #smem, mutable> -> !ttg.memdesc<1xi64, #shared2, #smem, mutable>
    ttng.init_barrier %bar0, 1 : !ttg.memdesc<1xi64, #shared2, #smem, mutable>
    %bar1 = ttg.memdesc_index %bars[%c1] : !ttg.memdesc<2x1xi64, #shared2, #smem, mutable> -> !ttg.memdesc<1xi64, #shared2, #smem, mutable>
    ttng.init_barrier %bar1, 1 : !ttg.memdesc<1xi64, #shared2, #smem, mutable>
    ttng.barrier_expect %bar0, 32768, %true : !ttg.memdesc<1xi64, #shared2, #smem, mutable>
    ttng.async_tma_copy_global_to_local %a_d[%m, %c0] %a, %bar0, %true : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<1xi64, #shared2, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    ttng.async_tma_copy_global_to_local %b_d[%c0, %n] %b, %bar0, %true : !tt.tensordesc<tensor<64x256xf16, #shared1>>, !ttg.memdesc<1xi64, #shared2, #smem, mutable> -> !ttg.memdesc<64x256xf16, #shared1, #smem, mutable>
    ttng.wait_barrier %bar0, %c0 : !ttg.memdesc<1xi64, #shared2, #smem, mutable>
    tt.return
  }
}

// -----

// A TMA store of a 128 x 256 buffer split along dim 1: each CTA stores its
// 128 x 128 tile as two 128 x 64 boxes, at n + 128 * rank; the launch
// metadata gives the host descriptor that box (tt.tensordesc_meta).
// CHECK: llvm.func @tma_store
// CHECK-SAME: tt.tensordesc_meta = [{block_size = [128, 64]
// CHECK: nvvm.read.ptx.sreg.cluster.ctarank
// CHECK: cp.async.bulk.tensor.2d.global.shared::cta.bulk_group
// CHECK-NOT: cp.async.bulk.tensor
// CHECK: nvvm.cp.async.bulk.commit.group
// PTX-LABEL: .entry tma_store
// PTX: %cluster_ctarank
// PTX: cp.async.bulk.tensor.2d.global.shared::cta.bulk_group
// PTX-NOT: cp.async.bulk.tensor
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0], CGALayout = [[0, 1]]}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CGALayout = [[0, 1]]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @tma_store(%c_d: !tt.tensordesc<tensor<128x256xf16, #shared1>>, %x: tensor<128x256xf16, #blocked>, %m: i32, %n: i32) {
    %buf = ttg.local_alloc %x : (tensor<128x256xf16, #blocked>) -> !ttg.memdesc<128x256xf16, #shared1, #smem>
    ttng.fence_async_shared {bCluster = false}
    ttng.async_tma_copy_local_to_global %c_d[%m, %n] %buf : !tt.tensordesc<tensor<128x256xf16, #shared1>>, !ttg.memdesc<128x256xf16, #shared1, #smem>
    ttng.async_tma_store_wait {pendings = 0 : i32}
    tt.return
  }
}
