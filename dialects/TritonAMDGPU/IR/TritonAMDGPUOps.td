//===- TritonAMDGPUOps.td - Operations of amdg ------------*- tablegen -*-===//

#ifndef TRITONAMDGPU_OPS_TD
#define TRITONAMDGPU_OPS_TD

include "mlir/IR/OpBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "dialects/Triton/IR/TritonTypes.td"
include "dialects/Triton/IR/TritonAttrDefs.td"
include "dialects/TritonAMDGPU/IR/TritonAMDGPUDialect.td"

def AMDG_GlobalMemory : Resource<"::mlir::triton::GlobalMemory">;

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

#endif // TRITONAMDGPU_OPS_TD
