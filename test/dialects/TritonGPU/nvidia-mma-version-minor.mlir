// RUN: triton-opt %s | FileCheck %s
// RUN: triton-opt %s | triton-opt | FileCheck %s
// `versionMinor` of #ttg.nvidia_mma may be left out (Triton's parser reads
// it as 0, and its tests write it so); it always prints.

// CHECK: #[[MMA:.*]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.target" = "cuda:80"} {
  // CHECK-LABEL: tt.func @acc
  // CHECK-SAME: tensor<32x32xf32, #[[MMA]]>
  tt.func @acc(%c: tensor<32x32xf32, #mma>) {
    tt.return
  }
}
