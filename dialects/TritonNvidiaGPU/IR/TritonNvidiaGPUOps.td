//===- TritonNvidiaGPUOps.td - Operations of ttng ---------*- tablegen -*-===//

#ifndef TRITONNVIDIAGPU_OPS_TD
#define TRITONNVIDIAGPU_OPS_TD

include "mlir/IR/OpBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "dialects/Triton/IR/TritonTypes.td"
include "dialects/Triton/IR/TritonAttrDefs.td"
include "dialects/TritonGPU/IR/TritonGPUTypes.td"
include "dialects/TritonNvidiaGPU/IR/TritonNvidiaGPUDialect.td"

def TTNG_SharedMemory : Resource<"::mlir::triton::gpu::SharedMemory">;
def TTNG_GlobalMemory : Resource<"::mlir::triton::GlobalMemory">;
def TTNG_TensorMemory : Resource<"::mlir::triton::nvidia_gpu::TensorMemory">;

class TTNG_Op<string mnemonic, list<Trait> traits = []>
    : Op<TritonNvidiaGPU_Dialect, mnemonic, traits>;

def TTNG_AnyTensor : RankedTensorOf<[AnyType]>;
def TTNG_TensorOrMemDesc : AnyTypeOf<[TTNG_AnyTensor, TTG_MemDescType],
                                     "tensor or memory descriptor">;

//===----------------------------------------------------------------------===//
// Cluster barriers
//===----------------------------------------------------------------------===//

def TTNG_ClusterArriveOp : TTNG_Op<"cluster_arrive"> {
  let summary = "Arrives on the barrier of the CTA cluster";
  let description = [{
    Every thread of every CTA of the cluster arrives; `ttng.cluster_wait`
    then waits until all have. Without `relaxed` the arrival releases the
    thread's earlier memory accesses to the cluster (`barrier.cluster.arrive`,
    `.relaxed` otherwise). Needs sm_90; with one CTA it orders the CTA's
    threads.

    ```mlir
    ttng.cluster_arrive {relaxed = false}
    ttng.cluster_wait
    ```
  }];
  let arguments = (ins I1Attr:$relaxed);
  let assemblyFormat = "attr-dict";
}

def TTNG_ClusterWaitOp : TTNG_Op<"cluster_wait"> {
  let summary = "Waits until every thread of the cluster has arrived";
  let description = [{
    Completes the cluster barrier phase `ttng.cluster_arrive` started, with
    acquire semantics (`barrier.cluster.wait`).
  }];
  let assemblyFormat = "attr-dict";
}

//===----------------------------------------------------------------------===//
// Warp-group MMA
//===----------------------------------------------------------------------===//

def TTNG_WarpGroupDotOp : TTNG_Op<"warp_group_dot",
    [AllTypesMatch<["c", "d"]>,
     MemoryEffects<[MemRead<TTNG_SharedMemory>]>]> {
  let summary = "A warp-group matrix product d = a * b + c (Hopper wgmma)";
  let description = [{
    `a` is in registers (a `#ttg.dot_op` tensor) or in shared memory, `b` in
    shared memory. With `isAsync` the product runs in the background until a
    `ttng.warp_group_dot_wait`; `useC` false ignores `c`.

    ```mlir
    %d = ttng.warp_group_dot %a, %b, %c {inputPrecision = 0 : i32, isAsync = true} : !ttg.memdesc<128x64xf16, #shared, #smem, mutable> * !ttg.memdesc<64x256xf16, #shared1, #smem, mutable> -> tensor<128x256xf32, #mma>
    ```
  }];
  let arguments = (ins
    TTNG_TensorOrMemDesc:$a,
    TTG_MemDescType:$b,
    TT_FpIntTensor:$c,
    Optional<I1>:$useC,
    DefaultValuedAttr<TT_InputPrecisionAttr, "::mlir::triton::InputPrecision::IEEE">:$inputPrecision,
    DefaultValuedAttr<I32Attr, "0">:$maxNumImpreciseAcc,
    DefaultValuedAttr<BoolAttr, "false">:$isAsync);
  let results = (outs TT_FpIntTensor:$d);
  let assemblyFormat = [{
    $a `,` $b `,` $c (`,` $useC^)? attr-dict `:` type($a) `*` qualified(type($b)) `->` type($d)
  }];
  let hasVerifier = 1;
}

def TTNG_WarpGroupDotWaitOp : TTNG_Op<"warp_group_dot_wait",
    [DeclareOpInterfaceMethods<InferTypeOpInterface>, AllTypesMatch<["inputs", "outputs"]>]> {
  let summary = "Waits until at most `pendings` asynchronous warp-group dots are in flight";
  let description = [{
    The results are the inputs, usable once the dots that produce or read them
    have completed.

    ```mlir
    %r:3 = ttng.warp_group_dot_wait %d, %a, %b {pendings = 1 : i32} : tensor<128x256xf32, #mma>, !ttg.memdesc<128x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x256xf16, #shared1, #smem, mutable>
    ```
  }];
  let arguments = (ins Variadic<TTNG_TensorOrMemDesc>:$inputs, I32Attr:$pendings);
  let results = (outs Variadic<TTNG_TensorOrMemDesc>:$outputs);
  let assemblyFormat = "$inputs attr-dict `:` type($inputs)";
}

//===----------------------------------------------------------------------===//
// Fences and mbarriers
//===----------------------------------------------------------------------===//

def TTNG_FenceAsyncSharedOp : TTNG_Op<"fence_async_shared"> {
  let summary = "Orders generic-proxy shared-memory accesses before async-proxy ones";
  let description = [{
    ```mlir
    ttng.fence_async_shared {bCluster = false}
    ```
  }];
  let arguments = (ins BoolAttr:$bCluster);
  let assemblyFormat = "attr-dict";
}

def TTNG_InitBarrierOp : TTNG_Op<"init_barrier",
    [MemoryEffects<[MemWrite<TTNG_SharedMemory>]>]> {
  let summary = "Initializes an mbarrier in shared memory with an arrival count";
  let description = [{
    ```mlir
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    ```
  }];
  let arguments = (ins TTG_MemDescType:$alloc, I32Attr:$count);
  let assemblyFormat = "$alloc `,` $count attr-dict `:` qualified(type($alloc))";
  let hasVerifier = 1;
}

def TTNG_InvalBarrierOp : TTNG_Op<"inval_barrier",
    [MemoryEffects<[MemWrite<TTNG_SharedMemory>]>]> {
  let summary = "Invalidates an mbarrier so its memory can be reused";
  let description = [{
    ```mlir
    ttng.inval_barrier %bar : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    ```
  }];
  let arguments = (ins TTG_MemDescType:$alloc);
  let assemblyFormat = "$alloc attr-dict `:` qualified(type($alloc))";
  let hasVerifier = 1;
}

def TTNG_BarrierExpectOp : TTNG_Op<"barrier_expect",
    [MemoryEffects<[MemWrite<TTNG_SharedMemory>]>]> {
  let summary = "Tells an mbarrier to expect `size` bytes of async copies";
  let description = [{
    ```mlir
    ttng.barrier_expect %bar, 16384, %pred : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    ```
  }];
  let arguments = (ins TTG_MemDescType:$alloc, I32Attr:$size, I1:$pred);
  let assemblyFormat = "$alloc `,` $size attr-dict `,` $pred `:` qualified(type($alloc))";
  let hasVerifier = 1;
}

def TTNG_WaitBarrierOp : TTNG_Op<"wait_barrier", [AttrSizedOperandSegments,
    MemoryEffects<[MemRead<TTNG_SharedMemory>, MemWrite<TTNG_SharedMemory>]>]> {
  let summary = "Waits until phase `phase` of an mbarrier completes";
  let description = [{
    `deps` are buffers the wait protects from being reordered before it.

    ```mlir
    ttng.wait_barrier %bar, %phase : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    ```
  }];
  let arguments = (ins TTG_MemDescType:$alloc, I32:$phase, Optional<I1>:$pred,
                       Variadic<TTG_MemDescType>:$deps);
  let assemblyFormat = [{
    $alloc `,` $phase (`,` $pred^)? (`deps` $deps^)? attr-dict `:` qualified(type($alloc)) (`,` type($deps)^)?
  }];
  let hasVerifier = 1;
}

def TTNG_ArriveBarrierOp : TTNG_Op<"arrive_barrier",
    [MemoryEffects<[MemWrite<TTNG_SharedMemory>]>]> {
  let summary = "Arrives `count` times on an mbarrier";
  let description = [{
    ```mlir
    ttng.arrive_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    ```
  }];
  let arguments = (ins TTG_MemDescType:$alloc, I32Attr:$count, Optional<I1>:$pred);
  let assemblyFormat = [{
    $alloc `,` $count (`,` $pred^)? attr-dict `:` qualified(type($alloc))
  }];
  let hasVerifier = 1;
}

def TTNG_AsyncCopyMbarrierArriveOp : TTNG_Op<"async_copy_mbarrier_arrive",
    [MemoryEffects<[MemWrite<TTNG_SharedMemory>]>]> {
  let summary = "Arrives on an mbarrier once the thread's earlier cp.async copies are done";
  let description = [{
    Every thread that runs it asks the mbarrier to count an arrival once all
    `cp.async` copies it issued before have landed (`cp.async.mbarrier.arrive`).
    The barrier's pending count is raised by one first, so the arrival is
    neutral; with `noIncrement` it is not, and the arrival counts against the
    count the barrier was initialised with.

    ```mlir
    ttng.async_copy_mbarrier_arrive %bar : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    ttng.async_copy_mbarrier_arrive %bar {noIncrement} : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    ```
  }];
  let arguments = (ins TTG_MemDescType:$barrier, UnitAttr:$noIncrement);
  let assemblyFormat = "$barrier attr-dict `:` qualified(type($barrier))";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// TMA
//===----------------------------------------------------------------------===//

def TTNG_AsyncTMACopyGlobalToLocalOp : TTNG_Op<"async_tma_copy_global_to_local",
    [MemoryEffects<[MemRead<TTNG_GlobalMemory>, MemWrite<TTNG_SharedMemory>]>]> {
  let summary = "Copies a block at `coord` of a tensor descriptor into shared memory (TMA)";
  let description = [{
    Completion is signalled on the mbarrier `barrier`.

    ```mlir
    ttng.async_tma_copy_global_to_local %desc[%x, %y] %buf, %bar, %pred : !tt.tensordesc<tensor<128x64xf16>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    ```
  }];
  let arguments = (ins
    TT_TensorDescType:$desc,
    Variadic<I32>:$coord,
    TTG_MemDescType:$result,
    TTG_MemDescType:$barrier,
    I1:$pred,
    DefaultValuedAttr<TT_CacheModifierAttr, "::mlir::triton::CacheModifier::NONE">:$cache,
    DefaultValuedAttr<TT_EvictionPolicyAttr, "::mlir::triton::EvictionPolicy::NORMAL">:$evict,
    DefaultValuedAttr<BoolAttr, "false">:$isVolatile);
  let assemblyFormat = [{
    $desc `[` $coord `]` $result `,` $barrier `,` $pred
    oilist(`cacheModifier` `=` $cache | `evictionPolicy` `=` $evict)
    attr-dict `:` qualified(type($desc)) `,` qualified(type($barrier)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def TTNG_AsyncTMACopyLocalToGlobalOp : TTNG_Op<"async_tma_copy_local_to_global",
    [MemoryEffects<[MemRead<TTNG_SharedMemory>, MemWrite<TTNG_GlobalMemory>]>]> {
  let summary = "Copies a shared-memory buffer to a block at `coord` of a tensor descriptor (TMA)";
  let description = [{
    ```mlir
    ttng.async_tma_copy_local_to_global %desc[%x, %y] %buf : !tt.tensordesc<tensor<128x64xf16>>, !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    ```
  }];
  let arguments = (ins TT_TensorDescType:$desc, Variadic<I32>:$coord,
                       TTG_MemDescType:$src);
  let assemblyFormat = [{
    $desc `[` $coord `]` $src attr-dict `:` qualified(type($desc)) `,` qualified(type($src))
  }];
  let hasVerifier = 1;
}

def TTNG_AsyncTMAReduceOp : TTNG_Op<"async_tma_reduce",
    [MemoryEffects<[MemRead<TTNG_SharedMemory>, MemRead<TTNG_GlobalMemory>,
                    MemWrite<TTNG_GlobalMemory>]>]> {
  let summary = "Combines a shared-memory buffer into a descriptor's block at `coord` (TMA)";
  let description = [{
    ```mlir
    ttng.async_tma_reduce add, %desc[%x, %y] %buf : !tt.tensordesc<tensor<128x128xf32>>, !ttg.memdesc<128x128xf32, #shared, #smem>
    ```
  }];
  let arguments = (ins TT_DescriptorReduceKindAttr:$kind, TT_TensorDescType:$desc,
                       Variadic<I32>:$coord, TTG_MemDescType:$src);
  let assemblyFormat = [{
    $kind `,` $desc `[` $coord `]` $src attr-dict `:` qualified(type($desc)) `,` qualified(type($src))
  }];
  let hasVerifier = 1;
}

def TTNG_TMAStoreWaitOp : TTNG_Op<"async_tma_store_wait"> {
  let summary = "Waits until at most `pendings` TMA stores are in flight";
  let description = [{
    ```mlir
    ttng.async_tma_store_wait {pendings = 0 : i32}
    ```
  }];
  let arguments = (ins I32Attr:$pendings);
  let assemblyFormat = "attr-dict";
}

def TTNG_TensormapCreateOp : TTNG_Op<"tensormap_create",
    [AttrSizedOperandSegments, MemoryEffects<[MemWrite<TTNG_GlobalMemory>]>]> {
  let summary = "Writes a TMA descriptor for a global tensor to `desc_ptr`";
  let description = [{
    ```mlir
    ttng.tensormap_create %desc, %base, [%c64, %c128], [%n, %m], [%stride], [%c1, %c1] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i32, i64, i32, i32) -> ()
    ```

    Dimensions are listed innermost first, strides in bytes; `elem_type` is
    a CUtensorMapDataType (FLOAT16 = 6, BFLOAT16 = 9, ...), the others the
    driver's interleave, swizzle (0-3) and out-of-bounds fill (0 zero,
    1 NaN) codes.
  }];
  let arguments = (ins TT_Ptr:$desc_ptr, TT_Ptr:$global_address,
                       Variadic<I32>:$box_dim, Variadic<I32>:$global_dim,
                       Variadic<I64>:$global_stride, Variadic<I32>:$element_stride,
                       ConfinedAttr<I32Attr, [IntNonNegative, IntMaxValue<15>]>:$elem_type,
                       ConfinedAttr<I32Attr, [IntNonNegative, IntMaxValue<2>]>:$interleave_layout,
                       ConfinedAttr<I32Attr, [IntNonNegative, IntMaxValue<3>]>:$swizzle_mode,
                       ConfinedAttr<I32Attr, [IntNonNegative, IntMaxValue<1>]>:$fill_mode);
  let assemblyFormat = [{
    $desc_ptr `,` $global_address `,` `[` $box_dim `]` `,` `[` $global_dim `]` `,`
    `[` $global_stride `]` `,` `[` $element_stride `]` attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def TTNG_TensormapFenceproxyAcquireOp : TTNG_Op<"tensormap_fenceproxy_acquire"> {
  let summary = "Acquire fence on a TMA descriptor written by `ttng.tensormap_create`";
  let description = [{
    ```mlir
    ttng.tensormap_fenceproxy_acquire %desc : !tt.ptr<i8>
    ```
  }];
  let arguments = (ins TT_Ptr:$desc_ptr);
  let assemblyFormat = "$desc_ptr attr-dict `:` qualified(type($desc_ptr))";
}

def TTNG_ReinterpretTensorDescOp : TTNG_Op<"reinterpret_tensor_descriptor", [Pure]> {
  let summary = "Views a pointer to a TMA descriptor as a tensor descriptor";
  let description = [{
    ```mlir
    %d = ttng.reinterpret_tensor_descriptor %p : !tt.ptr<i8> to !tt.tensordesc<tensor<128x64xf16>>
    ```
  }];
  let arguments = (ins TT_Ptr:$rawDesc);
  let results = (outs TT_TensorDescType:$result);
  let assemblyFormat = "$rawDesc attr-dict `:` qualified(type($rawDesc)) `to` qualified(type($result))";
}

//===----------------------------------------------------------------------===//
// Tensor memory (Blackwell, sm_100)
//===----------------------------------------------------------------------===//

def TTNG_TMEMAllocOp : TTNG_Op<"tmem_alloc",
    [DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "Allocates a tensor-memory buffer, optionally filled from a tensor";
  let description = [{
    Without `src` the buffer is mutable and uninitialized. With a token
    result, later accesses of the buffer name it as their dependency.

    ```mlir
    %acc = ttng.tmem_alloc : () -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    %acc2, %tok = ttng.tmem_alloc %init : (tensor<128x128xf32, #blocked>) -> (!ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.async.token)
    ```
  }];
  let arguments = (ins Optional<TTNG_AnyTensor>:$src);
  let results = (outs TTG_MemDescType:$result, Optional<TTG_AsyncToken>:$token);
  let assemblyFormat = "($src^)? attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
}

def TTNG_TMEMLoadOp : TTNG_Op<"tmem_load"> {
  let summary = "Loads a tensor-memory buffer into a distributed tensor";
  let description = [{
    `[%dep]` orders the load after the access that produced the token `%dep`
    and gives a token of its own; `[]` gives a token without a dependency.
    The reducing form of later Triton versions (a second, reduced result) is
    not supported.

    ```mlir
    %v = ttng.tmem_load %acc : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x128xf32, #blocked>
    %w, %tok2 = ttng.tmem_load %acc[%tok] : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x128xf32, #blocked>
    ```
  }];
  let arguments = (ins Arg<TTG_MemDescType, "", [MemRead<TTNG_TensorMemory>]>:$src,
                       Optional<TTG_AsyncToken>:$dep);
  let results = (outs TTNG_AnyTensor:$result, Optional<TTG_AsyncToken>:$token);
  let assemblyFormat = [{
    $src `` custom<Token>($dep, type($token)) attr-dict `:` qualified(type($src)) `->` custom<LoadResultType>(type($result))
  }];
  let hasVerifier = 1;
}

def TTNG_TMEMStoreOp : TTNG_Op<"tmem_store"> {
  let summary = "Stores a distributed tensor into a tensor-memory buffer where `pred` holds";
  let description = [{
    ```mlir
    ttng.tmem_store %v, %acc, %true : tensor<128x128xf32, #blocked> -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    %tok2 = ttng.tmem_store %v, %acc[%tok], %true : tensor<128x128xf32, #blocked> -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    ```
  }];
  let arguments = (ins Arg<TTG_MemDescType, "", [MemWrite<TTNG_TensorMemory>]>:$dst,
                       Optional<TTG_AsyncToken>:$dep, TTNG_AnyTensor:$src, I1:$pred);
  let results = (outs Optional<TTG_AsyncToken>:$token);
  let assemblyFormat = [{
    $src `,` $dst `` custom<Token>($dep, type($token)) `,` $pred attr-dict `:` type($src) `->` qualified(type($dst))
  }];
  let hasVerifier = 1;
}

def TTNG_TMEMCopyOp : TTNG_Op<"tmem_copy"> {
  let summary = "Starts an asynchronous copy of a shared-memory buffer into tensor memory";
  let description = [{
    The copy is ordered with the tcgen05 MMAs issued after it; with
    `barrier`, the mbarrier is signalled when it completes.

    ```mlir
    ttng.tmem_copy %scales, %t : !ttg.memdesc<128x8xi8, #shared, #smem>, !ttg.memdesc<128x8xi8, #tmem_scales, #ttng.tensor_memory, mutable>
    ```
  }];
  let arguments = (ins
    Arg<TTG_MemDescType, "", [MemRead<TTNG_SharedMemory>]>:$src,
    Arg<TTG_MemDescType, "", [MemWrite<TTNG_TensorMemory>]>:$dst,
    Arg<Optional<TTG_MemDescType>, "", [MemWrite<TTNG_SharedMemory>]>:$barrier);
  let assemblyFormat = [{
    $src `,` $dst (`,` $barrier^)? attr-dict `:` qualified(type(operands))
  }];
  let hasVerifier = 1;
}

def TTNG_TMEMSubSliceOp : TTNG_Op<"tmem_subslice", [Pure]> {
  let summary = "A view of columns `N` onwards of a 2-D tensor-memory buffer";
  let description = [{
    The view has the buffer's rows and as many columns as its type says.

    ```mlir
    %s = ttng.tmem_subslice %acc {N = 64 : i32} : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable, 128x128>
    ```
  }];
  let arguments = (ins TTG_MemDescType:$src, I32Attr:$N);
  let results = (outs TTG_MemDescType:$result);
  let assemblyFormat = [{
    $src attr-dict `:` qualified(type($src)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// tcgen05 MMA (Blackwell, sm_100)
//===----------------------------------------------------------------------===//

def TTNG_TCGen5MMAOp : TTNG_Op<"tc_gen5_mma", [AttrSizedOperandSegments,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "A tcgen05 MMA d = a * b (+ d when `useD`), accumulating in tensor memory";
  let description = [{
    `a` is in shared or tensor memory, `b` in shared memory, the accumulator
    `d` in tensor memory. Where `pred` is false nothing is computed. Without
    `is_async` the op completes before the next one; with it, each barrier
    whose predicate holds is signalled when the MMA has completed. With a
    token, `[%dep]` orders it after the access of `d` that produced `%dep`.

    ```mlir
    %tok2 = ttng.tc_gen5_mma %a, %b, %acc[%tok], %useD, %true, %bar[%true] {is_async} : !ttg.memdesc<128x64xf16, #shared, #smem>, !ttg.memdesc<64x128xf16, #shared1, #smem>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.memdesc<1xi64, #shared2, #smem, mutable>
    ```
  }];
  let arguments = (ins
    TTG_MemDescType:$a,
    TTG_MemDescType:$b,
    TTG_MemDescType:$d,
    Optional<TTG_AsyncToken>:$acc_dep,
    I1:$useD,
    I1:$pred,
    Variadic<TTG_MemDescType>:$barriers,
    Variadic<I1>:$barrier_preds,
    UnitAttr:$is_async,
    UnitAttr:$two_ctas);
  let results = (outs Optional<TTG_AsyncToken>:$token);
  let assemblyFormat = [{
    $a `,` $b `,` $d `` custom<Token>($acc_dep, type($token)) `,` $useD `,` $pred
    `` custom<BarriersAndPreds>($barriers, $barrier_preds) attr-dict `:`
    qualified(type($a)) `,` qualified(type($b)) `,` qualified(type($d))
    (`,` qualified(type($barriers))^)?
  }];
  let hasVerifier = 1;
}

def TTNG_TCGen5MMAScaledOp : TTNG_Op<"tc_gen5_mma_scaled", [AttrSizedOperandSegments,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "A block-scaled tcgen05 MMA, accumulating in tensor memory";
  let description = [{
    Like `ttng.tc_gen5_mma`, with `a` and `b` in the element formats `lhs`
    and `rhs` (e2m1 packed two to a byte along K) scaled per block by
    `a_scale` and `b_scale`, in shared or tensor memory.

    ```mlir
    ttng.tc_gen5_mma_scaled %a, %b, %acc, %as, %bs, %useD, %true lhs = e4m3 rhs = e4m3 : !ttg.memdesc<128x128xf8E4M3FN, #shared, #smem>, !ttg.memdesc<128x128xf8E4M3FN, #shared1, #smem>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory>, !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory>
    ```
  }];
  let arguments = (ins
    TTG_MemDescType:$a,
    TTG_MemDescType:$b,
    TTG_MemDescType:$d,
    Optional<TTG_AsyncToken>:$acc_dep,
    TTG_MemDescType:$a_scale,
    TTG_MemDescType:$b_scale,
    TT_ScaleDotElemTypeAttr:$a_type,
    TT_ScaleDotElemTypeAttr:$b_type,
    I1:$useD,
    I1:$pred,
    Variadic<TTG_MemDescType>:$barriers,
    Variadic<I1>:$barrier_preds,
    UnitAttr:$is_async);
  let results = (outs Optional<TTG_AsyncToken>:$token);
  let assemblyFormat = [{
    $a `,` $b `,` $d `` custom<Token>($acc_dep, type($token)) `,` $a_scale `,`
    $b_scale `,` $useD `,` $pred `lhs` `=` $a_type `rhs` `=` $b_type
    `` custom<BarriersAndPreds>($barriers, $barrier_preds) attr-dict `:`
    qualified(type($a)) `,` qualified(type($b)) `,` qualified(type($d)) `,`
    qualified(type($a_scale)) `,` qualified(type($b_scale))
    (`,` qualified(type($barriers))^)?
  }];
  let hasVerifier = 1;
}

def TTNG_TCGen5CommitOp : TTNG_Op<"tc_gen5_commit", [AttrSizedOperandSegments]> {
  let summary = "Makes an mbarrier track the completion of all prior asynchronous tcgen05 ops";
  let description = [{
    The barrier gets one arrival when the MMAs and copies issued before it
    have completed (where `pred` holds). `descs` are buffers of a two-CTA
    MMA whose completion the peer CTA also signals.

    ```mlir
    ttng.tc_gen5_commit %bar : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    ttng.tc_gen5_commit %bar, %pred : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    ```
  }];
  let arguments = (ins
    Arg<TTG_MemDescType, "", [MemWrite<TTNG_SharedMemory>]>:$barrier,
    Optional<I1>:$pred,
    Variadic<TTG_MemDescType>:$descs);
  let assemblyFormat = [{
    $barrier (`,` $pred^)? (`descs` $descs^)? attr-dict `:` qualified(type($barrier))
    (`,` qualified(type($descs))^)?
  }];
  let hasVerifier = 1;
}

#endif // TRITONNVIDIAGPU_OPS_TD
