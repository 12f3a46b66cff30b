// RUN: triton-opt %s -triton-make-llir='target=cuda:90' --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=ORDER
// RUN: triton-opt %s -triton-make-llir='target=cuda:90' 2>&1 | FileCheck %s
// RUN: not triton-opt %s -triton-make-llir='target=cuda:75' 2>&1 | FileCheck %s --check-prefix=BADTARGET

// make_llir begins with combine-tensor-select-and-if and the shared-memory
// allocation; the rest is not built yet and the pipeline says so rather than pretending.
// ORDER: tritongpu-combine-tensor-select-and-if
// ORDER-NEXT: allocate-shared-memory

// CHECK: remark: make_llir is not complete: its passes tritongpu-allocate-warp-groups, tritongpu-global-scratch-memory-allocation
// CHECK: module attributes {ttg.shared = 0 : i32}
// CHECK-LABEL: tt.func @f
// CHECK: %[[R:.*]] = scf.if %arg0 -> (tensor<64xf32>)
// CHECK-NOT: arith.select
// CHECK: tt.return %[[R]]

// BADTARGET: error:

tt.func @f(%c: i1, %a: tensor<64xf32>, %b: tensor<64xf32>, %p: !tt.ptr<f32>, %x: f32) -> tensor<64xf32> {
  scf.if %c {
    tt.store %p, %x : !tt.ptr<f32>
  }
  %s = arith.select %c, %a, %b : tensor<64xf32>
  tt.return %s : tensor<64xf32>
}
