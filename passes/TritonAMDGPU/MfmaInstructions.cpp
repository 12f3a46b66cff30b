//===- MfmaInstructions.cpp - The MFMA instructions of CDNA2 and CDNA3 ---===//
//
// From the CDNA2 and CDNA3 ISA manuals: fp32 (K 2/4), xf32 (gfx942, K 4/8),
// fp16 and bf16 (the "_1k" forms, K 8/16), int8 (K 8/16 on gfx90a, 16/32 on
// gfx942) and gfx942's fnuz fp8/bf8 in any pairing (K 16/32); for the
// 64x4 and 4x64 tiles the 16-block 4x4 instructions of fp32 (K 1 per
// block), fp16, bf16 (the "_1k" form, gfx90a on) and int8 (K 4 per block),
// with no xf32 or fp8 form (Triton 3.6's table: such dots stay on FMAs).
//
//===----------------------------------------------------------------------===//

#include "passes/TritonAMDGPU/MfmaInstructions.h"

#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;
using namespace mlir::triton::amdgpu;

unsigned mlir::triton::amdgpu::getMfmaVersion(StringRef arch) {
  if (arch == "gfx90a")
    return 2;
  if (arch == "gfx942")
    return 3;
  return 0;
}

/// The fnuz 8-bit float's name in the instruction (fp8 or bf8), else empty.
static StringRef getFnuzName(Type type) {
  if (isa<Float8E4M3FNUZType>(type))
    return "fp8";
  if (isa<Float8E5M2FNUZType>(type))
    return "bf8";
  return "";
}

/// The 16-block 4x4 instruction for `elem` operands (a 64x4 or 4x64 tile),
/// or none.
static std::optional<MfmaInstruction> selectBroadcast(unsigned mDim,
                                                      unsigned nDim, Type aElem,
                                                      Type bElem,
                                                      bool allowXF32) {
  if (aElem != bElem)
    return std::nullopt;
  // Each of the 16 instructions takes kBase of K from one block.
  auto make = [&](std::string name, unsigned kBase) {
    return MfmaInstruction{std::move(name), mDim, nDim, 16 * kBase, kBase};
  };
  if (aElem.isF32() && !allowXF32)
    return make("mfma.f32.4x4x1f32", 1);
  if (aElem.isF16())
    return make("mfma.f32.4x4x4f16", 4);
  if (aElem.isBF16())
    return make("mfma.f32.4x4x4bf16.1k", 4);
  if (aElem.isInteger(8))
    return make("mfma.i32.4x4x4i8", 4);
  return std::nullopt;
}

std::optional<MfmaInstruction>
mlir::triton::amdgpu::selectMfmaInstruction(unsigned version, unsigned mDim,
                                            unsigned nDim, Type aElem,
                                            Type bElem, bool allowXF32) {
  if (version != 2 && version != 3)
    return std::nullopt;
  if (isBroadcastMfma(mDim, nDim))
    return selectBroadcast(mDim, nDim, aElem, bElem, allowXF32 && version == 3);
  if (mDim != nDim || (mDim != 32 && mDim != 16))
    return std::nullopt;
  unsigned nonKDim = mDim;
  bool big = nonKDim == 32;
  // K grows as the tile narrows: 64 lanes hold 64 / nonKDim K groups.
  unsigned groups = 64 / nonKDim;
  auto make = [&](std::string big32, std::string small16, unsigned kBase) {
    return MfmaInstruction{big ? big32 : small16, nonKDim, nonKDim,
                           kBase * groups, kBase};
  };
  StringRef aFp8 = getFnuzName(aElem), bFp8 = getFnuzName(bElem);
  if (!aFp8.empty() && !bFp8.empty()) {
    if (version != 3)
      return std::nullopt;
    std::string suffix = (aFp8 + "." + bFp8).str();
    return make("mfma.f32.32x32x16." + suffix, "mfma.f32.16x16x32." + suffix,
                8);
  }
  if (aElem != bElem)
    return std::nullopt;
  if (aElem.isF32()) {
    if (allowXF32 && version == 3)
      return make("mfma.f32.32x32x4.xf32", "mfma.f32.16x16x8.xf32", 2);
    return make("mfma.f32.32x32x2f32", "mfma.f32.16x16x4f32", 1);
  }
  if (aElem.isF16())
    return make("mfma.f32.32x32x8f16", "mfma.f32.16x16x16f16", 4);
  if (aElem.isBF16())
    return make("mfma.f32.32x32x8bf16.1k", "mfma.f32.16x16x16bf16.1k", 4);
  if (aElem.isInteger(8)) {
    if (version == 3)
      return make("mfma.i32.32x32x16.i8", "mfma.i32.16x16x32.i8", 8);
    return make("mfma.i32.32x32x8i8", "mfma.i32.16x16x16i8", 4);
  }
  return std::nullopt;
}
