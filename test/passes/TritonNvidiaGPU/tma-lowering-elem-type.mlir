// RUN: triton-opt %s -triton-nvidia-tma-lowering | FileCheck %s

// ttng.tensormap_create numbers element types as PTX's tensormap.replace
// does (Triton 3.6's numbering, also its launch metadata's): bf16 is 10,
// f64 9, where the driver's CUtensorMapDataType has 9 and 8.
// CHECK-LABEL: tt.func public @make_bf16
// CHECK: ttng.tensormap_create {{.*}} {elem_type = 10 : i32,
// CHECK-LABEL: tt.func public @make_f64
// CHECK: ttng.tensormap_create {{.*}} {elem_type = 9 : i32,
// CHECK-LABEL: tt.func public @make_i32
// CHECK: ttng.tensormap_create {{.*}} {elem_type = 3 : i32,
#bf16 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#f64 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 64}>
#i32 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @make_bf16(%p: !tt.ptr<bf16>, %m: i32, %n: i32, %s: i64) -> !tt.tensordesc<tensor<64x64xbf16, #bf16>> {
    %c1 = arith.constant 1 : i64
    %d = tt.make_tensor_descriptor %p, [%m, %n], [%s, %c1] : <bf16>, <tensor<64x64xbf16, #bf16>>
    tt.return %d : !tt.tensordesc<tensor<64x64xbf16, #bf16>>
  }
  tt.func public @make_f64(%p: !tt.ptr<f64>, %m: i32, %n: i32, %s: i64) -> !tt.tensordesc<tensor<16x16xf64, #f64>> {
    %c1 = arith.constant 1 : i64
    %d = tt.make_tensor_descriptor %p, [%m, %n], [%s, %c1] : <f64>, <tensor<16x16xf64, #f64>>
    tt.return %d : !tt.tensordesc<tensor<16x16xf64, #f64>>
  }
  tt.func public @make_i32(%p: !tt.ptr<i32>, %m: i32, %n: i32, %s: i64) -> !tt.tensordesc<tensor<32x32xi32, #i32>> {
    %c1 = arith.constant 1 : i64
    %d = tt.make_tensor_descriptor %p, [%m, %n], [%s, %c1] : <i32>, <tensor<32x32xi32, #i32>>
    tt.return %d : !tt.tensordesc<tensor<32x32xi32, #i32>>
  }
}
