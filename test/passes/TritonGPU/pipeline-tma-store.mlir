// RUN: triton-opt %s -split-input-file -tritongpu-pipeline | FileCheck %s

// Descriptor stores in loops of more than one stage write a shared buffer
// made before the loop and stay in flight until the next write of it (a
// wait before each) or the wait after the loop (pipeline-tma-store-exec.mlir
// runs one). Stores of one type share a buffer.

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#nvmma32 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func public @tiles
  // CHECK: %[[F16:.*]] = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
  // CHECK-NEXT: %[[F32:.*]] = ttg.local_alloc : () -> !ttg.memdesc<64x64xf32, #shared1, #smem, mutable>
  // CHECK: scf.for
  // CHECK: ttng.async_tma_store_wait {pendings = 0 : i32}
  // CHECK-NEXT: ttg.local_store %{{.*}}, %[[F16]]
  // CHECK-NEXT: ttng.fence_async_shared {bCluster = false}
  // CHECK-NEXT: ttng.async_tma_copy_local_to_global %arg0[%{{.*}}, %c0_i32] %[[F16]]
  // CHECK-NEXT: ttng.async_tma_store_wait {pendings = 0 : i32}
  // CHECK-NEXT: ttg.local_store %{{.*}}, %[[F32]]
  // CHECK-NEXT: ttng.fence_async_shared {bCluster = false}
  // CHECK-NEXT: ttng.async_tma_copy_local_to_global %arg1[%{{.*}}, %c0_i32] %[[F32]]
  // CHECK-NEXT: ttng.async_tma_store_wait {pendings = 0 : i32}
  // CHECK-NEXT: ttg.local_store %{{.*}}, %[[F16]]
  // CHECK-NEXT: ttng.fence_async_shared {bCluster = false}
  // CHECK-NEXT: ttng.async_tma_copy_local_to_global %arg0[%{{.*}}, %c64_i32] %[[F16]]
  // CHECK-NEXT: }
  // CHECK-NEXT: ttng.async_tma_store_wait {pendings = 0 : i32}
  // CHECK-NEXT: ttg.local_dealloc %[[F16]]
  // CHECK-NEXT: ttg.local_dealloc %[[F32]]
  tt.func public @tiles(%out: !tt.tensordesc<tensor<64x64xf16, #nvmma>>, %out32: !tt.tensordesc<tensor<64x64xf32, #nvmma32>>, %x: tensor<64x64xf16, #blocked>, %y: tensor<64x64xf32, #blocked>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c64 = arith.constant 64 : i32
    scf.for %i = %c0 to %n step %c1 : i32 {
      %row = arith.muli %i, %c64 : i32
      tt.descriptor_store %out[%row, %c0], %x : !tt.tensordesc<tensor<64x64xf16, #nvmma>>, tensor<64x64xf16, #blocked>
      tt.descriptor_store %out32[%row, %c0], %y : !tt.tensordesc<tensor<64x64xf32, #nvmma32>>, tensor<64x64xf32, #blocked>
      tt.descriptor_store %out[%row, %c64], %x : !tt.tensordesc<tensor<64x64xf16, #nvmma>>, tensor<64x64xf16, #blocked>
    }
    tt.return
  }
  // Each loop keeps the buffers of its own body, branches included.
  // CHECK-LABEL: tt.func public @nested
  // CHECK: scf.for
  // CHECK-NEXT: %[[BUF:.*]] = ttg.local_alloc
  // CHECK-NEXT: scf.for
  // CHECK-NEXT: scf.if
  // CHECK-NEXT: ttng.async_tma_store_wait {pendings = 0 : i32}
  // CHECK-NEXT: ttg.local_store %{{.*}}, %[[BUF]]
  // CHECK: ttng.async_tma_copy_local_to_global
  // CHECK-NEXT: }
  // CHECK-NEXT: }
  // CHECK-NEXT: ttng.async_tma_store_wait {pendings = 0 : i32}
  // CHECK-NEXT: ttg.local_dealloc %[[BUF]]
  tt.func public @nested(%out: !tt.tensordesc<tensor<64x64xf16, #nvmma>>, %x: tensor<64x64xf16, #blocked>, %n: i32, %p: i1) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    scf.for %i = %c0 to %n step %c1 : i32 {
      scf.for %j = %c0 to %n step %c1 : i32 {
        scf.if %p {
          tt.descriptor_store %out[%i, %j], %x : !tt.tensordesc<tensor<64x64xf16, #nvmma>>, tensor<64x64xf16, #blocked>
        }
      }
    }
    tt.return
  }
  // A descriptor made in the loop is a new tensormap each trip: its store
  // stays synchronous (the TMA lowering's).
  // CHECK-LABEL: tt.func public @made_in_loop
  // CHECK-NOT: ttg.local_alloc
  // CHECK: tt.descriptor_store
  tt.func public @made_in_loop(%base: !tt.ptr<f16>, %x: tensor<64x64xf16, #blocked>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c1_i64 = arith.constant 1 : i64
    scf.for %i = %c0 to %n step %c1 : i32 {
      %n64 = arith.extsi %n : i32 to i64
      %d = tt.make_tensor_descriptor %base, [%n, %n], [%n64, %c1_i64] : <f16>, <tensor<64x64xf16, #nvmma>>
      tt.descriptor_store %d[%i, %c0], %x : !tt.tensordesc<tensor<64x64xf16, #nvmma>>, tensor<64x64xf16, #blocked>
    }
    tt.return
  }
  // CHECK-LABEL: tt.func public @one_stage
  // CHECK-NOT: ttg.local_alloc
  // CHECK: tt.descriptor_store
  tt.func public @one_stage(%out: !tt.tensordesc<tensor<64x64xf16, #nvmma>>, %x: tensor<64x64xf16, #blocked>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    scf.for %i = %c0 to %n step %c1 : i32 {
      tt.descriptor_store %out[%i, %c0], %x : !tt.tensordesc<tensor<64x64xf16, #nvmma>>, tensor<64x64xf16, #blocked>
    } {tt.num_stages = 1 : i32}
    tt.return
  }
}

// -----

// Before sm_90 there is no TMA: the store is left to whatever lowers it.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func public @ampere
  // CHECK-NOT: ttg.local_alloc
  // CHECK: tt.descriptor_store
  tt.func public @ampere(%out: !tt.tensordesc<tensor<64x64xf16, #nvmma>>, %x: tensor<64x64xf16, #blocked>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    scf.for %i = %c0 to %n step %c1 : i32 {
      tt.descriptor_store %out[%i, %c0], %x : !tt.tensordesc<tensor<64x64xf16, #nvmma>>, tensor<64x64xf16, #blocked>
    }
    tt.return
  }
}
