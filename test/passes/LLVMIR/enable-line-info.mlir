// RUN: triton-opt %s -split-input-file -enable-line-info -mlir-print-debuginfo | FileCheck %s
// RUN: triton-opt %s -split-input-file -enable-line-info -mlir-print-debuginfo -o %t.once.mlir
// RUN: triton-opt %s -split-input-file -enable-line-info -enable-line-info -mlir-print-debuginfo -o %t.twice.mlir
// RUN: diff %t.once.mlir %t.twice.mlir
// RUN: triton-opt %s -split-input-file -enable-line-info -mlir-print-debuginfo | %llvm_tools_dir/mlir-translate -split-input-file --mlir-to-llvmir | FileCheck %s --check-prefix=LLVMIR

// Each llvm.func gets a subprogram at its own file and line; the kernel's
// definition shares a new compile unit, the declaration has none. The op
// inlined from helpers.py has both ends of its call site scoped by a
// lexical block of their own file.

// CHECK-LABEL: llvm.func @kernel
// CHECK: llvm.add {{.*}} loc(#[[SUM:loc[0-9]*]])
// CHECK: llvm.mul {{.*}} loc(#[[INLINED:loc[0-9]*]])
// CHECK: } loc(#[[KERNEL_LOC:loc[0-9]*]])
// CHECK: llvm.func @declared(i32) -> i32 loc(#[[DECL_LOC:loc[0-9]*]])
// CHECK-DAG: #[[KERNEL_LOC]] = loc(fused<#[[KERNEL:di_subprogram[0-9]*]]>[
// CHECK-DAG: #[[DECL_LOC]] = loc(fused<#[[DECL:di_subprogram[0-9]*]]>[
// CHECK-DAG: #[[SUM]] = loc("sum"(#{{loc[0-9]*}}))
// CHECK-DAG: #[[INLINED]] = loc(callsite(#[[CALLEE:loc[0-9]*]] at #[[CALLER:loc[0-9]*]]))
// CHECK-DAG: #[[CALLEE]] = loc(fused<#[[IN_HELPERS:di_lexical_block_file[0-9]*]]>[
// CHECK-DAG: #[[CALLER]] = loc(fused<#[[IN_ADD:di_lexical_block_file[0-9]*]]>[
// CHECK-DAG: #[[IN_HELPERS]] = #llvm.di_lexical_block_file<scope = #[[KERNEL]], file = #[[HELPERS:di_file[0-9]*]], discriminator = 0>
// CHECK-DAG: #[[IN_ADD]] = #llvm.di_lexical_block_file<scope = #[[KERNEL]], file = #[[ADD:di_file[0-9]*]], discriminator = 0>
// CHECK-DAG: #[[KERNEL]] = #llvm.di_subprogram<id = distinct[{{[0-9]+}}]<>, compileUnit = #[[CU:di_compile_unit[0-9]*]], scope = #[[ADD]], name = "kernel", linkageName = "kernel", file = #[[ADD]], line = 10, scopeLine = 10, subprogramFlags = "Definition|Optimized", type = #{{.*}}>
// CHECK-DAG: #[[DECL]] = #llvm.di_subprogram<scope = #[[LIB:di_file[0-9]*]], name = "declared", linkageName = "declared", file = #[[LIB]], line = 3, scopeLine = 3, subprogramFlags = Optimized, type = #{{.*}}>
// CHECK-DAG: #[[CU]] = #llvm.di_compile_unit<id = distinct[{{[0-9]+}}]<>, sourceLanguage = DW_LANG_C, file = #[[ADD]], producer = "triton", isOptimized = true, emissionKind = LineTablesOnly>
// CHECK-DAG: #[[ADD]] = #llvm.di_file<"add.py" in "/src/kernels">
// CHECK-DAG: #[[HELPERS]] = #llvm.di_file<"helpers.py" in "/src/kernels">
// CHECK-DAG: #[[LIB]] = #llvm.di_file<"helpers.py" in "lib">

// LLVMIR: define i32 @kernel(i32 %0, i32 %1) !dbg ![[SP:[0-9]+]]
// LLVMIR: add i32 %0, %1, !dbg ![[SUM:[0-9]+]]
// LLVMIR: mul i32 %{{.*}}, %1, !dbg ![[MUL:[0-9]+]]
// LLVMIR: distinct !DISubprogram(name: "kernel", {{.*}}line: 10,
// LLVMIR: ![[SUM]] = !DILocation(line: 12, column: 8, scope: ![[SP]])
// LLVMIR: ![[MUL]] = !DILocation(line: 4, column: 11, scope: ![[BLOCK:[0-9]+]], inlinedAt: ![[AT:[0-9]+]])
// LLVMIR: ![[BLOCK]] = distinct !DILexicalBlockFile(scope: ![[SP]], file: ![[FILE:[0-9]+]], discriminator: 0)
// LLVMIR: ![[FILE]] = !DIFile(filename: "helpers.py", directory: "/src/kernels")
// LLVMIR: ![[AT]] = !DILocation(line: 13, column: 4,

module {
  llvm.func @kernel(%a: i32, %b: i32) -> i32 {
    %sum = llvm.add %a, %b : i32 loc(#sum)
    %twice = llvm.mul %sum, %b : i32 loc(#inlined)
    llvm.return %twice : i32 loc(#ret)
  } loc(#kernel_loc)
  llvm.func @declared(i32) -> i32 loc("lib/helpers.py":3:0)
}
#kernel_loc = loc("/src/kernels/add.py":10:0)
#sum_file = loc("/src/kernels/add.py":12:8)
#sum = loc("sum"(#sum_file))
#callee = loc("/src/kernels/helpers.py":4:11)
#caller = loc("/src/kernels/add.py":13:4)
#inlined = loc(callsite(#callee at #caller))
#ret = loc("/src/kernels/add.py":14:4)

// -----

// A compile unit on the module (a location fused with it) is the one every
// definition uses; a function that already has a subprogram keeps it.

// CHECK-LABEL: llvm.func @own() {
// CHECK: } loc(#[[OWN_LOC:loc[0-9]*]])
// CHECK: llvm.func @fresh() {
// CHECK: } loc(#[[FRESH_LOC:loc[0-9]*]])
// CHECK-DAG: #[[OWN_LOC]] = loc(fused<#[[OWN:di_subprogram[0-9]*]]>[
// CHECK-DAG: #[[FRESH_LOC]] = loc(fused<#[[FRESH:di_subprogram[0-9]*]]>[
// CHECK-DAG: #[[OWN]] = #llvm.di_subprogram<{{.*}}name = "own", file
// CHECK-DAG: #[[FRESH]] = #llvm.di_subprogram<id = distinct[{{[0-9]+}}]<>, compileUnit = #[[UNIT:di_compile_unit[0-9]*]], {{.*}}name = "fresh", linkageName = "fresh", {{.*}}line = 7, scopeLine = 7,
// CHECK-DAG: #[[UNIT]] = #llvm.di_compile_unit<{{.*}}sourceLanguage = DW_LANG_C_plus_plus, {{.*}}producer = "frontend"

#file = #llvm.di_file<"k.py" in "/w">
#unit = #llvm.di_compile_unit<id = distinct[0]<>, sourceLanguage = DW_LANG_C_plus_plus, file = #file, producer = "frontend", isOptimized = false, emissionKind = Full>
#type = #llvm.di_subroutine_type<callingConvention = DW_CC_normal>
#own = #llvm.di_subprogram<id = distinct[1]<>, compileUnit = #unit, scope = #file, name = "own", file = #file, line = 2, scopeLine = 2, subprogramFlags = Definition, type = #type>
module {
  llvm.func @own() {
    llvm.return
  } loc(fused<#own>["/w/k.py":2:0])
  llvm.func @fresh() {
    llvm.return
  } loc("/w/k.py":7:0)
} loc(fused<#unit>["/w/k.py":1:0])
