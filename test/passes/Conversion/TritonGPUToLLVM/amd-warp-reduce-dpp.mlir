// RUN: triton-opt %s -allocate-shared-memory -convert-triton-amdgpu-to-llvm=arch=gfx942 | FileCheck %s
// RUN: triton-opt %s -allocate-shared-memory -convert-triton-amdgpu-to-llvm=arch=gfx942 -canonicalize -reconcile-unrealized-casts -o %t.mlir
// RUN: triton-translate --mlir-to-amdgcn %t.mlir -o %t.s
// RUN: FileCheck %s --input-file=%t.s --check-prefix=ASM
// REQUIRES: llvm-mc

// Cross-lane moves of AMD reductions (executed by amd-reduce-scan-simt.test).
// A reduction over all 64 lanes by one commutative op: DPP steps (row_shr
// 8, 4, 2, 1 = controls 0x118, 0x114, 0x112, 0x111 with bound_ctrl; then
// row_bcast:15 into rows 1 and 3, row_mask 0xA; row_bcast:31), each
// followed by the op, and lane 63's result read by every lane.
// CHECK-LABEL: llvm.func @wave_max
// CHECK: rocdl.update.dpp %[[V:.*]], %[[V]] with 280, 15, 15, true : f32
// CHECK-NEXT: %[[A:.*]] = llvm.intr.maxnum(%[[V]], %{{.*}})
// CHECK-NEXT: rocdl.update.dpp %[[A]], %[[A]] with 276, 15, 15, true : f32
// CHECK-NEXT: llvm.intr.maxnum
// CHECK-NEXT: rocdl.update.dpp {{.*}} with 274, 15, 15, true : f32
// CHECK-NEXT: llvm.intr.maxnum
// CHECK-NEXT: rocdl.update.dpp {{.*}} with 273, 15, 15, true : f32
// CHECK-NEXT: llvm.intr.maxnum
// CHECK-NEXT: rocdl.update.dpp {{.*}} with 322, 10, 15, true : f32
// CHECK-NEXT: llvm.intr.maxnum
// CHECK-NEXT: rocdl.update.dpp {{.*}} with 323, 15, 15, true : f32
// CHECK-NEXT: %[[R:.*]] = llvm.intr.maxnum
// CHECK-NEXT: %[[W:.*]] = llvm.bitcast %[[R]] : f32 to i32
// CHECK: rocdl.readlane %[[W]], %{{.*}} : (i32, i32) -> i32
// CHECK-NOT: ds_bpermute
// ASM-LABEL: wave_max:
// ASM: row_shr:8
// ASM: row_bcast:15
// ASM: row_bcast:31
// ASM: v_readlane_b32
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [64], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func public @wave_max(%x: tensor<64xf32, #blocked>, %out: !tt.ptr<f32>) {
    %r = "tt.reduce"(%x) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %m = arith.maxnumf %a, %b : f32
      tt.reduce.return %m : f32
    }) : (tensor<64xf32, #blocked>) -> f32
    tt.store %out, %r : !tt.ptr<f32>
    tt.return
  }

// 16-bit values move as sign-extended i32 words.
// CHECK-LABEL: llvm.func @wave_add_f16
// CHECK: %[[B:.*]] = llvm.bitcast %{{.*}} : f16 to i16
// CHECK-NEXT: %[[X:.*]] = llvm.sext %[[B]] : i16 to i32
// CHECK-NEXT: %[[D:.*]] = rocdl.update.dpp %[[X]], %[[X]] with 280, 15, 15, true : i32
// CHECK-NEXT: %[[T:.*]] = llvm.trunc %[[D]] : i32 to i16
// CHECK-NEXT: %[[H:.*]] = llvm.bitcast %[[T]] : i16 to f16
// CHECK-NEXT: llvm.fadd %{{.*}}, %[[H]] : f16
// CHECK-COUNT-5: rocdl.update.dpp
// CHECK: rocdl.readlane
  tt.func public @wave_add_f16(%x: tensor<64xf16, #blocked>, %out: !tt.ptr<f16>) {
    %r = "tt.reduce"(%x) <{axis = 0 : i32}> ({
    ^bb0(%a: f16, %b: f16):
      %m = arith.addf %a, %b : f16
      tt.reduce.return %m : f16
    }) : (tensor<64xf16, #blocked>) -> f16
    tt.store %out, %r : !tt.ptr<f16>
    tt.return
  }

// Butterflies over 32 of the lanes: lane ^ 16 is ds_swizzle's bit mode
// (0x401F); ^ 8 and ^ 4 a row shift each way, written by the banks each
// serves (0xC then 0x3, 0xA then 0x5); ^ 2 and ^ 1 quad permutations
// ([2,3,0,1] = 78, [1,0,3,2] = 177). No bound_ctrl: every lane has a source.
// CHECK-LABEL: llvm.func @half_wave_max
// CHECK: rocdl.ds_swizzle %{{.*}}, %{{.*}} : (i32, i32) -> i32
// CHECK: llvm.intr.maxnum
// CHECK: %[[S8:.*]] = rocdl.update.dpp %[[Y:.*]], %[[Y]] with 280, 15, 12, false : i32
// CHECK-NEXT: rocdl.update.dpp %[[S8]], %[[Y]] with 264, 15, 3, false : i32
// CHECK: llvm.intr.maxnum
// CHECK: rocdl.update.dpp {{.*}} with 276, 15, 10, false : i32
// CHECK-NEXT: rocdl.update.dpp {{.*}} with 260, 15, 5, false : i32
// CHECK: llvm.intr.maxnum
// CHECK: rocdl.update.dpp {{.*}} with 78, 15, 15, false : i32
// CHECK: llvm.intr.maxnum
// CHECK: rocdl.update.dpp {{.*}} with 177, 15, 15, false : i32
// CHECK: llvm.intr.maxnum
// CHECK-NOT: rocdl.readlane
  tt.func public @half_wave_max(%x: tensor<32xf32, #blocked>, %out: !tt.ptr<f32>) {
    %r = "tt.reduce"(%x) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %m = arith.maxnumf %a, %b : f32
      tt.reduce.return %m : f32
    }) : (tensor<32xf32, #blocked>) -> f32
    tt.store %out, %r : !tt.ptr<f32>
    tt.return
  }

// 64-bit values are not reduced by DPP: butterflies on their two halves,
// lane ^ 32 through ds_bpermute.
// CHECK-LABEL: llvm.func @wave_max_i64
// CHECK-NOT: rocdl.readlane
// CHECK: rocdl.ds_bpermute
// CHECK: rocdl.ds_bpermute
// CHECK: llvm.intr.smax
  tt.func public @wave_max_i64(%x: tensor<64xi64, #blocked>, %out: !tt.ptr<i64>) {
    %r = "tt.reduce"(%x) <{axis = 0 : i32}> ({
    ^bb0(%a: i64, %b: i64):
      %m = arith.maxsi %a, %b : i64
      tt.reduce.return %m : i64
    }) : (tensor<64xi64, #blocked>) -> i64
    tt.store %out, %r : !tt.ptr<i64>
    tt.return
  }
}
