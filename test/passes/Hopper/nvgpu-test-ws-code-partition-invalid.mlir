// RUN: triton-opt %s -split-input-file --nvgpu-test-ws-code-partition -verify-diagnostics -o /dev/null
// What code partition does not build yet: each a located error.

#blk = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // Consumer 1 computing a value for consumer 2.
  tt.func public @consumer_to_consumer(%p: tensor<64x32x!tt.ptr<f16>, #blk>, %n: i32) {
    %c0 = arith.constant {async_task_id = array<i32: 0, 1, 2>} 0 : i32
    %c1 = arith.constant {async_task_id = array<i32: 0, 1, 2>} 1 : i32
    scf.for %i = %c0 to %n step %c1 : i32 {
      %v = tt.load %p {async_task_id = array<i32: 0>} : tensor<64x32x!tt.ptr<f16>, #blk>
      %w = arith.addf %v, %v {async_task_id = array<i32: 1>} : tensor<64x32xf16, #blk>
      // expected-error @+1 {{handing a value from tasks [1] to tasks [2] is not supported yet}}
      %x = arith.mulf %w, %w {async_task_id = array<i32: 2>} : tensor<64x32xf16, #blk>
    } {async_task_id = array<i32: 0, 1, 2>}
    tt.return
  }
}

// -----

#blk = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // A scalar handed from the producer to a consumer.
  tt.func public @scalar_channel(%p: !tt.ptr<f32>, %q: !tt.ptr<f32>) {
    // expected-error @+1 {{handing a 'f32' from the producer to consumers is not supported yet}}
    %v = tt.load %p {async_task_id = array<i32: 0>} : !tt.ptr<f32>
    tt.store %q, %v {async_task_id = array<i32: 1>} : !tt.ptr<f32>
    tt.return
  }
}

// -----

#blk = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // A consumer reading an iteration value the producer alone carries.
  tt.func public @carried_by_producer(%p: tensor<64x32x!tt.ptr<f16>, #blk>, %q: !tt.ptr<f16>, %n: i32) {
    %c0 = arith.constant {async_task_id = array<i32: 0, 1>} 0 : i32
    %c1 = arith.constant {async_task_id = array<i32: 0, 1>} 1 : i32
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%s = %c0) -> (i32) : i32 {
      %t = arith.addi %s, %c1 {async_task_id = array<i32: 0>} : i32
      // expected-error @+1 {{task 1 reads a value that it does not compute (not supported yet)}}
      scf.yield {async_task_id = array<i32: 0, 1>} %t : i32
    } {async_task_id = array<i32: 0, 1>}
    %qs = tt.splat %q {async_task_id = array<i32: 1>} : !tt.ptr<f16> -> tensor<64x32x!tt.ptr<f16>, #blk>
    %rs = tt.splat %r {async_task_id = array<i32: 1>} : i32 -> tensor<64x32xi32, #blk>
    %qo = tt.addptr %qs, %rs {async_task_id = array<i32: 1>} : tensor<64x32x!tt.ptr<f16>, #blk>, tensor<64x32xi32, #blk>
    tt.return
  }
}

// -----

#blk = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // A handover inside an scf.if (its count would depend on the branch).
  tt.func public @channel_in_if(%p: tensor<64x32x!tt.ptr<f16>, #blk>, %q: !tt.ptr<f16>, %c: i1) {
    // expected-error @+1 {{a channel inside 'scf.if' is not supported yet: only loops and the function body}}
    scf.if %c {
      %v = tt.load %p {async_task_id = array<i32: 0>} : tensor<64x32x!tt.ptr<f16>, #blk>
      %qs = tt.splat %q {async_task_id = array<i32: 1>} : !tt.ptr<f16> -> tensor<64x32x!tt.ptr<f16>, #blk>
      tt.store %qs, %v {async_task_id = array<i32: 1>} : tensor<64x32x!tt.ptr<f16>, #blk>
    } {async_task_id = array<i32: 0, 1>}
    tt.return
  }
}
