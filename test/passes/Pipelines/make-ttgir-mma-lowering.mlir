// RUN: triton-opt %s --triton-make-ttgir='target=cuda:90' --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s
// RUN: triton-opt %s --triton-make-ttgir='target=cuda:80' --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=SM80
// make_ttgir's step 31, triton-nvidia-mma-lowering, runs right after fence
// insertion on sm_90 and is no longer named among the passes not built
// (nor is nvgpu-warp-specialization, which runs before assign-latencies);
// 3.6's sccp, cse and canonicalize end the stage, after loop-aware CSE and
// symbol DCE before the fences.
// CHECK: tritongpu-combine-tensor-select-and-if,
// CHECK-NEXT: nvgpu-warp-specialization{dump-intermediate-steps=false num-stages=3},

// CHECK: tritongpu-reorder-instructions,
// CHECK-NEXT: triton-loop-aware-cse,
// CHECK-NEXT: symbol-dce,
// CHECK-NEXT: triton-nvidia-gpu-fence-insertion{compute-capability=90},
// CHECK-NEXT: triton-nvidia-mma-lowering,
// CHECK-NEXT: sccp,
// CHECK-NEXT: cse,
// CHECK-NEXT: canonicalize{{.*}},
// CHECK-NEXT: triton-pipeline-note
// CHECK: remark: make_ttgir is not complete: its passes triton-nvidia-gpu-hoist-mbarrier-lifecycle do not exist

// SM80-NOT: triton-nvidia-mma-lowering
// SM80: triton-nvidia-gpu-fence-insertion{compute-capability=80},
// SM80-NEXT: sccp,
// SM80-NEXT: cse,
// SM80-NEXT: canonicalize{{.*}},
// SM80-NEXT: triton-pipeline-note
// SM80-NOT: triton-nvidia-mma-lowering
module {
}
