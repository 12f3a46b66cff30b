//===- Traits.cpp - Op traits of the tt dialect ---------------------------===//

#include "dialects/Triton/IR/Traits.h"
#include "dialects/Triton/IR/Types.h"

#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;

/// The encoding of a tensor type, null for other types. `ok` becomes false for
/// block pointers unless they are allowed (they carry their tensor inside).
static Attribute getEncoding(Type type) {
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return tensor.getEncoding();
  return {};
}

/// Tensors without an encoding go with any, as in Triton (whose passes
/// leave such index tensors beside laid-out pointers, e.g. an offset built by
/// tt.splat in an scf.if); two different encodings are an error.
static LogicalResult verifyEncodings(Operation *op, ValueRange values,
                                     bool includeResults) {
  Attribute first;
  auto check = [&](Type type) -> LogicalResult {
    Attribute encoding = getEncoding(type);
    if (!encoding)
      return success();
    if (!first) {
      first = encoding;
      return success();
    }
    if (first != encoding)
      return op->emitOpError("requires the same encoding for all operands")
             << (includeResults ? " and results" : "");
    return success();
  };
  for (Value v : values)
    if (failed(check(v.getType())))
      return failure();
  if (includeResults)
    for (Type t : op->getResultTypes())
      if (failed(check(t)))
        return failure();
  return success();
}

LogicalResult OpTrait::impl::verifySameOperandsEncoding(Operation *op, bool) {
  return verifyEncodings(op, op->getOperands(), /*includeResults=*/false);
}

LogicalResult OpTrait::impl::verifySameOperandsAndResultEncoding(Operation *op,
                                                                 bool) {
  return verifyEncodings(op, op->getOperands(), /*includeResults=*/true);
}

LogicalResult OpTrait::impl::verifySameLoadStoreOperandsShape(Operation *op) {
  std::optional<ArrayRef<int64_t>> shape;
  for (Type type : op->getOperandTypes()) {
    auto tensor = dyn_cast<RankedTensorType>(type);
    if (!tensor)
      continue;
    if (!shape)
      shape = tensor.getShape();
    else if (*shape != tensor.getShape())
      return op->emitOpError("requires the same shape for all tensor operands");
  }
  return success();
}

LogicalResult
OpTrait::impl::verifySameLoadStoreOperandsAndResultShape(Operation *op) {
  if (failed(verifySameLoadStoreOperandsShape(op)))
    return failure();
  // A scalar pointer loads a scalar; a tensor of pointers a tensor of the same
  // shape. Block pointers carry the shape in their type and are checked by the
  // op's type constraints.
  if (op->getNumOperands() == 0 || op->getNumResults() == 0)
    return success();
  auto ptrTensor = dyn_cast<RankedTensorType>(op->getOperand(0).getType());
  auto resultTensor = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  if (ptrTensor && resultTensor &&
      ptrTensor.getShape() != resultTensor.getShape())
    return op->emitOpError("requires the same shape for operands and result");
  return success();
}
