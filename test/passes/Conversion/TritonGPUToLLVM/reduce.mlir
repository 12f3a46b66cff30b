// RUN: triton-opt %s -allocate-shared-memory -convert-triton-gpu-to-llvm | FileCheck %s
// RUN: triton-opt %s -allocate-shared-memory -convert-triton-gpu-to-llvm -reconcile-unrealized-casts | triton-translate --mlir-to-ptx -o %t.ptx
// RUN: FileCheck %s --check-prefix=PTX --input-file=%t.ptx
// RUN: %if ptxas %{ %ptxas --gpu-name=sm_90a %t.ptx -o %t.cubin %}

// tt.reduce: registers in the thread, then butterflies over the lane bits
// along the axis (highest first for one commutative op, as Triton, so float
// sums have its bits; lowest first otherwise, keeping the order), then,
// when warps split the axis, the partials go through the op's scratch with
// one barrier.

#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#rows = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
#tile = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#wide = #ttg.blocked<{sizePerThread = [1, 16], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
#small = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {

// The softmax reduction: 8 registers, 5 butterflies, 4 warps through memory.
// CHECK-LABEL: llvm.func @max_1d
// CHECK-COUNT-7: llvm.intr.maximum
// CHECK: nvvm.shfl.sync bfly
// CHECK-NEXT: llvm.bitcast
// CHECK-NEXT: llvm.intr.maximum
// CHECK-COUNT-4: nvvm.shfl.sync bfly
// CHECK: llvm.store %{{.*}}, %{{.*}} : f32, !llvm.ptr<3>
// CHECK-NEXT: nvvm.barrier0
// CHECK-COUNT-4: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.return
// After LLVM: lanes 16 apart first, the 4 partials read back in one vector.
// PTX-LABEL: .entry max_1d(
// PTX-COUNT-7: max.NaN.f32
// PTX: shfl.sync.bfly.b32 {{.*}}, 16, 31, -1;
// PTX: shfl.sync.bfly.b32 {{.*}}, 8, 31, -1;
// PTX: shfl.sync.bfly.b32 {{.*}}, 4, 31, -1;
// PTX: shfl.sync.bfly.b32 {{.*}}, 2, 31, -1;
// PTX: shfl.sync.bfly.b32 {{.*}}, 1, 31, -1;
// PTX: st.shared.b32
// PTX-NEXT: bar.sync 0;
// PTX-NEXT: ld.shared.v4.b32
// PTX-NOT: bar.sync
// PTX: ret;
  tt.func public @max_1d(%in: !tt.ptr<f32>, %out: !tt.ptr<f32>) {
    %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
    %p = tt.splat %in : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
    %q = tt.addptr %p, %r : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    %x = tt.load %q : tensor<1024x!tt.ptr<f32>, #blocked>
    %m = "tt.reduce"(%x) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %c = arith.maximumf %a, %b : f32
      tt.reduce.return %c : f32
    }) : (tensor<1024xf32, #blocked>) -> f32
    tt.store %out, %m : !tt.ptr<f32>
    tt.return
  }

// Four rows, each across the 4 warps: [warp][row] in scratch, 16 loads back.
// CHECK-LABEL: llvm.func @sum_rows
// CHECK-COUNT-20: nvvm.shfl.sync bfly
// CHECK-COUNT-4: llvm.store %{{.*}}, %{{.*}} : f32, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK-COUNT-16: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.return
// PTX-LABEL: .entry sum_rows(
// PTX: st.shared.v4.b32
// PTX-NEXT: bar.sync 0;
// PTX-COUNT-4: ld.shared.v4.b32
// PTX-NOT: bar.sync
// PTX: ret;
  tt.func public @sum_rows(%x: tensor<4x1024xf32, #rows>, %out: tensor<4x!tt.ptr<f32>, #ttg.slice<{dim = 1, parent = #rows}>>) {
    %s = "tt.reduce"(%x) <{axis = 1 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %c = arith.addf %a, %b : f32
      tt.reduce.return %c : f32
    }) : (tensor<4x1024xf32, #rows>) -> tensor<4xf32, #ttg.slice<{dim = 1, parent = #rows}>>
    tt.store %out, %s : tensor<4x!tt.ptr<f32>, #ttg.slice<{dim = 1, parent = #rows}>>
    tt.return
  }

// argmax with two operands (a region not known to commute): both go through
// the butterflies, each lane combining (own, other) with no reordering, then
// every lane reads the in-order result of the lane with the axis bits clear
// (one index shuffle per operand), and through the scratch (f32 then i32
// region).
// CHECK-LABEL: llvm.func @argmax_rows
// CHECK: %[[LANE:.*]] = llvm.urem
// CHECK: nvvm.shfl.sync bfly
// CHECK: nvvm.shfl.sync bfly
// CHECK-NEXT: llvm.fcmp "oeq"
// CHECK: nvvm.shfl.sync idx
// CHECK: nvvm.shfl.sync idx
// CHECK: llvm.store %{{.*}}, %{{.*}} : f32, !llvm.ptr<3>
// CHECK: llvm.store %{{.*}}, %{{.*}} : i32, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
// CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> i32
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.return
  tt.func public @argmax_rows(%x: tensor<4x1024xf32, #rows>, %i: tensor<4x1024xi32, #rows>, %out: tensor<4x!tt.ptr<i32>, #ttg.slice<{dim = 1, parent = #rows}>>) {
    %r:2 = "tt.reduce"(%x, %i) <{axis = 1 : i32}> ({
    ^bb0(%a: f32, %ai: i32, %b: f32, %bi: i32):
      %tie = arith.cmpf oeq, %a, %b : f32
      %lt = arith.cmpi slt, %ai, %bi : i32
      %t2 = arith.andi %tie, %lt : i1
      %gt = arith.cmpf ogt, %a, %b : f32
      %g2 = arith.ori %gt, %t2 : i1
      %v = arith.select %g2, %a, %b : f32
      %j = arith.select %g2, %ai, %bi : i32
      tt.reduce.return %v, %j : f32, i32
    }) : (tensor<4x1024xf32, #rows>, tensor<4x1024xi32, #rows>) -> (tensor<4xf32, #ttg.slice<{dim = 1, parent = #rows}>>, tensor<4xi32, #ttg.slice<{dim = 1, parent = #rows}>>)
    tt.store %out, %r#1 : tensor<4x!tt.ptr<i32>, #ttg.slice<{dim = 1, parent = #rows}>>
    tt.return
  }

// Within a warp: 8 lanes along the axis, 3 butterflies, no shared memory.
// CHECK-LABEL: llvm.func @sum_in_warp
// CHECK: nvvm.shfl.sync bfly %{{.*}}, %{{.*}}, %[[C4:.*]], %{{.*}} : i32 -> i32
// CHECK: nvvm.shfl.sync bfly %{{.*}}, %{{.*}}, %[[C2:.*]], %{{.*}} : i32 -> i32
// CHECK: nvvm.shfl.sync bfly %{{.*}}, %{{.*}}, %[[C1:.*]], %{{.*}} : i32 -> i32
// CHECK-NOT: nvvm.shfl.sync bfly
// CHECK-NOT: !llvm.ptr<3>
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.return
// PTX-LABEL: .entry sum_in_warp(
// PTX: shfl.sync.bfly.b32 {{.*}}, 4, 31, -1;
// PTX-NEXT: add.s32
// PTX-NEXT: shfl.sync.bfly.b32 {{.*}}, 2, 31, -1;
// PTX-NEXT: add.s32
// PTX-NEXT: shfl.sync.bfly.b32 {{.*}}, 1, 31, -1;
// PTX-NOT: shfl.sync.bfly
// PTX-NOT: bar.sync
// PTX: ret;
  tt.func public @sum_in_warp(%x: tensor<16x8xi32, #tile>, %out: tensor<16x!tt.ptr<i32>, #ttg.slice<{dim = 1, parent = #tile}>>) {
    %s = "tt.reduce"(%x) <{axis = 1 : i32}> ({
    ^bb0(%a: i32, %b: i32):
      %c = arith.addi %a, %b : i32
      tt.reduce.return %c : i32
    }) : (tensor<16x8xi32, #tile>) -> tensor<16xi32, #ttg.slice<{dim = 1, parent = #tile}>>
    tt.store %out, %s : tensor<16x!tt.ptr<i32>, #ttg.slice<{dim = 1, parent = #tile}>>
    tt.return
  }

// The axis in registers only: 15 combines, nothing else.
// CHECK-LABEL: llvm.func @min_in_thread
// CHECK-COUNT-15: llvm.intr.minimum
// CHECK-NOT: nvvm.shfl.sync
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.return
  tt.func public @min_in_thread(%x: tensor<128x16xf32, #wide>, %out: tensor<128x!tt.ptr<f32>, #ttg.slice<{dim = 1, parent = #wide}>>) {
    %s = "tt.reduce"(%x) <{axis = 1 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %c = arith.minimumf %a, %b : f32
      tt.reduce.return %c : f32
    }) : (tensor<128x16xf32, #wide>) -> tensor<128xf32, #ttg.slice<{dim = 1, parent = #wide}>>
    tt.store %out, %s : tensor<128x!tt.ptr<f32>, #ttg.slice<{dim = 1, parent = #wide}>>
    tt.return
  }

// 16 elements over 32 lanes and 4 warps: lanes 16-31 and warps 1-3 hold
// copies, so 4 butterflies and no cross-warp step.
// CHECK-LABEL: llvm.func @sum_broadcast
// CHECK-COUNT-4: nvvm.shfl.sync bfly
// CHECK-NOT: nvvm.shfl.sync bfly
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.return
// PTX-LABEL: .entry sum_broadcast(
// PTX: shfl.sync.bfly.b32 {{.*}}, 8, 31, -1;
// PTX: shfl.sync.bfly.b32 {{.*}}, 1, 31, -1;
// PTX-NOT: shfl.sync.bfly
// PTX-NOT: bar.sync
// PTX: ret;
  tt.func public @sum_broadcast(%x: tensor<16xf32, #small>, %out: !tt.ptr<f32>) {
    %s = "tt.reduce"(%x) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %c = arith.addf %a, %b : f32
      tt.reduce.return %c : f32
    }) : (tensor<16xf32, #small>) -> f32
    tt.store %out, %s : !tt.ptr<f32>
    tt.return
  }

// Wide and narrow operands: an i64 takes two shuffles per step, an f16 one;
// in the scratch the i64 region comes first (aligned), the f16 one after
// its 4 slots of 8 bytes.
// CHECK-LABEL: llvm.func @min_i64_f16
// CHECK: llvm.lshr %{{.*}} : i64
// CHECK: nvvm.shfl.sync bfly
// CHECK: nvvm.shfl.sync bfly
// CHECK: llvm.zext %{{.*}} : i16 to i32
// CHECK: nvvm.shfl.sync bfly
// CHECK: %[[BASE_ADDR:.*]] = llvm.mlir.addressof @global_smem : !llvm.ptr<3>
// CHECK-NEXT: %[[BASE:.*]] = llvm.getelementptr %[[BASE_ADDR]][0] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK: %[[F16BASE:.*]] = llvm.getelementptr %{{.*}}[32] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK: llvm.getelementptr %[[F16BASE]][%{{.*}}] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f16
// CHECK: llvm.getelementptr %[[BASE]][%{{.*}}] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i64
// CHECK: nvvm.barrier0
// CHECK: llvm.return
// PTX-LABEL: .entry min_i64_f16(
// PTX: st.shared.b16 [%{{.*}}+32]
// PTX: st.shared.b64
// PTX: bar.sync 0;
// PTX: ld.shared.v4.b16 {{.*}}, [global_smem+32];
  tt.func public @min_i64_f16(%x: tensor<1024xf16, #blocked>, %y: tensor<1024xi64, #blocked>, %out: !tt.ptr<i32>) {
    %r:2 = "tt.reduce"(%x, %y) <{axis = 0 : i32}> ({
    ^bb0(%a: f16, %ai: i64, %b: f16, %bi: i64):
      %lt = arith.cmpf olt, %a, %b : f16
      %v = arith.select %lt, %a, %b : f16
      %j = arith.select %lt, %ai, %bi : i64
      tt.reduce.return %v, %j : f16, i64
    }) : (tensor<1024xf16, #blocked>, tensor<1024xi64, #blocked>) -> (f16, i64)
    %t = arith.trunci %r#1 : i64 to i32
    tt.store %out, %t : !tt.ptr<i32>
    tt.return
  }
}
