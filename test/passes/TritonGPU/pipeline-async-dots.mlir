// RUN: triton-opt %s -split-input-file -tritongpu-assign-latencies=num-stages=3 -tritongpu-schedule-loops -tritongpu-pipeline=num-stages=3 | FileCheck %s

// Warp-group dots of a pipelined loop whose accumulator is read only under an
// scf.if stay in flight: the branch waits for every dot before reading it,
// the other path and the yield do not.

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @rescaled_under_if
  // CHECK: scf.for
  // CHECK: %[[DOT:.*]] = ttng.warp_group_dot {{.*}}isAsync = true
  // CHECK-NEXT: %[[RUNNING:.*]]:3 = ttng.warp_group_dot_wait %[[DOT]], {{.*}} {pendings = 1 : i32}
  // CHECK: scf.if
  // CHECK-NEXT: %[[READY:.*]] = ttng.warp_group_dot_wait %[[RUNNING]]#0 {pendings = 0 : i32}
  // CHECK-NEXT: arith.mulf %[[READY]]
  // CHECK: } else {
  // CHECK-NEXT: scf.yield %[[RUNNING]]#0
  // CHECK: scf.yield
  // CHECK: ttng.warp_group_dot_wait {{.*}} {pendings = 0 : i32}
  tt.func @rescaled_under_if(%a_ptr: tensor<128x64x!tt.ptr<f16>, #blocked> {tt.divisibility = dense<[16, 16]> : tensor<2xi32>, tt.contiguity = dense<[1, 64]> : tensor<2xi32>},
                             %b_ptr: tensor<64x64x!tt.ptr<f16>, #blocked1> {tt.divisibility = dense<[16, 16]> : tensor<2xi32>, tt.contiguity = dense<[64, 1]> : tensor<2xi32>},
                             %n: i32, %limit: i32) -> tensor<128x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<128x64xf32, #mma>
    %half = arith.constant dense<5.000000e-01> : tensor<128x64xf32, #mma>
    %res = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<128x64xf32, #mma>) : i32 {
      %a = tt.load %a_ptr : tensor<128x64x!tt.ptr<f16>, #blocked>
      %b = tt.load %b_ptr : tensor<64x64x!tt.ptr<f16>, #blocked1>
      %as = ttg.local_alloc %a : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
      %bs = ttg.local_alloc %b : (tensor<64x64xf16, #blocked1>) -> !ttg.memdesc<64x64xf16, #shared1, #smem>
      %d = ttng.warp_group_dot %as, %bs, %acc : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared1, #smem> -> tensor<128x64xf32, #mma>
      %big = arith.cmpi sge, %i, %limit : i32
      %next = scf.if %big -> (tensor<128x64xf32, #mma>) {
        %scaled = arith.mulf %d, %half : tensor<128x64xf32, #mma>
        scf.yield %scaled : tensor<128x64xf32, #mma>
      } else {
        scf.yield %d : tensor<128x64xf32, #mma>
      }
      scf.yield %next : tensor<128x64xf32, #mma>
    }
    tt.return %res : tensor<128x64xf32, #mma>
  }

  // A read outside any scf.if waits for the dot right away.
  // CHECK-LABEL: tt.func @read_in_body
  // CHECK: scf.for
  // CHECK: %[[DOT:.*]] = ttng.warp_group_dot {{.*}}isAsync = true
  // CHECK-NEXT: ttng.warp_group_dot_wait %[[DOT]], {{.*}} {pendings = 0 : i32}
  // CHECK-NOT: warp_group_dot_wait
  // CHECK: scf.yield
  tt.func @read_in_body(%a_ptr: tensor<128x64x!tt.ptr<f16>, #blocked> {tt.divisibility = dense<[16, 16]> : tensor<2xi32>, tt.contiguity = dense<[1, 64]> : tensor<2xi32>},
                        %b_ptr: tensor<64x64x!tt.ptr<f16>, #blocked1> {tt.divisibility = dense<[16, 16]> : tensor<2xi32>, tt.contiguity = dense<[64, 1]> : tensor<2xi32>},
                        %n: i32) -> tensor<128x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<128x64xf32, #mma>
    %half = arith.constant dense<5.000000e-01> : tensor<128x64xf32, #mma>
    %res = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<128x64xf32, #mma>) : i32 {
      %a = tt.load %a_ptr : tensor<128x64x!tt.ptr<f16>, #blocked>
      %b = tt.load %b_ptr : tensor<64x64x!tt.ptr<f16>, #blocked1>
      %as = ttg.local_alloc %a : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
      %bs = ttg.local_alloc %b : (tensor<64x64xf16, #blocked1>) -> !ttg.memdesc<64x64xf16, #shared1, #smem>
      %d = ttng.warp_group_dot %as, %bs, %acc : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared1, #smem> -> tensor<128x64xf32, #mma>
      %scaled = arith.mulf %d, %half : tensor<128x64xf32, #mma>
      scf.yield %scaled : tensor<128x64xf32, #mma>
    }
    tt.return %res : tensor<128x64xf32, #mma>
  }
}
