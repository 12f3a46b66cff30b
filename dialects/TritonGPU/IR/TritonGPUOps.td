//===- TritonGPUOps.td - Operations of the ttg dialect ----*- tablegen -*-===//
//
// The TTGIR operations of Triton 3.6 with the textual syntax 3.6 prints:
// layout conversion, shared-memory buffers and views, and async copies.
//
//===----------------------------------------------------------------------===//

#ifndef TRITONGPU_OPS_TD
#define TRITONGPU_OPS_TD

include "mlir/IR/OpBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "dialects/Triton/IR/TritonTypes.td"
include "dialects/Triton/IR/TritonAttrDefs.td"
include "dialects/TritonGPU/IR/TritonGPUDialect.td"
include "dialects/TritonGPU/IR/TritonGPUTypes.td"
include "dialects/TritonGPU/IR/TritonGPUAttrDefs.td"

/// Shared memory, the resource that local loads, stores and allocations act on.
def TTG_SharedMemory : Resource<"::mlir::triton::gpu::SharedMemory">;
def TTG_GlobalMemory : Resource<"::mlir::triton::GlobalMemory">;

class TTG_Op<string mnemonic, list<Trait> traits = []>
    : Op<TritonGPU_Dialect, mnemonic, traits>;

def TTG_AnyTensor : RankedTensorOf<[AnyType]>;
def TTG_TensorOrMemDesc : AnyTypeOf<[TTG_AnyTensor, TTG_MemDescType],
                                    "tensor or memory descriptor">;

//===----------------------------------------------------------------------===//
// Layout conversion
//===----------------------------------------------------------------------===//

def TTG_ConvertLayoutOp : TTG_Op<"convert_layout",
    [SameOperandsAndResultShape, SameOperandsAndResultElementType, Pure]> {
  let summary = "Moves a tensor to another layout encoding";
  let description = [{
    ```mlir
    %y = ttg.convert_layout %x : tensor<32x32xf32, #blocked> -> tensor<32x32xf32, #mma>
    ```
  }];
  let arguments = (ins TTG_AnyTensor:$src);
  let results = (outs TTG_AnyTensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

//===----------------------------------------------------------------------===//
// Shared-memory buffers
//===----------------------------------------------------------------------===//

def TTG_LocalAllocOp : TTG_Op<"local_alloc",
    [MemoryEffects<[MemAlloc<TTG_SharedMemory>]>]> {
  let summary = "Allocates a shared-memory buffer, optionally filled from a tensor";
  let description = [{
    Without `src` the buffer is mutable and uninitialized; with `src` it holds
    `src` (and is immutable unless its type says `mutable`).

    ```mlir
    %a = ttg.local_alloc : () -> !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>
    %b = ttg.local_alloc %t : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
    ```
  }];
  let arguments = (ins Optional<TTG_AnyTensor>:$src,
                       OptionalAttr<I32Attr>:$alignment);
  let results = (outs TTG_MemDescType:$result);
  let assemblyFormat = "($src^)? attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
}

def TTG_LocalDeallocOp : TTG_Op<"local_dealloc",
    [MemoryEffects<[MemFree<TTG_SharedMemory>]>]> {
  let summary = "Frees a shared-memory buffer";
  let description = [{
    ```mlir
    ttg.local_dealloc %a : !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>
    ```
  }];
  let arguments = (ins TTG_MemDescType:$src);
  let assemblyFormat = "$src attr-dict `:` qualified(type($src))";
}

def TTG_LocalLoadOp : TTG_Op<"local_load",
    [MemoryEffects<[MemRead<TTG_SharedMemory>]>]> {
  let summary = "Loads a shared-memory buffer into a distributed tensor";
  let description = [{
    The optional token orders the load after the async copies it names.

    ```mlir
    %t = ttg.local_load %a token %tok : !ttg.memdesc<128x64xf16, #shared, #smem, mutable> -> tensor<128x64xf16, #blocked>
    ```
  }];
  let arguments = (ins TTG_MemDescType:$src, Optional<TTG_AsyncToken>:$token);
  let results = (outs TTG_AnyTensor:$result);
  let assemblyFormat = [{
    $src (`token` $token^)? attr-dict `:` qualified(type($src)) `->` type($result)
  }];
  let hasVerifier = 1;
}

def TTG_LocalStoreOp : TTG_Op<"local_store",
    [MemoryEffects<[MemWrite<TTG_SharedMemory>]>]> {
  let summary = "Stores a distributed tensor into a mutable shared-memory buffer";
  let description = [{
    ```mlir
    ttg.local_store %t, %a : tensor<128x64xf16, #blocked> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    ```
  }];
  let arguments = (ins TTG_AnyTensor:$src, TTG_MemDescType:$dst);
  let assemblyFormat = "$src `,` $dst attr-dict `:` type($src) `->` qualified(type($dst))";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Views of shared-memory buffers
//===----------------------------------------------------------------------===//

def TTG_MemDescIndexOp : TTG_Op<"memdesc_index", [Pure]> {
  let summary = "Takes buffer `index` along the leading dimension of a descriptor";
  let description = [{
    ```mlir
    %s = ttg.memdesc_index %a[%i] : !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    ```
  }];
  let arguments = (ins TTG_MemDescType:$src, I32:$index);
  let results = (outs TTG_MemDescType:$result);
  let assemblyFormat = [{
    $src `[` $index `]` attr-dict `:` qualified(type($src)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def TTG_MemDescSubsliceOp : TTG_Op<"memdesc_subslice", [Pure]> {
  let summary = "Takes a subview at constant offsets of a descriptor";
  let description = [{
    ```mlir
    %s = ttg.memdesc_subslice %a[0, 32] : !ttg.memdesc<64x64xf16, #shared, #smem> -> !ttg.memdesc<64x32xf16, #shared, #smem, 64x64>
    ```
  }];
  let arguments = (ins TTG_MemDescType:$src, DenseI32ArrayAttr:$offsets);
  let results = (outs TTG_MemDescType:$result);
  let assemblyFormat = [{
    $src `[` custom<Offsets>($offsets) `]` attr-dict `:` qualified(type($src)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def TTG_MemDescTransOp : TTG_Op<"memdesc_trans", [Pure]> {
  let summary = "Transposes a descriptor by the permutation `order`";
  let description = [{
    ```mlir
    %t = ttg.memdesc_trans %a {order = array<i32: 1, 0>} : !ttg.memdesc<64x32xf16, #shared, #smem> -> !ttg.memdesc<32x64xf16, #shared1, #smem>
    ```
  }];
  let arguments = (ins TTG_MemDescType:$src, DenseI32ArrayAttr:$order);
  let results = (outs TTG_MemDescType:$result);
  let assemblyFormat = [{
    $src attr-dict `:` qualified(type($src)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def TTG_MemDescReshapeOp : TTG_Op<"memdesc_reshape", [Pure]> {
  let summary = "Views a descriptor with another shape of the same number of elements";
  let description = [{
    ```mlir
    %r = ttg.memdesc_reshape %a : !ttg.memdesc<64x32xf16, #shared, #smem> -> !ttg.memdesc<2048xf16, #shared1, #smem>
    ```
  }];
  let arguments = (ins TTG_MemDescType:$src);
  let results = (outs TTG_MemDescType:$result);
  let assemblyFormat = [{
    $src attr-dict `:` qualified(type($src)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def TTG_MemDescReinterpretOp : TTG_Op<"memdesc_reinterpret", [Pure]> {
  let summary = "Reinterprets a descriptor as another type and shape";
  let description = [{
    ```mlir
    %r = ttg.memdesc_reinterpret %a : !ttg.memdesc<64xi64, #shared, #smem> -> !ttg.memdesc<128xi32, #shared, #smem>
    ```
  }];
  let arguments = (ins TTG_MemDescType:$src);
  let results = (outs TTG_MemDescType:$result);
  let assemblyFormat = [{
    $src attr-dict `:` qualified(type($src)) `->` qualified(type($result))
  }];
}

//===----------------------------------------------------------------------===//
// Packed formats
//===----------------------------------------------------------------------===//

def TTG_Fp4ToFpOp : TTG_Op<"fp4_to_fp", [Pure]> {
  let summary = "Unpacks fp4 (e2m1) values, two to a byte, into f16 or bf16";
  let description = [{
    Each i8 of `src` holds two e2m1 values (1 sign, 2 exponent and 1
    mantissa bit): the low nibble is the first and the high nibble the
    second along `axis`, so the result is twice as long along `axis`. The
    two values of a byte stay in one thread, in consecutive registers: the
    result layout is the source's with a register basis along `axis` put
    first (a #ttg.blocked with twice the sizePerThread, a #ttg.dot_op with
    twice the kWidth, when `axis` is the fastest dimension).

    ```mlir
    %f = ttg.fp4_to_fp %packed {axis = 1 : i32} : tensor<64x32xi8, #blocked> -> tensor<64x64xbf16, #blocked1>
    ```
  }];
  let arguments = (ins RankedTensorOf<[I8]>:$src, I32Attr:$axis);
  let results = (outs TT_FloatTensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Asynchronous copies
//===----------------------------------------------------------------------===//

def TTG_AsyncCopyGlobalToLocalOp : TTG_Op<"async_copy_global_to_local",
    [AttrSizedOperandSegments,
     MemoryEffects<[MemRead<TTG_GlobalMemory>, MemWrite<TTG_SharedMemory>]>,
     TypesMatchWith<"the mask is an i1 tensor of the source's shape", "src", "mask",
                    "::mlir::triton::getI1SameShape($_self)",
                    "(!::llvm::cast<AsyncCopyGlobalToLocalOp>(&$_op).getMask()) || std::equal_to<>()">,
     TypesMatchWith<"other has the source's pointee type and shape", "src", "other",
                    "::mlir::triton::getPointeeType($_self)",
                    "(!::llvm::cast<AsyncCopyGlobalToLocalOp>(&$_op).getOther()) || std::equal_to<>()">]> {
  let summary = "Starts an asynchronous copy of a tensor of pointers' targets into shared memory";
  let description = [{
    `result` is the destination buffer; the op returns a token that
    `ttg.async_commit_group` collects. Masked-off elements take `other`.

    ```mlir
    %t = ttg.async_copy_global_to_local %ptrs, %buf mask %m other %zero {contiguity = 8 : i32} : tensor<128x64x!tt.ptr<f16>, #blocked> -> <128x64xf16, #shared, #smem, mutable>
    ```
  }];
  let arguments = (ins
    TT_PtrTensor:$src,
    TTG_MemDescType:$result,
    Optional<TT_BoolTensor>:$mask,
    Optional<TT_Type>:$other,
    DefaultValuedAttr<TT_CacheModifierAttr, "::mlir::triton::CacheModifier::NONE">:$cache,
    DefaultValuedAttr<TT_EvictionPolicyAttr, "::mlir::triton::EvictionPolicy::NORMAL">:$evict,
    DefaultValuedAttr<BoolAttr, "false">:$isVolatile,
    DefaultValuedAttr<I32Attr, "1">:$contiguity);
  let results = (outs TTG_AsyncToken:$token);
  let assemblyFormat = [{
    $src `,` $result (`mask` $mask^)? (`other` $other^)?
    oilist(`cacheModifier` `=` $cache | `evictionPolicy` `=` $evict)
    attr-dict `:` type($src) `->` type($result)
  }];
  let hasVerifier = 1;
}

def TTG_AsyncCommitGroupOp : TTG_Op<"async_commit_group"> {
  let summary = "Commits the pending async copies into a group that can be waited on";
  let description = [{
    ```mlir
    %g = ttg.async_commit_group tokens %t0, %t1
    ```
  }];
  let arguments = (ins Variadic<TTG_AsyncToken>:$inputTokens);
  let results = (outs TTG_AsyncToken:$asyncToken);
  let assemblyFormat = "(`tokens` $inputTokens^)? attr-dict";
}

def TTG_AsyncWaitOp : TTG_Op<"async_wait"> {
  let summary = "Waits until at most `num` committed groups of async copies are pending";
  let description = [{
    ```mlir
    %w = ttg.async_wait %g0, %g1 {num = 2 : i32}
    ```
  }];
  let arguments = (ins Variadic<TTG_AsyncToken>:$asyncToken, I32Attr:$num);
  let results = (outs TTG_AsyncToken:$retToken);
  let assemblyFormat = "($asyncToken^)? attr-dict";
}

//===----------------------------------------------------------------------===//
// Global scratch, barriers
//===----------------------------------------------------------------------===//

def TTG_GlobalScratchAllocOp : TTG_Op<"global_scratch_alloc",
    [MemoryEffects<[MemAlloc<TTG_GlobalMemory>]>]> {
  let summary = "Allocates `nbytes` of per-program global scratch memory";
  let description = [{
    ```mlir
    %p = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 1024 : i32} : !tt.ptr<i8>
    ```
  }];
  let arguments = (ins I32Attr:$nbytes, I32Attr:$alignment);
  let results = (outs TT_Ptr:$result);
  let assemblyFormat = "attr-dict `:` qualified(type($result))";
}

def TTG_LocalBarrierOp : TTG_Op<"local_barrier"> {
  let summary = "Synchronizes the threads of a CTA and their shared-memory accesses";
  let description = [{
    Triton 3.6's barrier between conflicting shared-memory accesses, which
    the barrier analysis (`-triton-nvidia-membar`, `-tritonamdgpu-membar`
    and the allocation's) inserts; `ttg.barrier local` of later upstream
    Triton means the same and is read too.

    ```mlir
    ttg.local_barrier
    ```
  }];
  let assemblyFormat = "attr-dict";
}

def TTG_BarrierOp : TTG_Op<"barrier"> {
  let summary = "Synchronizes the threads of a CTA and their accesses to the named address spaces";
  let description = [{
    Upstream Triton's barrier after 3.6 (which has `ttg.local_barrier` and
    `gpu.barrier` instead); read, verified and lowered, never made by the
    passes here. `addrSpace` is a bit set: local = 1, global_read = 2, global_write = 4,
    tensor_read = 8, tensor_write = 16; printed as `|`-separated keywords,
    `all` for every space and `none` for a plain execution barrier.

    ```mlir
    ttg.barrier local|global_read
    ```
  }];
  let arguments = (ins I32Attr:$addrSpace);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def TTG_WarpIdOp : TTG_Op<"warp_id", [Pure]> {
  let summary = "The calling warp's index, uniform across the warp";
  let description = [{
    The thread index / the warp size, within the warp group of a
    `ttg.warp_specialize` partition where there is one. The NVIDIA lowering
    (`-convert-nv-gpu-to-llvm`) gives every lane lane 0's value, so that
    branches on it are not divergent; the AMD one computes it at the
    function's start. 0 where the module has one warp.

    ```mlir
    %w = ttg.warp_id
    ```
  }];
  let results = (outs I32:$result);
  let assemblyFormat = "attr-dict";
}

//===----------------------------------------------------------------------===//
// Warp specialization
//===----------------------------------------------------------------------===//

def TTG_WarpSpecializeOp : TTG_Op<"warp_specialize",
    [RecursiveMemoryEffects, RecursivelySpeculatable]> {
  let summary = "Runs a default region and partition regions on separate warp groups";
  let description = [{
    The default region runs on the warps of the enclosing code and yields the
    op's results; each partition runs asynchronously on `num_warps` warps of
    its own and sees only the explicit captures (its block arguments). The
    partitions live in the region of a `ttg.warp_specialize.partitions` op.

    ```mlir
    %r = ttg.warp_specialize(%a) attributes {requestedRegisters = array<i32: 48>}
    default {
      ttg.warp_yield %x : i32
    }
    partition0(%arg0: i32) num_warps(4) {
      ttg.warp_return
    } : (i32) -> i32
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$explicitCaptures,
                       DenseI32ArrayAttr:$partitionNumWarps,
                       OptionalAttr<DenseI32ArrayAttr>:$warpGroupStartIds,
                       OptionalAttr<DenseI32ArrayAttr>:$requestedRegisters,
                       OptionalAttr<DenseI32ArrayAttr>:$actualRegisters);
  let results = (outs Variadic<AnyType>:$defaultPassthrough);
  // The default region has several blocks once scf is lowered to cf (the
  // LLVM lowering keeps the op until -convert-warp-specialize-to-llvm).
  let regions = (region MinSizedRegion<1>:$defaultRegion,
                        SizedRegion<1>:$partitionOpHolder);
  let extraClassDeclaration = [{
    /// The op that holds the partition regions; null while being built.
    WarpSpecializePartitionsOp getPartitionOp();
  }];
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  // Drops unused results and unused or repeated captures.
  let hasCanonicalizer = 1;
}

def TTG_WarpSpecializePartitionsOp : TTG_Op<"warp_specialize.partitions",
    [IsolatedFromAbove, RecursiveMemoryEffects, RecursivelySpeculatable,
     Terminator, HasParent<"WarpSpecializeOp">]> {
  let summary = "Holds the partition regions of a `ttg.warp_specialize`";
  let description = [{
    Printed as part of its `ttg.warp_specialize`; being isolated from above,
    the partitions see only the explicit captures.

    ```mlir
    partition0(%arg0: i32) num_warps(4) {
      ttg.warp_return
    }
    ```
  }];
  let regions = (region VariadicRegion<MinSizedRegion<1>>:$partitionRegions);
}

def TTG_WarpYieldOp : TTG_Op<"warp_yield",
    [Pure, Terminator, ReturnLike, HasParent<"WarpSpecializeOp">]> {
  let summary = "Yields the results of the default region of a `ttg.warp_specialize`";
  let description = [{
    ```mlir
    ttg.warp_yield %x, %y : i32, f32
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$values);
  let assemblyFormat = "($values^)? attr-dict (`:` type($values)^)?";
}

def TTG_WarpReturnOp : TTG_Op<"warp_return",
    [Pure, Terminator, ReturnLike, HasParent<"WarpSpecializePartitionsOp">]> {
  let summary = "Ends a partition region of a `ttg.warp_specialize`";
  let description = [{
    ```mlir
    ttg.warp_return
    ```
  }];
  let assemblyFormat = "attr-dict";
}

#endif // TRITONGPU_OPS_TD
