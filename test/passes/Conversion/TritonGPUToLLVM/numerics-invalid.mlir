// RUN: not triton-opt %s -split-input-file -allocate-shared-memory -convert-triton-gpu-to-llvm 2>&1 | FileCheck %s

// What the numeric, atomic and debug lowerings do not do yet: a located
// error each, never a silent wrong result.

// CHECK: :[[@LINE+4]]:{{[0-9]+}}: error: tt.atomic_rmw add on 'i16' is not supported yet by the LLVM lowering
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "cuda:90"} {
  tt.func public @atomic_i16(%p: !tt.ptr<i16>, %v: i16) {
    %true = arith.constant true
    %0 = tt.atomic_rmw add, acq_rel, gpu, %p, %v, %true : (!tt.ptr<i16>, i16, i1) -> i16
    tt.return
  }
}

// -----

// CHECK: :[[@LINE+4]]:{{[0-9]+}}: error: tt.atomic_rmw max on 'f16' is not supported yet by the LLVM lowering
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "cuda:90"} {
  tt.func public @atomic_max_f16(%p: !tt.ptr<f16>, %v: f16) {
    %true = arith.constant true
    %0 = tt.atomic_rmw max, acq_rel, gpu, %p, %v, %true : (!tt.ptr<f16>, f16, i1) -> f16
    tt.return
  }
}

// -----

// CHECK: :[[@LINE+3]]:{{[0-9]+}}: error: converting 'f32' to 'f8E4M3FNUZ' is not supported yet by the LLVM lowering (8-bit floats: f8E4M3FN and f8E5M2)
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "cuda:90"} {
  tt.func public @fnuz(%x: f32, %p: !tt.ptr<f8E4M3FNUZ>) {
    %0 = tt.fp_to_fp %x, rounding = rtne : f32 -> f8E4M3FNUZ
    tt.store %p, %0 : !tt.ptr<f8E4M3FNUZ>
    tt.return
  }
}

// -----

// CHECK: :[[@LINE+3]]:{{[0-9]+}}: error: arith.truncf with rounding mode upward is not supported yet by the LLVM lowering
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "cuda:90"} {
  tt.func public @upward(%x: f32, %p: !tt.ptr<f16>) {
    %0 = arith.truncf %x upward : f32 to f16
    tt.store %p, %0 : !tt.ptr<f16>
    tt.return
  }
}

// -----

// CHECK: :[[@LINE+3]]:{{[0-9]+}}: error: tt.extern_elementwise calls 'my_func': only libdevice functions (__nv_*) are linked by the NVIDIA lowering; other libraries are not supported yet by the LLVM lowering
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "cuda:90"} {
  tt.func public @extern(%x: f32, %p: !tt.ptr<f32>) {
    %0 = tt.extern_elementwise %x {libname = "mine", libpath = "/tmp/mine.bc", pure = true, symbol = "my_func"} : (f32) -> f32
    tt.store %p, %0 : !tt.ptr<f32>
    tt.return
  }
}

// -----

// CHECK: :[[@LINE+4]]:{{[0-9]+}}: error: tt.elementwise_inline_asm with packed_element = 4 on a layout of 2 elements per thread is not supported yet by the LLVM lowering
#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "cuda:90"} {
  tt.func private @asm_pack(%x: tensor<256xi8, #blocked>) -> tensor<256xi8, #blocked> {
    %0 = tt.elementwise_inline_asm "mov.b32 $0, $1;" {constraints = "=r,r", packed_element = 4 : i32, pure = true} %x : tensor<256xi8, #blocked> -> tensor<256xi8, #blocked>
    tt.return %0 : tensor<256xi8, #blocked>
  }
}

// -----

// CHECK: :[[@LINE+3]]:{{[0-9]+}}: error: ttg.barrier on the tensor address spaces is not supported yet by the LLVM lowering
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "cuda:90"} {
  tt.func public @tma_barrier() {
    ttg.barrier local|tensor_read
    tt.return
  }
}
