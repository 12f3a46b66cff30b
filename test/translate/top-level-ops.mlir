// RUN: not triton-translate --mlir-to-ptx %s -split-input-file 2>&1 | FileCheck %s
// RUN: not triton-translate --mlir-to-amdgcn --arch=gfx942 %s -split-input-file 2>&1 | FileCheck %s --check-prefixes=CHECK,AMD
// RUN: not triton-translate --mlir-to-llvmir %s -split-input-file 2>&1 | FileCheck %s --check-prefixes=CHECK,LLVMIR

// Only symbols and module metadata may sit at a module's top level: the
// translation gives any other op a builder with no block, and an intrinsic
// call there crashed (fuzz-translate, finding 16: a bare op is parsed into an
// implicit module).

// CHECK: :11:1: error: 'nvvm.wgmma.commit.group.sync.aligned' at the top level of a module: only functions, globals, aliases, comdats, module flags and linker options may be there
nvvm.wgmma.commit.group.sync.aligned

// -----

module {
  llvm.func @f() {
    llvm.return
  }
  // CHECK: :8:8: error: 'llvm.mlir.constant' at the top level of a module
  %c = llvm.mlir.constant(1 : i32) : i32
}

// -----

// Module metadata, comdats and globals are fine.
// CHECK-NOT: error
// LLVMIR: !{i32 1, !"flag", i32 1}
module {
  llvm.module_flags [#llvm.mlir.module_flag<error, "flag", 1 : i32>]
  llvm.comdat @c {
    llvm.comdat_selector @any any
  }
  llvm.mlir.global internal @g(0 : i32) {addr_space = 0 : i32} : i32
  llvm.func @f() {
    llvm.return
  }
}

// -----

// An ELF object's linker options are key/value pairs: AMDGPU's asm printer
// stopped the process on a list of another size, so it is a diagnostic there;
// PTX and LLVM IR take any list.
// AMD: :8:3: error: llvm.linker_options holds 1 string; AMDGCN assembly for gfx942 (ELF) takes a key/value pair
module {
  llvm.linker_options ["-lm"]
  llvm.func @f() {
    llvm.return
  }
}

// -----

// AMD-NOT: error
module {
  llvm.linker_options ["-l", "m"]
  llvm.func @f() {
    llvm.return
  }
}
