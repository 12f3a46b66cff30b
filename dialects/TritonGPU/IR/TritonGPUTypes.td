//===- TritonGPUTypes.td - Types of the ttg dialect -------*- tablegen -*-===//

#ifndef TRITONGPU_TYPES_TD
#define TRITONGPU_TYPES_TD

include "mlir/IR/AttrTypeBase.td"
include "dialects/TritonGPU/IR/TritonGPUDialect.td"

class TTG_TypeDef<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<TritonGPU_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

def TTG_AsyncToken : TTG_TypeDef<"AsyncToken", "async.token"> {
  let summary = "A token of pending asynchronous copies (`!ttg.async.token`)";
  let description = [{
    ```mlir
    %t = ttg.async_commit_group tokens %copy
    ```
  }];
}

def TTG_MemDescType : TTG_TypeDef<"MemDesc", "memdesc"> {
  let summary = "A descriptor of a buffer in shared or tensor memory (`!ttg.memdesc`)";
  let description = [{
    Shape, element type, layout encoding, memory space, whether the buffer is
    mutable, and the shape of the whole allocation when it differs from the
    shape (a view into a multi-buffered allocation).

    ```mlir
    !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    !ttg.memdesc<64xf32, #shared, #smem, mutable, 3x64>
    ```
  }];
  let parameters = (ins ArrayRefParameter<"int64_t">:$shape,
                        "::mlir::Type":$elementType,
                        "::mlir::Attribute":$encoding,
                        "::mlir::Attribute":$memorySpace,
                        "bool":$mutableMemory,
                        ArrayRefParameter<"int64_t">:$allocShape);
  let builders = [
    // A whole allocation: the alloc shape is the shape.
    TypeBuilderWithInferredContext<(ins "::llvm::ArrayRef<int64_t>":$shape,
                                        "::mlir::Type":$elementType,
                                        "::mlir::Attribute":$encoding,
                                        "::mlir::Attribute":$memorySpace,
                                        CArg<"bool", "false">:$mutableMemory), [{
      return $_get(elementType.getContext(), shape, elementType, encoding,
                   memorySpace, mutableMemory, shape);
    }]>
  ];
  let extraClassDeclaration = [{
    unsigned getRank() const { return getShape().size(); }
  }];
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

#endif // TRITONGPU_TYPES_TD
