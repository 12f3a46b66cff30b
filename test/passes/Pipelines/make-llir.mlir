// RUN: triton-opt %s -triton-make-llir='target=cuda:90' --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=ORDER
// RUN: triton-opt %s -triton-make-llir='target=cuda:90' 2>&1 | FileCheck %s
// RUN: triton-opt %S/Inputs/make-llir-hip.mlir -triton-make-llir='target=hip:gfx942' --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=HIP-ORDER
// RUN: triton-opt %S/Inputs/make-llir-hip.mlir -triton-make-llir='target=hip:gfx942' 2>&1 | FileCheck %s --check-prefix=HIP
// RUN: not triton-opt %s -triton-make-llir='target=cuda:75' 2>&1 | FileCheck %s --check-prefix=BADTARGET

// make_llir in 3.6's order (gluon-inline, the tensor-memory and two-CTA
// passes have nothing to do on sm_90 and are left out).
// ORDER: tritongpu-combine-tensor-select-and-if
// ORDER-NEXT: tritongpu-allocate-warp-groups
// ORDER-NEXT: convert-scf-to-cf
// ORDER-NEXT: allocate-shared-memory
// ORDER-NEXT: tritongpu-global-scratch-memory-allocation
// ORDER-NEXT: convert-triton-gpu-to-llvm{compute-capability=90 forward-packed-elements=true ptx-version=87}
// Both canonicalizers of the lowered module: one top-down sweep, no region
// simplification (LLVM's O3 removes the dead block arguments it would).
// ORDER-NEXT: canonicalize{{[{] *}}max-iterations=1 {{.*}}region-simplify=disabled {{.*}}top-down=true}
// ORDER-NEXT: cse
// ORDER-NEXT: convert-nv-gpu-to-llvm
// ORDER-NEXT: convert-warp-specialize-to-llvm
// ORDER-NEXT: reconcile-unrealized-casts
// ORDER-NEXT: canonicalize{{[{] *}}max-iterations=1 {{.*}}region-simplify=disabled {{.*}}top-down=true}
// ORDER-NEXT: cse
// ORDER-NEXT: symbol-dce
// ORDER-NEXT: convert-nvvm-to-llvm

// CHECK-NOT: remark: make_llir is not complete
// CHECK: module attributes {{.*}}ttg.shared = 0 : i32
// CHECK: llvm.func @k(%[[X:.*]]: !llvm.ptr<1>, %[[N:.*]]: i32, %{{.*}}: !llvm.ptr<1>, %{{.*}}: !llvm.ptr<1>)
// CHECK-SAME: nvvm.kernel
// CHECK-SAME: nvvm.reqntid = array<i32: 128>
// CHECK-SAME: tt.params = ["*fp32", "i32"]
// CHECK: nvvm.read.ptx.sreg.ctaid.x
// CHECK: llvm.inline_asm has_side_effects {{.*}}st.global.v4.b32
// CHECK: llvm.return

// AMD: 3.6's order for hip, all of it built (no remark).
// HIP-ORDER: optimize-amd-lds-usage{{[{].*}}target-arch=gfx942}
// HIP-ORDER-NEXT: convert-scf-to-cf
// HIP-ORDER-NEXT: convert-index-to-llvm
// HIP-ORDER-NEXT: allocate-amdgpu-shared-memory
// HIP-ORDER-NEXT: convert-triton-amdgpu-to-llvm{{[{].*}}gfx-arch=gfx942}
// HIP-ORDER-NEXT: canonicalize
// HIP-ORDER-NEXT: cse
// HIP-ORDER-NEXT: convert-cf-to-llvm
// HIP-ORDER-NEXT: convert-arith-to-llvm
// HIP-ORDER-NEXT: canonicalize
// HIP-ORDER-NEXT: cse
// HIP-ORDER-NEXT: symbol-dce
// HIP-ORDER-NEXT: convert-builtin-func-to-llvm{{[{].*}}ftz=true}

// HIP-NOT: remark: make_llir is not complete
// HIP: module attributes {{.*}}ttg.shared = 0 : i32
// HIP: llvm.func @k(%[[X:.*]]: !llvm.ptr<1>, %[[N:.*]]: i32, %{{.*}}: !llvm.ptr<1>, %{{.*}}: !llvm.ptr<1>)
// HIP-SAME: rocdl.flat_work_group_size = "1,256"
// HIP-SAME: rocdl.kernel
// HIP-SAME: tt.params = ["*fp32", "i32"]
// HIP: rocdl.workgroup.id.x
// HIP: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<1>
// HIP: llvm.return

// BADTARGET: error:

#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @k(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32) {
    %pid = tt.get_program_id x : i32
    %c = arith.constant 512 : i32
    %off = arith.muli %pid, %c : i32
    %r = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #blocked>
    %s = tt.splat %off : i32 -> tensor<512xi32, #blocked>
    %o = arith.addi %s, %r : tensor<512xi32, #blocked>
    %p = tt.splat %x : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #blocked>
    %q = tt.addptr %p, %o : tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
    %v = arith.sitofp %o : tensor<512xi32, #blocked> to tensor<512xf32, #blocked>
    tt.store %q, %v : tensor<512x!tt.ptr<f32>, #blocked>
    tt.return
  }
}
