// RUN: triton-opt %s -split-input-file -triton-nvidia-optimize-descriptor-encoding | FileCheck %s

// A descriptor whose load feeds a buffer of a chosen NVMMA layout takes that
// layout (64-byte swizzle here, where the fallback would be 128 bytes); one
// only stored gets the block's own NVMMA layout. The kernel's signature follows.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#nvmma64 = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-DAG: #[[S64:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
  // CHECK-DAG: #[[S128:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
  // CHECK-DAG: #[[S32:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 32}>
  // CHECK-LABEL: tt.func public @wanted
  // CHECK-SAME: (%arg0: !tt.tensordesc<tensor<64x64xf16, #[[S64]]>>, %arg1: !tt.tensordesc<tensor<64x64xf16, #[[S128]]>>)
  tt.func public @wanted(%a: !tt.tensordesc<tensor<64x64xf16>>, %b: !tt.tensordesc<tensor<64x64xf16>>) {
    %c0 = arith.constant 0 : i32
    // CHECK: tt.descriptor_load %arg0[{{.*}}] : !tt.tensordesc<tensor<64x64xf16, #[[S64]]>>
    %t = tt.descriptor_load %a[%c0, %c0] : !tt.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16, #blocked>
    %s = ttg.local_alloc %t : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #nvmma64, #smem>
    // CHECK: tt.descriptor_store %arg1[{{.*}}], %{{.*}} : !tt.tensordesc<tensor<64x64xf16, #[[S128]]>>
    tt.descriptor_store %b[%c0, %c0], %t : !tt.tensordesc<tensor<64x64xf16>>, tensor<64x64xf16, #blocked>
    tt.return
  }

  // A descriptor made in the kernel and carried through a loop is one
  // descriptor: the loop's argument and result get its layout too. 8 rows
  // of 8 f32 (32 bytes): the 32-byte swizzle.
  // CHECK-LABEL: tt.func public @carried
  // CHECK: tt.make_tensor_descriptor {{.*}} : <f32>, <tensor<8x8xf32, #[[S32]]>>
  // CHECK: scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}) -> (!tt.tensordesc<tensor<8x8xf32, #[[S32]]>>)
  tt.func public @carried(%p: !tt.ptr<f32>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c1_i64 = arith.constant 1 : i64
    %s = arith.extsi %n : i32 to i64
    %d = tt.make_tensor_descriptor %p, [%n, %n], [%s, %c1_i64] : <f32>, <tensor<8x8xf32>>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%it = %d) -> (!tt.tensordesc<tensor<8x8xf32>>) : i32 {
      %t = tt.descriptor_load %it[%i, %c0] : !tt.tensordesc<tensor<8x8xf32>> -> tensor<8x8xf32, #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>>
      scf.yield %it : !tt.tensordesc<tensor<8x8xf32>>
    }
    tt.return
  }
}

// -----

// Loads wanting different layouts: none is taken, the block's own is.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#nvmma32 = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 16}>
#nvmma64 = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK: #[[D128:.+]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
  // CHECK-LABEL: tt.func public @disagree
  // CHECK-SAME: (%arg0: !tt.tensordesc<tensor<64x64xf16, #[[D128]]>>)
  tt.func public @disagree(%a: !tt.tensordesc<tensor<64x64xf16>>) {
    %c0 = arith.constant 0 : i32
    %t = tt.descriptor_load %a[%c0, %c0] : !tt.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16, #blocked>
    %s = ttg.local_alloc %t : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #nvmma64, #smem>
    %u = ttg.local_alloc %t : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #nvmma32, #smem>
    tt.return
  }
}

// -----

// In a cluster of two CTAs a descriptor only stored through takes the CTA
// split of the tensors stored (here the accumulator's, split along N), so each
// CTA's TMA store copies the tile it holds (3.6's 2-CTA descriptor matmul:
// C's descriptor split as its wgmma accumulator); stores that disagree leave
// the default split (along dim 0).
#split_n = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [8, 1], order = [1, 0], CGALayout = [[0, 1]]}>
#copy = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [8, 1], order = [1, 0], CGALayout = [[0, 0]]}>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-DAG: #[[N:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CGALayout = {{\[\[0, 1\]\]}}}>
  // CHECK-DAG: #[[M:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CGALayout = {{\[\[1, 0\]\]}}}>
  // CHECK-LABEL: tt.func public @stored_in_cluster
  // CHECK-SAME: (%arg0: !tt.tensordesc<tensor<128x256xf16, #[[N]]>>, %arg1: !tt.tensordesc<tensor<128x256xf16, #[[M]]>>,
  tt.func public @stored_in_cluster(%c: !tt.tensordesc<tensor<128x256xf16>>, %d: !tt.tensordesc<tensor<128x256xf16>>, %t: tensor<128x256xf16, #split_n>, %u: tensor<128x256xf16, #copy>) {
    %c0 = arith.constant 0 : i32
    tt.descriptor_store %c[%c0, %c0], %t : !tt.tensordesc<tensor<128x256xf16>>, tensor<128x256xf16, #split_n>
    tt.descriptor_store %d[%c0, %c0], %t : !tt.tensordesc<tensor<128x256xf16>>, tensor<128x256xf16, #split_n>
    tt.descriptor_store %d[%c0, %c0], %u : !tt.tensordesc<tensor<128x256xf16>>, tensor<128x256xf16, #copy>
    tt.return
  }
}

// -----

// TTIR (tensors without layouts yet, as desc_3d's): the store's tensor tells
// no CTA split, so the block takes the default one; no crash on the missing
// encoding.
// CHECK: #[[UNLAID:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CGALayout = {{\[\[}}1, 0{{\]\]}}}>
module attributes {"ttg.num-ctas" = 2 : i32} {
  // CHECK-LABEL: tt.func public @unlaid
  // CHECK-SAME: !tt.tensordesc<tensor<64x64xf16, #[[UNLAID]]>>
  tt.func public @unlaid(%d: !tt.tensordesc<tensor<64x64xf16>>) {
    %c0 = arith.constant 0 : i32
    %t = arith.constant dense<0.0> : tensor<64x64xf16>
    // CHECK: tt.descriptor_store
    tt.descriptor_store %d[%c0, %c0], %t : !tt.tensordesc<tensor<64x64xf16>>, tensor<64x64xf16>
    tt.return
  }
}
