// RUN: triton-opt %s -split-input-file -tritonamdgpu-optimize-epilogue | FileCheck %s

// A store of an MFMA result converted to a blocked layout, through a
// truncation: the truncation is redone in the MFMA layout, the pointers and
// mask are converted to it, and the store takes the MFMA tensor.
// CHECK-LABEL: tt.func @store_acc
// CHECK: %[[T:.*]] = arith.truncf %arg0 : tensor<64x64xf32, #mma> to tensor<64x64xf16, #mma>
// CHECK: %[[P:.*]] = ttg.convert_layout %arg1 : tensor<64x64x!tt.ptr<f16>, #blocked> -> tensor<64x64x!tt.ptr<f16>, #mma>
// CHECK: %[[M:.*]] = ttg.convert_layout %arg2 : tensor<64x64xi1, #blocked> -> tensor<64x64xi1, #mma>
// CHECK: tt.store %[[P]], %[[T]], %[[M]] : tensor<64x64x!tt.ptr<f16>, #mma>
// CHECK-NOT: arith.truncf
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = true}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @store_acc(%acc: tensor<64x64xf32, #mma>, %ptrs: tensor<64x64x!tt.ptr<f16>, #blocked>, %mask: tensor<64x64xi1, #blocked>) {
    %c = ttg.convert_layout %acc : tensor<64x64xf32, #mma> -> tensor<64x64xf32, #blocked>
    %h = arith.truncf %c : tensor<64x64xf32, #blocked> to tensor<64x64xf16, #blocked>
    tt.store %ptrs, %h, %mask : tensor<64x64x!tt.ptr<f16>, #blocked>
    tt.return
  }
}

// -----

// Not rewritten: a conversion from another blocked layout, a value with a
// second use, and a binary op between the conversion and the store.
// CHECK-LABEL: tt.func @kept
// CHECK: tt.store %arg2, {{.*}} : tensor<64x64x!tt.ptr<f32>, #blocked1>
// CHECK: tt.store %arg2, {{.*}} : tensor<64x64x!tt.ptr<f32>, #blocked1>
// CHECK: tt.store %arg2, {{.*}} : tensor<64x64x!tt.ptr<f32>, #blocked1>
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [8, 8], warpsPerCTA = [1, 4], order = [0, 1]}>
#mma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = true}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @kept(%acc: tensor<64x64xf32, #mma>, %x: tensor<64x64xf32, #blocked1>, %ptrs: tensor<64x64x!tt.ptr<f32>, #blocked>) {
    %a = ttg.convert_layout %x : tensor<64x64xf32, #blocked1> -> tensor<64x64xf32, #blocked>
    tt.store %ptrs, %a : tensor<64x64x!tt.ptr<f32>, #blocked>
    %c = ttg.convert_layout %acc : tensor<64x64xf32, #mma> -> tensor<64x64xf32, #blocked>
    %n = arith.negf %c : tensor<64x64xf32, #blocked>
    tt.store %ptrs, %n : tensor<64x64x!tt.ptr<f32>, #blocked>
    %s = arith.addf %n, %a : tensor<64x64xf32, #blocked>
    tt.store %ptrs, %s : tensor<64x64x!tt.ptr<f32>, #blocked>
    tt.return
  }
}
