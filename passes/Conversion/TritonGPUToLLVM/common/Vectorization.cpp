//===- Vectorization.cpp - How wide a thread's memory accesses can be -----===//

#include "passes/Conversion/TritonGPUToLLVM/common/Vectorization.h"
#include "dialects/Triton/IR/Dialect.h"
#include "dialects/TritonGPU/IR/Dialect.h"
#include "passes/Conversion/TritonGPUToLLVM/common/TypeConverter.h"

#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::triton;

std::pair<int, int> mlir::triton::getContiguousRegisters(const gpu::LinearLayout &layout) {
  if (!layout.hasInDim("register"))
    return {1, -1};
  ArrayRef<gpu::LinearLayout::Basis> bases = layout.getBases("register");
  if (bases.empty())
    return {1, -1};
  int dim = -1;
  for (auto [d, value] : llvm::enumerate(bases[0])) {
    if (value == 0)
      continue;
    if (value != 1 || dim != -1)
      return {1, -1};
    dim = d;
  }
  if (dim == -1)
    return {1, -1};
  int count = 1;
  for (const gpu::LinearLayout::Basis &basis : bases) {
    bool next = true;
    for (auto [d, value] : llvm::enumerate(basis))
      if (value != (static_cast<int>(d) == dim ? count : 0))
        next = false;
    if (!next)
      break;
    count *= 2;
  }
  return {count, dim};
}

unsigned mlir::triton::getMemoryBitWidth(Type type) {
  if (isa<PointerType>(type))
    return 64;
  return std::max(8u, type.getIntOrFloatBitWidth());
}

static unsigned computeWidth(Value ptr, Value mask, const ModuleAxisInfo &axis) {
  auto type = dyn_cast<RankedTensorType>(ptr.getType());
  if (!type)
    return 1;
  auto pointerType = dyn_cast<PointerType>(type.getElementType());
  std::optional<gpu::LinearLayout> layout = getDistributedLayout(type);
  if (!pointerType || !layout)
    return 1;
  auto [contiguous, dim] = getContiguousRegisters(*layout);
  if (dim < 0)
    return 1;
  unsigned bits = getMemoryBitWidth(pointerType.getPointeeType());
  AxisInfo info = axis.get(ptr);
  if (info.getRank() != type.getRank())
    return 1;
  int64_t width = std::min<int64_t>(contiguous, info.getContiguity(dim));
  width = std::min<int64_t>(width, std::max<int64_t>(1, info.getDivisibility(dim) / (bits / 8)));
  width = std::min<int64_t>(width, 128 / bits);
  if (mask) {
    AxisInfo maskInfo = axis.get(mask);
    width = maskInfo.getRank() == type.getRank()
                ? std::min<int64_t>(width, maskInfo.getConstancy(dim))
                : 1;
  }
  return llvm::bit_floor(static_cast<uint64_t>(std::max<int64_t>(1, width)));
}

AccessWidths mlir::triton::computeAccessWidths(Operation *root) {
  ModuleAxisInfo axis(root);
  AccessWidths widths;
  root->walk([&](Operation *op) {
    if (auto load = dyn_cast<LoadOp>(op))
      widths[op] = computeWidth(load.getPtr(), load.getMask(), axis);
    else if (auto store = dyn_cast<StoreOp>(op))
      widths[op] = computeWidth(store.getPtr(), store.getMask(), axis);
    else if (auto rmw = dyn_cast<AtomicRMWOp>(op))
      widths[op] = computeWidth(rmw.getPtr(), rmw.getMask(), axis);
    else if (auto copy = dyn_cast<gpu::AsyncCopyGlobalToLocalOp>(op))
      widths[op] = computeWidth(copy.getSrc(), copy.getMask(), axis);
  });
  return widths;
}
