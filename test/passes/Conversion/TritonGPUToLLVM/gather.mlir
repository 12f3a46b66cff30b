// RUN: triton-opt %s -split-input-file -allocate-shared-memory -convert-triton-gpu-to-llvm | FileCheck %s
// RUN: %if ptxas %{ triton-opt %s -split-input-file -triton-make-llir='target=cuda:90' -o %t.mlir && triton-translate --split-input-file --output-split-marker='//-split-' --mlir-to-ptx %t.mlir -o %t.ptx && rm -f %t.part* && csplit -s -z -f %t.part %t.ptx '/^\/\/-split-/' '{*}' && for f in %t.part*; do %ptxas --gpu-name=sm_90a $f -o /dev/null || exit 1; done %}

// The gather of the corpus's shape kernel: the source goes to the scratch
// at its row-major index, a barrier, each thread reads the element its
// index names (reduced modulo 64 to stay in the scratch).
// CHECK-LABEL: llvm.func @gather_1d
// CHECK: %[[SMEM_ADDR:.*]] = llvm.mlir.addressof @global_smem : !llvm.ptr<3>
// CHECK-NEXT: %[[SMEM:.*]] = llvm.getelementptr %[[SMEM_ADDR]][0] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK: %[[ST:.*]] = llvm.getelementptr %[[SMEM]][%{{.*}}] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
// CHECK: llvm.store %{{.*}}, %[[ST]] {alignment = 4 : i64} : vector<1xi32>, !llvm.ptr<3>
// CHECK-NEXT: nvvm.barrier0
// CHECK: %[[M:.*]] = llvm.mlir.constant(63 : i32) : i32
// CHECK: %[[POS:.*]] = llvm.and %{{.*}}, %[[M]] : i32
// CHECK: %[[LD:.*]] = llvm.getelementptr %[[SMEM]][%[[POS]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
// CHECK: llvm.load %[[LD]] {alignment = 4 : i64} : !llvm.ptr<3> -> vector<1xi32>
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @gather_1d(%x: !tt.ptr<f32>, %i: !tt.ptr<i32>) {
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #blocked>
    %xp = tt.splat %x : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>, #blocked>
    %xq = tt.addptr %xp, %r : tensor<64x!tt.ptr<f32>, #blocked>, tensor<64xi32, #blocked>
    %v = tt.load %xq : tensor<64x!tt.ptr<f32>, #blocked>
    %ip = tt.splat %i : !tt.ptr<i32> -> tensor<64x!tt.ptr<i32>, #blocked>
    %iq = tt.addptr %ip, %r : tensor<64x!tt.ptr<i32>, #blocked>, tensor<64xi32, #blocked>
    %idx = tt.load %iq : tensor<64x!tt.ptr<i32>, #blocked>
    %g = tt.gather %v[%idx] {axis = 0 : i32} : (tensor<64xf32, #blocked>, tensor<64xi32, #blocked>) -> tensor<64xf32, #blocked>
    tt.store %xq, %g : tensor<64x!tt.ptr<f32>, #blocked>
    tt.return
  }
}

// -----

// Along axis 1 of a 2-D tensor of f16, with i64 indices and a vector store
// of the source's contiguous pairs; element (r, c) sits at r * 16 + c.
// CHECK-LABEL: llvm.func @gather_2d
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : vector<2xi16>, !llvm.ptr<3>
// CHECK-NEXT: nvvm.barrier0
// CHECK: %[[I:.*]] = llvm.trunc %{{.*}} : i64 to i32
// CHECK: %[[M:.*]] = llvm.mlir.constant(15 : i32) : i32
// CHECK: %[[POS:.*]] = llvm.and %[[I]], %[[M]] : i32
// CHECK: %[[FOUR:.*]] = llvm.mlir.constant(4 : i32) : i32
// CHECK: %[[ROW:.*]] = llvm.shl %{{.*}}, %[[FOUR]] : i32
// CHECK: %[[FLAT:.*]] = llvm.or %[[POS]], %[[ROW]] : i32
// CHECK: %[[LD:.*]] = llvm.getelementptr %{{.*}}[%[[FLAT]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f16
// CHECK: llvm.load %[[LD]] {alignment = 2 : i64} : !llvm.ptr<3> -> vector<1xi16>
#blocked = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @gather_2d(%x: !tt.ptr<f16>, %i: !tt.ptr<i32>) {
    %xp = tt.splat %x : !tt.ptr<f16> -> tensor<16x16x!tt.ptr<f16>, #blocked>
    %v = tt.load %xp : tensor<16x16x!tt.ptr<f16>, #blocked>
    %ip = tt.splat %i : !tt.ptr<i32> -> tensor<16x4x!tt.ptr<i32>, #blocked1>
    %i32 = tt.load %ip : tensor<16x4x!tt.ptr<i32>, #blocked1>
    %idx = arith.extsi %i32 : tensor<16x4xi32, #blocked1> to tensor<16x4xi64, #blocked1>
    %g = tt.gather %v[%idx] {axis = 1 : i32} : (tensor<16x16xf16, #blocked>, tensor<16x4xi64, #blocked1>) -> tensor<16x4xf16, #blocked1>
    %op = tt.splat %x : !tt.ptr<f16> -> tensor<16x4x!tt.ptr<f16>, #blocked1>
    tt.store %op, %g : tensor<16x4x!tt.ptr<f16>, #blocked1>
    tt.return
  }
}
