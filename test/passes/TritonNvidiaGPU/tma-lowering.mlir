// RUN: triton-opt %s -triton-nvidia-tma-lowering -cse | FileCheck %s
// RUN: triton-opt %s -triton-nvidia-tma-lowering -tritongpu-global-scratch-memory-allocation | FileCheck %s --check-prefix=SCRATCH

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [1, 32], warpsPerCTA = [8, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared3 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, rank = 3}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // A load: a buffer in the descriptor's layout, a one-arrival barrier
  // expecting the block's 32768 bytes, the copy, the wait on phase 0, then
  // the registers read from the buffer.
  // CHECK-LABEL: tt.func public @load
  // CHECK: %[[BUF:.*]] = ttg.local_alloc : () -> !ttg.memdesc<64x256xf16, #shared, #smem, mutable>
  // CHECK: %[[BAR:.*]] = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
  // CHECK: ttng.init_barrier %[[BAR]], 1
  // CHECK: ttng.barrier_expect %[[BAR]], 32768, %true
  // CHECK: ttng.async_tma_copy_global_to_local %arg0[%arg1, %arg2] %[[BUF]], %[[BAR]], %true evictionPolicy = evict_first
  // CHECK: ttng.wait_barrier %[[BAR]], %c0_i32
  // CHECK: ttng.inval_barrier %[[BAR]]
  // CHECK: %[[V:.*]] = ttg.local_load %[[BUF]] : !ttg.memdesc<64x256xf16, #shared, #smem, mutable> -> tensor<64x256xf16, #blocked>
  // CHECK: tt.return %[[V]]
  tt.func public @load(%d: !tt.tensordesc<tensor<64x256xf16, #shared>>, %x: i32, %y: i32) -> tensor<64x256xf16, #blocked> {
    %t = tt.descriptor_load %d[%x, %y] evictionPolicy = evict_first : !tt.tensordesc<tensor<64x256xf16, #shared>> -> tensor<64x256xf16, #blocked>
    tt.return %t : tensor<64x256xf16, #blocked>
  }

  // A load that drops the block's leading unit dimension (the frontend
  // folds `reshape(desc.load(...))` so): the buffer has the load's shape and
  // the block's swizzle at that rank; the 3-D copy fills it.
  // CHECK-LABEL: tt.func public @load_rank_reducing
  // CHECK: %[[BUF2:.*]] = ttg.local_alloc : () -> !ttg.memdesc<64x256xf16, #shared, #smem, mutable>
  // CHECK: ttng.barrier_expect %{{.*}}, 32768, %true
  // CHECK: ttng.async_tma_copy_global_to_local %arg0[%arg1, %arg2, %arg3] %[[BUF2]], %{{.*}}, %true : !tt.tensordesc<tensor<1x64x256xf16, #shared2>>, {{.*}} -> !ttg.memdesc<64x256xf16, #shared, #smem, mutable>
  // CHECK: %[[V2:.*]] = ttg.local_load %[[BUF2]] : !ttg.memdesc<64x256xf16, #shared, #smem, mutable> -> tensor<64x256xf16, #blocked>
  // CHECK: tt.return %[[V2]]
  tt.func public @load_rank_reducing(%d: !tt.tensordesc<tensor<1x64x256xf16, #shared3>>, %h: i32, %x: i32, %y: i32) -> tensor<64x256xf16, #blocked> {
    %t = tt.descriptor_load %d[%h, %x, %y] : !tt.tensordesc<tensor<1x64x256xf16, #shared3>> -> tensor<64x256xf16, #blocked>
    tt.return %t : tensor<64x256xf16, #blocked>
  }

  // A store: the value into a buffer, the async-proxy fence, the copy and
  // the wait for it to have read the buffer.
  // CHECK-LABEL: tt.func public @store
  // CHECK: %[[S:.*]] = ttg.local_alloc %arg3 : (tensor<64x256xf16, #blocked>) -> !ttg.memdesc<64x256xf16, #shared, #smem>
  // CHECK-NEXT: ttng.fence_async_shared {bCluster = false}
  // CHECK-NEXT: ttng.async_tma_copy_local_to_global %arg0[%arg1, %arg2] %[[S]]
  // CHECK-NEXT: ttng.async_tma_store_wait {pendings = 0 : i32}
  tt.func public @store(%d: !tt.tensordesc<tensor<64x256xf16, #shared>>, %x: i32, %y: i32, %v: tensor<64x256xf16, #blocked>) {
    tt.descriptor_store %d[%x, %y], %v : !tt.tensordesc<tensor<64x256xf16, #shared>>, tensor<64x256xf16, #blocked>
    tt.return
  }

  // A reduction: as a store, with the TMA reduction of its kind in place of
  // the copy.
  // CHECK-LABEL: tt.func public @reduce_add
  // CHECK: %[[R:.*]] = ttg.local_alloc %arg3 : (tensor<64x256xf16, #blocked>) -> !ttg.memdesc<64x256xf16, #shared, #smem>
  // CHECK-NEXT: ttng.fence_async_shared {bCluster = false}
  // CHECK-NEXT: ttng.async_tma_reduce add, %arg0[%arg1, %arg2] %[[R]] : !tt.tensordesc<tensor<64x256xf16, #shared>>, !ttg.memdesc<64x256xf16, #shared, #smem>
  // CHECK-NEXT: ttng.async_tma_store_wait {pendings = 0 : i32}
  // CHECK-NOT: tt.descriptor_reduce
  tt.func public @reduce_add(%d: !tt.tensordesc<tensor<64x256xf16, #shared>>, %x: i32, %y: i32, %v: tensor<64x256xf16, #blocked>) {
    tt.descriptor_reduce add, %d[%x, %y], %v : !tt.tensordesc<tensor<64x256xf16, #shared>>, tensor<64x256xf16, #blocked>
    tt.return
  }

  // CHECK-LABEL: tt.func public @reduce_max
  // CHECK: ttng.async_tma_reduce max, %arg0[%arg1, %arg2]
  tt.func public @reduce_max(%d: !tt.tensordesc<tensor<64x256xf16, #shared>>, %x: i32, %y: i32, %v: tensor<64x256xf16, #blocked>) {
    tt.descriptor_reduce max, %d[%x, %y], %v : !tt.tensordesc<tensor<64x256xf16, #shared>>, tensor<64x256xf16, #blocked>
    tt.return
  }

  // A descriptor made in the kernel: 128 bytes of scratch; dimensions
  // innermost first, the box cut to one 128-byte swizzle row (64 f16),
  // strides in bytes without the innermost, NaN padding as fill mode 1.
  // CHECK-LABEL: tt.func public @make
  // CHECK: %[[P:.*]] = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 128 : i32} : !tt.ptr<i8>
  // CHECK-DAG: %[[C64:.*]] = arith.constant 64 : i32
  // CHECK-DAG: %[[C2:.*]] = arith.constant 2 : i64
  // CHECK-DAG: %[[C1:.*]] = arith.constant 1 : i32
  // CHECK-DAG: %[[STRIDE:.*]] = arith.muli %arg3, %[[C2]] : i64
  // CHECK: ttng.tensormap_create %[[P]], %arg0, [%[[C64]], %[[C64]]], [%arg2, %arg1], [%[[STRIDE]]], [%[[C1]], %[[C1]]] {elem_type = 6 : i32, fill_mode = 1 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32}
  // CHECK: ttng.tensormap_fenceproxy_acquire %[[P]] : !tt.ptr<i8>
  // CHECK: %[[D:.*]] = ttng.reinterpret_tensor_descriptor %[[P]] : !tt.ptr<i8> to !tt.tensordesc<tensor<64x256xf16, #shared>>
  // CHECK: tt.return %[[D]]
  // Each kernel's scratch starts at 0 (a launch runs one kernel): the
  // module needs the larger kernel's 128 bytes.
  // SCRATCH: module attributes {{{.*}}ttg.global_scratch_memory_alignment = 128 : i32, ttg.global_scratch_memory_size = 128 : i32
  // SCRATCH-LABEL: tt.func public @make
  // SCRATCH: ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 128 : i32, ttg.global_scratch_memory_offset = 0 : i32}
  // SCRATCH-LABEL: tt.func public @make_twice
  // SCRATCH: ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 128 : i32, ttg.global_scratch_memory_offset = 0 : i32}
  tt.func public @make(%p: !tt.ptr<f16>, %m: i32, %n: i32, %s: i64) -> !tt.tensordesc<tensor<64x256xf16, #shared>> {
    %c1 = arith.constant 1 : i64
    %d = tt.make_tensor_descriptor %p, [%m, %n], [%s, %c1] {padding = 2 : i32} : <f16>, <tensor<64x256xf16, #shared>>
    tt.return %d : !tt.tensordesc<tensor<64x256xf16, #shared>>
  }
  tt.func public @make_twice(%p: !tt.ptr<f16>, %m: i32, %n: i32, %s: i64) {
    %c1 = arith.constant 1 : i64
    %d = tt.make_tensor_descriptor %p, [%m, %n], [%s, %c1] : <f16>, <tensor<64x256xf16, #shared>>
    tt.return
  }
}
