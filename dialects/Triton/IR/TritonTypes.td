//===- TritonTypes.td - Types and type constraints of tt --*- tablegen -*-===//

#ifndef TRITON_TYPES_TD
#define TRITON_TYPES_TD

include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/BuiltinTypeInterfaces.td"
include "dialects/Triton/IR/TritonDialect.td"

class TT_TypeDef<string name, string mnemonicName, list<Trait> traits = []>
    : TypeDef<Triton_Dialect, name, traits> {
  let mnemonic = mnemonicName;
}

//===----------------------------------------------------------------------===//
// Element types
//===----------------------------------------------------------------------===//

def TT_Float : AnyTypeOf<[F8E4M3FN, F8E4M3FNUZ, F8E5M2, F8E5M2FNUZ, F16, BF16,
                          F32, F64], "floating-point">;
def TT_FloatTensor : RankedTensorOf<[TT_Float]>;
def TT_FloatLike : AnyTypeOf<[TT_Float, TT_FloatTensor]>;

def TT_BoolTensor : RankedTensorOf<[I1]>;
def TT_BoolLike : AnyTypeOf<[I1, TT_BoolTensor]>;

def TT_Int : AnyTypeOf<[I1, I<4>, I8, I16, I32, I64], "integer">;
def TT_IntTensor : RankedTensorOf<[TT_Int]>;
def TT_IntLike : AnyTypeOf<[TT_Int, TT_IntTensor]>;

def TT_I32Like : AnyTypeOf<[I32, RankedTensorOf<[I32]>]>;
def TT_I64Like : AnyTypeOf<[I64, RankedTensorOf<[I64]>]>;

//===----------------------------------------------------------------------===//
// Pointers
//===----------------------------------------------------------------------===//

def TT_PtrType : TT_TypeDef<"Pointer", "ptr"> {
  let summary = "Pointer type (`!tt.ptr<T>`) in Triton IR";
  let description = [{
    A pointer to values of `pointeeType` in address space `addressSpace`
    (1, global memory, when omitted). A pointer to a ranked tensor is a block
    pointer, made by `tt.make_tensor_ptr`.

    ```mlir
    !tt.ptr<f32>
    !tt.ptr<f16, 3>
    !tt.ptr<tensor<64x64xf32>>
    ```
  }];
  let parameters = (ins "::mlir::Type":$pointeeType, "int":$addressSpace);
  let builders = [
    TypeBuilderWithInferredContext<(ins "::mlir::Type":$pointeeType,
                                        "int":$addressSpace), [{
      return $_get(pointeeType.getContext(), pointeeType, addressSpace);
    }]>
  ];
  let hasCustomAssemblyFormat = 1;
  let skipDefaultBuilders = 1;
}

// A pointer to a scalar (not a block pointer).
def TT_Ptr : DialectType<Triton_Dialect,
    CPred<"::mlir::triton::isScalarPointerType($_self)">, "ptr", "::mlir::triton::PointerType">;
def TT_PtrTensor : RankedTensorOf<[TT_Ptr]>;
def TT_PtrLike : AnyTypeOf<[TT_Ptr, TT_PtrTensor]>;

// A block pointer: a pointer to a ranked tensor.
def TT_TensorPtr : DialectType<Triton_Dialect,
    CPred<"::mlir::triton::isTensorPointerType($_self)">, "block pointer",
    "::mlir::triton::PointerType">;

def TT_FpIntTensor : RankedTensorOf<[TT_Float, TT_Int]>;
def TT_Tensor : RankedTensorOf<[TT_Float, TT_Int, TT_Ptr]>;
def TT_Type : AnyTypeOf<[TT_FloatLike, TT_IntLike, TT_PtrLike, TT_TensorPtr]>;

//===----------------------------------------------------------------------===//
// Tensor descriptors
//===----------------------------------------------------------------------===//

def TT_TensorDescType : TT_TypeDef<"TensorDesc", "tensordesc"> {
  let summary = "Tensor descriptor type (`!tt.tensordesc<tensor<...>>`)";
  let description = [{
    A descriptor of a global tensor that is read and written in blocks of
    `blockType`, as made by `tt.make_tensor_descriptor`.

    ```mlir
    !tt.tensordesc<tensor<32x64xf16>>
    ```
  }];
  let parameters = (ins "::mlir::RankedTensorType":$blockType);
  let assemblyFormat = "`<` $blockType `>`";
}

#endif // TRITON_TYPES_TD
