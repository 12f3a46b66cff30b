// The shared memory a program may use is the target's: a module asking for
// more is refused where it is lowered, naming the limit, instead of failing at
// launch. Diagnostics only (stderr), in the order of the cases:
// RUN: not triton-opt %s -split-input-file -convert-triton-gpu-to-llvm='compute-capability=90' 2>&1 >/dev/null | FileCheck %s --check-prefix=SM90
// RUN: not triton-opt %s -split-input-file -convert-triton-gpu-to-llvm='compute-capability=80' 2>&1 >/dev/null | FileCheck %s --check-prefix=SM80
// RUN: not triton-opt %s -split-input-file -convert-triton-amdgpu-to-llvm='gfx-arch=gfx942' 2>&1 >/dev/null | FileCheck %s --check-prefix=GFX942
// The modules within the limit lower:
// RUN: not triton-opt %s -split-input-file -convert-triton-gpu-to-llvm='compute-capability=90' 2>/dev/null | FileCheck %s --check-prefix=LOWERED90
// RUN: not triton-opt %s -split-input-file -convert-triton-amdgpu-to-llvm='gfx-arch=gfx942' 2>/dev/null | FileCheck %s --check-prefix=LOWERED942

// Exactly sm_90's 227 KiB: lowers on sm_90, too much for sm_80 and gfx942.
// SM80: error: out of resource: shared memory, required 232448 bytes, the sm_80 limit per block is 166912
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
// GFX942-NOT: error
// LOWERED90: llvm.func @fits_everywhere
// LOWERED942: llvm.func @fits_everywhere
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.shared = 65536 : i32} {
  tt.func public @fits_everywhere() {
    tt.return
  }
}
