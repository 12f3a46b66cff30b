// RUN: triton-opt %s -split-input-file -tritonamdgpu-canonicalize-pointers | FileCheck %s
// RUN: triton-opt %s -split-input-file -tritonamdgpu-canonicalize-pointers='enable-large-tensor-ptr-canon=true' | FileCheck %s --check-prefix=LARGE

// A root marked tt.pointer_range = 32: the splatted part of the offsets
// (program id * 1024) moves into a scalar addptr on the base; a second
// addptr's offsets are summed with the first's. The unmarked root, and any
// root under the option where pid * 1024 may wrap, is left alone.
// CHECK-LABEL: tt.func @add
// CHECK: %[[R:.*]] = tt.make_range
// CHECK: %[[START:.*]] = arith.muli
// CHECK: %[[B:.*]] = tt.addptr %arg0, %[[START]] : !tt.ptr<f32>, i32
// CHECK: %[[S:.*]] = tt.splat %[[B]] : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
// CHECK: %[[P:.*]] = tt.addptr %[[S]], %[[R]] : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
// CHECK: tt.load %[[P]]
// CHECK: %[[B2:.*]] = tt.addptr %arg0, %[[START]] : !tt.ptr<f32>, i32
// CHECK: %[[SUM:.*]] = arith.addi %[[R]], %[[R]] : tensor<1024xi32, #blocked>
// CHECK: %[[S2:.*]] = tt.splat %[[B2]]
// CHECK: %[[P2:.*]] = tt.addptr %[[S2]], %[[SUM]]
// CHECK: tt.store %[[P2]]
// CHECK: %[[Y:.*]] = tt.splat %arg1
// CHECK: %[[YP:.*]] = tt.addptr %[[Y]], %{{.*}}
// CHECK: tt.load %[[YP]]
// LARGE-LABEL: tt.func @add
// LARGE: tt.addptr %arg0, %{{.*}} : !tt.ptr<f32>, i32
// LARGE: %[[Y:.*]] = tt.splat %arg1
// LARGE: %[[YP:.*]] = tt.addptr %[[Y]], %{{.*}}
// LARGE: tt.load %[[YP]]
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [64], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @add(%x: !tt.ptr<f32> {tt.pointer_range = 32 : i32}, %y: !tt.ptr<f32>) {
    %c1024 = arith.constant 1024 : i32
    %pid = tt.get_program_id x : i32
    %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
    %start = arith.muli %pid, %c1024 : i32
    %st = tt.splat %start : i32 -> tensor<1024xi32, #blocked>
    %offs = arith.addi %st, %r : tensor<1024xi32, #blocked>
    %s = tt.splat %x : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
    %p = tt.addptr %s, %offs : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    %v = tt.load %p : tensor<1024x!tt.ptr<f32>, #blocked>
    %p2 = tt.addptr %p, %r : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    tt.store %p2, %v : tensor<1024x!tt.ptr<f32>, #blocked>
    %ys = tt.splat %y : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
    %yp = tt.addptr %ys, %offs : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    %w = tt.load %yp : tensor<1024x!tt.ptr<f32>, #blocked>
    tt.return
  }
}

// -----

// Under the option an unmarked root is rewritten where the bounds show the
// regrouping exact: a splat of a bounded scalar plus a range.
// CHECK-LABEL: tt.func @bounded
// CHECK: %[[S:.*]] = tt.splat %arg0
// CHECK: tt.addptr %[[S]]
// LARGE-LABEL: tt.func @bounded
// LARGE: %[[R:.*]] = tt.make_range
// LARGE: %[[B:.*]] = tt.addptr %arg0, %{{.*}} : !tt.ptr<f16>, i32
// LARGE: %[[S:.*]] = tt.splat %[[B]]
// LARGE: %[[P:.*]] = tt.addptr %[[S]], %[[R]]
// LARGE: tt.load %[[P]]
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [64], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @bounded(%x: !tt.ptr<f16>) {
    %c8 = arith.constant 8 : i32
    %c256 = arith.constant 256 : i32
    %pid = tt.get_program_id x : i32
    %g = arith.remsi %pid, %c8 : i32
    %start = arith.muli %g, %c256 : i32
    %r = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #blocked>
    %st = tt.splat %start : i32 -> tensor<256xi32, #blocked>
    %offs = arith.addi %st, %r : tensor<256xi32, #blocked>
    %s = tt.splat %x : !tt.ptr<f16> -> tensor<256x!tt.ptr<f16>, #blocked>
    %p = tt.addptr %s, %offs : tensor<256x!tt.ptr<f16>, #blocked>, tensor<256xi32, #blocked>
    %v = tt.load %p : tensor<256x!tt.ptr<f16>, #blocked>
    tt.return
  }
}
