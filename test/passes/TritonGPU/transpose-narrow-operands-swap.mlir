// RUN: triton-opt %s -split-input-file -tritongpu-transpose-narrow-operands | FileCheck %s
// RUN: triton-opt %s -split-input-file -tritongpu-transpose-narrow-operands -tritongpu-swap-narrow-operands=false | FileCheck %s --check-prefix=STAGED

// With -tritongpu-swap-narrow-operands=false these products keep the staging
// into K-major slots.
// STAGED-LABEL: tt.func public @b_rowmajor_swapped
// STAGED: ttg.local_store
// STAGED-NOT: ttg.memdesc_reinterpret
// STAGED-LABEL: tt.func public @fp8_swapped_init_trunc
// STAGED: ttg.local_store
// STAGED-NOT: ttg.memdesc_reinterpret

// B of an int8 wgmma loaded row-major, with room for two register rows of
// the swapped product's A fragments (N = 128 >= 2 x 16 x 4 warps): the
// product becomes C^T = B^T A^T. B is staged in its own order (32-byte
// vectors XORed with (k / 4) % 4), B^T is that buffer seen through a
// #ttg.shared_linear view (column c of B is row rowOfColumn(c): columns
// 1, 2 are the register rows 8, 64, columns 4, 8, 16 the lane rows, 32, 64
// the warp rows) loaded as the A operand in registers, A^T is A's buffer
// transposed, and the loop carries C^T, one product per wgmma K step (32)
// after the loads of its own fragments. After the loop, C^T goes through
// a swizzled row-major buffer seen the same way into the layout the
// convert_layout asked for.
// CHECK-DAG: #[[MMAT:.*]] = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 32]}>
// CHECK-DAG: #[[STAGE:.*]] = #ttg.swizzled_shared<{vec = 32, perPhase = 4, maxPhase = 4, order = [1, 0]}>
// CHECK-DAG: #[[BVIEW:.*]] = #ttg.shared_linear<{offset = {{\[\[}}8, 0], [64, 0], [1, 0], [2, 0], [4, 0], [16, 0], [32, 0], [0, 1], [0, 2], [16, 4], [32, 8], [0, 16], [0, 32]]}, alignment = 16>
// CHECK-DAG: #[[AT:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 8}>
// CHECK-DAG: #[[CBUF:.*]] = #ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 8, order = [1, 0]}>
// CHECK-DAG: #[[CVIEW:.*]] = #ttg.shared_linear<{offset = {{\[\[}}8, 0], [64, 0], [1, 0], [2, 0], [4, 0], [16, 0], [32, 0], [1, 1], [2, 2], [4, 4], [0, 8], [0, 16], [0, 32]]}, alignment = 16>
// CHECK-LABEL: tt.func public @b_rowmajor_swapped
// CHECK: %[[ZERO:.*]] = arith.constant dense<0> : tensor<128x64xi32, #[[MMAT]]>
// CHECK: scf.for {{.*}} iter_args(%[[ACC:.*]] = %[[ZERO]]) -> (tensor<128x64xi32, #[[MMAT]]>)
// CHECK: %[[AS:.*]] = ttg.local_alloc %{{.*}} -> !ttg.memdesc<64x64xi8, #{{.*}}, #smem>
// CHECK: %[[BV:.*]] = tt.load %arg1
// CHECK-NEXT: %[[STAGEBUF:.*]] = ttg.local_alloc %[[BV]] : (tensor<64x128xi8, #{{.*}}>) -> !ttg.memdesc<64x128xi8, #[[STAGE]], #smem>
// CHECK-NEXT: %[[VIEW:.*]] = ttg.memdesc_reinterpret %[[STAGEBUF]] : !ttg.memdesc<64x128xi8, #[[STAGE]], #smem> -> !ttg.memdesc<128x64xi8, #[[BVIEW]], #smem>
// CHECK-NEXT: %[[ATV:.*]] = ttg.memdesc_trans %[[AS]] {order = array<i32: 1, 0>} : !ttg.memdesc<64x64xi8, #{{.*}}, #smem> -> !ttg.memdesc<64x64xi8, #[[AT]], #smem>
// CHECK-NEXT: %[[V0:.*]] = ttg.memdesc_subslice %[[VIEW]][0, 0] : !ttg.memdesc<128x64xi8, #[[BVIEW]], #smem> -> !ttg.memdesc<128x32xi8, #[[BVIEW]], #smem, 128x64>
// CHECK-NEXT: %[[B0:.*]] = ttg.local_load %[[V0]] : !ttg.memdesc<128x32xi8, #[[BVIEW]], #smem, 128x64> -> tensor<128x32xi8, #ttg.dot_op<{opIdx = 0, parent = #[[MMAT]], kWidth = 4}>>
// CHECK-NEXT: %[[A0:.*]] = ttg.memdesc_subslice %[[ATV]][0, 0] : !ttg.memdesc<64x64xi8, #[[AT]], #smem> -> !ttg.memdesc<32x64xi8, #[[AT]], #smem, 64x64>
// CHECK-NEXT: %[[D0:.*]] = ttng.warp_group_dot %[[B0]], %[[A0]], %[[ACC]] {inputPrecision = 0 : i32} : tensor<128x32xi8, #ttg.dot_op<{opIdx = 0, parent = #[[MMAT]], kWidth = 4}>> * !ttg.memdesc<32x64xi8, #[[AT]], #smem, 64x64> -> tensor<128x64xi32, #[[MMAT]]>
// CHECK-NEXT: %[[V1:.*]] = ttg.memdesc_subslice %[[VIEW]][0, 32] : !ttg.memdesc<128x64xi8, #[[BVIEW]], #smem> -> !ttg.memdesc<128x32xi8, #[[BVIEW]], #smem, 128x64>
// CHECK-NEXT: %[[B1:.*]] = ttg.local_load %[[V1]]
// CHECK-NEXT: %[[A1:.*]] = ttg.memdesc_subslice %[[ATV]][32, 0]
// CHECK-NEXT: %[[D:.*]] = ttng.warp_group_dot %[[B1]], %[[A1]], %[[D0]] {inputPrecision = 0 : i32} : tensor<128x32xi8, #ttg.dot_op<{opIdx = 0, parent = #[[MMAT]], kWidth = 4}>> * !ttg.memdesc<32x64xi8, #[[AT]], #smem, 64x64> -> tensor<128x64xi32, #[[MMAT]]>
// CHECK-NEXT: scf.yield %[[D]] : tensor<128x64xi32, #[[MMAT]]>
// CHECK: %[[CT:.*]] = ttg.local_alloc : () -> !ttg.memdesc<128x64xi32, #[[CVIEW]], #smem, mutable>
// CHECK-NEXT: ttg.local_store %{{.*}}, %[[CT]] : tensor<128x64xi32, #[[MMAT]]> -> !ttg.memdesc<128x64xi32, #[[CVIEW]], #smem, mutable>
// CHECK-NEXT: %[[C:.*]] = ttg.memdesc_reinterpret %[[CT]] : !ttg.memdesc<128x64xi32, #[[CVIEW]], #smem, mutable> -> !ttg.memdesc<64x128xi32, #[[CBUF]], #smem, mutable>
// CHECK-NEXT: %[[OUT:.*]] = ttg.local_load %[[C]] : !ttg.memdesc<64x128xi32, #[[CBUF]], #smem, mutable> -> tensor<64x128xi32, #[[OUTL:blocked[0-9]*]]>
// CHECK-NEXT: ttg.local_dealloc %[[CT]]
// CHECK-NOT: ttg.convert_layout
// CHECK: tt.return %[[OUT]] : tensor<64x128xi32, #[[OUTL]]>
#blocked = #ttg.blocked<{sizePerThread = [1, 16], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#out = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 32]}>
#ka = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 8}>
#kb = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 8}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @b_rowmajor_swapped(%a: tensor<64x64x!tt.ptr<i8>, #blocked>, %b: tensor<64x128x!tt.ptr<i8>, #blocked>, %n: i32) -> tensor<64x128xi32, #out> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0> : tensor<64x128xi32, #mma>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x128xi32, #mma>) : i32 {
      %av = tt.load %a : tensor<64x64x!tt.ptr<i8>, #blocked>
      %as = ttg.local_alloc %av : (tensor<64x64xi8, #blocked>) -> !ttg.memdesc<64x64xi8, #ka, #smem>
      %bv = tt.load %b : tensor<64x128x!tt.ptr<i8>, #blocked>
      %bs = ttg.local_alloc %bv : (tensor<64x128xi8, #blocked>) -> !ttg.memdesc<64x128xi8, #kb, #smem>
      %d = ttng.warp_group_dot %as, %bs, %acc {inputPrecision = 0 : i32} : !ttg.memdesc<64x64xi8, #ka, #smem> * !ttg.memdesc<64x128xi8, #kb, #smem> -> tensor<64x128xi32, #mma>
      scf.yield %d : tensor<64x128xi32, #mma>
    }
    %o = ttg.convert_layout %r : tensor<64x128xi32, #mma> -> tensor<64x128xi32, #out>
    tt.return %o : tensor<64x128xi32, #out>
  }
}

// -----

// The same with fp8 e4m3, an accumulator that does not start as a splat,
// and a truncation to f16 after the loop: the initial value goes through
// the accumulator buffer the other way (C into C^T), the truncation runs on
// C^T, and the result goes back in the product's own layout (no convert
// asked for one), through an f16 buffer (8-element vectors).
// CHECK-DAG: #[[MMAT:.*]] = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 32]}>
// CHECK-DAG: #[[F32BUF:.*]] = #ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 8, order = [1, 0]}>
// CHECK-DAG: #[[F16BUF:.*]] = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
// CHECK-LABEL: tt.func public @fp8_swapped_init_trunc
// CHECK: %[[IN:.*]] = ttg.local_alloc : () -> !ttg.memdesc<64x128xf32, #[[F32BUF]], #smem, mutable>
// CHECK-NEXT: ttg.local_store %arg3, %[[IN]] : tensor<64x128xf32, #[[MMA:mma[0-9]*]]>
// CHECK-NEXT: %[[INV:.*]] = ttg.memdesc_reinterpret %[[IN]] : !ttg.memdesc<64x128xf32, #[[F32BUF]], #smem, mutable> -> !ttg.memdesc<128x64xf32, #{{.*}}, #smem, mutable>
// CHECK-NEXT: %[[INIT:.*]] = ttg.local_load %[[INV]] : {{.*}} -> tensor<128x64xf32, #[[MMAT]]>
// CHECK-NEXT: ttg.local_dealloc %[[IN]]
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %[[INIT]]) -> (tensor<128x64xf32, #[[MMAT]]>)
// CHECK: ttng.warp_group_dot {{.*}} {inputPrecision = 0 : i32, maxNumImpreciseAcc = 1073741824 : i32} : tensor<128x32xf8E4M3FN, #ttg.dot_op<{opIdx = 0, parent = #[[MMAT]], kWidth = 4}>> * !ttg.memdesc<32x64xf8E4M3FN, #{{.*}}, #smem, 64x64> -> tensor<128x64xf32, #[[MMAT]]>
// CHECK: ttng.warp_group_dot {{.*}} {inputPrecision = 0 : i32, maxNumImpreciseAcc = 1073741824 : i32} : tensor<128x32xf8E4M3FN, #ttg.dot_op<{opIdx = 0, parent = #[[MMAT]], kWidth = 4}>> * !ttg.memdesc<32x64xf8E4M3FN, #{{.*}}, #smem, 64x64> -> tensor<128x64xf32, #[[MMAT]]>
// CHECK-NEXT: scf.yield
// CHECK: %[[T:.*]] = arith.truncf %{{.*}} : tensor<128x64xf32, #[[MMAT]]> to tensor<128x64xf16, #[[MMAT]]>
// CHECK-NEXT: %[[TS:.*]] = ttg.local_alloc : () -> !ttg.memdesc<128x64xf16, #{{.*}}, #smem, mutable>
// CHECK-NEXT: ttg.local_store %[[T]], %[[TS]] : tensor<128x64xf16, #[[MMAT]]>
// CHECK-NEXT: %[[TV:.*]] = ttg.memdesc_reinterpret %[[TS]] : {{.*}} -> !ttg.memdesc<64x128xf16, #[[F16BUF]], #smem, mutable>
// CHECK-NEXT: %[[OUT:.*]] = ttg.local_load %[[TV]] : {{.*}} -> tensor<64x128xf16, #[[MMA]]>
// CHECK-NEXT: ttg.local_dealloc %[[TS]]
// CHECK-NEXT: tt.return %[[OUT]]
#blocked = #ttg.blocked<{sizePerThread = [1, 16], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 32]}>
#ka = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 8}>
#kb = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 8}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @fp8_swapped_init_trunc(%a: tensor<64x64x!tt.ptr<f8E4M3FN>, #blocked>, %b: tensor<64x128x!tt.ptr<f8E4M3FN>, #blocked>, %n: i32, %init: tensor<64x128xf32, #mma>) -> tensor<64x128xf16, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (tensor<64x128xf32, #mma>) : i32 {
      %av = tt.load %a : tensor<64x64x!tt.ptr<f8E4M3FN>, #blocked>
      %as = ttg.local_alloc %av : (tensor<64x64xf8E4M3FN, #blocked>) -> !ttg.memdesc<64x64xf8E4M3FN, #ka, #smem>
      %bv = tt.load %b : tensor<64x128x!tt.ptr<f8E4M3FN>, #blocked>
      %bs = ttg.local_alloc %bv : (tensor<64x128xf8E4M3FN, #blocked>) -> !ttg.memdesc<64x128xf8E4M3FN, #kb, #smem>
      %d = ttng.warp_group_dot %as, %bs, %acc {inputPrecision = 0 : i32, maxNumImpreciseAcc = 1073741824 : i32} : !ttg.memdesc<64x64xf8E4M3FN, #ka, #smem> * !ttg.memdesc<64x128xf8E4M3FN, #kb, #smem> -> tensor<64x128xf32, #mma>
      scf.yield %d : tensor<64x128xf32, #mma>
    }
    %t = arith.truncf %r : tensor<64x128xf32, #mma> to tensor<64x128xf16, #mma>
    tt.return %t : tensor<64x128xf16, #mma>
  }
}
