// RUN: not triton-translate --mlir-to-cubin %s 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: not triton-translate --mlir-to-cubin --ptxas=%t.missing %s 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: not triton-translate --mlir-to-ptx --arch=gfx942 %s 2>&1 | FileCheck %s --check-prefix=ARCH
// RUN: not triton-translate --mlir-to-amdgcn --arch=gfx1100 %s 2>&1 | FileCheck %s --check-prefix=AMDARCH
// RUN: not triton-translate --llvmir-to-ptx %S/Inputs/bad.ll 2>&1 | FileCheck %s --check-prefix=BADLL
// REQUIRES: ptxas

// ptxas's own messages become the diagnostic.
// PTXAS: error: ptxas failed (exit {{[0-9]+}}):
// PTXAS: bogus_instruction
// MISSING: error: cannot run '{{.*}}missing': not an executable file
// ARCH: error: architecture 'gfx942' does not fit PTX output
// AMDARCH: error: unsupported AMD architecture 'gfx1100': expected gfx942 or gfx90a
// BADLL: bad.ll:2:{{[0-9]+}}: error: expected

module {
  llvm.func @bad_asm() attributes {nvvm.kernel} {
    llvm.inline_asm has_side_effects "bogus_instruction;", "" : () -> ()
    llvm.return
  }
}
