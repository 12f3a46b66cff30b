// RUN: triton-opt %s -split-input-file --nvgpu-test-ws-data-partition=num-warp-groups=2 | FileCheck %s --check-prefix=ONE
// RUN: triton-opt %s -split-input-file --nvgpu-test-ws-data-partition=num-warp-groups=3 | FileCheck %s

// Two consumer groups: the work both share is cut along M, one half each.
// The producer loads each half of A through the descriptor (now of 64-row
// blocks) at rows m and m + 64; B is read whole by both; each consumer keeps
// its own 64-row accumulator through the loop and stores its own rows.
// One consumer group (num-warp-groups=2): nothing to cut.

#blk = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#sh = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shT = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // ONE-LABEL: @desc_matmul
  // ONE: ttng.warp_group_dot {{.*}} -> tensor<128x128xf32, #mma>
  // CHECK-LABEL: @desc_matmul
  // CHECK: %[[DA:.*]] = tt.make_tensor_descriptor {{.*}} : <f16>, <tensor<64x64xf16, #shared>>
  // CHECK: %[[DB:.*]] = tt.make_tensor_descriptor {{.*}} : <f16>, <tensor<128x64xf16, #shared>>
  // CHECK: %[[DC:.*]] = tt.make_tensor_descriptor {{.*}} : <f16>, <tensor<64x128xf16, #shared>>
  // CHECK-DAG: %[[Z0:.*]] = arith.constant {async_task_id = array<i32: 1>} dense<0.000000e+00> : tensor<64x128xf32, #mma>
  // CHECK-DAG: %[[Z1:.*]] = arith.constant {async_task_id = array<i32: 2>} dense<0.000000e+00> : tensor<64x128xf32, #mma>
  // CHECK: scf.for {{.*}} iter_args(%[[A0:.*]] = %[[Z0]], %[[A1:.*]] = %[[Z1]]) -> (tensor<64x128xf32, #mma>, tensor<64x128xf32, #mma>)
  // CHECK:   %[[X0:.*]] = tt.descriptor_load %[[DA]][%[[M:.*]], %[[OFF:.*]]] {async_task_id = array<i32: 0>} : {{.*}} -> tensor<64x64xf16, #blocked>
  // CHECK:   %[[C64:.*]] = arith.constant {async_task_id = array<i32: 0>} 64 : i32
  // CHECK:   %[[M1:.*]] = arith.addi %[[M]], %[[C64]] {async_task_id = array<i32: 0>}
  // CHECK:   %[[X1:.*]] = tt.descriptor_load %[[DA]][%[[M1]], %[[OFF]]] {async_task_id = array<i32: 0>} : {{.*}} -> tensor<64x64xf16, #blocked>
  // CHECK:   %[[S0:.*]] = ttg.local_alloc %[[X0]] {async_task_id = array<i32: 1>} : {{.*}} -> !ttg.memdesc<64x64xf16, #shared, #smem>
  // CHECK:   %[[S1:.*]] = ttg.local_alloc %[[X1]] {async_task_id = array<i32: 2>} : {{.*}} -> !ttg.memdesc<64x64xf16, #shared, #smem>
  // CHECK:   tt.descriptor_load %[[DB]]{{.*}} -> tensor<128x64xf16, #blocked>
  // CHECK:   %[[BT:.*]] = ttg.memdesc_trans
  // CHECK:   %[[D0:.*]] = ttng.warp_group_dot %[[S0]], %[[BT]], %[[A0]] {async_task_id = array<i32: 1>{{.*}} -> tensor<64x128xf32, #mma>
  // CHECK:   %[[D1:.*]] = ttng.warp_group_dot %[[S1]], %[[BT]], %[[A1]] {async_task_id = array<i32: 2>{{.*}} -> tensor<64x128xf32, #mma>
  // CHECK:   scf.yield {{.*}}%[[D0]], %[[D1]] : tensor<64x128xf32, #mma>, tensor<64x128xf32, #mma>
  // CHECK: arith.truncf {{.*}} {async_task_id = array<i32: 1>} : tensor<64x128xf32, #mma> to tensor<64x128xf16, #mma>
  // CHECK: arith.truncf {{.*}} {async_task_id = array<i32: 2>} : tensor<64x128xf32, #mma> to tensor<64x128xf16, #mma>
  // CHECK: tt.descriptor_store %[[DC]][%[[M]], %{{.*}}], %{{.*}} {async_task_id = array<i32: 1>} : {{.*}}, tensor<64x128xf16, #blocked>
  // CHECK: %[[C64S:.*]] = arith.constant {async_task_id = array<i32: 2>} 64 : i32
  // CHECK: %[[M1S:.*]] = arith.addi %[[M]], %[[C64S]] {async_task_id = array<i32: 2>}
  // CHECK: tt.descriptor_store %[[DC]][%[[M1S]], %{{.*}}], %{{.*}} {async_task_id = array<i32: 2>} : {{.*}}, tensor<64x128xf16, #blocked>
  // CHECK-NOT: 128x128
  // CHECK: tt.return
  tt.func public @desc_matmul(%pa: !tt.ptr<f16>, %pb: !tt.ptr<f16>, %pc: !tt.ptr<f16>, %M: i32, %N: i32, %K: i32) {
    %c0 = arith.constant {async_task_id = array<i32: 0, 1, 2>} 0 : i32
    %c1 = arith.constant {async_task_id = array<i32: 0, 1, 2>} 1 : i32
    %c1_64 = arith.constant {async_task_id = array<i32: 0, 1, 2>} 1 : i64
    %c64 = arith.constant {async_task_id = array<i32: 0>} 64 : i32
    %c128 = arith.constant {async_task_id = array<i32: 0, 1, 2>} 128 : i32
    %sk = arith.extsi %K {async_task_id = array<i32: 0, 1, 2>} : i32 to i64
    %sn = arith.extsi %N {async_task_id = array<i32: 1, 2>} : i32 to i64
    %da = tt.make_tensor_descriptor %pa, [%M, %K], [%sk, %c1_64] {async_task_id = array<i32: 0>} : <f16>, <tensor<128x64xf16, #sh>>
    %db = tt.make_tensor_descriptor %pb, [%N, %K], [%sk, %c1_64] {async_task_id = array<i32: 0>} : <f16>, <tensor<128x64xf16, #sh>>
    %dc = tt.make_tensor_descriptor %pc, [%M, %N], [%sn, %c1_64] {async_task_id = array<i32: 1, 2>} : <f16>, <tensor<128x128xf16, #sh>>
    %zero = arith.constant {async_task_id = array<i32: 1, 2>} dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %pm = tt.get_program_id x {async_task_id = array<i32: 0, 1, 2>} : i32
    %m = arith.muli %pm, %c128 {async_task_id = array<i32: 0, 1, 2>} : i32
    %pn = tt.get_program_id y {async_task_id = array<i32: 0, 1, 2>} : i32
    %n = arith.muli %pn, %c128 {async_task_id = array<i32: 0, 1, 2>} : i32
    %acc = scf.for %i = %c0 to %K step %c1 iter_args(%a = %zero) -> (tensor<128x128xf32, #mma>) : i32 {
      %off = arith.muli %i, %c64 {async_task_id = array<i32: 0>} : i32
      %x = tt.descriptor_load %da[%m, %off] {async_task_id = array<i32: 0>} : !tt.tensordesc<tensor<128x64xf16, #sh>> -> tensor<128x64xf16, #blk>
      %xs = ttg.local_alloc %x {async_task_id = array<i32: 1, 2>} : (tensor<128x64xf16, #blk>) -> !ttg.memdesc<128x64xf16, #sh, #smem>
      %y = tt.descriptor_load %db[%n, %off] {async_task_id = array<i32: 0>} : !tt.tensordesc<tensor<128x64xf16, #sh>> -> tensor<128x64xf16, #blk>
      %ys = ttg.local_alloc %y {async_task_id = array<i32: 1, 2>} : (tensor<128x64xf16, #blk>) -> !ttg.memdesc<128x64xf16, #sh, #smem>
      %yt = ttg.memdesc_trans %ys {async_task_id = array<i32: 1, 2>, order = array<i32: 1, 0>} : !ttg.memdesc<128x64xf16, #sh, #smem> -> !ttg.memdesc<64x128xf16, #shT, #smem>
      %d = ttng.warp_group_dot %xs, %yt, %a {async_task_id = array<i32: 1, 2>, inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #sh, #smem> * !ttg.memdesc<64x128xf16, #shT, #smem> -> tensor<128x128xf32, #mma>
      scf.yield {async_task_id = array<i32: 0, 1, 2>} %d : tensor<128x128xf32, #mma>
    } {async_task_id = array<i32: 0, 1, 2>, tt.warp_specialize}
    %h = arith.truncf %acc {async_task_id = array<i32: 1, 2>} : tensor<128x128xf32, #mma> to tensor<128x128xf16, #mma>
    %hb = ttg.convert_layout %h {async_task_id = array<i32: 1, 2>} : tensor<128x128xf16, #mma> -> tensor<128x128xf16, #blk>
    tt.descriptor_store %dc[%m, %n], %hb {async_task_id = array<i32: 1, 2>} : !tt.tensordesc<tensor<128x128xf16, #sh>>, tensor<128x128xf16, #blk>
    tt.return
  }
}

// -----

// Loads through pointers: the splat pointer tensor, the load and the store
// are cut like the rest (rows of a splat are all the same pointer).

#blk = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#sh = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: @pointer_loads
  // CHECK: tt.splat {{.*}} {async_task_id = array<i32: 0>} : !tt.ptr<f16> -> tensor<64x64x!tt.ptr<f16>, #blocked>
  // CHECK: tt.splat {{.*}} {async_task_id = array<i32: 0>} : !tt.ptr<f16> -> tensor<64x64x!tt.ptr<f16>, #blocked>
  // CHECK: scf.for {{.*}} -> (tensor<64x128xf32, #mma>, tensor<64x128xf32, #mma>)
  // CHECK-COUNT-2: tt.load {{.*}} : tensor<64x64x!tt.ptr<f16>, #blocked>
  // CHECK-COUNT-2: ttng.warp_group_dot {{.*}} -> tensor<64x128xf32, #mma>
  // CHECK: tt.store {{.*}} {async_task_id = array<i32: 1>} : tensor<64x128x!tt.ptr<f32>, #mma>
  // CHECK: tt.store {{.*}} {async_task_id = array<i32: 2>} : tensor<64x128x!tt.ptr<f32>, #mma>
  tt.func public @pointer_loads(%pa: !tt.ptr<f16>, %b: !ttg.memdesc<64x128xf16, #sh, #smem>, %pc: !tt.ptr<f32>, %k: i32) {
    %c0 = arith.constant {async_task_id = array<i32: 0, 1, 2>} 0 : i32
    %c1 = arith.constant {async_task_id = array<i32: 0, 1, 2>} 1 : i32
    %zero = arith.constant {async_task_id = array<i32: 1, 2>} dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %pas = tt.splat %pa {async_task_id = array<i32: 0>} : !tt.ptr<f16> -> tensor<128x64x!tt.ptr<f16>, #blk>
    %acc = scf.for %i = %c0 to %k step %c1 iter_args(%a = %zero) -> (tensor<128x128xf32, #mma>) : i32 {
      %x = tt.load %pas {async_task_id = array<i32: 0>} : tensor<128x64x!tt.ptr<f16>, #blk>
      %xs = ttg.local_alloc %x {async_task_id = array<i32: 1, 2>} : (tensor<128x64xf16, #blk>) -> !ttg.memdesc<128x64xf16, #sh, #smem>
      %d = ttng.warp_group_dot %xs, %b, %a {async_task_id = array<i32: 1, 2>, inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #sh, #smem> * !ttg.memdesc<64x128xf16, #sh, #smem> -> tensor<128x128xf32, #mma>
      scf.yield {async_task_id = array<i32: 0, 1, 2>} %d : tensor<128x128xf32, #mma>
    } {async_task_id = array<i32: 0, 1, 2>}
    %pcs = tt.splat %pc {async_task_id = array<i32: 1, 2>} : !tt.ptr<f32> -> tensor<128x128x!tt.ptr<f32>, #mma>
    tt.store %pcs, %acc {async_task_id = array<i32: 1, 2>} : tensor<128x128x!tt.ptr<f32>, #mma>
    tt.return
  }
}

// -----

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#sh = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // Dots of one consumer each are split already: nothing to do.
  // CHECK-LABEL: @own_dots
  // CHECK-COUNT-2: ttng.warp_group_dot {{.*}} -> tensor<64x128xf32, #mma>
  tt.func public @own_dots(%a: !ttg.memdesc<64x32xf16, #sh, #smem>, %b: !ttg.memdesc<32x128xf16, #sh, #smem>, %c: tensor<64x128xf32, #mma>) {
    %d1 = ttng.warp_group_dot %a, %b, %c {async_task_id = array<i32: 1>, inputPrecision = 0 : i32} : !ttg.memdesc<64x32xf16, #sh, #smem> * !ttg.memdesc<32x128xf16, #sh, #smem> -> tensor<64x128xf32, #mma>
    %d2 = ttng.warp_group_dot %a, %b, %c {async_task_id = array<i32: 2>, inputPrecision = 0 : i32} : !ttg.memdesc<64x32xf16, #sh, #smem> * !ttg.memdesc<32x128xf16, #sh, #smem> -> tensor<64x128xf32, #mma>
    tt.return
  }
}
