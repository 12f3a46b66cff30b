//===- LinearLayoutCache.h - toLinearLayout's results, per context --------===//
//
// toLinearLayout is asked for the same few (shape, encoding) pairs thousands
// of times in a kernel: by the verifier, layout propagation and the lowering,
// for every op's operands and results (a sort kernel of Inductor: 6900 calls,
// a third of its MLIR stage). Building a layout allocates every basis anew, so
// the results are kept, per encoding and shape, by the ttg dialect of the
// context (TritonGPUDialect::getLinearLayoutCache). Encodings are uniqued, so
// an encoding's identity is its value. Passes may run on several functions of
// a module at once: lookups share a lock, insertions take it alone.
//
//===----------------------------------------------------------------------===//

#ifndef DIALECTS_TRITONGPU_IR_LINEARLAYOUTCACHE_H
#define DIALECTS_TRITONGPU_IR_LINEARLAYOUTCACHE_H

#include "dialects/TritonGPU/IR/LinearLayout.h"

#include "mlir/IR/Attributes.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/RWMutex.h"

#include <optional>

namespace mlir {
namespace triton {
namespace gpu {

class LinearLayoutCache {
public:
  /// The result kept for `shape` and `encoding` (itself std::nullopt where
  /// the encoding has no linear layout for that shape), or std::nullopt where
  /// none was kept.
  std::optional<std::optional<LinearLayout>> find(ArrayRef<int64_t> shape,
                                                  Attribute encoding) const {
    llvm::sys::SmartScopedReader<true> lock(mutex);
    auto it = entries.find(encoding);
    if (it == entries.end())
      return std::nullopt;
    for (const Entry &entry : it->second)
      if (ArrayRef<int64_t>(entry.shape) == shape)
        return entry.layout;
    return std::nullopt;
  }

  void insert(ArrayRef<int64_t> shape, Attribute encoding,
              const std::optional<LinearLayout> &layout) {
    llvm::sys::SmartScopedWriter<true> lock(mutex);
    SmallVector<Entry, 1> &shapes = entries[encoding];
    for (const Entry &entry : shapes)
      if (ArrayRef<int64_t>(entry.shape) == shape)
        return; // another thread kept the same result first
    shapes.push_back({SmallVector<int64_t, 4>(shape), layout});
  }

private:
  struct Entry {
    SmallVector<int64_t, 4> shape;
    std::optional<LinearLayout> layout;
  };
  mutable llvm::sys::SmartRWMutex<true> mutex;
  // A few shapes per encoding at most (a tensor's and its slices'): a list.
  llvm::DenseMap<Attribute, SmallVector<Entry, 1>> entries;
};

} // namespace gpu
} // namespace triton
} // namespace mlir

#endif // DIALECTS_TRITONGPU_IR_LINEARLAYOUTCACHE_H
