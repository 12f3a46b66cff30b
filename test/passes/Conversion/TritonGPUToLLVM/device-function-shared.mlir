// RUN: triton-opt %s -allocate-shared-memory -convert-triton-gpu-to-llvm | FileCheck %s

// A device function's shared memory is its call's scratch: the caller passes
// its own base plus the offset the allocation gave the call, and the device
// function addresses its buffers from that base (never from @global_smem,
// where they would overlap the caller's live buffers).
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "cuda:90"} {

// CHECK-LABEL: llvm.func internal @leaf(%arg0: !llvm.struct<(f32)>, %arg1: !llvm.ptr<3>, %arg2: !llvm.ptr<1>, %arg3: !llvm.ptr<1>)
// CHECK-NOT: @global_smem
// CHECK: llvm.getelementptr %arg1[
// CHECK-NOT: @global_smem
// CHECK: llvm.return
tt.func private @leaf(%x: tensor<128xf32, #blocked>) -> tensor<128xf32, #blocked> {
  %m = ttg.local_alloc %x : (tensor<128xf32, #blocked>) -> !ttg.memdesc<128xf32, #shared, #smem>
  %y = ttg.local_load %m : !ttg.memdesc<128xf32, #shared, #smem> -> tensor<128xf32, #blocked>
  tt.return %y : tensor<128xf32, #blocked>
}

// A device function calling another passes its base on, plus the call's
// offset (its own buffer is alive across the call).
// CHECK-LABEL: llvm.func internal @middle(%arg0: !llvm.struct<(f32)>, %arg1: !llvm.ptr<3>, %arg2: !llvm.ptr<1>, %arg3: !llvm.ptr<1>)
// CHECK-NOT: @global_smem
// CHECK: %[[BASE:.*]] = llvm.getelementptr %arg1[512] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK: llvm.call @leaf(%{{.*}}, %[[BASE]], %arg2, %arg3) : (!llvm.struct<(f32)>, !llvm.ptr<3>, !llvm.ptr<1>, !llvm.ptr<1>) -> !llvm.struct<(f32)>
// CHECK: llvm.return
tt.func private @middle(%x: tensor<128xf32, #blocked>) -> tensor<128xf32, #blocked> {
  %m = ttg.local_alloc %x : (tensor<128xf32, #blocked>) -> !ttg.memdesc<128xf32, #shared, #smem>
  %y = tt.call @leaf(%x) : (tensor<128xf32, #blocked>) -> tensor<128xf32, #blocked>
  %z = ttg.local_load %m : !ttg.memdesc<128xf32, #shared, #smem> -> tensor<128xf32, #blocked>
  %s = arith.addf %y, %z : tensor<128xf32, #blocked>
  tt.return %s : tensor<128xf32, #blocked>
}

// In the kernel, the call's 1024 bytes (middle's buffer and leaf's) and the
// kernel's buffer are alive together: the larger goes first, so the call
// gets @global_smem itself and the kernel's buffer starts at 1024.
// CHECK-LABEL: llvm.func @kernel
// CHECK: %[[OWN:.*]] = llvm.mlir.addressof @global_smem : !llvm.ptr<3>
// CHECK: llvm.getelementptr %[[OWN]][1024] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK: %[[SMEM:.*]] = llvm.mlir.addressof @global_smem : !llvm.ptr<3>
// CHECK-NOT: llvm.getelementptr %[[SMEM]][{{[1-9]}}
// CHECK: llvm.call @middle(%{{.*}}, %{{.*}}, %arg1, %arg2)
tt.func public @kernel(%p: !tt.ptr<f32>) {
  %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked>
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>, #blocked>
  %q = tt.addptr %ps, %r : tensor<128x!tt.ptr<f32>, #blocked>, tensor<128xi32, #blocked>
  %x = tt.load %q : tensor<128x!tt.ptr<f32>, #blocked>
  %m = ttg.local_alloc %x : (tensor<128xf32, #blocked>) -> !ttg.memdesc<128xf32, #shared, #smem>
  %y = tt.call @middle(%x) : (tensor<128xf32, #blocked>) -> tensor<128xf32, #blocked>
  %z = ttg.local_load %m : !ttg.memdesc<128xf32, #shared, #smem> -> tensor<128xf32, #blocked>
  %s = arith.addf %y, %z : tensor<128xf32, #blocked>
  tt.store %q, %s : tensor<128x!tt.ptr<f32>, #blocked>
  tt.return
}

}
