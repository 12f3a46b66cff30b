// RUN: triton-opt %s -split-input-file -convert-triton-amdgpu-to-llvm | FileCheck %s

// A module laid out for 32-lane warps on gfx942, whose waves have 64 threads:
// an op on each thread's own registers, or on scalars, means the same for
// either lane count, so it lowers; ops that place elements on lanes are
// refused (amd-invalid.mlir).

// CHECK-LABEL: llvm.func internal @per_register
// CHECK-COUNT-4: llvm.fpext %{{.*}} : f16 to f32
// CHECK: llvm.intr.maxnum
// CHECK-NOT: rocdl.workitem.id
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @per_register(%h: tensor<512xf16, #blocked>, %a: f32, %b: f32) -> (tensor<512xf32, #blocked>, f32) {
    %f = tt.fp_to_fp %h : tensor<512xf16, #blocked> -> tensor<512xf32, #blocked>
    %m = arith.maxnumf %a, %b : f32
    tt.return %f, %m : tensor<512xf32, #blocked>, f32
  }
}
