// A wgmma loop that restarts its sum every third iteration (a select to
// zero before the dot) and starts from zero: after the pass the resets are
// a flag the wgmma reads as useC, and the results are the same by execution.
// RUN: triton-run %s --grid 1 --arg 'a_ptr=f16[6,64,32]:rand(1)' --arg 'b_ptr=f16[32,32]:rand(2)' \
// RUN:   --arg 'c_ptr=f32[64,32]:zeros' --compare-after='builtin.module(tritongpu-optimize-accumulator-init)'
// RUN: triton-opt %s -tritongpu-optimize-accumulator-init | FileCheck %s
// CHECK: scf.for {{.*}} -> (tensor<64x32xf32, #mma>, i1)
// CHECK: %[[FLAG:.*]] = arith.select %{{.*}}, %false, %{{.*}} : i1
// CHECK: ttng.warp_group_dot %{{.*}}, %{{.*}}, %{{.*}}, %[[FLAG]]
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 32, 16]}>
#sa = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @restarting_sum(%a_ptr: !tt.ptr<f16>, %b_ptr: !tt.ptr<f16>, %c_ptr: !tt.ptr<f32>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c3 = arith.constant 3 : i32
    %c6 = arith.constant 6 : i32
    %c32 = arith.constant 32 : i32
    %c2048 = arith.constant 2048 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<64x32xf32, #mma>
    %rows = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %cols = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %r2 = tt.expand_dims %rows {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<64x1xi32, #blocked>
    %c2 = tt.expand_dims %cols {axis = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x32xi32, #blocked>
    %stride = tt.splat %c32 : i32 -> tensor<64x1xi32, #blocked>
    %rowoff = arith.muli %r2, %stride : tensor<64x1xi32, #blocked>
    %rb = tt.broadcast %rowoff : tensor<64x1xi32, #blocked> -> tensor<64x32xi32, #blocked>
    %cb = tt.broadcast %c2 : tensor<1x32xi32, #blocked> -> tensor<64x32xi32, #blocked>
    %off = arith.addi %rb, %cb : tensor<64x32xi32, #blocked>
    %brows = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %br2 = tt.expand_dims %brows {axis = 1 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<32x1xi32, #blocked>
    %bstride = tt.splat %c32 : i32 -> tensor<32x1xi32, #blocked>
    %browoff = arith.muli %br2, %bstride : tensor<32x1xi32, #blocked>
    %brb = tt.broadcast %browoff : tensor<32x1xi32, #blocked> -> tensor<32x32xi32, #blocked>
    %bcb = tt.broadcast %c2 : tensor<1x32xi32, #blocked> -> tensor<32x32xi32, #blocked>
    %boff = arith.addi %brb, %bcb : tensor<32x32xi32, #blocked>
    %bbase = tt.splat %b_ptr : !tt.ptr<f16> -> tensor<32x32x!tt.ptr<f16>, #blocked>
    %bptrs = tt.addptr %bbase, %boff : tensor<32x32x!tt.ptr<f16>, #blocked>, tensor<32x32xi32, #blocked>
    %b = tt.load %bptrs : tensor<32x32x!tt.ptr<f16>, #blocked>
    %bs = ttg.local_alloc %b : (tensor<32x32xf16, #blocked>) -> !ttg.memdesc<32x32xf16, #sa, #smem>
    %acc = scf.for %i = %c0 to %c6 step %c1 iter_args(%sum = %zero) -> (tensor<64x32xf32, #mma>) : i32 {
      %tile = arith.muli %i, %c2048 : i32
      %abase = tt.addptr %a_ptr, %tile : !tt.ptr<f16>, i32
      %asplat = tt.splat %abase : !tt.ptr<f16> -> tensor<64x32x!tt.ptr<f16>, #blocked>
      %aptrs = tt.addptr %asplat, %off : tensor<64x32x!tt.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
      %a = tt.load %aptrs : tensor<64x32x!tt.ptr<f16>, #blocked>
      %as = ttg.local_alloc %a : (tensor<64x32xf16, #blocked>) -> !ttg.memdesc<64x32xf16, #sa, #smem>
      %k = arith.remsi %i, %c3 : i32
      %restart = arith.cmpi eq, %k, %c0 : i32
      %start = arith.select %restart, %zero, %sum : tensor<64x32xf32, #mma>
      %d = ttng.warp_group_dot %as, %bs, %start : !ttg.memdesc<64x32xf16, #sa, #smem> * !ttg.memdesc<32x32xf16, #sa, #smem> -> tensor<64x32xf32, #mma>
      scf.yield %d : tensor<64x32xf32, #mma>
    }
    %out = ttg.convert_layout %acc : tensor<64x32xf32, #mma> -> tensor<64x32xf32, #blocked>
    %cbase = tt.splat %c_ptr : !tt.ptr<f32> -> tensor<64x32x!tt.ptr<f32>, #blocked>
    %cptrs = tt.addptr %cbase, %off : tensor<64x32x!tt.ptr<f32>, #blocked>, tensor<64x32xi32, #blocked>
    tt.store %cptrs, %out : tensor<64x32x!tt.ptr<f32>, #blocked>
    tt.return
  }
}
