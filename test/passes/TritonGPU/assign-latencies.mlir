// RUN: triton-opt %s -split-input-file -tritongpu-assign-latencies=num-stages=3 | FileCheck %s

// The A and B loads of a dot are fetched num-stages - 1 iterations ahead.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: @dot_operands
  // CHECK: tt.load {{.*}} {tt.latency = 2 : i32}
  // CHECK: tt.load {{.*}} {tt.latency = 2 : i32}
  // CHECK: tt.dot
  // CHECK-NOT: tt.latency
  tt.func @dot_operands(%p: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %n: i32) -> tensor<32x32xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c32 = arith.constant dense<32> : tensor<32x32xi32, #blocked>
    %zero = arith.constant dense<0.000000e+00> : tensor<32x32xf32, #mma>
    %r = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %e = tt.expand_dims %r {axis = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x32xi32, #blocked>
    %o = tt.broadcast %e : tensor<1x32xi32, #blocked> -> tensor<32x32xi32, #blocked>
    %s = tt.splat %p : !tt.ptr<f16> -> tensor<32x32x!tt.ptr<f16>, #blocked>
    %ptrs = tt.addptr %s, %o : tensor<32x32x!tt.ptr<f16>, #blocked>, tensor<32x32xi32, #blocked>
    %res:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero, %pa = %ptrs) -> (tensor<32x32xf32, #mma>, tensor<32x32x!tt.ptr<f16>, #blocked>)  : i32 {
      %a = tt.load %pa : tensor<32x32x!tt.ptr<f16>, #blocked>
      %b = tt.load %ptrs : tensor<32x32x!tt.ptr<f16>, #blocked>
      %ad = ttg.convert_layout %a : tensor<32x32xf16, #blocked> -> tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %bd = ttg.convert_layout %b : tensor<32x32xf16, #blocked> -> tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
      %d = tt.dot %ad, %bd, %acc : tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<32x32xf32, #mma>
      %next = tt.addptr %pa, %c32 : tensor<32x32x!tt.ptr<f16>, #blocked>, tensor<32x32xi32, #blocked>
      scf.yield %d, %next : tensor<32x32xf32, #mma>, tensor<32x32x!tt.ptr<f16>, #blocked>
    }
    tt.return %res#0 : tensor<32x32xf32, #mma>
  }
}

// -----

// A loop's own tt.num_stages wins over the option; 1 leaves it alone.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: @loop_stages
  // CHECK: tt.load {{.*}} {tt.latency = 1 : i32}
  // CHECK: tt.load {{.*}} {tt.latency = 1 : i32}
  tt.func @loop_stages(%p: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %n: i32) -> tensor<32x32xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c32 = arith.constant dense<32> : tensor<32x32xi32, #blocked>
    %zero = arith.constant dense<0.000000e+00> : tensor<32x32xf32, #mma>
    %r = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %e = tt.expand_dims %r {axis = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x32xi32, #blocked>
    %o = tt.broadcast %e : tensor<1x32xi32, #blocked> -> tensor<32x32xi32, #blocked>
    %s = tt.splat %p : !tt.ptr<f16> -> tensor<32x32x!tt.ptr<f16>, #blocked>
    %ptrs = tt.addptr %s, %o : tensor<32x32x!tt.ptr<f16>, #blocked>, tensor<32x32xi32, #blocked>
    %res:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero, %pa = %ptrs) -> (tensor<32x32xf32, #mma>, tensor<32x32x!tt.ptr<f16>, #blocked>)  : i32 {
      %a = tt.load %pa : tensor<32x32x!tt.ptr<f16>, #blocked>
      %b = tt.load %ptrs : tensor<32x32x!tt.ptr<f16>, #blocked>
      %ad = ttg.convert_layout %a : tensor<32x32xf16, #blocked> -> tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %bd = ttg.convert_layout %b : tensor<32x32xf16, #blocked> -> tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
      %d = tt.dot %ad, %bd, %acc : tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<32x32xf32, #mma>
      %next = tt.addptr %pa, %c32 : tensor<32x32x!tt.ptr<f16>, #blocked>, tensor<32x32xi32, #blocked>
      scf.yield %d, %next : tensor<32x32xf32, #mma>, tensor<32x32x!tt.ptr<f16>, #blocked>
    } {tt.num_stages = 2 : i32}
    tt.return %res#0 : tensor<32x32xf32, #mma>
  }

  // CHECK-LABEL: @not_pipelined
  // CHECK-NOT: tt.latency
  // CHECK: tt.return
  tt.func @not_pipelined(%p: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %n: i32) -> tensor<32x32xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c32 = arith.constant dense<32> : tensor<32x32xi32, #blocked>
    %zero = arith.constant dense<0.000000e+00> : tensor<32x32xf32, #mma>
    %r = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %e = tt.expand_dims %r {axis = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x32xi32, #blocked>
    %o = tt.broadcast %e : tensor<1x32xi32, #blocked> -> tensor<32x32xi32, #blocked>
    %s = tt.splat %p : !tt.ptr<f16> -> tensor<32x32x!tt.ptr<f16>, #blocked>
    %ptrs = tt.addptr %s, %o : tensor<32x32x!tt.ptr<f16>, #blocked>, tensor<32x32xi32, #blocked>
    %res:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero, %pa = %ptrs) -> (tensor<32x32xf32, #mma>, tensor<32x32x!tt.ptr<f16>, #blocked>)  : i32 {
      %a = tt.load %pa : tensor<32x32x!tt.ptr<f16>, #blocked>
      %b = tt.load %ptrs : tensor<32x32x!tt.ptr<f16>, #blocked>
      %ad = ttg.convert_layout %a : tensor<32x32xf16, #blocked> -> tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %bd = ttg.convert_layout %b : tensor<32x32xf16, #blocked> -> tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
      %d = tt.dot %ad, %bd, %acc : tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<32x32xf32, #mma>
      %next = tt.addptr %pa, %c32 : tensor<32x32x!tt.ptr<f16>, #blocked>, tensor<32x32xi32, #blocked>
      scf.yield %d, %next : tensor<32x32xf32, #mma>, tensor<32x32x!tt.ptr<f16>, #blocked>
    } {tt.num_stages = 1 : i32}
    tt.return %res#0 : tensor<32x32xf32, #mma>
  }
}

// -----

// Without a dot, loads are pipelined only in loops with tt.num_stages; a load
// cp.async cannot copy (16 bits per thread) never is.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: @no_dot
  // CHECK-NOT: tt.latency
  // CHECK: tt.return
  tt.func @no_dot(%p: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %n: i32) -> tensor<32x32xf16, #blocked> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c32 = arith.constant dense<32> : tensor<32x32xi32, #blocked>
    %zero = arith.constant dense<0.000000e+00> : tensor<32x32xf32, #mma>
    %r = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %e = tt.expand_dims %r {axis = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x32xi32, #blocked>
    %o = tt.broadcast %e : tensor<1x32xi32, #blocked> -> tensor<32x32xi32, #blocked>
    %s = tt.splat %p : !tt.ptr<f16> -> tensor<32x32x!tt.ptr<f16>, #blocked>
    %ptrs = tt.addptr %s, %o : tensor<32x32x!tt.ptr<f16>, #blocked>, tensor<32x32xi32, #blocked>
    %zf = arith.constant dense<0.000000e+00> : tensor<32x32xf16, #blocked>
    %res = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zf) -> (tensor<32x32xf16, #blocked>)  : i32 {
      %a = tt.load %ptrs : tensor<32x32x!tt.ptr<f16>, #blocked>
      %s2 = arith.addf %acc, %a : tensor<32x32xf16, #blocked>
      scf.yield %s2 : tensor<32x32xf16, #blocked>
    }
    tt.return %res : tensor<32x32xf16, #blocked>
  }
  // CHECK-LABEL: @no_dot_with_stages
  // CHECK: tt.load {{.*}} {tt.latency = 1 : i32}
  // CHECK: tt.load
  // CHECK-NOT: tt.latency
  // CHECK: tt.return
  tt.func @no_dot_with_stages(%p: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %n: i32) -> tensor<32x32xf16, #blocked1> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c32 = arith.constant dense<32> : tensor<32x32xi32, #blocked>
    %zero = arith.constant dense<0.000000e+00> : tensor<32x32xf32, #mma>
    %r = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %e = tt.expand_dims %r {axis = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x32xi32, #blocked>
    %o = tt.broadcast %e : tensor<1x32xi32, #blocked> -> tensor<32x32xi32, #blocked>
    %s = tt.splat %p : !tt.ptr<f16> -> tensor<32x32x!tt.ptr<f16>, #blocked>
    %ptrs = tt.addptr %s, %o : tensor<32x32x!tt.ptr<f16>, #blocked>, tensor<32x32xi32, #blocked>
    %zf = arith.constant dense<0.000000e+00> : tensor<32x32xf16, #blocked1>
    %narrow = ttg.convert_layout %ptrs : tensor<32x32x!tt.ptr<f16>, #blocked> -> tensor<32x32x!tt.ptr<f16>, #blocked1>
    %res = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zf) -> (tensor<32x32xf16, #blocked1>)  : i32 {
      %a = tt.load %ptrs : tensor<32x32x!tt.ptr<f16>, #blocked>
      %ac = ttg.convert_layout %a : tensor<32x32xf16, #blocked> -> tensor<32x32xf16, #blocked1>
      %b = tt.load %narrow : tensor<32x32x!tt.ptr<f16>, #blocked1>
      %s1 = arith.addf %acc, %ac : tensor<32x32xf16, #blocked1>
      %s2 = arith.addf %s1, %b : tensor<32x32xf16, #blocked1>
      scf.yield %s2 : tensor<32x32xf16, #blocked1>
    } {tt.num_stages = 2 : i32}
    tt.return %res : tensor<32x32xf16, #blocked1>
  }
}

// -----

// A scalar index feeding a dot operand's address stays an ordinary load
// (3.6 copies 32-bit ones ahead; measured slower here, see
// AssignLatencies.cpp); the operand's own load is pipelined.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: @scalar_index
  // CHECK: tt.load %{{.*}} : !tt.ptr<i32>
  // CHECK: tt.load %{{.*}} : !tt.ptr<i16>
  // CHECK: tt.load %{{.*}} {tt.latency = 2 : i32} : tensor<32x32x!tt.ptr<f16>
  tt.func @scalar_index(%p: tensor<32x32x!tt.ptr<f16>, #blocked> {tt.divisibility = dense<16> : tensor<2xi32>, tt.contiguity = dense<[1, 32]> : tensor<2xi32>}, %idx: !tt.ptr<i32>, %idx16: !tt.ptr<i16>, %b: tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %n: i32) -> tensor<32x32xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c32 = arith.constant 32 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<32x32xf32, #mma>
    %res = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<32x32xf32, #mma>)  : i32 {
      %q = tt.addptr %idx, %i : !tt.ptr<i32>, i32
      %k = tt.load %q : !tt.ptr<i32>
      %q16 = tt.addptr %idx16, %i : !tt.ptr<i16>, i32
      %k16 = tt.load %q16 : !tt.ptr<i16>
      %k16w = arith.extsi %k16 : i16 to i32
      %off = arith.addi %k, %k16w : i32
      %row = arith.muli %off, %c32 : i32
      %offs = tt.splat %row : i32 -> tensor<32x32xi32, #blocked>
      %pa = tt.addptr %p, %offs : tensor<32x32x!tt.ptr<f16>, #blocked>, tensor<32x32xi32, #blocked>
      %a = tt.load %pa : tensor<32x32x!tt.ptr<f16>, #blocked>
      %ad = ttg.convert_layout %a : tensor<32x32xf16, #blocked> -> tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %d = tt.dot %ad, %b, %acc : tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<32x32xf32, #mma>
      scf.yield %d : tensor<32x32xf32, #mma>
    }
    tt.return %res : tensor<32x32xf32, #mma>
  }
}

// -----

// On sm_90 a descriptor load feeding a dot is fetched ahead through TMA;
// one whose block has no layout yet (the descriptor-encoding pass gives it
// an NVMMA one) counts the same. Before sm_90 there is no TMA.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: @descriptor_without_layout
  // CHECK: tt.descriptor_load {{.*}} {tt.latency = 2 : i32}
  tt.func @descriptor_without_layout(%desc: !tt.tensordesc<tensor<64x64xf16>>, %a: !ttg.memdesc<64x64xf16, #shared, #smem>, %n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %res = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf32, #mma>) : i32 {
      %b = tt.descriptor_load %desc[%i, %c0] : !tt.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16, #blocked>
      %bs = ttg.local_alloc %b : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
      %d = ttng.warp_group_dot %a, %bs, %acc : !ttg.memdesc<64x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma>
      scf.yield %d : tensor<64x64xf32, #mma>
    }
    tt.return %res : tensor<64x64xf32, #mma>
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: @descriptor_before_sm90
  // CHECK-NOT: tt.latency
  tt.func @descriptor_before_sm90(%desc: !tt.tensordesc<tensor<32x32xf16>>, %b: tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %n: i32) -> tensor<32x32xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<32x32xf32, #mma>
    %res = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<32x32xf32, #mma>) : i32 {
      %a = tt.descriptor_load %desc[%i, %c0] : !tt.tensordesc<tensor<32x32xf16>> -> tensor<32x32xf16, #blocked>
      %ad = ttg.convert_layout %a : tensor<32x32xf16, #blocked> -> tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %d = tt.dot %ad, %b, %acc : tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<32x32xf32, #mma>
      scf.yield %d : tensor<32x32xf32, #mma>
    }
    tt.return %res : tensor<32x32xf32, #mma>
  }
}

// -----

// A loop with its own stage count also fetches ahead a load that only an op
// other than the dot waits for.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: @dot_and_other_load
  // CHECK: tt.load {{.*}} {tt.latency = 3 : i32}
  // CHECK: tt.load {{.*}} {tt.latency = 3 : i32}
  tt.func @dot_and_other_load(%pa: tensor<32x32x!tt.ptr<f16>, #blocked> {tt.divisibility = dense<[16, 16]> : tensor<2xi32>, tt.contiguity = dense<[1, 32]> : tensor<2xi32>},
                              %pb: tensor<32x32x!tt.ptr<f16>, #blocked> {tt.divisibility = dense<[16, 16]> : tensor<2xi32>, tt.contiguity = dense<[1, 32]> : tensor<2xi32>},
                              %b: tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %out: tensor<32x32x!tt.ptr<f16>, #blocked>, %n: i32) -> tensor<32x32xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<32x32xf32, #mma>
    %res = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<32x32xf32, #mma>) : i32 {
      %a = tt.load %pa : tensor<32x32x!tt.ptr<f16>, #blocked>
      %ad = ttg.convert_layout %a : tensor<32x32xf16, #blocked> -> tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %d = tt.dot %ad, %b, %acc : tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<32x32xf32, #mma>
      %o = tt.load %pb : tensor<32x32x!tt.ptr<f16>, #blocked>
      tt.store %out, %o : tensor<32x32x!tt.ptr<f16>, #blocked>
      scf.yield %d : tensor<32x32xf32, #mma>
    } {tt.num_stages = 4 : i32}
    tt.return %res : tensor<32x32xf32, #mma>
  }
}

// -----

// Latencies already in a loop are kept, and none are added to its other
// loads.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: @given_latencies
  // CHECK: tt.load {{.*}} {tt.latency = 1 : i32}
  // CHECK: tt.load
  // CHECK-NOT: tt.latency
  // CHECK: tt.dot
  tt.func @given_latencies(%pa: tensor<32x32x!tt.ptr<f16>, #blocked> {tt.divisibility = dense<[16, 16]> : tensor<2xi32>, tt.contiguity = dense<[1, 32]> : tensor<2xi32>},
                           %pb: tensor<32x32x!tt.ptr<f16>, #blocked> {tt.divisibility = dense<[16, 16]> : tensor<2xi32>, tt.contiguity = dense<[1, 32]> : tensor<2xi32>},
                           %n: i32) -> tensor<32x32xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<32x32xf32, #mma>
    %res = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<32x32xf32, #mma>) : i32 {
      %a = tt.load %pa {tt.latency = 1 : i32} : tensor<32x32x!tt.ptr<f16>, #blocked>
      %b = tt.load %pb : tensor<32x32x!tt.ptr<f16>, #blocked>
      %ad = ttg.convert_layout %a : tensor<32x32xf16, #blocked> -> tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %bd = ttg.convert_layout %b : tensor<32x32xf16, #blocked> -> tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
      %d = tt.dot %ad, %bd, %acc : tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<32x32xf32, #mma>
      scf.yield %d : tensor<32x32xf32, #mma>
    }
    tt.return %res : tensor<32x32xf32, #mma>
  }
}
