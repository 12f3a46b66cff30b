// A masked copy whose run the pass clips keeps its results (checked by
// execution: the buffer's contents, loaded back and stored, are the same
// after the pass), and the pass did clip it.
// RUN: triton-run %s --grid 1 --arg 'x_ptr=f16[32,64]:rand(1)' --arg 'y_ptr=f16[32,64]:zeros' \
// RUN:   --compare-after='builtin.module(tritongpu-coalesce-async-copy)'
// RUN: triton-opt %s -tritongpu-coalesce-async-copy | FileCheck %s
// CHECK: #[[NARROW:.*]] = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16]
// CHECK: ttg.async_copy_global_to_local {{.*}} : tensor<32x64x!tt.ptr<f16>, #[[NARROW]]>
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#rows = #ttg.slice<{dim = 1, parent = #blocked}>
#cols = #ttg.slice<{dim = 0, parent = #blocked}>
#shared = #ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @copy(%x_ptr: !tt.ptr<f16>, %y_ptr: !tt.ptr<f16>) {
    %r = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #rows>
    %c = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #cols>
    %re = tt.expand_dims %r {axis = 1 : i32} : tensor<32xi32, #rows> -> tensor<32x1xi32, #blocked>
    %ce = tt.expand_dims %c {axis = 0 : i32} : tensor<64xi32, #cols> -> tensor<1x64xi32, #blocked>
    %c64 = arith.constant dense<64> : tensor<32x1xi32, #blocked>
    %rs = arith.muli %re, %c64 : tensor<32x1xi32, #blocked>
    %rb = tt.broadcast %rs : tensor<32x1xi32, #blocked> -> tensor<32x64xi32, #blocked>
    %cb = tt.broadcast %ce : tensor<1x64xi32, #blocked> -> tensor<32x64xi32, #blocked>
    %off = arith.addi %rb, %cb : tensor<32x64xi32, #blocked>
    // Columns 40.. are masked off and take 2.0.
    %c40 = arith.constant dense<40> : tensor<32x64xi32, #blocked>
    %m = arith.cmpi slt, %cb, %c40 : tensor<32x64xi32, #blocked>
    %two = arith.constant dense<2.0> : tensor<32x64xf16, #blocked>
    %xs = tt.splat %x_ptr : !tt.ptr<f16> -> tensor<32x64x!tt.ptr<f16>, #blocked>
    %xp = tt.addptr %xs, %off : tensor<32x64x!tt.ptr<f16>, #blocked>, tensor<32x64xi32, #blocked>
    %buf = ttg.local_alloc : () -> !ttg.memdesc<32x64xf16, #shared, #smem, mutable>
    %t = ttg.async_copy_global_to_local %xp, %buf mask %m other %two : tensor<32x64x!tt.ptr<f16>, #blocked> -> <32x64xf16, #shared, #smem, mutable>
    %g = ttg.async_commit_group tokens %t
    %w = ttg.async_wait %g {num = 0 : i32}
    %v = ttg.local_load %buf token %w : !ttg.memdesc<32x64xf16, #shared, #smem, mutable> -> tensor<32x64xf16, #blocked>
    %ys = tt.splat %y_ptr : !tt.ptr<f16> -> tensor<32x64x!tt.ptr<f16>, #blocked>
    %yp = tt.addptr %ys, %off : tensor<32x64x!tt.ptr<f16>, #blocked>, tensor<32x64xi32, #blocked>
    tt.store %yp, %v : tensor<32x64x!tt.ptr<f16>, #blocked>
    tt.return
  }
}
