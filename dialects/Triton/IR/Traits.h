//===- Traits.h - Op traits of the tt dialect -------------------*- C++ -*-===//
//
// Dialect-wide rules on layout encodings and load/store shapes, checked once
// here for every op that declares them.
//
//===----------------------------------------------------------------------===//

#ifndef DIALECTS_TRITON_IR_TRAITS_H
#define DIALECTS_TRITON_IR_TRAITS_H

#include "mlir/IR/OpDefinition.h"

namespace mlir {
namespace OpTrait {
namespace impl {
LogicalResult verifySameOperandsEncoding(Operation *op,
                                         bool allowTensorPointers = false);
LogicalResult
verifySameOperandsAndResultEncoding(Operation *op,
                                    bool allowTensorPointers = false);
LogicalResult verifySameLoadStoreOperandsShape(Operation *op);
LogicalResult verifySameLoadStoreOperandsAndResultShape(Operation *op);
} // namespace impl

/// Every tensor operand has the same layout encoding.
template <typename ConcreteType>
class SameOperandsEncoding
    : public TraitBase<ConcreteType, SameOperandsEncoding> {
public:
  static LogicalResult verifyTrait(Operation *op) {
    return impl::verifySameOperandsEncoding(op);
  }
};

/// Every tensor operand and result has the same layout encoding.
template <typename ConcreteType>
class SameOperandsAndResultEncoding
    : public TraitBase<ConcreteType, SameOperandsAndResultEncoding> {
public:
  static LogicalResult verifyTrait(Operation *op) {
    return impl::verifySameOperandsAndResultEncoding(op);
  }
};

/// Pointer, mask, other and result of a load or store have one shape.
template <typename ConcreteType>
class SameLoadStoreOperandsAndResultShape
    : public TraitBase<ConcreteType, SameLoadStoreOperandsAndResultShape> {
public:
  static LogicalResult verifyTrait(Operation *op) {
    return impl::verifySameLoadStoreOperandsAndResultShape(op);
  }
};

/// Pointer, mask, other and result of a load or store have one encoding.
template <typename ConcreteType>
class SameLoadStoreOperandsAndResultEncoding
    : public TraitBase<ConcreteType, SameLoadStoreOperandsAndResultEncoding> {
public:
  static LogicalResult verifyTrait(Operation *op) {
    return impl::verifySameOperandsAndResultEncoding(
        op, /*allowTensorPointers=*/true);
  }
};

} // namespace OpTrait
} // namespace mlir

#endif // DIALECTS_TRITON_IR_TRAITS_H
