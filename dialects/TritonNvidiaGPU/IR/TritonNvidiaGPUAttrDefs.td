//===- TritonNvidiaGPUAttrDefs.td - Tensor-memory attributes -*- tablegen -*-===//
//
// Blackwell's tensor memory (TMEM): its memory space and the two layouts of a
// `!ttg.memdesc` that lives there, printed as Triton 3.6 prints them
// (struct-style parameters, defaults left out).
//
//===----------------------------------------------------------------------===//

#ifndef TRITONNVIDIAGPU_ATTRDEFS_TD
#define TRITONNVIDIAGPU_ATTRDEFS_TD

include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"
include "dialects/TritonNvidiaGPU/IR/TritonNvidiaGPUDialect.td"

class TTNG_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<TritonNvidiaGPU_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

// The CTA bases of a layout, written as the ttg layouts write them
// (`CGALayout = [[1, 0]]`) and left out when there is one CTA.
def TTNG_CGALayoutParameter
    : AttrParameter<"::mlir::triton::gpu::BasisList", "the CTA bases (CGALayout)",
                    "const ::mlir::triton::gpu::BasisList &"> {
  let defaultValue = "::mlir::triton::gpu::BasisList()";
  let parser = "parseCGALayout($_parser)";
  let printer = "printCGALayout($_printer, $_self)";
}

def TTNG_TensorMemoryScalesBlockRepOrder
    : I32EnumAttr<"TensorMemoryScalesBlockRepOrder",
                  "order of the scale blocks in tensor memory", [
  I32EnumAttrCase<"mnThenK", 0>, I32EnumAttrCase<"kThenMn", 1>]> {
  let cppNamespace = "::mlir::triton::nvidia_gpu";
  let genSpecializedAttr = 0;
}

def TTNG_TensorMemorySpaceAttr : TTNG_Attr<"TensorMemorySpace", "tensor_memory"> {
  let summary = "The tensor-memory (TMEM) space of a `!ttg.memdesc`";
  let description = [{
    ```mlir
    !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    ```
  }];
}

def TTNG_TensorMemoryEncodingAttr
    : TTNG_Attr<"TensorMemoryEncoding", "tensor_memory_encoding"> {
  let summary = "The layout of an MMA accumulator (or operand) in tensor memory";
  let description = [{
    The buffer is tiled by `blockM` x `blockN` blocks, `blockM` of the
    tensor's rows in TMEM lanes and `blockN` of its columns in TMEM columns;
    `colStride` is 1 for 32-bit elements and 32 / bitwidth for narrower ones
    packed into one 32-bit column. `twoCTAs` marks an accumulator of a
    two-CTA MMA, `fp4Padded` an fp4 operand stored one value per byte.

    ```mlir
    #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
    #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1, CGALayout = [[1, 0]], twoCTAs = true>
    ```
  }];
  let parameters = (ins "unsigned":$blockM, "unsigned":$blockN,
                        "unsigned":$colStride,
                        TTNG_CGALayoutParameter:$CGALayout,
                        DefaultValuedParameter<"bool", "false">:$twoCTAs,
                        DefaultValuedParameter<"bool", "false">:$fp4Padded);
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
}

def TTNG_TensorMemoryScalesEncodingAttr
    : TTNG_Attr<"TensorMemoryScalesEncoding", "tensor_memory_scales_encoding"> {
  let summary = "The layout of the block scales of a scaled tcgen05 MMA in tensor memory";
  let description = [{
    `blockRepOrder` is the order in which repetitions of the hardware's scale
    block are laid out: along M/N first (`mnThenK`, the default) or along K.

    ```mlir
    #ttng.tensor_memory_scales_encoding<>
    #ttng.tensor_memory_scales_encoding<blockRepOrder = kThenMn>
    ```
  }];
  let parameters = (ins
    TTNG_CGALayoutParameter:$CGALayout,
    DefaultValuedParameter<"::mlir::triton::nvidia_gpu::TensorMemoryScalesBlockRepOrder",
                           "::mlir::triton::nvidia_gpu::TensorMemoryScalesBlockRepOrder::mnThenK">:$blockRepOrder);
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
}

#endif // TRITONNVIDIAGPU_ATTRDEFS_TD
