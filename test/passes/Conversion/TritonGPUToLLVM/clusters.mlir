// RUN: triton-opt %s -split-input-file -allocate-shared-memory -convert-triton-gpu-to-llvm | FileCheck %s

// A program of several CTAs (ttg.num-ctas > 1) is a cluster: program ids and
// the grid's size count clusters (3.6's rule).
// CHECK-LABEL: llvm.func @program_ids
// CHECK: nvvm.read.ptx.sreg.clusterid.x
// CHECK: nvvm.read.ptx.sreg.clusterid.y
// CHECK: nvvm.read.ptx.sreg.clusterid.z
// CHECK: nvvm.read.ptx.sreg.nclusterid.x
// CHECK: nvvm.read.ptx.sreg.nclusterid.y
// CHECK: nvvm.read.ptx.sreg.nclusterid.z
// CHECK-NOT: nvvm.read.ptx.sreg.ctaid
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0], CTAsPerCGA = [4], CTASplitNum = [4], CTAOrder = [0]}>
module attributes {"ttg.num-ctas" = 4 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @program_ids(%out: !tt.ptr<i32>) {
    %x = tt.get_program_id x : i32
    %y = tt.get_program_id y : i32
    %z = tt.get_program_id z : i32
    %nx = tt.get_num_programs x : i32
    %ny = tt.get_num_programs y : i32
    %nz = tt.get_num_programs z : i32
    %a = arith.addi %x, %y : i32
    %b = arith.addi %a, %z : i32
    %c = arith.addi %b, %nx : i32
    %d = arith.addi %c, %ny : i32
    %e = arith.addi %d, %nz : i32
    tt.store %out, %e : !tt.ptr<i32>
    tt.return
  }
}

// -----

// A tensor split over 2 CTAs: each CTA's elements start at its rank in the
// cluster times its 512-element part (the layout's block basis), and every
// element is stored once.
// CHECK-LABEL: llvm.func @split_range
// CHECK: %[[RANK:.*]] = nvvm.read.ptx.sreg.cluster.ctarank : i32
// CHECK: %[[CTA:.*]] = llvm.and %[[RANK]], %{{.*}} : i32
// CHECK: %[[ONE:.*]] = llvm.and %[[CTA]], %{{.*}} : i32
// CHECK: %[[PART:.*]] = llvm.shl %[[ONE]], %{{.*}} : i32
// CHECK: llvm.xor %{{.*}}, %[[PART]] : i32
// CHECK-NOT: llvm.icmp
// CHECK: st.global.v4.b32
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0], CTAsPerCGA = [2], CTASplitNum = [2], CTAOrder = [0]}>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @split_range(%out: !tt.ptr<i32> {tt.divisibility = 16 : i32}) {
    %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
    %p = tt.splat %out : !tt.ptr<i32> -> tensor<1024x!tt.ptr<i32>, #blocked>
    %q = tt.addptr %p, %r : tensor<1024x!tt.ptr<i32>, #blocked>, tensor<1024xi32, #blocked>
    tt.store %q, %r : tensor<1024x!tt.ptr<i32>, #blocked>
    tt.return
  }
}

// -----

// A tensor copied in both CTAs (CTASplitNum 1: a zero block basis): only the
// CTA of rank 0 stores it. A scalar store: thread 0 of CTA 0.
// CHECK-LABEL: llvm.func @copied
// CHECK: llvm.getelementptr
// CHECK: %[[RANK:.*]] = nvvm.read.ptx.sreg.cluster.ctarank : i32
// CHECK: %[[CTA:.*]] = llvm.and %[[RANK]], %{{.*}} : i32
// CHECK: %[[BIT:.*]] = llvm.and %[[CTA]], %{{.*}} : i32
// CHECK: %[[OWNER:.*]] = llvm.icmp "eq" %[[BIT]], %{{.*}} : i32
// CHECK: st.global.v4.b32 {{.*}}, %[[OWNER]] :
// CHECK: %[[TID0:.*]] = llvm.icmp "eq" %{{.*}}, %{{.*}} : i32
// CHECK: %[[RANK2:.*]] = nvvm.read.ptx.sreg.cluster.ctarank : i32
// CHECK: %[[CTA2:.*]] = llvm.and %[[RANK2]], %{{.*}} : i32
// CHECK: %[[CTA0:.*]] = llvm.icmp "eq" %[[CTA2]], %{{.*}} : i32
// CHECK: %[[LEADER:.*]] = llvm.and %[[TID0]], %[[CTA0]] : i1
// CHECK: st.global.b32 {{.*}}, %[[LEADER]] :
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0], CTAsPerCGA = [2], CTASplitNum = [1], CTAOrder = [0]}>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @copied(%out: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %s: !tt.ptr<i32>, %v: i32) {
    %r = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #blocked>
    %p = tt.splat %out : !tt.ptr<i32> -> tensor<512x!tt.ptr<i32>, #blocked>
    %q = tt.addptr %p, %r : tensor<512x!tt.ptr<i32>, #blocked>, tensor<512xi32, #blocked>
    tt.store %q, %r : tensor<512x!tt.ptr<i32>, #blocked>
    tt.store %s, %v : !tt.ptr<i32>
    tt.return
  }
}

// -----

// A reduction within each CTA of a copied tensor lowers as in one CTA; an
// atomic on copied elements whose old value is unused is made by CTA 0 only.
// CHECK-LABEL: llvm.func @reduce_and_count
// CHECK: nvvm.redux.sync add
// CHECK: st.global.b32
// CHECK: %[[RANK:.*]] = nvvm.read.ptx.sreg.cluster.ctarank : i32
// CHECK: %[[CTA:.*]] = llvm.and %[[RANK]], %{{.*}} : i32
// CHECK: %[[BIT:.*]] = llvm.and %[[CTA]], %{{.*}} : i32
// CHECK: %[[OWNER:.*]] = llvm.icmp "eq" %[[BIT]], %{{.*}} : i32
// CHECK-COUNT-4: atom.global.gpu.relaxed.add.u32 {{.*}}, %[[OWNER]] :
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0], CTAsPerCGA = [2], CTASplitNum = [1], CTAOrder = [0]}>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @reduce_and_count(%x: tensor<512xi32, #blocked>, %out: !tt.ptr<i32>, %p: tensor<512x!tt.ptr<i32>, #blocked>) {
    %s = "tt.reduce"(%x) <{axis = 0 : i32}> ({
    ^bb0(%a: i32, %b: i32):
      %c = arith.addi %a, %b : i32
      tt.reduce.return %c : i32
    }) : (tensor<512xi32, #blocked>) -> i32
    tt.store %out, %s : !tt.ptr<i32>
    %old = tt.atomic_rmw add, relaxed, gpu, %p, %x : (tensor<512x!tt.ptr<i32>, #blocked>, tensor<512xi32, #blocked>) -> tensor<512xi32, #blocked>
    tt.return
  }
}

// -----

// Ops each CTA runs on its own tile: an assumption about a scalar, the CTA's
// own barrier (tl.debug_barrier), a transpose whose result's CTAs hold the
// transposed tiles (the split moves from rows to columns with it), and a
// join and split that keep each CTA's rows: all select registers, nothing
// crosses a CTA (no shared memory, no cluster barrier).
// CHECK-LABEL: llvm.func internal @per_cta_views
// CHECK: llvm.intr.assume
// CHECK: nvvm.barrier0
// CHECK-NOT: nvvm.cluster
// CHECK-NOT: {{llvm.(load|store).*ptr<3>}}
// CHECK: llvm.return
#rows = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1, 0]]}>
#cols = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1], CGALayout = [[0, 1]]}>
#pairs = #ttg.blocked<{sizePerThread = [1, 4, 2], threadsPerWarp = [4, 8, 1], warpsPerCTA = [4, 1, 1], order = [2, 1, 0], CGALayout = [[1, 0, 0]]}>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @per_cta_views(%x: tensor<64x32xf32, #rows>, %y: tensor<64x32xf32, #rows>, %n: i32) -> (tensor<32x64xf32, #cols>, tensor<64x32xf32, #rows>) {
    %c0 = arith.constant 0 : i32
    %pos = arith.cmpi sgt, %n, %c0 : i32
    llvm.intr.assume %pos : i1
    gpu.barrier
    %t = tt.trans %x {order = array<i32: 1, 0>} : tensor<64x32xf32, #rows> -> tensor<32x64xf32, #cols>
    %j = tt.join %x, %y : tensor<64x32xf32, #rows> -> tensor<64x32x2xf32, #pairs>
    %lo, %hi = tt.split %j : tensor<64x32x2xf32, #pairs> -> tensor<64x32xf32, #rows>
    %s = arith.addf %lo, %hi : tensor<64x32xf32, #rows>
    tt.return %t, %s : tensor<32x64xf32, #cols>, tensor<64x32xf32, #rows>
  }
}

// -----

// A dot on FMAs whose accumulator is split along M: A's dot_op layout is
// split along M too (never along K), B's is a copy in both CTAs, so each CTA
// computes its 32 rows from what it holds: 16 accumulator elements per
// thread (its CTA's 32 x 64 tile over 128 threads), 16 steps along K each,
// 256 fmuladds (the whole 64 x 64 would take 512).
// CHECK-LABEL: llvm.func internal @fma_dot_rows
// CHECK-COUNT-256: llvm.intr.fmuladd
// CHECK-NOT: llvm.intr.fmuladd
// CHECK-NOT: nvvm.cluster
// CHECK-NOT: {{llvm.(load|store).*ptr<3>}}
// CHECK: llvm.return
#acc = #ttg.blocked<{sizePerThread = [2, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1, 0]]}>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @fma_dot_rows(%a: tensor<64x16xf32, #ttg.dot_op<{opIdx = 0, parent = #acc}>>, %b: tensor<16x64xf32, #ttg.dot_op<{opIdx = 1, parent = #acc}>>, %c: tensor<64x64xf32, #acc>) -> tensor<64x64xf32, #acc> {
    %d = tt.dot %a, %b, %c : tensor<64x16xf32, #ttg.dot_op<{opIdx = 0, parent = #acc}>> * tensor<16x64xf32, #ttg.dot_op<{opIdx = 1, parent = #acc}>> -> tensor<64x64xf32, #acc>
    tt.return %d : tensor<64x64xf32, #acc>
  }
}

// -----

// The program's own cluster barriers (Triton 3.6's ttng ops): arrive with
// release semantics unless relaxed, then wait; all threads aligned.
// CHECK-LABEL: llvm.func @cluster_barriers
// CHECK: nvvm.cluster.arrive {aligned}
// CHECK-NEXT: nvvm.cluster.wait {aligned}
// CHECK-NEXT: nvvm.cluster.arrive.relaxed {aligned}
// CHECK-NEXT: nvvm.cluster.wait {aligned}
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @cluster_barriers() {
    ttng.cluster_arrive {relaxed = false}
    ttng.cluster_wait
    ttng.cluster_arrive {relaxed = true}
    ttng.cluster_wait
    tt.return
  }
}
