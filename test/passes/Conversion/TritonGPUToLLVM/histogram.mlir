// RUN: triton-opt %s -split-input-file -allocate-shared-memory -convert-triton-gpu-to-llvm | FileCheck %s
// RUN: %if ptxas %{ triton-opt %s -split-input-file -triton-make-llir='target=cuda:90' -o %t.mlir && triton-translate --split-input-file --output-split-marker='//-split-' --mlir-to-ptx %t.mlir -o %t.ptx && rm -f %t.part* && csplit -s -z -f %t.part %t.ptx '/^\/\/-split-/' '{*}' && for f in %t.part*; do %ptxas --gpu-name=sm_90a $f -o /dev/null || exit 1; done %}

// The histogram of the corpus's shape kernel: the bins are zeroed, a
// barrier, every element added to its bin by an atomic (64 values held
// twice: warps 2 and 3 repeat warps 0 and 1 and add 0), a barrier, the bins
// read back.
// CHECK: ttg.shared = 256 : i32
// CHECK-LABEL: llvm.func @histogram
// CHECK: %[[BINS_ADDR:.*]] = llvm.mlir.addressof @global_smem : !llvm.ptr<3>
// CHECK-NEXT: %[[BINS:.*]] = llvm.getelementptr %[[BINS_ADDR]][0] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK: %[[MINE:.*]] = llvm.getelementptr %[[BINS]][%[[BIN:.*]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i32
// CHECK-NEXT: llvm.store %[[ZERO:.*]], %[[MINE]] {alignment = 4 : i64} : i32, !llvm.ptr<3>
// CHECK-NEXT: nvvm.barrier0
// CHECK: %[[OWNER:.*]] = llvm.icmp "eq" %{{.*}}, %{{.*}} : i32
// CHECK: %[[BELOW:.*]] = llvm.icmp "slt" %{{.*}}, %{{.*}} : i64
// CHECK: %[[ABOVE:.*]] = llvm.icmp "sge" %{{.*}}, %{{.*}} : i64
// CHECK: %[[IN:.*]] = llvm.and %[[ABOVE]], %[[BELOW]] : i1
// CHECK: %[[COUNTED:.*]] = llvm.and %[[IN]], %[[OWNER]] : i1
// CHECK: %[[AT:.*]] = llvm.select %[[COUNTED]], %{{.*}}, %{{.*}} : i1, i32
// CHECK: %[[ADD:.*]] = llvm.select %[[COUNTED]], %{{.*}}, %[[ZERO]] : i1, i32
// CHECK: %[[P:.*]] = llvm.getelementptr %[[BINS]][%[[AT]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i32
// CHECK: llvm.atomicrmw add %[[P]], %[[ADD]] monotonic : !llvm.ptr<3>, i32
// CHECK-NEXT: nvvm.barrier0
// CHECK: %[[R:.*]] = llvm.getelementptr %[[BINS]][%[[BIN]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i32
// CHECK: llvm.load %[[R]] {alignment = 4 : i64} : !llvm.ptr<3> -> i32
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @histogram(%i: !tt.ptr<i32>) {
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #blocked>
    %ip = tt.splat %i : !tt.ptr<i32> -> tensor<64x!tt.ptr<i32>, #blocked>
    %iq = tt.addptr %ip, %r : tensor<64x!tt.ptr<i32>, #blocked>, tensor<64xi32, #blocked>
    %v = tt.load %iq : tensor<64x!tt.ptr<i32>, #blocked>
    %h = tt.histogram %v : tensor<64xi32, #blocked> -> tensor<64xi32, #blocked>
    tt.store %iq, %h : tensor<64x!tt.ptr<i32>, #blocked>
    tt.return
  }
}

// -----

// With a mask, 16 bins (the scratch holds at least a warp's 32, as in
// Triton) and i8 values; 4 elements per thread, 4 atomics.
// CHECK: ttg.shared = 128 : i32
// CHECK-LABEL: llvm.func @masked
// CHECK: nvvm.barrier0
// CHECK-COUNT-4: llvm.atomicrmw add %{{.*}}, %{{.*}} monotonic : !llvm.ptr<3>, i32
// CHECK-NEXT: nvvm.barrier0
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @masked(%i: !tt.ptr<i8>, %o: !tt.ptr<i32>) {
    %ip = tt.splat %i : !tt.ptr<i8> -> tensor<512x!tt.ptr<i8>, #blocked>
    %v = tt.load %ip : tensor<512x!tt.ptr<i8>, #blocked>
    %z = arith.constant dense<0> : tensor<512xi8, #blocked>
    %m = arith.cmpi sgt, %v, %z : tensor<512xi8, #blocked>
    %h = tt.histogram %v, %m : tensor<512xi8, #blocked> -> tensor<16xi32, #blocked1>
    %op = tt.splat %o : !tt.ptr<i32> -> tensor<16x!tt.ptr<i32>, #blocked1>
    tt.store %op, %h : tensor<16x!tt.ptr<i32>, #blocked1>
    tt.return
  }
}
