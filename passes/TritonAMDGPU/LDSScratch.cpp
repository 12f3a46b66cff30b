//===- LDSScratch.cpp - LDS a layout conversion takes on AMD GPUs ---------===//
//
// Both sizes come from the plans the allocation and the lowering use
// (passes/Analysis/SwizzledScratch.h, PaddedScratch.h), so that the LDS-usage
// pass predicts what the kernel gets.
//
//===----------------------------------------------------------------------===//

#include "passes/TritonAMDGPU/LDSScratch.h"

#include "dialects/Triton/IR/Dialect.h"
#include "passes/Analysis/Allocation.h"
#include "passes/Analysis/SwizzledScratch.h"

#include <algorithm>

using namespace mlir;
using namespace mlir::triton;

std::optional<int64_t> mlir::triton::amdgpu::getConvertLDSBytes(
    RankedTensorType srcType, RankedTensorType dstType, bool padded) {
  // Shared memory holds at least a byte per element; pointers take 8.
  Type elem = srcType.getElementType();
  unsigned bits = 64;
  if (!isa<PointerType>(elem)) {
    if (!elem.isIntOrFloat() || elem.getIntOrFloatBitWidth() == 0 ||
        elem.getIntOrFloatBitWidth() > 128)
      return std::nullopt;
    bits = std::max(8u, elem.getIntOrFloatBitWidth());
  }
  if (srcType.getShape() != dstType.getShape() || !srcType.getEncoding() ||
      !dstType.getEncoding())
    return std::nullopt;
  if (!cvtNeedsSharedMemory(srcType, dstType))
    return 0;
  std::optional<int64_t> elements =
      getConvertScratchElements(srcType, dstType, bits, padded,
                                ScratchMatrices());
  if (!elements)
    return std::nullopt;
  return *elements * bits / 8;
}
