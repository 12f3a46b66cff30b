// RUN: triton-opt %s -split-input-file -verify-diagnostics
// One case per verifier branch of the ttg layouts, types, module attributes
// and ops.

// expected-error @+1 {{expected a dictionary in #ttg.blocked}}
#a = #ttg.blocked<[1]>

// -----

// expected-error @+1 {{#ttg.blocked needs 'order'}}
#a = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4]}>

// -----

// expected-error @+1 {{unknown key 'foo' in #ttg.blocked}}
#a = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0], foo = 1}>

// -----

// expected-error @+1 {{'sizePerThread' of #ttg.blocked must be a list of non-negative integers}}
#a = #ttg.blocked<{sizePerThread = [-1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>

// -----

// expected-error @+1 {{'dim' of #ttg.slice must be a non-negative integer}}
#a = #ttg.slice<{dim = "x", parent = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>}>

// -----

// expected-error @+1 {{'isTransposed' of #ttg.amd_mfma must be true or false}}
#a = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = 1}>

// -----

// expected-error @+1 {{'CGALayout' of #ttg.blocked must be a list of lists of integers}}
#a = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0], CGALayout = [1]}>

// -----

// expected-error @+1 {{sizePerThread, threadsPerWarp, warpsPerCTA and order of #ttg.blocked must have the same length}}
#a = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>

// -----

// expected-error @+1 {{order of #ttg.blocked must be a permutation of 0..1}}
#a = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 1]}>

// -----

// expected-error @+1 {{CGALayout basis [0] must have one entry per dimension (2)}}
#a = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[0]]}>

// -----

// expected-error @+1 {{parent of #ttg.slice must be a distributed layout}}
#a = #ttg.slice<{dim = 0, parent = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>}>

// -----

// expected-error @+1 {{parent layout must have at least rank >= 2: the parent of #ttg.slice has rank 1}}
#a = #ttg.slice<{dim = 0, parent = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>}>

// -----

// expected-error @+1 {{slice dim=2 must be less than the parent rank=2 in #ttg.slice}}
#a = #ttg.slice<{dim = 2, parent = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>}>

// -----

// expected-error @+1 {{#ttg.dot_op opIdx parameter can be 0 or 1, got: 2}}
#a = #ttg.dot_op<{opIdx = 2, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>, kWidth = 2}>

// -----

// expected-error @+1 {{parent of #ttg.dot_op must be an MMA or blocked layout}}
#a = #ttg.dot_op<{opIdx = 0, parent = #ttg.slice<{dim = 0, parent = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>}>}>

// -----

// expected-error @+1 {{#ttg.dot_op kWidth parameter is not supported when the parent is a blocked layout, got kWidth = 2}}
#a = #ttg.dot_op<{opIdx = 0, parent = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>, kWidth = 2}>

// -----

// expected-error @+1 {{#ttg.dot_op kWidth parameter is mandatory for Ampere or Hopper MMA parent}}
#a = #ttg.dot_op<{opIdx = 0, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>}>

// -----

// expected-error @+1 {{#ttg.dot_op opIdx parameter must be 0 for Hopper MMA parent, since Hopper WGMMA only allows first operand to be in registers}}
#a = #ttg.dot_op<{opIdx = 1, parent = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>, kWidth = 2}>

// -----

// expected-error @+1 {{#ttg.dot_op kWidth parameter can only be non-zero for Ampere or Hopper MMA parent, got kWidth = 4 for MMA v1}}
#a = #ttg.dot_op<{opIdx = 1, parent = #ttg.nvidia_mma<{versionMajor = 1, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 16]}>, kWidth = 4}>

// -----

// expected-error @+1 {{#ttg.dot_op kWidth parameter is mandatory for MFMA parent}}
#a = #ttg.dot_op<{opIdx = 0, parent = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [16, 16, 16], isTransposed = true}>}>

// -----

// expected-error @+1 {{version must be in the [0, 4] range, got 7 for #ttg.amd_mfma}}
#a = #ttg.amd_mfma<{version = 7, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = true}>

// -----

// expected-error @+1 {{invalid (mDim, nDim) combination: (32, 16); #ttg.amd_mfma has 32x32, 16x16, 64x4 and 4x64}}
#a = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 16, 8], isTransposed = true}>

// -----

// expected-error @+1 {{elementBitWidth must be 32 or 64, got 16 for #ttg.amd_mfma}}
#a = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [16, 16, 16], isTransposed = true, elementBitWidth = 16}>

// -----

// expected-error @+1 {{versionMajor of #ttg.nvidia_mma must be 1, 2 or 3, got 4}}
#a = #ttg.nvidia_mma<{versionMajor = 4, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>

// -----

// A v3 MMA layout needs (M, N, K) once a tensor uses it.
#a = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @f() {
    // expected-error @+1 {{instrShape of #ttg.nvidia_mma v3 must have 3 entries (M, N, K)}}
    %0 = arith.constant dense<0.0> : tensor<64x32xf32, #a>
    tt.return
  }
}

// -----

// Defined but unused, it only has to be a valid dot_op parent.
// expected-error @+2 {{#ttg.dot_op kWidth parameter is mandatory for Ampere or Hopper MMA parent}}
#a = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
#b = #ttg.dot_op<{opIdx = 0, parent = #a}>

// -----

// expected-warning @+1 {{unknown key 'isTranspose' in #ttg.amd_mfma is ignored}}
#a = #ttg.amd_mfma<{warpsPerCTA = [2, 2], instrShape = [32, 32], isTranspose = true}>
tt.func @mfma_misspelt_key(%x: tensor<64x64xf32, #a>) {
  tt.return
}

// -----

// expected-error @+1 {{instrShape of #ttg.amd_mfma must have 2 or 3 entries (M, N and optionally K)}}
#a = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32], isTransposed = true}>

// -----

// expected-error @+1 {{tilesPerWarp of #ttg.amd_mfma must have one entry per dimension}}
#a = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = true, tilesPerWarp = [1]}>

// -----

// expected-error @+1 {{ctaLayout of #ttg.amd_wmma must be a dictionary of bases}}
#a = #ttg.amd_wmma<{version = 2, isTranspose = false, ctaLayout = [1]}>

// -----

// expected-error @+1 {{unknown key 'lane' in ctaLayout of #ttg.amd_wmma}}
#a = #ttg.amd_wmma<{version = 2, isTranspose = false, ctaLayout = {lane = [[0, 1]]}}>

// -----

// expected-error @+1 {{'warp' of ctaLayout must be a list of bases}}
#a = #ttg.amd_wmma<{version = 2, isTranspose = false, ctaLayout = {warp = 1}}>

// -----

// expected-error @+1 {{WMMA version must be in the [1, 3] range, got 5 for #ttg.amd_wmma}}
#a = #ttg.amd_wmma<{version = 5, isTranspose = false, ctaLayout = {warp = [[0, 1], [1, 0]]}}>

// -----

// expected-error @+1 {{instrShape of #ttg.amd_wmma must have 3 entries (M, N, K)}}
#a = #ttg.amd_wmma<{version = 2, isTranspose = false, ctaLayout = {warp = [[0, 1], [1, 0]]}, instrShape = [16]}>

// -----

// expected-error @+1 {{register basis [0] must have one entry per dimension (2)}}
#a = #ttg.amd_wmma<{version = 2, isTranspose = false, ctaLayout = {register = [[0]], warp = [[0, 1], [1, 0]]}}>

// -----

// expected-error @+1 {{warp basis [1] must have one entry per dimension (2)}}
#a = #ttg.linear<{register = [[0, 1]], lane = [], warp = [[1]], block = []}>

// -----

// expected-error @+1 {{lane basis [3] of #ttg.linear must hold 0 or powers of two}}
#a = #ttg.linear<{register = [], lane = [[3]], warp = [], block = []}>

// -----

// expected-error @+1 {{#ttg.linear needs 'block'}}
#a = #ttg.linear<{register = [], lane = [], warp = []}>

// -----

// expected-error @+1 {{vec, perPhase and maxPhase of #ttg.swizzled_shared must be positive}}
#a = #ttg.swizzled_shared<{vec = 0, perPhase = 1, maxPhase = 1, order = [0]}>

// -----

// expected-error @+1 {{order of #ttg.swizzled_shared must be a permutation}}
#a = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0, 2]}>

// -----

// expected-error @+1 {{vec, perPhase and maxPhase of #ttg.amd_rotating_shared must be positive}}
#a = #ttg.amd_rotating_shared<{vec = 4, perPhase = 0, maxPhase = 8, order = [0, 1]}>

// -----

// expected-error @+1 {{order of #ttg.amd_rotating_shared must be a permutation}}
#a = #ttg.amd_rotating_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 1]}>

// -----

// expected-error @+1 {{swizzlingByteWidth of #ttg.nvmma_shared must be 0, 32, 64 or 128, got 16}}
#a = #ttg.nvmma_shared<{swizzlingByteWidth = 16, transposed = false, elementBitWidth = 16}>

// -----

// expected-error @+1 {{elementBitWidth of #ttg.nvmma_shared must be at most 64}}
#a = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 128}>

// -----

module attributes {"ttg.num-warps" = 4 : i32} {
tt.func @f() {
  // expected-error @+1 {{has rank 2 but the tensor has rank 1}}
  %0 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>>
  tt.return
}
}

// -----

// The rank is checked where an op uses the tensor: a function argument of the
// wrong rank is reported at its first use.
#b = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
tt.func @f(%arg0: tensor<16xf32, #b>) {
  %c = arith.constant 1.0 : f32
  // expected-error @+1 {{'tt.splat' op layout #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}> has rank 2 but the tensor has rank 1}}
  %0 = tt.splat %c : f32 -> tensor<16xf32, #b>
  tt.return
}
}

// -----

// A function with its own warp count: its layouts follow it, not the module's.
#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 8 : i32} {
tt.func @f() attributes {"ttg.num-warps" = 2 : i32} {
  // expected-error @+1 {{Layout has 4 warps per CTA, but the context requires 2 warps per CTA}}
  %0 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #b>
  tt.return
}
}

// -----

tt.func @f() {
  // expected-error @+1 {{!ttg.memdesc elements must be integers, floats or pointers}}
  %0 = ttg.local_alloc : () -> !ttg.memdesc<4xindex, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>, #ttg.shared_memory, mutable>
  tt.return
}

// -----

tt.func @f() {
  // expected-error @+1 {{dimensions of !ttg.memdesc must be positive}}
  %0 = ttg.local_alloc : () -> !ttg.memdesc<0x4xf32, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>, #ttg.shared_memory, mutable>
  tt.return
}

// -----

tt.func @f() {
  // expected-error @+1 {{rank 0 memdesc is not allowed: !ttg.memdesc must have rank 1 or more}}
  %0 = ttg.local_alloc : () -> !ttg.memdesc<f32, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>, #ttg.shared_memory, mutable>
  tt.return
}

// -----

tt.func @f() {
  // expected-error @+1 {{alloc shape of !ttg.memdesc must have at least the rank of its shape}}
  %0 = ttg.local_alloc : () -> !ttg.memdesc<4x4xf32, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>, #ttg.shared_memory, mutable, 16>
  tt.return
}

// -----

// A shared layout has the rank of its buffer, or one less (the leading
// dimension counting a pipeline's buffers): Triton 3.6 refuses others on the
// type, whatever the op.
tt.func @f() {
  // expected-error @+1 {{rank must be equal to or one less than the shape size. Got 2 and 1}}
  %b = ttg.local_alloc : () -> !ttg.memdesc<4xf32, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>, #ttg.shared_memory, mutable>
  tt.return
}

// -----

tt.func @f() {
  // expected-error @+1 {{unexpected field after the alloc shape of !ttg.memdesc}}
  %0 = ttg.local_alloc : () -> !ttg.memdesc<4x4xf32, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>, #ttg.shared_memory, mutable, 4x4, 4x4>
  tt.return
}

// -----

// expected-error @+1 {{'ttg.num-warps' must be a positive integer}}
module attributes {"ttg.num-warps" = 0 : i32} {
}

// -----

// expected-error @+1 {{'ttg.target' must be a string}}
module attributes {ttg.target = 90 : i32} {
}

// -----

module attributes {"ttg.num-warps" = 8 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @f() {
    // expected-error @+1 {{Layout has 4 warps per CTA, but the context requires 8 warps per CTA (the module has ttg.num-warps = 8)}}
    %0 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>>
    tt.return
  }
}

// -----

// A function argument is checked where a tt/ttg/ttng op uses it (here the
// return), as Triton checks it.
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 64 : i32} {
  tt.func @f(%x: tensor<128xi32, #ttg.slice<{dim = 1, parent = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>}>>) -> tensor<128xi32, #ttg.slice<{dim = 1, parent = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>}>> {
    // expected-error @+1 {{'tt.return' op layout #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>: Layout has 32 threads per warp, but the module specifies 64 threads per warp (ttg.threads-per-warp)}}
    tt.return %x : tensor<128xi32, #ttg.slice<{dim = 1, parent = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>}>>
  }
}

// -----

// An elementwise op's result is not checked (Triton checks only the ops of
// tt, ttg and ttng), but the first such op to use it is.
#b2 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @f(%p: tensor<64x!tt.ptr<f32>, #b2>, %x: tensor<64xf32, #b2>) {
    %y = arith.addf %x, %x : tensor<64xf32, #b2>
    // expected-error @+1 {{'tt.store' op layout #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>: Layout has 2 warps per CTA, but the context requires 4 warps per CTA (the module has ttg.num-warps = 4)}}
    tt.store %p, %y : tensor<64x!tt.ptr<f32>, #b2>
    tt.return
  }
}

// -----

// So is an op of another dialect that reads or writes memory: its addresses
// come from the lane and warp holding each element.
#b2 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [64], warpsPerCTA = [2], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 64 : i32} {
  tt.func @f(%p: !tt.ptr<f32>, %off: tensor<128xi32, #b2>) {
    // expected-error @+1 {{'amdg.buffer_load' op layout #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [64], warpsPerCTA = [2], order = [0]}>: Layout has 2 warps per CTA}}
    %0 = amdg.buffer_load %p[%off] : tensor<128xf32, #b2>
    tt.return
  }
}

// -----

module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32} {
  tt.func @f() {
    // expected-error @+1 {{Layout has 1 CTAs per CGA, but the context requires 2 CTAs per CGA (ttg.num-ctas = 2)}}
    %0 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>>
    tt.return
  }
}

// -----

tt.func @f() {
  // expected-error @+1 {{buffer must be in shared memory (#ttg.shared_memory)}}
  %0 = ttg.local_alloc : () -> !ttg.memdesc<4x4xf32, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>, #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>, mutable>
  tt.return
}

// -----

tt.func @f() {
  // expected-error @+1 {{without a source the buffer must be mutable}}
  %0 = ttg.local_alloc : () -> !ttg.memdesc<4x4xf32, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>, #ttg.shared_memory>
  tt.return
}

// -----

tt.func @f(%t: tensor<4x4xf32, #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>>) {
  // expected-error @+1 {{a buffer initialized from a tensor cannot be a view}}
  %0 = ttg.local_alloc %t : (tensor<4x4xf32, #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>>) -> !ttg.memdesc<4x4xf32, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>, #ttg.shared_memory, 2x4x4>
  tt.return
}

// -----

tt.func @f(%t: tensor<4x4xf32, #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>>) {
  // expected-error @+1 {{tensor shape [4, 4] differs from the buffer shape [4, 8]}}
  %0 = ttg.local_alloc %t : (tensor<4x4xf32, #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>>) -> !ttg.memdesc<4x8xf32, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>, #ttg.shared_memory>
  tt.return
}

// -----

tt.func @f(%m: !ttg.memdesc<4x4xf16, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>, #ttg.shared_memory, mutable>) {
  // expected-error @+1 {{tensor element type 'f32' differs from the buffer element type 'f16'}}
  %0 = ttg.local_load %m : !ttg.memdesc<4x4xf16, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>, #ttg.shared_memory, mutable> -> tensor<4x4xf32, #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>>
  tt.return
}

// -----

tt.func @f(%t: tensor<4x4xf32, #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>>, %m: !ttg.memdesc<4x4xf32, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>, #ttg.shared_memory>) {
  // expected-error @+1 {{cannot store into an immutable buffer}}
  ttg.local_store %t, %m : tensor<4x4xf32, #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>> -> !ttg.memdesc<4x4xf32, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>, #ttg.shared_memory>
  tt.return
}

// -----

tt.func @f(%m: !ttg.memdesc<4xf32, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>, #ttg.shared_memory, mutable>, %i: i32) {
  // expected-error @+1 {{result rank must be input rank - 1: source rank 1, result rank 1 (the source must have rank 2 or more)}}
  %0 = ttg.memdesc_index %m[%i] : !ttg.memdesc<4xf32, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>, #ttg.shared_memory, mutable> -> !ttg.memdesc<4xf32, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>, #ttg.shared_memory, mutable>
  tt.return
}

// -----

tt.func @f(%m: !ttg.memdesc<2x4x4xf32, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>, #ttg.shared_memory, mutable>, %i: i32) {
  // expected-error @+1 {{result shape must be the source shape without its leading dimension}}
  %0 = ttg.memdesc_index %m[%i] : !ttg.memdesc<2x4x4xf32, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>, #ttg.shared_memory, mutable> -> !ttg.memdesc<4x8xf32, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>, #ttg.shared_memory, mutable>
  tt.return
}

// -----

tt.func @f(%m: !ttg.memdesc<2x4x4xf32, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>, #ttg.shared_memory, mutable>, %i: i32) {
  // expected-error @+1 {{result element type 'f16' differs from the source's 'f32'}}
  %0 = ttg.memdesc_index %m[%i] : !ttg.memdesc<2x4x4xf32, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>, #ttg.shared_memory, mutable> -> !ttg.memdesc<4x4xf16, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>, #ttg.shared_memory, mutable>
  tt.return
}

// -----

tt.func @f(%m: !ttg.memdesc<2x4x4xf32, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>, #ttg.shared_memory, mutable>, %i: i32) {
  // expected-error @+1 {{result memory space differs from the source's}}
  %0 = ttg.memdesc_index %m[%i] : !ttg.memdesc<2x4x4xf32, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>, #ttg.shared_memory, mutable> -> !ttg.memdesc<4x4xf32, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>, mutable>
  tt.return
}

// -----

// memdesc_index takes a slot of a whole buffer: neither side is a view of a
// larger one.
tt.func @f(%m: !ttg.memdesc<2x4x4xf32, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>, #ttg.shared_memory, mutable>, %i: i32) {
  // expected-error @+1 {{alloc shape must match shape for both result and src: the source views a buffer of shape [2, 4, 4], the result one of shape [2, 4, 4]}}
  %0 = ttg.memdesc_index %m[%i] : !ttg.memdesc<2x4x4xf32, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>, #ttg.shared_memory, mutable> -> !ttg.memdesc<4x4xf32, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>, #ttg.shared_memory, mutable, 2x4x4>
  tt.return
}

// -----

// A view may drop its source's mutability (ops.mlir) but not add it.
tt.func @f(%m: !ttg.memdesc<2x4x4xf32, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>, #ttg.shared_memory>, %i: i32) {
  // expected-error @+1 {{result is mutable but the source is not}}
  %0 = ttg.memdesc_index %m[%i] : !ttg.memdesc<2x4x4xf32, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>, #ttg.shared_memory> -> !ttg.memdesc<4x4xf32, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>, #ttg.shared_memory, mutable>
  tt.return
}

// -----

tt.func @subslice_rank(%m: !ttg.memdesc<4x4xf32, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>, #ttg.shared_memory, mutable>) {
  // expected-error @+1 {{result rank must equal to input rank: 1 and 2}}
  %0 = ttg.memdesc_subslice %m[0, 0] : !ttg.memdesc<4x4xf32, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>, #ttg.shared_memory, mutable> -> !ttg.memdesc<4xf32, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>, #ttg.shared_memory, mutable>
  tt.return
}

// -----

tt.func @f(%m: !ttg.memdesc<4x4xf32, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>, #ttg.shared_memory, mutable>) {
  // expected-error @+1 {{offsets must have the same rank as input: 1 offsets for rank 2}}
  %0 = ttg.memdesc_subslice %m[0] : !ttg.memdesc<4x4xf32, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>, #ttg.shared_memory, mutable> -> !ttg.memdesc<4x2xf32, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>, #ttg.shared_memory, mutable>
  tt.return
}

// -----

tt.func @f(%m: !ttg.memdesc<4x4xf32, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>, #ttg.shared_memory, mutable>) {
  // expected-error @+1 {{subslice at offset 4 of size 2 exceeds the source dimension 4}}
  %0 = ttg.memdesc_subslice %m[0, 4] : !ttg.memdesc<4x4xf32, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>, #ttg.shared_memory, mutable> -> !ttg.memdesc<4x2xf32, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>, #ttg.shared_memory, mutable, 4x4>
  tt.return
}

// -----

tt.func @f(%m: !ttg.memdesc<4x8xf32, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>, #ttg.shared_memory, mutable>) {
  // expected-error @+1 {{order must have one entry per dimension}}
  %0 = ttg.memdesc_trans %m {order = array<i32: 0>} : !ttg.memdesc<4x8xf32, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>, #ttg.shared_memory, mutable> -> !ttg.memdesc<8x4xf32, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>, #ttg.shared_memory, mutable>
  tt.return
}

// -----

tt.func @f(%m: !ttg.memdesc<4x8xf32, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>, #ttg.shared_memory, mutable>) {
  // expected-error @+1 {{order must be a permutation}}
  %0 = ttg.memdesc_trans %m {order = array<i32: 0, 0>} : !ttg.memdesc<4x8xf32, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>, #ttg.shared_memory, mutable> -> !ttg.memdesc<4x8xf32, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>, #ttg.shared_memory, mutable>
  tt.return
}

// -----

tt.func @f(%m: !ttg.memdesc<4x8xf32, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>, #ttg.shared_memory, mutable>) {
  // expected-error @+1 {{result shape must be the source shape permuted by order}}
  %0 = ttg.memdesc_trans %m {order = array<i32: 0, 1>} : !ttg.memdesc<4x8xf32, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>, #ttg.shared_memory, mutable> -> !ttg.memdesc<8x4xf32, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>, #ttg.shared_memory, mutable>
  tt.return
}

// -----

tt.func @f(%m: !ttg.memdesc<4x8xf32, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>, #ttg.shared_memory, mutable>) {
  // expected-error @+1 {{reshape must keep the number of elements (32 vs 16)}}
  %0 = ttg.memdesc_reshape %m : !ttg.memdesc<4x8xf32, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>, #ttg.shared_memory, mutable> -> !ttg.memdesc<4x4xf32, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>, #ttg.shared_memory, mutable>
  tt.return
}

// -----

tt.func @f(%p: tensor<4x4x!tt.ptr<f32>, #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>>, %m: !ttg.memdesc<4x4xf32, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>, #ttg.shared_memory>) {
  // expected-error @+1 {{cannot copy into an immutable buffer}}
  %0 = ttg.async_copy_global_to_local %p, %m : tensor<4x4x!tt.ptr<f32>, #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>> -> <4x4xf32, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>, #ttg.shared_memory>
  tt.return
}

// -----

tt.func @f(%p: tensor<4x4x!tt.ptr<f32>, #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>>, %m: !ttg.memdesc<4x8xf32, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>, #ttg.shared_memory, mutable>) {
  // expected-error @+1 {{source shape [4, 4] differs from the buffer shape [4, 8]}}
  %0 = ttg.async_copy_global_to_local %p, %m : tensor<4x4x!tt.ptr<f32>, #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>> -> <4x8xf32, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>, #ttg.shared_memory, mutable>
  tt.return
}

// -----

tt.func @f(%p: tensor<4x4x!tt.ptr<f32>, #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>>, %m: !ttg.memdesc<4x4xf16, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>, #ttg.shared_memory, mutable>) {
  // expected-error @+1 {{pointee type 'f32' differs from the buffer element type 'f16'}}
  %0 = ttg.async_copy_global_to_local %p, %m : tensor<4x4x!tt.ptr<f32>, #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>> -> <4x4xf16, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>, #ttg.shared_memory, mutable>
  tt.return
}

// -----

tt.func @f() {
  // expected-error @+1 {{unknown address space 'shared'}}
  ttg.barrier local|shared
  tt.return
}

// -----

tt.func @f() {
  // expected-error @+1 {{address-space set 64 has unknown bits}}
  "ttg.barrier"() {addrSpace = 64 : i32} : () -> ()
  tt.return
}

// -----

tt.func @f(%a: i32) {
  ttg.warp_specialize(%a)
  default {
    ttg.warp_yield
  }
  // expected-error @+1 {{expected 'partition0', got 'partition1'}}
  partition1(%x: i32) num_warps(4) {
    ttg.warp_return
  } : (i32) -> ()
  tt.return
}

// -----

tt.func @f(%a: i32) {
  // expected-error @+1 {{expected to find only a `ttg.warp_specialize.partitions` op inside its second region}}
  "ttg.warp_specialize"(%a) <{partitionNumWarps = array<i32>}> ({
    "ttg.warp_yield"() : () -> ()
  }, {
  ^bb0:
  }) : (i32) -> ()
  tt.return
}

// -----

tt.func @f(%a: i32) {
  // expected-error @+1 {{has 1 partitions but `partitionNumWarps` has 2 elements}}
  "ttg.warp_specialize"(%a) <{partitionNumWarps = array<i32: 4, 4>}> ({
    "ttg.warp_yield"() : () -> ()
  }, {
    "ttg.warp_specialize.partitions"() ({
    ^bb0(%x: i32):
      "ttg.warp_return"() : () -> ()
    }) : () -> ()
  }) : (i32) -> ()
  tt.return
}

// -----

tt.func @f(%a: i32) {
  // expected-error @+1 {{partition #0 number of warps (3) must be a power of 2}}
  ttg.warp_specialize(%a)
  default {
    ttg.warp_yield
  }
  partition0(%x: i32) num_warps(3) {
    ttg.warp_return
  } : (i32) -> ()
  tt.return
}

// -----

tt.func @f(%a: i32) {
  // expected-error @+1 {{partition region #0 argument #0 has type 'i64' but corresponding capture has type 'i32'}}
  ttg.warp_specialize(%a)
  default {
    ttg.warp_yield
  }
  partition0(%x: i64) num_warps(4) {
    ttg.warp_return
  } : (i32) -> ()
  tt.return
}

// -----

tt.func @f(%a: i32) {
  %r = ttg.warp_specialize(%a)
  default {
    // expected-error @+1 {{'ttg.warp_yield' op has 0 operands but parent op expected 1}}
    ttg.warp_yield
  } : (i32) -> i32
  tt.return
}

// -----

tt.func @f(%a: i32) {
  // expected-error @+1 {{default region must end with ttg.warp_yield}}
  "ttg.warp_specialize"(%a) <{partitionNumWarps = array<i32>}> ({
    "tt.return"() : () -> ()
  }, {
    "ttg.warp_specialize.partitions"() : () -> ()
  }) : (i32) -> ()
  tt.return
}

// -----

tt.func @f(%a: i32, %b: i64) {
  %r = ttg.warp_specialize(%a)
  default {
    // expected-error @+1 {{'ttg.warp_yield' op operand #0 has type 'i64' but parent op expected 'i32'}}
    ttg.warp_yield %b : i64
  } : (i32) -> i32
  tt.return
}

// -----

tt.func @f(%a: i32) {
  // expected-error @+1 {{partition region #0 has 0 arguments but expected 1}}
  ttg.warp_specialize(%a)
  default {
    ttg.warp_yield
  }
  partition0() num_warps(4) {
    ttg.warp_return
  } : (i32) -> ()
  tt.return
}

// -----

tt.func @f() {
  ttg.warp_specialize()
  default {
    // expected-error @+1 {{cannot be nested inside another `ttg.warp_specialize` op}}
    ttg.warp_specialize()
    default {
      ttg.warp_yield
    } : () -> ()
    ttg.warp_yield
  } : () -> ()
  tt.return
}

// -----

tt.func @f() {
  // expected-error @+1 {{has 1 warp group start IDs but expected 2}}
  ttg.warp_specialize() attributes {warpGroupStartIds = array<i32: 4>}
  default {
    ttg.warp_yield
  }
  partition0() num_warps(4) {
    ttg.warp_return
  }
  partition1() num_warps(4) {
    ttg.warp_return
  } : () -> ()
  tt.return
}

// -----

tt.func @f() {
  ttg.warp_specialize()
  default {
    ttg.warp_yield
  }
  // An empty partition is reported where the partitions begin.
  // expected-error @+1 {{region with at least 1 blocks}}
  partition0() num_warps(4) {
  } : () -> ()
  tt.return
}

// -----

module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @f(%a: i32) {
    ttg.warp_specialize(%a)
    default {
      ttg.warp_yield
    }
    partition0(%x: i32) num_warps(2) {
      // expected-error @+1 {{Layout has 4 warps per CTA, but the context requires 2 warps per CTA (its partition has num_warps = 2)}}
      %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>>
      ttg.warp_return
    } : (i32) -> ()
    tt.return
  }
}

// -----

#acc = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#lhs = #ttg.dot_op<{opIdx = 0, parent = #acc, kWidth = 4}>
#rhs = #ttg.dot_op<{opIdx = 1, parent = #acc, kWidth = 2}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.target" = "cuda:80"} {
  tt.func @dot_kwidths(%a: tensor<32x32xi8, #lhs>, %b: tensor<32x32xi8, #rhs>, %c: tensor<32x32xi32, #acc>) {
    // expected-error @+1 {{mismatching kWidth between A and B operands: 4 and 2}}
    %d = tt.dot %a, %b, %c : tensor<32x32xi8, #lhs> * tensor<32x32xi8, #rhs> -> tensor<32x32xi32, #acc>
    tt.return
  }
}

// -----

#acc = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#rhs = #ttg.dot_op<{opIdx = 1, parent = #acc, kWidth = 2}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.target" = "cuda:80"} {
  tt.func @dot_one_layout(%a: tensor<32x32xf16>, %b: tensor<32x32xf16, #rhs>, %c: tensor<32x32xf32, #acc>) {
    // expected-error @+1 {{mismatching encoding between A and B operands: one has a layout, the other none}}
    %d = tt.dot %a, %b, %c : tensor<32x32xf16> * tensor<32x32xf16, #rhs> -> tensor<32x32xf32, #acc>
    tt.return
  }
}

// -----

// An ieee f32 dot cannot run on mma.sync (it would be rounded to tf32).
#acc = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#lhs = #ttg.dot_op<{opIdx = 0, parent = #acc, kWidth = 1}>
#rhs = #ttg.dot_op<{opIdx = 1, parent = #acc, kWidth = 1}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.target" = "cuda:80"} {
  tt.func @dot_f32_ieee_mma(%a: tensor<16x16xf32, #lhs>, %b: tensor<16x16xf32, #rhs>, %c: tensor<16x16xf32, #acc>) {
    // expected-error @+1 {{unsupported MMA version 2 for 'f32' x 'f32' operands with input precision ieee}}
    %d = tt.dot %a, %b, %c, inputPrecision = ieee : tensor<16x16xf32, #lhs> * tensor<16x16xf32, #rhs> -> tensor<16x16xf32, #acc>
    tt.return
  }
}

// -----

#acc = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#blk = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [2, 2], order = [1, 0]}>
#lhs = #ttg.dot_op<{opIdx = 0, parent = #acc, kWidth = 2}>
#rhs = #ttg.dot_op<{opIdx = 1, parent = #acc, kWidth = 2}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.target" = "cuda:80"} {
  tt.func @dot_mma_operands_blocked_result(%a: tensor<32x32xf16, #lhs>, %b: tensor<32x32xf16, #rhs>, %c: tensor<32x32xf32, #blk>) {
    // expected-error @+1 {{mismatching MMA encoding}}
    %d = tt.dot %a, %b, %c : tensor<32x32xf16, #lhs> * tensor<32x32xf16, #rhs> -> tensor<32x32xf32, #blk>
    tt.return
  }
}

// -----

#acc = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#v1 = #ttg.nvidia_mma<{versionMajor = 1, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 16]}>
#lhs = #ttg.dot_op<{opIdx = 0, parent = #v1}>
#rhs = #ttg.dot_op<{opIdx = 1, parent = #acc, kWidth = 2}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.target" = "cuda:80"} {
  tt.func @dot_mma_versions(%a: tensor<32x32xf16, #lhs>, %b: tensor<32x32xf16, #rhs>, %c: tensor<32x32xf32, #acc>) {
    // expected-error @+1 {{mismatched MMA version.}}
    %d = tt.dot %a, %b, %c : tensor<32x32xf16, #lhs> * tensor<32x32xf16, #rhs> -> tensor<32x32xf32, #acc>
    tt.return
  }
}

// -----

#acc = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#lhs = #ttg.dot_op<{opIdx = 0, parent = #acc, kWidth = 2}>
#rhs = #ttg.dot_op<{opIdx = 1, parent = #acc, kWidth = 2}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.target" = "cuda:80"} {
  tt.func @dot_bare_accumulator(%a: tensor<32x32xf16, #lhs>, %b: tensor<32x32xf16, #rhs>, %c: tensor<32x32xf32>) {
    // expected-error @+1 {{miss encoding of C operand: the operands have layouts, the accumulator none}}
    %d = tt.dot %a, %b, %c : tensor<32x32xf16, #lhs> * tensor<32x32xf16, #rhs> -> tensor<32x32xf32>
    tt.return
  }
}

// -----

// A subslice is a tile: 0 in the dimensions it keeps whole...
#sw = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
tt.func @f(%m: !ttg.memdesc<8x32xf16, #sw, #ttg.shared_memory>) {
  // expected-error @+1 {{A non zero offset found in a dimension that is not being split: offset 2 in dimension 0}}
  %0 = ttg.memdesc_subslice %m[2, 0] : !ttg.memdesc<8x32xf16, #sw, #ttg.shared_memory> -> !ttg.memdesc<8x16xf16, #sw, #ttg.shared_memory>
  tt.return
}

// -----

// ... and a multiple of its size in those it splits.
#sw = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
tt.func @f(%m: !ttg.memdesc<8x32xf16, #sw, #ttg.shared_memory>) {
  // expected-error @+1 {{The split offset may not touch the tile: offset 8 in dimension 1 is not a multiple of the slice's 16}}
  %0 = ttg.memdesc_subslice %m[0, 8] : !ttg.memdesc<8x32xf16, #sw, #ttg.shared_memory> -> !ttg.memdesc<8x16xf16, #sw, #ttg.shared_memory>
  tt.return
}

// -----

// Columns 0-3 and 4-7 of a row are XOR-swizzled together: no plain address.
#sw = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 8, order = [1, 0]}>
tt.func @f(%m: !ttg.memdesc<8x8xf16, #sw, #ttg.shared_memory>) {
  // expected-error @+1 {{We don't support splitting along the swizzling pattern: a step of 4 in dimension 0}}
  %0 = ttg.memdesc_subslice %m[4, 0] : !ttg.memdesc<8x8xf16, #sw, #ttg.shared_memory> -> !ttg.memdesc<4x8xf16, #sw, #ttg.shared_memory>
  tt.return
}

// -----

// A buffer spread over two CTAs cannot be sliced yet.
#sw = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0], CGALayout = [[1, 0]]}>
tt.func @f(%m: !ttg.memdesc<8x32xf16, #sw, #ttg.shared_memory>) {
  // expected-error @+1 {{non-trivial block dimension not supported: the layout spreads the source over 2 CTAs}}
  %0 = ttg.memdesc_subslice %m[0, 16] : !ttg.memdesc<8x32xf16, #sw, #ttg.shared_memory> -> !ttg.memdesc<8x16xf16, #sw, #ttg.shared_memory>
  tt.return
}

// -----

// Each WMMA generation has its own instruction shapes (16x16x16 when left
// out) ...
// expected-error @+1 {{invalid WMMA v3 instruction shape: 16x16x16}}
#a = #ttg.amd_wmma<{version = 3, isTranspose = false, ctaLayout = {warp = [[0, 1]]}}>

// -----

// ... and its own runs of K in the dot operands.
// expected-error @+2 {{#ttg.dot_op kWidth parameter must be 4/8/16 for WMMA v2 (including packed cases for `scaled_dot`), got 2}}
#a = #ttg.amd_wmma<{version = 2, isTranspose = false, ctaLayout = {warp = [[0, 1]]}}>
#b = #ttg.dot_op<{opIdx = 0, parent = #a, kWidth = 2}>

// -----

// expected-error @+1 {{alignment must be specified outside of the linear layout braces}}
#a = #ttg.shared_linear<{offset = [[0, 1], [1, 0]], alignment = 16}>

// -----

// expected-error @+1 {{alignment must be a positive power of two, got 12 for #ttg.shared_linear}}
#a = #ttg.shared_linear<{offset = [[0, 1], [1, 0]]}, alignment = 12>

// -----

// Two offsets on the same element leave others unreached.
// expected-error @+1 {{The layout must be surjective: the 2 non-zero offset bases of #ttg.shared_linear give 4 offsets for the 2 elements they span}}
#a = #ttg.shared_linear<{offset = [[0, 1], [0, 1]]}, alignment = 16>

// -----

// A tensor in registers cannot carry a shared-memory layout: the op using it
// names the operand.
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @shared_tensor_operand(%x: tensor<64x32xf16, #nvmma>) {
    // expected-error @+1 {{Operand 0 (%arg0 : 'tensor<64x32xf16, #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>>') has an invalid layout: Non-distributed layout is not allowed in tensor type. (#ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}> is a shared-memory layout, for a !ttg.memdesc)}}
    %y = arith.addf %x, %x : tensor<64x32xf16, #nvmma>
    tt.return
  }
}

// -----

// The same for a result made with a shared-memory layout.
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#swz = #ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 8, order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @shared_tensor_result() {
    // expected-error @+1 {{Result 0 ('tensor<128xi32, #ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 8, order = [0]}>>') has an invalid layout: Non-distributed layout is not allowed in tensor type.}}
    %r = tt.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32, #swz>
    tt.return
  }
}

// -----

// ttg.fp4_to_fp: Triton's checks, in its words.
#b = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @fp4_to_f32(%a: tensor<32x8xi8, #b>) {
    // expected-error @+1 {{only bf16 or f16 is supported for now, got 'f32'}}
    %0 = ttg.fp4_to_fp %a {axis = 1 : i32} : tensor<32x8xi8, #b> -> tensor<32x16xf32, #b>
    tt.return
  }
}

// -----

#b = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @fp4_axis(%a: tensor<32x8xi8, #b>) {
    // expected-error @+1 {{axis 2 out of range for rank 2}}
    %0 = ttg.fp4_to_fp %a {axis = 2 : i32} : tensor<32x8xi8, #b> -> tensor<32x16xf16, #b>
    tt.return
  }
}

// -----

#b = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @fp4_not_doubled(%a: tensor<32x8xi8, #b>) {
    // expected-error @+1 {{axis 1 dimension must be 2x source dimension (src=8, dst=8)}}
    %0 = ttg.fp4_to_fp %a {axis = 1 : i32} : tensor<32x8xi8, #b> -> tensor<32x8xf16, #b>
    tt.return
  }
}

// -----

#b = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @fp4_other_dim(%a: tensor<32x8xi8, #b>) {
    // expected-error @+1 {{dimension 0 mismatch (src=32, dst=64, axis=1)}}
    %0 = ttg.fp4_to_fp %a {axis = 1 : i32} : tensor<32x8xi8, #b> -> tensor<64x16xf16, #b>
    tt.return
  }
}

// -----

#b = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @fp4_one_per_thread(%a: tensor<32x8xi8, #b>) {
    // expected-error @+2 {{Fp4ToFpOp requires at least 2 elements per thread in the axis dimension}}
    // expected-error @+1 {{failed to infer encoding}}
    %0 = ttg.fp4_to_fp %a {axis = 1 : i32} : tensor<32x8xi8, #b> -> tensor<32x16xf16, #b>
    tt.return
  }
}

// -----

#b = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @fp4_same_layout(%a: tensor<32x8xi8, #b>) {
    // expected-error @+1 {{Src and Dst encodings are not compatible}}
    %0 = ttg.fp4_to_fp %a {axis = 1 : i32} : tensor<32x8xi8, #b> -> tensor<32x16xf16, #b>
    tt.return
  }
}

// -----

// tt.trans, tt.join and tt.split keep each element in its thread: their
// result layouts are the operand's permuted, with the pair dimension in two
// registers, or without it.
#b = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @trans_same_layout(%x: tensor<32x16xf32, #b>) {
    // expected-error @+1 {{inferred type(s) are incompatible with return type(s) of operation}}
    %t = tt.trans %x {order = array<i32: 1, 0>} : tensor<32x16xf32, #b> -> tensor<16x32xf32, #b>
    tt.return
  }
}

// -----

#h = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#p = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @join_pair_over_lanes(%x: tensor<128xf32, #h>) {
    // expected-error @+1 {{incompatible join layout}}
    %j = tt.join %x, %x : tensor<128xf32, #h> -> tensor<128x2xf32, #p>
    tt.return
  }
}

// -----

#p = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
#h = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @split_other_layout(%x: tensor<128x2xf32, #p>) {
    // expected-error @+2 {{inferred type(s) are incompatible with return type(s) of operation}}
    // expected-error @+1 {{failed to infer returned types}}
    %a, %b = tt.split %x : tensor<128x2xf32, #p> -> tensor<128xf32, #h>
    tt.return
  }
}

// -----

// A view through ttg.memdesc_index of a buffer whose layout has the buffer's
// rank cannot keep that layout: its rank would exceed the view's.
#sh2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
tt.func @f(%buf: !ttg.memdesc<4x32xf32, #sh2, #ttg.shared_memory, mutable>) {
  %c0 = arith.constant 0 : i32
  // expected-error @+1 {{rank must be equal to or one less than the shape size. Got 2 and 1}}
  %v = ttg.memdesc_index %buf[%c0] : !ttg.memdesc<4x32xf32, #sh2, #ttg.shared_memory, mutable> -> !ttg.memdesc<32xf32, #sh2, #ttg.shared_memory, mutable>
  tt.return
}
}
