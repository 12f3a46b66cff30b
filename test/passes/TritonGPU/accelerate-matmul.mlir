// RUN: triton-opt %s -split-input-file -tritongpu-accelerate-matmul | FileCheck %s
// RUN: triton-opt %s -split-input-file -tritongpu-accelerate-matmul -tritongpu-remove-layout-conversions | FileCheck %s --check-prefix=CLEAN

// A lone fp16 dot: mma v2, warps balancing the 16x8 repetitions (64x64 over 4
// warps: M 4, N 8 -> [2, 2]), operands as dot operands with kWidth 2.
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
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
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
