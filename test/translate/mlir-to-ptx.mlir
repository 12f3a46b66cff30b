// RUN: triton-translate --mlir-to-ptx %s | FileCheck %s
// RUN: triton-translate --mlir-to-ptx %s --metadata=%t.json -o /dev/null && FileCheck %s --input-file=%t.json --check-prefix=META
// RUN: %if ptxas %{ triton-translate --mlir-to-cubin %s -o %t.cubin && od -A n -t x1 -N 4 %t.cubin | FileCheck %s --check-prefix=ELF %}
// RUN: triton-translate --mlir-to-ptx --arch=sm_80 --ptx-version=80 %s | FileCheck %s --check-prefix=SM80
// RUN: triton-translate --mlir-to-ptx %s -o /dev/null -time-passes 2>&1 | FileCheck %s --check-prefix=TIMES

// A kernel in the LLVM dialect as make_llir produces it: libdevice's expf is
// linked in (only it), optimized, and nothing external is left.
// CHECK: .version 8.7
// CHECK: .target sm_90a
// CHECK-NOT: .extern .func __nv_expf
// CHECK: .visible .entry exp_kernel(
// CHECK: ex2.approx
// CHECK-NOT: __nv_

// SM80: .version 8.0
// SM80: .target sm_80

// The module's ttg attributes fill the metadata.
// META: "name": "exp_kernel",
// META: "num_warps": 8,
// META: "shared": 1024,
// META: "global_scratch_size": 0,
// META: "params": [
// META-NEXT: "*i8",
// META-NEXT: "i32"
// META-NEXT: ]

// -time-passes times the O3 pipeline (new pass manager) as well as codegen
// (docs/CompileSpeed.md's profile).
// TIMES: Pass execution timing report
// TIMES-DAG: InstCombinePass
// TIMES-DAG: NVPTX DAG->DAG Pattern Instruction Selection

// cubins are ELF files.
// ELF: 7f 45 4c 46

module attributes {"ttg.num-warps" = 8 : i32, "ttg.num-ctas" = 1 : i32, "ttg.threads-per-warp" = 32 : i32, ttg.shared = 1024 : i32, ttg.target = "cuda:90"} {
  llvm.func @__nv_expf(f32) -> f32
  llvm.func @exp_kernel(%p: !llvm.ptr<1>, %n: i32, %gs: !llvm.ptr<1>, %ps: !llvm.ptr<1>) attributes {nvvm.kernel, nvvm.reqntid = array<i32: 256>} {
    %tid = nvvm.read.ptx.sreg.tid.x : i32
    %in = llvm.icmp "slt" %tid, %n : i32
    llvm.cond_br %in, ^body, ^exit
  ^body:
    %q = llvm.getelementptr %p[%tid] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %v = llvm.load %q : !llvm.ptr<1> -> f32
    %e = llvm.call @__nv_expf(%v) : (f32) -> f32
    llvm.store %e, %q : f32, !llvm.ptr<1>
    llvm.br ^exit
  ^exit:
    llvm.return
  }
}
