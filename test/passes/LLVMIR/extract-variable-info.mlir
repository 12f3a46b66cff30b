// RUN: triton-opt %s -split-input-file -extract-variable-info -mlir-print-debuginfo | FileCheck %s
// RUN: triton-opt %s -split-input-file -enable-line-info -extract-variable-info -mlir-print-debuginfo | %llvm_tools_dir/mlir-translate -split-input-file --mlir-to-llvmir | FileCheck %s --check-prefix=LLVMIR
// RUN: triton-opt %s -enable-line-info -extract-variable-info -mlir-print-debuginfo | %llvm_tools_dir/mlir-translate --mlir-to-llvmir | triton-translate --llvmir-to-ptx --arch=sm_90a | FileCheck %s --check-prefix=PTX

// PTX: .loc 1 11 2
// PTX: .file 1 "/src/k.py"

// Each value whose op has a name location is described right after its op,
// at the name's file location, with a type of its width; a value without a
// name is not. The function had no subprogram: it gets one, the variables'
// scope.

// CHECK-DAG: #[[INT:di_basic_type[0-9]*]] = #llvm.di_basic_type<tag = DW_TAG_base_type, name = "int", sizeInBits = 32, encoding = DW_ATE_signed>
// CHECK-DAG: #[[BOOL:di_basic_type[0-9]*]] = #llvm.di_basic_type<tag = DW_TAG_base_type, name = "bool", sizeInBits = 1, encoding = DW_ATE_boolean>
// CHECK-DAG: #[[HALF:di_basic_type[0-9]*]] = #llvm.di_basic_type<tag = DW_TAG_base_type, name = "half", sizeInBits = 16, encoding = DW_ATE_float>
// CHECK-DAG: #[[VECTOR:di_basic_type[0-9]*]] = #llvm.di_basic_type<tag = DW_TAG_base_type, name = "vector", sizeInBits = 128, encoding = DW_ATE_float>
// CHECK-DAG: #[[BITS:di_basic_type[0-9]*]] = #llvm.di_basic_type<tag = DW_TAG_base_type, name = "bits", sizeInBits = 64, encoding = DW_ATE_unsigned>
// CHECK-DAG: #[[PTR:di_derived_type[0-9]*]] = #llvm.di_derived_type<tag = DW_TAG_pointer_type, sizeInBits = 64, dwarfAddressSpace = 1>
// CHECK-DAG: #[[FILE:di_file[0-9]*]] = #llvm.di_file<"k.py" in "/src">
// CHECK-DAG: #[[UNIT:di_compile_unit[0-9]*]] = #llvm.di_compile_unit<id = distinct[{{[0-9]+}}]<>, sourceLanguage = DW_LANG_C, file = #[[FILE]], producer = "triton", isOptimized = true, emissionKind = Full>
// CHECK-DAG: #[[SP:di_subprogram[0-9]*]] = #llvm.di_subprogram<id = distinct[{{[0-9]+}}]<>, compileUnit = #[[UNIT]], scope = #[[FILE]], name = "kernel", {{.*}}line = 2,
// CHECK-DAG: #[[PID_VAR:di_local_variable[0-9]*]] = #llvm.di_local_variable<scope = #[[SP]], name = "pid", file = #[[FILE]], line = 4, type = #[[INT]]>
// CHECK-DAG: #[[MASK_VAR:di_local_variable[0-9]*]] = #llvm.di_local_variable<scope = #[[SP]], name = "mask", file = #[[FILE]], line = 5, type = #[[BOOL]]>
// CHECK-DAG: #[[X_VAR:di_local_variable[0-9]*]] = #llvm.di_local_variable<scope = #[[SP]], name = "x", file = #[[FILE]], line = 6, type = #[[HALF]]>
// CHECK-DAG: #[[PTRS_VAR:di_local_variable[0-9]*]] = #llvm.di_local_variable<scope = #[[SP]], name = "ptrs", file = #[[FILE]], line = 7, type = #[[PTR]]>
// CHECK-DAG: #[[VEC_VAR:di_local_variable[0-9]*]] = #llvm.di_local_variable<scope = #[[SP]], name = "vec", file = #[[FILE]], line = 8, type = #[[VECTOR]]>
// CHECK-DAG: #[[REGS_VAR:di_local_variable[0-9]*]] = #llvm.di_local_variable<scope = #[[SP]], name = "regs", file = #[[FILE]], line = 9, type = #[[BITS]]>
// CHECK-LABEL: llvm.func @kernel
// CHECK:      %[[PID:.*]] = nvvm.read.ptx.sreg.ctaid.x : i32
// CHECK-NEXT: llvm.intr.dbg.value #[[PID_VAR]] = %[[PID]] : i32 loc(#[[PID_FILE:loc[0-9]*]])
// CHECK-NEXT: %[[MASK:.*]] = llvm.icmp "slt"
// CHECK-NEXT: llvm.intr.dbg.value #[[MASK_VAR]] = %[[MASK]] : i1
// CHECK-NEXT: %[[X:.*]] = llvm.load
// CHECK-NEXT: llvm.intr.dbg.value #[[X_VAR]] = %[[X]] : f16
// CHECK-NEXT: %[[PTRS:.*]] = llvm.getelementptr
// CHECK-NEXT: llvm.intr.dbg.value #[[PTRS_VAR]] = %[[PTRS]] : !llvm.ptr<1>
// CHECK-NEXT: %[[VEC:.*]] = llvm.mlir.undef : vector<4xf32>
// CHECK-NEXT: llvm.intr.dbg.value #[[VEC_VAR]] = %[[VEC]] : vector<4xf32>
// CHECK-NEXT: %[[REGS:.*]] = llvm.mlir.undef : !llvm.struct<(i32, i32)>
// CHECK-NEXT: llvm.intr.dbg.value #[[REGS_VAR]] = %[[REGS]] : !llvm.struct<(i32, i32)>
// CHECK-NEXT: llvm.add
// CHECK-NEXT: llvm.return
// CHECK-NEXT: } loc(#[[FUNC_LOC:loc[0-9]*]])
// CHECK-DAG: #[[FUNC_LOC]] = loc(fused<#[[SP]]>[
// CHECK-DAG: #[[PID_FILE]] = loc("/src/k.py":4:10)

// A unit that -enable-line-info made for line tables only is raised to
// full debug info, which the variables need (LLVM's DWARF writer crashes on
// variables under a line-tables-only unit).
// LLVMIR-LABEL: define void @kernel(
// LLVMIR: #dbg_value(i32 %{{.*}}, ![[PID:[0-9]+]], !DIExpression(),
// LLVMIR-DAG: ![[PID]] = !DILocalVariable(name: "pid", scope: ![[SP:[0-9]+]], file: !{{[0-9]+}}, line: 4, type:
// LLVMIR-DAG: ![[SP]] = distinct !DISubprogram(name: "kernel",
// LLVMIR-DAG: !DICompileUnit({{.*}}emissionKind: FullDebug)
// LLVMIR-DAG: !DILocalVariable(name: "ptrs", scope: ![[SP]], file: !{{[0-9]+}}, line: 7, type: ![[PTR:[0-9]+]])
// LLVMIR-DAG: ![[PTR]] = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: null, size: 64, dwarfAddressSpace: 1)

module {
  llvm.func @kernel(%p: !llvm.ptr<1>, %n: i32) {
    %pid = nvvm.read.ptx.sreg.ctaid.x : i32 loc(#pid)
    %mask = llvm.icmp "slt" %pid, %n : i32 loc(#mask)
    %x = llvm.load %p : !llvm.ptr<1> -> f16 loc(#x)
    %ptrs = llvm.getelementptr %p[%pid] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f16 loc(#ptrs)
    %vec = llvm.mlir.undef : vector<4xf32> loc(#vec)
    %regs = llvm.mlir.undef : !llvm.struct<(i32, i32)> loc(#regs)
    %unnamed = llvm.add %pid, %n : i32 loc("/src/k.py":10:2)
    llvm.return loc("/src/k.py":11:2)
  } loc("/src/k.py":2:0)
}
#pid = loc("pid"("/src/k.py":4:10))
#mask = loc("mask"("/src/k.py":5:10))
#x = loc("x"("/src/k.py":6:10))
#ptrs = loc("ptrs"("/src/k.py":7:10))
#vec = loc("vec"("/src/k.py":8:10))
#regs = loc("regs"("/src/k.py":9:10))
