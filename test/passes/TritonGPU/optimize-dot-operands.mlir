// RUN: triton-opt %s -split-input-file -tritongpu-optimize-dot-operands | FileCheck %s
// RUN: triton-opt %s -split-input-file -tritongpu-optimize-dot-operands=hoist-layout-conversion=false | FileCheck %s --check-prefix=NOHOIST

// A transposed K stored for wgmma: K is stored as loaded (row-major, not
// transposed) and the dot reads a transposed view of it, the same layout the
// transpose was stored in.
// CHECK-DAG: #[[ROW:[a-z0-9_]+]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
// CHECK-DAG: #[[COL:[a-z0-9_]+]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
// CHECK-LABEL: tt.func @fold_trans
// CHECK: %[[K:.*]] = ttg.local_alloc %arg1 : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #[[ROW]], #smem>
// CHECK: %[[KT:.*]] = ttg.memdesc_trans %[[K]] {order = array<i32: 1, 0>} : !ttg.memdesc<64x64xf16, #[[ROW]], #smem> -> !ttg.memdesc<64x64xf16, #[[COL]], #smem>
// CHECK: ttng.warp_group_dot %{{.*}}, %[[KT]], %arg2
// CHECK-NOT: tt.trans
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @fold_trans(%q: tensor<128x64xf16, #blocked>, %k: tensor<64x64xf16, #blocked>, %c: tensor<128x64xf32, #mma>) -> tensor<128x64xf32, #mma> {
    %sq = ttg.local_alloc %q : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
    %kt = tt.trans %k {order = array<i32: 1, 0>} : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #blocked1>
    %skt = ttg.local_alloc %kt : (tensor<64x64xf16, #blocked1>) -> !ttg.memdesc<64x64xf16, #shared1, #smem>
    %d = ttng.warp_group_dot %sq, %skt, %c {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared1, #smem> -> tensor<128x64xf32, #mma>
    tt.return %d : tensor<128x64xf32, #mma>
  }
}

// -----

// Chunked linear attention: k^T is the B of one wgmma (q k^T) and the A of
// another (k^T v), both reading one buffer. K is stored once as loaded and
// both dots read the transposed view.
// CHECK-LABEL: tt.func @fold_trans_two_dots
// CHECK: %[[K:.*]] = ttg.local_alloc %arg1 : (tensor<64x64xf16, #blocked>)
// CHECK: %[[KT:.*]] = ttg.memdesc_trans %[[K]] {order = array<i32: 1, 0>}
// CHECK: ttng.warp_group_dot %{{.*}}, %[[KT]], %arg3
// CHECK: ttng.warp_group_dot %[[KT]], %{{.*}}, %arg3
// CHECK-NOT: tt.trans
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @fold_trans_two_dots(%q: tensor<64x64xf16, #blocked>, %k: tensor<64x64xf16, #blocked>, %v: tensor<64x64xf16, #blocked>, %c: tensor<64x64xf32, #mma>) -> (tensor<64x64xf32, #mma>, tensor<64x64xf32, #mma>) {
    %sq = ttg.local_alloc %q : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
    %sv = ttg.local_alloc %v : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
    %kt = tt.trans %k {order = array<i32: 1, 0>} : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #blocked1>
    %skt = ttg.local_alloc %kt : (tensor<64x64xf16, #blocked1>) -> !ttg.memdesc<64x64xf16, #shared1, #smem>
    %s = ttng.warp_group_dot %sq, %skt, %c {inputPrecision = 0 : i32} : !ttg.memdesc<64x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared1, #smem> -> tensor<64x64xf32, #mma>
    %st = ttng.warp_group_dot %skt, %sv, %c {inputPrecision = 0 : i32} : !ttg.memdesc<64x64xf16, #shared1, #smem> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma>
    tt.return %s, %st : tensor<64x64xf32, #mma>, tensor<64x64xf32, #mma>
  }
}

// -----

// fp8 must reach wgmma K-major: a transpose whose source, stored in its own
// order, would give B row-major is kept; one that gives B K-major is folded.
// A buffer read by something else than a dot is kept too.
// CHECK-LABEL: tt.func @fp8_trans
// CHECK: %[[T:.*]] = tt.trans %arg1
// CHECK: ttg.local_alloc %[[T]]
// CHECK: %[[S:.*]] = ttg.local_alloc %arg2 : (tensor<128x64xf8E4M3FN
// CHECK: ttg.memdesc_trans %[[S]]
// CHECK: %[[T2:.*]] = tt.trans %arg2
// CHECK: ttg.local_alloc %[[T2]]
// CHECK: ttg.local_load
#blocked = #ttg.blocked<{sizePerThread = [1, 16], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [16, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 32]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 8}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 8}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @fp8_trans(%a: !ttg.memdesc<64x64xf8E4M3FN, #shared, #smem>, %b: tensor<128x64xf8E4M3FN, #blocked1>, %b2: tensor<128x64xf8E4M3FN, #blocked>, %c: tensor<64x128xf32, #mma>) -> (tensor<64x128xf32, #mma>, tensor<64x128xf8E4M3FN, #blocked1>) {
    %t = tt.trans %b {order = array<i32: 1, 0>} : tensor<128x64xf8E4M3FN, #blocked1> -> tensor<64x128xf8E4M3FN, #blocked>
    %st = ttg.local_alloc %t : (tensor<64x128xf8E4M3FN, #blocked>) -> !ttg.memdesc<64x128xf8E4M3FN, #shared1, #smem>
    %d = ttng.warp_group_dot %a, %st, %c {inputPrecision = 0 : i32, maxNumImpreciseAcc = 1073741824 : i32} : !ttg.memdesc<64x64xf8E4M3FN, #shared, #smem> * !ttg.memdesc<64x128xf8E4M3FN, #shared1, #smem> -> tensor<64x128xf32, #mma>
    %t2 = tt.trans %b2 {order = array<i32: 1, 0>} : tensor<128x64xf8E4M3FN, #blocked> -> tensor<64x128xf8E4M3FN, #blocked1>
    %st2 = ttg.local_alloc %t2 : (tensor<64x128xf8E4M3FN, #blocked1>) -> !ttg.memdesc<64x128xf8E4M3FN, #shared1, #smem>
    %d2 = ttng.warp_group_dot %a, %st2, %d {inputPrecision = 0 : i32, maxNumImpreciseAcc = 1073741824 : i32} : !ttg.memdesc<64x64xf8E4M3FN, #shared, #smem> * !ttg.memdesc<64x128xf8E4M3FN, #shared1, #smem> -> tensor<64x128xf32, #mma>
    %t3 = tt.trans %b2 {order = array<i32: 1, 0>} : tensor<128x64xf8E4M3FN, #blocked> -> tensor<64x128xf8E4M3FN, #blocked1>
    %st3 = ttg.local_alloc %t3 : (tensor<64x128xf8E4M3FN, #blocked1>) -> !ttg.memdesc<64x128xf8E4M3FN, #shared1, #smem>
    %l = ttg.local_load %st3 : !ttg.memdesc<64x128xf8E4M3FN, #shared1, #smem> -> tensor<64x128xf8E4M3FN, #blocked1>
    tt.return %d2, %l : tensor<64x128xf32, #mma>, tensor<64x128xf8E4M3FN, #blocked1>
  }
}

// -----

// A wgmma operand A stored from an MMA v3 result of the dot's warps is
// taken from registers instead.
// CHECK-LABEL: tt.func @register_a
// CHECK-NOT: ttg.local_alloc
// CHECK: %[[P:.*]] = arith.truncf
// CHECK-NOT: ttg.local_alloc
// CHECK: %[[A:.*]] = ttg.convert_layout %[[P]] : tensor<128x64xf16, #mma> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// CHECK: ttng.warp_group_dot %[[A]], %arg1, %arg0
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @register_a(%qk: tensor<128x64xf32, #mma>, %v: !ttg.memdesc<64x64xf16, #shared, #smem>) -> tensor<128x64xf32, #mma> {
    %p = arith.truncf %qk : tensor<128x64xf32, #mma> to tensor<128x64xf16, #mma>
    %sp = ttg.local_alloc %p : (tensor<128x64xf16, #mma>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
    %d = ttng.warp_group_dot %sp, %v, %qk {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<128x64xf32, #mma>
    tt.return %d : tensor<128x64xf32, #mma>
  }
}

// -----

// Conversions to dot operands move above the upcast of a loaded tensor (the
// extension runs in the operand layout), and through several such ops; not
// above a truncation, nor when no load or constant starts the chain, nor
// with hoist-layout-conversion=false.
// CHECK-LABEL: tt.func @hoist
// CHECK: %[[X:.*]] = tt.load %arg0
// CHECK: %[[XC:.*]] = ttg.convert_layout %[[X]] : tensor<64x32xf8E4M3FN, #blocked> -> tensor<64x32xf8E4M3FN, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// CHECK: %[[XF:.*]] = tt.fp_to_fp %[[XC]] : tensor<64x32xf8E4M3FN, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// CHECK: %[[Y:.*]] = tt.load %arg1
// CHECK: %[[YC:.*]] = ttg.convert_layout %[[Y]] : {{.*}} -> tensor<32x64xi8, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
// CHECK: %[[YF:.*]] = arith.sitofp %[[YC]]
// CHECK: %[[YM:.*]] = arith.mulf %[[YF]], %{{.*}} : tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
// CHECK: tt.dot %[[XF]], %[[YM]]
// CHECK: arith.truncf
// CHECK: ttg.convert_layout
// CHECK: arith.negf %arg3 : tensor<64x32xf16, #blocked>
// NOHOIST-LABEL: tt.func @hoist
// NOHOIST: tt.fp_to_fp %{{.*}} : tensor<64x32xf8E4M3FN, #blocked>
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#A = #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
#B = #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @hoist(%pa: tensor<64x32x!tt.ptr<f8E4M3FN>, #blocked>, %pb: tensor<32x64x!tt.ptr<i8>, #blocked>, %wide: tensor<64x32xf32, #blocked>, %h: tensor<64x32xf16, #blocked>, %c: tensor<64x64xf32, #mma>) -> (tensor<64x64xf32, #mma>, tensor<64x64xf32, #mma>, tensor<64x64xf32, #mma>) {
    %x = tt.load %pa : tensor<64x32x!tt.ptr<f8E4M3FN>, #blocked>
    %xf = tt.fp_to_fp %x : tensor<64x32xf8E4M3FN, #blocked> -> tensor<64x32xf16, #blocked>
    %a = ttg.convert_layout %xf : tensor<64x32xf16, #blocked> -> tensor<64x32xf16, #A>
    %y = tt.load %pb : tensor<32x64x!tt.ptr<i8>, #blocked>
    %yf = arith.sitofp %y : tensor<32x64xi8, #blocked> to tensor<32x64xf16, #blocked>
    %scale = arith.constant dense<2.0> : tensor<32x64xf16, #blocked>
    %ym = arith.mulf %yf, %scale : tensor<32x64xf16, #blocked>
    %b = ttg.convert_layout %ym : tensor<32x64xf16, #blocked> -> tensor<32x64xf16, #B>
    %d = tt.dot %a, %b, %c : tensor<64x32xf16, #A> * tensor<32x64xf16, #B> -> tensor<64x64xf32, #mma>
    %t = arith.truncf %wide : tensor<64x32xf32, #blocked> to tensor<64x32xf16, #blocked>
    %ta = ttg.convert_layout %t : tensor<64x32xf16, #blocked> -> tensor<64x32xf16, #A>
    %d2 = tt.dot %ta, %b, %c : tensor<64x32xf16, #A> * tensor<32x64xf16, #B> -> tensor<64x64xf32, #mma>
    %n = arith.negf %h : tensor<64x32xf16, #blocked>
    %na = ttg.convert_layout %n : tensor<64x32xf16, #blocked> -> tensor<64x32xf16, #A>
    %d3 = tt.dot %na, %b, %c : tensor<64x32xf16, #A> * tensor<32x64xf16, #B> -> tensor<64x64xf32, #mma>
    tt.return %d, %d2, %d3 : tensor<64x64xf32, #mma>, tensor<64x64xf32, #mma>, tensor<64x64xf32, #mma>
  }
}

// -----

// A transposed tile converted into an mma v2 operand: the untransposed tile
// is stored in its own memory order (dim 0 fastest, K along it for A), with
// the swizzle of an operand read across it, and A is loaded through a
// transposed view. The transpose stays for its other user; a conversion
// with another user than the dot is left alone.
// CHECK-LABEL: tt.func @mma_v2_transposed_operand
// CHECK: %[[BUF:.*]] = ttg.local_alloc %arg0 : (tensor<32x128xf16, #{{.*}}>) -> !ttg.memdesc<32x128xf16, #[[S:.*]], #smem>
// CHECK-NEXT: %[[VIEW:.*]] = ttg.memdesc_trans %[[BUF]] {order = array<i32: 1, 0>} : !ttg.memdesc<32x128xf16, #[[S]], #smem> -> !ttg.memdesc<128x32xf16, #[[ST:.*]], #smem>
// CHECK-NEXT: %[[A:.*]] = ttg.local_load %[[VIEW]] : !ttg.memdesc<128x32xf16, #[[ST]], #smem> -> tensor<128x32xf16, #ttg.dot_op<{opIdx = 0
// CHECK-NEXT: %[[T:.*]] = tt.trans %arg0
// CHECK-NEXT: tt.dot %[[A]], %arg1
// CHECK-NEXT: %[[C:.*]] = ttg.convert_layout %[[T]]
// CHECK-NEXT: arith.addf %[[C]], %[[C]]
// NOHOIST-LABEL: tt.func @mma_v2_transposed_operand
// NOHOIST: ttg.memdesc_trans
#col = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]}>
#row = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @mma_v2_transposed_operand(%x: tensor<32x128xf16, #col>, %b: tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %acc: tensor<128x64xf32, #mma>) -> (tensor<128x64xf32, #mma>, tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>) {
    %t = tt.trans %x {order = array<i32: 1, 0>} : tensor<32x128xf16, #col> -> tensor<128x32xf16, #row>
    %a = ttg.convert_layout %t : tensor<128x32xf16, #row> -> tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    %d = tt.dot %a, %b, %acc : tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<128x64xf32, #mma>
    %c = ttg.convert_layout %t : tensor<128x32xf16, #row> -> tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    %e = arith.addf %c, %c : tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    tt.return %d, %e : tensor<128x64xf32, #mma>, tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
  }
}
