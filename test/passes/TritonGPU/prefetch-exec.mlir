// A double-buffered fp16 matmul whose loop carries its shared-memory tiles
// (the shape of loop the prefetch is for): the pass keeps its result by
// execution (up to fp32 rounding: the slices' dots add their products to the
// accumulator in another grouping), it did split the dot (K tiles of 32,
// slices of 16), and what it makes lowers for sm_80 and assembles with ptxas.
// RUN: triton-run %s --grid 1 --arg 'a_ptr=f16[32,64]:rand(1)' --arg 'b_ptr=f16[64,32]:rand(2)' \
// RUN:   --arg 'c_ptr=f32[32,32]:zeros' --compare-after='builtin.module(tritongpu-prefetch)' --rtol=1e-5 --atol=1e-5
// RUN: triton-opt %s -tritongpu-prefetch -o %t.ttgir
// RUN: FileCheck %s --input-file=%t.ttgir
// RUN: %if ptxas %{ env TRITON_BIN=%triton_obj/bin PTXAS=%ptxas %triton_src/utils/triton-compile --target cuda:80 -o %t.sm80 %t.ttgir %}
// RUN: %if ptxas %{ FileCheck %s --input-file=%t.sm80.ptx --check-prefix=PTX %}
// CHECK-LABEL: tt.func public @matmul
// CHECK-COUNT-2: ttg.memdesc_subslice {{.*}}[0, 0]
// CHECK: scf.for
// CHECK: ttg.memdesc_subslice {{.*}}[0, 16]
// CHECK: ttg.memdesc_subslice {{.*}}[16, 0]
// CHECK: tt.dot
// CHECK: ttg.local_store
// CHECK: ttg.local_store
// CHECK-COUNT-2: ttg.memdesc_subslice {{.*}}[0, 0]
// CHECK: tt.dot
// CHECK-NEXT: scf.yield
// PTX: ldmatrix
// PTX: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#rows = #ttg.slice<{dim = 1, parent = #blocked}>
#cols = #ttg.slice<{dim = 0, parent = #blocked}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#mrows = #ttg.slice<{dim = 1, parent = #mma}>
#mcols = #ttg.slice<{dim = 0, parent = #mma}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // C (32x32, f32) = A (32x64) * B (64x32), all row-major; K in two tiles of
  // 32, each copied into the other of two buffers an iteration before use.
  tt.func public @matmul(%a_ptr: !tt.ptr<f16>, %b_ptr: !tt.ptr<f16>, %c_ptr: !tt.ptr<f32>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<32x32xf32, #mma>
    %r = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #rows>
    %c = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #cols>
    %re = tt.expand_dims %r {axis = 1 : i32} : tensor<32xi32, #rows> -> tensor<32x1xi32, #blocked>
    %ce = tt.expand_dims %c {axis = 0 : i32} : tensor<32xi32, #cols> -> tensor<1x32xi32, #blocked>
    %c64r = arith.constant dense<64> : tensor<32x1xi32, #blocked>
    %c32r = arith.constant dense<32> : tensor<32x1xi32, #blocked>
    %ra = arith.muli %re, %c64r : tensor<32x1xi32, #blocked>
    %rb = arith.muli %re, %c32r : tensor<32x1xi32, #blocked>
    %rab = tt.broadcast %ra : tensor<32x1xi32, #blocked> -> tensor<32x32xi32, #blocked>
    %rbb = tt.broadcast %rb : tensor<32x1xi32, #blocked> -> tensor<32x32xi32, #blocked>
    %cb = tt.broadcast %ce : tensor<1x32xi32, #blocked> -> tensor<32x32xi32, #blocked>
    %offa = arith.addi %rab, %cb : tensor<32x32xi32, #blocked>
    %offb = arith.addi %rbb, %cb : tensor<32x32xi32, #blocked>
    %as = tt.splat %a_ptr : !tt.ptr<f16> -> tensor<32x32x!tt.ptr<f16>, #blocked>
    %ap0 = tt.addptr %as, %offa : tensor<32x32x!tt.ptr<f16>, #blocked>, tensor<32x32xi32, #blocked>
    %bs = tt.splat %b_ptr : !tt.ptr<f16> -> tensor<32x32x!tt.ptr<f16>, #blocked>
    %bp0 = tt.addptr %bs, %offb : tensor<32x32x!tt.ptr<f16>, #blocked>, tensor<32x32xi32, #blocked>
    %abuf = ttg.local_alloc : () -> !ttg.memdesc<2x32x32xf16, #shared, #smem, mutable>
    %bbuf = ttg.local_alloc : () -> !ttg.memdesc<2x32x32xf16, #shared, #smem, mutable>
    %a0 = tt.load %ap0 : tensor<32x32x!tt.ptr<f16>, #blocked>
    %b0 = tt.load %bp0 : tensor<32x32x!tt.ptr<f16>, #blocked>
    %av0 = ttg.memdesc_index %abuf[%c0] : !ttg.memdesc<2x32x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    %bv0 = ttg.memdesc_index %bbuf[%c0] : !ttg.memdesc<2x32x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    ttg.local_store %a0, %av0 : tensor<32x32xf16, #blocked> -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    ttg.local_store %b0, %bv0 : tensor<32x32xf16, #blocked> -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    // A moves 32 columns a tile, B 32 rows.
    %stepa = arith.constant dense<32> : tensor<32x32xi32, #blocked>
    %stepb = arith.constant dense<1024> : tensor<32x32xi32, #blocked>
    %res:5 = scf.for %i = %c0 to %c2 step %c1 iter_args(%acc = %zero, %a = %av0, %b = %bv0, %ap = %ap0, %bp = %bp0) -> (tensor<32x32xf32, #mma>, !ttg.memdesc<32x32xf16, #shared, #smem, mutable>, !ttg.memdesc<32x32xf16, #shared, #smem, mutable>, tensor<32x32x!tt.ptr<f16>, #blocked>, tensor<32x32x!tt.ptr<f16>, #blocked>) : i32 {
      %x = ttg.local_load %a : !ttg.memdesc<32x32xf16, #shared, #smem, mutable> -> tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %y = ttg.local_load %b : !ttg.memdesc<32x32xf16, #shared, #smem, mutable> -> tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
      %d = tt.dot %x, %y, %acc : tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<32x32xf32, #mma>
      // The next tile (none after the last) into the other buffer.
      %next = arith.addi %i, %c1 : i32
      %more = arith.cmpi slt, %next, %c2 : i32
      %mask = tt.splat %more : i1 -> tensor<32x32xi1, #blocked>
      %apn = tt.addptr %ap, %stepa : tensor<32x32x!tt.ptr<f16>, #blocked>, tensor<32x32xi32, #blocked>
      %bpn = tt.addptr %bp, %stepb : tensor<32x32x!tt.ptr<f16>, #blocked>, tensor<32x32xi32, #blocked>
      %an = tt.load %apn, %mask : tensor<32x32x!tt.ptr<f16>, #blocked>
      %bn = tt.load %bpn, %mask : tensor<32x32x!tt.ptr<f16>, #blocked>
      %slot = arith.remsi %next, %c2 : i32
      %avn = ttg.memdesc_index %abuf[%slot] : !ttg.memdesc<2x32x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
      %bvn = ttg.memdesc_index %bbuf[%slot] : !ttg.memdesc<2x32x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
      ttg.local_store %an, %avn : tensor<32x32xf16, #blocked> -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
      ttg.local_store %bn, %bvn : tensor<32x32xf16, #blocked> -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
      scf.yield %d, %avn, %bvn, %apn, %bpn : tensor<32x32xf32, #mma>, !ttg.memdesc<32x32xf16, #shared, #smem, mutable>, !ttg.memdesc<32x32xf16, #shared, #smem, mutable>, tensor<32x32x!tt.ptr<f16>, #blocked>, tensor<32x32x!tt.ptr<f16>, #blocked>
    }
    ttg.local_dealloc %abuf : !ttg.memdesc<2x32x32xf16, #shared, #smem, mutable>
    ttg.local_dealloc %bbuf : !ttg.memdesc<2x32x32xf16, #shared, #smem, mutable>
    %mr = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #mrows>
    %mc = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #mcols>
    %mre = tt.expand_dims %mr {axis = 1 : i32} : tensor<32xi32, #mrows> -> tensor<32x1xi32, #mma>
    %mce = tt.expand_dims %mc {axis = 0 : i32} : tensor<32xi32, #mcols> -> tensor<1x32xi32, #mma>
    %c32m = arith.constant dense<32> : tensor<32x1xi32, #mma>
    %mrs = arith.muli %mre, %c32m : tensor<32x1xi32, #mma>
    %mrb = tt.broadcast %mrs : tensor<32x1xi32, #mma> -> tensor<32x32xi32, #mma>
    %mcb = tt.broadcast %mce : tensor<1x32xi32, #mma> -> tensor<32x32xi32, #mma>
    %offc = arith.addi %mrb, %mcb : tensor<32x32xi32, #mma>
    %cs = tt.splat %c_ptr : !tt.ptr<f32> -> tensor<32x32x!tt.ptr<f32>, #mma>
    %cp = tt.addptr %cs, %offc : tensor<32x32x!tt.ptr<f32>, #mma>, tensor<32x32xi32, #mma>
    tt.store %cp, %res#0 : tensor<32x32x!tt.ptr<f32>, #mma>
    tt.return
  }
}
