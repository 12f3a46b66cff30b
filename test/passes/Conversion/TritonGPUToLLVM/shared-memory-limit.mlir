// The shared memory a program may use is the target's: a module asking for
// more is refused where it is lowered, naming the limit, instead of failing at
// launch.
// RUN: triton-opt %s -split-input-file -convert-triton-gpu-to-llvm='compute-capability=90' -verify-diagnostics
// RUN: not triton-opt %s -split-input-file -convert-triton-gpu-to-llvm='compute-capability=80' 2>&1 | FileCheck %s --check-prefix=SM80
// RUN: not triton-opt %s -split-input-file -convert-triton-amdgpu-to-llvm='gfx-arch=gfx942' 2>&1 | FileCheck %s --check-prefix=GFX942

// Exactly sm_90's 227 KiB: lowers on sm_90, too much for sm_80 and gfx942.
// SM80: error: out of resource: shared memory, required 232448 bytes, the sm_80 limit per block is 166912
// GFX942: error: out of resource: shared memory, required 232448 bytes, the gfx942 limit per block is 65536
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.shared = 232448 : i32} {
  tt.func public @at_sm90_limit() {
    tt.return
  }
}

// -----

// SM80: error: out of resource: shared memory, required 232449 bytes, the sm_80 limit per block is 166912
// GFX942: error: out of resource: shared memory, required 232449 bytes, the gfx942 limit per block is 65536
// expected-error @+1 {{out of resource: shared memory, required 232449 bytes, the sm_90 limit per block is 232448}}
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.shared = 232449 : i32} {
  tt.func public @over_sm90_limit() {
    tt.return
  }
}

// -----

// 64 KiB fits every target.
// SM80-NOT: limit per block
// GFX942-NOT: limit per block
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.shared = 65536 : i32} {
  tt.func public @fits_everywhere() {
    tt.return
  }
}
