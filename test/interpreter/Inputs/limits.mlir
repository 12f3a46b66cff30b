// Kernels that run away or ask for too much; triton-run's budgets stop each
// with an error at the op it reached (limits.test).
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // Never ends: the loop's condition is always true.
  tt.func public @spin(%out: !tt.ptr<i32>) {
    %true = arith.constant true
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %n = scf.while (%i = %c0) : (i32) -> i32 {
      scf.condition(%true) %i : i32
    } do {
    ^bb0(%j: i32):
      %k = arith.addi %j, %c1 : i32
      scf.yield %k : i32
    }
    tt.store %out, %n : !tt.ptr<i32>
    tt.return
  }
  // Nothing but terminators in the loop: they are steps too.
  tt.func public @spin_empty() {
    %true = arith.constant true
    scf.while : () -> () {
      scf.condition(%true)
    } do {
      scf.yield
    }
    tt.return
  }
  // Each program counts to n; the budget runs out in a later program.
  tt.func public @count(%out: !tt.ptr<i32>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> (i32) : i32 {
      %a = arith.addi %acc, %i : i32
      scf.yield %a : i32
    }
    %pid = tt.get_program_id x : i32
    %p = tt.addptr %out, %pid : !tt.ptr<i32>, i32
    tt.store %p, %s : !tt.ptr<i32>
    tt.return
  }
  // Four values of 1024 elements (8 KiB each on the host) held at once.
  tt.func public @four_values(%out: !tt.ptr<f32>) {
    %r = tt.make_range {start = 0 : i32, end = 1024 : i32} : tensor<1024xi32>
    %a = arith.sitofp %r : tensor<1024xi32> to tensor<1024xf32>
    %b = arith.addf %a, %a : tensor<1024xf32>
    %c = arith.mulf %a, %b : tensor<1024xf32>
    %p = tt.splat %out : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
    %q = tt.addptr %p, %r : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
    tt.store %q, %c : tensor<1024x!tt.ptr<f32>>
    tt.return
  }
  // 2^40 elements: refused before anything is allocated.
  tt.func public @huge_tensor(%out: !tt.ptr<f32>) {
    %c = arith.constant dense<1.0> : tensor<1099511627776xf32>
    tt.return
  }
  // 2^80 elements: the element count itself overflows.
  tt.func public @overflowing_tensor(%out: !tt.ptr<f32>) {
    %c = arith.constant dense<1.0> : tensor<1099511627776x1099511627776xf32>
    tt.return
  }
  // 2^32 elements of shared memory.
  tt.func public @huge_shared(%out: !tt.ptr<f32>) {
    %buf = ttg.local_alloc : () -> !ttg.memdesc<65536x65536xf32, #shared, #smem, mutable>
    tt.return
  }
  // 1 KiB of global scratch for each program.
  tt.func public @scratch(%out: !tt.ptr<f32>) {
    %s = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 1024 : i32} : !tt.ptr<i8>
    tt.return
  }
  // 65 dimensions.
  tt.func public @high_rank(%out: !tt.ptr<f32>) {
    %c = arith.constant dense<0.0> : tensor<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1xf32>
    tt.return
  }
}
