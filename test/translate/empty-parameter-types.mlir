// RUN: not triton-translate --mlir-to-ptx %s -split-input-file 2>&1 | FileCheck %s
// RUN: not triton-translate --mlir-to-amdgcn --arch=gfx942 %s -split-input-file 2>&1 | FileCheck %s

// A function parameter or result of no bits (i0, an empty struct or array)
// stops NVPTX's argument lowering with a fatal error and crashes AMDGPU's
// (fuzz-translate: `%p: i0`): a diagnostic at the function instead.

module {
  // CHECK: :10:3: error: function 'zero_width' has a parameter of type 'i0' (no bits), which code generation does not support
  llvm.func @zero_width(%d: i64, %p: i0) {
    llvm.return
  }
}

// -----

module {
  // CHECK: :5:3: error: function 'empty_struct' has a parameter of type '!llvm.struct<()>' (no bits), which code generation does not support
  llvm.func @empty_struct(%p: !llvm.struct<()>) {
    llvm.return
  }
}

// -----

module {
  // CHECK: :5:3: error: function 'empty_result' has a result of type '!llvm.array<0 x i32>' (no bits), which code generation does not support
  llvm.func @empty_result() -> !llvm.array<0 x i32> {
    %u = llvm.mlir.undef : !llvm.array<0 x i32>
    llvm.return %u : !llvm.array<0 x i32>
  }
}
