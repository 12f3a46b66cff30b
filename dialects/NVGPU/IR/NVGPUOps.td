//===- NVGPUOps.td - Operations of nvgpu ------------------*- tablegen -*-===//

#ifndef NVGPU_OPS_TD
#define NVGPU_OPS_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/EnumAttr.td"
include "mlir/Dialect/LLVMIR/LLVMOpBase.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "dialects/NVGPU/IR/NVGPUDialect.td"

class NVGPU_Op<string mnemonic, list<Trait> traits = []>
    : Op<NVGPU_Dialect, mnemonic, traits>;

//===----------------------------------------------------------------------===//
// Enumerations (printed as Triton 3.6 prints them: integers in attribute
// dictionaries, keywords where the assembly format names them)
//===----------------------------------------------------------------------===//

def NVGPU_MemSemanticAttr : I32EnumAttr<"MemSemantic",
    "memory ordering of an access", [
      I32EnumAttrCase<"RELAXED", 1, "relaxed">,
      I32EnumAttrCase<"ACQUIRE", 2, "acquire">,
      I32EnumAttrCase<"RELEASE", 3, "release">,
      I32EnumAttrCase<"ACQUIRE_RELEASE", 4, "acq_rel">
    ]> {
  let cppNamespace = "::mlir::triton::nvgpu";
}

def NVGPU_MemSyncScopeAttr : I32EnumAttr<"MemSyncScope",
    "the threads an ordering applies to", [
      I32EnumAttrCase<"GPU", 1, "gpu">,
      I32EnumAttrCase<"CTA", 2, "cta">,
      I32EnumAttrCase<"SYSTEM", 3, "sys">
    ]> {
  let cppNamespace = "::mlir::triton::nvgpu";
}

def NVGPU_WGMMALayoutAttr : I32EnumAttr<"WGMMALayout",
    "how an operand is laid out: row (A: K-major) or col (B: K-major)", [
      I32EnumAttrCase<"row", 0>,
      I32EnumAttrCase<"col", 1>
    ]> {
  let cppNamespace = "::mlir::triton::nvgpu";
}

def NVGPU_WGMMAEltTypeAttr : I32EnumAttr<"WGMMAEltType",
    "a wgmma operand or accumulator type as PTX names it", [
      I32EnumAttrCase<"s8", 0>,
      I32EnumAttrCase<"s32", 1>,
      I32EnumAttrCase<"e4m3", 2>,
      I32EnumAttrCase<"e5m2", 3>,
      I32EnumAttrCase<"f16", 4>,
      I32EnumAttrCase<"bf16", 5>,
      I32EnumAttrCase<"tf32", 6>,
      I32EnumAttrCase<"f32", 7>
    ]> {
  let cppNamespace = "::mlir::triton::nvgpu";
}

def NVGPU_PointerGlobal : LLVM_PointerInAddressSpace<1>;
def NVGPU_PointerTensorMemory : LLVM_PointerInAddressSpace<6>;
def NVGPU_WGMMAOperand : AnyTypeOf<[LLVM_AnyStruct, I64],
    "a matrix descriptor (i64) or A's registers (a struct)">;
def NVGPU_Scalar : AnyTypeOf<[F8E4M3FN, F8E5M2, F16, BF16, F32, F64,
                              I1, I8, I16, I32, I64], "scalar">;

//===----------------------------------------------------------------------===//
// Warpgroup MMA
//===----------------------------------------------------------------------===//

def NVGPU_WGMMAOp : NVGPU_Op<"wgmma"> {
  let summary = "One wgmma.mma_async of the calling warpgroup";
  let description = [{
    D = A * B (+ C when `useC` holds and `opC` is given) for an
    `m` x `n` x `k` instruction. B is a shared-memory matrix descriptor, A
    a descriptor (i64) or the thread's four 32-bit A registers (a struct).
    The result holds the thread's accumulator registers in the
    instruction's D-fragment order: f32 for f32 accumulators, i32 for s32
    ones and for f16 ones (two halves per register); `opC` has the
    result's type. The element types name the PTX kinds (`eltTypeX`, see
    `WGMMAEltType`); `layoutA = col` / `layoutB = row` read an operand
    M/N-major, which PTX allows for f16 and bf16 only. Asynchronous: the
    registers may be read only after a `nvg.wgmma_wait_group`. Without
    `opC` the accumulator is not read (scale-d 0).

    ```mlir
    %d = nvg.wgmma %descA, %descB, %true, %c {eltTypeA = 4 : i32, eltTypeB = 4 : i32, eltTypeC = 7 : i32, layoutA = 0 : i32, layoutB = 1 : i32, m = 64 : i32, n = 8 : i32, k = 16 : i32} : (i64, i64, i1, !llvm.struct<(f32, f32, f32, f32)>) -> !llvm.struct<(f32, f32, f32, f32)>
    ```
  }];
  let arguments = (ins NVGPU_WGMMAOperand:$opA, I64:$opB, I1:$useC,
                   Optional<LLVM_AnyStruct>:$opC,
                   I32Attr:$m, I32Attr:$n, I32Attr:$k,
                   NVGPU_WGMMAEltTypeAttr:$eltTypeC,
                   NVGPU_WGMMAEltTypeAttr:$eltTypeA,
                   NVGPU_WGMMAEltTypeAttr:$eltTypeB,
                   NVGPU_WGMMALayoutAttr:$layoutA,
                   NVGPU_WGMMALayoutAttr:$layoutB);
  let results = (outs LLVM_AnyStruct:$res);
  let assemblyFormat = [{
    $opA `,` $opB `,` $useC (`,` $opC^)? attr-dict `:` functional-type(operands, $res)
  }];
  let hasVerifier = 1;
}

def NVGPU_WGMMAWaitGroupOp : NVGPU_Op<"wgmma_wait_group",
    [DeclareOpInterfaceMethods<InferTypeOpInterface>,
     AllTypesMatch<["input", "output"]>]> {
  let summary = "Waits until at most `pendings` wgmma groups are in flight";
  let description = [{
    `wgmma.wait_group.sync.aligned pendings`, with the registers of `input`
    passing through it unchanged: a use of `output` cannot be moved above
    the wait. Each field is one register of 16, 32 or 64 bits.

    ```mlir
    %r = nvg.wgmma_wait_group %d {pendings = 0 : i32} : !llvm.struct<(f32, f32, i32)>
    ```
  }];
  let arguments = (ins LLVM_AnyStruct:$input, I32Attr:$pendings);
  let results = (outs LLVM_AnyStruct:$output);
  let assemblyFormat = "$input attr-dict `:` type($input)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Indices and memory
//===----------------------------------------------------------------------===//

def NVGPU_ClusterCTAIdOp : NVGPU_Op<"cluster_id", [Pure]> {
  let summary = "The CTA's rank in its cluster";
  let description = [{
    `%cluster_ctarank`: 0 for a kernel launched without clusters.

    ```mlir
    %id = nvg.cluster_id
    ```
  }];
  let results = (outs I32:$result);
  let assemblyFormat = "attr-dict";
}

def NVGPU_LoadAcquireOp : NVGPU_Op<"ld_acquire", [MemoryEffects<[MemRead]>]> {
  let summary = "A global-memory load with an ordering and a scope";
  let description = [{
    `ld.global.<scope>.<sem>` of one scalar; with `mask` false the thread
    does not load and gets 0.

    ```mlir
    %v = nvg.ld_acquire acquire, gpu, %ptr, %mask : (!llvm.ptr<1>) -> f32
    ```
  }];
  let arguments = (ins NVGPU_PointerGlobal:$addr, Optional<I1>:$mask,
                   NVGPU_MemSemanticAttr:$sem, NVGPU_MemSyncScopeAttr:$scope);
  let results = (outs NVGPU_Scalar:$result);
  let assemblyFormat = [{
    $sem `,` $scope `,` $addr (`,` $mask^)? attr-dict `:` functional-type($addr, $result)
  }];
  let hasVerifier = 1;
}

def NVGPU_TensorMemoryBaseAddress : NVGPU_Op<"tensor_memory_base", [Pure]> {
  let summary = "The base address of the kernel's tensor memory (sm_100)";
  let description = [{
    Stands for the tensor memory the kernel allocates at its start
    (`ttg.tensor_memory_size` columns, from the module) and frees at its
    returns; -convert-nv-gpu-to-llvm writes the allocation.

    ```mlir
    %base = nvg.tensor_memory_base
    ```
  }];
  let results = (outs NVGPU_PointerTensorMemory:$result);
  let assemblyFormat = "attr-dict";
}

#endif // NVGPU_OPS_TD
