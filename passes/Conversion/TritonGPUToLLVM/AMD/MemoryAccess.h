//===- MemoryAccess.h - Elements to and from AMD memory accesses ----------===//
//
// A thread's global accesses move `width` consecutive elements as one value:
// the element itself or a vector of them, in their memory form (booleans as
// bytes, pointers as i64).
//
//===----------------------------------------------------------------------===//

#ifndef PASSES_CONVERSION_TRITONGPUTOLLVM_AMD_MEMORYACCESS_H
#define PASSES_CONVERSION_TRITONGPUTOLLVM_AMD_MEMORYACCESS_H

#include "mlir/IR/Builders.h"

namespace mlir {
namespace triton {
namespace amd {

/// How an element of LLVM type `elementType` lives in memory.
Type getMemoryElementType(Type elementType);
/// The type of an access of `width` elements of `memoryType`.
Type getAccessType(Type memoryType, unsigned width);
/// `elements` in memory form as one access value.
Value packAccess(OpBuilder &b, Location loc, ArrayRef<Value> elements,
                 Type memoryType);
/// Appends to `out` the `width` elements of `access`, as `elementType`.
void unpackAccess(OpBuilder &b, Location loc, Value access, unsigned width,
                  Type elementType, SmallVectorImpl<Value> &out);

} // namespace amd
} // namespace triton
} // namespace mlir

#endif // PASSES_CONVERSION_TRITONGPUTOLLVM_AMD_MEMORYACCESS_H
