// RUN: triton-opt %s -split-input-file -convert-nv-gpu-to-llvm -verify-diagnostics
// What -convert-nv-gpu-to-llvm refuses, each with a located error.

// The warp count comes from the module.
llvm.func @no_warp_count() -> i32 {
  // expected-error @+1 {{ttg.warp_id outside a module with ttg.num-warps}}
  %0 = ttg.warp_id
  llvm.return %0 : i32
}

// -----

module attributes {ttg.tensor_memory_size = 128 : i32} {
  llvm.mlir.global external @global_smem() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>
  llvm.func @device_function() {
    // expected-error @+1 {{nvg.tensor_memory_base in a device function is not supported yet: only a kernel allocates tensor memory}}
    %0 = nvg.tensor_memory_base
    llvm.return
  }
}

// -----

module {
  llvm.mlir.global external @global_smem() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>
  llvm.func @no_size() attributes {nvvm.kernel = 1 : ui1} {
    // expected-error @+1 {{nvg.tensor_memory_base needs the module's ttg.tensor_memory_size}}
    %0 = nvg.tensor_memory_base
    llvm.return
  }
}

// -----

module attributes {ttg.tensor_memory_size = 128 : i32} {
  llvm.func @no_global_smem() attributes {nvvm.kernel = 1 : ui1} {
    // expected-error @+1 {{nvg.tensor_memory_base needs @global_smem to receive the allocated address}}
    %0 = nvg.tensor_memory_base
    llvm.return
  }
}
