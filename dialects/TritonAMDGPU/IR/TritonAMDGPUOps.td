//===- TritonAMDGPUOps.td - Operations of amdg ------------*- tablegen -*-===//

#ifndef TRITONAMDGPU_OPS_TD
#define TRITONAMDGPU_OPS_TD

include "mlir/IR/OpBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "dialects/Triton/IR/TritonTypes.td"
include "dialects/Triton/IR/TritonAttrDefs.td"
include "dialects/TritonGPU/IR/TritonGPUTypes.td"
include "dialects/TritonAMDGPU/IR/TritonAMDGPUDialect.td"

def AMDG_GlobalMemory : Resource<"::mlir::triton::GlobalMemory">;
def AMDG_SharedMemory : Resource<"::mlir::triton::gpu::SharedMemory">;

class AMDG_Op<string mnemonic, list<Trait> traits = []>
    : Op<TritonAMDGPU_Dialect, mnemonic, traits>;

// Types of the base pointer, offsets and mask, inferred from the data tensor.
class AMDG_PtrFromData<string data> : TypesMatchWith<
    "the base pointer points to the data's element type", data, "ptr",
    "::mlir::triton::PointerType::get(::mlir::getElementTypeOrSelf($_self), 1)">;
class AMDG_OffsetsFromData<string data> : TypesMatchWith<
    "the offsets are an i32 tensor of the data's shape and layout", data, "offsets",
    "::mlir::triton::getTypeWithElementType($_self, ::mlir::IntegerType::get($_self.getContext(), 32))">;
class AMDG_MaskFromData<string op, string data> : TypesMatchWith<
    "the mask is an i1 tensor of the data's shape and layout", data, "mask",
    "::mlir::triton::getI1SameShape($_self)",
    "(!::llvm::cast<" # op # ">(&$_op).getMask()) || std::equal_to<>()">;

def AMDG_BufferLoadOp : AMDG_Op<"buffer_load", [
    AttrSizedOperandSegments,
    MemoryEffects<[MemRead<AMDG_GlobalMemory>]>,
    AMDG_PtrFromData<"result">, AMDG_OffsetsFromData<"result">,
    AMDG_MaskFromData<"BufferLoadOp", "result">,
    TypesMatchWith<"other has the result type", "result", "other", "$_self",
                   "(!::llvm::cast<BufferLoadOp>(&$_op).getOther()) || std::equal_to<>()">]> {
  let summary = "Loads a tensor from a scalar base pointer plus a tensor of offsets";
  let description = [{
    Offsets are in elements; masked-off elements take `other` (zero when it
    is absent). `stride` is the row stride for swizzled buffer accesses.

    ```mlir
    %v = amdg.buffer_load %base[%offsets], %mask, %other : tensor<1024xf32, #blocked>
    ```
  }];
  let arguments = (ins
    TT_Ptr:$ptr,
    RankedTensorOf<[I32]>:$offsets,
    Optional<I32>:$stride,
    DefaultValuedAttr<TT_CacheModifierAttr, "::mlir::triton::CacheModifier::NONE">:$cache,
    Optional<TT_BoolTensor>:$mask,
    Optional<TT_Tensor>:$other);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = [{
    $ptr `[` $offsets `]` (`,` $mask^)? (`,` $other^)?
    oilist(`cacheModifier` `=` $cache) (`stride` `=` $stride^)?
    attr-dict `:` type($result)
  }];
}

def AMDG_BufferStoreOp : AMDG_Op<"buffer_store", [
    AttrSizedOperandSegments,
    MemoryEffects<[MemWrite<AMDG_GlobalMemory>]>,
    AMDG_PtrFromData<"value">, AMDG_OffsetsFromData<"value">,
    AMDG_MaskFromData<"BufferStoreOp", "value">]> {
  let summary = "Stores a tensor to a scalar base pointer plus a tensor of offsets";
  let description = [{
    ```mlir
    amdg.buffer_store %v, %base[%offsets], %mask : tensor<1024xf32, #blocked>
    ```
  }];
  let arguments = (ins
    TT_Tensor:$value,
    TT_Ptr:$ptr,
    RankedTensorOf<[I32]>:$offsets,
    Optional<I32>:$stride,
    DefaultValuedAttr<TT_CacheModifierAttr, "::mlir::triton::CacheModifier::NONE">:$cache,
    Optional<TT_BoolTensor>:$mask);
  let assemblyFormat = [{
    $value `,` $ptr `[` $offsets `]` (`,` $mask^)?
    oilist(`cacheModifier` `=` $cache) (`stride` `=` $stride^)?
    attr-dict `:` type($value)
  }];
}

def AMDG_BufferAtomicRMWOp : AMDG_Op<"buffer_atomic_rmw", [
    AttrSizedOperandSegments,
    MemoryEffects<[MemRead<AMDG_GlobalMemory>, MemWrite<AMDG_GlobalMemory>]>,
    TypesMatchWith<"the value has the result type", "result", "value", "$_self">,
    AMDG_PtrFromData<"result">, AMDG_OffsetsFromData<"result">,
    AMDG_MaskFromData<"BufferAtomicRMWOp", "result">]> {
  let summary = "Atomically updates a scalar base pointer plus a tensor of offsets";
  let description = [{
    tt.atomic_rmw addressed as the buffer ops are: each element at `ptr`
    plus its element offset is combined with `value` by `atomic_rmw_op`,
    with the memory ordering `sem` at scope `scope`; the result holds the
    values before the update. Masked-off elements are not touched and read
    as zero. `stride` is the row stride, a hint for the cache as in
    amdg.buffer_load.

    ```mlir
    %old = amdg.buffer_atomic_rmw fadd, acq_rel, gpu, %v, %base[%offsets], %mask : tensor<1024xf32, #blocked>
    ```
  }];
  let arguments = (ins
    TT_AtomicRMWAttr:$atomic_rmw_op,
    TT_Ptr:$ptr,
    RankedTensorOf<[I32]>:$offsets,
    TT_Tensor:$value,
    Optional<I32>:$stride,
    TT_MemSemanticAttr:$sem,
    TT_MemSyncScopeAttr:$scope,
    Optional<TT_BoolTensor>:$mask);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = [{
    $atomic_rmw_op `,` $sem `,` $scope `,` $value `,` $ptr `[` $offsets `]` (`,` $mask^)?
    (`stride` `=` $stride^)?
    attr-dict `:` type($result)
  }];
}

def AMDG_BufferAtomicCASOp : AMDG_Op<"buffer_atomic_cas", [
    MemoryEffects<[MemRead<AMDG_GlobalMemory>, MemWrite<AMDG_GlobalMemory>]>,
    TypesMatchWith<"cmp has the result type", "result", "cmp", "$_self">,
    TypesMatchWith<"val has the result type", "result", "val", "$_self">,
    AMDG_PtrFromData<"result">, AMDG_OffsetsFromData<"result">]> {
  let summary = "Atomically compares and swaps at a scalar base pointer plus a tensor of offsets";
  let description = [{
    tt.atomic_cas addressed as the buffer ops are: each element at `ptr`
    plus its element offset that equals `cmp` becomes `val`, with the
    memory ordering `sem` at scope `scope`; the result holds the values
    before. `stride` is the row stride hint of amdg.buffer_load.

    ```mlir
    %old = amdg.buffer_atomic_cas acq_rel, gpu, %cmp, %val, %base[%offsets] : tensor<512xi64, #blocked>
    ```
  }];
  let arguments = (ins
    TT_Ptr:$ptr,
    RankedTensorOf<[I32]>:$offsets,
    TT_Tensor:$cmp,
    TT_Tensor:$val,
    Optional<I32>:$stride,
    TT_MemSemanticAttr:$sem,
    TT_MemSyncScopeAttr:$scope);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = [{
    $sem `,` $scope `,` $cmp `,` $val `,` $ptr `[` $offsets `]`
    (`stride` `=` $stride^)?
    attr-dict `:` type($result)
  }];
}

//===----------------------------------------------------------------------===//
// Register-level tensor reshaping: slices and concatenations of whole CTA
// tiles, which need no data movement between threads.
//===----------------------------------------------------------------------===//

def AMDG_ExtractSliceOp : AMDG_Op<"extract_slice", [Pure]> {
  let summary = "Takes a slice out of a tensor without moving data between threads";
  let description = [{
    The result's shape gives the slice's size, `static_offsets` its start in
    every dimension. As Triton 3.6 verifies it: the source and result layouts
    give lanes and warps the same bases, and every result register's
    element, shifted by the offsets, is held by a source register of the same
    thread, so each thread keeps values it already holds.

    ```mlir
    %s = amdg.extract_slice %t [0, 16] : tensor<64x64xf32, #blocked> to tensor<64x16xf32, #blocked>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$source,
                       DenseI64ArrayAttr:$static_offsets);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = [{
    $source $static_offsets attr-dict `:` type($source) `to` type($result)
  }];
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

def AMDG_ConcatOp : AMDG_Op<"concat", [Pure]> {
  let summary = "Assembles a tensor from equally shaped tensors, tile by tile";
  let description = [{
    All sources have one type; the result's shape is a whole multiple of the
    source shape in every dimension, and the sources fill that grid of tiles
    in row-major order (the last dimension varies fastest). As for
    `amdg.extract_slice`, every result register's element, at its place in
    its source, is held by a source register of the same thread, and lanes
    and warps have the same bases.

    ```mlir
    %t = amdg.concat %a, %b : tensor<32x64xf32, #blocked>, tensor<32x64xf32, #blocked> -> tensor<64x64xf32, #blocked>
    ```
  }];
  let arguments = (ins Variadic<TT_Tensor>:$sources);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = [{
    $sources attr-dict `:` type($sources) `->` type($result)
  }];
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

def AMDG_InThreadTransposeOp : AMDG_Op<"in_thread_transpose", [Pure]> {
  let summary = "Transposes the registers each thread holds of a blocked tensor";
  let description = [{
    The result layout is the source's blocked layout with the order of its
    per-thread tile swapped in the two dimensions: lanes and warps keep their
    elements, only the register numbering changes. It lowers to a layout
    conversion that stays inside each thread, and is kept as its own op so
    that layout cleanups do not remove it.

    ```mlir
    %t = amdg.in_thread_transpose %x : tensor<32x32xf16, #blocked> -> tensor<32x32xf16, #linear>
    ```
  }];
  let arguments = (ins TT_Tensor:$src);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
}

def AMDG_CondBarrierOp : AMDG_Op<"cond_barrier"> {
  let summary = "A workgroup barrier that only the threads with a true predicate execute";
  let description = [{
    Lets part of a workgroup wait for the rest while the other threads run
    ahead; the program must later bring all threads through a barrier again
    (for example `amdg.cond_barrier` with the negated predicate). It is an
    execution barrier only, with no memory fence.

    ```mlir
    amdg.cond_barrier %pred
    ```
  }];
  let arguments = (ins I1:$pred);
  let assemblyFormat = "$pred attr-dict";
}

//===----------------------------------------------------------------------===//
// Asynchronous copies straight into shared memory (LDS-DMA)
//===----------------------------------------------------------------------===//

def AMDG_BufferLoadToLocalOp : AMDG_Op<"buffer_load_to_local", [
    AttrSizedOperandSegments,
    MemoryEffects<[MemRead<AMDG_GlobalMemory>, MemWrite<AMDG_SharedMemory>]>,
    TypesMatchWith<"the base pointer points to the buffer's element type",
                   "dest", "ptr",
                   "::mlir::triton::PointerType::get(::llvm::cast<::mlir::triton::gpu::MemDescType>($_self).getElementType(), 1)">,
    TypesMatchWith<"the mask is an i1 tensor of the offsets' shape and layout",
                   "offsets", "mask", "::mlir::triton::getI1SameShape($_self)",
                   "(!::llvm::cast<BufferLoadToLocalOp>(&$_op).getMask()) || std::equal_to<>()">,
    TypesMatchWith<"other is a tensor of the offsets' shape and layout and the buffer's element type",
                   "offsets", "other",
                   "::llvm::cast<::mlir::RankedTensorType>($_self).clone(::llvm::cast<::mlir::triton::PointerType>(::llvm::cast<BufferLoadToLocalOp>(&$_op).getPtr().getType()).getPointeeType())",
                   "(!::llvm::cast<BufferLoadToLocalOp>(&$_op).getOther()) || std::equal_to<>()">]> {
  let summary = "Starts an asynchronous copy from a base pointer plus offsets into shared memory";
  let description = [{
    The buffer-addressed form of `ttg.async_copy_global_to_local`: element i
    of the destination buffer gets the element at `ptr + offsets[i]`
    (offsets in elements), or `other[i]` (zero when `other` is absent) where
    `mask[i]` is false. The copy completes asynchronously: the token goes to
    `ttg.async_commit_group`, and `amdg.async_wait` (or `ttg.async_wait`)
    makes the data visible. `stride` is a performance hint as for
    `amdg.buffer_load`.

    ```mlir
    %t = amdg.buffer_load_to_local %base[%offsets] mask=%m other=%zero into %buf : <f16>[tensor<64x64xi32, #blocked>] tensor<64x64xf16, #blocked> -> <64x64xf16, #shared, #smem, mutable>
    ```
  }];
  let arguments = (ins
    TTG_MemDescType:$dest,
    TT_Ptr:$ptr,
    RankedTensorOf<[I32]>:$offsets,
    Optional<TT_BoolTensor>:$mask,
    Optional<TT_Tensor>:$other,
    Optional<I32>:$stride,
    DefaultValuedAttr<TT_CacheModifierAttr, "::mlir::triton::CacheModifier::NONE">:$cache);
  let results = (outs TTG_AsyncToken:$token);
  let assemblyFormat = [{
    $ptr `[` $offsets `]` (`mask` `=` $mask^)? (`other` `=` $other^)?
    (`stride` `=` $stride^)? oilist(`cacheModifier` `=` $cache) `into` $dest
    attr-dict `:` type($ptr) `[` type($offsets) `]` type($other) `->` type($dest)
  }];
  let hasVerifier = 1;
}

def AMDG_AsyncWaitOp : AMDG_Op<"async_wait"> {
  let summary = "Waits until at most `num_inst` asynchronous copy instructions of the wave are pending";
  let description = [{
    Unlike `ttg.async_wait`, which counts commit groups, this counts the
    hardware's outstanding direct-to-LDS load instructions (the vector memory
    counter), as a pass that knows how many instructions each copy lowers to
    computes it. It also waits for the workgroup (a barrier), so that every
    wave's copies are visible afterwards.

    ```mlir
    %w = amdg.async_wait %g {num_inst = 2 : i32}
    ```
  }];
  let arguments = (ins Variadic<TTG_AsyncToken>:$asyncToken, I32Attr:$num_inst);
  let results = (outs TTG_AsyncToken:$retToken);
  let assemblyFormat = "($asyncToken^)? attr-dict";
}

#endif // TRITONAMDGPU_OPS_TD
