//===- Passes.td - Passes over the LLVM dialect --------------*- tablegen -*-===//

#ifndef PASSES_LLVMIR_PASSES_TD
#define PASSES_LLVMIR_PASSES_TD

include "mlir/Pass/PassBase.td"

def EnableLineInfo : Pass<"enable-line-info", "mlir::ModuleOp"> {
  let summary = "Gives each llvm.func a debug-info subprogram so that the "
                "source locations of its ops become LLVM line tables";
  let description = [{
    Runs on a module of the LLVM dialect (the output of
    `-convert-triton-gpu-to-llvm`), as Triton 3.6's `make_llir` does unless
    line info is turned off. Translation to LLVM IR drops the locations of a
    function without a `#llvm.di_subprogram`; this pass attaches one to every
    `llvm.func` that has none, as a location fused with it:

    - its file, line and scope line come from the function's own location
      (the first file location inside it: a name, fused or call-site
      location is looked through);
    - a definition gets a distinct id and the module's
      `#llvm.di_compile_unit` (a `fused<#llvm.di_compile_unit>` location on
      the module), or a new one: producer `triton`, `DW_LANG_C`, optimized,
      line tables only; a declaration gets neither.

    An op whose location is a call site (code inlined from a device
    function) has each file location of the chain scoped by a
    `#llvm.di_lexical_block_file` of that location's own file, so that the
    line table names the file the inlined code came from.

    ```mlir
    llvm.func @k() { llvm.return loc("k.py":5:2) } loc("k.py":3:0)
    // becomes
    llvm.func @k() { ... } loc(fused<#di_subprogram>["k.py":3:0])
    // with #di_subprogram = #llvm.di_subprogram<..., name = "k",
    //   file = <"k.py" in "">, line = 3, scopeLine = 3,
    //   subprogramFlags = "Definition|Optimized", ...>
    ```
  }];
  let dependentDialects = ["mlir::LLVM::LLVMDialect"];
}

def ExtractVariableInfo : Pass<"extract-variable-info", "mlir::ModuleOp"> {
  let summary = "Describes each named value of an llvm.func to the debugger "
                "with an llvm.intr.dbg.value";
  let description = [{
    A value whose defining op has a name location (`loc("offsets"(...))`,
    which Triton's frontend gives to what a source variable holds) gets an
    `llvm.intr.dbg.value` right after its op, binding it to a
    `#llvm.di_local_variable` of that name. The variable's scope is the
    function's `#llvm.di_subprogram` (one is attached as
    `-enable-line-info` does when the function has none); its file and line
    come from the name's file location; its type is a basic type of the
    value's width (`int`, `bool`, `half`, `bfloat`, `float`, `double`, a
    vector of its total width) or a pointer type for `!llvm.ptr`. Only ops of
    an `llvm.func` with one non-void result are described (a multi-result
    op by its first).

    ```mlir
    %x = llvm.add %a, %b : i32 loc(#x)   // #x = loc("x"("k.py":7:4))
    // gains, after it:
    llvm.intr.dbg.value #di_local_variable = %x : i32 loc("k.py":7:4)
    ```

    Every compile unit of the module is raised to full debug info first:
    LLVM emits variables only under such a unit (and its DWARF writer
    crashes on them under a line-tables-only one, which `-enable-line-info`
    makes). Run it after `-enable-line-info`, or on functions that have a
    subprogram already.
  }];
  let dependentDialects = ["mlir::LLVM::LLVMDialect"];
}

#endif // PASSES_LLVMIR_PASSES_TD
