// RUN: triton-opt %s -split-input-file -convert-triton-gpu-to-llvm -canonicalize | FileCheck %s

// A tensor op becomes one scalar op per element the thread holds: 4 here
// (sizePerThread 4, 512 elements over 128 threads).
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func internal @arith
  // CHECK-SAME: (%[[A:.*]]: !llvm.struct<(f32, f32, f32, f32)>, %[[B:.*]]: !llvm.struct<(f32, f32, f32, f32)>, %{{.*}}: !llvm.ptr<1>, %{{.*}}: !llvm.ptr<1>) -> !llvm.struct<(i1, i1, i1, i1)>
  // CHECK-COUNT-4: llvm.fadd
  // CHECK-NOT: llvm.fadd
  // CHECK-COUNT-4: llvm.fcmp "olt"
  tt.func private @arith(%a: tensor<512xf32, #blocked>, %b: tensor<512xf32, #blocked>) -> tensor<512xi1, #blocked> {
    %s = arith.addf %a, %b : tensor<512xf32, #blocked>
    %c = arith.cmpf olt, %s, %b : tensor<512xf32, #blocked>
    tt.return %c : tensor<512xi1, #blocked>
  }

  // A scalar operand of a tensor op (arith.select's condition) is used for
  // every element; splat constants are one constant.
  // CHECK-LABEL: llvm.func internal @select_splat
  // CHECK: %[[TWO:.*]] = llvm.mlir.constant(2.000000e+00 : f32) : f32
  // CHECK-COUNT-4: llvm.select %arg0, %{{.*}}, %[[TWO]] : i1, f32
  tt.func private @select_splat(%c: i1, %a: tensor<512xf32, #blocked>) -> tensor<512xf32, #blocked> {
    %two = arith.constant dense<2.0> : tensor<512xf32, #blocked>
    %r = arith.select %c, %a, %two : tensor<512xf32, #blocked>
    tt.return %r : tensor<512xf32, #blocked>
  }

  // Pointer arithmetic: splat then one GEP per element, scaled by the pointee.
  // CHECK-LABEL: llvm.func internal @addptr
  // CHECK-COUNT-4: llvm.getelementptr %arg0[%{{.*}}] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f16
  tt.func private @addptr(%p: !tt.ptr<f16>, %o: tensor<512xi32, #blocked>) -> tensor<512x!tt.ptr<f16>, #blocked> {
    %s = tt.splat %p : !tt.ptr<f16> -> tensor<512x!tt.ptr<f16>, #blocked>
    %q = tt.addptr %s, %o : tensor<512x!tt.ptr<f16>, #blocked>, tensor<512xi32, #blocked>
    tt.return %q : tensor<512x!tt.ptr<f16>, #blocked>
  }

  // Casts between pointers and integers, element by element.
  // CHECK-LABEL: llvm.func internal @casts
  // CHECK-COUNT-4: llvm.ptrtoint %{{.*}} : !llvm.ptr<1> to i64
  // CHECK-COUNT-4: llvm.inttoptr %{{.*}} : i64 to !llvm.ptr<1>
  // CHECK-COUNT-4: llvm.bitcast %{{.*}} : f32 to i32
  tt.func private @casts(%p: tensor<512x!tt.ptr<f32>, #blocked>, %j: tensor<512xi64, #blocked>, %f: tensor<512xf32, #blocked>) -> (tensor<512xi64, #blocked>, tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xi32, #blocked>) {
    %i = tt.ptr_to_int %p : tensor<512x!tt.ptr<f32>, #blocked> -> tensor<512xi64, #blocked>
    %q = tt.int_to_ptr %j : tensor<512xi64, #blocked> -> tensor<512x!tt.ptr<f32>, #blocked>
    %b = tt.bitcast %f : tensor<512xf32, #blocked> -> tensor<512xi32, #blocked>
    tt.return %i, %q, %b : tensor<512xi64, #blocked>, tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
  }

  // Math without an NVPTX instruction calls libdevice.
  // CHECK-LABEL: llvm.func internal @math
  // CHECK-COUNT-4: llvm.call @__nv_sinf
  tt.func private @math(%a: tensor<512xf32, #blocked>) -> tensor<512xf32, #blocked> {
    %s = math.sin %a : tensor<512xf32, #blocked>
    tt.return %s : tensor<512xf32, #blocked>
  }
}

// -----

// Axis info proves the comparison constant over blocks of 4 elements along
// dim 0 (pid * 64 + row < n with n divisible by 16... rows in one block of 16
// agree): each thread compares once per block it holds.
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @dedup
  // 32 registers per thread, rows r, r+2, ..., r+62: blocks of 16 rows hold 8
  // of them, so 4 comparisons.
  // CHECK-COUNT-4: llvm.icmp "slt"
  // CHECK-NOT: llvm.icmp "slt"
  // CHECK: llvm.return
  tt.func public @dedup(%n: i32 {tt.divisibility = 16 : i32}, %out: !tt.ptr<i8> {tt.divisibility = 16 : i32}) {
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %e = tt.expand_dims %r {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<64x1xi32, #blocked>
    %b = tt.broadcast %e : tensor<64x1xi32, #blocked> -> tensor<64x64xi32, #blocked>
    %ns = tt.splat %n : i32 -> tensor<64x64xi32, #blocked>
    %m = arith.cmpi slt, %b, %ns : tensor<64x64xi32, #blocked>
    %v = arith.extui %m : tensor<64x64xi1, #blocked> to tensor<64x64xi8, #blocked>
    %c = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %ce = tt.expand_dims %c {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x64xi32, #blocked>
    %cb = tt.broadcast %ce : tensor<1x64xi32, #blocked> -> tensor<64x64xi32, #blocked>
    %c64 = arith.constant dense<64> : tensor<64x64xi32, #blocked>
    %rows = arith.muli %b, %c64 : tensor<64x64xi32, #blocked>
    %offs = arith.addi %rows, %cb : tensor<64x64xi32, #blocked>
    %p = tt.splat %out : !tt.ptr<i8> -> tensor<64x64x!tt.ptr<i8>, #blocked>
    %q = tt.addptr %p, %offs : tensor<64x64x!tt.ptr<i8>, #blocked>, tensor<64x64xi32, #blocked>
    tt.store %q, %v : tensor<64x64x!tt.ptr<i8>, #blocked>
    tt.return
  }
}
