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

class TTNG_Op<string mnemonic, list<Trait> traits = []>
    : Op<TritonNvidiaGPU_Dialect, mnemonic, traits>;

def TTNG_AnyTensor : RankedTensorOf<[AnyType]>;
def TTNG_TensorOrMemDesc : AnyTypeOf<[TTNG_AnyTensor, TTG_MemDescType],
                                     "tensor or memory descriptor">;

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

#endif // TRITONNVIDIAGPU_OPS_TD
