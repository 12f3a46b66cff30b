// RUN: triton-opt %s -split-input-file -triton-decompose-dot-scaled | FileCheck %s
// RUN: triton-opt %s -split-input-file -triton-decompose-dot-scaled=transpose-scaled-b | FileCheck %s --check-prefix=SWAP

// bf16 activations times mxfp4 weights: the weights' nibbles become bf16
// (low nibble first along K: join, then the pair index moved next to K and
// merged into it), the E8M0 scales bf16 powers of two spread over groups of
// 32 along K and transposed to [K, N], and a plain bf16 dot takes both.
// CHECK-LABEL: tt.func @bf16_x_mxfp4
// CHECK-NOT: tt.dot_scaled
// CHECK-DAG: %[[LOW:.*]] = arith.andi %arg1, %{{.*}} : tensor<16x32xi8>
// CHECK-DAG: %[[SHIFTED:.*]] = arith.shrui %arg1, %{{.*}} : tensor<16x32xi8>
// CHECK: tt.bitcast %{{.*}} : tensor<16x32xi16> -> tensor<16x32xbf16>
// CHECK: %[[J:.*]] = tt.join %[[LO:.*]], %[[HI:.*]] : tensor<16x32xbf16> -> tensor<16x32x2xbf16>
// CHECK: %[[T:.*]] = tt.trans %[[J]] {order = array<i32: 0, 2, 1>} : tensor<16x32x2xbf16> -> tensor<16x2x32xbf16>
// CHECK: %[[W:.*]] = tt.reshape %[[T]] : tensor<16x2x32xbf16> -> tensor<32x32xbf16>
// CHECK: %[[S16:.*]] = arith.extui %arg2 : tensor<32x1xi8> to tensor<32x1xi16>
// CHECK: %[[E:.*]] = arith.shli %[[S16]], %{{.*}} : tensor<32x1xi16>
// CHECK: arith.select %{{.*}}, %cst{{.*}}, %[[E]]
// CHECK: %[[F:.*]] = tt.bitcast %{{.*}} : tensor<32x1xi16> -> tensor<32x1xbf16>
// CHECK: %[[X:.*]] = tt.expand_dims %[[F]] {axis = 2 : i32} : tensor<32x1xbf16> -> tensor<32x1x1xbf16>
// CHECK: %[[B:.*]] = tt.broadcast %[[X]] : tensor<32x1x1xbf16> -> tensor<32x1x32xbf16>
// CHECK: %[[R:.*]] = tt.reshape %[[B]] : tensor<32x1x32xbf16> -> tensor<32x32xbf16>
// CHECK: %[[ST:.*]] = tt.trans %[[R]] {order = array<i32: 1, 0>} : tensor<32x32xbf16> -> tensor<32x32xbf16>
// CHECK: %[[SCALED:.*]] = arith.mulf %[[W]], %[[ST]] : tensor<32x32xbf16>
// CHECK: %[[D:.*]] = tt.dot %arg0, %[[SCALED]], %arg3 : tensor<16x32xbf16> * tensor<32x32xbf16> -> tensor<16x32xf32>
// CHECK: tt.return %[[D]]
// transpose-scaled-b: scaled on b alone, the product is computed as
// (w^T a^T)^T. The packed weights are transposed as bytes ([K/2, N] ->
// [N, K/2]) and unpacked along their last dimension (now K), the scales
// spread along K untransposed, the activations transposed to the dot's b,
// the accumulator in and the result out transposed. Scales on both operands
// (or on a) keep the order (first case: no transposes of a or the result).
// SWAP-LABEL: tt.func @bf16_x_mxfp4
// SWAP-DAG: %[[WT:.*]] = tt.trans %arg1 {order = array<i32: 1, 0>} : tensor<16x32xi8> -> tensor<32x16xi8>
// SWAP-DAG: %[[AT:.*]] = tt.trans %arg0 {order = array<i32: 1, 0>} : tensor<16x32xbf16> -> tensor<32x16xbf16>
// SWAP-DAG: %[[CT:.*]] = tt.trans %arg3 {order = array<i32: 1, 0>} : tensor<16x32xf32> -> tensor<32x16xf32>
// SWAP: arith.andi %[[WT]], %{{.*}} : tensor<32x16xi8>
// SWAP: %[[J:.*]] = tt.join %{{.*}}, %{{.*}} : tensor<32x16xbf16> -> tensor<32x16x2xbf16>
// SWAP: %[[W:.*]] = tt.reshape %[[J]] : tensor<32x16x2xbf16> -> tensor<32x32xbf16>
// SWAP: %[[R:.*]] = tt.reshape %{{.*}} : tensor<32x1x32xbf16> -> tensor<32x32xbf16>
// SWAP-NOT: tt.trans
// SWAP: %[[SCALED:.*]] = arith.mulf %[[W]], %[[R]] : tensor<32x32xbf16>
// SWAP: %[[D:.*]] = tt.dot %[[SCALED]], %[[AT]], %[[CT]] : tensor<32x32xbf16> * tensor<32x16xbf16> -> tensor<32x16xf32>
// SWAP: %[[DT:.*]] = tt.trans %[[D]] {order = array<i32: 1, 0>} : tensor<32x16xf32> -> tensor<16x32xf32>
// SWAP: tt.return %[[DT]]
tt.func @bf16_x_mxfp4(%a: tensor<16x32xbf16>, %w: tensor<16x32xi8>, %ws: tensor<32x1xi8>, %c: tensor<16x32xf32>) -> tensor<16x32xf32> {
  %d = tt.dot_scaled %a, %w scale %ws, %c lhs = bf16 rhs = e2m1 {fastMath = false} : tensor<16x32xbf16> * tensor<16x32xi8>, tensor<32x1xi8> -> tensor<16x32xf32>
  tt.return %d : tensor<16x32xf32>
}

// -----

// Two mxfp8 operands (a's bits given as i8): fp_to_fp to bf16, each times
// its own scale (a's not transposed), the scale 0 mapped to bf16's 2^-127
// (0x0040) and 255 to NaN (0x7FC0).
// CHECK-LABEL: tt.func @mxfp8
// CHECK: %[[A8:.*]] = tt.bitcast %arg0 : tensor<32x64xi8> -> tensor<32x64xf8E4M3FN>
// CHECK: %[[A:.*]] = tt.fp_to_fp %[[A8]] : tensor<32x64xf8E4M3FN> -> tensor<32x64xbf16>
// CHECK-DAG: arith.constant dense<64> : tensor<32x2xi16>
// CHECK-DAG: arith.constant dense<32704> : tensor<32x2xi16>
// CHECK: tt.reshape %{{.*}} : tensor<32x2x32xbf16> -> tensor<32x64xbf16>
// CHECK-NEXT: %[[AS:.*]] = arith.mulf %[[A]], %{{.*}} : tensor<32x64xbf16>
// CHECK: %[[B:.*]] = tt.fp_to_fp %arg2 : tensor<64x16xf8E5M2> -> tensor<64x16xbf16>
// CHECK: tt.trans %{{.*}} {order = array<i32: 1, 0>} : tensor<16x64xbf16> -> tensor<64x16xbf16>
// CHECK-NEXT: %[[BS:.*]] = arith.mulf %[[B]], %{{.*}} : tensor<64x16xbf16>
// CHECK: tt.dot %[[AS]], %[[BS]], %arg4 : tensor<32x64xbf16> * tensor<64x16xbf16> -> tensor<32x16xf32>
// Both operands scaled: the order stays with transpose-scaled-b.
// SWAP-LABEL: tt.func @mxfp8
// SWAP: tt.dot %{{.*}}, %{{.*}}, %arg4 : tensor<32x64xbf16> * tensor<64x16xbf16> -> tensor<32x16xf32>
// SWAP-NOT: tt.trans
// SWAP: tt.return
tt.func @mxfp8(%a: tensor<32x64xi8>, %as: tensor<32x2xi8>, %b: tensor<64x16xf8E5M2>, %bs: tensor<16x2xi8>, %c: tensor<32x16xf32>) -> tensor<32x16xf32> {
  %d = tt.dot_scaled %a scale %as, %b scale %bs, %c lhs = e4m3 rhs = e5m2 {fastMath = false} : tensor<32x64xi8>, tensor<32x2xi8> * tensor<64x16xf8E5M2>, tensor<16x2xi8> -> tensor<32x16xf32>
  tt.return %d : tensor<32x16xf32>
}

// -----

// With an f16 operand the dot is f16; the fp4 side is decoded and scaled in
// f32 (f16 lacks the exponent range of 2^(s-127)) and rounded to f16. Its
// bytes are packed along N here (rhs_k_pack = false): no transpose before
// the reshape.
// CHECK-LABEL: tt.func @f16_x_fp4_packed_along_n
// Transposed (transpose-scaled-b), the bytes [K, N/2] become [N/2, K], still
// packed along N, now their first dimension: the pair index moves next to it.
// SWAP-LABEL: tt.func @f16_x_fp4_packed_along_n
// SWAP: tt.trans %arg1 {order = array<i32: 1, 0>} : tensor<32x8xi8> -> tensor<8x32xi8>
// SWAP: %[[J:.*]] = tt.join %{{.*}}, %{{.*}} : tensor<8x32xbf16> -> tensor<8x32x2xbf16>
// SWAP: tt.trans %[[J]] {order = array<i32: 0, 2, 1>} : tensor<8x32x2xbf16> -> tensor<8x2x32xbf16>
// SWAP: tt.reshape %{{.*}} : tensor<8x2x32xbf16> -> tensor<16x32xbf16>
// SWAP: %[[D:.*]] = tt.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<16x32xf16> * tensor<32x16xf16> -> tensor<16x16xf32>
// SWAP: tt.trans %[[D]] {order = array<i32: 1, 0>} : tensor<16x16xf32> -> tensor<16x16xf32>
// CHECK: %[[J:.*]] = tt.join %{{.*}}, %{{.*}} : tensor<32x8xbf16> -> tensor<32x8x2xbf16>
// CHECK-NEXT: %[[W:.*]] = tt.reshape %[[J]] : tensor<32x8x2xbf16> -> tensor<32x16xbf16>
// CHECK-NEXT: %[[W32:.*]] = arith.extf %[[W]] : tensor<32x16xbf16> to tensor<32x16xf32>
// CHECK: arith.constant dense<4194304> : tensor<16x1xi32>
// CHECK: %[[M:.*]] = arith.mulf %[[W32]], %{{.*}} : tensor<32x16xf32>
// CHECK-NEXT: %[[W16:.*]] = arith.truncf %[[M]] : tensor<32x16xf32> to tensor<32x16xf16>
// CHECK-NEXT: tt.dot %arg0, %[[W16]], %arg3 : tensor<16x32xf16> * tensor<32x16xf16> -> tensor<16x16xf32>
tt.func @f16_x_fp4_packed_along_n(%a: tensor<16x32xf16>, %w: tensor<32x8xi8>, %ws: tensor<16x1xi8>, %c: tensor<16x16xf32>) -> tensor<16x16xf32> {
  %d = tt.dot_scaled %a, %w scale %ws, %c lhs = fp16 rhs = e2m1 {fastMath = false, rhs_k_pack = false} : tensor<16x32xf16> * tensor<32x8xi8>, tensor<16x1xi8> -> tensor<16x16xf32>
  tt.return %d : tensor<16x16xf32>
}


// -----

// Batched (3-D): the same decomposition batch by batch. The fp4 bytes are
// unpacked along their last dimension (K of a), the scales [batch, M, K/32]
// spread along K, and b's scales [batch, N, K/32] spread and transposed in
// their last two dimensions to [batch, K, N]. With transpose-scaled-b a dot
// scaled on both operands keeps its order.
// CHECK-LABEL: tt.func @batched_mxfp4_x_bf16
// CHECK: %[[J:.*]] = tt.join %{{.*}}, %{{.*}} : tensor<2x16x16xbf16> -> tensor<2x16x16x2xbf16>
// CHECK-NEXT: %[[A:.*]] = tt.reshape %[[J]] : tensor<2x16x16x2xbf16> -> tensor<2x16x32xbf16>
// CHECK: tt.expand_dims %{{.*}} {axis = 3 : i32} : tensor<2x16x1xbf16> -> tensor<2x16x1x1xbf16>
// CHECK: tt.broadcast %{{.*}} : tensor<2x16x1x1xbf16> -> tensor<2x16x1x32xbf16>
// CHECK: %[[AS:.*]] = tt.reshape %{{.*}} : tensor<2x16x1x32xbf16> -> tensor<2x16x32xbf16>
// CHECK: %[[AX:.*]] = arith.mulf %[[A]], %[[AS]] : tensor<2x16x32xbf16>
// CHECK: tt.reshape %{{.*}} : tensor<2x8x1x32xbf16> -> tensor<2x8x32xbf16>
// CHECK: %[[BS:.*]] = tt.trans %{{.*}} {order = array<i32: 0, 2, 1>} : tensor<2x8x32xbf16> -> tensor<2x32x8xbf16>
// CHECK: %[[BX:.*]] = arith.mulf %arg2, %[[BS]] : tensor<2x32x8xbf16>
// CHECK: tt.dot %[[AX]], %[[BX]], %arg4 : tensor<2x16x32xbf16> * tensor<2x32x8xbf16> -> tensor<2x16x8xf32>
// SWAP-LABEL: tt.func @batched_mxfp4_x_bf16
// SWAP: tt.dot %{{.*}}, %{{.*}}, %arg4 : tensor<2x16x32xbf16> * tensor<2x32x8xbf16> -> tensor<2x16x8xf32>
tt.func @batched_mxfp4_x_bf16(%a: tensor<2x16x16xi8>, %as: tensor<2x16x1xi8>, %b: tensor<2x32x8xbf16>, %bs: tensor<2x8x1xi8>, %c: tensor<2x16x8xf32>) -> tensor<2x16x8xf32> {
  %d = tt.dot_scaled %a scale %as, %b scale %bs, %c lhs = e2m1 rhs = bf16 {fastMath = false} : tensor<2x16x16xi8>, tensor<2x16x1xi8> * tensor<2x32x8xbf16>, tensor<2x8x1xi8> -> tensor<2x16x8xf32>
  tt.return %d : tensor<2x16x8xf32>
}

// -----

// Batched and scaled on b alone, with transpose-scaled-b: the last two
// dimensions of each operand, of the accumulator and of the result swap.
// SWAP-LABEL: tt.func @batched_bf16_x_mxfp4
// SWAP-DAG: tt.trans %arg1 {order = array<i32: 0, 2, 1>} : tensor<2x16x8xi8> -> tensor<2x8x16xi8>
// SWAP-DAG: tt.trans %arg0 {order = array<i32: 0, 2, 1>} : tensor<2x16x32xbf16> -> tensor<2x32x16xbf16>
// SWAP-DAG: tt.trans %arg3 {order = array<i32: 0, 2, 1>} : tensor<2x16x8xf32> -> tensor<2x8x16xf32>
// SWAP: %[[D:.*]] = tt.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<2x8x32xbf16> * tensor<2x32x16xbf16> -> tensor<2x8x16xf32>
// SWAP: tt.trans %[[D]] {order = array<i32: 0, 2, 1>} : tensor<2x8x16xf32> -> tensor<2x16x8xf32>
tt.func @batched_bf16_x_mxfp4(%a: tensor<2x16x32xbf16>, %w: tensor<2x16x8xi8>, %ws: tensor<2x8x1xi8>, %c: tensor<2x16x8xf32>) -> tensor<2x16x8xf32> {
  %d = tt.dot_scaled %a, %w scale %ws, %c lhs = bf16 rhs = e2m1 {fastMath = false} : tensor<2x16x32xbf16> * tensor<2x16x8xi8>, tensor<2x8x1xi8> -> tensor<2x16x8xf32>
  tt.return %d : tensor<2x16x8xf32>
}

// -----

// NVFP4: e4m3 scales, one per 16 of K, are the factors themselves (fp_to_fp
// to bf16), spread over their 16 and multiplied in; no E8M0 arithmetic.
// CHECK-LABEL: tt.func @nvfp4
// CHECK: %[[F:.*]] = tt.fp_to_fp %arg1 : tensor<16x4xf8E4M3FN> -> tensor<16x4xbf16>
// CHECK-NOT: arith.shli {{.*}} : tensor<16x4xi16>
// CHECK: %[[X:.*]] = tt.expand_dims %[[F]] {axis = 2 : i32} : tensor<16x4xbf16> -> tensor<16x4x1xbf16>
// CHECK: %[[B:.*]] = tt.broadcast %[[X]] : tensor<16x4x1xbf16> -> tensor<16x4x16xbf16>
// CHECK: %[[R:.*]] = tt.reshape %[[B]] : tensor<16x4x16xbf16> -> tensor<16x64xbf16>
// CHECK: arith.mulf %{{.*}}, %[[R]] : tensor<16x64xbf16>
// CHECK: tt.fp_to_fp %arg3 : tensor<16x4xf8E4M3FN> -> tensor<16x4xbf16>
// CHECK: tt.dot %{{.*}}, %{{.*}}, %arg4 : tensor<16x64xbf16> * tensor<64x16xbf16> -> tensor<16x16xf32>
tt.func @nvfp4(%a: tensor<16x32xi8>, %as: tensor<16x4xf8E4M3FN>, %b: tensor<32x16xi8>, %bs: tensor<16x4xf8E4M3FN>, %c: tensor<16x16xf32>) -> tensor<16x16xf32> {
  %d = tt.dot_scaled %a scale %as, %b scale %bs, %c lhs = e2m1 rhs = e2m1 {fastMath = false} : tensor<16x32xi8>, tensor<16x4xf8E4M3FN> * tensor<32x16xi8>, tensor<16x4xf8E4M3FN> -> tensor<16x16xf32>
  tt.return %d : tensor<16x16xf32>
}
