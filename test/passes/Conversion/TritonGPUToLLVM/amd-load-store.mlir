// RUN: triton-opt %s -convert-triton-amdgpu-to-llvm | FileCheck %s
// RUN: triton-opt %s -convert-triton-amdgpu-to-llvm -canonicalize -reconcile-unrealized-casts -o %t.mlir
// RUN: triton-translate --mlir-to-amdgcn %t.mlir -o %t.s
// RUN: FileCheck %s --input-file=%t.s --check-prefix=ASM
// RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx942 -filetype=obj %t.s -o %t.o
// REQUIRES: llvm-mc

// Loads and stores are LLVM vector accesses of up to 128 bits: the width
// comes from the layout (4 consecutive elements per thread), the pointers'
// axis info (contiguous, 16-byte aligned) and the mask's constancy. AMD GPUs
// have no predicated loads: a masked access runs under a branch, and the
// masked-off path brings `other` (zero without one) to the join.
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [64], warpsPerCTA = [4], order = [0]}>
#blocked8 = #ttg.blocked<{sizePerThread = [8], threadsPerWarp = [64], warpsPerCTA = [4], order = [0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [64], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  // CHECK-LABEL: llvm.func @vector
  // CHECK: %[[ZERO:.*]] = llvm.mlir.zero : vector<4xf32>
  // CHECK: llvm.cond_br %{{.*}}, ^[[LOAD:.*]], ^[[JOIN:.*]](%[[ZERO]] : vector<4xf32>)
  // CHECK: ^[[LOAD]]:
  // CHECK: %[[V:.*]] = llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
  // CHECK: llvm.br ^[[JOIN]](%[[V]] : vector<4xf32>)
  // CHECK: ^[[JOIN]](%[[LOADED:.*]]: vector<4xf32>):
  // CHECK-COUNT-4: llvm.extractelement %[[LOADED]]
  // CHECK: llvm.cond_br %{{.*}}, ^[[STORE:.*]], ^[[AFTER:.*]]
  // CHECK: ^[[STORE]]:
  // CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<1>
  // CHECK: llvm.br ^[[AFTER]]
  // CHECK: ^[[AFTER]]:
  // CHECK: llvm.return
  // ASM-LABEL: vector:
  // ASM: s_and_saveexec_b64
  // ASM: global_load_dwordx4
  // ASM: global_store_dwordx4
  tt.func public @vector(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %y: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32 {tt.divisibility = 16 : i32}) {
    %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
    %ns = tt.splat %n : i32 -> tensor<1024xi32, #blocked>
    %m = arith.cmpi slt, %r, %ns : tensor<1024xi32, #blocked>
    %xs = tt.splat %x : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
    %xp = tt.addptr %xs, %r : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    %v = tt.load %xp, %m : tensor<1024x!tt.ptr<f32>, #blocked>
    %ys = tt.splat %y : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
    %yp = tt.addptr %ys, %r : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    tt.store %yp, %v, %m : tensor<1024x!tt.ptr<f32>, #blocked>
    tt.return
  }

  // Eight halves are one 128-bit access; `other` is what masked-off lanes
  // get; cg and cs are nontemporal hints. Without a mask there is no branch.
  // CHECK-LABEL: llvm.func @halves
  // CHECK-COUNT-8: llvm.insertelement %{{.*}} : vector<8xf16>
  // CHECK: llvm.cond_br %{{.*}}, ^[[LOAD:.*]], ^[[JOIN:.*]](%{{.*}} : vector<8xf16>)
  // CHECK: ^[[LOAD]]:
  // CHECK: llvm.load %{{.*}} {alignment = 16 : i64, nontemporal} : !llvm.ptr<1> -> vector<8xf16>
  // CHECK-NOT: llvm.cond_br
  // CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64, nontemporal} : vector<8xf16>, !llvm.ptr<1>
  // ASM-LABEL: halves:
  // ASM: global_load_dwordx4 {{.*}} nt
  // ASM: global_store_dwordx4 {{.*}} nt
  tt.func public @halves(%x: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %n: i32 {tt.divisibility = 16 : i32}, %o: f16) {
    %r = tt.make_range {end = 2048 : i32, start = 0 : i32} : tensor<2048xi32, #blocked8>
    %ns = tt.splat %n : i32 -> tensor<2048xi32, #blocked8>
    %m = arith.cmpi slt, %r, %ns : tensor<2048xi32, #blocked8>
    %os = tt.splat %o : f16 -> tensor<2048xf16, #blocked8>
    %xs = tt.splat %x : !tt.ptr<f16> -> tensor<2048x!tt.ptr<f16>, #blocked8>
    %xp = tt.addptr %xs, %r : tensor<2048x!tt.ptr<f16>, #blocked8>, tensor<2048xi32, #blocked8>
    %v = tt.load %xp, %m, %os cacheModifier = cg : tensor<2048x!tt.ptr<f16>, #blocked8>
    tt.store %xp, %v cacheModifier = cs : tensor<2048x!tt.ptr<f16>, #blocked8>
    tt.return
  }

  // Without alignment facts each element is its own access; a volatile load
  // stays volatile.
  // CHECK-LABEL: llvm.func internal @unaligned
  // CHECK-COUNT-4: llvm.load volatile %{{.*}} {alignment = 4 : i64} : !llvm.ptr<1> -> f32
  tt.func private @unaligned(%x: !tt.ptr<f32>, %o: tensor<1024xi32, #blocked>) -> tensor<1024xf32, #blocked> {
    %xs = tt.splat %x : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
    %xp = tt.addptr %xs, %o : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    %v = tt.load %xp {isVolatile = true} : tensor<1024x!tt.ptr<f32>, #blocked>
    tt.return %v : tensor<1024xf32, #blocked>
  }

  // A 64-element tensor over 256 threads: each element is held by the lane
  // of warps 1, 2 and 3 that repeats it in warp 0, and only warp 0 stores.
  // Booleans travel as bytes.
  // CHECK-LABEL: llvm.func @duplicated
  // CHECK: llvm.getelementptr
  // CHECK: %[[TID:.*]] = rocdl.workitem.id.x range <i32, 0, 256> : i32
  // CHECK: %[[WARP:.*]] = llvm.udiv %[[TID]], %{{.*}} : i32
  // CHECK: %[[BITS:.*]] = llvm.and %[[WARP]], %{{.*}} : i32
  // CHECK: %[[OWNER:.*]] = llvm.icmp "eq" %[[BITS]], %{{.*}} : i32
  // CHECK: %[[BYTE:.*]] = llvm.zext %{{.*}} : i1 to i8
  // CHECK: llvm.cond_br %[[OWNER]], ^[[STORE:.*]], ^
  // CHECK: ^[[STORE]]:
  // CHECK: llvm.store %[[BYTE]], %{{.*}} {alignment = 1 : i64} : i8, !llvm.ptr<1>
  // ASM-LABEL: duplicated:
  // ASM: global_store_byte
  tt.func public @duplicated(%x: !tt.ptr<i1>) {
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #blocked1>
    %c = arith.constant dense<7> : tensor<64xi32, #blocked1>
    %b = arith.cmpi slt, %r, %c : tensor<64xi32, #blocked1>
    %xs = tt.splat %x : !tt.ptr<i1> -> tensor<64x!tt.ptr<i1>, #blocked1>
    %xp = tt.addptr %xs, %r : tensor<64x!tt.ptr<i1>, #blocked1>, tensor<64xi32, #blocked1>
    tt.store %xp, %b : tensor<64x!tt.ptr<i1>, #blocked1>
    tt.return
  }

  // Through one pointer: every thread loads (under the mask), thread 0 stores.
  // CHECK-LABEL: llvm.func @scalar
  // CHECK: llvm.cond_br %{{.*}}, ^[[LOAD:.*]], ^[[JOIN:.*]](%{{.*}} : i32)
  // CHECK: ^[[LOAD]]:
  // CHECK: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<1> -> i32
  // CHECK: ^[[JOIN]](%[[V:.*]]: i32):
  // CHECK: %[[TID:.*]] = rocdl.workitem.id.x
  // CHECK: %[[FIRST:.*]] = llvm.icmp "eq" %[[TID]], %{{.*}} : i32
  // CHECK: llvm.cond_br %[[FIRST]], ^[[STORE:.*]], ^
  // CHECK: ^[[STORE]]:
  // CHECK: llvm.store %[[V]], %{{.*}} {alignment = 4 : i64} : i32, !llvm.ptr<1>
  tt.func public @scalar(%x: !tt.ptr<i32>, %y: !tt.ptr<i32>, %m: i1) {
    %c = arith.constant 5 : i32
    %v = tt.load %x, %m, %c : !tt.ptr<i32>
    tt.store %y, %v : !tt.ptr<i32>
    tt.return
  }
}
