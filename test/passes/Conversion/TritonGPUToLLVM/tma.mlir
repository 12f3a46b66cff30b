// RUN: triton-opt %s -split-input-file -allocate-shared-memory -tritongpu-global-scratch-memory-allocation -convert-triton-gpu-to-llvm | FileCheck %s
// RUN: %if ptxas %{ triton-opt %s -split-input-file -triton-make-llir='target=cuda:90' -o %t.mlir && triton-translate --split-input-file --output-split-marker='//-split-' --mlir-to-ptx %t.mlir -o %t.ptx && FileCheck %s --input-file=%t.ptx --check-prefix=PTX && rm -f %t.part* && csplit -s -z -f %t.part %t.ptx '/^\/\/-split-/' '{*}' && for f in %t.part*; do %ptxas --gpu-name=sm_90a $f -o /dev/null || exit 1; done %}

// Host-made descriptors are 128-byte parameters passed by value in
// parameter space; their address is the descriptor.
// CHECK-LABEL: llvm.func @tma_copy(%arg0: !llvm.ptr {llvm.align = 64 : i64, llvm.byval = !llvm.array<128 x i8>, nvvm.grid_constant}
// CHECK-SAME: tt.tensordesc_meta = [{block_size = [64, 64], elem_size = 2 : i64, elem_type = 6 : i64, fp4_padded = false, swizzle = 3 : i64}]
// PTX: .param .align 64 .b8 tma_copy_param_0[128]
// PTX: cvta.param.u64
// The warp id of the copies' issuers, made warp-uniform by a shuffle once
// at the function's entry.
// CHECK: %[[WARP:.*]] = nvvm.shfl.sync idx {{.*}} {tt.uniform_warp_id}
// CHECK-NOT: nvvm.shfl.sync

// Thread 0 initializes the barrier and expects the bytes (statements
// without outputs have a void result, as Triton 3.6 prints them).
// CHECK: "@$0 mbarrier.init.shared::cta.b64 [$1], 1;", "b,r" %{{.*}}, %{{.*}} : (i1, !llvm.ptr<3>) -> !llvm.void
// CHECK: "@$0 mbarrier.arrive.expect_tx.shared.b64 _, [$1], 32768;", "b,r"
// The 64x256 block is four 64x64 boxes (a 128-byte swizzle row is 64 f16),
// evenly spaced: one instruction, issued by an elected lane of each warp
// w < 4 (w from a shuffle: warp-uniform), box w 8192 bytes into the buffer
// and w * 64 columns on.
// CHECK: %[[ELECTED:.*]] = nvvm.elect.sync -> i1
// CHECK: %[[FOUR:.*]] = llvm.mlir.constant(4 : i32) : i32
// CHECK: %[[IN:.*]] = llvm.icmp "ult" %[[WARP]], %[[FOUR]] : i32
// CHECK: %[[ISSUES:.*]] = llvm.and %[[ELECTED]], %[[IN]] : i1
// CHECK: %[[BYTES:.*]] = llvm.mlir.constant(8192 : i32) : i32
// CHECK: %[[OFFSET:.*]] = llvm.mul %[[WARP]], %[[BYTES]] : i32
// CHECK: %[[COLUMNS:.*]] = llvm.mlir.constant(64 : i32) : i32
// CHECK: %[[STEP:.*]] = llvm.mul %[[WARP]], %[[COLUMNS]] : i32
// CHECK: %[[COLUMN:.*]] = llvm.add %arg2, %[[STEP]] : i32
// CHECK: %[[PRED:.*]] = llvm.and %[[ISSUES]], %{{.*}} : i1
// CHECK: %[[DST:.*]] = llvm.getelementptr %{{.*}}[%[[OFFSET]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
// CHECK: cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [$1], [$2, {$3, $4}], [$5];", "b,r,l,r,r,r" %[[PRED]], %[[DST]], %arg0, %[[COLUMN]], %arg1,
// CHECK-NOT: cp.async.bulk.tensor
// A wait whose predicate is constant true has no skip branch.
// CHECK-NOT: skipWait
// CHECK: mbarrier.try_wait.parity.shared.b64 complete, [$0], $1;
// CHECK-NOT: skipWait
// CHECK: "@$0 mbarrier.inval.shared::cta.b64 [$1];"
// PTX: cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes

// The store: the async-proxy fence, a barrier, then the boxes and their bulk group.
// CHECK: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
// CHECK: nvvm.barrier
// CHECK: cp.async.bulk.tensor.2d.global.shared::cta.bulk_group [$1, {$2, $3}], [$4];", "b,l,r,r,r"
// CHECK-NOT: cp.async.bulk.tensor
// CHECK: nvvm.cp.async.bulk.commit.group
// CHECK: nvvm.cp.async.bulk.wait_group 0 {read}
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @tma_copy(%d: !tt.tensordesc<tensor<64x256xf16, #shared>>, %x: i32, %y: i32) {
    %true = arith.constant true
    %c0 = arith.constant 0 : i32
    %buf = ttg.local_alloc : () -> !ttg.memdesc<64x256xf16, #shared, #smem, mutable>
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.barrier_expect %bar, 32768, %true : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.async_tma_copy_global_to_local %d[%x, %y] %buf, %bar, %true : !tt.tensordesc<tensor<64x256xf16, #shared>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<64x256xf16, #shared, #smem, mutable>
    ttng.wait_barrier %bar, %c0, %true : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.inval_barrier %bar : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    %v = ttg.local_load %buf : !ttg.memdesc<64x256xf16, #shared, #smem, mutable> -> tensor<64x256xf16, #blocked>
    %s = ttg.local_alloc %v : (tensor<64x256xf16, #blocked>) -> !ttg.memdesc<64x256xf16, #shared, #smem>
    ttng.fence_async_shared {bCluster = false}
    ttng.async_tma_copy_local_to_global %d[%x, %y] %s : !tt.tensordesc<tensor<64x256xf16, #shared>>, !ttg.memdesc<64x256xf16, #shared, #smem>
    ttng.async_tma_store_wait {pendings = 0 : i32}
    tt.return
  }
}

// -----

// With two warps the four boxes are two rounds, each one instruction (the
// second 128 columns on). A 512x128 block is boxes of 256 rows x 64 columns
// in a 2 x 2 grid, not evenly spaced: one predicated instruction per box,
// warp w issuing box w.
// CHECK-LABEL: llvm.func @tma_rounds
// CHECK-COUNT-2: cp.async.bulk.tensor.2d.shared::cluster.global
// CHECK-NOT: cp.async.bulk.tensor
// CHECK-LABEL: llvm.func @tma_grid
// CHECK-COUNT-4: cp.async.bulk.tensor.2d.shared::cluster.global
// CHECK-NOT: cp.async.bulk.tensor
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @tma_rounds(%d: !tt.tensordesc<tensor<64x256xf16, #shared>>, %x: i32, %y: i32) {
    %true = arith.constant true
    %buf = ttg.local_alloc : () -> !ttg.memdesc<64x256xf16, #shared, #smem, mutable>
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.async_tma_copy_global_to_local %d[%x, %y] %buf, %bar, %true : !tt.tensordesc<tensor<64x256xf16, #shared>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<64x256xf16, #shared, #smem, mutable>
    tt.return
  }
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @tma_grid(%d: !tt.tensordesc<tensor<512x128xf16, #shared>>, %x: i32, %y: i32) {
    %true = arith.constant true
    %buf = ttg.local_alloc : () -> !ttg.memdesc<512x128xf16, #shared, #smem, mutable>
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.async_tma_copy_global_to_local %d[%x, %y] %buf, %bar, %true : !tt.tensordesc<tensor<512x128xf16, #shared>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<512x128xf16, #shared, #smem, mutable>
    tt.return
  }
}

// -----

// A descriptor made in the kernel: built in 128 bytes of shared scratch by
// warp 0 (zeroed, then thread 0 replaces each field, a field's dimensions
// together), copied to this program's global scratch (program * 128 bytes
// in). Warp 0 acquires it (with an empty bulk group waited on, against a
// ptxas bug), then a CTA barrier hands it to every warp; no barrier between
// the copy and the acquire (both warp 0's).
// CHECK-LABEL: llvm.func @tma_make
// CHECK: nvvm.read.ptx.sreg.ctaid.z
// CHECK: llvm.mul {{.*}} : i64
// CHECK: llvm.getelementptr %arg{{[0-9]+}}[%{{.*}}] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i8
// CHECK: "@$0 st.shared.b32 [$1], 0;"
// CHECK: "@$2 tensormap.replace.tile.global_address.shared::cta.b1024.b64 [ $0 + 0 ], $1;", "r,l,b"
// CHECK: "@$1 tensormap.replace.tile.rank.shared::cta.b1024.b32 [ $0 + 0 ], 0x1;", "r,b"
// CHECK: "@$2 tensormap.replace.tile.box_dim.shared::cta.b1024.b32 [ $0 + 0 ], 0x0, $1;", "r,r,b"
// CHECK: "@$2 tensormap.replace.tile.box_dim.shared::cta.b1024.b32 [ $0 + 0 ], 0x1, $1;"
// CHECK: "@$2 tensormap.replace.tile.global_dim.shared::cta.b1024.b32 [ $0 + 0 ], 0x0, $1;"
// CHECK: "@$2 tensormap.replace.tile.global_dim.shared::cta.b1024.b32 [ $0 + 0 ], 0x1, $1;"
// CHECK: "@$2 tensormap.replace.tile.global_stride.shared::cta.b1024.b64 [ $0 + 0 ], 0x0, $1;", "r,l,b"
// CHECK: "@$2 tensormap.replace.tile.element_stride.shared::cta.b1024.b32 [ $0 + 0 ], 0x0, $1;"
// CHECK: "@$2 tensormap.replace.tile.element_stride.shared::cta.b1024.b32 [ $0 + 0 ], 0x1, $1;"
// CHECK: "@$1 tensormap.replace.tile.elemtype.shared::cta.b1024.b32 [ $0 + 0 ], 0x6;"
// CHECK: "@$1 tensormap.replace.tile.swizzle_mode.shared::cta.b1024.b32 [ $0 + 0 ], 0x3;"
// CHECK: "@$2 tensormap.cp_fenceproxy.global.shared::cta.tensormap::generic.release.gpu.sync.aligned [ $0 + 0 ], [ $1 + 0 ], 0x80;", "l,r,b"
// CHECK-NOT: nvvm.barrier
// CHECK: [[RAW_TID:%.*]] = nvvm.read.ptx.sreg.tid.x
// CHECK: [[TID:%.*]] = llvm.and [[RAW_TID]], %{{.*}} : i32
// CHECK: [[WARP0:%.*]] = llvm.icmp "ult" [[TID]], %{{.*}} : i32
// CHECK: "@$1 fence.proxy.tensormap::generic.acquire.gpu [ $0 + 0 ], 0x80;\0A\09@$1 cp.async.bulk.commit_group;\0A\09@$1 cp.async.bulk.wait_group.read 0;", "l,b" %{{.*}}, [[WARP0]]
// CHECK-NEXT: nvvm.barrier
// PTX: tensormap.cp_fenceproxy.global.shared::cta.tensormap::generic.release.gpu.sync.aligned
// PTX: fence.proxy.tensormap::generic.acquire.gpu
// PTX-NEXT: cp.async.bulk.commit_group
// PTX-NEXT: cp.async.bulk.wait_group.read 0
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @tma_make(%p: !tt.ptr<f16>, %m: i32, %n: i32, %out: !tt.ptr<i64>) {
    %c64 = arith.constant 64 : i32
    %c1 = arith.constant 1 : i32
    %s = arith.constant 256 : i64
    %scratch = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 128 : i32} : !tt.ptr<i8>
    ttng.tensormap_create %scratch, %p, [%c64, %c64], [%n, %m], [%s], [%c1, %c1] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i32, i64, i32, i32) -> ()
    ttng.tensormap_fenceproxy_acquire %scratch : !tt.ptr<i8>
    %d = ttng.reinterpret_tensor_descriptor %scratch : !tt.ptr<i8> to !tt.tensordesc<tensor<64x64xf16, #shared>>
    tt.return
  }
}

// -----

// ttng.tensormap_create's elem_type is PTX's tensormap numbering (Triton
// 3.6's): BFLOAT16 10, FLOAT64 9 (the driver's 9 and 8), written as is.
// CHECK-LABEL: llvm.func @tma_make_bf16
// CHECK: tensormap.replace.tile.elemtype.shared::cta.b1024.b32 [ $0 + 0 ], 0xa;
// CHECK-LABEL: llvm.func @tma_make_f64
// CHECK: tensormap.replace.tile.elemtype.shared::cta.b1024.b32 [ $0 + 0 ], 0x9;
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @tma_make_bf16(%p: !tt.ptr<bf16>, %m: i32, %n: i32) {
    %c64 = arith.constant 64 : i32
    %c1 = arith.constant 1 : i32
    %s = arith.constant 256 : i64
    %scratch = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 128 : i32} : !tt.ptr<i8>
    ttng.tensormap_create %scratch, %p, [%c64, %c64], [%n, %m], [%s], [%c1, %c1] {elem_type = 10 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<bf16>, i32, i32, i32, i32, i64, i32, i32) -> ()
    tt.return
  }
  tt.func public @tma_make_f64(%p: !tt.ptr<f64>, %m: i32, %n: i32) {
    %c16 = arith.constant 16 : i32
    %c1 = arith.constant 1 : i32
    %s = arith.constant 256 : i64
    %scratch = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 128 : i32} : !tt.ptr<i8>
    ttng.tensormap_create %scratch, %p, [%c16, %c16], [%n, %m], [%s], [%c1, %c1] {elem_type = 9 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f64>, i32, i32, i32, i32, i64, i32, i32) -> ()
    tt.return
  }
}

// -----

// A store from an unswizzled row-major #ttg.swizzled_shared buffer: one box
// of the whole 32x64 f32 block (rows within 256 elements), no swizzle; the
// host descriptor's metadata says swizzle 0 with that box.
// CHECK-LABEL: llvm.func @tma_store_rows
// CHECK-SAME: tt.tensordesc_meta = [{block_size = [32, 64], elem_size = 4 : i64, elem_type = 7 : i64, fp4_padded = false, swizzle = 0 : i64}]
// CHECK: cp.async.bulk.tensor.2d.global.shared::cta.bulk_group [$1, {$2, $3}], [$4];", "b,l,r,r,r"
// CHECK-NOT: cp.async.bulk.tensor
// PTX-LABEL: tma_store_rows
// PTX: cp.async.bulk.tensor.2d.global.shared::cta.bulk_group
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#rows = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @tma_store_rows(%d: !tt.tensordesc<tensor<32x64xf32, #rows>>, %x: i32, %y: i32, %v: tensor<32x64xf32, #blocked>) {
    %s = ttg.local_alloc %v : (tensor<32x64xf32, #blocked>) -> !ttg.memdesc<32x64xf32, #rows, #smem>
    ttng.fence_async_shared {bCluster = false}
    ttng.async_tma_copy_local_to_global %d[%x, %y] %s : !tt.tensordesc<tensor<32x64xf32, #rows>>, !ttg.memdesc<32x64xf32, #rows, #smem>
    ttng.async_tma_store_wait {pendings = 0 : i32}
    tt.return
  }
}
