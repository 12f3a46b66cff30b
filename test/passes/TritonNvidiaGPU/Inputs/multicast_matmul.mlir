// A 2-CTA descriptor matmul pipelined over two stages, laid out as Triton
// 3.6 lays out its num_ctas=2 descriptor matmul: the 128 x 256 tile split
// along N, A (128 x 64 a stage) a copy in both CTAs (CGALayout [[0, 0]]),
// B split along N (CGALayout [[0, 1]]). Iteration i waits for stage i % 2,
// issues its dot, retires the dot of iteration i - 1 (pendings = 1) and
// refills that stage for iteration i + 1.
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], CGALayout = [[0, 1]], instrShape = [16, 128, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CGALayout = [[0, 0]]}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CGALayout = [[0, 1]]}>
#shared2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0], CGALayout = [[0]]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @multicast_matmul(%a_d: !tt.tensordesc<tensor<128x64xf16, #shared>>, %b_d: !tt.tensordesc<tensor<64x256xf16, #shared1>>, %m: i32, %n: i32, %k_tiles: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %c64 = arith.constant 64 : i32
    %true = arith.constant true
    %cst = arith.constant dense<0.000000e+00> : tensor<128x256xf32, #mma>
    %a = ttg.local_alloc : () -> !ttg.memdesc<2x128x64xf16, #shared, #smem, mutable>
    %b = ttg.local_alloc : () -> !ttg.memdesc<2x64x256xf16, #shared1, #smem, mutable>
    %bars = ttg.local_alloc : () -> !ttg.memdesc<2x1xi64, #shared2, #smem, mutable>
    %bar0 = ttg.memdesc_index %bars[%c0] : !ttg.memdesc<2x1xi64, #shared2, #smem, mutable> -> !ttg.memdesc<1xi64, #shared2, #smem, mutable>
    ttng.init_barrier %bar0, 1 : !ttg.memdesc<1xi64, #shared2, #smem, mutable>
    %bar1 = ttg.memdesc_index %bars[%c1] : !ttg.memdesc<2x1xi64, #shared2, #smem, mutable> -> !ttg.memdesc<1xi64, #shared2, #smem, mutable>
    ttng.init_barrier %bar1, 1 : !ttg.memdesc<1xi64, #shared2, #smem, mutable>
    %first = arith.cmpi sgt, %k_tiles, %c0 : i32
    ttng.barrier_expect %bar0, 32768, %first : !ttg.memdesc<1xi64, #shared2, #smem, mutable>
    %a0 = ttg.memdesc_index %a[%c0] : !ttg.memdesc<2x128x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    ttng.async_tma_copy_global_to_local %a_d[%m, %c0] %a0, %bar0, %first : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<1xi64, #shared2, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    %b0 = ttg.memdesc_index %b[%c0] : !ttg.memdesc<2x64x256xf16, #shared1, #smem, mutable> -> !ttg.memdesc<64x256xf16, #shared1, #smem, mutable>
    ttng.async_tma_copy_global_to_local %b_d[%c0, %n] %b0, %bar0, %first : !tt.tensordesc<tensor<64x256xf16, #shared1>>, !ttg.memdesc<1xi64, #shared2, #smem, mutable> -> !ttg.memdesc<64x256xf16, #shared1, #smem, mutable>
    %loop:2 = scf.for %i = %c0 to %k_tiles step %c1 iter_args(%acc = %cst, %phase = %c0) -> (tensor<128x256xf32, #mma>, i32) : i32 {
      %s = arith.remsi %i, %c2 : i32
      %bar = ttg.memdesc_index %bars[%s] : !ttg.memdesc<2x1xi64, #shared2, #smem, mutable> -> !ttg.memdesc<1xi64, #shared2, #smem, mutable>
      ttng.wait_barrier %bar, %phase : !ttg.memdesc<1xi64, #shared2, #smem, mutable>
      %as = ttg.memdesc_index %a[%s] : !ttg.memdesc<2x128x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
      %bs = ttg.memdesc_index %b[%s] : !ttg.memdesc<2x64x256xf16, #shared1, #smem, mutable> -> !ttg.memdesc<64x256xf16, #shared1, #smem, mutable>
      %d = ttng.warp_group_dot %as, %bs, %acc {inputPrecision = 0 : i32, isAsync = true} : !ttg.memdesc<128x64xf16, #shared, #smem, mutable> * !ttg.memdesc<64x256xf16, #shared1, #smem, mutable> -> tensor<128x256xf32, #mma>
      %w:3 = ttng.warp_group_dot_wait %d, %as, %bs {pendings = 1 : i32} : tensor<128x256xf32, #mma>, !ttg.memdesc<128x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x256xf16, #shared1, #smem, mutable>
      %next = arith.addi %i, %c1 : i32
      %ns = arith.remsi %next, %c2 : i32
      %more = arith.cmpi slt, %next, %k_tiles : i32
      %k = arith.muli %next, %c64 : i32
      %nbar = ttg.memdesc_index %bars[%ns] : !ttg.memdesc<2x1xi64, #shared2, #smem, mutable> -> !ttg.memdesc<1xi64, #shared2, #smem, mutable>
      ttng.barrier_expect %nbar, 32768, %more : !ttg.memdesc<1xi64, #shared2, #smem, mutable>
      %an = ttg.memdesc_index %a[%ns] : !ttg.memdesc<2x128x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
      ttng.async_tma_copy_global_to_local %a_d[%m, %k] %an, %nbar, %more : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<1xi64, #shared2, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
      %bn = ttg.memdesc_index %b[%ns] : !ttg.memdesc<2x64x256xf16, #shared1, #smem, mutable> -> !ttg.memdesc<64x256xf16, #shared1, #smem, mutable>
      ttng.async_tma_copy_global_to_local %b_d[%k, %n] %bn, %nbar, %more : !tt.tensordesc<tensor<64x256xf16, #shared1>>, !ttg.memdesc<1xi64, #shared2, #smem, mutable> -> !ttg.memdesc<64x256xf16, #shared1, #smem, mutable>
      %flip = arith.xori %phase, %s : i32
      scf.yield %w#0, %flip : tensor<128x256xf32, #mma>, i32
    }
    %done = ttng.warp_group_dot_wait %loop#0 {pendings = 0 : i32} : tensor<128x256xf32, #mma>
    ttng.inval_barrier %bar0 : !ttg.memdesc<1xi64, #shared2, #smem, mutable>
    ttng.inval_barrier %bar1 : !ttg.memdesc<1xi64, #shared2, #smem, mutable>
    tt.return
  }
}
