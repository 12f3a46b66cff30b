// RUN: triton-opt %s -convert-scf-to-cf -convert-triton-amdgpu-to-llvm='forward-packed-elements=true' | FileCheck %s
// RUN: triton-opt %s -convert-scf-to-cf -convert-triton-amdgpu-to-llvm -canonicalize -cse -o %t.plain
// RUN: triton-opt %s -convert-scf-to-cf -convert-triton-amdgpu-to-llvm='forward-packed-elements=true' -canonicalize -cse -o %t.forwarded
// RUN: diff %t.plain %t.forwarded

// forward-packed-elements on the AMD lowering, as on the NVIDIA one
// (forward-packed-elements.mlir): no struct between an op and the ops that
// read its elements, structs built where a branch carries them whole, and
// after -canonicalize the module of the plain lowering.

// CHECK-LABEL: llvm.func @sum_rows
// CHECK-NOT: unrealized_conversion_cast
// CHECK: llvm.br ^bb1(%{{.*}}, %{{.*}} : i32, !llvm.struct<(f32, f32, f32, f32)>)
// CHECK: ^bb1(%{{.*}}: i32, %[[ACC:.*]]: !llvm.struct<(f32, f32, f32, f32)>):
// CHECK: ^bb2:
// CHECK-COUNT-4: llvm.extractvalue %[[ACC]]
// CHECK-COUNT-4: llvm.fadd
// CHECK-NOT: llvm.extractvalue
// CHECK-COUNT-4: llvm.insertvalue
// CHECK: llvm.br ^bb1
// CHECK: ^bb3:
// CHECK-COUNT-4: llvm.extractvalue %[[ACC]]
// CHECK-NOT: llvm.insertvalue
// CHECK-NOT: llvm.extractvalue
// CHECK-COUNT-4: llvm.store
// CHECK: llvm.return
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [64], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 64 : i32, ttg.target = "hip:gfx942"} {
  tt.func public @sum_rows(%x: !tt.ptr<f32>, %y: !tt.ptr<f32>, %n: i32) {
    %range = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
    %xs = tt.splat %x : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
    %ptrs = tt.addptr %xs, %range : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    %zero = arith.constant dense<0.0> : tensor<1024xf32, #blocked>
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %acc = scf.for %i = %c0 to %n step %c1 iter_args(%a = %zero) -> (tensor<1024xf32, #blocked>) : i32 {
      %v = tt.load %ptrs : tensor<1024x!tt.ptr<f32>, #blocked>
      %s = arith.addf %a, %v : tensor<1024xf32, #blocked>
      scf.yield %s : tensor<1024xf32, #blocked>
    }
    %e = math.exp %acc : tensor<1024xf32, #blocked>
    %ys = tt.splat %y : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
    %yp = tt.addptr %ys, %range : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    tt.store %yp, %e : tensor<1024x!tt.ptr<f32>, #blocked>
    tt.return
  }
}
