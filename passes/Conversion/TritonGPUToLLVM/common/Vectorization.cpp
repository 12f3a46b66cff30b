//===- Vectorization.cpp - How wide a thread's memory accesses can be -----===//

#include "passes/Conversion/TritonGPUToLLVM/common/Vectorization.h"
#include "dialects/Triton/IR/Dialect.h"
#include "dialects/TritonGPU/IR/Dialect.h"
#include "passes/Conversion/TritonGPUToLLVM/common/TypeConverter.h"

#include "passes/Conversion/TritonGPUToLLVM/common/Utility.h"

#include "mlir/IR/Matchers.h"
#include "llvm/Support/MathExtras.h"

#include <map>

using namespace mlir;
using namespace mlir::triton;

std::pair<int, int>
mlir::triton::getContiguousRegisters(const gpu::LinearLayout &layout) {
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

unsigned mlir::triton::computeAccessWidth(Value ptr, Value mask,
                                          const ModuleAxisInfo &axis) {
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
  width = std::min<int64_t>(
      width, std::max<int64_t>(1, info.getDivisibility(dim) / (bits / 8)));
  width = std::min<int64_t>(width, 128 / bits);
  if (mask) {
    AxisInfo maskInfo = axis.get(mask);
    width = maskInfo.getRank() == type.getRank()
                ? std::min<int64_t>(width, maskInfo.getConstancy(dim))
                : 1;
  }
  return llvm::bit_floor(static_cast<uint64_t>(std::max<int64_t>(1, width)));
}

AccessWidths mlir::triton::computeAccessWidths(Operation *root,
                                               const ModuleAxisInfo &axis) {
  AccessWidths widths;
  root->walk([&](Operation *op) {
    if (auto load = dyn_cast<LoadOp>(op))
      widths[op] = computeAccessWidth(load.getPtr(), load.getMask(), axis);
    else if (auto store = dyn_cast<StoreOp>(op))
      widths[op] = computeAccessWidth(store.getPtr(), store.getMask(), axis);
    else if (auto rmw = dyn_cast<AtomicRMWOp>(op))
      widths[op] = computeAccessWidth(rmw.getPtr(), rmw.getMask(), axis);
    else if (auto copy = dyn_cast<gpu::AsyncCopyGlobalToLocalOp>(op))
      widths[op] = computeAccessWidth(copy.getSrc(), copy.getMask(), axis);
  });
  return widths;
}

/// The blocks over which a load reads one address under one mask and
/// `other`: the smallest constancy of the three along each dimension.
/// Loads that must reach memory each time (volatile, .cv) have none.
static void addLoadConstancy(LoadOp load, const ModuleAxisInfo &axis,
                             ResultConstancies &result) {
  auto type = dyn_cast<RankedTensorType>(load.getType());
  if (!type || load.getIsVolatile() || load.getCache() == CacheModifier::CV ||
      !isa<RankedTensorType>(load.getPtr().getType()))
    return;
  SmallVector<int64_t> constancy(type.getShape());
  for (Value operand : {load.getPtr(), load.getMask(), load.getOther()}) {
    if (!operand || !isa<RankedTensorType>(operand.getType()))
      continue;
    // A splat `other` (axis info tracks no floats) is the same everywhere.
    SplatElementsAttr splat;
    if (operand == load.getOther() &&
        (operand.getDefiningOp<SplatOp>() ||
         matchPattern(operand, m_Constant(&splat))))
      continue;
    AxisInfo info = axis.get(operand);
    if (info.getRank() != type.getRank())
      return;
    for (int64_t d = 0; d < type.getRank(); ++d)
      constancy[d] =
          std::min(constancy[d], std::max<int64_t>(1, info.getConstancy(d)));
  }
  bool any = false;
  for (int64_t &c : constancy) {
    c = llvm::bit_floor(static_cast<uint64_t>(c));
    any |= c > 1;
  }
  if (any)
    result[load] = std::move(constancy);
}

ResultConstancies
mlir::triton::computeResultConstancies(Operation *root,
                                       const ModuleAxisInfo &axis) {
  ResultConstancies result;
  root->walk([&](Operation *op) {
    if (auto load = dyn_cast<LoadOp>(op))
      return addLoadConstancy(load, axis, result);
    Dialect *dialect = op->getDialect();
    bool elementwise =
        isa<AddPtrOp>(op) || (dialect &&
                              (dialect->getNamespace() == "arith" ||
                               dialect->getNamespace() == "math") &&
                              op->getNumResults() == 1);
    if (!elementwise)
      return;
    auto type = dyn_cast<RankedTensorType>(op->getResult(0).getType());
    if (!type)
      return;
    AxisInfo info = axis.get(op->getResult(0));
    if (info.getRank() != type.getRank())
      return;
    SmallVector<int64_t> constancy;
    bool any = false;
    for (int64_t d = 0; d < type.getRank(); ++d) {
      int64_t c = llvm::bit_floor(static_cast<uint64_t>(std::max<int64_t>(
          1, std::min(info.getConstancy(d), type.getDimSize(d)))));
      constancy.push_back(c);
      any |= c > 1;
    }
    if (any)
      result[op] = std::move(constancy);
  });
  return result;
}

SmallVector<int>
mlir::triton::getConstancyRepresentatives(const gpu::LinearLayout &layout,
                                          ArrayRef<int64_t> constancy) {
  // Elements whose coordinates agree above the block bits are in one block;
  // the thread's own bits xor into both alike, so registers are compared by
  // their constant part alone.
  SmallVector<SmallVector<int32_t>> regs = getRegisterPart(layout);
  std::map<SmallVector<int32_t>, int> first;
  SmallVector<int> representatives;
  for (auto [reg, coords] : llvm::enumerate(regs)) {
    SmallVector<int32_t> block;
    for (auto [d, c] : llvm::enumerate(coords))
      block.push_back(c / static_cast<int32_t>(constancy[d]));
    representatives.push_back(first.try_emplace(block, reg).first->second);
  }
  return representatives;
}

SmallVector<int>
mlir::triton::getSharedRegisters(Operation *op, Type type, int count,
                                 const ResultConstancies &constancies) {
  auto tensorType = dyn_cast<RankedTensorType>(type);
  auto it = constancies.find(op);
  std::optional<gpu::LinearLayout> layout;
  if (tensorType && it != constancies.end())
    layout = getDistributedLayout(tensorType);
  if (!layout || layout->getInDimSize("register") != count)
    return llvm::to_vector(llvm::seq<int>(0, count));
  return getConstancyRepresentatives(*layout, it->second);
}
