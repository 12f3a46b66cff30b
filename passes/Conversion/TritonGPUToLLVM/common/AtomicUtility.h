//===- AtomicUtility.h - What every backend's atomics share -----*- C++ -*-===//
//
// tt.atomic_rmw and tt.atomic_cas update each element exactly once, whatever
// the layout: in a layout that gives an element to several threads (a
// broadcast) or registers, the first register of the thread whose repeated
// lane and warp bits are zero acts; a scalar atomic is done by thread 0. When
// the old values are used and other threads hold the same elements, the
// acting threads write them to the op's shared scratch (allocation.offset,
// one slot per element in row-major order), a barrier follows, and every
// thread reads its elements back. A backend supplies the one-element atomic.
//
//===----------------------------------------------------------------------===//

#ifndef PASSES_CONVERSION_TRITONGPUTOLLVM_COMMON_ATOMICUTILITY_H
#define PASSES_CONVERSION_TRITONGPUTOLLVM_COMMON_ATOMICUTILITY_H

#include "passes/Conversion/TritonGPUToLLVM/common/TargetInfo.h"
#include "passes/Conversion/TritonGPUToLLVM/common/TypeConverter.h"

#include "mlir/Transforms/DialectConversion.h"

namespace mlir {
namespace triton {

/// Emits the atomic of one element at `ptr` with `operands` (integers of the
/// element's width) where `predicate` (i1) holds; returns the old value as
/// an integer, 0 where the predicate is false.
using AtomicElementEmitter =
    function_ref<Value(RewriterBase &rewriter, Value ptr,
                       ArrayRef<Value> operands, Value predicate)>;

/// Stores `value` at the shared-memory `address` where `predicate` holds.
using PredicatedSharedStore = function_ref<void(
    RewriterBase &rewriter, Value address, Value value, Value predicate)>;

/// Rewrites the atomic `op` (its one result is the old values): `ptrs`,
/// `operands` (per operand, per register) and `masks` (empty without a mask)
/// are the thread's elements. `storeShared` hands old values to other
/// threads; without one, a branch around a plain store does. With
/// `explicitOwner`, the owner predicate exists even where every element has
/// one owner (a constant true, made once before the elements) and each
/// element's predicate is owner AND mask, in that order (Triton 3.6's AMD
/// buffer atomics; canonicalization folds the constant away).
LogicalResult lowerAtomicElements(Operation *op, ArrayRef<Value> ptrs,
                                  ArrayRef<SmallVector<Value>> operands,
                                  ArrayRef<Value> masks,
                                  ConversionPatternRewriter &rewriter,
                                  const TritonGPUToLLVMTypeConverter &converter,
                                  const TargetInfoBase &target,
                                  AtomicElementEmitter emitElement,
                                  PredicatedSharedStore storeShared = nullptr,
                                  bool explicitOwner = false);

} // namespace triton
} // namespace mlir

#endif // PASSES_CONVERSION_TRITONGPUTOLLVM_COMMON_ATOMICUTILITY_H
