//===- Vectorization.h - How wide a thread's memory accesses can be -------===//
//
// A thread accesses `vec` consecutive elements at once when its registers
// hold them consecutively (the layout), the addresses are consecutive and
// aligned (axis info of the pointers) and the mask is constant over them.
// Computed on the TTGIR before conversion, since the analysis needs it.
//
//===----------------------------------------------------------------------===//

#ifndef PASSES_CONVERSION_TRITONGPUTOLLVM_COMMON_VECTORIZATION_H
#define PASSES_CONVERSION_TRITONGPUTOLLVM_COMMON_VECTORIZATION_H

#include "dialects/TritonGPU/IR/LinearLayout.h"
#include "passes/Analysis/AxisInfo.h"

#include "llvm/ADT/DenseMap.h"

namespace mlir {
namespace triton {

/// The number of consecutive registers of `layout` holding consecutive
/// elements along one dimension, and that dimension (-1 if none).
std::pair<int, int> getContiguousRegisters(const gpu::LinearLayout &layout);

/// The elements per access of every tt.load, tt.store and atomic in `root`
/// whose pointer operand is a tensor (1 for scalars), at most 128 bits.
using AccessWidths = llvm::DenseMap<Operation *, unsigned>;
AccessWidths computeAccessWidths(Operation *root, const ModuleAxisInfo &axis);
/// The width of one access through `ptr` (a tensor of pointers) under `mask`
/// (null for none), as computeAccessWidths gives it.
unsigned computeAccessWidth(Value ptr, Value mask, const ModuleAxisInfo &axis);

/// For each arith/math op and tt.addptr in `root` whose tensor result is
/// constant over aligned blocks of more than one element, the block size
/// along each dimension (axis info's constancy, a power of two). A thread
/// computes one element per block it holds and reuses it for the others.
/// The same for tt.load (not volatile, not .cv) over the blocks where its
/// pointer, mask and `other` are all constant: one access per block.
using ResultConstancies = llvm::DenseMap<Operation *, SmallVector<int64_t>>;
ResultConstancies computeResultConstancies(Operation *root,
                                           const ModuleAxisInfo &axis);

/// For each register of `layout`, the first register in the same block of
/// `constancy` (so holding the same value).
SmallVector<int> getConstancyRepresentatives(const gpu::LinearLayout &layout,
                                             ArrayRef<int64_t> constancy);

/// For each of the `count` registers of `op`'s result of `type`, the register
/// whose value it shares: itself unless `constancies` has blocks for `op` and
/// `type` is a tensor whose linear layout has those `count` registers.
SmallVector<int> getSharedRegisters(Operation *op, Type type, int count,
                                    const ResultConstancies &constancies);

/// The bit width an element of `type` has in memory (booleans take a byte).
unsigned getMemoryBitWidth(Type type);

} // namespace triton
} // namespace mlir

#endif // PASSES_CONVERSION_TRITONGPUTOLLVM_COMMON_VECTORIZATION_H
