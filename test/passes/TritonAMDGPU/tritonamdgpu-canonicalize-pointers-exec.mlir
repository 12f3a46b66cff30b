// Loop-carried and if-selected pointers rewritten as (base, offset) pairs
// keep the kernel's results (checked by execution: the output buffer is the
// same after the pass), by default (pointer_range = 32 roots only) and with
// every root under enable-large-tensor-ptr-canon; and the pass did carry
// the pairs through the loop.
// RUN: triton-run %s --grid 2 --arg 'x=f32[2048]:rand(1)' --arg 'y=f32[2048]:rand(2)' \
// RUN:   --arg 'out=f32[512]:zeros' \
// RUN:   --compare-after='builtin.module(tt.func(tritonamdgpu-canonicalize-pointers))'
// RUN: triton-run %s --grid 2 --arg 'x=f32[2048]:rand(3)' --arg 'y=f32[2048]:rand(4)' \
// RUN:   --arg 'out=f32[512]:zeros' \
// RUN:   --compare-after='builtin.module(tt.func(tritonamdgpu-canonicalize-pointers{enable-large-tensor-ptr-canon=true}))'
// RUN: triton-opt %s -tritonamdgpu-canonicalize-pointers | FileCheck %s
// RUN: triton-opt %s -tritonamdgpu-canonicalize-pointers='enable-large-tensor-ptr-canon=true' | FileCheck %s --check-prefix=LARGE
// CHECK: scf.for {{.*}} -> (!tt.ptr<f32>, tensor<256xi32>, tensor<256x!tt.ptr<f32>>, tensor<256xf32>)
// CHECK: scf.if {{.*}} -> (!tt.ptr<f32>, tensor<256xi32>)
// LARGE: scf.for {{.*}} -> (!tt.ptr<f32>, tensor<256xi32>, !tt.ptr<f32>, tensor<256xi64>, tensor<256xf32>)
// LARGE: scf.if {{.*}} -> (!tt.ptr<f32>, tensor<256xi32>)
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func public @tiles(%x: !tt.ptr<f32> {tt.pointer_range = 32 : i32}, %y: !tt.ptr<f32>, %out: !tt.ptr<f32> {tt.pointer_range = 32 : i32}) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c4 = arith.constant 4 : i32
    %c255 = arith.constant 255 : i32
    %c256 = arith.constant 256 : i32
    %step = arith.constant dense<256> : tensor<256xi32>
    %zero = arith.constant dense<0.0> : tensor<256xf32>
    %pid = tt.get_program_id x : i32
    %start = arith.muli %pid, %c256 : i32
    %r = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
    %ss = tt.splat %start : i32 -> tensor<256xi32>
    %offs = arith.addi %ss, %r : tensor<256xi32>
    %xs = tt.splat %x : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
    %xp = tt.addptr %xs, %offs : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
    %ys = tt.splat %y : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
    %yp = tt.addptr %ys, %offs : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
    // Four tiles of x and y, 256 apart: pid 0 reads tiles 0..3, pid 1 1..4.
    %res:3 = scf.for %i = %c0 to %c4 step %c1 iter_args(%px = %xp, %py = %yp, %acc = %zero) -> (tensor<256x!tt.ptr<f32>>, tensor<256x!tt.ptr<f32>>, tensor<256xf32>) : i32 {
      %a = tt.load %px : tensor<256x!tt.ptr<f32>>
      %b = tt.load %py : tensor<256x!tt.ptr<f32>>
      %ab = arith.mulf %a, %b : tensor<256xf32>
      %acc2 = arith.addf %acc, %ab : tensor<256xf32>
      %px2 = tt.addptr %px, %step : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
      %py2 = tt.addptr %py, %step : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
      scf.yield %px2, %py2, %acc2 : tensor<256x!tt.ptr<f32>>, tensor<256x!tt.ptr<f32>>, tensor<256xf32>
    }
    // Program 0 stores its row as is, program 1 reversed.
    %os = tt.splat %out : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
    %first = arith.cmpi eq, %pid, %c0 : i32
    %dst = scf.if %first -> tensor<256x!tt.ptr<f32>> {
      %p = tt.addptr %os, %offs : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
      scf.yield %p : tensor<256x!tt.ptr<f32>>
    } else {
      %last = arith.addi %start, %c255 : i32
      %ls = tt.splat %last : i32 -> tensor<256xi32>
      %rev = arith.subi %ls, %r : tensor<256xi32>
      %p = tt.addptr %os, %rev : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
      scf.yield %p : tensor<256x!tt.ptr<f32>>
    }
    tt.store %dst, %res#2 : tensor<256x!tt.ptr<f32>>
    tt.return
  }
}
