// RUN: not triton-opt %s -allocate-shared-memory -convert-triton-gpu-to-llvm 2>&1 | FileCheck %s --check-prefix=LLVM
// RUN: not triton-run %s --kernel mma --grid 1 2>&1 | FileCheck %s --check-prefix=INTERP
// The tensor-memory and tcgen05 ops exist at the IR level only: the LLVM
// lowering and the interpreter refuse them with an error at the op, and do
// not crash.

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @mma() {
    %true = arith.constant true
    %a = ttg.local_alloc : () -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    %b = ttg.local_alloc : () -> !ttg.memdesc<64x128xf16, #shared1, #smem, mutable>
    // LLVM: tensor-memory-not-lowered.mlir:[[@LINE+2]]:{{[0-9]+}}: error: failed to legalize operation 'ttng.tmem_alloc'
    // INTERP: tensor-memory-not-lowered.mlir:[[@LINE+1]]:{{[0-9]+}}: error: program (0, 0, 0): op 'ttng.tmem_alloc' is not supported by the interpreter yet
    %acc = ttng.tmem_alloc : () -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    ttng.tc_gen5_mma %a, %b, %acc, %true, %true : !ttg.memdesc<128x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x128xf16, #shared1, #smem, mutable>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    tt.return
  }
}
