// RUN: triton-opt %s -split-input-file -tritongpu-accelerate-matmul | FileCheck %s --check-prefix=NARROW
// RUN: triton-opt %s -split-input-file -tritongpu-accelerate-matmul='wide-int8-wgmma=true' | FileCheck %s --check-prefix=WIDE

// int8 wgmma N: Triton 3.6 stops at 224, so a 256-wide int8 tile over 8
// warps (two warp groups along M) takes two 128-wide wgmmas per K step. PTX
// has .s8 shapes up to 256 (16 * i): with wide-int8-wgmma the tile is one
// 256-wide wgmma. fp8 takes 256 either way.
// NARROW-DAG: #[[I8:[a-z0-9_]+]] = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 128, 32]}>
// NARROW-DAG: #[[F8:[a-z0-9_]+]] = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 256, 32]}>
// NARROW-LABEL: tt.func @tile_256
// NARROW: ttng.warp_group_dot {{.*}} -> tensor<128x256xi32, #[[I8]]>
// NARROW: ttng.warp_group_dot {{.*}} -> tensor<128x256xf32, #[[F8]]>
// WIDE: #[[MMA:[a-z0-9_]+]] = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 256, 32]}>
// WIDE-NOT: instrShape = [16, 128, 32]
// WIDE-LABEL: tt.func @tile_256
// WIDE: ttng.warp_group_dot {{.*}} -> tensor<128x256xi32, #[[MMA]]>
// WIDE: ttng.warp_group_dot {{.*}} -> tensor<128x256xf32, #[[MMA]]>
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [8, 1], order = [1, 0]}>
#A = #ttg.dot_op<{opIdx = 0, parent = #blocked}>
#B = #ttg.dot_op<{opIdx = 1, parent = #blocked}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @tile_256(%ia: tensor<128x128xi8, #blocked>, %ib: tensor<128x256xi8, #blocked>,
                    %fa: tensor<128x128xf8E4M3FN, #blocked>, %fb: tensor<128x256xf8E4M3FN, #blocked>,
                    %ic: tensor<128x256xi32, #blocked>, %fc: tensor<128x256xf32, #blocked>) -> (tensor<128x256xi32, #blocked>, tensor<128x256xf32, #blocked>) {
    %ia1 = ttg.convert_layout %ia : tensor<128x128xi8, #blocked> -> tensor<128x128xi8, #A>
    %ib1 = ttg.convert_layout %ib : tensor<128x256xi8, #blocked> -> tensor<128x256xi8, #B>
    %i = tt.dot %ia1, %ib1, %ic, inputPrecision = tf32 : tensor<128x128xi8, #A> * tensor<128x256xi8, #B> -> tensor<128x256xi32, #blocked>
    %fa1 = ttg.convert_layout %fa : tensor<128x128xf8E4M3FN, #blocked> -> tensor<128x128xf8E4M3FN, #A>
    %fb1 = ttg.convert_layout %fb : tensor<128x256xf8E4M3FN, #blocked> -> tensor<128x256xf8E4M3FN, #B>
    %f = tt.dot %fa1, %fb1, %fc, inputPrecision = tf32 {maxNumImpreciseAcc = 1073741824 : i32} : tensor<128x128xf8E4M3FN, #A> * tensor<128x256xf8E4M3FN, #B> -> tensor<128x256xf32, #blocked>
    tt.return %i, %f : tensor<128x256xi32, #blocked>, tensor<128x256xf32, #blocked>
  }
}

// -----

// N = 240 (16 * 15) is an .s8 shape too; 3.6 takes 80 there (240 / 3).
// NARROW: #[[M80:[a-z0-9_]+]] = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 80, 32]}>
// NARROW-LABEL: tt.func @tile_240
// NARROW: ttng.warp_group_dot {{.*}} -> tensor<64x240xi32, #[[M80]]>
// WIDE: #[[M240:[a-z0-9_]+]] = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 240, 32]}>
// WIDE-LABEL: tt.func @tile_240
// WIDE: ttng.warp_group_dot {{.*}} -> tensor<64x240xi32, #[[M240]]>
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#A = #ttg.dot_op<{opIdx = 0, parent = #blocked}>
#B = #ttg.dot_op<{opIdx = 1, parent = #blocked}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @tile_240(%ia: tensor<64x64xi8, #blocked>, %ib: tensor<64x240xi8, #blocked>,
                    %ic: tensor<64x240xi32, #blocked>) -> tensor<64x240xi32, #blocked> {
    %ia1 = ttg.convert_layout %ia : tensor<64x64xi8, #blocked> -> tensor<64x64xi8, #A>
    %ib1 = ttg.convert_layout %ib : tensor<64x240xi8, #blocked> -> tensor<64x240xi8, #B>
    %i = tt.dot %ia1, %ib1, %ic, inputPrecision = tf32 : tensor<64x64xi8, #A> * tensor<64x240xi8, #B> -> tensor<64x240xi32, #blocked>
    tt.return %i : tensor<64x240xi32, #blocked>
  }
}
