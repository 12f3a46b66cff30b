// RUN: %python %S/Inputs/expect-exit.py 1 triton-translate --mlir-to-ptx --arch=sm_9x %s 2>&1 | FileCheck %s --check-prefix=NVIDIA
// RUN: %python %S/Inputs/expect-exit.py 1 triton-translate --mlir-to-hsaco --arch=gfx1100 %s 2>&1 | FileCheck %s --check-prefix=AMD

// An architecture the toolchain does not know is refused before anything
// else is looked at (LLVM would only warn about an unknown NVPTX processor
// and go on).
// NVIDIA: unsupported-arch.mlir:[[@LINE+2]]:1: error: unsupported NVIDIA architecture 'sm_9x': expected sm_ and a number, e.g. sm_90a or sm_80
// AMD: unsupported-arch.mlir:[[@LINE+1]]:1: error: unsupported AMD architecture 'gfx1100': expected gfx942 or gfx90a
module {
  llvm.func @kernel() {
    llvm.return
  }
}
