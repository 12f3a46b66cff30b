// RUN: triton-opt %s -split-input-file -tritongpu-accelerate-matmul | FileCheck %s
// RUN: triton-opt %s -split-input-file -tritongpu-accelerate-matmul -tritongpu-remove-layout-conversions | FileCheck %s --check-prefix=CLEAN

// A lone fp16 dot on sm_80: mma v2, warps balancing the 16x8 repetitions
// (64x64 over 4 warps: M 4, N 8 -> [2, 2]), operands as dot operands with
// kWidth 2.
// CHECK: #[[MMA:.*]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
// CHECK-LABEL: tt.func @f16
// CHECK: %[[A:.*]] = ttg.convert_layout %arg0 : {{.*}} -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #[[MMA]], kWidth = 2}>>
// CHECK: %[[B:.*]] = ttg.convert_layout %arg1 : {{.*}} -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #[[MMA]], kWidth = 2}>>
// CHECK: %[[C:.*]] = ttg.convert_layout %arg2 : {{.*}} -> tensor<64x64xf32, #[[MMA]]>
// CHECK: %[[D:.*]] = tt.dot %[[A]], %[[B]], %[[C]]{{.*}} -> tensor<64x64xf32, #[[MMA]]>
// CHECK: ttg.convert_layout %[[D]] : tensor<64x64xf32, #[[MMA]]> -> tensor<64x64xf32, #blocked>
// CLEAN-LABEL: tt.func @f16
// CLEAN: tt.dot
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @f16(%a: tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<64x64xf32, #blocked>) -> tensor<64x64xf32, #blocked> {
    %d = tt.dot %a, %b, %c : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf32, #blocked>
    tt.return %d : tensor<64x64xf32, #blocked>
  }
}

// -----

// Chained dots put every warp along M (Triton's choice), the second takes the
// first's layout; fp32 in ieee stays on FMAs; tf32 gets kWidth 1; fp8 is
// upcast to fp16 in the operand layout with kWidth 4; int8 gets kWidth 4.
// CHECK: #[[MMA:.*]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
// CHECK-LABEL: tt.func @variants
// CHECK: tt.dot {{.*}} -> tensor<32x32xf32, #blocked>
// CHECK: tt.dot {{.*}}inputPrecision = tf32 : tensor<32x32xf32, #ttg.dot_op<{opIdx = 0, parent = #[[MMA]], kWidth = 1}>>
// CHECK: tt.fp_to_fp %{{.*}} : tensor<32x32xf8E4M3FN, #ttg.dot_op<{opIdx = 0, parent = #[[MMA]], kWidth = 4}>> -> tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #[[MMA]], kWidth = 4}>>
// CHECK: tt.dot {{.*}} : tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #[[MMA]], kWidth = 4}>>
// CHECK: tt.dot {{.*}} : tensor<32x32xi8, #ttg.dot_op<{opIdx = 0, parent = #{{.*}}, kWidth = 4}>> {{.*}} -> tensor<32x32xi32, #{{.*}}>
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#A = #ttg.dot_op<{opIdx = 0, parent = #blocked}>
#B = #ttg.dot_op<{opIdx = 1, parent = #blocked}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @variants(%a: tensor<32x32xf32, #A>, %b: tensor<32x32xf32, #B>, %c: tensor<32x32xf32, #blocked>,
                    %fa: tensor<32x32xf8E4M3FN, #A>, %fb: tensor<32x32xf8E4M3FN, #B>,
                    %ia: tensor<32x32xi8, #A>, %ib: tensor<32x32xi8, #B>, %ic: tensor<32x32xi32, #blocked>) -> (tensor<32x32xf32, #blocked>, tensor<32x32xi32, #blocked>) {
    %ieee = tt.dot %a, %b, %c : tensor<32x32xf32, #A> * tensor<32x32xf32, #B> -> tensor<32x32xf32, #blocked>
    %tf32 = tt.dot %a, %b, %ieee, inputPrecision = tf32 : tensor<32x32xf32, #A> * tensor<32x32xf32, #B> -> tensor<32x32xf32, #blocked>
    %f8 = tt.dot %fa, %fb, %tf32 : tensor<32x32xf8E4M3FN, #A> * tensor<32x32xf8E4M3FN, #B> -> tensor<32x32xf32, #blocked>
    %i8 = tt.dot %ia, %ib, %ic : tensor<32x32xi8, #A> * tensor<32x32xi8, #B> -> tensor<32x32xi32, #blocked>
    tt.return %f8, %i8 : tensor<32x32xf32, #blocked>, tensor<32x32xi32, #blocked>
  }
}

// -----

// Not on AMD targets or below sm_80, and not for shapes that are not whole
// instructions.
// CHECK-LABEL: tt.func @small
// CHECK-NOT: nvidia_mma
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @small(%a: tensor<8x16xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<16x8xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<8x8xf32, #blocked>) -> tensor<8x8xf32, #blocked> {
    %d = tt.dot %a, %b, %c : tensor<8x16xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<16x8xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<8x8xf32, #blocked>
    tt.return %d : tensor<8x8xf32, #blocked>
  }
}

// -----

// sm_90, 128x256x64 fp16 over 8 warps, both operands loaded (matmul_fp16_sm90):
// wgmma with warps [8, 1] and the widest N, 256; each operand stored right
// after its load in a 128-byte swizzle (64 and 256 halves per row); the dot's
// result back to the blocked layout.
// CHECK-DAG: #[[MMA:[a-z0-9_]+]] = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 256, 16]}>
// CHECK-DAG: #[[SHARED:[a-z0-9_]+]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
// CHECK-LABEL: tt.func @v3_f16
// CHECK: %[[A:.*]] = tt.load %arg0
// CHECK-NEXT: %[[SA:.*]] = ttg.local_alloc %[[A]] : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #[[SHARED]], #smem>
// CHECK: %[[B:.*]] = tt.load %arg1
// CHECK-NEXT: %[[SB:.*]] = ttg.local_alloc %[[B]] : (tensor<64x256xf16, #blocked1>) -> !ttg.memdesc<64x256xf16, #[[SHARED]], #smem>
// CHECK: %[[C:.*]] = ttg.convert_layout %arg2 : tensor<128x256xf32, #blocked1> -> tensor<128x256xf32, #[[MMA]]>
// CHECK: %[[D:.*]] = ttng.warp_group_dot %[[SA]], %[[SB]], %[[C]] {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #[[SHARED]], #smem> * !ttg.memdesc<64x256xf16, #[[SHARED]], #smem> -> tensor<128x256xf32, #[[MMA]]>
// CHECK: %[[R:.*]] = ttg.convert_layout %[[D]] : tensor<128x256xf32, #[[MMA]]> -> tensor<128x256xf32, #blocked1>
// CHECK-NOT: ttg.convert_layout
// CHECK: tt.return %[[R]]
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [1, 32], warpsPerCTA = [8, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @v3_f16(%pa: tensor<128x64x!tt.ptr<f16>, #blocked>, %pb: tensor<64x256x!tt.ptr<f16>, #blocked1>, %c: tensor<128x256xf32, #blocked1>) -> tensor<128x256xf32, #blocked1> {
    %a = tt.load %pa : tensor<128x64x!tt.ptr<f16>, #blocked>
    %b = tt.load %pb : tensor<64x256x!tt.ptr<f16>, #blocked1>
    %a1 = ttg.convert_layout %a : tensor<128x64xf16, #blocked> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked1}>>
    %b1 = ttg.convert_layout %b : tensor<64x256xf16, #blocked1> -> tensor<64x256xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked1}>>
    %d = tt.dot %a1, %b1, %c, inputPrecision = tf32 : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked1}>> * tensor<64x256xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked1}>> -> tensor<128x256xf32, #blocked1>
    tt.return %d : tensor<128x256xf32, #blocked1>
  }
}

// -----

// 64 rows over 8 warps: one warp group along M, the second along N, so N per
// warp group is 128 (64x256 tile); A's 32 halves per row take a 64-byte
// swizzle; B read K-contiguous (order [0, 1]) is `transposed`.
// CHECK-DAG: #[[MMA:[a-z0-9_]+]] = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 2], instrShape = [16, 128, 16]}>
// CHECK-DAG: #[[SA:[a-z0-9_]+]] = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
// CHECK-DAG: #[[SB:[a-z0-9_]+]] = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 16}>
// CHECK-LABEL: tt.func @v3_split_n
// CHECK-DAG: ttg.local_alloc %arg0 : (tensor<64x32xbf16, #blocked>) -> !ttg.memdesc<64x32xbf16, #[[SA]], #smem>
// CHECK-DAG: ttg.local_alloc %arg1 : (tensor<32x256xbf16, #blocked1>) -> !ttg.memdesc<32x256xbf16, #[[SB]], #smem>
// CHECK: ttng.warp_group_dot {{.*}} -> tensor<64x256xf32, #[[MMA]]>
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [8, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 8], order = [0, 1]}>
#blocked2 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [1, 32], warpsPerCTA = [8, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @v3_split_n(%a: tensor<64x32xbf16, #blocked>, %b: tensor<32x256xbf16, #blocked1>, %c: tensor<64x256xf32, #blocked2>) -> tensor<64x256xf32, #blocked2> {
    %a1 = ttg.convert_layout %a : tensor<64x32xbf16, #blocked> -> tensor<64x32xbf16, #ttg.dot_op<{opIdx = 0, parent = #blocked2}>>
    %b1 = ttg.convert_layout %b : tensor<32x256xbf16, #blocked1> -> tensor<32x256xbf16, #ttg.dot_op<{opIdx = 1, parent = #blocked2}>>
    %d = tt.dot %a1, %b1, %c, inputPrecision = tf32 : tensor<64x32xbf16, #ttg.dot_op<{opIdx = 0, parent = #blocked2}>> * tensor<32x256xbf16, #ttg.dot_op<{opIdx = 1, parent = #blocked2}>> -> tensor<64x256xf32, #blocked2>
    tt.return %d : tensor<64x256xf32, #blocked2>
  }
}

// -----

// Types wgmma cannot transpose are stored K-major whatever their register
// order: fp8 (K 32, 8-bit elements) with B row-major becomes `transposed`;
// tf32 has K 8 and 32-bit elements; int8 takes N from its own list (256 is
// not one: 128). fp8 with an fp32 accumulator needs maxNumImpreciseAcc >= 32
// (the frontend's default on sm_90 is 2^30), else it is mma v2 on fp16; 32
// (at most K: the lowering splits the accumulation) is wgmma.
// CHECK-DAG: #[[MMA8:[a-z0-9_]+]] = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 32]}>
// CHECK-DAG: #[[A8:[a-z0-9_]+]] = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 8}>
// CHECK-DAG: #[[B8:[a-z0-9_]+]] = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 8}>
// CHECK-DAG: #[[MMA32:[a-z0-9_]+]] = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 8]}>
// CHECK-DAG: #[[A32:[a-z0-9_]+]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
// CHECK-DAG: #[[B32:[a-z0-9_]+]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 32}>
// CHECK-DAG: #[[V2:[a-z0-9_]+]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0
// CHECK-LABEL: tt.func @v3_types
// CHECK-DAG: ttg.local_alloc %arg0 : (tensor<64x64xf8E4M3FN, #blocked>) -> !ttg.memdesc<64x64xf8E4M3FN, #[[A8]], #smem>
// CHECK-DAG: ttg.local_alloc %arg1 : (tensor<64x128xf8E5M2, #blocked>) -> !ttg.memdesc<64x128xf8E5M2, #[[B8]], #smem>
// CHECK-DAG: ttg.local_alloc %arg2 : (tensor<64x32xf32, #blocked>) -> !ttg.memdesc<64x32xf32, #[[A32]], #smem>
// CHECK-DAG: ttg.local_alloc %arg3 : (tensor<32x128xf32, #blocked>) -> !ttg.memdesc<32x128xf32, #[[B32]], #smem>
// CHECK: ttng.warp_group_dot {{.*}}maxNumImpreciseAcc = 1073741824 : i32{{.*}} -> tensor<64x128xf32, #[[MMA8]]>
// CHECK: ttng.warp_group_dot {{.*}} -> tensor<64x128xf32, #[[MMA32]]>
// CHECK: ttng.warp_group_dot {{.*}} : !ttg.memdesc<64x64xi8, {{.*}}> * !ttg.memdesc<64x128xi8, {{.*}}> -> tensor<64x128xi32, #[[MMA8]]>
// CHECK: tt.fp_to_fp {{.*}} -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #[[V2]], kWidth = 4}>>
// CHECK: tt.dot {{.*}} -> tensor<64x128xf32, #[[V2]]>
// CHECK: ttng.warp_group_dot {{.*}}maxNumImpreciseAcc = 32 : i32{{.*}} -> tensor<64x128xf32, #[[MMA8]]>
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#A = #ttg.dot_op<{opIdx = 0, parent = #blocked}>
#B = #ttg.dot_op<{opIdx = 1, parent = #blocked}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @v3_types(%fa: tensor<64x64xf8E4M3FN, #blocked>, %fb: tensor<64x128xf8E5M2, #blocked>,
                    %ta: tensor<64x32xf32, #blocked>, %tb: tensor<32x128xf32, #blocked>,
                    %ia: tensor<64x64xi8, #blocked>, %ib: tensor<64x128xi8, #blocked>,
                    %c: tensor<64x128xf32, #blocked>, %ic: tensor<64x128xi32, #blocked>) -> (tensor<64x128xf32, #blocked>, tensor<64x128xi32, #blocked>) {
    %fa1 = ttg.convert_layout %fa : tensor<64x64xf8E4M3FN, #blocked> -> tensor<64x64xf8E4M3FN, #A>
    %fb1 = ttg.convert_layout %fb : tensor<64x128xf8E5M2, #blocked> -> tensor<64x128xf8E5M2, #B>
    %f8 = tt.dot %fa1, %fb1, %c, inputPrecision = tf32 {maxNumImpreciseAcc = 1073741824 : i32} : tensor<64x64xf8E4M3FN, #A> * tensor<64x128xf8E5M2, #B> -> tensor<64x128xf32, #blocked>
    %ta1 = ttg.convert_layout %ta : tensor<64x32xf32, #blocked> -> tensor<64x32xf32, #A>
    %tb1 = ttg.convert_layout %tb : tensor<32x128xf32, #blocked> -> tensor<32x128xf32, #B>
    %tf32 = tt.dot %ta1, %tb1, %f8, inputPrecision = tf32 : tensor<64x32xf32, #A> * tensor<32x128xf32, #B> -> tensor<64x128xf32, #blocked>
    %ia1 = ttg.convert_layout %ia : tensor<64x64xi8, #blocked> -> tensor<64x64xi8, #A>
    %ib1 = ttg.convert_layout %ib : tensor<64x128xi8, #blocked> -> tensor<64x128xi8, #B>
    %i8 = tt.dot %ia1, %ib1, %ic, inputPrecision = tf32 : tensor<64x64xi8, #A> * tensor<64x128xi8, #B> -> tensor<64x128xi32, #blocked>
    %f8v2 = tt.dot %fa1, %fb1, %tf32, inputPrecision = tf32 : tensor<64x64xf8E4M3FN, #A> * tensor<64x128xf8E5M2, #B> -> tensor<64x128xf32, #blocked>
    %f8split = tt.dot %fa1, %fb1, %f8v2, inputPrecision = tf32 {maxNumImpreciseAcc = 32 : i32} : tensor<64x64xf8E4M3FN, #A> * tensor<64x128xf8E5M2, #B> -> tensor<64x128xf32, #blocked>
    tt.return %f8split, %i8 : tensor<64x128xf32, #blocked>, tensor<64x128xi32, #blocked>
  }
}

// -----

// Flash attention's second dot: A is computed (a truncation of the first
// dot's result), so it stays in registers as a dot operand (kWidth 2) while
// B goes to shared memory. The first dot feeds another dot, so its warps are
// all along M; the second's are [4, 2] (64 rows over 8 warps). N per warp
// group: 64 / (8 warps / 4 row blocks of 16) = 32 in both.
// CHECK-DAG: #[[MMA:[a-z0-9_]+]] = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 32, 16]}>
// CHECK-DAG: #[[MMA1:[a-z0-9_]+]] = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 2], instrShape = [16, 32, 16]}>
// CHECK-LABEL: tt.func @v3_register_a
// CHECK: %[[QK:.*]] = ttng.warp_group_dot {{.*}} -> tensor<64x64xf32, #[[MMA]]>
// CHECK: %[[P:.*]] = arith.truncf
// CHECK: %[[PA:.*]] = ttg.convert_layout %{{.*}} : tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #[[MMA1]], kWidth = 2}>>
// CHECK: ttng.warp_group_dot %[[PA]], %{{.*}} : tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #[[MMA1]], kWidth = 2}>> * !ttg.memdesc<64x64xf16, #{{.*}}, #smem> -> tensor<64x64xf32, #[[MMA1]]>
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
#A = #ttg.dot_op<{opIdx = 0, parent = #blocked}>
#B = #ttg.dot_op<{opIdx = 1, parent = #blocked}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @v3_register_a(%q: tensor<64x64xf16, #blocked>, %k: tensor<64x64xf16, #blocked>, %v: tensor<64x64xf16, #blocked>, %c: tensor<64x64xf32, #blocked>) -> tensor<64x64xf32, #blocked> {
    %q1 = ttg.convert_layout %q : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #A>
    %k1 = ttg.convert_layout %k : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #B>
    %qk = tt.dot %q1, %k1, %c, inputPrecision = tf32 : tensor<64x64xf16, #A> * tensor<64x64xf16, #B> -> tensor<64x64xf32, #blocked>
    %p = arith.truncf %qk : tensor<64x64xf32, #blocked> to tensor<64x64xf16, #blocked>
    %p1 = ttg.convert_layout %p : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #A>
    %v1 = ttg.convert_layout %v : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #B>
    %o = tt.dot %p1, %v1, %c, inputPrecision = tf32 : tensor<64x64xf16, #A> * tensor<64x64xf16, #B> -> tensor<64x64xf32, #blocked>
    tt.return %o : tensor<64x64xf32, #blocked>
  }
}

// -----

// mma v2 on sm_90 where wgmma does not apply: M not a multiple of 64,
// neither operand loaded (block arguments count as loaded, and so do
// elementwise ops of them alone; a splatted scalar does not); K under 256
// bits is not even an mma.sync. The dots meet in the function's return, so
// they are one chain: the mma v2 ones share the later one's warps.
// CHECK-DAG: #[[V2B:[a-z0-9_]+]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1]
// CHECK-DAG: #[[V3:[a-z0-9_]+]] = #ttg.nvidia_mma<{versionMajor = 3
// CHECK-LABEL: tt.func @v3_fallbacks
// CHECK: tt.dot {{.*}} -> tensor<32x64xf32, #[[V2B]]>
// CHECK: tt.dot {{.*}} -> tensor<64x64xf32, #blocked>
// CHECK: tt.dot {{.*}} -> tensor<64x64xf32, #[[V2B]]>
// CHECK: ttng.warp_group_dot {{.*}} -> tensor<64x64xf32, #[[V3]]>
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#A = #ttg.dot_op<{opIdx = 0, parent = #blocked}>
#B = #ttg.dot_op<{opIdx = 1, parent = #blocked}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @v3_fallbacks(%a32: tensor<32x64xf16, #A>, %b: tensor<64x64xf16, #B>, %c32: tensor<32x64xf32, #blocked>,
                        %a: tensor<64x64xf16, #blocked>, %bb: tensor<64x64xf16, #blocked>, %c: tensor<64x64xf32, #blocked>,
                        %ak8: tensor<64x8xf16, #A>, %bk8: tensor<8x64xf16, #B>, %s: f16) -> (tensor<32x64xf32, #blocked>, tensor<64x64xf32, #blocked>, tensor<64x64xf32, #blocked>) {
    %small_m = tt.dot %a32, %b, %c32, inputPrecision = tf32 : tensor<32x64xf16, #A> * tensor<64x64xf16, #B> -> tensor<32x64xf32, #blocked>
    // K = 8 halves: not even an mma.sync (K 16), stays on FMAs.
    %small_k = tt.dot %ak8, %bk8, %c, inputPrecision = tf32 : tensor<64x8xf16, #A> * tensor<8x64xf16, #B> -> tensor<64x64xf32, #blocked>
    %ss = tt.splat %s : f16 -> tensor<64x64xf16, #blocked>
    %a2 = arith.addf %a, %ss : tensor<64x64xf16, #blocked>
    %b2 = arith.addf %bb, %ss : tensor<64x64xf16, #blocked>
    %a3 = ttg.convert_layout %a2 : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #A>
    %b3 = ttg.convert_layout %b2 : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #B>
    %computed = tt.dot %a3, %b3, %small_k, inputPrecision = tf32 : tensor<64x64xf16, #A> * tensor<64x64xf16, #B> -> tensor<64x64xf32, #blocked>
    %b4 = ttg.convert_layout %bb : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #B>
    %a4 = ttg.convert_layout %a : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #A>
    %loaded = tt.dot %a4, %b4, %c, inputPrecision = tf32 : tensor<64x64xf16, #A> * tensor<64x64xf16, #B> -> tensor<64x64xf32, #blocked>
    tt.return %small_m, %computed, %loaded : tensor<32x64xf32, #blocked>, tensor<64x64xf32, #blocked>, tensor<64x64xf32, #blocked>
  }
}

// -----

// Two warps are not a warp group.
// CHECK: #[[V2:[a-z0-9_]+]] = #ttg.nvidia_mma<{versionMajor = 2
// CHECK-LABEL: tt.func @v3_two_warps
// CHECK: tt.dot {{.*}} -> tensor<64x64xf32, #[[V2]]>
// CHECK-NOT: ttng.warp_group_dot
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [2, 1], order = [1, 0]}>
#A = #ttg.dot_op<{opIdx = 0, parent = #blocked}>
#B = #ttg.dot_op<{opIdx = 1, parent = #blocked}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @v3_two_warps(%a: tensor<64x64xf16, #A>, %b: tensor<64x64xf16, #B>, %c: tensor<64x64xf32, #blocked>) -> tensor<64x64xf32, #blocked> {
    %d = tt.dot %a, %b, %c, inputPrecision = tf32 : tensor<64x64xf16, #A> * tensor<64x64xf16, #B> -> tensor<64x64xf32, #blocked>
    tt.return %d : tensor<64x64xf32, #blocked>
  }
}

// -----

// tf32x3's split dots (F32DotTC): the high part of each operand is a rounding
// of the loaded value by integer ops against splat masks, the low part the
// remainder. An operand reached from a load through elementwise ops of one
// varying operand counts as loaded for the choice of wgmma, as 3.6 makes
// these wgmmas: A, computed, in registers; B stored to shared memory.
// CHECK-DAG: #[[V3:[a-z0-9_]+]] = #ttg.nvidia_mma<{versionMajor = 3
// CHECK-LABEL: tt.func @v3_through_rounding
// CHECK: %[[BHI:.*]] = ttg.local_alloc %{{.*}} : (tensor<64x64xf32, #blocked>) -> !ttg.memdesc<64x64xf32, #{{.*}}, #smem>
// CHECK: ttng.warp_group_dot %{{.*}}, %[[BHI]], %{{.*}} {{.*}} : tensor<64x64xf32, #ttg.dot_op<{opIdx = 0, parent = #[[V3]], kWidth = 1}>> * !ttg.memdesc<64x64xf32, {{.*}}> -> tensor<64x64xf32, #[[V3]]>
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#A = #ttg.dot_op<{opIdx = 0, parent = #blocked}>
#B = #ttg.dot_op<{opIdx = 1, parent = #blocked}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @v3_through_rounding(%pa: tensor<64x64x!tt.ptr<f32>, #blocked>, %pb: tensor<64x64x!tt.ptr<f32>, #blocked>, %c: tensor<64x64xf32, #blocked>) -> tensor<64x64xf32, #blocked> {
    %half = arith.constant dense<4096> : tensor<64x64xi32, #blocked>
    %mask = arith.constant dense<-8192> : tensor<64x64xi32, #blocked>
    %a = tt.load %pa : tensor<64x64x!tt.ptr<f32>, #blocked>
    %b = tt.load %pb : tensor<64x64x!tt.ptr<f32>, #blocked>
    %ai = tt.bitcast %a : tensor<64x64xf32, #blocked> -> tensor<64x64xi32, #blocked>
    %au = arith.addi %ai, %half : tensor<64x64xi32, #blocked>
    %ak = arith.andi %au, %mask : tensor<64x64xi32, #blocked>
    %ahi = tt.bitcast %ak : tensor<64x64xi32, #blocked> -> tensor<64x64xf32, #blocked>
    %alo = arith.subf %a, %ahi : tensor<64x64xf32, #blocked>
    %bi = tt.bitcast %b : tensor<64x64xf32, #blocked> -> tensor<64x64xi32, #blocked>
    %bu = arith.addi %bi, %half : tensor<64x64xi32, #blocked>
    %bk = arith.andi %bu, %mask : tensor<64x64xi32, #blocked>
    %bhi = tt.bitcast %bk : tensor<64x64xi32, #blocked> -> tensor<64x64xf32, #blocked>
    %a2 = ttg.convert_layout %alo : tensor<64x64xf32, #blocked> -> tensor<64x64xf32, #A>
    %b2 = ttg.convert_layout %bhi : tensor<64x64xf32, #blocked> -> tensor<64x64xf32, #B>
    %d = tt.dot %a2, %b2, %c, inputPrecision = tf32 : tensor<64x64xf32, #A> * tensor<64x64xf32, #B> -> tensor<64x64xf32, #blocked>
    tt.return %d : tensor<64x64xf32, #blocked>
  }
}

// -----

// A lone 16x16 tile: two warps along N cover its two 8-column tiles; with
// one tile each way left, the tie goes to M, as Triton 3.6's rule does (the
// other two warps hold copies). (A 16-row tile chained to a wider dot, as in
// decoding attention, takes that dot's warps, all along N.)
// CHECK: #[[R16:[a-z0-9_]+]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
// CHECK-LABEL: tt.func @sixteen_rows
// CHECK: tt.dot {{.*}} -> tensor<16x16xf32, #[[R16]]>
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#A = #ttg.dot_op<{opIdx = 0, parent = #blocked}>
#B = #ttg.dot_op<{opIdx = 1, parent = #blocked}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @sixteen_rows(%a: tensor<16x128xf16, #A>, %b: tensor<128x16xf16, #B>, %c: tensor<16x16xf32, #blocked>) -> tensor<16x16xf32, #blocked> {
    %d = tt.dot %a, %b, %c, inputPrecision = tf32 : tensor<16x128xf16, #A> * tensor<128x16xf16, #B> -> tensor<16x16xf32, #blocked>
    tt.return %d : tensor<16x16xf32, #blocked>
  }
}

// -----

// An fp64 dot: mma.sync's m16n8k16 DMMA on sm_90 (kWidth 1, one element per
// 64-bit register); sm_80 too (its 8x8x4 DMMA, four to a 16x8 tile), but no
// other GPU, whose fp64 tensor cores are slow: sm_86 keeps FMAs.
// CHECK: #[[F64:[a-z0-9_]+]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
// CHECK-LABEL: tt.func @fp64_sm90
// CHECK: tt.dot {{.*}} : tensor<64x16xf64, #ttg.dot_op<{opIdx = 0, parent = #[[F64]], kWidth = 1}>> * tensor<16x64xf64, #ttg.dot_op<{opIdx = 1, parent = #[[F64]], kWidth = 1}>> -> tensor<64x64xf64, #[[F64]]>
#blocked = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#A = #ttg.dot_op<{opIdx = 0, parent = #blocked}>
#B = #ttg.dot_op<{opIdx = 1, parent = #blocked}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @fp64_sm90(%a: tensor<64x16xf64, #A>, %b: tensor<16x64xf64, #B>, %c: tensor<64x64xf64, #blocked>) -> tensor<64x64xf64, #blocked> {
    %d = tt.dot %a, %b, %c, inputPrecision = ieee : tensor<64x16xf64, #A> * tensor<16x64xf64, #B> -> tensor<64x64xf64, #blocked>
    tt.return %d : tensor<64x64xf64, #blocked>
  }
}

// -----

// CHECK: #[[F64_80:[a-z0-9_]+]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
// CHECK-LABEL: tt.func @fp64_sm80
// CHECK: tt.dot {{.*}} -> tensor<64x64xf64, #[[F64_80]]>
#blocked = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#A = #ttg.dot_op<{opIdx = 0, parent = #blocked}>
#B = #ttg.dot_op<{opIdx = 1, parent = #blocked}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @fp64_sm80(%a: tensor<64x16xf64, #A>, %b: tensor<16x64xf64, #B>, %c: tensor<64x64xf64, #blocked>) -> tensor<64x64xf64, #blocked> {
    %d = tt.dot %a, %b, %c, inputPrecision = ieee : tensor<64x16xf64, #A> * tensor<16x64xf64, #B> -> tensor<64x64xf64, #blocked>
    tt.return %d : tensor<64x64xf64, #blocked>
  }
}

// -----

// CHECK-LABEL: tt.func @fp64_sm86
// CHECK-NOT: nvidia_mma
// CHECK: tt.dot {{.*}} -> tensor<64x64xf64, #blocked>
#blocked = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#A = #ttg.dot_op<{opIdx = 0, parent = #blocked}>
#B = #ttg.dot_op<{opIdx = 1, parent = #blocked}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:86", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @fp64_sm86(%a: tensor<64x16xf64, #A>, %b: tensor<16x64xf64, #B>, %c: tensor<64x64xf64, #blocked>) -> tensor<64x64xf64, #blocked> {
    %d = tt.dot %a, %b, %c, inputPrecision = ieee : tensor<64x16xf64, #A> * tensor<16x64xf64, #B> -> tensor<64x64xf64, #blocked>
    tt.return %d : tensor<64x64xf64, #blocked>
  }
}

// -----

// Two dots joined by a layout conversion are a chain: the later one (32x128,
// wider than tall) puts all 4 warps along N and the earlier takes its layout.
// CHECK: #[[CHAIN:[a-z0-9_]+]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 4], instrShape = [16, 8]}>
// CHECK-LABEL: tt.func @chain_through_conversion
// CHECK: tt.dot {{.*}} -> tensor<32x32xf32, #[[CHAIN]]>
// CHECK: tt.dot {{.*}} -> tensor<32x128xf32, #[[CHAIN]]>
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#A = #ttg.dot_op<{opIdx = 0, parent = #blocked}>
#B = #ttg.dot_op<{opIdx = 1, parent = #blocked}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @chain_through_conversion(%q: tensor<32x64xf16, #A>, %k: tensor<64x32xf16, #B>, %v: tensor<32x128xf16, #B>) -> tensor<32x128xf32, #blocked> {
    %z = arith.constant dense<0.0> : tensor<32x32xf32, #blocked>
    %zo = arith.constant dense<0.0> : tensor<32x128xf32, #blocked>
    %s = tt.dot %q, %k, %z : tensor<32x64xf16, #A> * tensor<64x32xf16, #B> -> tensor<32x32xf32, #blocked>
    %p = arith.truncf %s : tensor<32x32xf32, #blocked> to tensor<32x32xf16, #blocked>
    %pa = ttg.convert_layout %p : tensor<32x32xf16, #blocked> -> tensor<32x32xf16, #A>
    %o = tt.dot %pa, %v, %zo : tensor<32x32xf16, #A> * tensor<32x128xf16, #B> -> tensor<32x128xf32, #blocked>
    tt.return %o : tensor<32x128xf32, #blocked>
  }
}

// -----

// sm_89's mma.sync multiplies 8-bit floats itself: the fp8 operands stay
// (kWidth 4), where sm_80 upcasts them to fp16 (@variants).
// CHECK-LABEL: tt.func @fp8_sm89
// CHECK-NOT: tt.fp_to_fp
// CHECK: tt.dot {{.*}} : tensor<32x32xf8E4M3FN, #ttg.dot_op<{opIdx = 0, parent = #{{.*}}, kWidth = 4}>> * tensor<32x32xf8E5M2, #ttg.dot_op<{opIdx = 1, parent = #{{.*}}, kWidth = 4}>>
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#A = #ttg.dot_op<{opIdx = 0, parent = #blocked}>
#B = #ttg.dot_op<{opIdx = 1, parent = #blocked}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:89", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @fp8_sm89(%a: tensor<32x32xf8E4M3FN, #A>, %b: tensor<32x32xf8E5M2, #B>, %c: tensor<32x32xf32, #blocked>) -> tensor<32x32xf32, #blocked> {
    %d = tt.dot %a, %b, %c : tensor<32x32xf8E4M3FN, #A> * tensor<32x32xf8E5M2, #B> -> tensor<32x32xf32, #blocked>
    tt.return %d : tensor<32x32xf32, #blocked>
  }
}

// -----

// kWidth follows the width the operands were loaded with: B's int8 bytes,
// dequantized to fp16 by a multiply, give 32 / 8 = 4 halves per K step for
// both operands, so B's loads stay 4 bytes wide.
// CHECK-LABEL: tt.func @dequantized_b
// CHECK: tt.dot {{.*}} : tensor<32x64xf16, #ttg.dot_op<{opIdx = 0, parent = #{{.*}}, kWidth = 4}>> * tensor<64x32xf16, #ttg.dot_op<{opIdx = 1, parent = #{{.*}}, kWidth = 4}>>
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#A = #ttg.dot_op<{opIdx = 0, parent = #blocked}>
#B = #ttg.dot_op<{opIdx = 1, parent = #blocked}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @dequantized_b(%a: tensor<32x64xf16, #A>, %q: tensor<64x32x!tt.ptr<i8>, #blocked>, %scale: tensor<64x32xf16, #blocked>, %c: tensor<32x32xf32, #blocked>) -> tensor<32x32xf32, #blocked> {
    %w8 = tt.load %q : tensor<64x32x!tt.ptr<i8>, #blocked>
    %w = arith.sitofp %w8 : tensor<64x32xi8, #blocked> to tensor<64x32xf16, #blocked>
    %ws = arith.mulf %w, %scale : tensor<64x32xf16, #blocked>
    %b = ttg.convert_layout %ws : tensor<64x32xf16, #blocked> -> tensor<64x32xf16, #B>
    %d = tt.dot %a, %b, %c : tensor<32x64xf16, #A> * tensor<64x32xf16, #B> -> tensor<32x32xf32, #blocked>
    tt.return %d : tensor<32x32xf32, #blocked>
  }
}

// -----

// Below sm_80 every dot is FMAs, computed in the accumulator's type: fp16
// operands are extended to fp32 first, fp8 ones through tt.fp_to_fp.
// CHECK-LABEL: tt.func @fma_sm75
// CHECK-NOT: nvidia_mma
// CHECK: %[[A:.*]] = arith.extf %arg0 : tensor<32x16xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> to tensor<32x16xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
// CHECK: %[[B:.*]] = arith.extf %arg1
// CHECK: %[[D:.*]] = tt.dot %[[A]], %[[B]], %arg4
// CHECK: %[[FA:.*]] = tt.fp_to_fp %arg2 : tensor<32x16xf8E4M3FN, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> -> tensor<32x16xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
// CHECK: %[[FB:.*]] = tt.fp_to_fp %arg3
// CHECK: tt.dot %[[FA]], %[[FB]], %[[D]]
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#A = #ttg.dot_op<{opIdx = 0, parent = #blocked}>
#B = #ttg.dot_op<{opIdx = 1, parent = #blocked}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:75", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @fma_sm75(%a: tensor<32x16xf16, #A>, %b: tensor<16x32xf16, #B>, %fa: tensor<32x16xf8E4M3FN, #A>, %fb: tensor<16x32xf8E4M3FN, #B>, %c: tensor<32x32xf32, #blocked>) -> tensor<32x32xf32, #blocked> {
    %d = tt.dot %a, %b, %c : tensor<32x16xf16, #A> * tensor<16x32xf16, #B> -> tensor<32x32xf32, #blocked>
    %e = tt.dot %fa, %fb, %d : tensor<32x16xf8E4M3FN, #A> * tensor<16x32xf8E4M3FN, #B> -> tensor<32x32xf32, #blocked>
    tt.return %e : tensor<32x32xf32, #blocked>
  }
}
