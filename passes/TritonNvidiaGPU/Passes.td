//===- Passes.td - TritonNvidiaGPU (ttng) transforms ------*- tablegen -*-===//

#ifndef TRITONNVIDIAGPU_TRANSFORMS_PASSES_TD
#define TRITONNVIDIAGPU_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def TritonGPUFenceInsertion : Pass<"triton-nvidia-gpu-fence-insertion", "mlir::ModuleOp"> {
  let summary = "Fences generic-proxy shared-memory writes before the wgmmas that read them";
  let description = [{
    wgmma reads shared memory through the async proxy; what threads wrote
    there (a `ttg.local_alloc` of a tensor, a `ttg.local_store`) went through
    the generic proxy and is visible to it only after a
    `fence.proxy.async`. On compute capability 90 and above, a
    `ttng.fence_async_shared {bCluster = false}` goes before each
    `ttng.warp_group_dot` with a shared-memory operand written so (looking
    through views, and through scf.for iteration arguments to their initial
    and yielded values; any other block argument counts as written). The
    fence moves out of every enclosing loop that contains none of those
    writes (a fence before the loop serves all its iterations), and is
    dropped when the op before it is the same fence.

    ```mlir
    %q = ttg.local_alloc %t : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
    scf.for ... {
      %d = ttng.warp_group_dot %q, %k, %c ...
    }
    // becomes
    %q = ttg.local_alloc %t : ...
    ttng.fence_async_shared {bCluster = false}
    scf.for ... {
      %d = ttng.warp_group_dot %q, %k, %c ...
    }
    ```
  }];
  let options = [
    Option<"computeCapability", "compute-capability", "int32_t", /*default=*/"90",
           "the NVIDIA compute capability; no fences below 90">
  ];
  let dependentDialects = ["mlir::triton::nvidia_gpu::TritonNvidiaGPUDialect"];
}

def TritonGPUProxyFenceInsertion
    : Pass<"triton-nvidia-gpu-proxy-fence-insertion", "mlir::ModuleOp"> {
  let summary = "Fences generic-proxy shared-memory accesses before TMA copies of the same bytes";
  let description = [{
    A TMA copy reaches shared memory through the async proxy; bytes that
    threads read or wrote through the generic proxy before it (another
    buffer placed at the same offsets once that one is dead, a buffer read
    back then refilled) are ordered before it only by a
    `fence.proxy.async`. From the shared-memory allocation, over each
    function (structured loops and ifs, or the CFG after scf-to-cf, and
    through calls), the bytes accessed generically since the last fence
    are tracked; a `ttng.fence_async_shared {bCluster = false}` goes right
    before a TMA copy whose buffer overlaps them. wgmma, TMA copies and
    mbarrier ops are not generic accesses. No CTA barrier is added: the
    lowering's barrier placement orders the threads. Nothing below compute
    capability 90. Triton 3.6 runs it in make_llir before the lowering.
  }];
  let options = [
    Option<"computeCapability", "compute-capability", "int32_t", /*default=*/"90",
           "the NVIDIA compute capability; no fences below 90">
  ];
  let dependentDialects = ["mlir::triton::nvidia_gpu::TritonNvidiaGPUDialect"];
}

def TritonNvidiaGPUOptimizeDescriptorEncoding
    : Pass<"triton-nvidia-optimize-descriptor-encoding", "mlir::ModuleOp"> {
  let summary = "Gives every tensor descriptor the shared layout its TMA copies fill";
  let description = [{
    On sm_90 a `!tt.tensordesc` is read and written by TMA, which fills (or
    drains) a shared-memory buffer in an NVMMA layout. This pass puts that
    layout on the descriptor's block type: the `#ttg.nvmma_shared` of the
    `ttg.local_alloc`s its loads feed, when they agree on one, else Triton
    3.6's NVMMA layout for the block shape in row-major order (the widest
    swizzle the contiguous dimension fills). Descriptors joined through
    function parameters, `scf.for` / `scf.while` iteration values and
    `scf.if` results get one layout together; function signatures follow.

    ```mlir
    %d = tt.make_tensor_descriptor %p, [%m, %n], [%s, %c1] : <f16>, <tensor<64x64xf16>>
    // becomes
    %d = tt.make_tensor_descriptor %p, [%m, %n], [%s, %c1] : <f16>, <tensor<64x64xf16, #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>>>
    ```
  }];
  let dependentDialects = ["mlir::triton::gpu::TritonGPUDialect"];
}

def TritonNvidiaGPUTMALowering : Pass<"triton-nvidia-tma-lowering", "mlir::ModuleOp"> {
  let summary = "Tensor-descriptor loads, stores, reductions and descriptors made in the kernel to TMA ops";
  let description = [{
    On sm_90, what the pipeliner left of the tensor-descriptor ops becomes
    TMA: a `tt.descriptor_load` is a shared buffer and an mbarrier
    (`ttng.init_barrier`, `ttng.barrier_expect` of the block's bytes (in a
    CTA cluster, of one CTA's tile of the block),
    `ttng.async_tma_copy_global_to_local`, `ttng.wait_barrier` on phase 0,
    `ttng.inval_barrier`) and a `ttg.local_load` (a `ttg.local_alloc` of the
    block in the buffer's layout that only wgmmas or local_loads read is
    replaced by the buffer itself); a `tt.descriptor_store`
    is a `ttg.local_alloc` of the value, `ttng.fence_async_shared`,
    `ttng.async_tma_copy_local_to_global` and `ttng.async_tma_store_wait`;
    a `tt.descriptor_reduce` the same with `ttng.async_tma_reduce` of its
    kind in place of the copy; a `tt.make_tensor_descriptor` writes a 128-byte TMA descriptor into
    per-program global scratch (`ttg.global_scratch_alloc`,
    `ttng.tensormap_create`, `ttng.tensormap_fenceproxy_acquire`) and
    views it as the descriptor (`ttng.reinterpret_tensor_descriptor`).
    Descriptor types must carry their shared layout
    (-triton-nvidia-optimize-descriptor-encoding). Row gathers and scatters
    through descriptors (sm_100's `gather4`/`scatter4`) are an error at
    their location.
  }];
  let dependentDialects = ["mlir::triton::gpu::TritonGPUDialect",
                           "mlir::triton::nvidia_gpu::TritonNvidiaGPUDialect",
                           "mlir::arith::ArithDialect"];
}

def TritonNvidiaGPUMMALowering : Pass<"triton-nvidia-mma-lowering", "mlir::ModuleOp"> {
  let summary = "Makes synchronous tcgen05 MMAs asynchronous and moves their shared-memory scales to tensor memory";
  let description = [{
    Triton 3.6's step 31 of make_ttgir for the Blackwell (sm_100) tcgen05
    ops; IR without them (all of sm_80 and sm_90) is left unchanged.

    A `ttng.tc_gen5_mma` or `ttng.tc_gen5_mma_scaled` without `is_async`
    gets a one-arrival mbarrier of its own that it signals on completion,
    becomes asynchronous, and is followed by a wait on the barrier's phase 0
    (predicated on the MMA's `pred`) and the barrier's invalidation:

    ```mlir
    ttng.tc_gen5_mma %a, %b, %acc, %useD, %pred : ...
    // becomes
    %true = arith.constant true
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>, #smem, mutable>
    ttng.init_barrier %bar, 1 : ...
    ttng.tc_gen5_mma %a, %b, %acc, %useD, %pred, %bar[%true] {is_async} : ...
    %c0_i32 = arith.constant 0 : i32
    ttng.wait_barrier %bar, %c0_i32, %pred : ...
    ttng.inval_barrier %bar : ...
    ```

    A scaled MMA's scale in shared memory with a `#ttg.swizzled_shared`
    layout is copied into a fresh tensor-memory buffer of rows x (elements /
    rows) bytes in `#ttng.tensor_memory_scales_encoding<>` (rows: M for
    `a_scale`, N for `b_scale`), which the MMA reads instead:

    ```mlir
    %t = ttng.tmem_alloc : () -> !ttg.memdesc<128x8xi8, #tmem_scales, #ttng.tensor_memory, mutable>
    ttng.tmem_copy %a_scale, %t : ...
    ```
  }];
  let dependentDialects = ["mlir::triton::gpu::TritonGPUDialect",
                           "mlir::triton::nvidia_gpu::TritonNvidiaGPUDialect",
                           "mlir::arith::ArithDialect"];
}

#endif // TRITONNVIDIAGPU_TRANSFORMS_PASSES_TD
