// RUN: triton-opt %s -split-input-file -test-print-allocation -verify-diagnostics -o /dev/null
// RUN: triton-opt %s -split-input-file -allocate-shared-memory 2>&1 | FileCheck %s

#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
// Two buffers alive together get disjoint offsets; one allocated after the
// first died reuses its bytes.
// CHECK: ttg.shared = 1536 : i32
// CHECK-LABEL: tt.func public @lifetimes
// CHECK: ttg.local_alloc {allocation.offset = 0 : i32}
// CHECK: ttg.local_alloc {allocation.offset = 1024 : i32}
// CHECK: ttg.local_alloc {allocation.offset = 0 : i32}
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // expected-remark @below {{size = 1536}}
  tt.func public @lifetimes(%x: tensor<256xf32, #blocked>) {
    // expected-remark @below {{explicit offset = 0, size = 1024}}
    %a = ttg.local_alloc : () -> !ttg.memdesc<256xf32, #shared, #smem, mutable>
    // expected-remark @below {{explicit offset = 1024, size = 512}}
    %b = ttg.local_alloc : () -> !ttg.memdesc<128xf32, #shared, #smem, mutable>
    ttg.local_store %x, %a : tensor<256xf32, #blocked> -> !ttg.memdesc<256xf32, #shared, #smem, mutable>
    ttg.local_dealloc %a : !ttg.memdesc<256xf32, #shared, #smem, mutable>
    ttg.local_dealloc %b : !ttg.memdesc<128xf32, #shared, #smem, mutable>
    // expected-remark @below {{explicit offset = 0, size = 1024}}
    %c = ttg.local_alloc %x : (tensor<256xf32, #blocked>) -> !ttg.memdesc<256xf32, #shared, #smem>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
// A buffer used inside a loop lives through the whole loop, views included:
// the reduction in the loop may not reuse its bytes.
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // expected-remark @below {{size = 3080}}
  tt.func public @loop(%x: tensor<256xf32, #blocked>, %n: i32) -> f32 {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %f0 = arith.constant 0.0 : f32
    // expected-remark @below {{explicit offset = 0, size = 3072}}
    %a = ttg.local_alloc : () -> !ttg.memdesc<3x256xf32, #shared, #smem, mutable>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %f0) -> (f32) : i32 {
      %v = ttg.memdesc_index %a[%i] : !ttg.memdesc<3x256xf32, #shared, #smem, mutable> -> !ttg.memdesc<256xf32, #shared, #smem, mutable>
      %t = ttg.local_load %v : !ttg.memdesc<256xf32, #shared, #smem, mutable> -> tensor<256xf32, #blocked>
      // 256 elements fill two of the four warps: one f32 slot for each.
      // expected-remark @below {{scratch offset = 3072, size = 8}}
      %s = "tt.reduce"(%t) <{axis = 0 : i32}> ({
      ^bb0(%p: f32, %q: f32):
        %m = arith.addf %p, %q : f32
        tt.reduce.return %m : f32
      }) : (tensor<256xf32, #blocked>) -> f32
      %next = arith.addf %acc, %s : f32
      scf.yield %next : f32
    }
    tt.return %r : f32
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1]}>
#blocked2 = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
// Scratch: a reduction within warps needs none; a layout change that stays in
// each warp and sends registers to one run of lanes needs none (shuffles),
// one that crosses warps needs the whole tensor; a scalar atomic whose old
// value is used needs one element.
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // expected-remark @below {{size = 16384}}
  tt.func public @scratch(%x: tensor<4x128xf32, #blocked>, %y: tensor<64x128xf16, #blocked>, %p: !tt.ptr<i32>, %v: i32) -> i32 {
    %s = "tt.reduce"(%x) <{axis = 1 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %m = arith.maxnumf %a, %b : f32
      tt.reduce.return %m : f32
    }) : (tensor<4x128xf32, #blocked>) -> tensor<4xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %in = ttg.convert_layout %x : tensor<4x128xf32, #blocked> -> tensor<4x128xf32, #blocked2>
    // expected-remark @below {{scratch offset = 0, size = 16384}}
    %cross = ttg.convert_layout %y : tensor<64x128xf16, #blocked> -> tensor<64x128xf16, #blocked1>
    // expected-remark @below {{scratch offset = 0, size = 4}}
    %old = tt.atomic_rmw add, acq_rel, gpu, %p, %v : (!tt.ptr<i32>, i32) -> i32
    %unused = tt.atomic_rmw add, acq_rel, gpu, %p, %v : (!tt.ptr<i32>, i32) -> i32
    // expected-remark @below {{scratch offset = 0, size = 2048}}
    %wide = ttg.convert_layout %x : tensor<4x128xf32, #blocked> -> tensor<4x128xf32, #blocked1>
    tt.return %old : i32
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// A call holds its callee's shared memory; the module's size is its
// kernels' largest.
// CHECK: ttg.shared = 512 : i32
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // expected-remark @below {{size = 512}}
  tt.func private @helper(%x: tensor<128xf32, #blocked>) -> tensor<128xf32, #blocked> {
    %c = ttg.convert_layout %x : tensor<128xf32, #blocked> -> tensor<128xf32, #ttg.slice<{dim = 1, parent = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>}>>
    // expected-remark @above {{scratch offset = 0, size = 512}}
    // Back also goes through memory: the slice layout broadcasts to every
    // warp, and a warp does not pick its part out of the copy.
    // expected-remark @below {{scratch offset = 0, size = 512}}
    %d = ttg.convert_layout %c : tensor<128xf32, #ttg.slice<{dim = 1, parent = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>}>> -> tensor<128xf32, #blocked>
    tt.return %d : tensor<128xf32, #blocked>
  }
  // expected-remark @below {{size = 512}}
  tt.func public @kernel(%x: tensor<128xf32, #blocked>) -> tensor<128xf32, #blocked> {
    // expected-remark @below {{scratch offset = 0, size = 512}}
    %r = tt.call @helper(%x) : (tensor<128xf32, #blocked>) -> tensor<128xf32, #blocked>
    tt.return %r : tensor<128xf32, #blocked>
  }
}

// -----

// A gather whose columns stay in one warp takes no scratch (the lowering
// shuffles; allocation-gather.mlir has more); a histogram takes its bins, at
// least a warp's 32 (as Triton 3.6).
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK: ttg.shared = 128 : i32
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // expected-remark @below {{size = 128}}
  tt.func public @gather_histogram(%x: tensor<16x32xf32, #blocked>, %i: tensor<16x32xi32, #blocked>, %v: tensor<128xi32, #blocked1>) {
    %g = tt.gather %x[%i] {axis = 1 : i32} : (tensor<16x32xf32, #blocked>, tensor<16x32xi32, #blocked>) -> tensor<16x32xf32, #blocked>
    // expected-remark @below {{scratch offset = 0, size = 128}}
    %h = tt.histogram %v : tensor<128xi32, #blocked1> -> tensor<8xi32, #blocked1>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
// A loop already lowered to branches (make_llir runs convert-scf-to-cf
// before allocating): %a, made before the loop and read in its body, stays
// live through the back edge, so the buffer allocated later in the body
// does not reuse its bytes (it did, and the loop's second iteration read
// clobbered data).
// CHECK-LABEL: tt.func public @cf_loop
// CHECK: ttg.local_alloc %{{.*}} {allocation.offset = 0 : i32}
// CHECK: ttg.local_alloc %{{.*}} {allocation.offset = 1024 : i32}
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // expected-remark @below {{size = 2048}}
  tt.func public @cf_loop(%x: tensor<256xf32, #blocked>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    // expected-remark @below {{explicit offset = 0, size = 1024}}
    %a = ttg.local_alloc %x : (tensor<256xf32, #blocked>) -> !ttg.memdesc<256xf32, #shared, #smem>
    cf.br ^bb1(%c0, %x : i32, tensor<256xf32, #blocked>)
  ^bb1(%i: i32, %acc: tensor<256xf32, #blocked>):
    %more = arith.cmpi slt, %i, %n : i32
    cf.cond_br %more, ^bb2, ^bb3
  ^bb2:
    %v = ttg.local_load %a : !ttg.memdesc<256xf32, #shared, #smem> -> tensor<256xf32, #blocked>
    %s = arith.addf %acc, %v : tensor<256xf32, #blocked>
    // expected-remark @below {{explicit offset = 1024, size = 1024}}
    %b = ttg.local_alloc %s : (tensor<256xf32, #blocked>) -> !ttg.memdesc<256xf32, #shared, #smem>
    %w = ttg.local_load %b : !ttg.memdesc<256xf32, #shared, #smem> -> tensor<256xf32, #blocked>
    %next = arith.addi %i, %c1 : i32
    cf.br ^bb1(%next, %w : i32, tensor<256xf32, #blocked>)
  ^bb3:
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
// The regions of a ttg.warp_specialize run at once: a buffer made and dead in
// the default region and one made in a partition, whose program-order spans
// do not meet, still get disjoint bytes.
// CHECK-LABEL: tt.func public @concurrent_regions
// CHECK: ttg.local_alloc %{{.*}} {allocation.offset = [[D:[0-9]+]] : i32}
// CHECK: partition0
// CHECK-NOT: allocation.offset = [[D]] :
// CHECK: ttg.local_alloc %{{.*}} {allocation.offset = {{[0-9]+}} : i32}
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // expected-remark @below {{size = 2048}}
  tt.func public @concurrent_regions(%x: tensor<256xf32, #blocked>) {
    ttg.warp_specialize(%x) attributes {requestedRegisters = array<i32: 40>}
    default {
      %c = arith.constant dense<1.0> : tensor<256xf32, #blocked>
      // expected-remark @below {{explicit offset = 0, size = 1024}}
      %a = ttg.local_alloc %c : (tensor<256xf32, #blocked>) -> !ttg.memdesc<256xf32, #shared, #smem>
      %v = ttg.local_load %a : !ttg.memdesc<256xf32, #shared, #smem> -> tensor<256xf32, #blocked>
      ttg.warp_yield
    }
    partition0(%px: tensor<256xf32, #blocked>) num_warps(4) {
      // expected-remark @below {{explicit offset = 1024, size = 1024}}
      %b = ttg.local_alloc %px : (tensor<256xf32, #blocked>) -> !ttg.memdesc<256xf32, #shared, #smem>
      %w = ttg.local_load %b : !ttg.memdesc<256xf32, #shared, #smem> -> tensor<256xf32, #blocked>
      ttg.warp_return
    } : (tensor<256xf32, #blocked>) -> ()
    tt.return
  }
}
