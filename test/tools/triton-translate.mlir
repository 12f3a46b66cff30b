// RUN: triton-translate --mlir-to-llvmir %s | FileCheck %s
// RUN: not triton-translate --mlir-to-llvmir %S/Inputs/ttir-module.mlir 2>&1 | FileCheck %s --check-prefix=NOT-LLVM

// CHECK: define void @add_one(ptr addrspace(1) %0)
// CHECK: %[[V:.*]] = load float, ptr addrspace(1) %0
// CHECK: fadd float %[[V]], 1.000000e+00
// CHECK: ret void
llvm.func @add_one(%p: !llvm.ptr<1>) {
  %one = llvm.mlir.constant(1.0 : f32) : f32
  %v = llvm.load %p : !llvm.ptr<1> -> f32
  %s = llvm.fadd %v, %one : f32
  llvm.store %s, %p : f32, !llvm.ptr<1>
  llvm.return
}

// NOT-LLVM: ttir-module.mlir:2:3: error: expected an LLVM-dialect module (the output of make_llir), found 'tt.func'
