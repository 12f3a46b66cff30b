// RUN: triton-opt %s -canonicalize | FileCheck %s
//
// reshape(reshape(x)) merges into one reshape that keeps the outer one's
// efficient_layout and may reorder if either did. The pattern read the outer
// op's efficient_layout after replacing (erasing) it: a heap-use-after-free
// that AddressSanitizer reported in make check-sanitize (2026-12-02).

// CHECK-LABEL: tt.func @merged_keeps_efficient_layout
tt.func @merged_keeps_efficient_layout(%x: tensor<2x4x8xf32>) -> tensor<64xf32> {
  // CHECK: %[[R:.*]] = tt.reshape %arg0 allow_reorder efficient_layout : tensor<2x4x8xf32> -> tensor<64xf32>
  // CHECK-NEXT: tt.return %[[R]]
  %0 = tt.reshape %x allow_reorder : tensor<2x4x8xf32> -> tensor<8x8xf32>
  %1 = tt.reshape %0 efficient_layout : tensor<8x8xf32> -> tensor<64xf32>
  tt.return %1 : tensor<64xf32>
}

// CHECK-LABEL: tt.func @merged_without_efficient_layout
tt.func @merged_without_efficient_layout(%x: tensor<2x4x8xf32>) -> tensor<64xf32> {
  // CHECK: tt.reshape %arg0 : tensor<2x4x8xf32> -> tensor<64xf32>
  %0 = tt.reshape %x efficient_layout : tensor<2x4x8xf32> -> tensor<8x8xf32>
  %1 = tt.reshape %0 : tensor<8x8xf32> -> tensor<64xf32>
  tt.return %1 : tensor<64xf32>
}
