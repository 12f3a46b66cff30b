// RUN: triton-opt %s -split-input-file --nvgpu-test-taskid-propagate=num-warp-groups=2 | FileCheck %s
// RUN: triton-opt %s -split-input-file --nvgpu-test-taskid-propagate=num-warp-groups=0 | FileCheck %s --check-prefix=CLEAR

// A loop reading two descriptors (producer, task 0) into a dot (consumers 1
// and 2): the offset arithmetic goes with the loads, the accumulator with the
// dot, the loop bounds and the loop itself with everyone.

#blk = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#sh = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: @tiles
  // CHECK: %[[ZERO:.*]] = arith.constant {async_task_id = array<i32: 0, 1, 2>} 0 : i32
  // CHECK: %[[STEP:.*]] = arith.constant {async_task_id = array<i32: 0>} 32 : i32
  // CHECK: %[[ACC0:.*]] = arith.constant {async_task_id = array<i32: 1, 2>} dense<0.0{{.*}}> : tensor<64x128xf32, #mma>
  // CHECK: %[[ROW:.*]] = tt.get_program_id x {async_task_id = array<i32: 0, 1, 2>}
  // CHECK: scf.for %{{.*}} = %[[ZERO]] to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %[[ACC0]], %[[OFF:.*]] = %[[ZERO]])
  // CHECK:   tt.descriptor_load {{.*}} {async_task_id = array<i32: 0>}
  // CHECK:   ttg.local_alloc {{.*}} {async_task_id = array<i32: 1, 2>}
  // CHECK:   tt.descriptor_load {{.*}} {async_task_id = array<i32: 0>}
  // CHECK:   ttg.local_alloc {{.*}} {async_task_id = array<i32: 1, 2>}
  // CHECK:   ttng.warp_group_dot {{.*}} {async_task_id = array<i32: 1, 2>
  // CHECK:   arith.addi %[[OFF]], %[[STEP]] {async_task_id = array<i32: 0>}
  // CHECK:   scf.yield {async_task_id = array<i32: 0, 1, 2>}
  // CHECK: } {async_task_id = array<i32: 0, 1, 2>}
  // CHECK: arith.truncf {{.*}} {async_task_id = array<i32: 1, 2>}
  // CHECK: tt.descriptor_store {{.*}} {async_task_id = array<i32: 1, 2>}
  // CLEAR-LABEL: @tiles
  // CLEAR-NOT: async_task_id
  tt.func public @tiles(%da: !tt.tensordesc<tensor<64x32xf16, #sh>>, %db: !tt.tensordesc<tensor<32x128xf16, #sh>>, %dc: !tt.tensordesc<tensor<64x128xf16, #sh>>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c32 = arith.constant 32 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<64x128xf32, #mma>
    %row = tt.get_program_id x : i32
    %acc:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %zero, %off = %c0) -> (tensor<64x128xf32, #mma>, i32) : i32 {
      %x = tt.descriptor_load %da[%row, %off] {async_task_id = array<i32: 0>} : !tt.tensordesc<tensor<64x32xf16, #sh>> -> tensor<64x32xf16, #blk>
      %xs = ttg.local_alloc %x : (tensor<64x32xf16, #blk>) -> !ttg.memdesc<64x32xf16, #sh, #smem>
      %y = tt.descriptor_load %db[%off, %c0] {async_task_id = array<i32: 0>} : !tt.tensordesc<tensor<32x128xf16, #sh>> -> tensor<32x128xf16, #blk>
      %ys = ttg.local_alloc %y : (tensor<32x128xf16, #blk>) -> !ttg.memdesc<32x128xf16, #sh, #smem>
      %d = ttng.warp_group_dot %xs, %ys, %a {async_task_id = array<i32: 2, 1>, inputPrecision = 0 : i32} : !ttg.memdesc<64x32xf16, #sh, #smem> * !ttg.memdesc<32x128xf16, #sh, #smem> -> tensor<64x128xf32, #mma>
      %next = arith.addi %off, %c32 : i32
      scf.yield %d, %next : tensor<64x128xf32, #mma>, i32
    }
    %h = arith.truncf %acc#0 : tensor<64x128xf32, #mma> to tensor<64x128xf16, #mma>
    %hb = ttg.convert_layout %h : tensor<64x128xf16, #mma> -> tensor<64x128xf16, #blk>
    tt.descriptor_store %dc[%row, %c0], %hb {async_task_id = array<i32: 1, 2>} : !tt.tensordesc<tensor<64x128xf16, #sh>>, tensor<64x128xf16, #blk>
    tt.return
  }
}

// -----

// A reduction of the consumer's result: the combiner's ops get the consumer
// task, and a condition read only inside an scf.if goes to the task of the
// if's contents.

#blk1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: @reduce_then_store
  // CHECK: arith.cmpi {{.*}} {async_task_id = array<i32: 1>}
  // CHECK: "tt.reduce"
  // CHECK:   arith.addf {{.*}} {async_task_id = array<i32: 1>}
  // CHECK:   tt.reduce.return {{.*}} {async_task_id = array<i32: 1>}
  // CHECK: }) {async_task_id = array<i32: 1>}
  // CHECK: scf.if {{.*}} {
  // CHECK:   tt.store {{.*}} {async_task_id = array<i32: 1>}
  // CHECK: } {async_task_id = array<i32: 1>}
  tt.func public @reduce_then_store(%p: !tt.ptr<f32>, %v: tensor<128xf32, #blk1>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %go = arith.cmpi sgt, %n, %c0 : i32
    %s = "tt.reduce"(%v) <{axis = 0 : i32}> ({
    ^bb0(%l: f32, %r: f32):
      %t = arith.addf %l, %r : f32
      tt.reduce.return %t : f32
    }) : (tensor<128xf32, #blk1>) -> f32
    scf.if %go {
      tt.store %p, %s {async_task_id = array<i32: 1>} : !tt.ptr<f32>
    }
    tt.return
  }
}
