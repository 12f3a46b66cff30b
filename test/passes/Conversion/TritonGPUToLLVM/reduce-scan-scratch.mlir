// RUN: triton-opt %s -allocate-shared-memory -convert-triton-gpu-to-llvm | FileCheck %s
// RUN: triton-opt %s -allocate-shared-memory -convert-triton-gpu-to-llvm -reconcile-unrealized-casts | triton-translate --mlir-to-ptx -o %t.ptx
// RUN: FileCheck %s --check-prefix=PTX --input-file=%t.ptx
// RUN: %if ptxas %{ %ptxas --gpu-name=sm_90a %t.ptx -o %t.cubin %}

// tt.reduce and tt.scan across warps hand values over through their scratch.
// Where a thread's values sit side by side there, LLVM's load-store
// vectorizer must be able to join them: each access carries the alignment
// the thread's index is known to have (from the layout's lane and warp
// bases and the register's constant), and a constant slot offset (another
// warp's partials) is added to the pointer, not to the index. Before, the
// alignment was left to LLVM's known-bits search, which stops a few
// instructions deep, and instcombine could fold the last warp's offset into
// the masked thread index as an `or` that is not disjoint: that warp's
// vector load became four scalar loads.

#columns = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {

// Column sums: each thread stores its 4 partials (alignments 16, 4, 8, 4:
// the registers' offsets are 0 to 3) and reads the 4 warps' partials of its
// 4 columns, 128 slots apart, as 4 vectors.
// CHECK-LABEL: llvm.func @column_sums
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : f32, !llvm.ptr<3>
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : f32, !llvm.ptr<3>
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 8 : i64} : f32, !llvm.ptr<3>
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : f32, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK: %[[SLOT:.*]] = llvm.getelementptr %{{.*}}[%[[INDEX:.*]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
// CHECK-NEXT: llvm.load %[[SLOT]] {alignment = 16 : i64} : !llvm.ptr<3> -> f32
// CHECK-COUNT-3: llvm.getelementptr %{{.*}}[{{128|256|384}}] : (!llvm.ptr<3>) -> !llvm.ptr<3>, f32
// CHECK-NOT: llvm.add %[[INDEX]]
// CHECK: llvm.return
// PTX-LABEL: .entry column_sums(
// PTX: st.shared.v4.b32
// PTX-NEXT: bar.sync 0;
// PTX-COUNT-4: ld.shared.v4.b32
// PTX-NOT: ld.shared
// PTX: ret;
  tt.func public @column_sums(%x: tensor<64x128xf32, #columns>, %out: tensor<128x!tt.ptr<f32>, #ttg.slice<{dim = 0, parent = #columns}>>) {
    %s = "tt.reduce"(%x) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %c = arith.addf %a, %b : f32
      tt.reduce.return %c : f32
    }) : (tensor<64x128xf32, #columns>) -> tensor<128xf32, #ttg.slice<{dim = 0, parent = #columns}>>
    tt.store %out, %s : tensor<128x!tt.ptr<f32>, #ttg.slice<{dim = 0, parent = #columns}>>
    tt.return
  }

// Column prefix sums, one row per warp: each thread's 4 column totals go in
// as one vector, and the totals of the warps before it come back as three.
// CHECK-LABEL: llvm.func @column_cumsum
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : f32, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> f32
// CHECK: llvm.getelementptr %{{.*}}[128] : (!llvm.ptr<3>) -> !llvm.ptr<3>, f32
// CHECK: llvm.return
// PTX-LABEL: .entry column_cumsum(
// PTX: st.shared.v4.b32
// PTX-NEXT: bar.sync 0;
// PTX-COUNT-3: ld.shared.v4.b32
// PTX-NOT: ld.shared
// PTX: ret;
  tt.func public @column_cumsum(%x: tensor<4x128xf32, #columns>, %out: tensor<4x128x!tt.ptr<f32>, #columns>) {
    %s = "tt.scan"(%x) <{axis = 0 : i32, reverse = false}> ({
    ^bb0(%a: f32, %b: f32):
      %c = arith.addf %a, %b : f32
      tt.scan.return %c : f32
    }) : (tensor<4x128xf32, #columns>) -> tensor<4x128xf32, #columns>
    tt.store %out, %s : tensor<4x128x!tt.ptr<f32>, #columns>
    tt.return
  }
}
