// RUN: triton-opt %s -split-input-file -tritongpu-assign-latencies=num-stages=3 -tritongpu-schedule-loops -tritongpu-pipeline=num-stages=3 -canonicalize -cse | FileCheck %s

// Descriptor loads on sm_90 become TMA copies into multi-buffered shared
// memory, completed on one mbarrier per slot (pipeline-tma-triton-3.6.test
// compares the corpus-like matmuls with 3.6's text; these are the other
// shapes of loop).

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {

  // A descriptor made in the kernel (before 3.6's tma-lowering turns it into a
  // tensormap in global scratch) is copied from the same way.
  // CHECK-LABEL: tt.func @made_in_kernel
  // CHECK: %[[DA:.*]] = tt.make_tensor_descriptor
  // CHECK: %[[DB:.*]] = tt.make_tensor_descriptor
  // CHECK: ttg.local_alloc : () -> !ttg.memdesc<3x1xi64
  // CHECK: ttng.barrier_expect %{{.*}}, 16384,
  // CHECK-NEXT: ttg.memdesc_index
  // CHECK-NEXT: ttng.async_tma_copy_global_to_local %[[DA]][%c0_i32, %c0_i32]
  // CHECK-NEXT: ttg.memdesc_index
  // CHECK-NEXT: ttng.async_tma_copy_global_to_local %[[DB]][%c0_i32, %c0_i32]
  // CHECK: scf.for
  // CHECK: ttng.wait_barrier
  // CHECK: ttng.warp_group_dot {{.*}}isAsync = true
  // CHECK: ttng.async_tma_copy_global_to_local %[[DA]]
  // CHECK: ttng.async_tma_copy_global_to_local %[[DB]]
  // CHECK-NOT: tt.descriptor_load
  // CHECK: tt.return
  tt.func @made_in_kernel(%pa: !tt.ptr<f16>, %pb: !tt.ptr<f16>, %M: i32, %K: i32, %n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c64 = arith.constant 64 : i32
    %c1_i64 = arith.constant 1 : i64
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %sk = arith.extsi %K : i32 to i64
    %da = tt.make_tensor_descriptor %pa, [%M, %K], [%sk, %c1_i64] : <f16>, <tensor<64x64xf16, #shared>>
    %db = tt.make_tensor_descriptor %pb, [%K, %M], [%sk, %c1_i64] : <f16>, <tensor<64x64xf16, #shared>>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf32, #mma>) : i32 {
      %k = arith.muli %i, %c64 : i32
      %a = tt.descriptor_load %da[%c0, %k] : !tt.tensordesc<tensor<64x64xf16, #shared>> -> tensor<64x64xf16, #blocked>
      %b = tt.descriptor_load %db[%k, %c0] : !tt.tensordesc<tensor<64x64xf16, #shared>> -> tensor<64x64xf16, #blocked>
      %as = ttg.local_alloc %a : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
      %bs = ttg.local_alloc %b : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
      %d = ttng.warp_group_dot %as, %bs, %acc {inputPrecision = 0 : i32} : !ttg.memdesc<64x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma>
      scf.yield %d : tensor<64x64xf32, #mma>
    }
    tt.return %r : tensor<64x64xf32, #mma>
  }

  // A pointer load and a descriptor load feeding one dot: cp.async for the one,
  // TMA for the other, in the same slots' rhythm (one write index, one read
  // index); only the descriptor's bytes are expected on the barrier, and the
  // cp.async groups are waited for by their tokens (one group per iteration
  // here, so one may stay in flight). After the loop, the cp.async wait goes
  // before the barriers' inval (3.6 does not print this case; our order).
  // CHECK-LABEL: tt.func @mixed
  // CHECK: %[[A:.*]] = ttg.local_alloc : () -> !ttg.memdesc<3x64x64xf16
  // CHECK-NEXT: %[[B:.*]] = ttg.local_alloc : () -> !ttg.memdesc<3x64x64xf16
  // CHECK-NEXT: %[[BAR:.*]] = ttg.local_alloc : () -> !ttg.memdesc<3x1xi64
  // CHECK-COUNT-3: ttng.init_barrier
  // CHECK: ttg.async_copy_global_to_local
  // CHECK-NEXT: ttg.async_commit_group
  // CHECK-NEXT: ttng.barrier_expect %{{.*}}, 8192,
  // CHECK: scf.for {{.*}} -> (tensor<64x64xf32, #mma>, tensor<64x64x!tt.ptr<f16>, #blocked>, i32, i32, i32, !ttg.async.token, !ttg.async.token)
  // CHECK: %[[E:.*]] = arith.select %{{.*}}, %c0_i32, %{{.*}} : i32
  // CHECK: %[[PHASE:.*]] = arith.select
  // CHECK-NEXT: ttg.async_wait %{{.*}} {num = 1 : i32}
  // CHECK-NEXT: %[[VA:.*]] = ttg.memdesc_index %[[A]][%[[E]]]
  // CHECK-NEXT: %[[READY:.*]] = ttg.memdesc_index %[[BAR]][%[[E]]]
  // CHECK-NEXT: ttng.wait_barrier %[[READY]], %[[PHASE]] :
  // CHECK-NEXT: %[[VB:.*]] = ttg.memdesc_index %[[B]][%[[E]]]
  // CHECK-NEXT: ttng.warp_group_dot %[[VA]], %[[VB]]
  // CHECK: ttg.async_copy_global_to_local
  // CHECK-NEXT: ttg.async_commit_group
  // CHECK-NEXT: ttg.memdesc_index %[[BAR]]
  // CHECK-NEXT: ttng.barrier_expect %{{.*}}, 8192,
  // CHECK-NEXT: ttg.memdesc_index %[[B]]
  // CHECK-NEXT: ttng.async_tma_copy_global_to_local
  // CHECK: ttng.warp_group_dot_wait %{{.*}}#0 {pendings = 0 : i32}
  // CHECK-NEXT: ttg.async_wait {num = 0 : i32}
  // CHECK-NEXT: ttng.inval_barrier
  // CHECK-NEXT: ttng.inval_barrier
  // CHECK-NEXT: ttng.inval_barrier
  // CHECK-NEXT: ttg.local_dealloc %[[BAR]]
  // CHECK-NEXT: ttg.local_dealloc %[[B]]
  // CHECK-NEXT: ttg.local_dealloc %[[A]]
  tt.func @mixed(%pa: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %db: !tt.tensordesc<tensor<64x64xf16, #shared>>, %n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c64 = arith.constant 64 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %step = arith.constant dense<64> : tensor<64x64xi32, #blocked1>
    %rows = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
    %cols = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
    %r2 = tt.expand_dims %rows {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> -> tensor<64x1xi32, #blocked1>
    %c2 = tt.expand_dims %cols {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>> -> tensor<1x64xi32, #blocked1>
    %c64v = arith.constant dense<64> : tensor<64x1xi32, #blocked1>
    %r64 = arith.muli %r2, %c64v : tensor<64x1xi32, #blocked1>
    %rb = tt.broadcast %r64 : tensor<64x1xi32, #blocked1> -> tensor<64x64xi32, #blocked1>
    %cb = tt.broadcast %c2 : tensor<1x64xi32, #blocked1> -> tensor<64x64xi32, #blocked1>
    %off = arith.addi %rb, %cb : tensor<64x64xi32, #blocked1>
    %base = tt.splat %pa : !tt.ptr<f16> -> tensor<64x64x!tt.ptr<f16>, #blocked1>
    %ptrs = tt.addptr %base, %off : tensor<64x64x!tt.ptr<f16>, #blocked1>, tensor<64x64xi32, #blocked1>
    %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero, %p = %ptrs) -> (tensor<64x64xf32, #mma>, tensor<64x64x!tt.ptr<f16>, #blocked1>) : i32 {
      %k = arith.muli %i, %c64 : i32
      %a = tt.load %p : tensor<64x64x!tt.ptr<f16>, #blocked1>
      %b = tt.descriptor_load %db[%k, %c0] : !tt.tensordesc<tensor<64x64xf16, #shared>> -> tensor<64x64xf16, #blocked>
      %as = ttg.local_alloc %a : (tensor<64x64xf16, #blocked1>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
      %bs = ttg.local_alloc %b : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
      %d = ttng.warp_group_dot %as, %bs, %acc {inputPrecision = 0 : i32} : !ttg.memdesc<64x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma>
      %pn = tt.addptr %p, %step : tensor<64x64x!tt.ptr<f16>, #blocked1>, tensor<64x64xi32, #blocked1>
      scf.yield %d, %pn : tensor<64x64xf32, #mma>, tensor<64x64x!tt.ptr<f16>, #blocked1>
    }
    tt.return %r#0 : tensor<64x64xf32, #mma>
  }

  // Loads read in registers (no dot: the loop's tt.num_stages asks for it) are
  // read back from their slot with local_load after the wait. Two slots each
  // (issued two stages ahead; no wgmma keeps reading). %x has a user before
  // the next load, so it gets a barrier of its own; %z and %w share one that
  // expects both (2 x 8192 bytes). Both barrier arrays follow the same read
  // index and phase.
  // CHECK-LABEL: tt.func @registers
  // CHECK-COUNT-3: ttg.local_alloc : () -> !ttg.memdesc<2x64x64xf16
  // CHECK-NEXT: %[[BX:.*]] = ttg.local_alloc : () -> !ttg.memdesc<2x1xi64
  // CHECK-COUNT-2: ttng.init_barrier
  // CHECK-NEXT: %[[BZW:.*]] = ttg.local_alloc : () -> !ttg.memdesc<2x1xi64
  // CHECK-COUNT-2: ttng.init_barrier
  // CHECK: scf.for {{.*}} -> (tensor<64x64xf16, #blocked1>, i32, i32, i32)
  // CHECK: %[[E:.*]] = arith.select %{{.*}}, %c0_i32, %{{.*}} : i32
  // CHECK: %[[PHASE:.*]] = arith.select
  // CHECK-NEXT: %[[RX:.*]] = ttg.memdesc_index %[[BX]][%[[E]]]
  // CHECK-NEXT: ttng.wait_barrier %[[RX]], %[[PHASE]]
  // CHECK-NEXT: %[[VX:.*]] = ttg.memdesc_index
  // CHECK-NEXT: %[[X:.*]] = ttg.local_load %[[VX]] :
  // CHECK-NEXT: arith.addf %[[X]], %[[X]]
  // CHECK-NEXT: %[[RZW:.*]] = ttg.memdesc_index %[[BZW]][%[[E]]]
  // CHECK-NEXT: ttng.wait_barrier %[[RZW]], %[[PHASE]]
  // CHECK-NEXT: ttg.memdesc_index
  // CHECK-NEXT: ttg.local_load
  // CHECK-NEXT: ttg.memdesc_index
  // CHECK-NEXT: ttg.local_load
  // CHECK: %[[FX:.*]] = ttg.memdesc_index %[[BX]]
  // CHECK-NEXT: ttng.barrier_expect %[[FX]], 8192,
  // CHECK-NEXT: ttg.memdesc_index
  // CHECK-NEXT: ttng.async_tma_copy_global_to_local %arg0[{{.*}}] %{{.*}}, %[[FX]],
  // CHECK-NEXT: %[[FZW:.*]] = ttg.memdesc_index %[[BZW]]
  // CHECK-NEXT: ttng.barrier_expect %[[FZW]], 16384,
  // CHECK-NEXT: ttg.memdesc_index
  // CHECK-NEXT: ttng.async_tma_copy_global_to_local %arg1[{{.*}}] %{{.*}}, %[[FZW]],
  // CHECK-NEXT: ttg.memdesc_index
  // CHECK-NEXT: ttng.async_tma_copy_global_to_local %arg2[{{.*}}] %{{.*}}, %[[FZW]],
  // CHECK: ttng.inval_barrier
  // CHECK-NEXT: ttng.inval_barrier
  // CHECK-NEXT: ttg.local_dealloc %[[BZW]]
  // CHECK-NEXT: ttng.inval_barrier
  // CHECK-NEXT: ttng.inval_barrier
  // CHECK-NEXT: ttg.local_dealloc %[[BX]]
  tt.func @registers(%dx: !tt.tensordesc<tensor<64x64xf16, #shared>>, %dz: !tt.tensordesc<tensor<64x64xf16, #shared>>, %dw: !tt.tensordesc<tensor<64x64xf16, #shared>>, %n: i32) -> tensor<64x64xf16, #blocked> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c64 = arith.constant 64 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf16, #blocked>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf16, #blocked>) : i32 {
      %k = arith.muli %i, %c64 : i32
      %x = tt.descriptor_load %dx[%k, %c0] : !tt.tensordesc<tensor<64x64xf16, #shared>> -> tensor<64x64xf16, #blocked>
      %y = arith.addf %x, %x : tensor<64x64xf16, #blocked>
      %z = tt.descriptor_load %dz[%k, %c0] : !tt.tensordesc<tensor<64x64xf16, #shared>> -> tensor<64x64xf16, #blocked>
      %w = tt.descriptor_load %dw[%k, %c0] : !tt.tensordesc<tensor<64x64xf16, #shared>> -> tensor<64x64xf16, #blocked>
      %s = arith.addf %y, %z : tensor<64x64xf16, #blocked>
      %t = arith.addf %s, %w : tensor<64x64xf16, #blocked>
      %u = arith.addf %acc, %t : tensor<64x64xf16, #blocked>
      scf.yield %u : tensor<64x64xf16, #blocked>
    } {tt.num_stages = 3 : i32}
    tt.return %r : tensor<64x64xf16, #blocked>
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {

  // A descriptor without a shared layout (no -triton-nvidia-optimize-descriptor-
  // encoding) cannot be a TMA copy: the loop is left alone.
  // CHECK-LABEL: tt.func @no_encoding
  // CHECK-NOT: ttg.local_alloc
  // CHECK: scf.for
  // CHECK-NEXT: arith.muli
  // CHECK-NEXT: tt.descriptor_load
  // CHECK-NOT: ttng.
  // CHECK: tt.return
  tt.func @no_encoding(%dx: !tt.tensordesc<tensor<64x64xf16>>, %n: i32) -> tensor<64x64xf16, #blocked> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c64 = arith.constant 64 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf16, #blocked>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf16, #blocked>) : i32 {
      %k = arith.muli %i, %c64 : i32
      %x = tt.descriptor_load %dx[%k, %c0] : !tt.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16, #blocked>
      %u = arith.addf %acc, %x : tensor<64x64xf16, #blocked>
      scf.yield %u : tensor<64x64xf16, #blocked>
    } {tt.num_stages = 3 : i32}
    tt.return %r : tensor<64x64xf16, #blocked>
  }

  // Scheduled by hand with such a load issued a stage ahead, the loop is left
  // alone too (3.6 issues a descriptor load ahead only as a TMA copy): the
  // schedule's attributes go, nothing else changes.
  // CHECK-LABEL: tt.func @hand_scheduled
  // CHECK-NOT: ttg.local_alloc
  // CHECK: scf.for {{.*}} iter_args(%[[ACC:.*]] = %cst) -> (tensor<64x64xf16, #blocked>)
  // CHECK-NEXT: %[[K:.*]] = arith.muli
  // CHECK-NEXT: %[[X:.*]] = tt.descriptor_load %arg0[%[[K]], %c0_i32] :
  // CHECK-NEXT: arith.addf %[[ACC]], %[[X]] :
  // CHECK-NEXT: scf.yield
  // CHECK-NEXT: }
  // CHECK-NEXT: tt.return
  tt.func @hand_scheduled(%dx: !tt.tensordesc<tensor<64x64xf16>>, %n: i32) -> tensor<64x64xf16, #blocked> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c64 = arith.constant 64 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf16, #blocked>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf16, #blocked>) : i32 {
      %k = arith.muli %i, %c64 {loop.cluster = 1 : i32, loop.stage = 0 : i32} : i32
      %x = tt.descriptor_load %dx[%k, %c0] {loop.cluster = 1 : i32, loop.stage = 0 : i32} : !tt.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16, #blocked>
      %u = arith.addf %acc, %x {loop.cluster = 0 : i32, loop.stage = 1 : i32} : tensor<64x64xf16, #blocked>
      scf.yield %u : tensor<64x64xf16, #blocked>
    } {tt.scheduled_max_stage = 1 : i32}
    tt.return %r : tensor<64x64xf16, #blocked>
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {

  // Before sm_90 there is no TMA (3.6 rewrites descriptors to pointers there):
  // left alone.
  // CHECK-LABEL: tt.func @sm80
  // CHECK-NOT: ttg.local_alloc
  // CHECK: scf.for
  // CHECK-NEXT: arith.muli
  // CHECK-NEXT: tt.descriptor_load
  // CHECK-NOT: ttng.
  // CHECK: tt.return
  tt.func @sm80(%dx: !tt.tensordesc<tensor<64x64xf16, #shared>>, %n: i32) -> tensor<64x64xf16, #blocked> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c64 = arith.constant 64 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf16, #blocked>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf16, #blocked>) : i32 {
      %k = arith.muli %i, %c64 : i32
      %x = tt.descriptor_load %dx[%k, %c0] : !tt.tensordesc<tensor<64x64xf16, #shared>> -> tensor<64x64xf16, #blocked>
      %u = arith.addf %acc, %x : tensor<64x64xf16, #blocked>
      scf.yield %u : tensor<64x64xf16, #blocked>
    } {tt.num_stages = 3 : i32}
    tt.return %r : tensor<64x64xf16, #blocked>
  }
}
