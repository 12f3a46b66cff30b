//===- TMA.cpp - Facts about TMA (bulk tensor) copies ---------------------===//

#include "dialects/TritonNvidiaGPU/IR/TMA.h"

#include "llvm/ADT/Twine.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::nvidia_gpu;
namespace ttg = mlir::triton::gpu;

ttg::NVMMASharedEncodingAttr
nvidia_gpu::getTMAEncoding(RankedTensorType block) {
  return dyn_cast_or_null<ttg::NVMMASharedEncodingAttr>(block.getEncoding());
}

ttg::NVMMASharedEncodingAttr
nvidia_gpu::getTMABufferEncoding(RankedTensorType block,
                                 ArrayRef<int64_t> shape) {
  ttg::NVMMASharedEncodingAttr encoding = getTMAEncoding(block);
  ArrayRef<int64_t> blockShape = block.getShape();
  if (!encoding || shape.size() > blockShape.size() ||
      blockShape.take_back(shape.size()) != shape)
    return {};
  if (shape.size() == blockShape.size())
    return encoding;
  ArrayRef<int64_t> dropped = blockShape.drop_back(shape.size());
  // Only a single CTA's layout is re-ranked (CTA bases are per dimension).
  if (shape.empty() || !encoding.getCGALayout().empty() ||
      llvm::any_of(dropped, [](int64_t d) { return d != 1; }))
    return {};
  return ttg::NVMMASharedEncodingAttr::get(
      block.getContext(), encoding.getSwizzlingByteWidth(),
      encoding.getTransposed(), encoding.getElementBitWidth(),
      encoding.getFp4Padded(), encoding.getCGALayout(), shape.size());
}

SmallVector<int64_t> nvidia_gpu::getTMABoxShape(RankedTensorType block) {
  SmallVector<int64_t> box(block.getShape());
  for (int64_t &dim : box)
    dim = std::min<int64_t>(dim, 256);
  ttg::NVMMASharedEncodingAttr encoding = getTMAEncoding(block);
  unsigned bits = block.getElementTypeBitWidth();
  if (encoding && encoding.getSwizzlingByteWidth() != 0 && !box.empty())
    box.back() = std::min<int64_t>(box.back(),
                                   encoding.getSwizzlingByteWidth() * 8 / bits);
  return box;
}

std::string nvidia_gpu::whyNotTMABlock(RankedTensorType block) {
  ttg::NVMMASharedEncodingAttr encoding = getTMAEncoding(block);
  if (!encoding)
    return "its block has no #ttg.nvmma_shared layout (run "
           "-triton-nvidia-optimize-descriptor-encoding first)";
  if (encoding.getTransposed() || encoding.getFp4Padded())
    return "its block's layout is transposed or fp4-padded";
  if (block.getRank() < 1 || block.getRank() > 5)
    return "its block has rank " + std::to_string(block.getRank()) +
           " (TMA moves 1 to 5)";
  if (!getTMADataType(block.getElementType()))
    return "TMA cannot move its element type";
  SmallVector<int64_t> box = getTMABoxShape(block);
  int64_t rowBytes = box.back() * block.getElementTypeBitWidth() / 8;
  if (rowBytes < 16 || rowBytes % 16 != 0)
    return "a row of its box is " + std::to_string(rowBytes) +
           " bytes (TMA needs a multiple of 16)";
  for (auto [dim, boxDim] : llvm::zip(block.getShape(), box))
    if (dim % boxDim != 0)
      return "its block is not a whole number of boxes";
  return "";
}

std::optional<int> nvidia_gpu::getTMADataType(Type type) {
  // PTX's tensormap.replace elemtype numbering, which Triton 3.6 writes in
  // ttng.tensormap_create and its launch metadata: UINT8 0, UINT16 1,
  // UINT32 2, INT32 3, UINT64 4, INT64 5, FLOAT16 6, FLOAT32 7,
  // FLOAT32_FTZ 8, FLOAT64 9, BFLOAT16 10. The driver's CUtensorMapDataType
  // agrees up to FLOAT32, then has FLOAT64 8, BFLOAT16 9, FLOAT32_FTZ 10.
  if (type.isF16())
    return 6;
  if (type.isBF16())
    return 10;
  if (type.isF32())
    return 7;
  if (type.isF64())
    return 9;
  if (!type.isIntOrFloat())
    return std::nullopt;
  switch (type.getIntOrFloatBitWidth()) {
  case 8:
    return 0;
  case 16:
    return 1;
  case 32:
    return 3;
  case 64:
    return 5;
  default:
    return std::nullopt;
  }
}

int nvidia_gpu::getTMASwizzleMode(ttg::NVMMASharedEncodingAttr encoding) {
  switch (encoding.getSwizzlingByteWidth()) {
  case 32:
    return 1;
  case 64:
    return 2;
  case 128:
    return 3;
  default:
    return 0;
  }
}
