// The stream pipeliner on a matmul loop (Inputs/stream-matmul-loop.mlir:
// A 64x32 and B 32x64 tiles, 16 bytes per thread).
// RUN: triton-opt %S/Inputs/stream-matmul-loop.mlir -tritonamdgpu-schedule-loops=num_stages=2 -tritonamdgpu-pipeline -canonicalize | FileCheck %s --check-prefix=TWO
// RUN: triton-opt %S/Inputs/stream-matmul-loop.mlir -tritonamdgpu-schedule-loops=num_stages=3 -tritonamdgpu-pipeline -canonicalize | FileCheck %s --check-prefix=THREE
// RUN: triton-opt %S/Inputs/stream-matmul-loop.mlir -tritonamdgpu-schedule-loops=num_stages=2 -tritonamdgpu-pipeline=use_async_copy=1 -canonicalize | FileCheck %s --check-prefix=ASYNC
// RUN: sed -e 's/hip:gfx942/hip:gfx90a/' -e 's/version = 3/version = 2/' %S/Inputs/stream-matmul-loop.mlir | triton-opt -tritonamdgpu-schedule-loops=num_stages=2 -tritonamdgpu-pipeline=use_async_copy=1 -canonicalize | FileCheck %s --check-prefix=GFX90A
// RUN: triton-opt %s -split-input-file -tritonamdgpu-schedule-loops=num_stages=2 -tritonamdgpu-pipeline -canonicalize | FileCheck %s --check-prefix=REGS

// Two stages: one LDS slot per operand. The prologue loads iteration 0 and
// writes the slots; the loop reads the slots for the dot of iteration i and
// loads iteration i + 1 (off past the end), then writes the slots.
// TWO: %[[A:.*]] = ttg.local_alloc : () -> !ttg.memdesc<1x64x32xf16, #shared, #smem, mutable>
// TWO: %[[B:.*]] = ttg.local_alloc : () -> !ttg.memdesc<1x32x64xf16, #shared1, #smem, mutable>
// TWO: %[[A0:.*]] = tt.load
// TWO: %[[B0:.*]] = tt.load
// TWO: %[[SA0:.*]] = ttg.memdesc_index %[[A]][%c0_i32]
// TWO: ttg.local_store %[[A0]], %[[SA0]]
// TWO: %[[SB0:.*]] = ttg.memdesc_index %[[B]][%c0_i32]
// TWO: ttg.local_store %[[B0]], %[[SB0]]
// TWO: scf.for %[[K:.*]] = {{.*}} iter_args(%{{.*}}, %{{.*}}, %{{.*}}, %[[SLOT:.*]] = %c0_i32, %[[SA:.*]] = %[[SA0]], %[[SB:.*]] = %[[SB0]])
// TWO: %[[MORE:.*]] = arith.cmpi slt, %[[K]]
// TWO: %[[AD:.*]] = ttg.local_load %[[SA]] : {{.*}} -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0
// TWO: %[[ON:.*]] = tt.splat %[[MORE]]
// TWO: %[[AN:.*]] = tt.load %{{.*}}, %[[ON]]
// TWO: %[[BD:.*]] = ttg.local_load %[[SB]] : {{.*}} -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1
// TWO: %[[BN:.*]] = tt.load
// TWO: tt.dot %[[AD]], %[[BD]]
// TWO: arith.addi %[[SLOT]], %c1_i32
// TWO: %[[SAN:.*]] = ttg.memdesc_index %[[A]]
// TWO: ttg.local_store %[[AN]], %[[SAN]]
// TWO: %[[SBN:.*]] = ttg.memdesc_index %[[B]]
// TWO: ttg.local_store %[[BN]], %[[SBN]]
// TWO: scf.yield
// TWO: ttg.local_dealloc %[[B]]
// TWO: ttg.local_dealloc %[[A]]

// Three stages: two slots per operand, the prologue fills both; the loop
// reads the older and writes the slot it frees.
// THREE: %[[A:.*]] = ttg.local_alloc : () -> !ttg.memdesc<2x64x32xf16
// THREE: ttg.memdesc_index %[[A]][%c0_i32]
// THREE: ttg.local_store
// THREE: ttg.memdesc_index %[[A]][%c1_i32]
// THREE: ttg.local_store
// THREE: scf.for
// THREE: tt.load
// THREE: ttg.local_load
// THREE: tt.dot
// THREE: ttg.local_store
// THREE: scf.yield
// THREE: ttg.local_dealloc

// Direct to LDS (gfx942): two slots; the copies and their commit groups
// replace the loads and stores, each read waits for its copy.
// ASYNC: %[[A:.*]] = ttg.local_alloc : () -> !ttg.memdesc<2x64x32xf16
// ASYNC: ttg.async_copy_global_to_local
// ASYNC: ttg.async_commit_group
// ASYNC: scf.for
// ASYNC: ttg.async_wait {{.*}} {num = 0 : i32}
// ASYNC: ttg.async_copy_global_to_local
// ASYNC: ttg.local_load %{{.*}} token %{{.*}} : !ttg.memdesc<64x32xf16
// ASYNC: ttg.async_copy_global_to_local
// ASYNC: ttg.local_load
// ASYNC: tt.dot
// ASYNC: scf.yield
// ASYNC-NOT: tt.load
// ASYNC-NOT: ttg.local_store

// gfx90a has no LDS-DMA from global memory: the loads go through registers.
// GFX90A: ttg.local_alloc : () -> !ttg.memdesc<2x64x32xf16
// GFX90A-NOT: ttg.async_copy_global_to_local
// GFX90A: scf.for
// GFX90A: tt.load
// GFX90A: ttg.local_store
// GFX90A-NOT: ttg.async_copy_global_to_local

// A loaded tile that a dot reads and something else uses too has no LDS
// buffer: it is loaded a stage ahead and carried to the dot in registers.
// REGS-LABEL: tt.func @two_users
// REGS-NOT: ttg.local_alloc
// REGS: %[[A0:.*]] = tt.load
// REGS: scf.for {{.*}} iter_args({{.*}}, %[[A:.*]] = %[[A0]]) -> ({{.*}}, tensor<64x32xf16, #blocked>)
// REGS: %[[AN:.*]] = tt.load
// REGS: ttg.convert_layout %[[A]]
// REGS: tt.dot
// REGS: arith.addf %{{.*}}, %[[A]]
// REGS: scf.yield {{.*}}, %[[AN]]
#bA = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [16, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = true}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @two_users(%pa: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %b: tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>, %n: i32) -> (tensor<64x64xf32, #mma>, tensor<64x32xf16, #bA>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %acc0 = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %sum0 = arith.constant dense<0.000000e+00> : tensor<64x32xf16, #bA>
    %aj = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #bA}>>
    %aje = tt.expand_dims %aj {axis = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #bA}>> -> tensor<1x32xi32, #bA>
    %aoff = tt.broadcast %aje : tensor<1x32xi32, #bA> -> tensor<64x32xi32, #bA>
    %pas = tt.splat %pa : !tt.ptr<f16> -> tensor<64x32x!tt.ptr<f16>, #bA>
    %ap0 = tt.addptr %pas, %aoff : tensor<64x32x!tt.ptr<f16>, #bA>, tensor<64x32xi32, #bA>
    %step = arith.constant dense<32> : tensor<64x32xi32, #bA>
    %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %acc0, %sum = %sum0, %ap = %ap0) -> (tensor<64x64xf32, #mma>, tensor<64x32xf16, #bA>, tensor<64x32x!tt.ptr<f16>, #bA>) : i32 {
      %a = tt.load %ap : tensor<64x32x!tt.ptr<f16>, #bA>
      %ad = ttg.convert_layout %a : tensor<64x32xf16, #bA> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>
      %d = tt.dot %ad, %b, %acc : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> -> tensor<64x64xf32, #mma>
      %s = arith.addf %sum, %a : tensor<64x32xf16, #bA>
      %ap1 = tt.addptr %ap, %step : tensor<64x32x!tt.ptr<f16>, #bA>, tensor<64x32xi32, #bA>
      scf.yield %d, %s, %ap1 : tensor<64x64xf32, #mma>, tensor<64x32xf16, #bA>, tensor<64x32x!tt.ptr<f16>, #bA>
    }
    tt.return %r#0, %r#1 : tensor<64x64xf32, #mma>, tensor<64x32xf16, #bA>
  }
}

// -----

// A loaded tile already stored to LDS by a local_alloc (read twice, as
// -tritonamdgpu-optimize-dot-operands leaves a tile used directly and
// transposed): the slot replaces the alloc, its readers read the slot.
// REGS-LABEL: tt.func @through_alloc
// REGS: %[[BUF:.*]] = ttg.local_alloc : () -> !ttg.memdesc<1x64x32xf16, #shared, #smem, mutable>
// REGS: scf.for {{.*}} iter_args({{.*}}, %[[SLOT:.*]] = %{{.*}}) ->
// REGS: %[[NEXT:.*]] = tt.load
// REGS: ttg.local_load %[[SLOT]] : !ttg.memdesc<64x32xf16, #shared, #smem, mutable> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0
// REGS: tt.dot
// REGS: ttg.local_store %[[NEXT]], %{{.*}}
// REGS-NOT: ttg.local_alloc %
#bA = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [16, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = true}>
#shared = #ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @through_alloc(%pa: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %b: tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>, %n: i32) -> (tensor<64x64xf32, #mma>, tensor<64x32xf16, #bA>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %acc0 = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %sum0 = arith.constant dense<0.000000e+00> : tensor<64x32xf16, #bA>
    %aj = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #bA}>>
    %aje = tt.expand_dims %aj {axis = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #bA}>> -> tensor<1x32xi32, #bA>
    %aoff = tt.broadcast %aje : tensor<1x32xi32, #bA> -> tensor<64x32xi32, #bA>
    %pas = tt.splat %pa : !tt.ptr<f16> -> tensor<64x32x!tt.ptr<f16>, #bA>
    %ap0 = tt.addptr %pas, %aoff : tensor<64x32x!tt.ptr<f16>, #bA>, tensor<64x32xi32, #bA>
    %step = arith.constant dense<32> : tensor<64x32xi32, #bA>
    %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %acc0, %sum = %sum0, %ap = %ap0) -> (tensor<64x64xf32, #mma>, tensor<64x32xf16, #bA>, tensor<64x32x!tt.ptr<f16>, #bA>) : i32 {
      %a = tt.load %ap : tensor<64x32x!tt.ptr<f16>, #bA>
      %as = ttg.local_alloc %a : (tensor<64x32xf16, #bA>) -> !ttg.memdesc<64x32xf16, #shared, #smem>
      %ad = ttg.local_load %as : !ttg.memdesc<64x32xf16, #shared, #smem> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>
      %ab = ttg.local_load %as : !ttg.memdesc<64x32xf16, #shared, #smem> -> tensor<64x32xf16, #bA>
      %d = tt.dot %ad, %b, %acc : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> -> tensor<64x64xf32, #mma>
      %s = arith.addf %sum, %ab : tensor<64x32xf16, #bA>
      %ap1 = tt.addptr %ap, %step : tensor<64x32x!tt.ptr<f16>, #bA>, tensor<64x32xi32, #bA>
      scf.yield %d, %s, %ap1 : tensor<64x64xf32, #mma>, tensor<64x32xf16, #bA>, tensor<64x32x!tt.ptr<f16>, #bA>
    }
    tt.return %r#0, %r#1 : tensor<64x64xf32, #mma>, tensor<64x32xf16, #bA>
  }
}
