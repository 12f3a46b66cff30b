// RUN: triton-opt %s -tritonamdgpu-optimize-dot-operands | FileCheck %s
// RUN: triton-run %s --kernel=direct_and_transposed --grid 1 --arg 'p=f16[64,16]:rand(1)' --arg 'o0=f32[128,16]:zeros' \
// RUN:   --arg 'o1=f32[128,64]:zeros' --compare-after='builtin.module(tritonamdgpu-optimize-dot-operands)'

// One loaded tile is B of a dot directly and, transposed, B of another:
// it is stored to LDS once and read twice, the transpose's read straight
// into the layout the transpose takes.
// CHECK-LABEL: @direct_and_transposed
// CHECK: %[[T:.*]] = tt.load
// CHECK-NEXT: %[[M:.*]] = ttg.local_alloc %[[T]] : (tensor<64x16xf16, #blocked{{[0-9]*}}>) -> !ttg.memdesc<64x16xf16, #shared, #smem>
// CHECK-DAG: %[[L:.*]] = ttg.local_load %[[M]] : !ttg.memdesc<64x16xf16, #shared, #smem> -> tensor<64x16xf16, #blocked{{[0-9]*}}>
// CHECK-DAG: %[[D:.*]] = ttg.local_load %[[M]] : !ttg.memdesc<64x16xf16, #shared, #smem> -> tensor<64x16xf16, #ttg.dot_op<{opIdx = 1, parent = #mma{{[0-9]*}}, kWidth = 4}>>
// CHECK-NOT: ttg.convert_layout %[[T]]
// CHECK: tt.dot %{{.*}}, %[[D]]
// CHECK: tt.trans %[[L]]
// CHECK-LABEL: @kwidth_mismatch
// CHECK-NOT: ttg.local_alloc
// CHECK: tt.trans
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [64, 1], warpsPerCTA = [1, 4], order = [0, 1]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [16, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked2 = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [4, 16], warpsPerCTA = [1, 4], order = [0, 1]}>
#out = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 64], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [4, 1], instrShape = [16, 16, 16], isTransposed = true}>
#mma1 = #ttg.amd_mfma<{version = 3, warpsPerCTA = [4, 1], instrShape = [16, 16, 16], isTransposed = false}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func public @direct_and_transposed(%p: !tt.ptr<f16>, %o0: !tt.ptr<f32>, %o1: !tt.ptr<f32>) {
    %a1 = arith.constant dense<0.5> : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma1, kWidth = 4}>>
    %a2 = arith.constant dense<0.25> : tensor<128x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>
    %z1 = arith.constant dense<0.0> : tensor<128x16xf32, #mma1>
    %z2 = arith.constant dense<0.0> : tensor<128x64xf32, #mma>
    %c16 = arith.constant dense<16> : tensor<64x1xi32, #blocked>
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %r2 = tt.expand_dims %r {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<64x1xi32, #blocked>
    %r3 = arith.muli %r2, %c16 : tensor<64x1xi32, #blocked>
    %r4 = tt.broadcast %r3 : tensor<64x1xi32, #blocked> -> tensor<64x16xi32, #blocked>
    %c = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %c2 = tt.expand_dims %c {axis = 0 : i32} : tensor<16xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x16xi32, #blocked>
    %c3 = tt.broadcast %c2 : tensor<1x16xi32, #blocked> -> tensor<64x16xi32, #blocked>
    %off = arith.addi %r4, %c3 : tensor<64x16xi32, #blocked>
    %ps = tt.splat %p : !tt.ptr<f16> -> tensor<64x16x!tt.ptr<f16>, #blocked>
    %pp = tt.addptr %ps, %off : tensor<64x16x!tt.ptr<f16>, #blocked>, tensor<64x16xi32, #blocked>
    %t = tt.load %pp : tensor<64x16x!tt.ptr<f16>, #blocked>
    %l = ttg.convert_layout %t : tensor<64x16xf16, #blocked> -> tensor<64x16xf16, #blocked1>
    %d = ttg.convert_layout %t : tensor<64x16xf16, #blocked> -> tensor<64x16xf16, #ttg.dot_op<{opIdx = 1, parent = #mma1, kWidth = 4}>>
    %y1 = tt.dot %a1, %d, %z1 : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma1, kWidth = 4}>> * tensor<64x16xf16, #ttg.dot_op<{opIdx = 1, parent = #mma1, kWidth = 4}>> -> tensor<128x16xf32, #mma1>
    %x = tt.trans %l {order = array<i32: 1, 0>} : tensor<64x16xf16, #blocked1> -> tensor<16x64xf16, #blocked2>
    %xd = ttg.convert_layout %x : tensor<16x64xf16, #blocked2> -> tensor<16x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>
    %y2 = tt.dot %a2, %xd, %z2 : tensor<128x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> * tensor<16x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> -> tensor<128x64xf32, #mma>
    // Stores: row-major outputs.
    %s1 = ttg.convert_layout %y1 : tensor<128x16xf32, #mma1> -> tensor<128x16xf32, #out>
    %s2 = ttg.convert_layout %y2 : tensor<128x64xf32, #mma> -> tensor<128x64xf32, #out>
    %q0 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #out}>>
    %q1 = tt.expand_dims %q0 {axis = 1 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #out}>> -> tensor<128x1xi32, #out>
    %k16 = arith.constant dense<16> : tensor<128x1xi32, #out>
    %k64 = arith.constant dense<64> : tensor<128x1xi32, #out>
    %q16 = arith.muli %q1, %k16 : tensor<128x1xi32, #out>
    %q64 = arith.muli %q1, %k64 : tensor<128x1xi32, #out>
    %w16 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32, #ttg.slice<{dim = 0, parent = #out}>>
    %w64 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #out}>>
    %e16 = tt.expand_dims %w16 {axis = 0 : i32} : tensor<16xi32, #ttg.slice<{dim = 0, parent = #out}>> -> tensor<1x16xi32, #out>
    %e64 = tt.expand_dims %w64 {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #out}>> -> tensor<1x64xi32, #out>
    %b16r = tt.broadcast %q16 : tensor<128x1xi32, #out> -> tensor<128x16xi32, #out>
    %b16c = tt.broadcast %e16 : tensor<1x16xi32, #out> -> tensor<128x16xi32, #out>
    %b64r = tt.broadcast %q64 : tensor<128x1xi32, #out> -> tensor<128x64xi32, #out>
    %b64c = tt.broadcast %e64 : tensor<1x64xi32, #out> -> tensor<128x64xi32, #out>
    %f16 = arith.addi %b16r, %b16c : tensor<128x16xi32, #out>
    %f64 = arith.addi %b64r, %b64c : tensor<128x64xi32, #out>
    %o0s = tt.splat %o0 : !tt.ptr<f32> -> tensor<128x16x!tt.ptr<f32>, #out>
    %o1s = tt.splat %o1 : !tt.ptr<f32> -> tensor<128x64x!tt.ptr<f32>, #out>
    %o0p = tt.addptr %o0s, %f16 : tensor<128x16x!tt.ptr<f32>, #out>, tensor<128x16xi32, #out>
    %o1p = tt.addptr %o1s, %f64 : tensor<128x64x!tt.ptr<f32>, #out>, tensor<128x64xi32, #out>
    tt.store %o0p, %s1 : tensor<128x16x!tt.ptr<f32>, #out>
    tt.store %o1p, %s2 : tensor<128x64x!tt.ptr<f32>, #out>
    tt.return
  }
  // Operands of different kWidth would read one buffer differently: left
  // alone.
  tt.func public @kwidth_mismatch(%pp: tensor<64x16x!tt.ptr<f16>, #blocked>) -> (tensor<128x16xf32, #mma>, tensor<128x64xf32, #mma>) {
    %a1 = arith.constant dense<0.5> : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 8}>>
    %a2 = arith.constant dense<0.25> : tensor<128x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>
    %z1 = arith.constant dense<0.0> : tensor<128x16xf32, #mma>
    %z2 = arith.constant dense<0.0> : tensor<128x64xf32, #mma>
    %t = tt.load %pp : tensor<64x16x!tt.ptr<f16>, #blocked>
    %l = ttg.convert_layout %t : tensor<64x16xf16, #blocked> -> tensor<64x16xf16, #blocked1>
    %d = ttg.convert_layout %t : tensor<64x16xf16, #blocked> -> tensor<64x16xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 8}>>
    %y1 = tt.dot %a1, %d, %z1 : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 8}>> * tensor<64x16xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 8}>> -> tensor<128x16xf32, #mma>
    %x = tt.trans %l {order = array<i32: 1, 0>} : tensor<64x16xf16, #blocked1> -> tensor<16x64xf16, #blocked2>
    %xd = ttg.convert_layout %x : tensor<16x64xf16, #blocked2> -> tensor<16x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>
    %y2 = tt.dot %a2, %xd, %z2 : tensor<128x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> * tensor<16x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> -> tensor<128x64xf32, #mma>
    tt.return %y1, %y2 : tensor<128x16xf32, #mma>, tensor<128x64xf32, #mma>
  }

}
