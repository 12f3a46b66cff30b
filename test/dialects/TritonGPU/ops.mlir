// RUN: triton-opt %s -split-input-file | triton-opt -split-input-file | FileCheck %s
// RUN: triton-opt %s -split-input-file --mlir-print-op-generic | triton-opt -split-input-file | FileCheck %s
// The ttg layouts, types and ops in the syntax Triton 3.6 prints, round-tripped
// twice; the aliases are the ones Triton's printer gives.

// CHECK-DAG: #[[BLOCKED:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[BLOCKED1:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-DAG: #[[LINEAR:linear[0-9]*]] = #ttg.linear<{register = [], lane = {{\[\[}}16], [32], [1], [2], [4]], warp = {{\[\[}}8], [0]], block = []}>
// CHECK-DAG: #[[MMA:mma[0-9]*]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
// CHECK-DAG: #[[MMA1:mma[0-9]*]] = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = true, tilesPerWarp = [2, 1], elementBitWidth = 64}>
// CHECK-DAG: #[[MMA2:mma[0-9]*]] = #ttg.amd_wmma<{version = 2, isTranspose = false, ctaLayout = {warp = {{\[\[}}0, 1], [1, 0]]}, instrShape = [16, 16, 16]}>
// CHECK-DAG: #[[SHARED:shared[0-9]*]] = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
// CHECK-DAG: #[[SHARED1:shared[0-9]*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
// CHECK-DAG: #[[SHARED2:shared[0-9]*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 8, fp4Padded = true, rank = 3}>
// CHECK-DAG: #[[SMEM:smem[0-9]*]] = #ttg.shared_memory
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#linear = #ttg.linear<{register = [], lane = [[16], [32], [1], [2], [4]], warp = [[8], [0]], block = []}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
#mfma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = true, tilesPerWarp = [2, 1], elementBitWidth = 64}>
#wmma = #ttg.amd_wmma<{version = 2, isTranspose = false, ctaLayout = {warp = [[0, 1], [1, 0]]}, instrShape = [16, 16, 16]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#nvmma3 = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 8, fp4Padded = true, rank = 3}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func public @layouts
  tt.func public @layouts(%x: tensor<128xi32, #blocked1>) {
    // CHECK: tt.make_range {{.*}} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #[[BLOCKED]]}>>
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    // CHECK: ttg.convert_layout %{{.*}} : tensor<128xi32, #[[BLOCKED1]]> -> tensor<128xi32, #[[LINEAR]]>
    %l = ttg.convert_layout %x : tensor<128xi32, #blocked1> -> tensor<128xi32, #linear>
    // CHECK: arith.constant dense<0.000000e+00> : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #[[MMA]], kWidth = 2}>>
    %a = arith.constant dense<0.000000e+00> : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    // CHECK: arith.constant dense<0.000000e+00> : tensor<64x32xf16, #ttg.dot_op<{opIdx = 1, parent = #[[BLOCKED]]}>>
    %b = arith.constant dense<0.000000e+00> : tensor<64x32xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
    // CHECK: arith.constant dense<0.000000e+00> : tensor<64x64xf32, #[[MMA1]]>
    %c = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mfma>
    // CHECK: arith.constant dense<0.000000e+00> : tensor<64x64xf32, #[[MMA2]]>
    %d = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #wmma>
    tt.return
  }

  // CHECK-LABEL: tt.func public @shared_memory
  tt.func public @shared_memory(%t: tensor<128x64xf16, #blocked>, %i: i32) {
    // CHECK: %[[BUF:.*]] = ttg.local_alloc : () -> !ttg.memdesc<2x128x64xf16, #[[SHARED]], #[[SMEM]], mutable>
    %buf = ttg.local_alloc : () -> !ttg.memdesc<2x128x64xf16, #shared, #smem, mutable>
    // CHECK: %[[VIEW:.*]] = ttg.memdesc_index %[[BUF]][%{{.*}}] : !ttg.memdesc<2x128x64xf16, #[[SHARED]], #[[SMEM]], mutable> -> !ttg.memdesc<128x64xf16, #[[SHARED]], #[[SMEM]], mutable>
    %view = ttg.memdesc_index %buf[%i] : !ttg.memdesc<2x128x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    // CHECK: ttg.local_store %{{.*}}, %[[VIEW]] : tensor<128x64xf16, #[[BLOCKED]]> -> !ttg.memdesc<128x64xf16, #[[SHARED]], #[[SMEM]], mutable>
    ttg.local_store %t, %view : tensor<128x64xf16, #blocked> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    // CHECK: ttg.memdesc_subslice %[[VIEW]][0, 32] : !ttg.memdesc<128x64xf16, #[[SHARED]], #[[SMEM]], mutable> -> !ttg.memdesc<128x32xf16, #[[SHARED]], #[[SMEM]], mutable, 128x64>
    %sub = ttg.memdesc_subslice %view[0, 32] : !ttg.memdesc<128x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x32xf16, #shared, #smem, mutable, 128x64>
    // An immutable view of a mutable buffer (3.6's slices of a pipeline
    // buffer for a split wgmma).
    // CHECK: ttg.memdesc_subslice %[[VIEW]][32, 0] : !ttg.memdesc<128x64xf16, #[[SHARED]], #[[SMEM]], mutable> -> !ttg.memdesc<32x64xf16, #[[SHARED]], #[[SMEM]], 128x64>
    %rows = ttg.memdesc_subslice %view[32, 0] : !ttg.memdesc<128x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<32x64xf16, #shared, #smem, 128x64>
    // CHECK: ttg.memdesc_trans %[[VIEW]] {order = array<i32: 1, 0>} : !ttg.memdesc<128x64xf16, #[[SHARED]], #[[SMEM]], mutable> -> !ttg.memdesc<64x128xf16, #[[SHARED]], #[[SMEM]], mutable>
    %tr = ttg.memdesc_trans %view {order = array<i32: 1, 0>} : !ttg.memdesc<128x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x128xf16, #shared, #smem, mutable>
    // CHECK: ttg.memdesc_reshape %[[VIEW]] : !ttg.memdesc<128x64xf16, #[[SHARED]], #[[SMEM]], mutable> -> !ttg.memdesc<2x64x64xf16, #[[SHARED]], #[[SMEM]], mutable>
    %rs = ttg.memdesc_reshape %view : !ttg.memdesc<128x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable>
    // CHECK: ttg.memdesc_reinterpret %[[VIEW]] : !ttg.memdesc<128x64xf16, #[[SHARED]], #[[SMEM]], mutable> -> !ttg.memdesc<128x32xi32, #[[SHARED]], #[[SMEM]], mutable>
    %ri = ttg.memdesc_reinterpret %view : !ttg.memdesc<128x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x32xi32, #shared, #smem, mutable>
    // CHECK: ttg.local_load %[[VIEW]] : !ttg.memdesc<128x64xf16, #[[SHARED]], #[[SMEM]], mutable> -> tensor<128x64xf16, #[[BLOCKED]]>
    %v = ttg.local_load %view : !ttg.memdesc<128x64xf16, #shared, #smem, mutable> -> tensor<128x64xf16, #blocked>
    // CHECK: ttg.local_alloc %{{.*}} {alignment = 16 : i32} : (tensor<128x64xf16, #[[BLOCKED]]>) -> !ttg.memdesc<128x64xf16, #[[SHARED1]], #[[SMEM]]>
    %imm = ttg.local_alloc %t {alignment = 16 : i32} : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #nvmma, #smem>
    // CHECK: ttg.local_alloc : () -> !ttg.memdesc<2x64x64xi8, #[[SHARED2]], #[[SMEM]], mutable>
    %fp4 = ttg.local_alloc : () -> !ttg.memdesc<2x64x64xi8, #nvmma3, #smem, mutable>
    // CHECK: ttg.local_dealloc %[[BUF]] : !ttg.memdesc<2x128x64xf16, #[[SHARED]], #[[SMEM]], mutable>
    ttg.local_dealloc %buf : !ttg.memdesc<2x128x64xf16, #shared, #smem, mutable>
    tt.return
  }

  // CHECK-LABEL: tt.func public @async_copies
  tt.func public @async_copies(%p: tensor<128x64x!tt.ptr<f16>, #blocked>, %m: tensor<128x64xi1, #blocked>, %o: tensor<128x64xf16, #blocked>) {
    %buf = ttg.local_alloc : () -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    // CHECK: %[[T0:.*]] = ttg.async_copy_global_to_local %{{.*}}, %{{.*}} mask %{{.*}} other %{{.*}} cacheModifier = cg evictionPolicy = evict_last {contiguity = 8 : i32} : tensor<128x64x!tt.ptr<f16>, #[[BLOCKED]]> -> <128x64xf16, #[[SHARED]], #[[SMEM]], mutable>
    %t0 = ttg.async_copy_global_to_local %p, %buf mask %m other %o cacheModifier = cg evictionPolicy = evict_last {contiguity = 8 : i32} : tensor<128x64x!tt.ptr<f16>, #blocked> -> <128x64xf16, #shared, #smem, mutable>
    // CHECK: ttg.async_copy_global_to_local %{{.*}}, %{{.*}} : tensor<128x64x!tt.ptr<f16>, #[[BLOCKED]]> -> <128x64xf16, #[[SHARED]], #[[SMEM]], mutable>
    %t1 = ttg.async_copy_global_to_local %p, %buf : tensor<128x64x!tt.ptr<f16>, #blocked> -> <128x64xf16, #shared, #smem, mutable>
    // CHECK: %[[G:.*]] = ttg.async_commit_group tokens %[[T0]], %{{.*}}
    %g = ttg.async_commit_group tokens %t0, %t1
    // CHECK: ttg.async_commit_group{{$}}
    %e = ttg.async_commit_group
    // CHECK: %[[W:.*]] = ttg.async_wait %[[G]] {num = 1 : i32}
    %w = ttg.async_wait %g {num = 1 : i32}
    // CHECK: ttg.async_wait {num = 0 : i32}
    %w0 = ttg.async_wait {num = 0 : i32}
    // CHECK: ttg.local_load %{{.*}} token %[[W]] : !ttg.memdesc<128x64xf16, #[[SHARED]], #[[SMEM]], mutable> -> tensor<128x64xf16, #[[BLOCKED]]>
    %v = ttg.local_load %buf token %w : !ttg.memdesc<128x64xf16, #shared, #smem, mutable> -> tensor<128x64xf16, #blocked>
    tt.return
  }

  // CHECK-LABEL: tt.func public @warp_specialize
  tt.func public @warp_specialize(%a: i32, %b: f32) -> i32 {
    // CHECK: %[[R:.*]]:2 = ttg.warp_specialize(%{{.*}}, %{{.*}}) attributes {requestedRegisters = array<i32: 24, 48>}
    // CHECK-NEXT: default {
    // CHECK: ttg.warp_yield %{{.*}}, %{{.*}} : i32, f32
    // CHECK-NEXT: }
    // CHECK-NEXT: partition0(%{{.*}}: i32, %{{.*}}: f32) num_warps(8) {
    // CHECK: ttg.warp_return
    // CHECK-NEXT: }
    // CHECK-NEXT: partition1(%{{.*}}: i32, %{{.*}}: f32) num_warps(2) {
    // CHECK-NEXT: ttg.warp_return
    // CHECK-NEXT: } : (i32, f32) -> (i32, f32)
    %r:2 = ttg.warp_specialize(%a, %b) attributes {requestedRegisters = array<i32: 24, 48>}
    default {
      %c = arith.addi %a, %a : i32
      ttg.warp_yield %c, %b : i32, f32
    }
    partition0(%x: i32, %y: f32) num_warps(8) {
      %t = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]}>>
      ttg.warp_return
    }
    partition1(%x: i32, %y: f32) num_warps(2) {
      ttg.warp_return
    } : (i32, f32) -> (i32, f32)
    // CHECK: ttg.warp_specialize()
    // CHECK-NEXT: default {
    // CHECK-NEXT: ttg.warp_yield{{$}}
    // CHECK-NEXT: } : () -> ()
    ttg.warp_specialize()
    default {
      ttg.warp_yield
    } : () -> ()
    tt.return %r#0 : i32
  }

  // CHECK-LABEL: tt.func public @scratch_and_barriers
  tt.func public @scratch_and_barriers() {
    // CHECK: ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 1024 : i32} : !tt.ptr<i8>
    %p = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 1024 : i32} : !tt.ptr<i8>
    // CHECK: ttg.barrier local{{$}}
    ttg.barrier local
    // CHECK: ttg.barrier local|global_read|global_write{{$}}
    ttg.barrier global_write|local|global_read
    // CHECK: ttg.barrier all{{$}}
    ttg.barrier all
    // CHECK: ttg.barrier none{{$}}
    ttg.barrier none
    // CHECK: %{{.*}} = ttg.warp_id{{$}}
    %w = ttg.warp_id
    tt.return
  }
}

// -----
// With several CTAs, layouts print their CGA layout.

// CHECK-DAG: #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0], CGALayout = {{\[\[}}0, 1]]}>
// CHECK-DAG: #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], CGALayout = {{\[\[}}0, 1]], instrShape = [16, 128, 16]}>
// CHECK-DAG: #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CGALayout = {{\[\[}}0, 0]]}>
// CHECK-DAG: #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0], CGALayout = {{\[\[}}0]]}>
#blocked2 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0], CGALayout = [[0, 1]]}>
#mma3 = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], CGALayout = [[0, 1]], instrShape = [16, 128, 16]}>
#shared3 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CGALayout = [[0, 0]]}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0], CGALayout = [[0]]}>
#smem1 = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @two_ctas(%x: tensor<128x64xf16, #blocked2>) {
    %c = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma3>
    %a = ttg.local_alloc %x : (tensor<128x64xf16, #blocked2>) -> !ttg.memdesc<128x64xf16, #shared3, #smem1>
    %b = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #bar, #smem1, mutable>
    tt.return
  }
}

// -----
// A function may carry its own warp count; its layouts follow it.

// CHECK-LABEL: @eight_warps
// CHECK: tt.make_range {{.*}} : tensor<256xi32, #{{.*}}>
#w8 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @eight_warps() attributes {"ttg.num-warps" = 8 : i32} {
    %0 = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #w8>
    tt.return
  }
}

// -----
// The older WMMA spelling: warps as warpsPerCTA (bases from the last
// dimension), isTranspose left out when false.

// CHECK: #ttg.amd_wmma<{version = 2, isTranspose = false, ctaLayout = {warp = {{\[\[}}0, 1], [0, 2], [1, 0]]}, instrShape = [16, 16, 32]}>
#legacy_wmma = #ttg.amd_wmma<{version = 2, warpsPerCTA = [2, 4], instrShape = [16, 16, 32]}>
module attributes {"ttg.num-warps" = 8 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @legacy_wmma(%x: tensor<64x64xf32, #legacy_wmma>) {
    tt.return
  }
}

// -----
// A shared layout given as linear-layout bases, with the buffer's alignment
// after them; an empty block list is left out.

// CHECK: #[[$SL:.*]] = #ttg.shared_linear<{offset = {{\[\[}}0, 1], [0, 2], [1, 0], [2, 2]]}, alignment = 16>
// CHECK-LABEL: @shared_linear_round_trip
// CHECK: ttg.local_alloc %{{.*}} : (tensor<4x4xf32, #{{.*}}>) -> !ttg.memdesc<4x4xf32, #[[$SL]], #smem, mutable>
#b4 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [2, 2], warpsPerCTA = [1, 1], order = [1, 0]}>
#sl = #ttg.shared_linear<{offset = [[0, 1], [0, 2], [1, 0], [2, 2]], block = []}, alignment = 16>
module attributes {"ttg.threads-per-warp" = 4 : i32, "ttg.num-warps" = 1 : i32} {
  tt.func @shared_linear_round_trip(%x: tensor<4x4xf32, #b4>) -> tensor<4x4xf32, #b4> {
    %a = ttg.local_alloc %x : (tensor<4x4xf32, #b4>) -> !ttg.memdesc<4x4xf32, #sl, #ttg.shared_memory, mutable>
    %y = ttg.local_load %a : !ttg.memdesc<4x4xf32, #sl, #ttg.shared_memory, mutable> -> tensor<4x4xf32, #b4>
    tt.return %y : tensor<4x4xf32, #b4>
  }
}

// -----
// AMD's rotating swizzle (the in-thread transpose's buffers), with the
// legacy CTA keys Triton 3.6 still prints for one CTA, and with a CGA layout.

// CHECK-DAG: #[[$ROT:shared[0-9]*]] = #ttg.amd_rotating_shared<{vec = 4, perPhase = 2, maxPhase = 8, order = [0, 1]}>
// CHECK-DAG: #ttg.amd_rotating_shared<{vec = 1, perPhase = 1, maxPhase = 4, order = [1, 0], CGALayout = {{\[\[}}1, 0]]}>
// CHECK-LABEL: @amd_rotating_round_trip
// CHECK: ttg.local_alloc %{{.*}} : (tensor<32x64xf16, #{{.*}}>) -> !ttg.memdesc<32x64xf16, #[[$ROT]], #smem, mutable>
#b64 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 8], warpsPerCTA = [1, 1], order = [1, 0]}>
#rot = #ttg.amd_rotating_shared<{vec = 4, perPhase = 2, maxPhase = 8, order = [0, 1], CTAsPerCGA = [1, 1], CTASplitNum = [1, 1], CTAOrder = [0, 1]}>
#rot2 = #ttg.amd_rotating_shared<{vec = 1, perPhase = 1, maxPhase = 4, order = [1, 0], CGALayout = [[1, 0]]}>
module attributes {"ttg.threads-per-warp" = 64 : i32, "ttg.num-warps" = 1 : i32} {
  tt.func @amd_rotating_round_trip(%x: tensor<32x64xf16, #b64>) -> tensor<32x64xf16, #b64> {
    %a = ttg.local_alloc %x : (tensor<32x64xf16, #b64>) -> !ttg.memdesc<32x64xf16, #rot, #ttg.shared_memory, mutable>
    %y = ttg.local_load %a : !ttg.memdesc<32x64xf16, #rot, #ttg.shared_memory, mutable> -> tensor<32x64xf16, #b64>
    %b = ttg.local_alloc : () -> !ttg.memdesc<8x8xf16, #rot2, #ttg.shared_memory, mutable>
    tt.return %y : tensor<32x64xf16, #b64>
  }
}
