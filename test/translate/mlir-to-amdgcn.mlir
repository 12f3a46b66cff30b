// RUN: triton-translate --mlir-to-amdgcn %s | FileCheck %s
// RUN: %if ld.lld %{ triton-translate --mlir-to-hsaco %s -o %t.hsaco && od -A n -t x1 -N 4 %t.hsaco | FileCheck %s --check-prefix=ELF %}

// ocml's exp is linked in with the oclc controls set in the module (Debian's
// ROCm 5.2 bitcode has no oclc_isa_version_942.bc); nothing external is left.
// CHECK: .amdgcn_target "amdgcn-amd-amdhsa--gfx942"
// CHECK: exp_kernel:
// CHECK: v_exp_f32
// CHECK-NOT: __ocml_exp_f32
// CHECK: .amdhsa_kernel exp_kernel
// ELF: 7f 45 4c 46

module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 64 : i32, ttg.target = "hip:gfx942"} {
  llvm.func @__ocml_exp_f32(f32) -> f32
  llvm.func @exp_kernel(%p: !llvm.ptr<1>) attributes {rocdl.kernel} {
    %tid = rocdl.workitem.id.x : i32
    %q = llvm.getelementptr %p[%tid] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %v = llvm.load %q : !llvm.ptr<1> -> f32
    %e = llvm.call @__ocml_exp_f32(%v) : (f32) -> f32
    llvm.store %e, %q : f32, !llvm.ptr<1>
    llvm.return
  }
}
