// RUN: triton-opt %s -convert-triton-amdgpu-to-llvm | FileCheck %s
// RUN: triton-opt %s -convert-triton-amdgpu-to-llvm -canonicalize -reconcile-unrealized-casts -o %t.mlir
// RUN: triton-translate --mlir-to-amdgcn %t.mlir -o %t.s
// RUN: FileCheck %s --input-file=%t.s --check-prefix=ASM
// RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx942 -filetype=obj %t.s -o %t.o
// REQUIRES: llvm-mc

// Buffer atomics are the raw buffer atomic intrinsics on a resource made of
// the base pointer, relaxed, with a release fence before them and an
// acquire fence after (acq_rel at gpu scope: "agent"), as Triton 3.6 emits
// them. A masked-off element gets the out-of-range offset 0x80000000, where
// the hardware does nothing and returns 0: no branch. The mask is ANDed
// after the predicate that the thread owns the element (a constant true
// where no two threads hold it), and the resource is made after the
// operands are unpacked: 3.6's spelling.
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [64], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  // CHECK-LABEL: llvm.func @fadd
  // CHECK: %[[MASK:.*]] = llvm.extractvalue %{{.*}}[0] : !llvm.struct<(i1)>
  // CHECK: %[[RSRC:.*]] = rocdl.make.buffer.rsrc %arg0
  // CHECK: llvm.fence syncscope("agent") release
  // CHECK: %[[OWNER:.*]] = llvm.mlir.constant(true) : i1
  // CHECK: %[[PRED:.*]] = llvm.and %[[OWNER]], %[[MASK]] : i1
  // CHECK: %[[OOB:.*]] = llvm.mlir.constant(-2147483648 : i32) : i32
  // CHECK: %[[OFFSET:.*]] = llvm.select %[[PRED]], %{{.*}}, %[[OOB]] : i1, i32
  // CHECK: %[[OLD:.*]] = llvm.call_intrinsic "llvm.amdgcn.raw.ptr.buffer.atomic.fadd"(%{{.*}}, %[[RSRC]], %[[OFFSET]], %{{.*}}, %{{.*}}) : (f32, !llvm.ptr<8>, i32, i32, i32) -> f32
  // CHECK: llvm.fence syncscope("agent") acquire
  // CHECK-NOT: llvm.cond_br
  // CHECK: rocdl.raw.ptr.buffer.store
  // ASM-LABEL: fadd:
  // ASM: buffer_atomic_add_f32 {{.*}} sc0
  tt.func public @fadd(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %y: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32) {
    %r = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #blocked>
    %ns = tt.splat %n : i32 -> tensor<256xi32, #blocked>
    %m = arith.cmpi slt, %r, %ns : tensor<256xi32, #blocked>
    %one = arith.constant dense<1.0> : tensor<256xf32, #blocked>
    %old = amdg.buffer_atomic_rmw fadd, acq_rel, gpu, %one, %x[%r], %m : tensor<256xf32, #blocked>
    amdg.buffer_store %old, %y[%r] : tensor<256xf32, #blocked>
    tt.return
  }

  // Each kind of 3.6's buffer read-modify-writes (relaxed at cta scope: no
  // fence; signed integer max and min too, though the conversion leaves
  // those as global atomics, as 3.6), and compare-and-swap (rocdl's op, the
  // new value first, then the compared one, each through a one-element
  // vector as 3.6 builds them).
  // CHECK-LABEL: llvm.func @kinds
  // CHECK-NOT: llvm.fence
  // CHECK: "llvm.amdgcn.raw.ptr.buffer.atomic.and"({{.*}}) : (i32, !llvm.ptr<8>, i32, i32, i32) -> i32
  // CHECK: "llvm.amdgcn.raw.ptr.buffer.atomic.or"
  // CHECK: "llvm.amdgcn.raw.ptr.buffer.atomic.xor"
  // CHECK: "llvm.amdgcn.raw.ptr.buffer.atomic.add"
  // CHECK: "llvm.amdgcn.raw.ptr.buffer.atomic.umax"
  // CHECK: "llvm.amdgcn.raw.ptr.buffer.atomic.umin"
  // CHECK: "llvm.amdgcn.raw.ptr.buffer.atomic.swap"
  // CHECK: "llvm.amdgcn.raw.ptr.buffer.atomic.fmax"({{.*}}) : (f64, !llvm.ptr<8>, i32, i32, i32) -> f64
  // CHECK: "llvm.amdgcn.raw.ptr.buffer.atomic.fmin"({{.*}}) : (f64, !llvm.ptr<8>, i32, i32, i32) -> f64
  // CHECK: "llvm.amdgcn.raw.ptr.buffer.atomic.smax"
  // CHECK: "llvm.amdgcn.raw.ptr.buffer.atomic.smin"
  // CHECK: %[[NEWV:.*]] = llvm.extractvalue %{{.*}}[0] : !llvm.struct<(i64)>
  // CHECK: %[[CMPV:.*]] = llvm.extractvalue %{{.*}}[0] : !llvm.struct<(i64)>
  // CHECK: %[[NEW1:.*]] = llvm.insertelement %[[NEWV]], %{{.*}} : vector<1xi64>
  // CHECK: %[[CMP1:.*]] = llvm.insertelement %[[CMPV]], %{{.*}} : vector<1xi64>
  // CHECK: %[[NEW:.*]] = llvm.bitcast %[[NEW1]] : vector<1xi64> to i64
  // CHECK: %[[CMP:.*]] = llvm.bitcast %[[CMP1]] : vector<1xi64> to i64
  // CHECK: rocdl.raw.ptr.buffer.atomic.cmpswap %[[NEW]], %[[CMP]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : i64
  // ASM-LABEL: kinds:
  // ASM: buffer_atomic_and
  // ASM: buffer_atomic_or
  // ASM: buffer_atomic_xor
  // ASM: buffer_atomic_add
  // ASM: buffer_atomic_umax
  // ASM: buffer_atomic_umin
  // ASM: buffer_atomic_swap
  // ASM: buffer_atomic_max_f64
  // ASM: buffer_atomic_min_f64
  // ASM: buffer_atomic_smax
  // ASM: buffer_atomic_smin
  // ASM: buffer_atomic_cmpswap_x2
  tt.func public @kinds(%i: !tt.ptr<i32>, %d: !tt.ptr<f64>, %l: !tt.ptr<i64>) {
    %r = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #blocked>
    %v = arith.constant dense<6> : tensor<256xi32, #blocked>
    %f = arith.constant dense<2.5> : tensor<256xf64, #blocked>
    %c = arith.constant dense<0> : tensor<256xi64, #blocked>
    %w = arith.constant dense<9> : tensor<256xi64, #blocked>
    %0 = amdg.buffer_atomic_rmw and, relaxed, cta, %v, %i[%r] : tensor<256xi32, #blocked>
    %1 = amdg.buffer_atomic_rmw or, relaxed, cta, %v, %i[%r] : tensor<256xi32, #blocked>
    %2 = amdg.buffer_atomic_rmw xor, relaxed, cta, %v, %i[%r] : tensor<256xi32, #blocked>
    %3 = amdg.buffer_atomic_rmw add, relaxed, cta, %v, %i[%r] : tensor<256xi32, #blocked>
    %4 = amdg.buffer_atomic_rmw umax, relaxed, cta, %v, %i[%r] : tensor<256xi32, #blocked>
    %5 = amdg.buffer_atomic_rmw umin, relaxed, cta, %v, %i[%r] : tensor<256xi32, #blocked>
    %6 = amdg.buffer_atomic_rmw exch, relaxed, cta, %v, %i[%r] : tensor<256xi32, #blocked>
    %7 = amdg.buffer_atomic_rmw max, relaxed, cta, %f, %d[%r] : tensor<256xf64, #blocked>
    %8 = amdg.buffer_atomic_rmw min, relaxed, cta, %f, %d[%r] : tensor<256xf64, #blocked>
    %10 = amdg.buffer_atomic_rmw max, relaxed, cta, %v, %i[%r] : tensor<256xi32, #blocked>
    %11 = amdg.buffer_atomic_rmw min, relaxed, cta, %v, %i[%r] : tensor<256xi32, #blocked>
    %9 = amdg.buffer_atomic_cas relaxed, cta, %c, %w, %l[%r] : tensor<256xi64, #blocked>
    tt.return
  }
}
