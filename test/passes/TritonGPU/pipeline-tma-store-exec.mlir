// Rows of blocks doubled and written through a descriptor in a loop: with
// each store left in flight into the next trip (one shared buffer, a wait
// before it is written again and after the loop), every block still lands
// (checked by execution before and after the pipeliner).
// RUN: triton-run %s --grid 1 --arg 'x_ptr=f32[64,16]:rand(1)' --arg 'y_ptr=f32[64,16]:zeros' \
// RUN:   --arg M=i32:64 --compare-after='builtin.module(tritongpu-pipeline)'
// RUN: triton-run %s --grid 1 --arg 'x_ptr=f32[64,16]:rand(1)' --arg 'y_ptr=f32[64,16]:zeros' \
// RUN:   --arg M=i32:64 \
// RUN:   --compare-after='builtin.module(tritongpu-assign-latencies,tritongpu-schedule-loops,tritongpu-pipeline)'
// RUN: triton-opt %s -tritongpu-pipeline | FileCheck %s
// CHECK: %[[BUF:.*]] = ttg.local_alloc : () -> !ttg.memdesc<16x16xf32
// CHECK: scf.for
// CHECK: ttng.async_tma_store_wait {pendings = 0 : i32}
// CHECK-NEXT: ttg.local_store %{{.*}}, %[[BUF]]
// CHECK-NEXT: ttng.fence_async_shared
// CHECK-NEXT: ttng.async_tma_copy_local_to_global {{.*}} %[[BUF]]
// CHECK: ttng.async_tma_store_wait {pendings = 0 : i32}
// CHECK-NEXT: ttg.local_dealloc %[[BUF]]
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#rows = #ttg.slice<{dim = 1, parent = #blocked}>
#cols = #ttg.slice<{dim = 0, parent = #blocked}>
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 32}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @double_rows(%x_ptr: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %y_ptr: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %M: i32) {
    %c0 = arith.constant 0 : i32
    %c16 = arith.constant 16 : i32
    %c1_i64 = arith.constant 1 : i64
    %c16_i64 = arith.constant 16 : i64
    %desc = tt.make_tensor_descriptor %y_ptr, [%M, %c16], [%c16_i64, %c1_i64] : <f32>, <tensor<16x16xf32, #nvmma>>
    %r = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32, #rows>
    %c = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32, #cols>
    %re = tt.expand_dims %r {axis = 1 : i32} : tensor<16xi32, #rows> -> tensor<16x1xi32, #blocked>
    %ce = tt.expand_dims %c {axis = 0 : i32} : tensor<16xi32, #cols> -> tensor<1x16xi32, #blocked>
    %stride = arith.constant dense<16> : tensor<16x1xi32, #blocked>
    %rs = arith.muli %re, %stride : tensor<16x1xi32, #blocked>
    %rb = tt.broadcast %rs : tensor<16x1xi32, #blocked> -> tensor<16x16xi32, #blocked>
    %cb = tt.broadcast %ce : tensor<1x16xi32, #blocked> -> tensor<16x16xi32, #blocked>
    %off = arith.addi %rb, %cb : tensor<16x16xi32, #blocked>
    %xs = tt.splat %x_ptr : !tt.ptr<f32> -> tensor<16x16x!tt.ptr<f32>, #blocked>
    %x0 = tt.addptr %xs, %off : tensor<16x16x!tt.ptr<f32>, #blocked>, tensor<16x16xi32, #blocked>
    %step = arith.constant dense<256> : tensor<16x16xi32, #blocked>
    %two = arith.constant dense<2.0> : tensor<16x16xf32, #blocked>
    %end = scf.for %i = %c0 to %M step %c16 iter_args(%xp = %x0) -> (tensor<16x16x!tt.ptr<f32>, #blocked>) : i32 {
      %v = tt.load %xp : tensor<16x16x!tt.ptr<f32>, #blocked>
      %w = arith.mulf %v, %two : tensor<16x16xf32, #blocked>
      tt.descriptor_store %desc[%i, %c0], %w : !tt.tensordesc<tensor<16x16xf32, #nvmma>>, tensor<16x16xf32, #blocked>
      %next = tt.addptr %xp, %step : tensor<16x16x!tt.ptr<f32>, #blocked>, tensor<16x16xi32, #blocked>
      scf.yield %next : tensor<16x16x!tt.ptr<f32>, #blocked>
    }
    tt.return
  }
}
