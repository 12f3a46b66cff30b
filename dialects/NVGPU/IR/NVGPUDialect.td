//===- NVGPUDialect.td - The nvgpu dialect ----------------*- tablegen -*-===//
//
// The NVIDIA lowering's own ops between TTGIR and the LLVM dialect: what
// -convert-triton-gpu-to-llvm leaves as one op (a wgmma, a wait on its
// registers, a warp or cluster index, an acquiring load) for
// -convert-nv-gpu-to-llvm to write as inline PTX or NVVM, as Triton 3.6
// does. Its operands and results are LLVM-dialect values.
//
//===----------------------------------------------------------------------===//

#ifndef NVGPU_DIALECT_TD
#define NVGPU_DIALECT_TD

include "mlir/IR/OpBase.td"

def NVGPU_Dialect : Dialect {
  let name = "nvgpu";
  let cppNamespace = "::mlir::triton::nvgpu";
  let summary = "NVIDIA instructions between the TTGIR lowering and inline PTX";
  let description = [{
    Ops on LLVM-dialect values that the NVIDIA lowering of TTGIR emits and
    `-convert-nv-gpu-to-llvm` lowers: warpgroup MMA (`nvgpu.wgmma`) and the
    wait for its registers (`nvgpu.wgmma_wait_group`), the warp index
    (`nvgpu.warp_id`), the CTA's rank in its cluster (`nvgpu.cluster_id`),
    an acquiring load (`nvgpu.ld_acquire`) and the tensor-memory base
    address (`nvgpu.tensor_memory_base`). Not MLIR's own `nvgpu` dialect,
    which the tools do not load.

    ```mlir
    %d = nvgpu.wgmma %a, %b, %true, %c {eltTypeA = 4 : i32, eltTypeB = 4 : i32, eltTypeC = 7 : i32, layoutA = 0 : i32, layoutB = 1 : i32, m = 64 : i32, n = 8 : i32, k = 16 : i32} : (i64, i64, i1, !llvm.struct<(f32, f32, f32, f32)>) -> !llvm.struct<(f32, f32, f32, f32)>
    %r = nvgpu.wgmma_wait_group %d {pendings = 0 : i32} : !llvm.struct<(f32, f32, f32, f32)>
    ```
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

#endif // NVGPU_DIALECT_TD
