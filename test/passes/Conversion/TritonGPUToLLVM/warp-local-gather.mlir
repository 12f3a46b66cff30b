// RUN: triton-opt %s -split-input-file -allocate-shared-memory -convert-triton-gpu-to-llvm | FileCheck %s
// RUN: %if ptxas %{ triton-opt %s -split-input-file -triton-make-llir='target=cuda:90' -o %t.mlir && triton-translate --split-input-file --output-split-marker='//-split-' --mlir-to-ptx %t.mlir -o %t.ptx && rm -f %t.part* && csplit -s -z -f %t.part %t.ptx '/^\/\/-split-/' '{*}' && for f in %t.part*; do %ptxas --gpu-name=sm_90a $f -o /dev/null || exit 1; done %}

// Triton 3.6's gather along axis 0 (gather_2d): the 64 rows are two
// registers by 32 lanes of each warp. The index's bit 0 picks the register,
// bits 1..5 the lane: each of the 16 result registers shuffles both source
// registers of its column from that lane and selects by bit 0. No shared
// memory, no barrier.
// CHECK: module attributes {{.*}}ttg.shared = 0 : i32
// CHECK-LABEL: llvm.func @gather_axis0
// CHECK-NOT: nvvm.barrier0
// CHECK-NOT: !llvm.ptr<3>
// CHECK: %[[ONE:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK: %[[BIT0:.*]] = llvm.and %[[IDX:.*]], %[[ONE]] : i32
// CHECK: %[[FIVE:.*]] = llvm.mlir.constant(5 : i32) : i32
// CHECK: %[[REG:.*]] = llvm.shl %[[BIT0]], %[[FIVE]] : i32
// CHECK: %[[HIGH:.*]] = llvm.lshr %[[IDX]], %{{.*}} : i32
// CHECK: %[[LANEBITS:.*]] = llvm.and %[[HIGH]], %{{.*}} : i32
// CHECK: %[[HOLDER:.*]] = llvm.xor %[[REG]], %[[LANEBITS]] : i32
// CHECK: %[[LANE:.*]] = llvm.and %[[HOLDER]], %{{.*}} : i32
// CHECK: nvvm.shfl.sync idx %{{.*}}, %{{.*}}, %[[LANE]], %{{.*}} : i32 -> i32
// CHECK: nvvm.shfl.sync idx %{{.*}}, %{{.*}}, %[[LANE]], %{{.*}} : i32 -> i32
// CHECK: %[[C32:.*]] = llvm.mlir.constant(32 : i32) : i32
// CHECK: %[[PICK:.*]] = llvm.and %[[HOLDER]], %[[C32]] : i32
// CHECK: %[[SET:.*]] = llvm.icmp "ne" %[[PICK]], %{{.*}} : i32
// CHECK: llvm.select %[[SET]], %{{.*}}, %{{.*}} : i1, f32
// CHECK-COUNT-30: nvvm.shfl.sync idx
// CHECK-NOT: nvvm.shfl.sync
// CHECK-NOT: nvvm.barrier0
// CHECK-NOT: !llvm.ptr<3>
// CHECK: llvm.return
#blocked1 = #ttg.blocked<{sizePerThread = [2, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @gather_axis0(%x: !tt.ptr<f32>, %i: !tt.ptr<i32>) {
    %xp = tt.splat %x : !tt.ptr<f32> -> tensor<64x32x!tt.ptr<f32>, #blocked1>
    %v = tt.load %xp : tensor<64x32x!tt.ptr<f32>, #blocked1>
    %ip = tt.splat %i : !tt.ptr<i32> -> tensor<64x32x!tt.ptr<i32>, #blocked1>
    %idx = tt.load %ip : tensor<64x32x!tt.ptr<i32>, #blocked1>
    %g = tt.gather %v[%idx] {axis = 0 : i32, efficient_layout} : (tensor<64x32xf32, #blocked1>, tensor<64x32xi32, #blocked1>) -> tensor<64x32xf32, #blocked1>
    tt.store %xp, %g : tensor<64x32x!tt.ptr<f32>, #blocked1>
    tt.return
  }
}

// -----

// Triton 3.6's gather along axis 1: a row is the 32 lanes of a warp, one
// register each, so the index is the lane and each of the 16 result
// registers takes one shuffle of its own register, nothing to select.
// CHECK: module attributes {{.*}}ttg.shared = 0 : i32
// CHECK-LABEL: llvm.func @gather_axis1
// CHECK-NOT: nvvm.barrier0
// CHECK-NOT: !llvm.ptr<3>
// CHECK-NOT: llvm.select
// CHECK-COUNT-16: nvvm.shfl.sync idx
// CHECK-NOT: nvvm.shfl.sync
// CHECK-NOT: llvm.select
// CHECK-NOT: nvvm.barrier0
// CHECK-NOT: !llvm.ptr<3>
// CHECK: llvm.return
#blocked2 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @gather_axis1(%x: !tt.ptr<f32>, %i: !tt.ptr<i32>) {
    %xp = tt.splat %x : !tt.ptr<f32> -> tensor<64x32x!tt.ptr<f32>, #blocked2>
    %v = tt.load %xp : tensor<64x32x!tt.ptr<f32>, #blocked2>
    %ip = tt.splat %i : !tt.ptr<i32> -> tensor<64x32x!tt.ptr<i32>, #blocked2>
    %idx = tt.load %ip : tensor<64x32x!tt.ptr<i32>, #blocked2>
    %g = tt.gather %v[%idx] {axis = 1 : i32, efficient_layout} : (tensor<64x32xf32, #blocked2>, tensor<64x32xi32, #blocked2>) -> tensor<64x32xf32, #blocked2>
    tt.store %xp, %g : tensor<64x32x!tt.ptr<f32>, #blocked2>
    tt.return
  }
}

// -----

// 64-bit elements (i64) go in two 32-bit shuffles; i8 indices are widened
// first. The rows are 2 registers by 8 lanes, so 2 candidates per result
// register: 4 registers x 2 candidates x 2 halves.
// CHECK: module attributes {{.*}}ttg.shared = 0 : i32
// CHECK-LABEL: llvm.func @gather_i64
// CHECK: llvm.zext %{{.*}} : i8 to i32
// CHECK-COUNT-16: nvvm.shfl.sync idx
// CHECK-NOT: nvvm.shfl.sync
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.return
#blocked = #ttg.blocked<{sizePerThread = [2, 2], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @gather_i64(%x: !tt.ptr<i64>, %i: !tt.ptr<i8>) {
    %xp = tt.splat %x : !tt.ptr<i64> -> tensor<16x32x!tt.ptr<i64>, #blocked>
    %v = tt.load %xp : tensor<16x32x!tt.ptr<i64>, #blocked>
    %ip = tt.splat %i : !tt.ptr<i8> -> tensor<16x32x!tt.ptr<i8>, #blocked>
    %idx = tt.load %ip : tensor<16x32x!tt.ptr<i8>, #blocked>
    %g = tt.gather %v[%idx] {axis = 0 : i32} : (tensor<16x32xi64, #blocked>, tensor<16x32xi8, #blocked>) -> tensor<16x32xi64, #blocked>
    tt.store %xp, %g : tensor<16x32x!tt.ptr<i64>, #blocked>
    tt.return
  }
}

// -----

// Not warp-local, whatever the attribute says: the warps split the axis.
// Through shared memory: the source stored, a barrier, loads.
// CHECK: module attributes {{.*}}ttg.shared = 1024 : i32
// CHECK-LABEL: llvm.func @across_warps
// CHECK-NOT: nvvm.shfl.sync
// CHECK: llvm.store %{{.*}}, %{{.*}} : vector<2xi32>, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> vector<1xi32>
// CHECK-NOT: nvvm.shfl.sync
// CHECK: llvm.return
#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @across_warps(%x: !tt.ptr<f32>, %i: !tt.ptr<i32>) {
    %xp = tt.splat %x : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #blocked>
    %v = tt.load %xp : tensor<256x!tt.ptr<f32>, #blocked>
    %ip = tt.splat %i : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>, #blocked>
    %idx = tt.load %ip : tensor<256x!tt.ptr<i32>, #blocked>
    %g = tt.gather %v[%idx] {axis = 0 : i32, efficient_layout} : (tensor<256xf32, #blocked>, tensor<256xi32, #blocked>) -> tensor<256xf32, #blocked>
    tt.store %xp, %g : tensor<256x!tt.ptr<f32>, #blocked>
    tt.return
  }
}
