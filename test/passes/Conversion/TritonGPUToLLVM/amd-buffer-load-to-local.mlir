// RUN: triton-opt %s -split-input-file -allocate-shared-memory -convert-triton-amdgpu-to-llvm -verify-diagnostics | FileCheck %s

// amdg.buffer_load_to_local on gfx942: buffer_load_dword with the lds bit,
// one per 4-byte piece a lane loads, through one buffer resource. A row of
// 64 f32 per warp fills one block of 64 slots: 8 rows per thread, 8 loads,
// no lane exchange. cg sets sc0 and sc1 (aux 3).
// CHECK-LABEL: llvm.func @rows
// CHECK: rocdl.make.buffer.rsrc
// CHECK-NOT: rocdl.make.buffer.rsrc
// CHECK-NOT: rocdl.ds_bpermute
// CHECK: %[[VOFF:.*]] = llvm.select
// CHECK-NEXT: %[[IMM:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %[[AUX:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: %[[SOFF:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: rocdl.raw.ptr.buffer.load.lds %{{.*}}, %{{.*}}, %{{.*}}, %[[VOFF]], %[[SOFF]], %[[IMM]], %[[AUX]]
// CHECK-COUNT-7: rocdl.raw.ptr.buffer.load.lds
// CHECK-NOT: rocdl.raw.ptr.buffer.load.lds
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 64], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func public @rows(%p: !tt.ptr<f32>, %off: tensor<32x64xi32, #blocked>) {
    %buf = ttg.local_alloc : () -> !ttg.memdesc<32x64xf32, #shared, #smem, mutable>
    %t = amdg.buffer_load_to_local %p[%off] cacheModifier = cg into %buf : <f32>[tensor<32x64xi32, #blocked>] -> <32x64xf32, #shared, #smem, mutable>
    tt.return
  }
}

// -----

// A mask without `other`: a masked-off piece reads out of range (offset
// 0x80000000), which writes zeros; no branch.
// CHECK-LABEL: llvm.func @masked_zero
// CHECK: %[[OOB:.*]] = llvm.mlir.constant(-2147483648 : i32) : i32
// CHECK: %[[VOFF:.*]] = llvm.select %{{.*}}, %{{.*}}, %[[OOB]] : i1, i32
// CHECK: rocdl.raw.ptr.buffer.load.lds %{{.*}}, %{{.*}}, %{{.*}}, %[[VOFF]]
// CHECK-NOT: llvm.cond_br
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [64], warpsPerCTA = [1], order = [0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func public @masked_zero(%p: !tt.ptr<f32>, %n: i32) {
    %buf = ttg.local_alloc : () -> !ttg.memdesc<64xf32, #shared, #smem, mutable>
    %off = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #blocked>
    %ns = tt.splat %n : i32 -> tensor<64xi32, #blocked>
    %m = arith.cmpi slt, %off, %ns : tensor<64xi32, #blocked>
    %t = amdg.buffer_load_to_local %p[%off] mask=%m into %buf : <f32>[tensor<64xi32, #blocked>] -> <64xf32, #shared, #smem, mutable>
    tt.return
  }
}

// -----

// With `other`, the masked-off slot gets `other` from the lane holding it,
// so the load is skipped there (it would write zeros over it): a branch on
// the mask around the load, and one on its negation around the store.
// CHECK-LABEL: llvm.func @masked_other
// CHECK: %[[PRED:.*]] = llvm.and %{{.*}}, %{{.*}} : i1
// CHECK: llvm.cond_br %[[PRED]]
// CHECK: rocdl.raw.ptr.buffer.load.lds
// CHECK: %[[NOT:.*]] = llvm.xor %{{.*}}, %{{.*}} : i1
// CHECK: llvm.cond_br %[[NOT]]
// CHECK: llvm.store %{{.*}} : vector<1xf32>, !llvm.ptr<3>
// CHECK-NOT: rocdl.raw.ptr.buffer.load.lds
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [64], warpsPerCTA = [1], order = [0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func public @masked_other(%p: !tt.ptr<f32>, %n: i32) {
    %buf = ttg.local_alloc : () -> !ttg.memdesc<64xf32, #shared, #smem, mutable>
    %off = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #blocked>
    %ns = tt.splat %n : i32 -> tensor<64xi32, #blocked>
    %m = arith.cmpi slt, %off, %ns : tensor<64xi32, #blocked>
    %o = arith.constant dense<2.0> : tensor<64xf32, #blocked>
    %t = amdg.buffer_load_to_local %p[%off] mask=%m other=%o into %buf : <f32>[tensor<64xi32, #blocked>] tensor<64xf32, #blocked> -> <64xf32, #shared, #smem, mutable>
    tt.return
  }
}

// -----

// Warp w holds rows w, w+4, ..., all of phase w: lane j loads the offset of
// lane j ^ w, one ds_bpermute of the i32 offset per row. The source lane is
// built of terms: the lane's bits (identity columns 1 .. 32), then the warp's
// bits 0 and 1, which add 1 and 2.
// CHECK-LABEL: llvm.func @swizzled_by_warp
// CHECK: %[[TID:.*]] = rocdl.workitem.id.x
// CHECK: %[[WARP:.*]] = llvm.udiv %[[TID]]
// CHECK: llvm.mlir.constant(32 : i32)
// CHECK: %[[W0:.*]] = llvm.and %[[WARP]], %{{.*}} : i32
// CHECK-NEXT: llvm.mlir.constant(0 : i32)
// CHECK-NEXT: %[[S0:.*]] = llvm.icmp "ne" %[[W0]]
// CHECK-NEXT: llvm.mlir.constant(0 : i32)
// CHECK-NEXT: %[[T0:.*]] = llvm.mlir.constant(1 : i32)
// CHECK-NEXT: llvm.select %[[S0]], %[[T0]]
// CHECK: %[[W1:.*]] = llvm.and %[[WARP]], %{{.*}} : i32
// CHECK-NEXT: llvm.mlir.constant(0 : i32)
// CHECK-NEXT: %[[S1:.*]] = llvm.icmp "ne" %[[W1]]
// CHECK-NEXT: llvm.mlir.constant(0 : i32)
// CHECK-NEXT: %[[T1:.*]] = llvm.mlir.constant(2 : i32)
// CHECK-NEXT: llvm.select %[[S1]], %[[T1]]
// CHECK-COUNT-4: rocdl.ds_bpermute
// CHECK-NOT: rocdl.ds_bpermute
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 64], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 4, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func public @swizzled_by_warp(%p: !tt.ptr<f32>, %off: tensor<16x64xi32, #blocked>) {
    %buf = ttg.local_alloc : () -> !ttg.memdesc<16x64xf32, #shared, #smem, mutable>
    %t = amdg.buffer_load_to_local %p[%off] into %buf : <f32>[tensor<16x64xi32, #blocked>] -> <16x64xf32, #shared, #smem, mutable>
    tt.return
  }
}

// -----

// Eight f16 per lane (16 bytes) land 16 bytes apart: gfx942's LDS-DMA moves
// 4 bytes per lane into consecutive slots only.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [64, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func public @wide_pieces(%p: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %off: tensor<256x8xi32, #blocked>) {
    %buf = ttg.local_alloc : () -> !ttg.memdesc<256x8xf16, #shared, #smem, mutable>
    // expected-error @+1 {{failed to legalize operation 'amdg.buffer_load_to_local' that was explicitly marked illegal}}
    %t = amdg.buffer_load_to_local %p[%off] into %buf : <f16>[tensor<256x8xi32, #blocked>] -> <256x8xf16, #shared, #smem, mutable>
    tt.return
  }
}

// -----

// amdg.async_wait counts instructions: vmcnt(3), then lgkmcnt(0) for the
// wave's LDS accesses, then a workgroup barrier; counts above the counter's
// 63 wait for 63.
// CHECK-LABEL: llvm.func @waits
// CHECK: rocdl.s.waitcnt -49165
// CHECK-NEXT: rocdl.s.waitcnt -7937
// CHECK: rocdl.barrier
// CHECK: rocdl.s.waitcnt -1
// CHECK-NEXT: rocdl.s.waitcnt -7937
// CHECK: rocdl.barrier
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func public @waits() {
    %a = amdg.async_wait {num_inst = 3 : i32}
    %b = amdg.async_wait %a {num_inst = 70 : i32}
    tt.return
  }
}
