// RUN: triton-opt %s -split-input-file -allow-unregistered-dialect -tritongpu-pipeline | FileCheck %s

// A descriptor made in a pipelined loop writes its tensormap into a ring of
// one 128-byte global-scratch slot per stage (3 here), the slot picked by a
// counter the loop carries; made under an scf.if, the counter moves on only
// where it is made, and comes out of the if as a result.
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: @in_if
  // CHECK: %[[RING:.*]] = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 384 : i32} : !tt.ptr<i8>
  // CHECK: scf.for
  // CHECK: %[[NEXT:.*]] = scf.if %{{.*}} -> (i32) {
  // CHECK: %[[OFF:.*]] = arith.muli %[[K:arg[0-9]+]], %{{.*}} : i32
  // CHECK: %[[SLOT:.*]] = tt.addptr %[[RING]], %[[OFF]] : !tt.ptr<i8>, i32
  // CHECK: ttng.tensormap_create %[[SLOT]], %arg1
  // CHECK-NEXT: ttng.tensormap_fenceproxy_acquire %[[SLOT]]
  // CHECK-NEXT: %[[D:.*]] = ttng.reinterpret_tensor_descriptor %[[SLOT]]
  // CHECK: %[[ADD:.*]] = arith.addi %[[K]], %{{.*}} : i32
  // CHECK: %[[WRAP:.*]] = arith.cmpi sge, %[[ADD]], %{{.*}} : i32
  // CHECK: %[[SEL:.*]] = arith.select %[[WRAP]], %{{.*}}, %[[ADD]] : i32
  // CHECK: "use"(%[[D]])
  // CHECK: scf.yield %[[SEL]] : i32
  // CHECK: } else {
  // CHECK: scf.yield %[[K]] : i32
  // CHECK: scf.yield {{.*}}%[[NEXT]], {{.*}} : i32, i32, i32,
  // CHECK-NOT: tt.make_tensor_descriptor
  tt.func public @in_if(%n: i32, %p: !tt.ptr<f32>, %m: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c1_i64 = arith.constant 1 : i64
    scf.for %i = %c0 to %n step %c1 : i32 {
      %ptrs = tt.splat %p {loop.cluster = 0 : i32, loop.stage = 0 : i32} : !tt.ptr<f32> -> tensor<64x64x!tt.ptr<f32>, #blocked>
      %x = tt.load %ptrs {loop.cluster = 0 : i32, loop.stage = 0 : i32} : tensor<64x64x!tt.ptr<f32>, #blocked>
      %y = arith.addf %x, %x {loop.cluster = 1 : i32, loop.stage = 2 : i32} : tensor<64x64xf32, #blocked>
      %first = arith.cmpi eq, %i, %c1 {loop.cluster = 1 : i32, loop.stage = 2 : i32} : i32
      scf.if %first {
        %d = tt.make_tensor_descriptor %p, [%m, %m], [%c1_i64, %c1_i64] : <f32>, <tensor<64x64xf32, #nvmma>>
        "use"(%d) : (!tt.tensordesc<tensor<64x64xf32, #nvmma>>) -> ()
      } {loop.cluster = 1 : i32, loop.stage = 2 : i32}
    } {tt.num_stages = 3 : i32, tt.scheduled_max_stage = 2 : i32}
    tt.return
  }
}

// -----

// Made in the loop body itself, in stage 0 of 2: two slots, the counter
// moving on every trip.
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: @in_body
  // CHECK: %[[RING:.*]] = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 256 : i32} : !tt.ptr<i8>
  // CHECK: scf.for
  // CHECK: ttng.tensormap_create
  // CHECK: ttng.reinterpret_tensor_descriptor
  // CHECK: arith.cmpi sge
  // CHECK: scf.yield
  // CHECK-NOT: tt.make_tensor_descriptor
  tt.func public @in_body(%n: i32, %p: !tt.ptr<f32>, %m: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c1_i64 = arith.constant 1 : i64
    scf.for %i = %c0 to %n step %c1 : i32 {
      %ptrs = tt.splat %p {loop.cluster = 0 : i32, loop.stage = 0 : i32} : !tt.ptr<f32> -> tensor<64x64x!tt.ptr<f32>, #blocked>
      %x = tt.load %ptrs {loop.cluster = 0 : i32, loop.stage = 0 : i32} : tensor<64x64x!tt.ptr<f32>, #blocked>
      %d = tt.make_tensor_descriptor %p, [%m, %i], [%c1_i64, %c1_i64] {loop.cluster = 0 : i32, loop.stage = 0 : i32} : <f32>, <tensor<64x64xf32, #nvmma>>
      %y = arith.addf %x, %x {loop.cluster = 1 : i32, loop.stage = 1 : i32} : tensor<64x64xf32, #blocked>
      "use"(%d, %y) {loop.cluster = 1 : i32, loop.stage = 1 : i32} : (!tt.tensordesc<tensor<64x64xf32, #nvmma>>, tensor<64x64xf32, #blocked>) -> ()
    } {tt.num_stages = 2 : i32, tt.scheduled_max_stage = 1 : i32}
    tt.return
  }
}

// -----

// sm_80 has no TMA: the op is left for the descriptor rewrite to pointers.
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: @no_tma
  // CHECK-NOT: tensormap_create
  // CHECK: tt.make_tensor_descriptor
  tt.func public @no_tma(%n: i32, %p: !tt.ptr<f32>, %m: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c1_i64 = arith.constant 1 : i64
    scf.for %i = %c0 to %n step %c1 : i32 {
      %ptrs = tt.splat %p {loop.cluster = 0 : i32, loop.stage = 0 : i32} : !tt.ptr<f32> -> tensor<64x64x!tt.ptr<f32>, #blocked>
      %x = tt.load %ptrs {loop.cluster = 0 : i32, loop.stage = 0 : i32} : tensor<64x64x!tt.ptr<f32>, #blocked>
      %d = tt.make_tensor_descriptor %p, [%m, %i], [%c1_i64, %c1_i64] {loop.cluster = 0 : i32, loop.stage = 0 : i32} : <f32>, <tensor<64x64xf32, #nvmma>>
      %y = arith.addf %x, %x {loop.cluster = 1 : i32, loop.stage = 1 : i32} : tensor<64x64xf32, #blocked>
      "use"(%d, %y) {loop.cluster = 1 : i32, loop.stage = 1 : i32} : (!tt.tensordesc<tensor<64x64xf32, #nvmma>>, tensor<64x64xf32, #blocked>) -> ()
    } {tt.num_stages = 2 : i32, tt.scheduled_max_stage = 1 : i32}
    tt.return
  }
}
