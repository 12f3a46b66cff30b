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

def TritonNvidiaGPUPlanCTA : Pass<"triton-nvidia-gpu-plan-cta", "mlir::ModuleOp"> {
  let summary = "Gives dots, reductions and the tensors around them CTA tilings for clusters (`ttg.num-ctas` > 1)";
  let description = [{
    Triton 3.6's CTA planner. It runs on TTGIR straight after `tritongpu-coalesce`
    (make_ttgir runs it after `tritongpu-F32DotTC` on `cuda:90` when
    `num-ctas > 1`); with one CTA it changes nothing. Every layout it builds is a
    `#ttg.blocked` layout whose threads and warps are spread over one CTA's tile,
    as Triton's blocked-layout builder does for a shape and a CTA layout.

    Anchors, in this order:

    - **`tt.dot`**: the accumulator of shape M x N is tiled over `splitM x
      splitN` CTAs. Rows go in chunks of 128 (else 64): `splitM = clamp(M / chunk,
      1, num-ctas)`, `splitN = num-ctas / splitM`, the first chunk size that leaves
      `N / splitN >= 64` wins (128 x 256 on 2 CTAs: 1 x 2; 128 x 128 on 4: 2 x 2;
      512 x 64 on 4: 4 x 1). The CTA id's first bits go along N. A's `#ttg.dot_op`
      is then split along M and copied along N (whole along K), B's split along N
      and copied along M.
    - **`tt.reduce`**: from the slowest dimension of the source's order to the
      fastest, each dimension but the axis takes as many CTAs as it has chunks of
      `sizePerThread` elements, while CTAs are left; the axis is never split, so
      no reduction crosses CTAs. CTAs left over hold copies (a 1-D reduction on
      two CTAs: `CGALayout = [[0]]`).
    - Without a dot or a reduction, every store-like op (`tt.store`, atomics,
      descriptor stores) takes the first store's CTA layout: an elementwise kernel
      keeps convert-triton-to-tritongpu's tiling.

    From the anchors the tilings spread, one op at a time: backwards into
    producers (elementwise ops, `tt.addptr`, loads and stores, `tt.splat`,
    `tt.make_range`, constants, `tt.broadcast`, `tt.expand_dims` whose source
    takes the slice of the layout, loop-carried values and `scf.if` results), and
    forwards into consumers (elementwise ops, loads and stores, loop-carried and
    yielded values). The `ttg.convert_layout`s that coalesce left are looked
    through and dropped. Where two tilings meet, a `ttg.convert_layout` joins
    them (also where the first still has other users to reach: a loaded value
    that several atomics ask for in their layouts); a value that users want in
    several layouts is computed again for each when it is a pure op without
    regions (a range, a splat), else converted; an op it does not know keeps its
    layouts behind conversions. `tritongpu-remove-layout-conversions` then
    removes what is left over, except that in a cluster it never folds a
    conversion into a `tt.reduce` or `tt.scan` (nor moves one there) when that
    would leave the operand split along the axis over the CTAs: the conversion
    stays, and the lowering moves its data between CTAs through distributed
    shared memory. `tt.scan` is not anchored (3.6 does not anchor it either): a
    scan along a dimension its tiling splits is a located "not supported yet"
    at the lowering.

    ```mlir
    // 128 x 256 dot on two CTAs, after coalesce (default tiling: rows split)
    #blocked  = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1, 0]]}>
    %y = tt.load %b : tensor<64x256x!tt.ptr<f16>, #blocked>
    // becomes: B's tile split along N, threads spread over each CTA's 64 x 128
    #blocked3 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[0, 1]]}>
    %y = tt.load %b' : tensor<64x256x!tt.ptr<f16>, #blocked3>
    ```

    Differences from 3.6 (where 3.6 has no defined behaviour): a layout that is
    not `#ttg.blocked`/`#ttg.slice` on a tensor the plan reaches, a dot whose
    result is not `#ttg.blocked` (the pass ran after accelerate-matmul), and a
    plan that does not settle are located errors; a load or a block argument
    wanted in two layouts is converted rather than duplicated; a slice's parent
    keeps its threads and warps; CTAs a reduction cannot split over are copies
    (3.6 would split a dimension beyond its elements); a store of another rank than
    the first store keeps its own CTA layout; inline assembly and ops with regions
    keep their layouts.

    Tests: `test/passes/TritonNvidiaGPU/plan-cta.mlir`; the whole of make_ttgir
    on the corpus matmul at `num-ctas=2` against 3.6's `matmul_2cta.ttgir`
    (`test/passes/Pipelines/make-ttgir-layouts.test`) and through make_llir
    (`make-llir-clusters.test`).
  }];
  let dependentDialects = ["mlir::triton::gpu::TritonGPUDialect"];
}

def TritonNvidiaGPUTMAMulticast : Pass<"triton-nvidia-gpu-tma-multicast", "mlir::ModuleOp"> {
  let summary = "In a CTA cluster, splits TMA loads into buffers the CTAs hold copies of among the copies, each multicasting its share, with the cluster barriers that order them";
  let description = [{
    Ours: Triton 3.6 emits no TMA multicast on Hopper. make_llir runs it first
    (before the loops become branches) when `tma-multicast=true`; it is off by
    default (see "Measured" below). With one CTA it changes nothing.

    In a cluster (`ttg.num-ctas` > 1) a TMA load whose descriptor block has a
    CGA layout with zero bases (the CTAs that differ in those bits hold copies of
    one tile: A of a matmul whose tile is split along N) is marked
    `ttng.multicast`; the lowering (`TMAOpToLLVM.cpp`) then has the k copies
    split the tile's boxes: copy c (the rank's copy bits, packed) issues boxes
    `[c n/k, (c+1) n/k)` with
    `cp.async.bulk.tensor...mbarrier::complete_tx::bytes.multicast::cluster` and
    the mask of the copies' ranks (`(sum of 1 << s over the subsets s of the copy
    bits) << (rank & ~copy bits)`), to the same buffer and mbarrier offsets in
    every copy. Each CTA still expects the whole tile's bytes on its own barrier.
    The descriptor's box shrinks to a share (its outer dimensions halved until the
    tile is a multiple of k boxes): the module gets `ttng.tma_multicast`, so the
    launch metadata (`tt.tensordesc_meta` block_size) and every TMA copy through
    such a descriptor use that box; a tensormap written in the kernel gets it here
    (its box operands).

    ```mlir
    // 2 CTAs, A 128 x 64 a copy in both (CGALayout [[0, 0]]), in a pipelined loop
    %w:3 = ttng.warp_group_dot_wait %d, %as, %bs {pendings = 1 : i32} : ...
    nvvm.cluster.arrive.relaxed {aligned}
    ...
    ttng.barrier_expect %nbar, 32768, %more : ...
    nvvm.cluster.wait {aligned}
    ttng.async_tma_copy_global_to_local %a_d[%m, %k] %an, %nbar, %more {ttng.multicast} : ...
    // lowered: CTA r loads rows m + 64 r (a 64 x 64 box) into byte 8192 r of
    // the stage, mask 3 << (rank & ~1)
    ```

    The hazard is a peer's multicast writing a stage this CTA still reads. Each
    group of multicast loads (loads separated only by ops that neither read
    shared memory nor wait: views, pure ops, mbarrier expects, other TMA loads)
    gets a cluster arrive right after the last op before it that is not such an
    op, and a cluster wait just before its first load: a peer issues the refill of
    stage s only once every thread of the cluster is past the op that retired s
    (in 3.6's pipelined loops the warp-group dot wait, with one dot left in
    flight). The arrive is `.relaxed` after a warp-group dot wait when the block
    has no `ttg.local_load` (the wait itself retires the wgmma's reads), else it
    releases. Before each return of the kernel an arrive and a wait keep every
    CTA alive until its peers have issued their last copies.

    Located "not supported yet" errors: a multicast load under anything but
    `scf.for` loops (`scf.if`, `scf.while`, warp-specialized partitions: every
    thread of the cluster must reach the barriers) or in a device function; a CTA
    tile that cannot be cut into a multiple of k boxes (a single row); a
    descriptor with copies that is neither a kernel parameter nor a tensormap
    written in the kernel (a loop-carried one); in the lowering, shares of boxes
    that are not one share moved by a constant step.

    Assumed, not checked: the loops' trip counts and the loads' predicates are
    the same in every CTA of a program (they come from the program id, which
    counts clusters, in every kernel seen), and every load issued is waited on
    before the kernel ends (a peer's write into an exited CTA is undefined).

    Alternative not built: per-stage "empty" mbarriers arrived remotely by the
    peers (mapa + `mbarrier.arrive.shared::cluster`) and waited on by the
    issuer, which would not hold the consumers at a cluster-wide barrier.

    Tests: `TritonNvidiaGPU/tma-multicast.mlir` (placement, tensormap boxes,
    refusals), `Conversion/TritonGPUToLLVM/clusters-tma-multicast.mlir` (the
    instruction, masks and shares at 2 and 4 CTAs, ptxas),
    `Pipelines/make-llir-clusters.test` (3.6's 2-CTA descriptor matmul with
    `tma-multicast=true`).

    Measured (H200, nine rounds, Triton 3.6's TTGIR of the descriptor matmul, against the same
    kernel without multicast): 2 CTAs 1.000x with host descriptors and 1.005x with descriptors
    written in the kernel (the cluster barriers alone cost nothing measurable;
    [results](../results/2026-12-03-tma-multicast-1739.md)); 4 CTAs **1.091x** (1.083x Triton at
    num_ctas=4; [results](../results/2026-12-03-tma-multicast-4cta-1744.md)). Every case correct
    (Triton's error). It stays off by default because a load it cannot multicast is a refusal, not
    a fallback: turning it on wants a module-level fallback first (leave the module unchanged, with
    a remark). Our own make_ttgir of the descriptor matmul at num-ctas 2 and 4 lowers with it too.
  }];
  let dependentDialects = ["mlir::arith::ArithDialect", "mlir::NVVM::NVVMDialect"];
}

#endif // TRITONNVIDIAGPU_TRANSFORMS_PASSES_TD
