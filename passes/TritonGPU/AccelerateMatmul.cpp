//===- AccelerateMatmul.cpp - Dots onto the tensor cores ------------------===//

#include "dialects/Triton/IR/Dialect.h"
#include "dialects/TritonGPU/IR/Dialect.h"
#include "passes/TritonGPU/Passes.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/IR/Builders.h"

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

/// The compute capability of a module for `cuda:NN`, else 0.
int getComputeCapability(ModuleOp module) {
  auto target = module->getAttrOfType<StringAttr>(kTargetAttrName);
  int capability = 0;
  if (!target || !target.getValue().starts_with("cuda:") ||
      target.getValue().drop_front(5).getAsInteger(10, capability))
    return 0;
  return capability;
}

bool isFp8(Type type) {
  return isa<Float8E4M3FNType, Float8E5M2Type, Float8E4M3FNUZType, Float8E5M2FNUZType>(type);
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
  return 0;
}

/// Triton's warps for an mma v2 dot: a dot connected to other dots (through
/// anything but layout conversions, in its region, either way) puts them all along its
/// longer dimension, or takes an MMA dot's warps; otherwise warps go where
/// the tile has more repetitions of the 16x8 instruction, M on ties.
SmallVector<unsigned> getWarpsPerTile(DotOp dot, ArrayRef<int64_t> shape, unsigned numWarps) {
  auto filter = [&](Operation *op) {
    return op->getParentRegion() == dot->getParentRegion() && !isa<ConvertLayoutOp>(op);
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
    auto other = dyn_cast<DotOp>(op);
    if (!other || other == dot)
      continue;
    auto type = cast<RankedTensorType>(other.getType());
    if (type.getRank() != static_cast<int64_t>(shape.size()))
      continue;
    if (auto mma = dyn_cast<NvidiaMmaEncodingAttr>(type.getEncoding()))
      return SmallVector<unsigned>(mma.getWarpsPerCTA());
    chained = true;
  }
  if (chained)
    return shape[0] >= shape[1] ? SmallVector<unsigned>{numWarps, 1}
                                : SmallVector<unsigned>{1, numWarps};
  int64_t reps[2] = {std::max<int64_t>(1, shape[0] / 16), std::max<int64_t>(1, shape[1] / 8)};
  SmallVector<unsigned> warps = {1, 1};
  while (warps[0] * warps[1] < numWarps) {
    if (reps[0] >= reps[1]) {
      warps[0] *= 2;
      if (reps[0] != 1)
        reps[0] /= 2;
    } else {
      warps[1] *= 2;
      reps[1] /= 2;
    }
  }
  return warps;
}

Value convertTo(OpBuilder &b, Value value, Attribute encoding) {
  auto type = cast<RankedTensorType>(value.getType());
  if (type.getEncoding() == encoding)
    return value;
  return ConvertLayoutOp::create(b, value.getLoc(), type.cloneWithEncoding(encoding), value);
}

/// Rewrites `dot` onto mma v2 if it fits; returns whether it did.
bool accelerate(DotOp dot, unsigned numWarps) {
  auto type = cast<RankedTensorType>(dot.getType());
  auto blocked = dyn_cast<BlockedEncodingAttr>(type.getEncoding());
  if (!blocked || type.getRank() != 2)
    return false;
  auto aType = cast<RankedTensorType>(dot.getA().getType());
  auto bType = cast<RankedTensorType>(dot.getB().getType());
  Type aElem = aType.getElementType(), bElem = bType.getElementType();
  if (aElem != bElem && !(isFp8(aElem) && isFp8(bElem)))
    return false;
  int64_t instrK = getInstrK(aElem, dot.getInputPrecision());
  if (instrK == 0)
    return false;
  Type accElem = type.getElementType();
  bool intDot = aElem.isInteger(8);
  if (intDot ? !accElem.isInteger(32) : !(accElem.isF32() || (accElem.isF16() && aElem.isF16())))
    return false;
  ArrayRef<int64_t> shape = type.getShape();
  int64_t k = aType.getShape()[1];
  if (shape[0] % 16 != 0 || shape[1] % 8 != 0 || k % instrK != 0)
    return false;

  MLIRContext *context = dot.getContext();
  SmallVector<unsigned> warps = getWarpsPerTile(dot, shape, numWarps);
  auto mma = NvidiaMmaEncodingAttr::get(context, 2, 0, warps, blocked.getCGALayout(), {16, 8});
  unsigned kWidth = 32 / aElem.getIntOrFloatBitWidth();
  auto aEnc = DotOperandEncodingAttr::get(context, 0, mma, kWidth);
  auto bEnc = DotOperandEncodingAttr::get(context, 1, mma, kWidth);

  OpBuilder b(dot);
  Location loc = dot.getLoc();
  Value a = convertTo(b, dot.getA(), aEnc);
  Value bOperand = convertTo(b, dot.getB(), bEnc);
  // fp8 operands become fp16 in the operand layout: mma v2 has no fp8 form.
  if (isFp8(aElem)) {
    a = FpToFpOp::create(b, loc, cast<RankedTensorType>(a.getType()).clone(b.getF16Type()), a,
                         RoundingModeAttr());
    bOperand = FpToFpOp::create(b, loc,
                                cast<RankedTensorType>(bOperand.getType()).clone(b.getF16Type()),
                                bOperand, RoundingModeAttr());
  }
  Value c = convertTo(b, dot.getC(), mma);
  auto newDot = DotOp::create(b, loc, type.cloneWithEncoding(mma), a, bOperand, c,
                              dot.getInputPrecision(), dot.getMaxNumImpreciseAcc());
  dot.replaceAllUsesWith(convertTo(b, newDot.getResult(), blocked));
  dot.erase();
  return true;
}

struct TritonGPUAccelerateMatmulPass
    : public triton::gpu::impl::TritonGPUAccelerateMatmulBase<TritonGPUAccelerateMatmulPass> {
  using Base::Base;
  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (getComputeCapability(module) < 80)
      return;
    auto numWarps = module->getAttrOfType<IntegerAttr>(kNumWarpsAttrName);
    if (!numWarps)
      return;
    SmallVector<DotOp> dots;
    module.walk([&](DotOp dot) { dots.push_back(dot); });
    for (DotOp dot : dots)
      accelerate(dot, numWarps.getInt());
  }
};

} // namespace
