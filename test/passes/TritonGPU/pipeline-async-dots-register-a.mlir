// RUN: triton-opt %s -split-input-file -tritongpu-assign-latencies=num-stages=3 -tritongpu-schedule-loops -tritongpu-pipeline=num-stages=3 | FileCheck %s

// A warp-group dot whose A is made in registers in the body cannot stay in
// flight across the back edge (the next iteration rewrites those registers,
// and ptxas does not keep them for a wgmma still running there), but it can
// run under the rest of the iteration: when its result only reaches the
// yield and its shared operands are ring slots, the wait for it comes just
// before the yield, after the next iteration's copies are issued. A chain of
// such dots (a product split along K, each dot's result the next one's
// accumulator) is waited for once there, on the last result, with the
// chain's buffers listed.

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @register_a_chain
  // CHECK: scf.for
  // CHECK: %[[D0:.*]] = ttng.warp_group_dot %{{.*}}, %[[B0:.*]], %{{.*}} {isAsync = true} : tensor<128x32xf16, #ttg.dot_op
  // CHECK-NOT: ttng.warp_group_dot_wait
  // CHECK: %[[D1:.*]] = ttng.warp_group_dot %{{.*}}, %[[B1:.*]], %[[D0]] {isAsync = true} : tensor<128x32xf16, #ttg.dot_op
  // CHECK-NOT: ttng.warp_group_dot_wait
  // CHECK: ttg.async_copy_global_to_local
  // CHECK-NOT: ttng.warp_group_dot_wait
  // CHECK: %[[W:.*]]:3 = ttng.warp_group_dot_wait %[[B0]], %[[D1]], %[[B1]] {pendings = 0 : i32}
  // CHECK-NEXT: scf.yield %[[W]]#1,
  // Nothing is left running after the loop.
  // CHECK-NOT: ttng.warp_group_dot_wait
  // CHECK: tt.return
  tt.func @register_a_chain(%a0_ptr: tensor<128x32x!tt.ptr<f16>, #blocked> {tt.divisibility = dense<[16, 16]> : tensor<2xi32>, tt.contiguity = dense<[1, 32]> : tensor<2xi32>},
                            %a1_ptr: tensor<128x32x!tt.ptr<f16>, #blocked> {tt.divisibility = dense<[16, 16]> : tensor<2xi32>, tt.contiguity = dense<[1, 32]> : tensor<2xi32>},
                            %b0_ptr: tensor<32x64x!tt.ptr<f16>, #blocked1> {tt.divisibility = dense<[16, 16]> : tensor<2xi32>, tt.contiguity = dense<[32, 1]> : tensor<2xi32>},
                            %b1_ptr: tensor<32x64x!tt.ptr<f16>, #blocked1> {tt.divisibility = dense<[16, 16]> : tensor<2xi32>, tt.contiguity = dense<[32, 1]> : tensor<2xi32>},
                            %n: i32) -> tensor<128x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<128x64xf32, #mma>
    %res = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<128x64xf32, #mma>) : i32 {
      %a0 = tt.load %a0_ptr : tensor<128x32x!tt.ptr<f16>, #blocked>
      %a0r = ttg.convert_layout %a0 : tensor<128x32xf16, #blocked> -> tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %b0 = tt.load %b0_ptr : tensor<32x64x!tt.ptr<f16>, #blocked1>
      %b0s = ttg.local_alloc %b0 : (tensor<32x64xf16, #blocked1>) -> !ttg.memdesc<32x64xf16, #shared1, #smem>
      %d0 = ttng.warp_group_dot %a0r, %b0s, %acc : tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * !ttg.memdesc<32x64xf16, #shared1, #smem> -> tensor<128x64xf32, #mma>
      %a1 = tt.load %a1_ptr : tensor<128x32x!tt.ptr<f16>, #blocked>
      %a1r = ttg.convert_layout %a1 : tensor<128x32xf16, #blocked> -> tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %b1 = tt.load %b1_ptr : tensor<32x64x!tt.ptr<f16>, #blocked1>
      %b1s = ttg.local_alloc %b1 : (tensor<32x64xf16, #blocked1>) -> !ttg.memdesc<32x64xf16, #shared1, #smem>
      %d1 = ttng.warp_group_dot %a1r, %b1s, %d0 : tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * !ttg.memdesc<32x64xf16, #shared1, #smem> -> tensor<128x64xf32, #mma>
      scf.yield %d1 : tensor<128x64xf32, #mma>
    }
    tt.return %res : tensor<128x64xf32, #mma>
  }

  // The same dot whose result is also read in the body is waited for at once.
  // CHECK-LABEL: tt.func @register_a_read_in_body
  // CHECK: scf.for
  // CHECK: %[[D:.*]] = ttng.warp_group_dot {{.*}}isAsync = true
  // CHECK-NEXT: ttng.warp_group_dot_wait %[[D]], {{.*}} {pendings = 0 : i32}
  // CHECK-NOT: ttng.warp_group_dot_wait
  // CHECK: scf.yield
  tt.func @register_a_read_in_body(%a0_ptr: tensor<128x32x!tt.ptr<f16>, #blocked> {tt.divisibility = dense<[16, 16]> : tensor<2xi32>, tt.contiguity = dense<[1, 32]> : tensor<2xi32>},
                                   %b0_ptr: tensor<32x64x!tt.ptr<f16>, #blocked1> {tt.divisibility = dense<[16, 16]> : tensor<2xi32>, tt.contiguity = dense<[32, 1]> : tensor<2xi32>},
                                   %n: i32) -> tensor<128x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<128x64xf32, #mma>
    %half = arith.constant dense<5.000000e-01> : tensor<128x64xf32, #mma>
    %res = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<128x64xf32, #mma>) : i32 {
      %a0 = tt.load %a0_ptr : tensor<128x32x!tt.ptr<f16>, #blocked>
      %a0r = ttg.convert_layout %a0 : tensor<128x32xf16, #blocked> -> tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %b0 = tt.load %b0_ptr : tensor<32x64x!tt.ptr<f16>, #blocked1>
      %b0s = ttg.local_alloc %b0 : (tensor<32x64xf16, #blocked1>) -> !ttg.memdesc<32x64xf16, #shared1, #smem>
      %d0 = ttng.warp_group_dot %a0r, %b0s, %acc : tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * !ttg.memdesc<32x64xf16, #shared1, #smem> -> tensor<128x64xf32, #mma>
      %scaled = arith.mulf %d0, %half : tensor<128x64xf32, #mma>
      scf.yield %scaled : tensor<128x64xf32, #mma>
    }
    tt.return %res : tensor<128x64xf32, #mma>
  }
}
