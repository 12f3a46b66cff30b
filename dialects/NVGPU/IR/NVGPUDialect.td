//===- NVGPUDialect.td - The nvg dialect ------------------*- tablegen -*-===//
//
// The NVIDIA lowering's own ops between TTGIR and the LLVM dialect: what
// -convert-triton-gpu-to-llvm leaves as one op (a wgmma, a wait on its
// registers, a cluster index, an acquiring load) for
// -convert-nv-gpu-to-llvm to write as inline PTX or NVVM, as Triton 3.6
// does. Its operands and results are LLVM-dialect values. Triton 3.6 spells
// it `nvg` (upstream renamed `nvgpu` before 3.6 was cut); the C++ namespace
// keeps the old name, as upstream's does.
//
//===----------------------------------------------------------------------===//

#ifndef NVGPU_DIALECT_TD
#define NVGPU_DIALECT_TD

include "mlir/IR/OpBase.td"

def NVGPU_Dialect : Dialect {
  let name = "nvg";
  let cppNamespace = "::mlir::triton::nvgpu";
  let summary = "NVIDIA instructions between the TTGIR lowering and inline PTX";
  let description = [{
    Ops on LLVM-dialect values that the NVIDIA lowering of TTGIR emits and
    `-convert-nv-gpu-to-llvm` lowers (with `ttg.warp_id`): warpgroup MMA
    (`nvg.wgmma`) and the wait for its registers (`nvg.wgmma_wait_group`),
    the CTA's rank in its cluster (`nvg.cluster_id`), an acquiring load
    (`nvg.ld_acquire`) and the tensor-memory base address
    (`nvg.tensor_memory_base`).

    ```mlir
    %d = nvg.wgmma %a, %b, %true, %c {eltTypeA = 4 : i32, eltTypeB = 4 : i32, eltTypeC = 7 : i32, layoutA = 0 : i32, layoutB = 1 : i32, m = 64 : i32, n = 8 : i32, k = 16 : i32} : (i64, i64, i1, !llvm.struct<(f32, f32, f32, f32)>) -> !llvm.struct<(f32, f32, f32, f32)>
    %r = nvg.wgmma_wait_group %d {pendings = 0 : i32} : !llvm.struct<(f32, f32, f32, f32)>
    ```
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

#endif // NVGPU_DIALECT_TD
