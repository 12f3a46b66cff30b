//===- ElementwiseOpToArith.cpp - Triton's numerics ops as arith on AMD ---===//
//
// On AMD GPUs Triton's own elementwise ops have plain LLVM forms: LLVM's
// AMDGPU backend rounds f32 and f64 division and square root correctly
// unless told it may not. So before the conversion they are rewritten, on the
// TTGIR tensors themselves, into the arith and math ops the conversion
// already lowers element by element (tt.precise_sqrt has its own pattern,
// MathOpToLLVM.cpp, since math.sqrt is Triton's approximate root):
//   tt.precise_divf -> arith.divf (f16 and bf16 through f32, which rounds
//     right: 24 bits are at least twice their precision plus two);
//   tt.mulhiui -> the high result of arith.mului_extended;
//   tt.clampf -> max with the lower bound, then min with the upper (as
//     numpy's clip: the upper bound wins if they cross), NaN-propagating
//     maximumf/minimumf with propagateNan = all, maxnumf/minnumf otherwise.
//
//===----------------------------------------------------------------------===//

#include "dialects/Triton/IR/Dialect.h"
#include "passes/Conversion/TritonGPUToLLVM/AMD/Patterns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"

using namespace mlir;
using namespace mlir::triton;

namespace {

/// `type` (a float or a tensor of floats) with f32 elements.
Type withF32Elements(Type type) {
  Type f32 = Float32Type::get(type.getContext());
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return tensor.clone(f32);
  return f32;
}

/// `compute` on `operands`, through f32 when their elements are narrower.
Value computeAtLeastF32(OpBuilder &b, Location loc, ValueRange operands,
                        function_ref<Value(ValueRange)> compute) {
  Type type = operands.front().getType();
  if (getElementTypeOrSelf(type).getIntOrFloatBitWidth() >= 32)
    return compute(operands);
  SmallVector<Value> wide;
  for (Value operand : operands)
    wide.push_back(
        arith::ExtFOp::create(b, loc, withF32Elements(type), operand));
  return arith::TruncFOp::create(b, loc, type, compute(wide));
}

void rewrite(Operation *op) {
  OpBuilder b(op);
  Location loc = op->getLoc();
  Value result;
  if (auto div = dyn_cast<PreciseDivFOp>(op)) {
    result = computeAtLeastF32(b, loc, div->getOperands(), [&](ValueRange xy) {
      return arith::DivFOp::create(b, loc, xy[0], xy[1]).getResult();
    });
  } else if (auto mulhi = dyn_cast<MulhiUIOp>(op)) {
    result = arith::MulUIExtendedOp::create(b, loc, mulhi.getX(), mulhi.getY())
                 .getHigh();
  } else if (auto clamp = dyn_cast<ClampFOp>(op)) {
    // The upper bound first, then the lower, as the interpreter and the
    // NVIDIA lowering do: a NaN input gives the upper bound without NaN
    // propagation, and crossed bounds give the lower one.
    if (clamp.getPropagateNan() == PropagateNan::ALL) {
      Value high =
          arith::MinimumFOp::create(b, loc, clamp.getX(), clamp.getMax());
      result = arith::MaximumFOp::create(b, loc, high, clamp.getMin());
    } else {
      Value high =
          arith::MinNumFOp::create(b, loc, clamp.getX(), clamp.getMax());
      result = arith::MaxNumFOp::create(b, loc, high, clamp.getMin());
    }
  } else {
    return;
  }
  op->getResult(0).replaceAllUsesWith(result);
  op->erase();
}

} // namespace

void mlir::triton::amd::rewriteElementwiseOpsToArith(Operation *root) {
  SmallVector<Operation *> ops;
  root->walk([&](Operation *op) {
    if (isa<PreciseDivFOp, MulhiUIOp, ClampFOp>(op))
      ops.push_back(op);
  });
  for (Operation *op : ops)
    rewrite(op);
}
