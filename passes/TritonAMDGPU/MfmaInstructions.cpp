//===- MfmaInstructions.cpp - The MFMA instructions of CDNA2 and CDNA3 ---===//
//
// From the CDNA2 and CDNA3 ISA manuals: fp32 (K 2/4), xf32 (gfx942, K 4/8),
// fp16 and bf16 (the "_1k" forms, K 8/16), int8 (K 8/16 on gfx90a, 16/32 on
// gfx942) and gfx942's fnuz fp8/bf8 in any pairing (K 16/32).
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

std::optional<MfmaInstruction>
mlir::triton::amdgpu::selectMfmaInstruction(unsigned version, unsigned nonKDim,
                                            Type aElem, Type bElem,
                                            bool allowXF32) {
  if ((version != 2 && version != 3) || (nonKDim != 32 && nonKDim != 16))
    return std::nullopt;
  bool big = nonKDim == 32;
  // K grows as the tile narrows: 64 lanes hold 64 / nonKDim K groups.
  unsigned groups = 64 / nonKDim;
  auto make = [&](std::string big32, std::string small16, unsigned kBase) {
    return MfmaInstruction{big ? big32 : small16, nonKDim, kBase * groups,
                           kBase};
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
