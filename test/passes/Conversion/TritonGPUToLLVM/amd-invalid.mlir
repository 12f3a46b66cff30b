// RUN: not triton-opt %s -split-input-file -convert-triton-amdgpu-to-llvm 2>&1 | FileCheck %s
// RUN: not triton-opt %s -split-input-file -convert-triton-amdgpu-to-llvm='gfx-arch=gfx1100' 2>&1 | FileCheck %s --check-prefix=ARCH

// ARCH: error: AMD GPU 'gfx1100' is not supported yet by the LLVM lowering: expected gfx942 or gfx90a

// CHECK: error: no AMD GPU to lower for: give gfx-arch, or a module ttg.target of the form hip:gfx942
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
}

// -----

// CHECK: error: the module has no ttg.num-warps: lower TTIR to TTGIR first
module attributes {ttg.target = "hip:gfx942"} {
  tt.func @ttir(%x: i32) {
    tt.return
  }
}

// -----

// Layouts for 32-lane warps on a 64-thread wave: math on each thread's own
// registers lowers (amd-elementwise.mlir); an op placing elements on lanes
// does not.
// CHECK: amd-invalid.mlir:[[# @LINE + 4]]:10: error: ttg.threads-per-warp = 32 on gfx942: its waves have 64 threads; lowering an op that maps elements to lanes is not supported yet for it
#blocked32 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @f() -> tensor<128xi32, #blocked32> {
    %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked32>
    tt.return %r : tensor<128xi32, #blocked32>
  }
}

// -----

// CHECK: error: lowering a module with ttg.num-ctas > 1 (CTA clusters) is not supported yet
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
}

// -----

// Inline assembly packing more elements than a thread holds; NVIDIA's
// libdevice has no AMD build.
// CHECK: amd-invalid.mlir:[[# @LINE + 4]]:10: error: tt.elementwise_inline_asm with packed_element = 2 on a layout of 1 elements per thread is not supported yet by the LLVM lowering
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [64], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func private @f(%v: tensor<256xf16, #blocked>) -> tensor<256xf16, #blocked> {
    %r = tt.elementwise_inline_asm "v_pk_add_f16 $0, $1, $1" {constraints = "=v,v", packed_element = 2 : i32, pure = true} %v : tensor<256xf16, #blocked> -> tensor<256xf16, #blocked>
    tt.return %r : tensor<256xf16, #blocked>
  }
}

// -----

// CHECK: amd-invalid.mlir:[[# @LINE + 4]]:10: error: tt.extern_elementwise calls the NVIDIA libdevice function '__nv_tanhf', which has no AMD version: use the ocml function (__ocml_*) instead
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [64], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func private @f(%v: tensor<256xf32, #blocked>) -> tensor<256xf32, #blocked> {
    %r = tt.extern_elementwise %v {libname = "", libpath = "", pure = true, symbol = "__nv_tanhf"} : (tensor<256xf32, #blocked>) -> tensor<256xf32, #blocked>
    tt.return %r : tensor<256xf32, #blocked>
  }
}

// -----

// CHECK: error: amdg.buffer_atomic_rmw fadd on 'i32' is not supported by the LLVM lowering
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [64], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func public @fadd_on_integers(%i: !tt.ptr<i32>) {
    %r = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #blocked>
    %v = arith.constant dense<6> : tensor<256xi32, #blocked>
    %0 = amdg.buffer_atomic_rmw fadd, relaxed, cta, %v, %i[%r] : tensor<256xi32, #blocked>
    tt.return
  }
}

// -----

// gfx90a and gfx942 have no 32-bit float buffer max/min.
// CHECK: error: amdg.buffer_atomic_rmw max on 'f32' is not supported by the LLVM lowering
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [64], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func public @f32_max(%f: !tt.ptr<f32>) {
    %r = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #blocked>
    %v = arith.constant dense<6.0> : tensor<256xf32, #blocked>
    %0 = amdg.buffer_atomic_rmw max, relaxed, cta, %v, %f[%r] : tensor<256xf32, #blocked>
    tt.return
  }
}

// -----

// ttg.warp_id needs the wave size the module gives.
// CHECK: amd-invalid.mlir:[[# @LINE + 3]]:10: error: ttg.warp_id outside a module with ttg.threads-per-warp
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", ttg.shared = 0 : i32} {
  tt.func public @no_wave_size() {
    %w = ttg.warp_id
    tt.return
  }
}
