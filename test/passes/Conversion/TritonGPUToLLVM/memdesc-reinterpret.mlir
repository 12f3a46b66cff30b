// RUN: triton-opt %s -convert-triton-gpu-to-llvm | FileCheck %s

// ttg.memdesc_reinterpret: the same bytes as a buffer of another type,
// shape and encoding. The base moves to the source view's first element
// (its offset within the allocation, in source elements) and the result is
// a whole buffer (zero coordinate offsets).
#plain = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#other = #ttg.swizzled_shared<{vec = 2, perPhase = 2, maxPhase = 1, order = [2, 1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func internal @whole
  // CHECK: %[[BASE:.+]] = llvm.extractvalue %arg0[0] : !llvm.struct<(ptr<3>, i32, i32)>
  // CHECK: %[[ZERO:.+]] = llvm.mlir.constant(0 : i32) : i32
  // CHECK: %[[PTR:.+]] = llvm.getelementptr %[[BASE]][%[[ZERO]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i64
  // CHECK: llvm.insertvalue %[[PTR]], %{{.+}}[0] : !llvm.struct<(ptr<3>, i32, i32, i32)>
  tt.func private @whole(%m: !ttg.memdesc<4x64xi64, #plain, #smem, mutable>) -> !ttg.memdesc<4x8x16xi32, #other, #smem, mutable> {
    %r = ttg.memdesc_reinterpret %m : !ttg.memdesc<4x64xi64, #plain, #smem, mutable> -> !ttg.memdesc<4x8x16xi32, #other, #smem, mutable>
    tt.return %r : !ttg.memdesc<4x8x16xi32, #other, #smem, mutable>
  }

  // A view of rows 4k..4k+3 of a 16x64 buffer: the row offset's bits above
  // the view's own rows pick 256-element blocks.
  // CHECK-LABEL: llvm.func internal @view
  // CHECK: %[[BASE:.+]] = llvm.extractvalue %arg0[0]
  // CHECK: %[[ROW:.+]] = llvm.extractvalue %arg0[1]
  // CHECK: llvm.lshr %[[ROW]]
  // CHECK: %[[OFF:.+]] = llvm.xor
  // CHECK: %[[PTR:.+]] = llvm.getelementptr %[[BASE]][%[[OFF]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i64
  // CHECK: llvm.insertvalue %[[PTR]], %{{.+}}[0] : !llvm.struct<(ptr<3>, i32, i32, i32)>
  tt.func private @view(%m: !ttg.memdesc<4x64xi64, #plain, #smem, mutable, 16x64>) -> !ttg.memdesc<4x8x16xi32, #other, #smem, mutable> {
    %r = ttg.memdesc_reinterpret %m : !ttg.memdesc<4x64xi64, #plain, #smem, mutable, 16x64> -> !ttg.memdesc<4x8x16xi32, #other, #smem, mutable>
    tt.return %r : !ttg.memdesc<4x8x16xi32, #other, #smem, mutable>
  }
}
