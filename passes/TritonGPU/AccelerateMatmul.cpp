//===- AccelerateMatmul.cpp - Dots onto the tensor cores ------------------===//
//
// Triton 3.6's choice of tensor-core instruction per dot: on sm_90 wgmma
// (MMA v3, a ttng.warp_group_dot reading its operands from shared memory, A
// possibly from registers) where its shapes and types allow, else mma.sync
// (MMA v2, a tt.dot on #ttg.dot_op operands), from sm_80 on.
//
//===----------------------------------------------------------------------===//

#include "dialects/Triton/IR/Dialect.h"
#include "dialects/TritonGPU/IR/Dialect.h"
#include "dialects/TritonNvidiaGPU/IR/Dialect.h"
#include "passes/TritonGPU/Passes.h"
#include "passes/TritonGPU/SharedEncodings.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"

namespace mlir {
namespace triton {
namespace gpu {
#define GEN_PASS_DEF_TRITONGPUACCELERATEMATMUL
#include "passes/TritonGPU/Passes.h.inc"
} // namespace gpu
} // namespace triton
} // namespace mlir

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {

bool isFp8(Type type) {
  return isa<Float8E4M3FNType, Float8E5M2Type, Float8E4M3FNUZType,
             Float8E5M2FNUZType>(type);
}

/// The K of one mma.sync for operands of `type` (after any upcast), or 0 when
/// mma v2 does not take them in `precision`.
int64_t getInstrK(Type type, InputPrecision precision) {
  if (type.isF16() || type.isBF16() || isFp8(type))
    return 16;
  if (type.isF32())
    return precision == InputPrecision::TF32 ? 8 : 0;
  if (type.isInteger(8))
    return 32;
  if (type.isF64())
    return 16; // sm_90's m16n8k16 DMMA
  return 0;
}

/// Triton's warps for an mma v2 dot: a dot connected to other dots (through
/// anything but transposes, layout conversions included, in its region,
/// either way) puts them all along its longer dimension, or takes an MMA
/// dot's warps; otherwise warps go where the tile has more repetitions of the
/// 16x8 instruction per warp, M on ties (also when both are down to one).
SmallVector<unsigned> getWarpsPerTile(DotOp dot, ArrayRef<int64_t> shape,
                                      unsigned numWarps) {
  // A batched (3-D) dot: every warp along the batch (warps beyond the batch
  // hold copies), so each warp runs whole 2-D dots and no warp needs
  // another's rows.
  if (shape.size() == 3)
    return {numWarps, 1, 1};
  auto filter = [&](Operation *op) {
    return op->getParentRegion() == dot->getParentRegion() && !isa<TransOp>(op);
  };
  // Everything connected to the dot through such ops, both ways.
  SetVector<Operation *> slice;
  slice.insert(dot.getOperation());
  BackwardSliceOptions backward;
  backward.filter = filter;
  ForwardSliceOptions forward;
  forward.filter = filter;
  for (unsigned i = 0; i < slice.size(); ++i) {
    SetVector<Operation *> more;
    (void)getBackwardSlice(slice[i], &more, backward);
    getForwardSlice(slice[i], &more, forward);
    slice.insert(more.begin(), more.end());
  }
  bool chained = false;
  for (Operation *op : slice) {
    if (!isa<DotOp, DotScaledOp>(op) || op == dot)
      continue;
    auto type = cast<RankedTensorType>(op->getResult(0).getType());
    if (type.getRank() != static_cast<int64_t>(shape.size()))
      continue;
    if (auto mma = dyn_cast<NvidiaMmaEncodingAttr>(type.getEncoding()))
      return SmallVector<unsigned>(mma.getWarpsPerCTA());
    chained = true;
  }
  if (chained)
    return shape[0] >= shape[1] ? SmallVector<unsigned>{numWarps, 1}
                                : SmallVector<unsigned>{1, numWarps};
  // Warps double along M while each warp has at least as many 16-row tiles
  // as 8-column ones (A's tiles take twice B's registers, so ties go to M),
  // else along N. Warps beyond the tiles go along M, holding copies.
  SmallVector<unsigned> warps = {1, 1};
  int64_t tilesM = std::max<int64_t>(1, shape[0] / 16);
  int64_t tilesN = std::max<int64_t>(1, shape[1] / 8);
  while (warps[0] * warps[1] < numWarps) {
    if (tilesM >= tilesN) {
      warps[0] *= 2;
      tilesM = std::max<int64_t>(1, tilesM / 2);
    } else {
      warps[1] *= 2;
      tilesN /= 2;
    }
  }
  return warps;
}

/// The element width `operand` was loaded with: the narrowest load found
/// through elementwise ops, views, broadcasts and layout conversions (4 for
/// an fp4 upcast), halved if a join doubles the elements on the way (each
/// half then carries half the loaded vector). An mma v2 operand takes
/// 32 / that many elements per K step (kWidth), so a dequantized int8 or fp4
/// operand keeps its loads wide, as in Triton 3.6.
int64_t getLoadedBitWidth(Value operand) {
  BackwardSliceOptions options;
  options.omitBlockArguments = true;
  options.filter = [](Operation *op) {
    return (op->hasTrait<OpTrait::Elementwise>() && isMemoryEffectFree(op)) ||
           isa<ExpandDimsOp, ReshapeOp, TransOp, JoinOp, SplitOp, Fp4ToFpOp,
               LoadOp, DescriptorLoadOp, BroadcastOp, ConvertLayoutOp>(op);
  };
  SetVector<Operation *> slice;
  (void)getBackwardSlice(operand, &slice, options);
  if (llvm::any_of(slice, [](Operation *op) { return isa<Fp4ToFpOp>(op); }))
    return 4;
  int64_t width = getElementTypeOrSelf(operand).getIntOrFloatBitWidth();
  for (Operation *op : slice)
    if (isa<LoadOp, DescriptorLoadOp>(op))
      if (auto loaded = dyn_cast<RankedTensorType>(op->getResult(0).getType()))
        width = std::min<int64_t>(width, loaded.getElementTypeBitWidth());
  if (llvm::any_of(slice, [](Operation *op) { return isa<JoinOp>(op); }))
    width /= 2;
  return std::max<int64_t>(1, width);
}

bool isNativeFp8(Type type) {
  return isa<Float8E4M3FNType, Float8E5M2Type>(type);
}

/// Whether `value` comes from global loads or block arguments, through
/// layout conversions, transposes and, with `throughElementwise`, the
/// non-constant operands of elementwise ops, all of which must: a cast, a
/// rounding by bit operations against splat masks, or a split's middle part
/// `a - ext(trunc(a))` of a loaded `a`.
bool comesFromLoadOrBlockArg(Value value, bool throughElementwise) {
  SmallVector<Value> worklist = {value};
  DenseSet<Value> seen;
  while (!worklist.empty()) {
    Value next = worklist.pop_back_val();
    if (!seen.insert(next).second)
      continue;
    Operation *def = next.getDefiningOp();
    if (!def)
      continue;
    if (isa<ConvertLayoutOp, TransOp>(def)) {
      worklist.push_back(def->getOperand(0));
      continue;
    }
    if (throughElementwise && def->hasTrait<OpTrait::Elementwise>() &&
        def->getNumResults() == 1) {
      size_t before = worklist.size();
      for (Value operand : def->getOperands())
        if (!matchPattern(operand, m_Constant()))
          worklist.push_back(operand);
      if (worklist.size() != before)
        continue;
    }
    if (!isa<LoadOp, DescriptorLoadOp, DescriptorGatherOp>(def))
      return false;
  }
  return true;
}

/// Whether a wgmma pays for `dot`: one of its operands comes from a load
/// (through elementwise ops too), so that not both are stored to shared
/// memory from registers first. 3.6's tf32x3 split dots, whose high parts are
/// roundings of the loaded operands, are wgmmas.
bool worthMmaV3(DotOp dot) {
  return comesFromLoadOrBlockArg(dot.getA(), /*throughElementwise=*/true) ||
         comesFromLoadOrBlockArg(dot.getB(), /*throughElementwise=*/true);
}

/// Triton 3.6's conditions for wgmma: 2-D, K at least one instruction (256
/// bits), whole warp groups, M a multiple of 64 and N of 8 per CTA, fp8
/// (e4m3/e5m2), int8, fp16, bf16 or tf32 operands, and no fp8 dot that must
/// accumulate in fp32 more often than wgmma does.
bool supportsMmaV3(DotOp dot, ArrayRef<int64_t> shapePerCTA,
                   unsigned numWarps) {
  auto aType = cast<RankedTensorType>(dot.getA().getType());
  Type aElem = aType.getElementType();
  Type bElem = cast<RankedTensorType>(dot.getB().getType()).getElementType();
  if (shapePerCTA.size() != 2)
    return false;
  if (aType.getShape().back() < 256 / aElem.getIntOrFloatBitWidth())
    return false;
  if (numWarps % 4 != 0 || shapePerCTA[0] % 64 != 0 || shapePerCTA[1] % 8 != 0)
    return false;
  if (!(isNativeFp8(aElem) || aElem.isInteger(8) || aElem.isF16() ||
        aElem.isBF16() || aElem.isF32()))
    return false;
  if (isNativeFp8(aElem) && dot.getMaxNumImpreciseAcc() < 32 &&
      cast<RankedTensorType>(dot.getType()).getElementType().isF32())
    return false;
  if (aElem.isF32() || bElem.isF32())
    return aElem == bElem && dot.getInputPrecision() == InputPrecision::TF32;
  // Mixed fp8 formats are one wgmma; other mixes are not.
  return aElem == bElem || (isNativeFp8(aElem) && isNativeFp8(bElem));
}

/// The largest wgmma N (a multiple of 8 up to 256; int8 has fewer) that
/// divides the tile's N and fits the columns one warp group covers once
/// M is spread over the warps; K is 256 bits of operand. Triton 3.6 stops
/// int8 at 224, though PTX's .s8/.u8 shapes go on to 240 and 256 (16 * i);
/// `wideInt8` takes those too: a 256-wide int8 tile then is one wgmma per
/// K step instead of two, and each warp group reads its A from shared
/// memory once instead of twice.
SmallVector<unsigned> getInstrShapeV3(ArrayRef<int64_t> shape, Type element,
                                      unsigned numWarps, bool wideInt8) {
  unsigned k = 256 / element.getIntOrFloatBitWidth();
  SmallVector<unsigned> validN;
  if (element.isInteger(8)) {
    if (wideInt8)
      validN = {256, 240};
    validN.append({224, 208, 192, 176, 160, 144, 128, 112, 96, 80, 64, 48, 32,
                   24, 16, 8});
  } else
    for (unsigned n = 256; n >= 8; n -= 8)
      validN.push_back(n);
  unsigned mWarps = std::max<unsigned>(shape[0] / 16, 1);
  unsigned nWarps = std::max<unsigned>(numWarps / mWarps, 1);
  unsigned maxN = std::max<unsigned>(shape[1] / nWarps, 8);
  for (unsigned n : validN)
    if (shape[1] % n == 0 && n <= maxN)
      return {16, n, k};
  return {16, 8, k};
}

/// Triton's warps for wgmma: all along M when the result feeds another dot
/// (flash attention reduces its rows within a warp), else warp groups (4
/// warps along M) doubled along M while M has rows left for them, then
/// along N.
SmallVector<unsigned> getWarpsPerTileV3(DotOp dot, ArrayRef<int64_t> shape,
                                        unsigned numWarps,
                                        ArrayRef<unsigned> instrShape) {
  SetVector<Operation *> users;
  getForwardSlice(dot.getResult(), &users);
  if (llvm::any_of(users, [](Operation *op) {
        return isa<DotOp, nvidia_gpu::WarpGroupDotOp>(op);
      }))
    return {numWarps, 1};
  SmallVector<unsigned> warps = {4, 1};
  while (warps[0] * warps[1] < numWarps) {
    if (shape[0] > 16 * warps[0])
      warps[0] *= 2;
    else
      warps[1] *= 2;
  }
  return warps;
}

Value convertTo(OpBuilder &b, Value value, Attribute encoding) {
  auto type = cast<RankedTensorType>(value.getType());
  if (type.getEncoding() == encoding)
    return value;
  return ConvertLayoutOp::create(b, value.getLoc(),
                                 type.cloneWithEncoding(encoding), value);
}

/// Operand `opIdx` of a wgmma in shared memory: what the dot operand was
/// converted from, stored by a local_alloc right after its definition, in an
/// NVMMA layout of its own memory order (K-major where wgmma cannot
/// transpose: anything but fp16 and bf16).
/// Where that order is not the registers' own, `dot` gets a warning: the
/// registers are transposed on their way to shared memory, which also keeps
/// the pipeliner from loading the operand asynchronously until
/// -tritongpu-transpose-narrow-operands stages the load.
Value allocSharedOperand(Value operand, unsigned opIdx, bool allowTranspose,
                         DotOp dot) {
  Value source = operand;
  if (auto cvt = operand.getDefiningOp<ConvertLayoutOp>())
    source = cvt.getSrc();
  auto type = cast<RankedTensorType>(source.getType());
  SmallVector<unsigned> order = getMemoryOrder(type);
  if (!allowTranspose) {
    SmallVector<unsigned> kMajor =
        opIdx == 1 ? SmallVector<unsigned>{0, 1} : SmallVector<unsigned>{1, 0};
    if (kMajor != order)
      dot.emitWarning("Forcing a different order [")
          << kMajor[0] << ", " << kMajor[1] << "] on operand " << opIdx
          << " in shared memory than its registers' order: wgmma reads "
          << type.getElementType()
          << " K-major only, so the registers are transposed before the "
             "store, which keeps the operand's load from being pipelined "
             "unless -tritongpu-transpose-narrow-operands stages it (as "
             "make_ttgir does outside compat=3.6), or the operand is stored "
             "K-major in global memory";
    order = kMajor;
  }
  BasisList cga = getCGALayoutOf(type.getEncoding()).value_or(BasisList());
  MLIRContext *context = operand.getContext();
  auto encoding = getNVMMASharedEncoding(context, type.getShape(), order, cga,
                                         type.getElementType());
  auto memdesc =
      MemDescType::get(type.getShape(), type.getElementType(), encoding,
                       SharedMemorySpaceAttr::get(context));
  // A value several dots read (tf32x3's high part of B) is stored once.
  for (Operation *user : source.getUsers())
    if (auto alloc = dyn_cast<LocalAllocOp>(user))
      if (alloc.getType() == memdesc &&
          alloc->getBlock() == source.getParentBlock())
        return alloc;
  OpBuilder b(context);
  b.setInsertionPointAfterValue(source);
  return LocalAllocOp::create(b, source.getLoc(), memdesc, source);
}

/// Rewrites `dot` onto wgmma: the accumulator in the MMA v3 layout, B (and A
/// when loaded) in shared memory, A otherwise converted to a dot operand in
/// registers, and the result converted back.
void accelerateV3(DotOp dot, BlockedEncodingAttr blocked,
                  ArrayRef<int64_t> shapePerCTA, unsigned numWarps,
                  bool wideInt8) {
  MLIRContext *context = dot.getContext();
  auto type = cast<RankedTensorType>(dot.getType());
  Type aElem = cast<RankedTensorType>(dot.getA().getType()).getElementType();
  SmallVector<unsigned> instrShape =
      getInstrShapeV3(shapePerCTA, aElem, numWarps, wideInt8);
  SmallVector<unsigned> warps =
      getWarpsPerTileV3(dot, shapePerCTA, numWarps, instrShape);
  auto mma = NvidiaMmaEncodingAttr::get(context, 3, 0, warps,
                                        blocked.getCGALayout(), instrShape);

  OpBuilder b(dot);
  Location loc = dot.getLoc();
  Value c = convertTo(b, dot.getC(), mma);
  bool allowTranspose = aElem.isF16() || aElem.isBF16();
  Value a;
  if (comesFromLoadOrBlockArg(dot.getA(), /*throughElementwise=*/false)) {
    a = allocSharedOperand(dot.getA(), 0, allowTranspose, dot);
  } else {
    unsigned kWidth = 32 / aElem.getIntOrFloatBitWidth();
    a = convertTo(b, dot.getA(),
                  DotOperandEncodingAttr::get(context, 0, mma, kWidth));
  }
  Value bOperand = allocSharedOperand(dot.getB(), 1, allowTranspose, dot);
  auto newDot = nvidia_gpu::WarpGroupDotOp::create(
      b, loc, type.cloneWithEncoding(mma), a, bOperand, c, /*useC=*/Value(),
      dot.getInputPrecision(), dot.getMaxNumImpreciseAcc(), /*isAsync=*/false);
  dot.replaceAllUsesWith(convertTo(b, newDot.getResult(), blocked));
  Value oldA = dot.getA(), oldB = dot.getB();
  dot.erase();
  // The conversions to the blocked parent's operand layouts are dead now
  // (A's and B's differ: their types have different opIdx).
  for (Value old : {oldA, oldB})
    if (auto cvt = old.getDefiningOp<ConvertLayoutOp>())
      if (cvt->use_empty())
        cvt.erase();
}

/// Rewrites `dot` onto mma v3 or v2 if it fits; returns whether it did.
bool accelerate(DotOp dot, unsigned numWarps, int capability,
                bool wideInt8) {
  auto type = cast<RankedTensorType>(dot.getType());
  auto blocked = dyn_cast<BlockedEncodingAttr>(type.getEncoding());
  unsigned rank = type.getRank();
  if (!blocked || (rank != 2 && rank != 3))
    return false;
  auto aType = cast<RankedTensorType>(dot.getA().getType());
  auto bType = cast<RankedTensorType>(dot.getB().getType());
  Type aElem = aType.getElementType(), bElem = bType.getElementType();
  if (aElem != bElem && !(isFp8(aElem) && isFp8(bElem)))
    return false;
  int64_t instrK = getInstrK(aElem, dot.getInputPrecision());
  // fp64 tensor cores are fast only on sm_80 (8x8x4 DMMA) and sm_90
  // (16x8x16); the other GPUs keep FMAs, as in Triton 3.6.
  if (instrK == 0 || (aElem.isF64() && capability != 80 && capability != 90))
    return false;
  // The accumulators the tensor cores add into: int32 for int8, fp32, and
  // fp16 for fp16 (and, on wgmma, fp8) operands.
  Type accElem = type.getElementType();
  bool intDot = aElem.isInteger(8);
  auto accumulates = [&](bool fp8F16) {
    if (intDot)
      return accElem.isInteger(32);
    if (aElem.isF64())
      return accElem.isF64();
    return accElem.isF32() ||
           (accElem.isF16() && (aElem.isF16() || (fp8F16 && isFp8(aElem))));
  };
  ArrayRef<int64_t> shape = type.getShape();
  // wgmma from sm_90 (sm_100 has its own MMA, not built), unless neither
  // operand is loaded: storing both from registers would cost more than
  // mma.sync saves.
  SmallVector<int64_t> shapePerCTA =
      getShapePerCTA(shape, blocked.getCGALayout());
  if (capability >= 90 && capability < 100 && accumulates(true) &&
      supportsMmaV3(dot, shapePerCTA, numWarps) && worthMmaV3(dot)) {
    accelerateV3(dot, blocked, shapePerCTA, numWarps, wideInt8);
    return true;
  }
  if (!accumulates(false))
    return false;
  int64_t k = aType.getShape()[rank - 1];
  if (shape[rank - 2] % 16 != 0 || shape[rank - 1] % 8 != 0 || k % instrK != 0)
    return false;

  MLIRContext *context = dot.getContext();
  SmallVector<unsigned> warps = getWarpsPerTile(dot, shape, numWarps);
  SmallVector<unsigned> instrShape = {16, 8};
  if (rank == 3)
    instrShape.insert(instrShape.begin(), 1);
  auto mma = NvidiaMmaEncodingAttr::get(context, 2, 0, warps,
                                        blocked.getCGALayout(), instrShape);
  int64_t loadedBits =
      std::min(getLoadedBitWidth(dot.getA()), getLoadedBitWidth(dot.getB()));
  unsigned kWidth = std::max<int64_t>(1, 32 / loadedBits);
  auto aEnc = DotOperandEncodingAttr::get(context, 0, mma, kWidth);
  auto bEnc = DotOperandEncodingAttr::get(context, 1, mma, kWidth);

  OpBuilder b(dot);
  Location loc = dot.getLoc();
  Value a = convertTo(b, dot.getA(), aEnc);
  Value bOperand = convertTo(b, dot.getB(), bEnc);
  // fp8 operands become fp16 in the operand layout, except on sm_89 and
  // sm_120, whose mma.sync takes 8-bit floats natively (Triton 3.6 keeps
  // them there; fp8 mma.sync on sm_90 is emulated, so fp16 is no loss).
  if (isFp8(aElem) && capability != 89 && capability != 120) {
    a = FpToFpOp::create(
        b, loc, cast<RankedTensorType>(a.getType()).clone(b.getF16Type()), a,
        RoundingModeAttr());
    bOperand = FpToFpOp::create(
        b, loc,
        cast<RankedTensorType>(bOperand.getType()).clone(b.getF16Type()),
        bOperand, RoundingModeAttr());
  }
  Value c = convertTo(b, dot.getC(), mma);
  auto newDot =
      DotOp::create(b, loc, type.cloneWithEncoding(mma), a, bOperand, c,
                    dot.getInputPrecision(), dot.getMaxNumImpreciseAcc());
  dot.replaceAllUsesWith(convertTo(b, newDot.getResult(), blocked));
  dot.erase();
  return true;
}

/// A dot left to FMAs computes in its accumulator's type: float operands
/// narrower than that are extended first (fp8 through tt.fp_to_fp), as
/// Triton 3.6 does, so the FMA lowering sees one type.
void promoteForFma(DotOp dot) {
  Type accElem = dot.getType().getElementType();
  Type aElem = dot.getA().getType().getElementType();
  Type bElem = dot.getB().getType().getElementType();
  auto narrower = [&](Type elem) {
    return isa<FloatType>(elem) && isa<FloatType>(accElem) &&
           elem.getIntOrFloatBitWidth() < accElem.getIntOrFloatBitWidth();
  };
  if (!narrower(aElem) || !narrower(bElem))
    return;
  OpBuilder b(dot);
  for (OpOperand *operand : {&dot.getAMutable(), &dot.getBMutable()}) {
    auto type = cast<RankedTensorType>(operand->get().getType());
    auto wide = type.clone(accElem);
    Value promoted =
        isFp8(type.getElementType())
            ? FpToFpOp::create(b, dot.getLoc(), wide, operand->get(),
                               RoundingModeAttr())
                  .getResult()
            : arith::ExtFOp::create(b, dot.getLoc(), wide, operand->get())
                  .getResult();
    operand->set(promoted);
  }
}

struct TritonGPUAccelerateMatmulPass
    : public triton::gpu::impl::TritonGPUAccelerateMatmulBase<
          TritonGPUAccelerateMatmulPass> {
  using Base::Base;
  void runOnOperation() override {
    ModuleOp module = getOperation();
    int capability = getCudaComputeCapability(module);
    if (capability == 0)
      return;
    auto numWarps = module->getAttrOfType<IntegerAttr>(kNumWarpsAttrName);
    if (!numWarps)
      return;
    SmallVector<DotOp> dots;
    module.walk([&](DotOp dot) { dots.push_back(dot); });
    // Last dot first: of two chained dots the later one picks the warps and
    // the earlier takes them (a 16-row decoding attention: both [1, 4], along
    // the longer P @ V), the warps of Triton 3.6's TTGIR, which make_ttgir's
    // layout tests compare. Before sm_80 (no mma v1 here) every dot is FMAs.
    for (DotOp dot : llvm::reverse(dots))
      if (capability < 80 ||
          !accelerate(dot, numWarps.getInt(), capability, wideInt8Wgmma))
        promoteForFma(dot);
  }
};

} // namespace
