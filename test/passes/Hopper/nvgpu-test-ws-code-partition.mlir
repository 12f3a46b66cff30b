// RUN: triton-opt %s -split-input-file --nvgpu-test-ws-code-partition=num-buffers=1 | FileCheck %s
// RUN: triton-opt %s -split-input-file --nvgpu-test-ws-code-partition=num-buffers=3 | FileCheck %s --check-prefix=THREE

#blk = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#sh = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // Two TMA loads for one consumer. Each gets a ring of slots and two
  // barrier rings (full: one arrival, the producer's expect; empty: one per
  // consumer) allocated before the ttg.warp_specialize. The producer (the
  // default region) waits for an empty slot, expects the bytes and copies;
  // the consumer waits for the full slot, runs the dot on it in place and
  // frees the slot after the dot. A count of handovers is carried by the
  // loop; with one slot the phase is its parity.
  // CHECK-LABEL: @tma_one_consumer
  // CHECK-DAG: %[[BUFA:.*]] = ttg.local_alloc : () -> !ttg.memdesc<1x64x32xf16, #{{.*}}, #smem, mutable>
  // CHECK-DAG: %[[BUFB:.*]] = ttg.local_alloc : () -> !ttg.memdesc<1x32x128xf16, #{{.*}}, #smem, mutable>
  // CHECK-DAG: ttng.init_barrier %{{.*}}, 1
  // CHECK: ttg.warp_specialize(%{{.*}}) attributes {requestedRegisters = array<i32: 232>}
  // CHECK-NEXT: default {
  // CHECK:   scf.for %{{.*}} iter_args(%[[OFF:.*]] = %{{.*}}, %[[CNT:.*]] = %{{.*}}) -> (i32, i32)
  // CHECK:     %[[PH:.*]] = arith.andi %[[CNT]], %{{.*}} {async_task_id = array<i32: 0>}
  // CHECK:     %[[EPH:.*]] = arith.xori %[[PH]]
  // CHECK:     ttng.wait_barrier %{{.*}}, %[[EPH]]
  // CHECK:     ttng.barrier_expect %{{.*}}, 4096 {{.*}}, %{{.*}}
  // CHECK:     ttng.async_tma_copy_global_to_local %{{.*}}[%{{.*}}, %[[OFF]]] %{{.*}}, %{{.*}}, %{{.*}}
  // CHECK:     ttng.barrier_expect %{{.*}}, 8192 {{.*}}, %{{.*}}
  // CHECK:     ttng.async_tma_copy_global_to_local
  // CHECK-NOT: ttng.warp_group_dot
  // CHECK:     arith.addi %[[CNT]]
  // CHECK:     scf.yield
  // CHECK:   ttg.warp_yield
  // CHECK: partition0(%{{.*}}) num_warps(4) {
  // CHECK:   scf.for %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}, %[[CNT1:.*]] = %{{.*}}) -> (tensor<64x128xf32, #mma>, i32)
  // CHECK:     %[[PH1:.*]] = arith.andi %[[CNT1]]
  // CHECK:     ttng.wait_barrier %{{.*}}, %[[PH1]]
  // CHECK:     %[[SA:.*]] = ttg.memdesc_index %{{.*}}[%{{.*}}] {{.*}}: !ttg.memdesc<1x64x32xf16, {{.*}}> -> !ttg.memdesc<64x32xf16, #{{.*}}, #smem, mutable>
  // CHECK:     ttng.wait_barrier
  // CHECK:     %[[SB:.*]] = ttg.memdesc_index
  // CHECK:     %[[D:.*]] = ttng.warp_group_dot %[[SA]], %[[SB]], %[[ACC]]
  // One thread of the consumer group arrives for it: the group's warps meet
  // first (one barrier for both slots freed after the dot).
  // CHECK-NEXT: ttg.local_barrier {async_task_id = array<i32: 1>}
  // CHECK-NOT: ttg.local_barrier
  // CHECK:     ttng.arrive_barrier %{{.*}}, 1 {async_task_id = array<i32: 1>}
  // CHECK-NOT: ttg.local_barrier
  // CHECK:     ttng.arrive_barrier %{{.*}}, 1 {async_task_id = array<i32: 1>}
  // CHECK:     scf.yield {{.*}} %[[D]], %{{.*}} : tensor<64x128xf32, #mma>, i32
  // CHECK:   tt.descriptor_store
  // CHECK:   ttg.warp_return
  // CHECK: } : ({{.*}}!tt.tensordesc<{{.*}}) -> ()
  // THREE-LABEL: @tma_one_consumer
  // THREE: ttg.local_alloc : () -> !ttg.memdesc<3x64x32xf16
  // THREE: ttg.local_alloc : () -> !ttg.memdesc<3x1xi64
  // THREE: default {
  // THREE:   %[[SLOT:.*]] = arith.remui %[[CNT:.*]], %[[N:.*]] {async_task_id = array<i32: 0>}
  // THREE:   %[[ROUND:.*]] = arith.divui %[[CNT]], %[[N]]
  // THREE:   arith.andi %[[ROUND]]
  // THREE:   ttg.memdesc_index %{{.*}}[%[[SLOT]]]
  tt.func public @tma_one_consumer(%da: !tt.tensordesc<tensor<64x32xf16, #sh>>, %db: !tt.tensordesc<tensor<32x128xf16, #sh>>, %dc: !tt.tensordesc<tensor<64x128xf16, #sh>>, %n: i32) {
    %c0 = arith.constant {async_task_id = array<i32: 0, 1>} 0 : i32
    %c1 = arith.constant {async_task_id = array<i32: 0, 1>} 1 : i32
    %c32 = arith.constant {async_task_id = array<i32: 0>} 32 : i32
    %zero = arith.constant {async_task_id = array<i32: 1>} dense<0.000000e+00> : tensor<64x128xf32, #mma>
    %acc:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %zero, %off = %c0) -> (tensor<64x128xf32, #mma>, i32) : i32 {
      %x = tt.descriptor_load %da[%c0, %off] {async_task_id = array<i32: 0>} : !tt.tensordesc<tensor<64x32xf16, #sh>> -> tensor<64x32xf16, #blk>
      %xs = ttg.local_alloc %x {async_task_id = array<i32: 1>} : (tensor<64x32xf16, #blk>) -> !ttg.memdesc<64x32xf16, #sh, #smem>
      %y = tt.descriptor_load %db[%off, %c0] {async_task_id = array<i32: 0>} : !tt.tensordesc<tensor<32x128xf16, #sh>> -> tensor<32x128xf16, #blk>
      %ys = ttg.local_alloc %y {async_task_id = array<i32: 1>} : (tensor<32x128xf16, #blk>) -> !ttg.memdesc<32x128xf16, #sh, #smem>
      %d = ttng.warp_group_dot %xs, %ys, %a {async_task_id = array<i32: 1>, inputPrecision = 0 : i32} : !ttg.memdesc<64x32xf16, #sh, #smem> * !ttg.memdesc<32x128xf16, #sh, #smem> -> tensor<64x128xf32, #mma>
      %next = arith.addi %off, %c32 {async_task_id = array<i32: 0>} : i32
      scf.yield {async_task_id = array<i32: 0, 1>} %d, %next : tensor<64x128xf32, #mma>, i32
    } {async_task_id = array<i32: 0, 1>}
    %h = arith.truncf %acc#0 {async_task_id = array<i32: 1>} : tensor<64x128xf32, #mma> to tensor<64x128xf16, #mma>
    %hb = ttg.convert_layout %h {async_task_id = array<i32: 1>} : tensor<64x128xf16, #mma> -> tensor<64x128xf16, #blk>
    tt.descriptor_store %dc[%c0, %c0], %hb {async_task_id = array<i32: 1>} : !tt.tensordesc<tensor<64x128xf16, #sh>>, tensor<64x128xf16, #blk>
    tt.return
  }
}

// -----

#blk = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blk2 = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // A tt.load read in registers by the consumer: the producer stores it into
  // the slot, fences it for the async proxy, synchronizes its warps and
  // arrives once; the consumer loads it back and frees the slot once all its
  // warps have (a barrier before the one arrival).
  // CHECK-LABEL: @register_channel
  // CHECK: ttg.local_alloc : () -> !ttg.memdesc<1x64x32xf16, #{{.*}}, #smem, mutable>
  // CHECK: default {
  // CHECK:   scf.for
  // CHECK:     ttng.wait_barrier
  // CHECK:     %[[V:.*]] = tt.load
  // CHECK:     ttg.local_store %[[V]], %{{.*}} {async_task_id = array<i32: 0>}
  // CHECK:     ttng.fence_async_shared {{.*}}bCluster = false
  // CHECK:     ttg.local_barrier
  // CHECK:     ttng.arrive_barrier %{{.*}}, 1 {async_task_id = array<i32: 0>}
  // CHECK: partition0
  // CHECK:   scf.for
  // CHECK:     ttng.wait_barrier
  // CHECK:     %[[R:.*]] = ttg.local_load %{{.*}} {async_task_id = array<i32: 1>} : !ttg.memdesc<64x32xf16, {{.*}}> -> tensor<64x32xf16, #blocked>
  // CHECK-NEXT: ttg.local_barrier {async_task_id = array<i32: 1>}
  // CHECK:     ttng.arrive_barrier
  // CHECK:     ttg.convert_layout %[[R]]
  tt.func public @register_channel(%p: tensor<64x32x!tt.ptr<f16>, #blk>, %qs: !tt.ptr<f16>, %n: i32) {
    %c0 = arith.constant {async_task_id = array<i32: 0, 1>} 0 : i32
    %c1 = arith.constant {async_task_id = array<i32: 0, 1>} 1 : i32
    scf.for %i = %c0 to %n step %c1 : i32 {
      %v = tt.load %p {async_task_id = array<i32: 0>} : tensor<64x32x!tt.ptr<f16>, #blk>
      %w = ttg.convert_layout %v {async_task_id = array<i32: 1>} : tensor<64x32xf16, #blk> -> tensor<64x32xf16, #blk2>
      %q = tt.splat %qs {async_task_id = array<i32: 1>} : !tt.ptr<f16> -> tensor<64x32x!tt.ptr<f16>, #blk2>
      tt.store %q, %w {async_task_id = array<i32: 1>} : tensor<64x32x!tt.ptr<f16>, #blk2>
    } {async_task_id = array<i32: 0, 1>}
    tt.return
  }
}

// -----

#blk = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#sh = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // Two consumers, each with its own A tile and a shared B tile: B's empty
  // barriers expect two arrivals; each partition keeps only its own
  // accumulator. A persistent outer loop carries the inner loop's count on.
  // CHECK-LABEL: @two_consumers_persistent
  // CHECK-DAG: ttng.init_barrier %{{.*}}, 2
  // CHECK: ttg.warp_specialize({{.*}}) attributes {requestedRegisters = array<i32: 232, 232>}
  // CHECK: default {
  // CHECK:   scf.for {{.*}} iter_args(%[[OUTER:.*]] = %{{.*}}) -> (i32)
  // CHECK:     %[[INNER:.*]] = scf.for {{.*}} iter_args(%{{.*}} = %[[OUTER]]) -> (i32)
  // CHECK-COUNT-3: ttng.async_tma_copy_global_to_local
  // CHECK:     scf.yield {{.*}} %[[INNER]] : i32
  // CHECK: partition0
  // CHECK:   scf.for
  // CHECK:     scf.for {{.*}} -> (tensor<64x128xf32, #mma>, i32)
  // CHECK:       ttng.warp_group_dot
  // CHECK-NOT:   ttng.warp_group_dot
  // CHECK:   ttg.warp_return
  // CHECK: partition1
  // CHECK:   scf.for
  // CHECK:     scf.for {{.*}} -> (tensor<64x128xf32, #mma>, i32)
  // CHECK:       ttng.warp_group_dot
  // CHECK-NOT:   ttng.warp_group_dot
  // CHECK:   ttg.warp_return
  tt.func public @two_consumers_persistent(%da: !tt.tensordesc<tensor<64x32xf16, #sh>>, %db: !tt.tensordesc<tensor<32x128xf16, #sh>>, %p1: !tt.ptr<f32>, %p2: !tt.ptr<f32>, %tiles: i32, %n: i32) {
    %c0 = arith.constant {async_task_id = array<i32: 0, 1, 2>} 0 : i32
    %c1 = arith.constant {async_task_id = array<i32: 0, 1, 2>} 1 : i32
    %c64 = arith.constant {async_task_id = array<i32: 0>} 64 : i32
    %zero = arith.constant {async_task_id = array<i32: 1, 2>} dense<0.000000e+00> : tensor<64x128xf32, #mma>
    %pid = tt.get_program_id x {async_task_id = array<i32: 0, 1, 2>} : i32
    scf.for %t = %pid to %tiles step %c1 : i32 {
      %r = arith.muli %t, %c64 {async_task_id = array<i32: 0>} : i32
      %acc:2 = scf.for %k = %c0 to %n step %c1 iter_args(%a1 = %zero, %a2 = %zero) -> (tensor<64x128xf32, #mma>, tensor<64x128xf32, #mma>) : i32 {
        %x1 = tt.descriptor_load %da[%r, %k] {async_task_id = array<i32: 0>} : !tt.tensordesc<tensor<64x32xf16, #sh>> -> tensor<64x32xf16, #blk>
        %s1 = ttg.local_alloc %x1 {async_task_id = array<i32: 1>} : (tensor<64x32xf16, #blk>) -> !ttg.memdesc<64x32xf16, #sh, #smem>
        %x2 = tt.descriptor_load %da[%r, %k] {async_task_id = array<i32: 0>} : !tt.tensordesc<tensor<64x32xf16, #sh>> -> tensor<64x32xf16, #blk>
        %s2 = ttg.local_alloc %x2 {async_task_id = array<i32: 2>} : (tensor<64x32xf16, #blk>) -> !ttg.memdesc<64x32xf16, #sh, #smem>
        %y = tt.descriptor_load %db[%k, %c0] {async_task_id = array<i32: 0>} : !tt.tensordesc<tensor<32x128xf16, #sh>> -> tensor<32x128xf16, #blk>
        %ys = ttg.local_alloc %y {async_task_id = array<i32: 1, 2>} : (tensor<32x128xf16, #blk>) -> !ttg.memdesc<32x128xf16, #sh, #smem>
        %d1 = ttng.warp_group_dot %s1, %ys, %a1 {async_task_id = array<i32: 1>, inputPrecision = 0 : i32} : !ttg.memdesc<64x32xf16, #sh, #smem> * !ttg.memdesc<32x128xf16, #sh, #smem> -> tensor<64x128xf32, #mma>
        %d2 = ttng.warp_group_dot %s2, %ys, %a2 {async_task_id = array<i32: 2>, inputPrecision = 0 : i32} : !ttg.memdesc<64x32xf16, #sh, #smem> * !ttg.memdesc<32x128xf16, #sh, #smem> -> tensor<64x128xf32, #mma>
        scf.yield {async_task_id = array<i32: 0, 1, 2>} %d1, %d2 : tensor<64x128xf32, #mma>, tensor<64x128xf32, #mma>
      } {async_task_id = array<i32: 0, 1, 2>}
      %o1 = tt.splat %p1 {async_task_id = array<i32: 1>} : !tt.ptr<f32> -> tensor<64x128x!tt.ptr<f32>, #mma>
      %o2 = tt.splat %p2 {async_task_id = array<i32: 2>} : !tt.ptr<f32> -> tensor<64x128x!tt.ptr<f32>, #mma>
      tt.store %o1, %acc#0 {async_task_id = array<i32: 1>} : tensor<64x128x!tt.ptr<f32>, #mma>
      tt.store %o2, %acc#1 {async_task_id = array<i32: 2>} : tensor<64x128x!tt.ptr<f32>, #mma>
    } {async_task_id = array<i32: 0, 1, 2>}
    tt.return
  }
}

// -----

#blk = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // A tensor made before the specialized code (unmarked) and read by a
  // partition: it lives in the default warps' registers, so it goes through
  // shared memory (pointers as i64) and each partition loads it back.
  // CHECK-LABEL: @tensor_capture
  // CHECK: %[[PS:.*]] = tt.splat
  // CHECK: %[[INT:.*]] = tt.ptr_to_int %[[PS]] : tensor<64x32x!tt.ptr<f16>, #blocked> -> tensor<64x32xi64, #blocked>
  // CHECK: %[[MEM:.*]] = ttg.local_alloc %[[INT]] : (tensor<64x32xi64, #blocked>) -> !ttg.memdesc<64x32xi64
  // CHECK: ttg.warp_specialize({{.*}}%[[MEM]]
  // CHECK: partition0({{.*}}%[[ARG:[^:]*]]: !ttg.memdesc<64x32xi64
  // CHECK:   %[[LD:.*]] = ttg.local_load %[[ARG]]
  // CHECK:   %[[PTRS:.*]] = tt.int_to_ptr %[[LD]]
  // CHECK:   tt.store %[[PTRS]]
  tt.func public @tensor_capture(%p: !tt.ptr<f16>) {
    %ps = tt.splat %p : !tt.ptr<f16> -> tensor<64x32x!tt.ptr<f16>, #blk>
    %v = tt.load %ps {async_task_id = array<i32: 0>} : tensor<64x32x!tt.ptr<f16>, #blk>
    tt.store %ps, %v {async_task_id = array<i32: 1>} : tensor<64x32x!tt.ptr<f16>, #blk>
    tt.return
  }
}
