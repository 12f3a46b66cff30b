// RUN: triton-opt %s -split-input-file -tritonamdgpu-reorder-instructions | FileCheck %s

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 8], warpsPerCTA = [1, 4], order = [0, 1]}>
#mma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = true}>
#a = #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>
#b = #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>
#shared = #ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 16, order = [1, 0]}>
#shared1 = #ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 16, order = [0, 1]}>
#smem = #ttg.shared_memory
// A loop-invariant A operand converted before the loop is converted next
// to its dot inside it; the B conversion, used in its own block, stays.
// CHECK-LABEL: tt.func @sink_into_loop
// CHECK: scf.for
// CHECK-NEXT: ttg.convert_layout %arg0 : tensor<128x64xf16, #blocked> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0
// CHECK-NEXT: tt.dot
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 64 : i32} {
  tt.func @sink_into_loop(%x: tensor<128x64xf16, #blocked>, %y: tensor<64x128xf16, #b>, %n: i32) -> tensor<128x128xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %xa = ttg.convert_layout %x : tensor<128x64xf16, #blocked> -> tensor<128x64xf16, #a>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<128x128xf32, #mma>) : i32 {
      %d = tt.dot %xa, %y, %acc : tensor<128x64xf16, #a> * tensor<64x128xf16, #b> -> tensor<128x128xf32, #mma>
      scf.yield %d : tensor<128x128xf32, #mma>
    }
    tt.return %r : tensor<128x128xf32, #mma>
  }

// A conversion followed by deallocations before its use is moved past
// them; a transpose moves up to its source.
// CHECK-LABEL: tt.func @past_deallocs
// CHECK: %[[L:.*]] = ttg.local_load
// CHECK-NEXT: tt.trans %[[L]]
// CHECK: ttg.local_dealloc
// CHECK-NEXT: ttg.local_dealloc
// CHECK-NEXT: ttg.convert_layout %arg0
// CHECK-NEXT: tt.store
  tt.func @past_deallocs(%x: tensor<128x64xf16, #blocked>, %p: tensor<128x64x!tt.ptr<f16>, #blocked1>, %q: tensor<64x128x!tt.ptr<f16>, #blocked1>) {
    %m = ttg.local_alloc %x : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
    %m2 = ttg.local_alloc : () -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    %l = ttg.local_load %m : !ttg.memdesc<128x64xf16, #shared, #smem> -> tensor<128x64xf16, #blocked1>
    %c = ttg.convert_layout %x : tensor<128x64xf16, #blocked> -> tensor<128x64xf16, #blocked1>
    ttg.local_dealloc %m : !ttg.memdesc<128x64xf16, #shared, #smem>
    ttg.local_dealloc %m2 : !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    tt.store %p, %c : tensor<128x64x!tt.ptr<f16>, #blocked1>
    %t = tt.trans %l {order = array<i32: 1, 0>} : tensor<128x64xf16, #blocked1> -> tensor<64x128xf16, #blocked>
    %tc = ttg.convert_layout %t : tensor<64x128xf16, #blocked> -> tensor<64x128xf16, #blocked1>
    tt.store %q, %tc : tensor<64x128x!tt.ptr<f16>, #blocked1>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 8], warpsPerCTA = [1, 4], order = [0, 1]}>
// Prologue loads move up with what computes their operands, to just after
// the last op they must follow: here the store to global memory (the
// pointer of the first is defined earlier; an assumption is no fence).
// Unmarked loads stay.
// CHECK-LABEL: tt.func @prologue_loads
// CHECK-NEXT: tt.splat %arg0
// CHECK-NEXT: arith.addf
// CHECK-NEXT: tt.store %arg1
// CHECK-NEXT: %[[M:.*]] = tt.splat %arg5
// CHECK-NEXT: tt.load %{{.*}}, %[[M]] {amd.pipeliner_part = "prologue"}
// CHECK-NEXT: tt.load %arg2 {amd.pipeliner_part = "prologue"}
// CHECK-NEXT: arith.mulf
// CHECK-NEXT: tt.load %arg3 :
// CHECK-NEXT: llvm.intr.assume
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 64 : i32} {
  tt.func @prologue_loads(%a: !tt.ptr<f16>, %out: tensor<128x64x!tt.ptr<f16>, #blocked>, %b: tensor<128x64x!tt.ptr<f16>, #blocked>, %c: tensor<128x64x!tt.ptr<f16>, #blocked>, %v: tensor<128x64xf16, #blocked>, %go: i1) -> (tensor<128x64xf16, #blocked>, tensor<128x64xf16, #blocked>, tensor<128x64xf16, #blocked>, tensor<128x64xf16, #blocked>) {
    %pa = tt.splat %a : !tt.ptr<f16> -> tensor<128x64x!tt.ptr<f16>, #blocked>
    %w = arith.addf %v, %v : tensor<128x64xf16, #blocked>
    tt.store %out, %w : tensor<128x64x!tt.ptr<f16>, #blocked>
    %x = arith.mulf %v, %v : tensor<128x64xf16, #blocked>
    %unmarked = tt.load %c : tensor<128x64x!tt.ptr<f16>, #blocked>
    %m = tt.splat %go : i1 -> tensor<128x64xi1, #blocked>
    llvm.intr.assume %go : i1
    %la = tt.load %pa, %m {amd.pipeliner_part = "prologue"} : tensor<128x64x!tt.ptr<f16>, #blocked>
    %lb = tt.load %b {amd.pipeliner_part = "prologue"} : tensor<128x64x!tt.ptr<f16>, #blocked>
    tt.return %la, %lb, %unmarked, %x : tensor<128x64xf16, #blocked>, tensor<128x64xf16, #blocked>, tensor<128x64xf16, #blocked>, tensor<128x64xf16, #blocked>
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 8], warpsPerCTA = [1, 4], order = [0, 1]}>
#mma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = true}>
#a = #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>
#b = #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>
#shared = #ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 16, order = [1, 0]}>
#shared1 = #ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 16, order = [0, 1]}>
#smem = #ttg.shared_memory
// A matmul loop of large tiles: B's global load goes down to the dot.
// CHECK-LABEL: tt.func @sink_second_load
// CHECK: scf.for
// CHECK-NEXT: tt.load
// CHECK-NEXT: ttg.local_load
// CHECK-NEXT: ttg.local_load
// CHECK-NEXT: tt.load
// CHECK-NEXT: tt.dot
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 64 : i32} {
  tt.func @sink_second_load(%pa: tensor<128x64x!tt.ptr<f16>, #blocked>, %pb: tensor<64x128x!tt.ptr<f16>, #blocked1>, %ma: !ttg.memdesc<128x64xf16, #shared, #smem, mutable>, %mb: !ttg.memdesc<64x128xf16, #shared1, #smem, mutable>, %n: i32) -> tensor<128x128xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<128x128xf32, #mma>) : i32 {
      %ta = tt.load %pa : tensor<128x64x!tt.ptr<f16>, #blocked>
      %tb = tt.load %pb : tensor<64x128x!tt.ptr<f16>, #blocked1>
      %oa = ttg.local_load %ma : !ttg.memdesc<128x64xf16, #shared, #smem, mutable> -> tensor<128x64xf16, #a>
      %ob = ttg.local_load %mb : !ttg.memdesc<64x128xf16, #shared1, #smem, mutable> -> tensor<64x128xf16, #b>
      %d = tt.dot %oa, %ob, %acc : tensor<128x64xf16, #a> * tensor<64x128xf16, #b> -> tensor<128x128xf32, #mma>
      ttg.local_store %ta, %ma : tensor<128x64xf16, #blocked> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
      ttg.local_store %tb, %mb : tensor<64x128xf16, #blocked1> -> !ttg.memdesc<64x128xf16, #shared1, #smem, mutable>
      scf.yield %d : tensor<128x128xf32, #mma>
    }
    tt.return %r : tensor<128x128xf32, #mma>
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 8], warpsPerCTA = [1, 4], order = [0, 1]}>
#mma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = true}>
#a = #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>
#b = #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>
#shared = #ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 16, order = [1, 0]}>
#shared1 = #ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 16, order = [0, 1]}>
#smem = #ttg.shared_memory
// A store to global memory between the load and the dot keeps the load
// where it is (it may read what the store writes).
// CHECK-LABEL: tt.func @store_in_between
// CHECK: scf.for
// CHECK-NEXT: tt.load
// CHECK-NEXT: tt.load
// CHECK-NEXT: tt.store
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 64 : i32} {
  tt.func @store_in_between(%pa: tensor<128x64x!tt.ptr<f16>, #blocked>, %pb: tensor<64x128x!tt.ptr<f16>, #blocked1>, %ma: !ttg.memdesc<128x64xf16, #shared, #smem, mutable>, %mb: !ttg.memdesc<64x128xf16, #shared1, #smem, mutable>, %n: i32) -> tensor<128x128xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<128x128xf32, #mma>) : i32 {
      %ta = tt.load %pa : tensor<128x64x!tt.ptr<f16>, #blocked>
      %tb = tt.load %pb : tensor<64x128x!tt.ptr<f16>, #blocked1>
      tt.store %pa, %ta : tensor<128x64x!tt.ptr<f16>, #blocked>
      %oa = ttg.local_load %ma : !ttg.memdesc<128x64xf16, #shared, #smem, mutable> -> tensor<128x64xf16, #a>
      %ob = ttg.local_load %mb : !ttg.memdesc<64x128xf16, #shared1, #smem, mutable> -> tensor<64x128xf16, #b>
      %d = tt.dot %oa, %ob, %acc : tensor<128x64xf16, #a> * tensor<64x128xf16, #b> -> tensor<128x128xf32, #mma>
      ttg.local_store %tb, %mb : tensor<64x128xf16, #blocked1> -> !ttg.memdesc<64x128xf16, #shared1, #smem, mutable>
      scf.yield %d : tensor<128x128xf32, #mma>
    }
    tt.return %r : tensor<128x128xf32, #mma>
  }
}
