// math.erfc, asinh, acosh and atanh run as the C functions of their names, in
// float for f32 (as the other math ops do).
// RUN: triton-run %s --grid 1 --arg 'out=f32[4]:zeros' --print out | FileCheck %s
// CHECK: out:
// CHECK-NEXT: [1.8437972 2.086176  2.3290656 2.7085013]

module {
  tt.func public @k(%out: !tt.ptr<f32>) {
    %r = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
    %f = arith.sitofp %r : tensor<4xi32> to tensor<4xf32>
    %h = arith.constant dense<0.25> : tensor<4xf32>
    %x = arith.mulf %f, %h : tensor<4xf32>
    %one = arith.constant dense<1.5> : tensor<4xf32>
    %y = arith.addf %x, %one : tensor<4xf32>
    %a = math.erfc %x : tensor<4xf32>
    %b = math.asinh %a : tensor<4xf32>
    %c = math.acosh %y : tensor<4xf32>
    %d = math.atanh %x : tensor<4xf32>
    %s0 = arith.addf %b, %c : tensor<4xf32>
    %s = arith.addf %s0, %d : tensor<4xf32>
    %p = tt.splat %out : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>
    %q = tt.addptr %p, %r : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
    tt.store %q, %s : tensor<4x!tt.ptr<f32>>
    tt.return
  }
}
