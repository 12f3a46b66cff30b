// x + poison: canonicalize folds it to poison, which the interpreter reads as
// zero, so the kernel stores other values after the pipeline than before.
tt.func public @k(%p: !tt.ptr<i32>) {
  %r = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
  %u = ub.poison : tensor<8xi32>
  %s = arith.addi %r, %u : tensor<8xi32>
  %ps = tt.splat %p : !tt.ptr<i32> -> tensor<8x!tt.ptr<i32>>
  %q = tt.addptr %ps, %r : tensor<8x!tt.ptr<i32>>, tensor<8xi32>
  tt.store %q, %s : tensor<8x!tt.ptr<i32>>
  tt.return
}
