//===- Types.h - Types of the tt dialect ------------------------*- C++ -*-===//

#ifndef DIALECTS_TRITON_IR_TYPES_H
#define DIALECTS_TRITON_IR_TYPES_H

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/TypeSupport.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/IR/Types.h"

#define GET_TYPEDEF_CLASSES
#include "dialects/Triton/IR/TritonTypes.h.inc"

namespace mlir {
namespace triton {

/// The address space of global memory, omitted when a pointer type is printed.
constexpr int kGlobalAddressSpace = 1;

/// A pointer to a scalar: `!tt.ptr<f32>` but not `!tt.ptr<tensor<...>>`.
bool isScalarPointerType(Type type);
/// A block pointer: `!tt.ptr<tensor<...>>`.
bool isTensorPointerType(Type type);

/// What loading through `type` yields: the pointee of a pointer, a tensor of
/// pointees for a tensor of pointers, the block tensor for a block pointer.
Type getPointeeType(Type type);
/// `i1`, or a tensor of `i1` of the same shape and encoding as `type`.
Type getI1SameShape(Type type);
/// A pointer to `type`'s elements, with `type`'s shape (global address space).
Type getPointerTypeSameShape(Type type);
/// The base pointer of block pointer type `type`: a pointer to the block's
/// elements in the same address space.
Type getBlockBasePointerType(Type type);
/// `type`'s shape and encoding with element type `elementType`.
Type getTypeWithElementType(Type type, Type elementType);
/// The bit width of a scalar element type; 64 for pointers.
unsigned getElementBitWidth(Type elementType);

} // namespace triton
} // namespace mlir

#endif // DIALECTS_TRITON_IR_TYPES_H
