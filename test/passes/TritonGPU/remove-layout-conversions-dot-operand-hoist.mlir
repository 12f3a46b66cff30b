// RUN: triton-opt %s -split-input-file -tritongpu-remove-layout-conversions | FileCheck %s

// int4 weights unpacked by shifts, joined, reshaped and transposed into the
// B operand of an mma v2 dot: the conversion moves above the views and the
// unpacking to the loaded bytes, which are converted once into the layout
// the views need; the rest runs in registers of the operand.
// CHECK-LABEL: tt.func @int4_weights
// CHECK: %[[BYTES:.*]] = tt.load
// CHECK-NEXT: %[[CVT:.*]] = ttg.convert_layout %[[BYTES]] : tensor<64x32xi8, #blocked> -> tensor<64x32xi8, #linear>
// CHECK-NOT: ttg.convert_layout
// CHECK: tt.join {{.*}} -> tensor<64x32x2xbf16, #linear1>
// CHECK: tt.trans {{.*}} -> tensor<64x64xbf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
// CHECK-NEXT: tt.dot
#packed = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#pair = #ttg.blocked<{sizePerThread = [1, 8, 2], threadsPerWarp = [8, 4, 1], warpsPerCTA = [4, 1, 1], order = [2, 1, 0]}>
#rows = #ttg.blocked<{sizePerThread = [1, 16], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#cols = #ttg.blocked<{sizePerThread = [16, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 4], instrShape = [16, 8]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.target" = "cuda:80"} {
  tt.func @int4_weights(%w: tensor<64x32x!tt.ptr<i8>, #packed>, %a: tensor<16x64xbf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>) -> tensor<16x64xf32, #mma> {
    %four = arith.constant dense<4> : tensor<64x32xi8, #packed>
    %zero = arith.constant dense<0.000000e+00> : tensor<16x64xf32, #mma>
    %bytes = tt.load %w : tensor<64x32x!tt.ptr<i8>, #packed>
    %up = arith.shli %bytes, %four : tensor<64x32xi8, #packed>
    %lo8 = arith.shrsi %up, %four : tensor<64x32xi8, #packed>
    %hi8 = arith.shrsi %bytes, %four : tensor<64x32xi8, #packed>
    %lo = arith.sitofp %lo8 : tensor<64x32xi8, #packed> to tensor<64x32xbf16, #packed>
    %hi = arith.sitofp %hi8 : tensor<64x32xi8, #packed> to tensor<64x32xbf16, #packed>
    %both = tt.join %lo, %hi : tensor<64x32xbf16, #packed> -> tensor<64x32x2xbf16, #pair>
    %wide = tt.reshape %both : tensor<64x32x2xbf16, #pair> -> tensor<64x64xbf16, #rows>
    %t = tt.trans %wide {order = array<i32: 1, 0>} : tensor<64x64xbf16, #rows> -> tensor<64x64xbf16, #cols>
    %b = ttg.convert_layout %t : tensor<64x64xbf16, #cols> -> tensor<64x64xbf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
    %d = tt.dot %a, %b, %zero : tensor<16x64xbf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<64x64xbf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<16x64xf32, #mma>
    tt.return %d : tensor<16x64xf32, #mma>
  }
}

// -----

// mxfp4 weights on gfx942: the fp4 unpacking, and the e8m0 scale row
// widened by expand_dims, broadcast and reshape (a #ttg.linear layout at the
// broadcast's narrow operand), move below the conversion into the MFMA
// operand: both loads are converted right after they are made, nothing else.
// CHECK-LABEL: tt.func @mxfp4_weights
// CHECK: %[[PACKED:.*]] = tt.load
// CHECK-NEXT: ttg.convert_layout %[[PACKED]] : tensor<32x32xi8, #blocked> -> tensor<32x32xi8, #linear1>
// CHECK-NEXT: %[[E8M0:.*]] = tt.load
// CHECK-NEXT: ttg.convert_layout %[[E8M0]] : tensor<2x32xi8, #blocked1> -> tensor<2x32xi8, #ttg.slice<{dim = 1, parent = #linear}>>
// CHECK-NOT: ttg.convert_layout
// CHECK: ttg.fp4_to_fp {{.*}} -> tensor<64x32xbf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>
// CHECK: tt.broadcast {{.*}} : tensor<2x1x32xbf16, #linear> -> tensor<2x32x32xbf16, #linear>
// CHECK-NOT: ttg.convert_layout
// CHECK: tt.dot
#src = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 2], warpsPerCTA = [1, 4], order = [0, 1]}>
#w = #ttg.blocked<{sizePerThread = [2, 1], threadsPerWarp = [32, 2], warpsPerCTA = [1, 4], order = [0, 1]}>
#s = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [2, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#s3 = #ttg.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [2, 1, 32], warpsPerCTA = [1, 1, 4], order = [2, 1, 0]}>
#mma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = true}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32, "ttg.threads-per-warp" = 64 : i32, "ttg.target" = "hip:gfx942"} {
  tt.func @mxfp4_weights(%wp: tensor<32x32x!tt.ptr<i8>, #src>, %sp: tensor<2x32x!tt.ptr<i8>, #s>, %a: tensor<64x64xbf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>) -> tensor<64x32xf32, #mma> {
    %seven = arith.constant dense<7> : tensor<2x32xi16, #s>
    %zero = arith.constant dense<0.000000e+00> : tensor<64x32xf32, #mma>
    %packed = tt.load %wp : tensor<32x32x!tt.ptr<i8>, #src>
    %e8m0 = tt.load %sp : tensor<2x32x!tt.ptr<i8>, #s>
    %w = ttg.fp4_to_fp %packed {axis = 0 : i32} : tensor<32x32xi8, #src> -> tensor<64x32xbf16, #w>
    %wide = arith.extui %e8m0 : tensor<2x32xi8, #s> to tensor<2x32xi16, #s>
    %exp = arith.shli %wide, %seven : tensor<2x32xi16, #s>
    %scale = tt.bitcast %exp : tensor<2x32xi16, #s> -> tensor<2x32xbf16, #s>
    %scale_s = ttg.convert_layout %scale : tensor<2x32xbf16, #s> -> tensor<2x32xbf16, #ttg.slice<{dim = 1, parent = #s3}>>
    %scale3 = tt.expand_dims %scale_s {axis = 1 : i32} : tensor<2x32xbf16, #ttg.slice<{dim = 1, parent = #s3}>> -> tensor<2x1x32xbf16, #s3>
    %scale_b = tt.broadcast %scale3 : tensor<2x1x32xbf16, #s3> -> tensor<2x32x32xbf16, #s3>
    %scale_k = tt.reshape %scale_b : tensor<2x32x32xbf16, #s3> -> tensor<64x32xbf16, #w>
    %scaled = arith.mulf %w, %scale_k : tensor<64x32xbf16, #w>
    %b = ttg.convert_layout %scaled : tensor<64x32xbf16, #w> -> tensor<64x32xbf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>
    %d = tt.dot %a, %b, %zero : tensor<64x64xbf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> * tensor<64x32xbf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> -> tensor<64x32xf32, #mma>
    tt.return %d : tensor<64x32xf32, #mma>
  }
}

// -----

// An fp4 unpacking read only by a conversion runs in the conversion's layout
// instead; its splatted bytes are made in the layout that keeps each byte's
// two values in one thread.
// CHECK: #[[PACKED:.*]] = #ttg.linear<{register = {{\[\[}}0, 1], [0, 16], [16, 0], [32, 0]], lane = {{\[\[}}0, 2], [0, 4], [0, 8], [1, 0], [2, 0]], warp = {{\[\[}}4, 0], [8, 0]], block = []}>
// CHECK-LABEL: tt.func @unpack_splat
// CHECK-NEXT: %[[B:.*]] = tt.splat %{{.*}} : i8 -> tensor<64x32xi8, #[[PACKED]]>
// CHECK-NEXT: %[[V:.*]] = ttg.fp4_to_fp %[[B]] {axis = 1 : i32} : tensor<64x32xi8, #[[PACKED]]> -> tensor<64x64xf16, #blocked>
// CHECK-NEXT: tt.return %[[V]]
#src = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [2, 2], order = [0, 1]}>
#res = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [32, 1], warpsPerCTA = [2, 2], order = [0, 1]}>
#want = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @unpack_splat(%byte: i8) -> tensor<64x64xf16, #want> {
    %bytes = tt.splat %byte : i8 -> tensor<64x32xi8, #src>
    %vals = ttg.fp4_to_fp %bytes {axis = 1 : i32} : tensor<64x32xi8, #src> -> tensor<64x64xf16, #res>
    %out = ttg.convert_layout %vals : tensor<64x64xf16, #res> -> tensor<64x64xf16, #want>
    tt.return %out : tensor<64x64xf16, #want>
  }
}
