// RUN: triton-opt %s -split-input-file -optimize-amd-lds-usage -verify-diagnostics | FileCheck %s
// RUN: triton-opt %s -split-input-file -optimize-amd-lds-usage='lds-limit=49152' | FileCheck %s --check-prefix=LIMIT48K
// RUN: triton-opt %s -split-input-file -optimize-amd-lds-usage='target-arch=gfx950' | FileCheck %s --check-prefix=GFX950
// RUN: triton-opt %s -split-input-file -optimize-amd-lds-usage='lds-limit=40000' | FileCheck %s --check-prefix=LIMIT40K
// RUN: triton-opt %s -split-input-file -optimize-amd-lds-usage='lds-limit=1' | FileCheck %s --check-prefix=TINY

// A 32 KiB buffer live across a column-major -> MFMA conversion of a
// 128x128 fp32 tile: together more than gfx942's 64 KiB (the module's
// target). Going through the MFMA layout with the warps along M instead
// needs far less for each half, and the swizzled scratch fits.
// CHECK-DAG: #[[COL:.*]] = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [16, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
// CHECK-DAG: #[[MMA:.*]] = #ttg.amd_mfma<{version = 3, warpsPerCTA = [1, 4], instrShape = [32, 32, 8], isTransposed = false}>
// CHECK-DAG: #[[ROWS:.*]] = #ttg.amd_mfma<{version = 3, warpsPerCTA = [4, 1], instrShape = [32, 32, 8], isTransposed = false}>
// CHECK-LABEL: tt.func public @over_lds
// CHECK: %[[BUF:.*]] = ttg.local_alloc %arg0
// CHECK-NEXT: %[[MID:.*]] = ttg.convert_layout %arg1 : tensor<128x128xf32, #[[COL]]> -> tensor<128x128xf32, #[[ROWS]]>
// CHECK-NEXT: %[[OUT:.*]] = ttg.convert_layout %[[MID]] : tensor<128x128xf32, #[[ROWS]]> -> tensor<128x128xf32, #[[MMA]]>
// CHECK-NEXT: ttg.local_load %[[BUF]]
// CHECK: tt.return %[[OUT]]
// Under a 48 KiB limit no swizzled pair fits what the conversion may take;
// a small blocked layout with padded scratch does, and both halves ask for
// padding.
// LIMIT48K: #[[SMALL:.*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 8], warpsPerCTA = [2, 2], order = [0, 1]}>
// LIMIT48K-LABEL: tt.func public @over_lds
// LIMIT48K: %[[MID:.*]] = ttg.convert_layout %arg1 {amdg.use_padded_scratch_shmem} : {{.*}} -> tensor<128x128xf32, #[[SMALL]]>
// LIMIT48K-NEXT: ttg.convert_layout %[[MID]] {amdg.use_padded_scratch_shmem} : tensor<128x128xf32, #[[SMALL]]>
// gfx950 has 160 KiB: nothing to do.
// GFX950-LABEL: tt.func public @over_lds
// GFX950-NEXT: ttg.local_alloc
// GFX950-NEXT: ttg.convert_layout %arg1 : {{.*}} -> tensor<128x128xf32, #mma>
// GFX950-NEXT: ttg.local_load
// Under 40000 bytes nothing fits: the conversion stays.
// LIMIT40K-LABEL: tt.func public @over_lds
// LIMIT40K-NEXT: ttg.local_alloc
// LIMIT40K-NEXT: ttg.convert_layout %arg1 : {{.*}} -> tensor<128x128xf32, #mma>
// LIMIT40K-NEXT: ttg.local_load
#col = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [16, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
#mma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [1, 4], instrShape = [32, 32, 8], isTransposed = false}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [0, 1]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 64 : i32, ttg.target = "hip:gfx942"} {
  tt.func public @over_lds(%x: tensor<128x128xf16, #col>, %acc: tensor<128x128xf32, #col>) -> tensor<128x128xf32, #mma> {
    %buf = ttg.local_alloc %x : (tensor<128x128xf16, #col>) -> !ttg.memdesc<128x128xf16, #shared, #smem>
    %c = ttg.convert_layout %acc : tensor<128x128xf32, #col> -> tensor<128x128xf32, #mma>
    %y = ttg.local_load %buf : !ttg.memdesc<128x128xf16, #shared, #smem> -> tensor<128x128xf16, #col>
    tt.return %c : tensor<128x128xf32, #mma>
  }
}

// -----

// The same conversion after the buffer's last use: the two are never live
// together and the kernel fits.
// CHECK-LABEL: tt.func public @buffer_dead
// CHECK: ttg.local_load
// CHECK-NEXT: ttg.convert_layout %arg1 : {{.*}} -> tensor<128x128xf32, #mma>
// CHECK-NEXT: tt.return
#col = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [16, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
#mma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [1, 4], instrShape = [32, 32, 8], isTransposed = false}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [0, 1]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 64 : i32, ttg.target = "hip:gfx942"} {
  tt.func public @buffer_dead(%x: tensor<128x128xf16, #col>, %acc: tensor<128x128xf32, #col>) -> (tensor<128x128xf16, #col>, tensor<128x128xf32, #mma>) {
    %buf = ttg.local_alloc %x : (tensor<128x128xf16, #col>) -> !ttg.memdesc<128x128xf16, #shared, #smem>
    %y = ttg.local_load %buf : !ttg.memdesc<128x128xf16, #shared, #smem> -> tensor<128x128xf16, #col>
    %c = ttg.convert_layout %acc : tensor<128x128xf32, #col> -> tensor<128x128xf32, #mma>
    tt.return %y, %c : tensor<128x128xf16, #col>, tensor<128x128xf32, #mma>
  }
}

// -----

// Conversions of tensors without layouts (before convert-triton-to-tritongpu)
// cannot be re-routed; even a kernel far over the limit keeps them.
// TINY-LABEL: tt.func public @no_layouts
// TINY-NEXT: ttg.convert_layout %arg0 : tensor<64x64xf32> -> tensor<64x64xf32>
// TINY-NEXT: tt.return
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 64 : i32, ttg.target = "hip:gfx942"} {
  tt.func public @no_layouts(%x: tensor<64x64xf32>) -> tensor<64x64xf32> {
    %y = ttg.convert_layout %x : tensor<64x64xf32> -> tensor<64x64xf32>
    tt.return %y : tensor<64x64xf32>
  }
}

// -----

// Without target-arch, lds-limit or a hip ttg.target there is no limit to
// fit under.
// expected-error @+1 {{optimize-amd-lds-usage: no gfx target-arch option, lds-limit or hip ttg.target on the module}}
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 64 : i32} {
  tt.func public @no_target() {
    tt.return
  }
}
