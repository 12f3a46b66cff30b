// RUN: triton-opt %s -split-input-file --nvgpu-test-ws-task-partition=num-warp-groups=3 | FileCheck %s
// RUN: triton-opt %s -split-input-file --nvgpu-test-ws-task-partition=num-warp-groups=1 | FileCheck %s --check-prefix=ONE

#blk = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#sh = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // Loads feeding the dot's operands are the producer's; the dot and the
  // store the consumers'; the scale loaded for the epilogue stays unmarked
  // (it feeds no dot operand), and so does a tt.load of fewer elements than
  // threads.
  // CHECK-LABEL: @anchors
  // CHECK: tt.load %{{[^ ]+}} : tensor<64x!tt.ptr<f32>
  // CHECK-NOT: async_task_id
  // CHECK: scf.for
  // CHECK:   tt.descriptor_load {{.*}} {async_task_id = array<i32: 0>}
  // CHECK:   tt.load {{.*}} {async_task_id = array<i32: 0>}
  // CHECK:   ttng.warp_group_dot {{.*}} {async_task_id = array<i32: 1, 2>
  // CHECK: tt.descriptor_store {{.*}} {async_task_id = array<i32: 1, 2>}
  // ONE-LABEL: @anchors
  // ONE-NOT: async_task_id
  // ONE: tt.return
  tt.func public @anchors(%da: !tt.tensordesc<tensor<64x32xf16, #sh>>, %pb: tensor<32x128x!tt.ptr<f16>, #blk>, %ps: tensor<64x!tt.ptr<f32>, #ttg.slice<{dim = 1, parent = #blk}>>, %dc: !tt.tensordesc<tensor<64x128xf16, #sh>>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<64x128xf32, #mma>
    %scale = tt.load %ps : tensor<64x!tt.ptr<f32>, #ttg.slice<{dim = 1, parent = #blk}>>
    %acc = scf.for %i = %c0 to %n step %c1 iter_args(%a = %zero) -> (tensor<64x128xf32, #mma>) : i32 {
      %x = tt.descriptor_load %da[%c0, %i] : !tt.tensordesc<tensor<64x32xf16, #sh>> -> tensor<64x32xf16, #blk>
      %xs = ttg.local_alloc %x : (tensor<64x32xf16, #blk>) -> !ttg.memdesc<64x32xf16, #sh, #smem>
      %y = tt.load %pb : tensor<32x128x!tt.ptr<f16>, #blk>
      %ys = ttg.local_alloc %y : (tensor<32x128xf16, #blk>) -> !ttg.memdesc<32x128xf16, #sh, #smem>
      %d = ttng.warp_group_dot %xs, %ys, %a {inputPrecision = 0 : i32} : !ttg.memdesc<64x32xf16, #sh, #smem> * !ttg.memdesc<32x128xf16, #sh, #smem> -> tensor<64x128xf32, #mma>
      scf.yield %d : tensor<64x128xf32, #mma>
    }
    %h = arith.truncf %acc : tensor<64x128xf32, #mma> to tensor<64x128xf16, #mma>
    %hb = ttg.convert_layout %h : tensor<64x128xf16, #mma> -> tensor<64x128xf16, #blk>
    tt.descriptor_store %dc[%c0, %c0], %hb : !tt.tensordesc<tensor<64x128xf16, #sh>>, tensor<64x128xf16, #blk>
    tt.return
  }
}

// -----

#blk = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#sh = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // A function marked already keeps its marks: nothing is added.
  // CHECK-LABEL: @marked
  // CHECK: tt.descriptor_load
  // CHECK-NOT: async_task_id = array<i32: 0>
  // CHECK: ttng.warp_group_dot {{.*}} {async_task_id = array<i32: 1>
  tt.func public @marked(%da: !tt.tensordesc<tensor<64x32xf16, #sh>>, %ys: !ttg.memdesc<32x128xf16, #sh, #smem>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<64x128xf32, #mma>
    %acc = scf.for %i = %c0 to %n step %c1 iter_args(%a = %zero) -> (tensor<64x128xf32, #mma>) : i32 {
      %x = tt.descriptor_load %da[%c0, %i] : !tt.tensordesc<tensor<64x32xf16, #sh>> -> tensor<64x32xf16, #blk>
      %xs = ttg.local_alloc %x : (tensor<64x32xf16, #blk>) -> !ttg.memdesc<64x32xf16, #sh, #smem>
      %d = ttng.warp_group_dot %xs, %ys, %a {async_task_id = array<i32: 1>, inputPrecision = 0 : i32} : !ttg.memdesc<64x32xf16, #sh, #smem> * !ttg.memdesc<32x128xf16, #sh, #smem> -> tensor<64x128xf32, #mma>
      scf.yield %d : tensor<64x128xf32, #mma>
    }
    tt.return
  }
}
