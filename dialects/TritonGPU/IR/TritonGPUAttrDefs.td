//===- TritonGPUAttrDefs.td - Layout encodings of ttg -----*- tablegen -*-===//
//
// The layout encodings of TTGIR tensors and shared-memory descriptors. Each
// prints itself in Triton 3.6's text (`#ttg.blocked<{...}>`), the text the
// corpus and users' TTGIR files are written in; the parsers and printers are
// in Attributes.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef TRITONGPU_ATTRDEFS_TD
#define TRITONGPU_ATTRDEFS_TD

include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/BuiltinAttributeInterfaces.td"
include "mlir/IR/TensorEncoding.td"
include "dialects/TritonGPU/IR/TritonGPUDialect.td"

class TTG_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<TritonGPU_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

// A list of basis vectors (CGALayout, linear-layout bases).
def TTG_BasisListParameter : AttrParameter<"::mlir::triton::gpu::BasisList",
                                           "a list of basis vectors",
                                           "const ::mlir::triton::gpu::BasisList &"> {
  let defaultValue = "::mlir::triton::gpu::BasisList()";
}

// Distributed encodings. Their rank is checked against a tensor's where an op
// uses the tensor (the module's launch check in Dialect.cpp), as Triton does:
// a function signature alone may carry a mismatched one.
class TTG_DistributedAttr<string name, string attrMnemonic>
    : TTG_Attr<name, attrMnemonic> {
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

class TTG_SharedAttr<string name, string attrMnemonic>
    : TTG_Attr<name, attrMnemonic> {
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

//===----------------------------------------------------------------------===//
// Distributed encodings
//===----------------------------------------------------------------------===//

def TTG_BlockedEncodingAttr : TTG_DistributedAttr<"BlockedEncoding", "blocked"> {
  let summary = "A blocked distribution of a tensor over threads, warps and CTAs";
  let description = [{
    Each thread holds `sizePerThread` contiguous elements per dimension; a warp
    tiles `threadsPerWarp` threads and a CTA `warpsPerCTA` warps; `order` lists
    the dimensions from fastest to slowest varying. `CGALayout` (printed when
    there are several CTAs) holds the basis vectors of the CTA dimension.

    ```mlir
    #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
    ```
  }];
  let parameters = (ins ArrayRefParameter<"unsigned">:$sizePerThread,
                        ArrayRefParameter<"unsigned">:$threadsPerWarp,
                        ArrayRefParameter<"unsigned">:$warpsPerCTA,
                        ArrayRefParameter<"unsigned">:$order,
                        TTG_BasisListParameter:$CGALayout);
}

def TTG_SliceEncodingAttr : TTG_DistributedAttr<"SliceEncoding", "slice"> {
  let summary = "The layout of a tensor with dimension `dim` of `parent` removed";
  let description = [{
    ```mlir
    #ttg.slice<{dim = 1, parent = #blocked}>
    ```
  }];
  let parameters = (ins "unsigned":$dim, "::mlir::Attribute":$parent);
}

def TTG_DotOperandEncodingAttr : TTG_DistributedAttr<"DotOperandEncoding", "dot_op"> {
  let summary = "The layout of operand `opIdx` (0: A, 1: B) of a dot with result layout `parent`";
  let description = [{
    `kWidth` is the number of consecutive elements along K each thread holds
    (0 when the parent is not an MMA layout).

    ```mlir
    #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
    ```
  }];
  let parameters = (ins "unsigned":$opIdx, "::mlir::Attribute":$parent,
                        "unsigned":$kWidth);
}

def TTG_NvidiaMmaEncodingAttr : TTG_DistributedAttr<"NvidiaMmaEncoding", "nvidia_mma"> {
  let summary = "The result layout of NVIDIA tensor-core MMA (v2: mma.sync, v3: wgmma)";
  let description = [{
    ```mlir
    #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
    ```
  }];
  let parameters = (ins "unsigned":$versionMajor, "unsigned":$versionMinor,
                        ArrayRefParameter<"unsigned">:$warpsPerCTA,
                        TTG_BasisListParameter:$CGALayout,
                        ArrayRefParameter<"unsigned">:$instrShape);
}

def TTG_AMDMfmaEncodingAttr : TTG_DistributedAttr<"AMDMfmaEncoding", "amd_mfma"> {
  let summary = "The result layout of AMD MFMA instructions";
  let description = [{
    ```mlir
    #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = true}>
    ```
  }];
  let parameters = (ins "unsigned":$version,
                        ArrayRefParameter<"unsigned">:$warpsPerCTA,
                        ArrayRefParameter<"unsigned">:$instrShape,
                        "bool":$isTransposed,
                        TTG_BasisListParameter:$CGALayout,
                        ArrayRefParameter<"unsigned">:$tilesPerWarp,
                        "unsigned":$elementBitWidth);
}

def TTG_AMDWmmaEncodingAttr : TTG_DistributedAttr<"AMDWmmaEncoding", "amd_wmma"> {
  let summary = "The result layout of AMD WMMA instructions";
  let description = [{
    `ctaLayout` gives the register and warp bases of the tile of warps.

    ```mlir
    #ttg.amd_wmma<{version = 3, isTranspose = true, ctaLayout = {warp = [[0, 1], [1, 0]]}, instrShape = [16, 16, 32]}>
    ```
  }];
  let parameters = (ins "unsigned":$version, "bool":$isTranspose,
                        TTG_BasisListParameter:$ctaRegister,
                        TTG_BasisListParameter:$ctaWarp,
                        TTG_BasisListParameter:$CGALayout,
                        ArrayRefParameter<"unsigned">:$instrShape);
}

def TTG_LinearEncodingAttr : TTG_DistributedAttr<"LinearEncoding", "linear"> {
  let summary = "A layout given by the bases of its linear layout";
  let description = [{
    Each input dimension (register, lane, warp, block) has one basis vector per
    bit of its index; the tensor index of an element is the XOR of the bases
    of the set bits.

    ```mlir
    #ttg.linear<{register = [], lane = [[16], [32], [1], [2], [4]], warp = [[8], [0]], block = []}>
    ```
  }];
  let parameters = (ins TTG_BasisListParameter:$registerBases,
                        TTG_BasisListParameter:$laneBases,
                        TTG_BasisListParameter:$warpBases,
                        TTG_BasisListParameter:$blockBases);
}

//===----------------------------------------------------------------------===//
// Shared-memory encodings and memory spaces
//===----------------------------------------------------------------------===//

def TTG_SwizzledSharedEncodingAttr
    : TTG_SharedAttr<"SwizzledSharedEncoding", "swizzled_shared"> {
  let summary = "A swizzled shared-memory layout (XOR of row phase into vectors)";
  let description = [{
    ```mlir
    #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
    ```
  }];
  let parameters = (ins "unsigned":$vec, "unsigned":$perPhase,
                        "unsigned":$maxPhase,
                        ArrayRefParameter<"unsigned">:$order,
                        TTG_BasisListParameter:$CGALayout);
}

def TTG_AMDRotatingSharedEncodingAttr
    : TTG_SharedAttr<"AMDRotatingSharedEncoding", "amd_rotating_shared"> {
  let summary = "A swizzled shared-memory layout whose phase also rotates per block of rows (AMD)";
  let description = [{
    As `#ttg.swizzled_shared`, but the XOR pattern changes from one block of
    `perPhase * maxPhase` rows to the next: a row's vector index is XORed
    with `phase ^ block`, where `phase = (row / perPhase) % maxPhase` and
    `block = (row / (perPhase * maxPhase)) % maxPhase`. Writes and reads in
    different orders (a tile transposed in registers before it is stored)
    then hit fewer LDS banks at once. Made by
    `-tritonamdgpu-in-thread-transpose`.

    ```mlir
    #ttg.amd_rotating_shared<{vec = 4, perPhase = 1, maxPhase = 16, order = [0, 1]}>
    ```
  }];
  let parameters = (ins "unsigned":$vec, "unsigned":$perPhase,
                        "unsigned":$maxPhase,
                        ArrayRefParameter<"unsigned">:$order,
                        TTG_BasisListParameter:$CGALayout);
}

def TTG_NVMMASharedEncodingAttr
    : TTG_SharedAttr<"NVMMASharedEncoding", "nvmma_shared"> {
  let summary = "The shared-memory layout that wgmma and TMA read (NVIDIA swizzle modes)";
  let description = [{
    ```mlir
    #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
    ```
  }];
  let parameters = (ins "unsigned":$swizzlingByteWidth, "bool":$transposed,
                        "unsigned":$elementBitWidth, "bool":$fp4Padded,
                        TTG_BasisListParameter:$CGALayout, "unsigned":$rank);
}

def TTG_PaddedSharedEncodingAttr
    : TTG_SharedAttr<"PaddedSharedEncoding", "padded_shared"> {
  let summary = "A shared-memory layout with padding inserted every interval elements";
  let description = [{
    `[interval:+padding, ...]`: after every `interval` elements, `padding`
    more are skipped (for each pair). The elements themselves are placed by
    a linear layout from `offset` (and `block`, the CTAs) to the tensor's
    coordinates, written either as its bases or, for an identity placement,
    as an `order` and a `shape`:

    ```mlir
    #ttg.padded_shared<[128:+4, 256:+8] {order = [1, 0], shape = [64, 64]}>
    #ttg.padded_shared<[4:+4] {offset = [[1, 0], [2, 0], [0, 1], [0, 2]], block = []}>
    ```

    Parsed, printed and verified; the AMD lowering reads and writes LDS
    buffers of this layout, but no pass makes them yet.
  }];
  let parameters = (ins ArrayRefParameter<"unsigned">:$intervals,
                        ArrayRefParameter<"unsigned">:$paddings,
                        TTG_BasisListParameter:$offsetBases,
                        TTG_BasisListParameter:$blockBases,
                        ArrayRefParameter<"unsigned">:$order,
                        "unsigned":$rank);
  let extraClassDeclaration = [{
    /// The shape the offset bases span, one power of two per dimension.
    ::llvm::SmallVector<int64_t> getLayoutShape() const;
  }];
}

def TTG_SharedLinearEncodingAttr
    : TTG_SharedAttr<"SharedLinearEncoding", "shared_linear"> {
  let summary = "A shared-memory layout given as a linear layout's bases";
  let description = [{
    The bases of `offset` (an element's index in the buffer) and `block`
    (the CTAs) give the element's coordinates; `alignment` is the buffer's
    alignment in bytes:

    ```mlir
    #ttg.shared_linear<{offset = [[0, 1], [0, 2], [1, 0], [2, 0]]}, alignment = 16>
    ```

    Parsed, printed and verified; -tritongpu-transpose-narrow-operands
    makes such views of its staging buffers (`ttg.memdesc_reinterpret`) and
    make_llir reads shared memory through them; the interpreter does not
    run `ttg.memdesc_reinterpret` yet.
  }];
  let parameters = (ins TTG_BasisListParameter:$offsetBases,
                        TTG_BasisListParameter:$blockBases,
                        "unsigned":$alignment);
}

def TTG_SharedMemorySpaceAttr : TTG_Attr<"SharedMemorySpace", "shared_memory"> {
  let summary = "The shared-memory space of a `!ttg.memdesc`";
  let description = [{
    ```mlir
    !ttg.memdesc<128x64xf16, #shared, #ttg.shared_memory, mutable>
    ```
  }];
}

#endif // TRITONGPU_ATTRDEFS_TD
