// RUN: triton-opt %s -split-input-file -nvgpu-warp-specialization=num-stages=2 | FileCheck %s

// A matmul loop asking for warp specialization (tl.range(..., warp_specialize=True)):
// the producer (default region) TMA-copies both tiles into 2-slot rings, the
// consumer partition runs the wgmma on the slots and stores the tile. Every
// loop then has tt.num_stages = 0 (the pipeliner leaves it alone) and keeps
// its tt.warp_specialize.

#blk = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#sh = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shT = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: @matmul_ws
  // CHECK-DAG: ttg.local_alloc : () -> !ttg.memdesc<2x128x64xf16, #shared, #smem, mutable>
  // CHECK-DAG: ttg.local_alloc : () -> !ttg.memdesc<2x1xi64
  // CHECK: ttg.warp_specialize({{.*}}) attributes {requestedRegisters = array<i32: 232>}
  // CHECK-NEXT: default {
  // CHECK:   scf.for
  // CHECK:     ttng.wait_barrier
  // CHECK:     ttng.barrier_expect %{{.*}}, 16384
  // CHECK:     ttng.async_tma_copy_global_to_local
  // CHECK:     ttng.wait_barrier
  // CHECK:     ttng.barrier_expect %{{.*}}, 16384
  // CHECK:     ttng.async_tma_copy_global_to_local
  // CHECK:   } {async_task_id = array<i32: 0>, tt.num_stages = 0 : i32, tt.warp_specialize}
  // CHECK:   ttg.warp_yield
  // CHECK: partition0({{.*}}) num_warps(4) {
  // CHECK:   scf.for {{.*}} -> (tensor<128x128xf32, #mma>, i32)
  // CHECK:     ttng.wait_barrier
  // CHECK:     ttng.wait_barrier
  // CHECK:     %[[B:.*]] = ttg.memdesc_index
  // CHECK:     %[[BT:.*]] = ttg.memdesc_trans %[[B]] {{.*}} -> !ttg.memdesc<64x128xf16, #{{.*}}, #smem, mutable>
  // CHECK:     ttng.warp_group_dot %{{.*}}, %[[BT]]
  // CHECK:     ttng.arrive_barrier
  // CHECK:     ttng.arrive_barrier
  // CHECK:   } {async_task_id = array<i32: 1>, tt.num_stages = 0 : i32, tt.warp_specialize}
  // CHECK:   tt.descriptor_store
  // CHECK:   ttg.warp_return
  // CHECK-NOT: tt.descriptor_load
  tt.func public @matmul_ws(%da: !tt.tensordesc<tensor<128x64xf16, #sh>>, %db: !tt.tensordesc<tensor<128x64xf16, #sh>>, %dc: !tt.tensordesc<tensor<128x128xf16, #sh>>, %k: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c64 = arith.constant 64 : i32
    %c128 = arith.constant 128 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %pm = tt.get_program_id x : i32
    %m = arith.muli %pm, %c128 : i32
    %pn = tt.get_program_id y : i32
    %n = arith.muli %pn, %c128 : i32
    %acc = scf.for %i = %c0 to %k step %c1 iter_args(%a = %zero) -> (tensor<128x128xf32, #mma>) : i32 {
      %off = arith.muli %i, %c64 : i32
      %x = tt.descriptor_load %da[%m, %off] : !tt.tensordesc<tensor<128x64xf16, #sh>> -> tensor<128x64xf16, #blk>
      %xs = ttg.local_alloc %x : (tensor<128x64xf16, #blk>) -> !ttg.memdesc<128x64xf16, #sh, #smem>
      %y = tt.descriptor_load %db[%n, %off] : !tt.tensordesc<tensor<128x64xf16, #sh>> -> tensor<128x64xf16, #blk>
      %ys = ttg.local_alloc %y : (tensor<128x64xf16, #blk>) -> !ttg.memdesc<128x64xf16, #sh, #smem>
      %yt = ttg.memdesc_trans %ys {order = array<i32: 1, 0>} : !ttg.memdesc<128x64xf16, #sh, #smem> -> !ttg.memdesc<64x128xf16, #shT, #smem>
      %d = ttng.warp_group_dot %xs, %yt, %a {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #sh, #smem> * !ttg.memdesc<64x128xf16, #shT, #smem> -> tensor<128x128xf32, #mma>
      scf.yield %d : tensor<128x128xf32, #mma>
    } {tt.warp_specialize}
    %h = arith.truncf %acc : tensor<128x128xf32, #mma> to tensor<128x128xf16, #mma>
    %hb = ttg.convert_layout %h : tensor<128x128xf16, #mma> -> tensor<128x128xf16, #blk>
    tt.descriptor_store %dc[%m, %n], %hb : !tt.tensordesc<tensor<128x128xf16, #sh>>, tensor<128x128xf16, #blk>
    tt.return
  }

  // The same loop without the attribute is left as it is.
  // CHECK-LABEL: @matmul_plain
  // CHECK-NOT: ttg.warp_specialize
  // CHECK-NOT: async_task_id
  // CHECK-NOT: tt.num_stages
  // CHECK: tt.return
  tt.func public @matmul_plain(%da: !tt.tensordesc<tensor<128x64xf16, #sh>>, %ys: !ttg.memdesc<64x128xf16, #shT, #smem>, %k: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %acc = scf.for %i = %c0 to %k step %c1 iter_args(%a = %zero) -> (tensor<128x128xf32, #mma>) : i32 {
      %x = tt.descriptor_load %da[%c0, %i] : !tt.tensordesc<tensor<128x64xf16, #sh>> -> tensor<128x64xf16, #blk>
      %xs = ttg.local_alloc %x : (tensor<128x64xf16, #blk>) -> !ttg.memdesc<128x64xf16, #sh, #smem>
      %d = ttng.warp_group_dot %xs, %ys, %a {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #sh, #smem> * !ttg.memdesc<64x128xf16, #shT, #smem> -> tensor<128x128xf32, #mma>
      scf.yield %d : tensor<128x128xf32, #mma>
    }
    tt.return
  }
}

// -----

// Descriptors made in the kernel: the work is cut in two along M (as 3.6
// does), so two consumer groups of 4 warps each own 64 rows of the tile: the
// producer loads A's halves at rows m and m + 64 into their own rings, B once
// into a ring both consumers read (its empty barrier expects two arrivals).
// Host descriptors (above) cannot get the smaller block: one consumer group.

#blk = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#sh = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shT = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: @matmul_two_consumers
  // CHECK-DAG: ttg.local_alloc : () -> !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable>
  // CHECK-DAG: ttg.local_alloc : () -> !ttg.memdesc<2x128x64xf16, #shared, #smem, mutable>
  // CHECK-DAG: ttng.init_barrier %{{.*}}, 2 :
  // CHECK: tt.make_tensor_descriptor {{.*}} <tensor<64x64xf16, #shared>>
  // CHECK: tt.make_tensor_descriptor {{.*}} <tensor<128x64xf16, #shared>>
  // CHECK: tt.make_tensor_descriptor {{.*}} <tensor<64x128xf16, #shared>>
  // CHECK: ttg.warp_specialize({{.*}}) attributes {requestedRegisters = array<i32: 232, 232>}
  // CHECK-NEXT: default {
  // CHECK:   scf.for
  // CHECK:     ttng.barrier_expect %{{.*}}, 8192
  // CHECK:     ttng.async_tma_copy_global_to_local {{.*}} -> !ttg.memdesc<64x64xf16
  // CHECK:     arith.addi %{{.*}}, %c64_i32
  // CHECK:     ttng.barrier_expect %{{.*}}, 8192
  // CHECK:     ttng.async_tma_copy_global_to_local {{.*}} -> !ttg.memdesc<64x64xf16
  // CHECK:     ttng.barrier_expect %{{.*}}, 16384
  // CHECK:     ttng.async_tma_copy_global_to_local {{.*}} -> !ttg.memdesc<128x64xf16
  // CHECK:   ttg.warp_yield
  // CHECK: partition0({{.*}}) num_warps(4) {
  // CHECK:   scf.for {{.*}} -> (tensor<64x128xf32, #mma>, i32)
  // CHECK:     ttng.warp_group_dot {{.*}} -> tensor<64x128xf32, #mma>
  // CHECK:   tt.descriptor_store {{.*}}, tensor<64x128xf16, #blocked>
  // CHECK:   ttg.warp_return
  // CHECK: partition1({{.*}}) num_warps(4) {
  // CHECK:   scf.for {{.*}} -> (tensor<64x128xf32, #mma>, i32)
  // CHECK:     ttng.warp_group_dot {{.*}} -> tensor<64x128xf32, #mma>
  // CHECK:   arith.addi %{{.*}}, %c64_i32
  // CHECK:   tt.descriptor_store {{.*}}, tensor<64x128xf16, #blocked>
  // CHECK:   ttg.warp_return
  tt.func public @matmul_two_consumers(%pa: !tt.ptr<f16>, %pb: !tt.ptr<f16>, %pc: !tt.ptr<f16>, %M: i32, %N: i32, %K: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c1_64 = arith.constant 1 : i64
    %c64 = arith.constant 64 : i32
    %c128 = arith.constant 128 : i32
    %sk = arith.extsi %K : i32 to i64
    %sn = arith.extsi %N : i32 to i64
    %da = tt.make_tensor_descriptor %pa, [%M, %K], [%sk, %c1_64] : <f16>, <tensor<128x64xf16, #sh>>
    %db = tt.make_tensor_descriptor %pb, [%N, %K], [%sk, %c1_64] : <f16>, <tensor<128x64xf16, #sh>>
    %dc = tt.make_tensor_descriptor %pc, [%M, %N], [%sn, %c1_64] : <f16>, <tensor<128x128xf16, #sh>>
    %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %pm = tt.get_program_id x : i32
    %m = arith.muli %pm, %c128 : i32
    %pn = tt.get_program_id y : i32
    %n = arith.muli %pn, %c128 : i32
    %acc = scf.for %i = %c0 to %K step %c1 iter_args(%a = %zero) -> (tensor<128x128xf32, #mma>) : i32 {
      %off = arith.muli %i, %c64 : i32
      %x = tt.descriptor_load %da[%m, %off] : !tt.tensordesc<tensor<128x64xf16, #sh>> -> tensor<128x64xf16, #blk>
      %xs = ttg.local_alloc %x : (tensor<128x64xf16, #blk>) -> !ttg.memdesc<128x64xf16, #sh, #smem>
      %y = tt.descriptor_load %db[%n, %off] : !tt.tensordesc<tensor<128x64xf16, #sh>> -> tensor<128x64xf16, #blk>
      %ys = ttg.local_alloc %y : (tensor<128x64xf16, #blk>) -> !ttg.memdesc<128x64xf16, #sh, #smem>
      %yt = ttg.memdesc_trans %ys {order = array<i32: 1, 0>} : !ttg.memdesc<128x64xf16, #sh, #smem> -> !ttg.memdesc<64x128xf16, #shT, #smem>
      %d = ttng.warp_group_dot %xs, %yt, %a {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #sh, #smem> * !ttg.memdesc<64x128xf16, #shT, #smem> -> tensor<128x128xf32, #mma>
      scf.yield %d : tensor<128x128xf32, #mma>
    } {tt.warp_specialize}
    %h = arith.truncf %acc : tensor<128x128xf32, #mma> to tensor<128x128xf16, #mma>
    %hb = ttg.convert_layout %h : tensor<128x128xf16, #mma> -> tensor<128x128xf16, #blk>
    tt.descriptor_store %dc[%m, %n], %hb : !tt.tensordesc<tensor<128x128xf16, #sh>>, tensor<128x128xf16, #blk>
    tt.return
  }
}

// -----

// Eight warps: 3.6 specializes 4-warp functions only; the loop keeps its
// attribute and nothing else changes.

#blk = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 128, 16]}>
#sh = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shT = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: @eight_warps
  // CHECK-NOT: ttg.warp_specialize
  // CHECK-NOT: async_task_id
  // CHECK: } {tt.warp_specialize}
  tt.func public @eight_warps(%da: !tt.tensordesc<tensor<128x64xf16, #sh>>, %ys: !ttg.memdesc<64x128xf16, #shT, #smem>, %k: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %acc = scf.for %i = %c0 to %k step %c1 iter_args(%a = %zero) -> (tensor<128x128xf32, #mma>) : i32 {
      %x = tt.descriptor_load %da[%c0, %i] : !tt.tensordesc<tensor<128x64xf16, #sh>> -> tensor<128x64xf16, #blk>
      %xs = ttg.local_alloc %x : (tensor<128x64xf16, #blk>) -> !ttg.memdesc<128x64xf16, #sh, #smem>
      %d = ttng.warp_group_dot %xs, %ys, %a {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #sh, #smem> * !ttg.memdesc<64x128xf16, #shT, #smem> -> tensor<128x128xf32, #mma>
      scf.yield %d : tensor<128x128xf32, #mma>
    } {tt.warp_specialize}
    tt.return
  }
}
