//===- Passes.td - nvgpu to the LLVM and NVVM dialects -----*- tablegen -*-===//

#ifndef CONVERSION_NVGPUTOLLVM_PASSES_TD
#define CONVERSION_NVGPUTOLLVM_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertNVGPUToLLVM : Pass<"convert-nv-gpu-to-llvm", "mlir::ModuleOp"> {
  let summary = "Lowers the nvg ops the NVIDIA lowering leaves to inline PTX and NVVM";
  let description = [{
    Runs after `-convert-triton-gpu-to-llvm` (Triton 3.6's make_llir order)
    and rewrites each `nvg` op in place; everything else is left alone.

    - `nvg.wgmma`: one `wgmma.mma_async.sync.aligned.m64n<N>k<K>.<C>.<A>.<B>`
      inline asm with side effects; the accumulator registers are outputs
      tied to `opC`'s (an input struct is unpacked into its registers), A
      is a descriptor (`l`) or four registers (`r`), B a descriptor,
      `useC` the scale-d predicate (the immediate 0 without `opC`), then
      the immediates: scale-a and scale-b 1 (all but integer kinds), the
      transposes of f16/bf16 (A's only from shared memory).
    - `nvg.wgmma_wait_group`: `wgmma.wait_group.sync.aligned <pendings>`
      with every field of the struct an output tied to its input (`=f` for
      f32, `=d` f64, `=r`/`=h`/`=l` by size; pointers as 64-bit integers),
      so nothing that reads them moves above the wait.
    - `ttg.warp_id`: `tid.x / 32` broadcast from lane 0 by `shfl.sync
      idx` (ptxas then knows it is warp-uniform); the constant 0 where the
      enclosing `ttg.num-warps` is 1.
    - `nvg.cluster_id`: `nvvm.read.ptx.sreg.cluster.ctarank`.
    - `nvg.ld_acquire`: `ld.global.<scope>.<relaxed|acquire>.b<N>` into a
      register first set to 0 (a masked-off thread reads 0).
    - `nvg.tensor_memory_base` (sm_100): the kernel allocates
      `ttg.tensor_memory_size` columns of tensor memory at its start
      (`tcgen05.alloc` by the first warp into `@global_smem`, read back by
      every thread between barriers, then `tcgen05.relinquish_alloc_permit`)
      and frees them before each return (`tcgen05.dealloc`); the ops become
      the allocated address. Only in a kernel; more than 512 columns trap.

    ```mlir
    %r = nvg.wgmma_wait_group %d {pendings = 0 : i32} : !llvm.struct<(f32, f32)>
    // becomes
    %r = llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "// wait for regs: $0,$1\0A\09wgmma.wait_group.sync.aligned 0;", "=f,=f,0,1" %d0, %d1 : (f32, f32) -> !llvm.struct<(f32, f32)>
    ```
  }];
  let dependentDialects = ["mlir::LLVM::LLVMDialect", "mlir::NVVM::NVVMDialect"];
}

#endif // CONVERSION_NVGPUTOLLVM_PASSES_TD
