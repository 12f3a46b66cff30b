//===- MemoryAccess.h - Elements to and from AMD memory accesses ----------===//
//
// A thread's global accesses move `width` consecutive elements as one value:
// the element itself or a vector of them, in their memory form (booleans as
// bytes, pointers as i64).
//
//===----------------------------------------------------------------------===//

#ifndef PASSES_CONVERSION_TRITONGPUTOLLVM_AMD_MEMORYACCESS_H
#define PASSES_CONVERSION_TRITONGPUTOLLVM_AMD_MEMORYACCESS_H

#include "dialects/Triton/IR/Dialect.h"

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

/// The cache-policy bits (`aux`) of a load or store with `cache` on `arch`:
/// on gfx942 sc0, sc1 and nt as Triton 3.6 sets them; on gfx90a glc for
/// loads that must not hit a stale cache and slc for streaming accesses.
int32_t getCachePolicy(CacheModifier cache, bool isLoad, StringRef arch);

/// An s_waitcnt operand (gfx9) that waits until at most `count` vector-memory
/// operations of the wave are outstanding (clamped to the counter's 63) and
/// leaves the other counters alone.
int32_t getVmcntWaitBits(unsigned count);
/// An s_waitcnt operand (gfx9) that waits until at most `count` LDS, scalar
/// memory and message operations are outstanding (clamped to 15), leaving
/// the other counters alone.
int32_t getLgkmcntWaitBits(unsigned count);

/// A buffer resource (V#) over a base pointer, as the buffer ops address
/// memory: 0x7FFFFFFE bytes, so that a byte offset with its sign bit set is
/// out of range, which a load reads as zeros and a store skips.
struct BufferResource {
  Value resource;
  unsigned elementBytes;

  /// The byte offset of element `elementOffset` (i32), out of range where
  /// `predicate` is false. Every access gets the select, on a constant true
  /// where nothing masks it: one shape for all accesses (as Triton 3.6's),
  /// folded away by the canonicalization that follows the lowering.
  Value getOffset(OpBuilder &b, Location loc, Value elementOffset,
                  Value predicate) const;
};
BufferResource makeBufferResource(OpBuilder &b, Location loc, Value base,
                                  Type elementType);

/// A buffer op's operands, element by element, as every buffer op's lowering
/// takes them: the resource over `base` (for `elementType`), the offsets, the
/// elements of each of `data`, the mask's (none without a mask), and
/// `other`'s (a load's value where the mask is off; only with a mask).
struct BufferOperands {
  BufferResource access;
  SmallVector<Value> offsets;
  SmallVector<SmallVector<Value>> data;
  SmallVector<Value> masks;
  SmallVector<Value> others;
};
BufferOperands unpackBufferOperands(OpBuilder &b, Location loc, Value base,
                                    Type elementType, Value offsets,
                                    ValueRange data, Value mask = {},
                                    Value other = {});

} // namespace amd
} // namespace triton
} // namespace mlir

#endif // PASSES_CONVERSION_TRITONGPUTOLLVM_AMD_MEMORYACCESS_H
