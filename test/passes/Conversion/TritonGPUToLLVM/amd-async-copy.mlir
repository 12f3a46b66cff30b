// RUN: triton-opt %s -split-input-file -allocate-shared-memory -convert-triton-amdgpu-to-llvm -verify-diagnostics | FileCheck %s

// gfx942 copies global memory to LDS with global_load_lds_dword: each lane
// reads 4 bytes and the hardware writes them at the wave's LDS address plus
// 4 * lane. A row of 64 f32 per warp is such a layout: one load per row the
// thread holds (8), each at its wave's row.
// CHECK-LABEL: llvm.func @rows_f32
// CHECK-COUNT-8: rocdl.global.load.lds %{{.*}}, %{{.*}}, 4, 0, 0
// CHECK-NOT: rocdl.global.load.lds
// CHECK: llvm.mlir.constant(0 : i32) : i32
// CHECK: rocdl.s.waitcnt -49168
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 64], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func public @rows_f32(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
    %buf = ttg.local_alloc : () -> !ttg.memdesc<32x64xf32, #shared, #smem, mutable>
    %ptrs = tt.splat %p : !tt.ptr<f32> -> tensor<32x64x!tt.ptr<f32>, #blocked>
    %t = ttg.async_copy_global_to_local %ptrs, %buf : tensor<32x64x!tt.ptr<f32>, #blocked> -> <32x64xf32, #shared, #smem, mutable>
    %g = ttg.async_commit_group tokens %t
    %w = ttg.async_wait %g {num = 0 : i32}
    tt.return
  }
}

// -----

// Pairs of f16 (4 bytes) per lane, contiguous in global memory (axis info)
// and in LDS; a mask and `other`: a masked-off lane skips its load and
// stores `other` into its own slot (lane * 2 elements on); a streaming copy
// sets sc0 and nt.
// CHECK-LABEL: llvm.func @pairs_f16_masked
// CHECK: llvm.cond_br
// CHECK: rocdl.global.load.lds %{{.*}}, %{{.*}}, 4, 0, 3
// CHECK-NEXT: llvm.br
// CHECK: llvm.cond_br
// CHECK: llvm.store %{{.*}} : vector<2xf16>, !llvm.ptr<3>
#blocked = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [2, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func public @pairs_f16_masked(%p: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %n: i32) {
    %buf = ttg.local_alloc : () -> !ttg.memdesc<32x64xf16, #shared, #smem, mutable>
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %e = tt.expand_dims %r {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x64xi32, #blocked>
    %o = tt.broadcast %e : tensor<1x64xi32, #blocked> -> tensor<32x64xi32, #blocked>
    %s = tt.splat %p : !tt.ptr<f16> -> tensor<32x64x!tt.ptr<f16>, #blocked>
    %ptrs = tt.addptr %s, %o : tensor<32x64x!tt.ptr<f16>, #blocked>, tensor<32x64xi32, #blocked>
    %rows = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %re = tt.expand_dims %rows {axis = 1 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<32x1xi32, #blocked>
    %ns = tt.splat %n : i32 -> tensor<32x1xi32, #blocked>
    %m1 = arith.cmpi slt, %re, %ns : tensor<32x1xi32, #blocked>
    %m = tt.broadcast %m1 : tensor<32x1xi1, #blocked> -> tensor<32x64xi1, #blocked>
    %zero = arith.constant dense<0.0> : tensor<32x64xf16, #blocked>
    %t = ttg.async_copy_global_to_local %ptrs, %buf mask %m other %zero cacheModifier = cs : tensor<32x64x!tt.ptr<f16>, #blocked> -> <32x64xf16, #shared, #smem, mutable>
    tt.return
  }
}

// -----

// Single bytes: the hardware would widen each to 4 and overwrite the
// neighbours' bytes, so there is no LDS-DMA form for them.
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 64], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func public @bytes(%p: !tt.ptr<i8> {tt.divisibility = 16 : i32}) {
    %buf = ttg.local_alloc : () -> !ttg.memdesc<32x64xi8, #shared, #smem, mutable>
    %ptrs = tt.splat %p : !tt.ptr<i8> -> tensor<32x64x!tt.ptr<i8>, #blocked>
    // expected-error @+1 {{failed to legalize operation 'ttg.async_copy_global_to_local' that was explicitly marked illegal}}
    %t = ttg.async_copy_global_to_local %ptrs, %buf : tensor<32x64x!tt.ptr<i8>, #blocked> -> <32x64xi8, #shared, #smem, mutable>
    tt.return
  }
}

// -----

// A swizzled layout permutes each row's slots (row r's column c lands at
// c ^ r): the wave still fills one block of 64 slots per row, so lane j
// loads the element that belongs in slot j, whose pointer it takes from lane
// j ^ r (ds_bpermute, two for a 64-bit pointer). Row 0 needs no constant;
// rows 1..3 XOR the lane with their row.
// CHECK-LABEL: llvm.func @swizzled_rows
// CHECK-COUNT-2: rocdl.ds_bpermute
// CHECK: rocdl.global.load.lds
// CHECK: %[[R1:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: llvm.xor %{{.*}}, %[[R1]] : i32
// CHECK-COUNT-2: rocdl.ds_bpermute
// CHECK: rocdl.global.load.lds
// CHECK: %[[R2:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: llvm.xor %{{.*}}, %[[R2]] : i32
// CHECK: %[[R3:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: llvm.xor %{{.*}}, %[[R3]] : i32
// CHECK-COUNT-2: rocdl.ds_bpermute
// CHECK: rocdl.global.load.lds
// CHECK-NOT: rocdl.global.load.lds
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 64], warpsPerCTA = [1, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 4, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func public @swizzled_rows(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
    %buf = ttg.local_alloc : () -> !ttg.memdesc<4x64xf32, #shared, #smem, mutable>
    %ptrs = tt.splat %p : !tt.ptr<f32> -> tensor<4x64x!tt.ptr<f32>, #blocked>
    %t = ttg.async_copy_global_to_local %ptrs, %buf : tensor<4x64x!tt.ptr<f32>, #blocked> -> <4x64xf32, #shared, #smem, mutable>
    tt.return
  }
}

// -----

// Lanes 32..63 hold row 1, whose phase moves column c to c ^ 1: lane bit 5
// reaches slot 33, and the lane that holds slot j's element is j with bit 0
// flipped where bit 5 is set (the inverse of that matrix is itself). A
// masked copy also takes the mask bit of that lane, from a ballot; `other`
// is stored by the lane holding the element, at its own (swizzled) slot.
// CHECK-LABEL: llvm.func @swizzled_lanes
// CHECK: llvm.mlir.constant(33 : i32) : i32
// CHECK: rocdl.ds_bpermute
// CHECK: rocdl.ballot
// CHECK: llvm.cond_br
// CHECK: rocdl.global.load.lds
// CHECK: llvm.cond_br
// CHECK: llvm.store %{{.*}} : vector<1xf32>, !llvm.ptr<3>
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [2, 32], warpsPerCTA = [1, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func public @swizzled_lanes(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %m: i1) {
    %buf = ttg.local_alloc : () -> !ttg.memdesc<2x32xf32, #shared, #smem, mutable>
    %ptrs = tt.splat %p : !tt.ptr<f32> -> tensor<2x32x!tt.ptr<f32>, #blocked>
    %mask = tt.splat %m : i1 -> tensor<2x32xi1, #blocked>
    %one = arith.constant dense<1.0> : tensor<2x32xf32, #blocked>
    %t = ttg.async_copy_global_to_local %ptrs, %buf mask %mask other %one : tensor<2x32x!tt.ptr<f32>, #blocked> -> <2x32xf32, #shared, #smem, mutable>
    tt.return
  }
}

// -----

// A column per lane: lane i's element lands 64 slots after lane i-1's, not
// in one block of 64 consecutive slots, which the instruction cannot do.
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [64, 1], warpsPerCTA = [1, 4], order = [0, 1]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func public @columns(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
    %buf = ttg.local_alloc : () -> !ttg.memdesc<64x64xf32, #shared, #smem, mutable>
    %ptrs = tt.splat %p : !tt.ptr<f32> -> tensor<64x64x!tt.ptr<f32>, #blocked>
    // expected-error @+1 {{failed to legalize operation 'ttg.async_copy_global_to_local' that was explicitly marked illegal}}
    %t = ttg.async_copy_global_to_local %ptrs, %buf : tensor<64x64x!tt.ptr<f32>, #blocked> -> <64x64xf32, #shared, #smem, mutable>
    tt.return
  }
}
