//===- AccelerateMatmul.cpp - Dots onto AMD's matrix cores (MFMA) ---------===//
//
// Triton 3.6's choice of MFMA layout per dot on CDNA2 (gfx90a) and CDNA3
// (gfx942): the instruction by tile size and operand types, the warps, the
// transposed result (lanes along M, registers along N), and the operands'
// kWidth. Dots left on FMAs get operand and accumulator types the FMA
// lowering takes.
//
//===----------------------------------------------------------------------===//

#include "passes/TritonAMDGPU/Passes.h"

#include "dialects/Triton/IR/Dialect.h"
#include "dialects/TritonAMDGPU/IR/Dialect.h"
#include "dialects/TritonGPU/IR/Dialect.h"
#include "passes/TritonAMDGPU/MfmaInstructions.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "llvm/Support/MathExtras.h"

namespace mlir {
namespace triton {
namespace amdgpu {
#define GEN_PASS_DEF_TRITONAMDGPUACCELERATEMATMUL
#include "passes/TritonAMDGPU/Passes.h.inc"
} // namespace amdgpu
} // namespace triton
} // namespace mlir

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {

/// Whether `dot`'s result reaches, within its region, the A operand of
/// another dot: the first dot of attention's chain.
bool isChainHead(DotOp dot) {
  ForwardSliceOptions options;
  options.filter = [&](Operation *op) {
    return op->getParentRegion() == dot->getParentRegion();
  };
  SetVector<Operation *> slice;
  getForwardSlice(dot.getOperation(), &slice, options);
  return llvm::any_of(slice, [&](Operation *op) {
    auto other = dyn_cast<DotOp>(op);
    if (!other)
      return false;
    Operation *a = other.getA().getDefiningOp();
    return a && slice.contains(a);
  });
}

/// Whether `dot`'s A operand is computed, within its region, from another
/// dot's result: the second dot of attention's chain.
bool isChainTail(DotOp dot) {
  Operation *a = dot.getA().getDefiningOp();
  if (!a)
    return false;
  BackwardSliceOptions options;
  options.omitBlockArguments = true;
  options.filter = [&](Operation *op) {
    return op->getParentRegion() == dot->getParentRegion();
  };
  SetVector<Operation *> slice;
  (void)getBackwardSlice(a, &slice, options);
  return llvm::any_of(slice, [](Operation *op) { return isa<DotOp>(op); });
}

/// Triton's warps for an MFMA dot of `shape` with `mDim` x `nDim` tiles. The
/// first dot of a chain puts them all along M (no cross-warp reduction in the
/// softmax between the dots, and its result is already in the second dot's
/// operand layout); the second one along M as far as M has tiles, then
/// along N. Otherwise M gets a doubling while it has at least twice as many
/// tiles per warp as N (and tiles left), N the others, and the two swap if
/// N ends up with more warps than tiles.
SmallVector<unsigned> getWarpsPerTile(DotOp dot, ArrayRef<int64_t> shape,
                                      unsigned numWarps, unsigned mDim,
                                      unsigned nDim) {
  if (isChainHead(dot))
    return {numWarps, 1};
  if (isChainTail(dot)) {
    unsigned alongM =
        std::min<int64_t>(numWarps, llvm::divideCeil(shape[0], mDim));
    return {alongM, numWarps / alongM};
  }
  SmallVector<unsigned> warps = {1, 1};
  while (warps[0] * warps[1] < numWarps) {
    if (shape[0] / (2 * mDim) / warps[0] >= shape[1] / nDim / warps[1]) {
      if (warps[0] < shape[0] / mDim)
        warps[0] *= 2;
      else
        warps[1] *= 2;
    } else {
      warps[1] *= 2;
    }
  }
  if (warps[1] * nDim > shape[1])
    return {warps[1], warps[0]};
  return warps;
}

/// `value` in `encoding`, then with element type `element` (arith ext/trunc).
Value convertAndCast(OpBuilder &b, Value value, Attribute encoding,
                     Type element) {
  Location loc = value.getLoc();
  auto type = cast<RankedTensorType>(value.getType());
  if (type.getEncoding() != encoding) {
    type = type.cloneWithEncoding(encoding);
    value = ConvertLayoutOp::create(b, loc, type, value);
  }
  Type old = type.getElementType();
  if (old == element)
    return value;
  auto castType = type.clone(element);
  // 8-bit floats convert through tt.fp_to_fp, as the frontend casts them.
  if (isa<FloatType>(old) && old.getIntOrFloatBitWidth() == 8)
    return FpToFpOp::create(b, loc, castType, value);
  if (old.getIntOrFloatBitWidth() < element.getIntOrFloatBitWidth())
    return isa<FloatType>(element)
               ? Value(arith::ExtFOp::create(b, loc, castType, value))
               : Value(arith::ExtSIOp::create(b, loc, castType, value));
  return isa<FloatType>(element)
             ? Value(arith::TruncFOp::create(b, loc, castType, value))
             : Value(arith::TruncIOp::create(b, loc, castType, value));
}

struct Options {
  unsigned version;
  unsigned forcedNonKDim;
  unsigned kPack;
};

/// Triton 3.6's remark for a dot no MFMA instruction takes (it stays on
/// FMAs), with what the choice was made from.
void remarkNoInstruction(DotOp dot, const Options &options, unsigned mDim,
                         unsigned nDim, Type aElem, Type bElem,
                         bool allowXF32) {
  ArrayRef<int64_t> shape = dot.getType().getShape();
  InFlightDiagnostic remark = dot.emitRemark();
  remark << "Unable to select MFMA intrinsic for the request: version="
         << options.version << ", result-shape=(" << shape[0] << "x" << shape[1]
         << "), selected-tiles=(" << mDim << "x" << nDim
         << "), inputKSize=" << dot.getA().getType().getShape().back()
         << ", aElemType=" << aElem << ", bElemType=" << bElem
         << ", withScale=false, allowXF32="
         << (allowXF32 && options.version == 3 ? "true" : "false");
  if (options.forcedNonKDim != 0)
    remark << ", enforcedNonKDim=" << options.forcedNonKDim;
}

/// Rewrites `dot` onto MFMA if an instruction takes it; returns whether it did.
bool accelerate(DotOp dot, unsigned numWarps, const Options &options) {
  auto type = cast<RankedTensorType>(dot.getType());
  auto blocked = dyn_cast_or_null<BlockedEncodingAttr>(type.getEncoding());
  if (!blocked || type.getRank() != 2)
    return false;
  auto aType = cast<RankedTensorType>(dot.getA().getType());
  auto bType = cast<RankedTensorType>(dot.getB().getType());
  Type aElem = aType.getElementType(), bElem = bType.getElementType();
  if (aElem.getIntOrFloatBitWidth() != bElem.getIntOrFloatBitWidth())
    return false;
  ArrayRef<int64_t> shape = type.getShape();
  int64_t k = aType.getShape()[1];
  // 32x32 tiles when both M and N allow, 16x16 down to 16; below that, a
  // side of at least 4 with the other of at least 64 takes the 16-block 4x4
  // instructions as one 64x4 (M >= 64) or 4x64 tile (Triton 3.6's rule).
  unsigned mDim = options.forcedNonKDim, nDim = options.forcedNonKDim;
  bool allowXF32 = dot.getInputPrecision() == InputPrecision::TF32;
  if (mDim == 0) {
    int64_t minSize = std::min(shape[0], shape[1]);
    if (minSize >= 16) {
      mDim = nDim = minSize >= 32 ? 32 : 16;
    } else if (minSize >= 4 && shape[0] >= 64) {
      mDim = 64;
      nDim = 4;
    } else if (minSize >= 4 && shape[1] >= 64) {
      mDim = 4;
      nDim = 64;
    } else {
      remarkNoInstruction(dot, options, 0, 0, aElem, bElem, allowXF32);
      return false;
    }
  }
  // A forced instruction may be wider than the tile (a 16-column first dot
  // of a chain under 32x32): the tile then repeats over the instruction.
  if (options.forcedNonKDim == 0 &&
      (shape[0] % mDim != 0 || shape[1] % nDim != 0))
    return false;
  std::optional<amdgpu::MfmaInstruction> instr = amdgpu::selectMfmaInstruction(
      options.version, mDim, nDim, aElem, bElem, allowXF32);
  // gfx90a and gfx942 multiply only the fnuz fp8 formats. Every OCP e4m3fn
  // and e5m2 value is an f16 value, so such dots run as f16 MFMAs of
  // operands converted in registers: the products are exact and summed in
  // fp32, where FMAs would have taken minutes of LLVM's time on a 128-wide
  // tile and run far slower.
  auto isOcpFp8 = [](Type t) {
    return isa<Float8E4M3FNType, Float8E5M2Type>(t);
  };
  if (!instr && isOcpFp8(aElem) && isOcpFp8(bElem) &&
      isa<FloatType>(type.getElementType())) {
    // Triton 3.6's remarks, so that users see why such a dot is slower.
    dot.emitRemark("missing native support for fp8 variant on current "
                   "architecture; emulated with fp16 so low performance");
    if (options.version == 3)
      dot.emitRemark("for gfx942 please use native supported fp8 variants");
    aElem = bElem = Float16Type::get(dot.getContext());
    instr = amdgpu::selectMfmaInstruction(options.version, mDim, nDim, aElem,
                                          bElem, false);
  }
  if (!instr) {
    remarkNoInstruction(dot, options, mDim, nDim, aElem, bElem, allowXF32);
    return false;
  }
  // A K that is not a multiple of the instruction's would duplicate data.
  if (k % instr->kDim != 0) {
    dot.emitRemark() << "Unable to select MFMA intrinsic 'rocdl." << instr->name
                     << "' as MFMA intrinsic k-dimension size kDim="
                     << instr->kDim
                     << ", which is not a multiple of tile k-dimension size "
                        "inputKSize="
                     << k
                     << ". Using this intrinsic would introduce data "
                        "duplication.";
    return false;
  }
  // The accumulators MFMA adds into: fp32, or int32 for int8.
  Type accElem = type.getElementType();
  bool intDot = aElem.isInteger(8);
  if (intDot != isa<IntegerType>(accElem))
    return false;
  OpBuilder b(dot);
  Type mfmaAcc = intDot ? Type(b.getI32Type()) : Type(b.getF32Type());

  MLIRContext *context = dot.getContext();
  SmallVector<unsigned> warps =
      getWarpsPerTile(dot, shape, numWarps, mDim, nDim);
  // Transposed: lanes along M, registers along N, so that a thread stores
  // consecutive N. Not for 4x64: its broadcast operand must be the
  // instruction's first, which is A only untransposed (64x4 broadcasts B,
  // the first operand once transposed).
  bool transposed = !(mDim == 4 && nDim == 64);
  auto mfma = AMDMfmaEncodingAttr::get(
      context, options.version, warps, {mDim, nDim, instr->kDim}, transposed,
      blocked.getCGALayout(),
      /*tilesPerWarp=*/{1, 1}, /*elementBitWidth=*/32);
  // The second dot of a chain takes A from the first one's result, whose
  // MFMA layout holds 4 consecutive K per lane: kPack cannot widen it, and
  // 16-bit operands keep 4 so that A's conversion stays in registers.
  unsigned kWidth = instr->kBase;
  bool chainTail = isChainTail(dot);
  if (!chainTail)
    kWidth *= options.kPack;
  if (chainTail && aElem.getIntOrFloatBitWidth() == 16)
    kWidth = 4;
  auto aEnc = DotOperandEncodingAttr::get(context, 0, mfma, kWidth);
  auto bEnc = DotOperandEncodingAttr::get(context, 1, mfma, kWidth);

  Location loc = dot.getLoc();
  Value a = convertAndCast(b, dot.getA(), aEnc, aElem);
  Value bOperand = convertAndCast(b, dot.getB(), bEnc, bElem);
  Value c = convertAndCast(b, dot.getC(), mfma, mfmaAcc);
  auto newDot = DotOp::create(
      b, loc, type.cloneWithEncoding(mfma).clone(mfmaAcc), a, bOperand, c,
      dot.getInputPrecision(), dot.getMaxNumImpreciseAcc());
  dot.replaceAllUsesWith(
      convertAndCast(b, newDot.getResult(), blocked, accElem));
  dot.erase();
  return true;
}

/// `v` with element type `to`: fp_to_fp between floats (rounding to nearest
/// even when narrowing), sitofp / fptosi between ints and floats.
Value castElements(OpBuilder &b, Location loc, Value v, Type to) {
  auto type = cast<RankedTensorType>(v.getType());
  Type from = type.getElementType();
  if (from == to)
    return v;
  auto result = type.clone(to);
  bool fromFloat = isa<FloatType>(from), toFloat = isa<FloatType>(to);
  if (fromFloat && toFloat) {
    RoundingModeAttr rounding;
    if (from.getIntOrFloatBitWidth() > to.getIntOrFloatBitWidth())
      rounding = RoundingModeAttr::get(b.getContext(), RoundingMode::RTNE);
    return FpToFpOp::create(b, loc, result, v, rounding);
  }
  if (toFloat)
    return arith::SIToFPOp::create(b, loc, result, v);
  return arith::FPToSIOp::create(b, loc, result, v);
}

/// Whether the FMA lowering takes `dot` as it is: the dot instructions of
/// CDNA (f16 x f16 into f32 with even K, i8 x i8 into i32 with K a multiple
/// of 4), or one of f16, f32, f64 throughout.
bool isFmaReady(DotOp dot) {
  Type a = dot.getA().getType().getElementType();
  Type b = dot.getB().getType().getElementType();
  Type c = dot.getC().getType().getElementType();
  Type d = dot.getType().getElementType();
  int64_t k = dot.getA().getType().getShape().back();
  if (a.isF16() && b.isF16() && c.isF32() && d.isF32() && k % 2 == 0)
    return true;
  if (a.isInteger(8) && b.isInteger(8) && c.isInteger(32) && d.isInteger(32) &&
      k % 4 == 0)
    return true;
  return a == b && a == c && a == d && (a.isF16() || a.isF32() || a.isF64());
}

/// Rewrites a dot left on FMAs with mixed or narrow types into one type
/// throughout: f16 when every type has at most 16 bits (ints at most 8, no
/// bf16), else f32; the result is cast back. Integers > 32 bits stay.
void legalizeFmaDot(DotOp dot) {
  if (!isa_and_nonnull<BlockedEncodingAttr>(dot.getType().getEncoding()))
    return;
  // Triton 3.6's remark for every dot left on FMAs.
  dot.emitRemark("Attempting to map dot operation to FMA intrinsic.");
  if (isFmaReady(dot))
    return;
  SmallVector<Type> types = {dot.getA().getType().getElementType(),
                             dot.getB().getType().getElementType(),
                             dot.getC().getType().getElementType(),
                             dot.getType().getElementType()};
  unsigned widest = 8;
  bool needsF32 = false;
  for (Type t : types) {
    if (!t.isIntOrFloat() || t.getIntOrFloatBitWidth() > 32)
      return;
    widest = std::max(widest, t.getIntOrFloatBitWidth());
    needsF32 |= t.isBF16() || (t.isInteger() && t.getIntOrFloatBitWidth() > 8);
  }
  OpBuilder b(dot);
  Type common =
      widest <= 16 && !needsF32 ? Type(b.getF16Type()) : Type(b.getF32Type());
  Location loc = dot.getLoc();
  Value a = castElements(b, loc, dot.getA(), common);
  Value bOperand = castElements(b, loc, dot.getB(), common);
  Value c = castElements(b, loc, dot.getC(), common);
  auto newDot =
      DotOp::create(b, loc, c.getType(), a, bOperand, c,
                    dot.getInputPrecision(), dot.getMaxNumImpreciseAcc());
  dot.replaceAllUsesWith(
      castElements(b, loc, newDot.getResult(), types.back()));
  dot.erase();
}

struct TritonAMDGPUAccelerateMatmulPass
    : public amdgpu::impl::TritonAMDGPUAccelerateMatmulBase<
          TritonAMDGPUAccelerateMatmulPass> {
  using Base::Base;
  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (matrixInstructionSize != 0 && matrixInstructionSize != 16 &&
        matrixInstructionSize != 32) {
      module.emitError() << "matrix-instruction-size = "
                         << int(matrixInstructionSize)
                         << ": expected 0 (chosen by the tile), 16 or 32";
      return signalPassFailure();
    }
    if (kPack != 1 && kPack != 2) {
      module.emitError() << "kPack = " << int(kPack) << ": expected 1 or 2";
      return signalPassFailure();
    }
    // Other AMD GPUs (RDNA's WMMA, gfx950's MFMA version 4) keep their
    // dots on FMAs here.
    unsigned version = amdgpu::getMfmaVersion(amdgpu::getTargetArch(
        module, arch.empty() ? archGenerationName : arch));
    auto numWarps = module->getAttrOfType<IntegerAttr>(kNumWarpsAttrName);
    if (version == 0 || !numWarps)
      return;
    Options options{version, unsigned(matrixInstructionSize), unsigned(kPack)};
    SmallVector<DotOp> dots;
    module.walk([&](DotOp dot) { dots.push_back(dot); });
    for (DotOp dot : dots)
      accelerate(dot, numWarps.getInt(), options);
    dots.clear();
    module.walk([&](DotOp dot) { dots.push_back(dot); });
    for (DotOp dot : dots)
      legalizeFmaDot(dot);
  }
};

} // namespace
