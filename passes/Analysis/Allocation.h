//===- Allocation.h - Shared-memory allocation of a kernel ------*- C++ -*-===//
//
// Where each shared-memory buffer of a function lives. Buffers are explicit
// (ttg.local_alloc, alive until their last use through any view or loop
// value) or scratch (what an op needs while it runs: cross-warp reductions,
// scans and gathers, layout conversions that leave a warp, scalar atomics,
// and the shared memory of a called function). Buffers alive at the same time
// get disjoint, aligned offsets, placed first-fit from the largest down.
// On NVIDIA targets (-allocate-shared-memory's rounds-in-room) a conversion
// that goes through its scratch in rounds then takes as many of its rounds'
// tiles as fit in bytes no buffer alive with it uses, below the function's
// size: the kernel needs no more shared memory, and its rounds need fewer
// barriers (two per group of tiles instead of two per round; ptxas
// assembles the epilogues of large accumulators faster and spills less,
// docs/CompileSpeed.md).
//
//===----------------------------------------------------------------------===//

#ifndef PASSES_ANALYSIS_ALLOCATION_H
#define PASSES_ANALYSIS_ALLOCATION_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <cstdint>
#include <vector>

namespace mlir {
namespace triton {

/// The scratch bytes `op` needs while it runs (0 for most ops). Calls are
/// handled by FunctionAllocation, not here.
int64_t getScratchSizeInBytes(Operation *op);

/// Set on a ttg.convert_layout whose scratch holds more than one of its
/// rounds' tiles (FunctionAllocation): that many rounds go through at once,
/// each in its own tile, a barrier between such groups instead of between
/// rounds.
constexpr llvm::StringLiteral kScratchTilesAttrName = "allocation.tiles";

/// Whether converting a tensor of `srcType` to `dstType`'s layout goes
/// through shared memory (not only registers and lane shuffles).
bool cvtNeedsSharedMemory(RankedTensorType srcType, RankedTensorType dstType);

/// Sizes an op's scratch; a target may size some ops its own way.
using ScratchSizeFn = llvm::function_ref<int64_t(Operation *)>;

/// How many of its rounds' tiles a conversion's scratch holds: those its
/// `allocation.tiles` records (what the lowering will use: passes that
/// recompute the allocation after -allocate-shared-memory, such as the
/// barrier analysis, must see the same bytes), or, where it records none,
/// the most that fit (Search; -allocate-shared-memory's rounds-in-room).
enum class RoundTiles { Recorded, Search };

/// The buffers of one function and their offsets.
class FunctionAllocation {
public:
  struct Buffer {
    Operation *owner; // the local_alloc, or the op needing scratch
    bool explicitBuffer;
    int64_t size;
    int64_t alignment;
    int64_t start, end; // live interval over the function's op numbering
    int64_t offset = 0;
    /// How many of a conversion's rounds' tiles `size` holds.
    int64_t tiles = 1;
  };

  /// `calleeSizes` gives the shared-memory size of each function this one
  /// calls (a call holds its callee's memory as scratch).
  FunctionAllocation(Operation *func,
                     const llvm::DenseMap<Operation *, int64_t> &calleeSizes,
                     ScratchSizeFn scratchSize = getScratchSizeInBytes,
                     RoundTiles roundTiles = RoundTiles::Recorded);

  llvm::ArrayRef<Buffer> getBuffers() const { return buffers; }
  /// The bytes the function needs: the highest end of a placed buffer.
  int64_t getSharedMemorySize() const { return totalSize; }

private:
  void collect(Operation *func,
               const llvm::DenseMap<Operation *, int64_t> &calleeSizes,
               ScratchSizeFn scratchSize);
  void place();
  void holdMoreRounds(Operation *func, RoundTiles roundTiles);

  std::vector<Buffer> buffers;
  int64_t totalSize = 0;
};

/// Allocation of every function of a module, callees first.
class ModuleAllocation {
public:
  /// Fails (with a diagnostic) on recursive calls.
  static FailureOr<ModuleAllocation>
  get(ModuleOp module, ScratchSizeFn scratchSize = getScratchSizeInBytes,
      RoundTiles roundTiles = RoundTiles::Recorded);

  const FunctionAllocation &getFunction(Operation *func) const {
    return functions.find(func)->second;
  }
  /// The most any kernel (public function) needs, its callees included.
  int64_t getSharedMemorySize() const { return maxSize; }

private:
  llvm::DenseMap<Operation *, FunctionAllocation> functions;
  int64_t maxSize = 0;
};

} // namespace triton
} // namespace mlir

#endif // PASSES_ANALYSIS_ALLOCATION_H
