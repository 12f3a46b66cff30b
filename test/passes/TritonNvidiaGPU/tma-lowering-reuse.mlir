// RUN: triton-opt %s -split-input-file -triton-nvidia-tma-lowering | FileCheck %s

// A descriptor made in the kernel reuses the function's constants that
// reach it (the 8-row box, the unit element stride), and byte elements
// need no stride multiply.
// CHECK-LABEL: tt.func public @make_bytes
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : i32
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : i32
// CHECK-DAG: %[[S:.*]] = arith.extsi %arg2 : i32 to i64
// CHECK-NOT: arith.muli
// CHECK: ttng.tensormap_create %{{.*}}, %arg0, [%{{.*}}, %[[C8]]], [%arg2, %arg1], [%[[S]]], [%[[C1]], %[[C1]]] {elem_type = 0 : i32,
// CHECK-NOT: arith.constant 8 : i32
// CHECK: tt.return
#nvmma_32 = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 8}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @make_bytes(%p: !tt.ptr<i8>, %m: i32, %n: i32) -> !tt.tensordesc<tensor<8x32xi8, #nvmma_32>> {
    %c1_i32 = arith.constant 1 : i32
    %c8_i32 = arith.constant 8 : i32
    %c1_i64 = arith.constant 1 : i64
    %s = arith.extsi %n : i32 to i64
    %d = tt.make_tensor_descriptor %p, [%m, %n], [%s, %c1_i64] : <i8>, <tensor<8x32xi8, #nvmma_32>>
    tt.return %d : !tt.tensordesc<tensor<8x32xi8, #nvmma_32>>
  }
}

// -----

// A loaded block stored back in the TMA buffer's layout is read from the
// buffer itself, also when a dot's wait keeps it alive: the wait's result
// takes the buffer's (mutable) type.
// CHECK-LABEL: tt.func public @wgmma_operand
// CHECK: %[[BUF:.*]] = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
// CHECK: ttng.async_tma_copy_global_to_local %arg0[%arg2, %arg2] %[[BUF]]
// CHECK-NOT: ttg.local_alloc %
// CHECK: %[[DOT:.*]] = ttng.warp_group_dot %[[BUF]], %arg1
// CHECK: ttng.warp_group_dot_wait %[[DOT]], %[[BUF]] {pendings = 0 : i32} : tensor<64x64xf32, #mma>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @wgmma_operand(%d: !tt.tensordesc<tensor<64x64xf16, #shared>>, %b: !ttg.memdesc<64x64xf16, #shared, #smem>, %i: i32) -> tensor<64x64xf32, #mma> {
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %x = tt.descriptor_load %d[%i, %i] : !tt.tensordesc<tensor<64x64xf16, #shared>> -> tensor<64x64xf16, #blocked>
    %a = ttg.local_alloc %x : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
    %acc = ttng.warp_group_dot %a, %b, %zero {isAsync = true} : !ttg.memdesc<64x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma>
    %r:2 = ttng.warp_group_dot_wait %acc, %a {pendings = 0 : i32} : tensor<64x64xf32, #mma>, !ttg.memdesc<64x64xf16, #shared, #smem>
    tt.return %r#0 : tensor<64x64xf32, #mma>
  }
}
