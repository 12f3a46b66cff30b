// RUN: triton-opt %s -split-input-file -tritongpu-assign-latencies="num-stages=3 dot-ahead=true" | FileCheck %s --check-prefix=LAT
// RUN: triton-opt %s -split-input-file -tritongpu-assign-latencies="num-stages=3 dot-ahead=true" -tritongpu-schedule-loops -tritongpu-pipeline=num-stages=3 | FileCheck %s
// RUN: triton-opt %s -split-input-file -tritongpu-assign-latencies=num-stages=3 -tritongpu-schedule-loops -tritongpu-pipeline=num-stages=3 | FileCheck %s --check-prefix=OFF

// -dot-ahead: QK^T (a warp-group dot from a zero accumulator, reading a
// loop invariant and a load fetched ahead) feeds the softmax and then PV's A.
// It gets a latency of one iteration; the schedule issues it first in the
// body, one iteration ahead (the prologue issues the first), so QK^T of
// block j+1 runs on the tensor cores under the softmax of block j, which
// reads the block waited for in the iteration before. Both dots are waited
// for just before the yield: nothing is in flight across the back edge (a
// wait there would leave ptxas unable to prove the accumulators retired,
// C7514, and it serializes every wgmma). The scale, QK^T's one reader, runs
// after that wait (and before the loop on the first block), so the loop
// carries the scaled block and the body no longer reads the dot's result
// (the canonicalizer drops it from the loop): the next QK^T can write the
// registers of the last one (no copy at the back edge).
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // LAT-LABEL: tt.func @attention_like
  // LAT: tt.load {{.*}}tt.latency = 2 : i32
  // LAT: ttng.warp_group_dot {{.*}}tt.latency = 1 : i32
  // LAT: tt.load {{.*}}tt.latency = 2 : i32
  // LAT: ttng.warp_group_dot
  // LAT-NOT: tt.latency
  // LAT: scf.yield

  // CHECK-LABEL: tt.func @attention_like
  // CHECK: %[[S0:.*]] = ttng.warp_group_dot %arg0
  // CHECK: %[[T0:.*]] = arith.mulf %{{.*}}, %arg3
  // CHECK-NEXT: scf.for {{.*}} iter_args(%[[ACC:[^ ]*]] = %{{.*}}, {{.*}}%[[T:arg[0-9]+]] = %[[T0]])
  // CHECK: ttg.async_wait
  // CHECK: %[[NEXT:.*]] = ttng.warp_group_dot %arg0, %{{.*}}, %{{.*}} {isAsync = true}
  // CHECK-NEXT: "tt.reduce"(%[[T]])
  // CHECK: math.exp2
  // CHECK: %[[O:.*]] = ttng.warp_group_dot %{{.*}}, %{{.*}}, %[[ACC]] {isAsync = true}
  // CHECK-NOT: ttng.warp_group_dot_wait
  // CHECK: %[[DONE:.*]]:5 = ttng.warp_group_dot_wait %[[NEXT]], %[[O]], {{.*}} {pendings = 0 : i32}
  // CHECK-NEXT: %[[TN:.*]] = arith.mulf %[[DONE]]#0, %arg3
  // CHECK-NEXT: scf.yield %[[DONE]]#1, {{.*}}%[[TN]] :

  // Without the option, QK^T is waited for where it is issued.
  // OFF-LABEL: tt.func @attention_like
  // OFF-NOT: ttng.warp_group_dot %arg0
  // OFF: scf.for
  // OFF: ttng.warp_group_dot %arg0, %{{.*}}, %{{.*}} {isAsync = true}
  // OFF-NEXT: ttng.warp_group_dot_wait {{.*}} {pendings = 0 : i32}
  tt.func @attention_like(%q: !ttg.memdesc<64x64xf16, #shared, #smem>,
                          %k_ptr: tensor<64x64x!tt.ptr<f16>, #blocked1> {tt.divisibility = dense<[16, 16]> : tensor<2xi32>, tt.contiguity = dense<[64, 1]> : tensor<2xi32>},
                          %v_ptr: tensor<64x64x!tt.ptr<f16>, #blocked> {tt.divisibility = dense<[16, 16]> : tensor<2xi32>, tt.contiguity = dense<[1, 64]> : tensor<2xi32>},
                          %scale: tensor<64x64xf32, #mma>, %n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %res = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf32, #mma>) : i32 {
      %k = tt.load %k_ptr : tensor<64x64x!tt.ptr<f16>, #blocked1>
      %ks = ttg.local_alloc %k : (tensor<64x64xf16, #blocked1>) -> !ttg.memdesc<64x64xf16, #shared1, #smem>
      %qk = ttng.warp_group_dot %q, %ks, %zero : !ttg.memdesc<64x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared1, #smem> -> tensor<64x64xf32, #mma>
      %s = arith.mulf %qk, %scale : tensor<64x64xf32, #mma>
      %m = "tt.reduce"(%s) <{axis = 1 : i32}> ({
      ^bb0(%x: f32, %y: f32):
        %mx = arith.maxnumf %x, %y : f32
        tt.reduce.return %mx : f32
      }) : (tensor<64x64xf32, #mma>) -> tensor<64xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      %me = tt.expand_dims %m {axis = 1 : i32} : tensor<64xf32, #ttg.slice<{dim = 1, parent = #mma}>> -> tensor<64x1xf32, #mma>
      %mb = tt.broadcast %me : tensor<64x1xf32, #mma> -> tensor<64x64xf32, #mma>
      %d = arith.subf %s, %mb : tensor<64x64xf32, #mma>
      %p = math.exp2 %d : tensor<64x64xf32, #mma>
      %ph = arith.truncf %p : tensor<64x64xf32, #mma> to tensor<64x64xf16, #mma>
      %pa = ttg.convert_layout %ph : tensor<64x64xf16, #mma> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %v = tt.load %v_ptr : tensor<64x64x!tt.ptr<f16>, #blocked>
      %vs = ttg.local_alloc %v : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
      %o = ttng.warp_group_dot %pa, %vs, %acc : tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma>
      scf.yield %o : tensor<64x64xf32, #mma>
    }
    tt.return %res : tensor<64x64xf32, #mma>
  }
}

// -----

// Not issued ahead: a dot accumulating around the loop (a matmul), and a dot
// whose result is not read by another dot's A.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // LAT-LABEL: tt.func @not_ahead
  // LAT: ttng.warp_group_dot
  // LAT-NOT: tt.latency = 1
  // LAT: ttng.warp_group_dot
  // LAT-NOT: tt.latency = 1
  // LAT: tt.return
  tt.func @not_ahead(%q: !ttg.memdesc<64x64xf16, #shared, #smem>,
                     %k_ptr: tensor<64x64x!tt.ptr<f16>, #blocked1> {tt.divisibility = dense<[16, 16]> : tensor<2xi32>, tt.contiguity = dense<[64, 1]> : tensor<2xi32>},
                     %out: tensor<64x64x!tt.ptr<f32>, #mma>, %n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %res = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf32, #mma>) : i32 {
      %k = tt.load %k_ptr : tensor<64x64x!tt.ptr<f16>, #blocked1>
      %ks = ttg.local_alloc %k : (tensor<64x64xf16, #blocked1>) -> !ttg.memdesc<64x64xf16, #shared1, #smem>
      %s = ttng.warp_group_dot %q, %ks, %zero : !ttg.memdesc<64x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared1, #smem> -> tensor<64x64xf32, #mma>
      %e = math.exp2 %s : tensor<64x64xf32, #mma>
      tt.store %out, %e : tensor<64x64x!tt.ptr<f32>, #mma>
      %o = ttng.warp_group_dot %q, %ks, %acc : !ttg.memdesc<64x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared1, #smem> -> tensor<64x64xf32, #mma>
      scf.yield %o : tensor<64x64xf32, #mma>
    }
    tt.return %res : tensor<64x64xf32, #mma>
  }
}

// -----

// Not issued ahead: QK^T read by two ops (the row max and the subtraction),
// neither of which can move to the iteration before on its own. Issued
// ahead, the loop would carry the dot's result while the next dot writes
// another block: ptxas copies the accumulator at the back edge or issues the
// dot late (docs/Hopper.md).
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // LAT-LABEL: tt.func @two_readers
  // LAT: ttng.warp_group_dot
  // LAT-NOT: tt.latency = 1
  // LAT: ttng.warp_group_dot
  // LAT-NOT: tt.latency = 1
  // LAT: tt.return
  tt.func @two_readers(%q: !ttg.memdesc<64x64xf16, #shared, #smem>,
                       %k_ptr: tensor<64x64x!tt.ptr<f16>, #blocked1> {tt.divisibility = dense<[16, 16]> : tensor<2xi32>, tt.contiguity = dense<[64, 1]> : tensor<2xi32>},
                       %v_ptr: tensor<64x64x!tt.ptr<f16>, #blocked> {tt.divisibility = dense<[16, 16]> : tensor<2xi32>, tt.contiguity = dense<[1, 64]> : tensor<2xi32>},
                       %n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %res = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf32, #mma>) : i32 {
      %k = tt.load %k_ptr : tensor<64x64x!tt.ptr<f16>, #blocked1>
      %ks = ttg.local_alloc %k : (tensor<64x64xf16, #blocked1>) -> !ttg.memdesc<64x64xf16, #shared1, #smem>
      %s = ttng.warp_group_dot %q, %ks, %zero : !ttg.memdesc<64x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared1, #smem> -> tensor<64x64xf32, #mma>
      %m = "tt.reduce"(%s) <{axis = 1 : i32}> ({
      ^bb0(%x: f32, %y: f32):
        %mx = arith.maxnumf %x, %y : f32
        tt.reduce.return %mx : f32
      }) : (tensor<64x64xf32, #mma>) -> tensor<64xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      %me = tt.expand_dims %m {axis = 1 : i32} : tensor<64xf32, #ttg.slice<{dim = 1, parent = #mma}>> -> tensor<64x1xf32, #mma>
      %mb = tt.broadcast %me : tensor<64x1xf32, #mma> -> tensor<64x64xf32, #mma>
      %d = arith.subf %s, %mb : tensor<64x64xf32, #mma>
      %p = math.exp2 %d : tensor<64x64xf32, #mma>
      %ph = arith.truncf %p : tensor<64x64xf32, #mma> to tensor<64x64xf16, #mma>
      %pa = ttg.convert_layout %ph : tensor<64x64xf16, #mma> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %v = tt.load %v_ptr : tensor<64x64x!tt.ptr<f16>, #blocked>
      %vs = ttg.local_alloc %v : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
      %o = ttng.warp_group_dot %pa, %vs, %acc : tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma>
      scf.yield %o : tensor<64x64xf32, #mma>
    }
    tt.return %res : tensor<64x64xf32, #mma>
  }
}
