// The shared memory a program may use is the GPU's. The NVIDIA lowering
// takes any amount (as Triton 3.6's does); the translation to PTX for a GPU
// refuses a module asking for more than it has, naming the limit, instead of
// a kernel that fails at launch. The AMD lowering refuses it itself.
// Diagnostics only (stderr), in the order of the cases:
// RUN: triton-opt %s -split-input-file -convert-triton-gpu-to-llvm='compute-capability=90' -o %t.mlir
// RUN: not triton-translate --mlir-to-ptx --arch=sm_90a -split-input-file %t.mlir 2>&1 >/dev/null | FileCheck %s --check-prefix=SM90
// RUN: not triton-translate --mlir-to-ptx --arch=sm_80 -split-input-file %t.mlir 2>&1 >/dev/null | FileCheck %s --check-prefix=SM80
// RUN: not triton-translate --mlir-to-ptx --arch=sm_89 -split-input-file %t.mlir 2>&1 >/dev/null | FileCheck %s --check-prefix=SM89
// RUN: not triton-opt %s -split-input-file -convert-triton-amdgpu-to-llvm='gfx-arch=gfx942' 2>&1 >/dev/null | FileCheck %s --check-prefix=GFX942
// Every module lowers for NVIDIA; within gfx942's limit for AMD:
// RUN: FileCheck %s --input-file=%t.mlir --check-prefix=LOWERED90
// RUN: not triton-opt %s -split-input-file -convert-triton-amdgpu-to-llvm='gfx-arch=gfx942' 2>/dev/null | FileCheck %s --check-prefix=LOWERED942

// Exactly sm_90's 227 KiB: fits sm_90, too much for sm_80, sm_89 and gfx942.
// SM80: error: out of resource: shared memory, required 232448 bytes, the sm_80 limit per block is 166912
// SM89: error: out of resource: shared memory, required 232448 bytes, the sm_89 limit per block is 101376
// GFX942: error: out of resource: shared memory, required 232448 bytes, the gfx942 limit per block is 65536
// LOWERED90: llvm.func @at_sm90_limit
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.shared = 232448 : i32} {
  tt.func public @at_sm90_limit() {
    tt.return
  }
}

// -----

// One byte more than sm_90 allows.
// SM90: error: out of resource: shared memory, required 232449 bytes, the sm_90 limit per block is 232448
// SM80: error: out of resource: shared memory, required 232449 bytes, the sm_80 limit per block is 166912
// SM89: error: out of resource: shared memory, required 232449 bytes, the sm_89 limit per block is 101376
// LOWERED90: llvm.func @over_sm90_limit
// GFX942: error: out of resource: shared memory, required 232449 bytes, the gfx942 limit per block is 65536
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.shared = 232449 : i32} {
  tt.func public @over_sm90_limit() {
    tt.return
  }
}

// -----

// 64 KiB fits every target.
// SM90-NOT: error
// SM80-NOT: error
// SM89-NOT: error
// GFX942-NOT: error
// LOWERED90: llvm.func @fits_everywhere
// LOWERED942: llvm.func @fits_everywhere
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.shared = 65536 : i32} {
  tt.func public @fits_everywhere() {
    tt.return
  }
}
