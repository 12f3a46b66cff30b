// RUN: triton-opt %s -split-input-file -allocate-shared-memory -convert-triton-gpu-to-llvm | FileCheck %s
// RUN: %if ptxas %{ triton-opt %s -split-input-file -triton-make-llir='target=cuda:90' -o %t.mlir && triton-translate --split-input-file --output-split-marker='//-split-' --mlir-to-ptx %t.mlir -o %t.ptx && rm -f %t.part* && csplit -s -z -f %t.part %t.ptx '/^\/\/-split-/' '{*}' && for f in %t.part*; do %ptxas --gpu-name=sm_90a $f -o /dev/null || exit 1; done %}

// A buffer initialized from a tensor, read back: the swizzle (vec = 4) keeps
// each thread's 4 elements of a row together, so both sides move 16 bytes;
// membar puts a barrier between the store and the load.
// CHECK-LABEL: llvm.func @alloc_load
// CHECK: %[[SMEM_ADDR:.*]] = llvm.mlir.addressof @global_smem : !llvm.ptr<3>
// CHECK-NEXT: %[[SMEM:.*]] = llvm.getelementptr %[[SMEM_ADDR]][0] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK: %[[ST:.*]] = llvm.getelementptr %[[SMEM]][%{{.*}}] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
// CHECK: llvm.store %{{.*}}, %[[ST]] {alignment = 16 : i64} : vector<4xi32>, !llvm.ptr<3>
// CHECK: %[[D0:.*]] = llvm.insertvalue %[[SMEM]], %{{.*}}[0] : !llvm.struct<(ptr<3>, i32, i32)>
// CHECK: nvvm.barrier0
// CHECK: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<4xi32>
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 4, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @alloc_load(%p: !tt.ptr<f32>) {
    %r = tt.splat %p : !tt.ptr<f32> -> tensor<32x16x!tt.ptr<f32>, #blocked>
    %v = tt.load %r : tensor<32x16x!tt.ptr<f32>, #blocked>
    %a = ttg.local_alloc %v : (tensor<32x16xf32, #blocked>) -> !ttg.memdesc<32x16xf32, #shared, #smem>
    %l = ttg.local_load %a : !ttg.memdesc<32x16xf32, #shared, #smem> -> tensor<32x16xf32, #blocked>
    tt.store %r, %l : tensor<32x16x!tt.ptr<f32>, #blocked>
    tt.return
  }
}

// -----

// Views: buffer %i of a double buffer (2048 elements on: the index times
// the buffer size, before the descriptor is read, as the alloc's leading
// offset is a constant zero), its subslice at
// [16, 32] (coordinate offsets in the descriptor, XORed into addresses),
// its transpose (offsets swapped, the transposed encoding); stores and
// loads of 8 f16 (four i32 words) at a time.
// CHECK-LABEL: llvm.func @views
// CHECK: %[[SMEM_ADDR:.*]] = llvm.mlir.addressof @global_smem : !llvm.ptr<3>
// CHECK-NEXT: %[[SMEM:.*]] = llvm.getelementptr %[[SMEM_ADDR]][0] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK: %[[BUF:.*]] = llvm.insertvalue %[[SMEM]], %{{.*}}[0] : !llvm.struct<(ptr<3>, i32, i32, i32)>
// CHECK: %[[SIZE:.*]] = llvm.mlir.constant(2048 : i32) : i32
// CHECK-NEXT: %[[ELEMS:.*]] = llvm.mul %arg1, %[[SIZE]] : i32
// CHECK-NEXT: %[[BASE:.*]] = llvm.extractvalue %{{.*}}[0] : !llvm.struct<(ptr<3>, i32, i32, i32)>
// CHECK-COUNT-3: llvm.extractvalue
// CHECK-NEXT: llvm.getelementptr %[[BASE]][%[[ELEMS]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f16
// CHECK: %[[C16:.*]] = llvm.mlir.constant(16 : i32) : i32
// CHECK: llvm.add %{{.*}}, %[[C16]] : i32
// CHECK: %[[C32:.*]] = llvm.mlir.constant(32 : i32) : i32
// CHECK: llvm.add %{{.*}}, %[[C32]] : i32
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xi32>, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK: %[[R:.*]] = llvm.extractvalue %[[S:.*]][1] : !llvm.struct<(ptr<3>, i32, i32)>
// CHECK: %[[C:.*]] = llvm.extractvalue %[[S]][2] : !llvm.struct<(ptr<3>, i32, i32)>
// CHECK: %[[T0:.*]] = llvm.insertvalue %[[C]], %{{.*}}[1] : !llvm.struct<(ptr<3>, i32, i32)>
// CHECK: llvm.insertvalue %[[R]], %[[T0]][2] : !llvm.struct<(ptr<3>, i32, i32)>
// CHECK: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<4xi32>
// CHECK-NOT: ttg.local_dealloc
// CHECK: llvm.return
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#shared1 = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [0, 1]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @views(%p: !tt.ptr<f16>, %i: i32) {
    %a = ttg.local_alloc : () -> !ttg.memdesc<2x32x64xf16, #shared, #smem, mutable>
    %s = ttg.memdesc_index %a[%i] : !ttg.memdesc<2x32x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<32x64xf16, #shared, #smem, mutable>
    %v = ttg.memdesc_subslice %s[16, 32] : !ttg.memdesc<32x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<16x32xf16, #shared, #smem, mutable, 32x64>
    %r = tt.splat %p : !tt.ptr<f16> -> tensor<16x32x!tt.ptr<f16>, #blocked>
    %x = tt.load %r : tensor<16x32x!tt.ptr<f16>, #blocked>
    ttg.local_store %x, %v : tensor<16x32xf16, #blocked> -> !ttg.memdesc<16x32xf16, #shared, #smem, mutable, 32x64>
    ttg.barrier local
    %t = ttg.memdesc_trans %s {order = array<i32: 1, 0>} : !ttg.memdesc<32x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared1, #smem, mutable>
    %y = ttg.local_load %t : !ttg.memdesc<64x32xf16, #shared1, #smem, mutable> -> tensor<64x32xf16, #blocked1>
    %q = tt.splat %p : !tt.ptr<f16> -> tensor<64x32x!tt.ptr<f16>, #blocked1>
    tt.store %q, %y : tensor<64x32x!tt.ptr<f16>, #blocked1>
    ttg.local_dealloc %a : !ttg.memdesc<2x32x64xf16, #shared, #smem, mutable>
    tt.return
  }
}

// -----

// A row-major buffer seen as 1-D: the offsets start over at zero. Bytes go
// 4 at a time (one vector of four bytes); booleans are stored as bytes.
// CHECK-LABEL: llvm.func @reshape
// CHECK: llvm.insertvalue %{{.*}}, %{{.*}}[0] : !llvm.struct<(ptr<3>, i32)>
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : vector<4xi8>, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<3> -> vector<4xi8>
// CHECK: llvm.zext %{{.*}} : i1 to i8
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : vector<4xi8>, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<3> -> vector<4xi8>
// CHECK: llvm.trunc %{{.*}} : i8 to i1
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @reshape(%p: !tt.ptr<i8>) {
    %a = ttg.local_alloc : () -> !ttg.memdesc<16x32xi8, #shared, #smem, mutable>
    %f = ttg.memdesc_reshape %a : !ttg.memdesc<16x32xi8, #shared, #smem, mutable> -> !ttg.memdesc<512xi8, #shared1, #smem, mutable>
    %r = tt.splat %p : !tt.ptr<i8> -> tensor<512x!tt.ptr<i8>, #blocked>
    %x = tt.load %r : tensor<512x!tt.ptr<i8>, #blocked>
    ttg.local_store %x, %f : tensor<512xi8, #blocked> -> !ttg.memdesc<512xi8, #shared1, #smem, mutable>
    ttg.barrier local
    %y = ttg.local_load %f : !ttg.memdesc<512xi8, #shared1, #smem, mutable> -> tensor<512xi8, #blocked>
    %z = arith.constant dense<0> : tensor<512xi8, #blocked>
    %m = arith.cmpi ne, %y, %z : tensor<512xi8, #blocked>
    %mb = ttg.local_alloc %m : (tensor<512xi1, #blocked>) -> !ttg.memdesc<512xi1, #shared1, #smem>
    %m2 = ttg.local_load %mb : !ttg.memdesc<512xi1, #shared1, #smem> -> tensor<512xi1, #blocked>
    %e = arith.extui %m2 : tensor<512xi1, #blocked> to tensor<512xi8, #blocked>
    tt.store %r, %e : tensor<512x!tt.ptr<i8>, #blocked>
    tt.return
  }
}

// -----

// Barriers of shared and global memory (and tl.debug_barrier's gpu.barrier)
// are CTA barriers.
// CHECK-LABEL: llvm.func @barriers
// CHECK-NEXT: nvvm.barrier0
// CHECK-NEXT: nvvm.barrier0
// CHECK-NEXT: llvm.return
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @barriers() {
    ttg.barrier local|global_read|global_write
    gpu.barrier
    tt.return
  }
}

// -----

// A buffer of a 2-D swizzled alloc seen through a 1-D view: buffer %i is the
// block of 64 elements %i * 64 on, laid out as the view's own encoding says
// (the alloc's swizzle moves elements across its rows, the view's does not).
// CHECK-LABEL: llvm.func @index_own_encoding
// CHECK: %[[SIZE:.*]] = llvm.mlir.constant(64 : i32) : i32
// CHECK-NEXT: %[[ELEMS:.*]] = llvm.mul %arg1, %[[SIZE]] : i32
// CHECK-NEXT: %[[BASE:.*]] = llvm.extractvalue %{{.*}}[0] : !llvm.struct<(ptr<3>, i32, i32)>
// CHECK-COUNT-2: llvm.extractvalue
// CHECK-NEXT: llvm.getelementptr %[[BASE]][%[[ELEMS]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i64
#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
#shared2d = #ttg.swizzled_shared<{vec = 2, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#shared1d = #ttg.swizzled_shared<{vec = 2, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @index_own_encoding(%p: !tt.ptr<i64>, %i: i32) {
    %a = ttg.local_alloc : () -> !ttg.memdesc<2x64xi64, #shared2d, #smem, mutable>
    %s = ttg.memdesc_index %a[%i] : !ttg.memdesc<2x64xi64, #shared2d, #smem, mutable> -> !ttg.memdesc<64xi64, #shared1d, #smem, mutable>
    %r = tt.splat %p : !tt.ptr<i64> -> tensor<64x!tt.ptr<i64>, #blocked>
    %x = tt.load %r : tensor<64x!tt.ptr<i64>, #blocked>
    ttg.local_store %x, %s : tensor<64xi64, #blocked> -> !ttg.memdesc<64xi64, #shared1d, #smem, mutable>
    %y = ttg.local_load %s : !ttg.memdesc<64xi64, #shared1d, #smem, mutable> -> tensor<64xi64, #blocked>
    tt.store %r, %y : tensor<64x!tt.ptr<i64>, #blocked>
    tt.return
  }
}
