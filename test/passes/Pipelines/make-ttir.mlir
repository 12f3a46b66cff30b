// RUN: triton-opt %s -triton-make-ttir='target=cuda:90' --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=SM90
// RUN: triton-opt %s -triton-make-ttir='target=cuda:80' --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=SM80
// RUN: triton-opt %s -triton-make-ttir='target=hip:gfx942' --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=HIP
// RUN: triton-opt %s -triton-make-ttir='target=cuda:90' | FileCheck %s
// RUN: not triton-opt %s -triton-make-ttir='target=cuda:75' 2>&1 | FileCheck %s --check-prefix=BADTARGET
// RUN: triton-opt %s -triton-make-ttgir='target=cuda:90' 2>&1 | FileCheck %s --check-prefix=TTGIR

// Triton 3.6's make_ttir order, per target. On sm_90 descriptors become
// pointers only in modules that gather, scatter or reduce through descriptors.
// SM90: inline
// SM90-NEXT: triton-rewrite-tensor-pointer,
// SM90-NEXT: triton-rewrite-tensor-descriptor-to-pointer{only-gather-scatter=true},
// SM90-NEXT: canonicalize
// SM90-NEXT: triton-combine,
// SM90-NEXT: triton-reorder-broadcast,
// SM90-NEXT: cse,
// SM90-NEXT: symbol-dce,
// SM90-NEXT: triton-loop-unroll

// SM80: triton-rewrite-tensor-pointer,
// SM80-NEXT: triton-rewrite-tensor-descriptor-to-pointer{only-gather-scatter=false},
// SM80-NEXT: canonicalize

// HIP: inline
// HIP-NEXT: triton-rewrite-tensor-pointer,
// HIP-NEXT: triton-rewrite-tensor-descriptor-to-pointer{only-gather-scatter=false},
// HIP-NEXT: canonicalize
// HIP-NEXT: triton-combine,
// HIP-NEXT: triton-reorder-broadcast,
// HIP-NEXT: cse,
// HIP-NEXT: triton-licm,
// HIP-NEXT: symbol-dce,
// HIP-NEXT: triton-loop-unroll

// BADTARGET: error: unknown target 'cuda:75': expected cuda:80, cuda:90, hip:gfx90a or hip:gfx942

// TTGIR: remark: make_ttgir is not complete: its passes triton-nvidia-gpu-hoist-mbarrier-lifecycle
// TTGIR: module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32}
// TTGIR: tt.load %{{.*}} : tensor<8x!tt.ptr<f32>, #blocked>

// The whole stage on a small kernel: the helper is inlined and erased, the
// dead overflow check folds away.
tt.func private @double(%x: tensor<8xf32>) -> tensor<8xf32> attributes {noinline = false} {
  %0 = arith.addf %x, %x : tensor<8xf32>
  tt.return %0 : tensor<8xf32>
}

// CHECK-NOT: tt.func private @double
// CHECK-LABEL: tt.func public @kernel
tt.func public @kernel(%p: !tt.ptr<f32>, %n: i32) attributes {noinline = false} {
  // CHECK: %[[R:.*]] = tt.make_range
  // CHECK: %[[P:.*]] = tt.splat %arg0
  // CHECK: %[[Q:.*]] = tt.addptr %[[P]], %[[R]]
  // CHECK: %[[V:.*]] = tt.load %[[Q]]
  // CHECK: %[[D:.*]] = arith.addf %[[V]], %[[V]]
  // CHECK: tt.store %[[Q]], %[[D]]
  // CHECK-NOT: arith.cmpi
  %big = arith.extsi %n : i32 to i64
  %lim = arith.constant 2147483647 : i64
  %ok = arith.cmpi sle, %big, %lim : i64
  %r = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>
  %q = tt.addptr %ps, %r : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
  %v = tt.load %q : tensor<8x!tt.ptr<f32>>
  %d = tt.call @double(%v) : (tensor<8xf32>) -> tensor<8xf32>
  tt.store %q, %d : tensor<8x!tt.ptr<f32>>
  tt.return
}
