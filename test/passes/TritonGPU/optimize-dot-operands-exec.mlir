// C = x^T * B with x^T converted into an mma v2 operand: the pass stores x
// untransposed and loads A through a transposed view of the buffer. The
// result stays the same by execution, and what the pass makes lowers for
// sm_80 and assembles with ptxas.
// RUN: triton-run %s --grid 1 --arg 'x_ptr=f16[32,32]:rand(1)' --arg 'b_ptr=f16[32,32]:rand(2)' \
// RUN:   --arg 'c_ptr=f32[32,32]:zeros' --compare-after='builtin.module(tritongpu-optimize-dot-operands)' --rtol=1e-5 --atol=1e-5
// RUN: triton-opt %s -tritongpu-optimize-dot-operands -o %t.ttgir
// RUN: FileCheck %s --input-file=%t.ttgir
// RUN: %if ptxas %{ env TRITON_BIN=%triton_obj/bin PTXAS=%ptxas %triton_src/utils/triton-compile --target cuda:80 -o %t.sm80 %t.ttgir %}
// RUN: %if ptxas %{ FileCheck %s --input-file=%t.sm80.ptx --check-prefix=PTX %}
// CHECK-LABEL: tt.func public @xt_times_b
// CHECK: ttg.local_alloc %[[X:.*]] : (tensor<32x32xf16, #[[COL:.*]]>)
// CHECK-NEXT: ttg.memdesc_trans
// CHECK-NEXT: ttg.local_load
// CHECK-NOT: tt.trans
// PTX: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
#col = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]}>
#row = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @xt_times_b(%x_ptr: !tt.ptr<f16>, %b_ptr: !tt.ptr<f16>, %c_ptr: !tt.ptr<f32>) {
    %zero = arith.constant dense<0.000000e+00> : tensor<32x32xf32, #mma>
    %c32 = arith.constant dense<32> : tensor<32x1xi32, #row>
    %c32c = arith.constant dense<32> : tensor<32x1xi32, #col>
    // Row-major offsets r * 32 + c in both layouts.
    %rr = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #row}>>
    %cr = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #row}>>
    %rre = tt.expand_dims %rr {axis = 1 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #row}>> -> tensor<32x1xi32, #row>
    %cre = tt.expand_dims %cr {axis = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #row}>> -> tensor<1x32xi32, #row>
    %rrs = arith.muli %rre, %c32 : tensor<32x1xi32, #row>
    %rrb = tt.broadcast %rrs : tensor<32x1xi32, #row> -> tensor<32x32xi32, #row>
    %crb = tt.broadcast %cre : tensor<1x32xi32, #row> -> tensor<32x32xi32, #row>
    %offr = arith.addi %rrb, %crb : tensor<32x32xi32, #row>
    %rc = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #col}>>
    %cc = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #col}>>
    %rce = tt.expand_dims %rc {axis = 1 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #col}>> -> tensor<32x1xi32, #col>
    %cce = tt.expand_dims %cc {axis = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #col}>> -> tensor<1x32xi32, #col>
    %rcs = arith.muli %rce, %c32c : tensor<32x1xi32, #col>
    %rcb = tt.broadcast %rcs : tensor<32x1xi32, #col> -> tensor<32x32xi32, #col>
    %ccb = tt.broadcast %cce : tensor<1x32xi32, #col> -> tensor<32x32xi32, #col>
    %offc = arith.addi %rcb, %ccb : tensor<32x32xi32, #col>
    %xs = tt.splat %x_ptr : !tt.ptr<f16> -> tensor<32x32x!tt.ptr<f16>, #col>
    %xp = tt.addptr %xs, %offc : tensor<32x32x!tt.ptr<f16>, #col>, tensor<32x32xi32, #col>
    %bs = tt.splat %b_ptr : !tt.ptr<f16> -> tensor<32x32x!tt.ptr<f16>, #row>
    %bp = tt.addptr %bs, %offr : tensor<32x32x!tt.ptr<f16>, #row>, tensor<32x32xi32, #row>
    %x = tt.load %xp : tensor<32x32x!tt.ptr<f16>, #col>
    %b = tt.load %bp : tensor<32x32x!tt.ptr<f16>, #row>
    %xt = tt.trans %x {order = array<i32: 1, 0>} : tensor<32x32xf16, #col> -> tensor<32x32xf16, #row>
    %a = ttg.convert_layout %xt : tensor<32x32xf16, #row> -> tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    %bd = ttg.convert_layout %b : tensor<32x32xf16, #row> -> tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
    %d = tt.dot %a, %bd, %zero : tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<32x32xf32, #mma>
    %dr = ttg.convert_layout %d : tensor<32x32xf32, #mma> -> tensor<32x32xf32, #row>
    %cs = tt.splat %c_ptr : !tt.ptr<f32> -> tensor<32x32x!tt.ptr<f32>, #row>
    %cp = tt.addptr %cs, %offr : tensor<32x32x!tt.ptr<f32>, #row>, tensor<32x32xi32, #row>
    tt.store %cp, %dr : tensor<32x32x!tt.ptr<f32>, #row>
    tt.return
  }
}
