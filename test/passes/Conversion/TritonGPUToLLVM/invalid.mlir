// RUN: not triton-opt %s -split-input-file -convert-triton-gpu-to-llvm 2>&1 | FileCheck %s
// RUN: not triton-opt %s -split-input-file -convert-triton-gpu-to-llvm='compute-capability=75' 2>&1 | FileCheck %s --check-prefix=CC

// CC: error: compute-capability=75 is not supported: expected 80 or 90

// CHECK: error: the module has no ttg.num-warps: lower TTIR to TTGIR first
tt.func @ttir(%x: i32) {
  tt.return
}

// -----

// CTA clusters: sm_90 on, of 2, 4 or 8 CTAs, and only the ops whose lowering
// needs nothing shared between CTAs (clusters.mlir has what lowers).
// CHECK: error: ttg.num-ctas = 2: CTA clusters need sm_90 or later, not sm_80
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
}

// -----

// CHECK: error: ttg.num-ctas = 16 is not supported yet: clusters of 2, 4 or 8 CTAs lower
module attributes {"ttg.num-ctas" = 16 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
}

// -----

// A tensor split over the CTAs stored into a buffer each CTA holds whole:
// each CTA would need the other's elements (distributed shared memory).
// CHECK: invalid.mlir:[[# @LINE + 5]]:10: error: ttg.local_alloc of a tensor whose CTAs hold other parts of it than of the buffer (distributed shared memory) is not supported yet by the LLVM lowering
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0], CTAsPerCGA = [2], CTASplitNum = [2], CTAOrder = [0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0], CTAsPerCGA = [2], CTASplitNum = [1], CTAOrder = [0]}>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.shared = 4096 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @staged(%x: tensor<1024xf32, #blocked>) {
    %m = ttg.local_alloc %x {allocation.offset = 0 : i32} : (tensor<1024xf32, #blocked>) -> !ttg.memdesc<1024xf32, #shared, #ttg.shared_memory>
    tt.return
  }
}

// -----

// A conversion between CTAs goes through each CTA's scratch (distributed
// shared memory), which -allocate-shared-memory places.
// CHECK: invalid.mlir:[[# @LINE + 5]]:10: error: ttg.convert_layout between CTAs without shared-memory scratch for a CTA's tile of the source (run -allocate-shared-memory) is not supported yet by the LLVM lowering
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1, 0]]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[0, 1]]}>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @swap_tiles(%x: tensor<64x64xf32, #blocked>) -> tensor<64x64xf32, #blocked1> {
    %y = ttg.convert_layout %x : tensor<64x64xf32, #blocked> -> tensor<64x64xf32, #blocked1>
    tt.return %y : tensor<64x64xf32, #blocked1>
  }
}

// -----

// CHECK: invalid.mlir:[[# @LINE + 4]]:10: error: {{.*}}the layout splits the axis over several CTAs
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[0, 1]]}>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @split_rows(%x: tensor<64x64xf32, #blocked>) -> tensor<64xf32, #ttg.slice<{dim = 1, parent = #blocked}>> {
    %s = "tt.reduce"(%x) <{axis = 1 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %c = arith.addf %a, %b : f32
      tt.reduce.return %c : f32
    }) : (tensor<64x64xf32, #blocked>) -> tensor<64xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
    tt.return %s : tensor<64xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
  }
}

// -----

// An mbarrier's init in a cluster is followed by a cluster barrier, which
// every thread must reach: inits under control flow are refused.
// CHECK: invalid.mlir:[[# @LINE + 5]]:7: error: lowering 'ttng.init_barrier' in a module with ttg.num-ctas > 1 (CTA clusters) outside the kernel's entry block (the cluster barrier after the inits must be reached by every thread) is not supported yet
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0], CGALayout = [[0]]}>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @barrier(%b: !ttg.memdesc<1xi64, #shared, #ttg.shared_memory, mutable>, %c: i1) {
    scf.if %c {
      ttng.init_barrier %b, 1 : !ttg.memdesc<1xi64, #shared, #ttg.shared_memory, mutable>
    }
    tt.return
  }
}

// -----

// A TMA reduction from a buffer the CTAs hold copies of would be applied
// once per CTA.
// CHECK: invalid.mlir:[[# @LINE + 5]]:5: error: a TMA reduction from a buffer every CTA of the cluster holds a copy of is not supported yet
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32, CGALayout = [[0, 0]]}>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @tma_reduce_copies(%d: !tt.tensordesc<tensor<64x32xf32, #shared>>, %buf: !ttg.memdesc<64x32xf32, #shared, #ttg.shared_memory>, %x: i32) {
    %c0 = arith.constant 0 : i32
    ttng.async_tma_reduce add, %d[%x, %c0] %buf : !tt.tensordesc<tensor<64x32xf32, #shared>>, !ttg.memdesc<64x32xf32, #shared, #ttg.shared_memory>
    tt.return
  }
}

// -----

// CHECK: invalid.mlir:[[# @LINE + 4]]:12: error: lowering 'tt.atomic_rmw' in a module with ttg.num-ctas > 1 (CTA clusters) whose old value is read by CTAs holding copies of its elements is not supported yet
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0], CTAsPerCGA = [2], CTASplitNum = [1], CTAOrder = [0]}>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @counted(%p: tensor<512x!tt.ptr<i32>, #blocked>, %v: tensor<512xi32, #blocked>) -> tensor<512xi32, #blocked> {
    %old = tt.atomic_rmw add, relaxed, gpu, %p, %v : (tensor<512x!tt.ptr<i32>, #blocked>, tensor<512xi32, #blocked>) -> tensor<512xi32, #blocked>
    tt.return %old : tensor<512xi32, #blocked>
  }
}

// -----

// CHECK: error: tt.dot_scaled has no LLVM lowering: decompose it on the TTIR first (-triton-decompose-dot-scaled, which make_ttgir runs)
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @scaled(%a: tensor<32x32xi8, #blocked>, %s: tensor<32x2xi8, #blocked1>, %b: tensor<64x32xf8E4M3FN, #blocked>, %c: tensor<32x32xf32, #blocked>) -> tensor<32x32xf32, #blocked> {
    %d = tt.dot_scaled %a scale %s, %b, %c lhs = e2m1 rhs = e4m3 {fastMath = false} : tensor<32x32xi8, #blocked>, tensor<32x2xi8, #blocked1> * tensor<64x32xf8E4M3FN, #blocked> -> tensor<32x32xf32, #blocked>
    tt.return %d : tensor<32x32xf32, #blocked>
  }
}

// -----

// An op with no lowering fails to legalize, at its location (descriptor
// loads are TMA copies by then, -triton-nvidia-tma-lowering's).
// CHECK: invalid.mlir:[[# @LINE + 6]]:10: error: failed to legalize operation 'tt.descriptor_load'
#blocked2 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @f(%d: !tt.tensordesc<tensor<64x64xf16, #nvmma>>) -> tensor<64x64xf16, #blocked2> {
    %c0 = arith.constant 0 : i32
    %t = tt.descriptor_load %d[%c0, %c0] : !tt.tensordesc<tensor<64x64xf16, #nvmma>> -> tensor<64x64xf16, #blocked2>
    tt.return %t : tensor<64x64xf16, #blocked2>
  }
}

// -----

// CHECK: error: a tt.dot of 'f8E4M3FNUZ' on a blocked layout is not supported yet by the LLVM lowering (8-bit floats: f8E4M3FN and f8E5M2)
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @f(%a: tensor<16x16xf8E4M3FNUZ, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<16x16xf8E4M3FNUZ, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<16x16xf32, #blocked>) -> tensor<16x16xf32, #blocked> {
    %d = tt.dot %a, %b, %c : tensor<16x16xf8E4M3FNUZ, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<16x16xf8E4M3FNUZ, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<16x16xf32, #blocked>
    tt.return %d : tensor<16x16xf32, #blocked>
  }
}

// -----

// A dot on FMAs whose A is not split as its accumulator's rows are (its
// parent splits N, so A is a copy while D is split along M).
// CHECK: invalid.mlir:[[# @LINE + 5]]:10: error: lowering 'tt.dot' in a module with ttg.num-ctas > 1 (CTA clusters) whose operands' CTA tiles are not the rows and columns of the accumulator's (the operands would cross CTAs) is not supported yet
#acc = #ttg.blocked<{sizePerThread = [2, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1, 0]]}>
#other = #ttg.blocked<{sizePerThread = [2, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[0, 1]]}>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @fma_dot_mixed(%a: tensor<64x16xf32, #ttg.dot_op<{opIdx = 0, parent = #other}>>, %b: tensor<16x64xf32, #ttg.dot_op<{opIdx = 1, parent = #acc}>>, %c: tensor<64x64xf32, #acc>) -> tensor<64x64xf32, #acc> {
    %d = tt.dot %a, %b, %c : tensor<64x16xf32, #ttg.dot_op<{opIdx = 0, parent = #other}>> * tensor<16x64xf32, #ttg.dot_op<{opIdx = 1, parent = #acc}>> -> tensor<64x64xf32, #acc>
    tt.return %d : tensor<64x64xf32, #acc>
  }
}

// -----

// An op whose lowering does not handle clusters yet: a histogram's bins
// would be summed over the CTAs' tiles.
// CHECK: invalid.mlir:[[# @LINE + 4]]:10: error: lowering 'tt.histogram' in a module with ttg.num-ctas > 1 (CTA clusters) (it needs memory or barriers shared between the cluster's CTAs) is not supported yet
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0], CGALayout = [[1]]}>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @bins(%x: tensor<1024xi32, #blocked>) -> tensor<64xi32, #blocked> {
    %h = tt.histogram %x : tensor<1024xi32, #blocked> -> tensor<64xi32, #blocked>
    tt.return %h : tensor<64xi32, #blocked>
  }
}

// -----

// A reshape whose result's CTAs split other elements than its source's: each
// CTA would need the other's (a view selects registers, it moves no data).
// CHECK: invalid.mlir:[[# @LINE + 5]]:10: error: 'tt.reshape' whose result's CTAs hold other elements than its source's (across the cluster's CTAs) is not supported yet by the LLVM lowering
#rows = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1, 0]]}>
#cols = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[0, 1]]}>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @reshape_across(%x: tensor<64x32xf32, #rows>) -> tensor<32x64xf32, #cols> {
    %t = tt.reshape %x : tensor<64x32xf32, #rows> -> tensor<32x64xf32, #cols>
    tt.return %t : tensor<32x64xf32, #cols>
  }
}

// -----

// Clusters exist from sm_90 on.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @cluster_barrier_sm80() {
    // CHECK: error: ttng.cluster_arrive needs sm_90 or newer (compute capability 80)
    ttng.cluster_arrive {relaxed = false}
    tt.return
  }
}
