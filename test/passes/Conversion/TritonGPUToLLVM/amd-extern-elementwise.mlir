// RUN: triton-opt %s -convert-triton-amdgpu-to-llvm | FileCheck %s

// tt.extern_elementwise on AMD: one call of the symbol per element (here an
// ocml function, which triton-translate links).
#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [64], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  // CHECK: llvm.func @__ocml_tanh_f32(f32) -> f32
  // CHECK-LABEL: llvm.func internal @f
  // CHECK-COUNT-2: llvm.call @__ocml_tanh_f32(%{{.*}}) : (f32) -> f32
  // CHECK-NOT: llvm.call
  tt.func private @f(%v: tensor<512xf32, #blocked>) -> tensor<512xf32, #blocked> {
    %r = tt.extern_elementwise %v {libname = "", libpath = "", pure = true, symbol = "__ocml_tanh_f32"} : (tensor<512xf32, #blocked>) -> tensor<512xf32, #blocked>
    tt.return %r : tensor<512xf32, #blocked>
  }
}
