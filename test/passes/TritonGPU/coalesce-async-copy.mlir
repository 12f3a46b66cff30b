// RUN: triton-opt %s -split-input-file -tritongpu-coalesce-async-copy | FileCheck %s

// fp16 rows of 8 per thread into a buffer with vec 4: a thread's copy run
// is 4 elements, so sizePerThread becomes [1, 4] and the lanes spread again
// (16 along the row); pointers, mask and other are converted before the copy.
// CHECK: #[[NARROW:.*]] = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-LABEL: tt.func @clipped
// CHECK: %[[P:.*]] = ttg.convert_layout %arg0 : {{.*}} -> tensor<32x64x!tt.ptr<f16>, #[[NARROW]]>
// CHECK: %[[M:.*]] = ttg.convert_layout %arg2 : {{.*}} -> tensor<32x64xi1, #[[NARROW]]>
// CHECK: %[[O:.*]] = ttg.convert_layout %arg3 : {{.*}} -> tensor<32x64xf16, #[[NARROW]]>
// CHECK: ttg.async_copy_global_to_local %[[P]], %arg1 mask %[[M]] other %[[O]] : tensor<32x64x!tt.ptr<f16>, #[[NARROW]]>
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @clipped(%p: tensor<32x64x!tt.ptr<f16>, #blocked>, %buf: !ttg.memdesc<32x64xf16, #shared, #smem, mutable>,
                   %m: tensor<32x64xi1, #blocked>, %o: tensor<32x64xf16, #blocked>) -> !ttg.async.token {
    %t = ttg.async_copy_global_to_local %p, %buf mask %m other %o : tensor<32x64x!tt.ptr<f16>, #blocked> -> <32x64xf16, #shared, #smem, mutable>
    tt.return %t : !ttg.async.token
  }
}

// -----

// A buffer that keeps a thread's 8 elements together (vec 8, as the
// pipelined matmuls' are; or the NVMMA layouts of wgmma operands, here a
// view into three buffers) leaves the copy alone.
// CHECK-LABEL: tt.func @kept
// CHECK-NOT: ttg.convert_layout
// CHECK: ttg.async_copy_global_to_local %arg0, %arg1 : tensor<32x64x!tt.ptr<f16>, #blocked>
// CHECK-NOT: ttg.convert_layout
// CHECK: ttg.async_copy_global_to_local %arg0, %{{.*}} : tensor<32x64x!tt.ptr<f16>, #blocked>
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @kept(%p: tensor<32x64x!tt.ptr<f16>, #blocked>, %buf: !ttg.memdesc<32x64xf16, #shared, #smem, mutable>,
                %bufs: !ttg.memdesc<3x32x64xf16, #nvmma, #smem, mutable>, %i: i32) {
    %t = ttg.async_copy_global_to_local %p, %buf : tensor<32x64x!tt.ptr<f16>, #blocked> -> <32x64xf16, #shared, #smem, mutable>
    %v = ttg.memdesc_index %bufs[%i] : !ttg.memdesc<3x32x64xf16, #nvmma, #smem, mutable> -> !ttg.memdesc<32x64xf16, #nvmma, #smem, mutable>
    %t2 = ttg.async_copy_global_to_local %p, %v : tensor<32x64x!tt.ptr<f16>, #blocked> -> <32x64xf16, #nvmma, #smem, mutable>
    tt.return
  }
}

// -----

// A column-major buffer (order [0, 1]) keeps no two elements of a row
// together: one element per copy, the lanes and then the warps along the
// row first (Triton's blocked layout of a shape).
// CHECK: #[[ONE:.*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
// CHECK-LABEL: tt.func @transposed
// CHECK: ttg.async_copy_global_to_local %{{.*}}, %arg1 : tensor<32x64x!tt.ptr<f32>, #[[ONE]]>
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0, 1]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @transposed(%p: tensor<32x64x!tt.ptr<f32>, #blocked>, %buf: !ttg.memdesc<32x64xf32, #shared, #smem, mutable>) -> !ttg.async.token {
    %t = ttg.async_copy_global_to_local %p, %buf : tensor<32x64x!tt.ptr<f32>, #blocked> -> <32x64xf32, #shared, #smem, mutable>
    tt.return %t : !ttg.async.token
  }
}

// -----

// An NVMMA buffer transposed against the copy (a tf32 wgmma's N-major B,
// stored K-major) keeps no two elements of a thread's row together either,
// but as in 3.6 only swizzled buffers are clipped: the copy keeps its
// 16-byte rows and is lowered to 4-byte cp.asyncs.
// CHECK-LABEL: tt.func @nvmma_transposed_kept
// CHECK-NOT: ttg.convert_layout
// CHECK: ttg.async_copy_global_to_local %arg0, %arg1 : tensor<32x128x!tt.ptr<f32>, #blocked>
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#nvmma_t = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 32}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @nvmma_transposed_kept(%p: tensor<32x128x!tt.ptr<f32>, #blocked>, %buf: !ttg.memdesc<32x128xf32, #nvmma_t, #smem, mutable>) -> !ttg.async.token {
    %t = ttg.async_copy_global_to_local %p, %buf : tensor<32x128x!tt.ptr<f32>, #blocked> -> <32x128xf32, #nvmma_t, #smem, mutable>
    tt.return %t : !ttg.async.token
  }
}
