//===- OptimizeEpilogue.cpp - Store MFMA results in their own layout ------===//
//
// A tensor converted out of an MFMA layout only to be stored would cross
// shared memory; each thread can store its own accumulator elements
// instead, with the pointers (and mask) converted to the MFMA layout, which
// remove-layout-conversions then computes there directly.
//
//===----------------------------------------------------------------------===//

#include "passes/TritonAMDGPU/Passes.h"

#include "dialects/Triton/IR/Dialect.h"
#include "dialects/TritonGPU/IR/Dialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir {
namespace triton {
namespace amdgpu {
#define GEN_PASS_DEF_TRITONAMDGPUOPTIMIZEEPILOGUE
#include "passes/TritonAMDGPU/Passes.h.inc"
} // namespace amdgpu
} // namespace triton
} // namespace mlir

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {

/// A pure elementwise op of one tensor operand and one result (a cast, say),
/// which computes the same in any layout.
bool isUnaryElementwise(Operation *op) {
  return op->hasTrait<OpTrait::Elementwise>() && op->getNumOperands() == 1 &&
         op->getNumResults() == 1 && op->getNumRegions() == 0 &&
         isMemoryEffectFree(op) &&
         isa<RankedTensorType>(op->getOperand(0).getType());
}

Value convertTo(OpBuilder &b, Value value, Attribute encoding) {
  auto type = cast<RankedTensorType>(value.getType());
  return ConvertLayoutOp::create(b, value.getLoc(),
                                 type.cloneWithEncoding(encoding), value);
}

/// Rewrites `store` of (unary elementwise ops of) a conversion from an MFMA
/// layout into a store in that layout; returns whether it did.
bool storeInMfmaLayout(StoreOp store) {
  auto valueType = dyn_cast<RankedTensorType>(store.getValue().getType());
  if (!valueType ||
      !isa_and_nonnull<BlockedEncodingAttr>(valueType.getEncoding()))
    return false;
  // The chain from the conversion to the store, each op used once.
  SmallVector<Operation *> chain;
  Value value = store.getValue();
  ConvertLayoutOp convert;
  while (Operation *def = value.getDefiningOp()) {
    if ((convert = dyn_cast<ConvertLayoutOp>(def)))
      break;
    if (!def->hasOneUse() || !isUnaryElementwise(def))
      return false;
    chain.push_back(def);
    value = def->getOperand(0);
  }
  if (!convert)
    return false;
  Attribute mfma = convert.getSrc().getType().getEncoding();
  if (!isa_and_nonnull<AMDMfmaEncodingAttr>(mfma))
    return false;

  OpBuilder b(store);
  // The ops of the chain again, in the MFMA layout, from the conversion's
  // source up.
  Value result = convert.getSrc();
  for (Operation *op : llvm::reverse(chain)) {
    Operation *clone = b.clone(*op);
    clone->setOperand(0, result);
    auto type = cast<RankedTensorType>(op->getResult(0).getType());
    clone->getResult(0).setType(type.cloneWithEncoding(mfma));
    result = clone->getResult(0);
  }
  store.getPtrMutable().assign(convertTo(b, store.getPtr(), mfma));
  if (Value mask = store.getMask())
    store.getMaskMutable().assign(convertTo(b, mask, mfma));
  store.getValueMutable().assign(result);
  for (Operation *op : chain)
    if (op->use_empty())
      op->erase();
  if (convert->use_empty())
    convert.erase();
  return true;
}

struct TritonAMDGPUOptimizeEpiloguePass
    : public amdgpu::impl::TritonAMDGPUOptimizeEpilogueBase<
          TritonAMDGPUOptimizeEpiloguePass> {
  using Base::Base;
  void runOnOperation() override {
    SmallVector<StoreOp> stores;
    getOperation().walk([&](StoreOp store) { stores.push_back(store); });
    for (StoreOp store : stores)
      storeInMfmaLayout(store);
  }
};

} // namespace
