//===- TMA.cpp - Facts about TMA (bulk tensor) copies ---------------------===//

#include "dialects/TritonNvidiaGPU/IR/TMA.h"

#include "dialects/TritonNvidiaGPU/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/Twine.h"
#include "llvm/ADT/bit.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::nvidia_gpu;
namespace ttg = mlir::triton::gpu;

ttg::NVMMASharedEncodingAttr
nvidia_gpu::getTMAEncoding(RankedTensorType block) {
  return dyn_cast_or_null<ttg::NVMMASharedEncodingAttr>(block.getEncoding());
}

bool nvidia_gpu::isUnswizzledRowMajor(Attribute encoding, unsigned rank) {
  auto swizzled = dyn_cast_or_null<ttg::SwizzledSharedEncodingAttr>(encoding);
  if (!swizzled || swizzled.getVec() != 1 || swizzled.getPerPhase() != 1 ||
      swizzled.getMaxPhase() != 1 || !swizzled.getCGALayout().empty() ||
      swizzled.getOrder().size() != rank)
    return false;
  for (auto [i, dim] : llvm::enumerate(swizzled.getOrder()))
    if (dim != rank - 1 - i)
      return false;
  return true;
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

/// The CGA layout of a descriptor block's shared encoding (NVMMA or
/// swizzled); null for other encodings.
static const ttg::BasisList *getBlockCGALayout(RankedTensorType block) {
  if (auto nvmma =
          dyn_cast_or_null<ttg::NVMMASharedEncodingAttr>(block.getEncoding()))
    return &nvmma.getCGALayout();
  if (auto swizzled = dyn_cast_or_null<ttg::SwizzledSharedEncodingAttr>(
          block.getEncoding()))
    return &swizzled.getCGALayout();
  return nullptr;
}

SmallVector<int64_t> nvidia_gpu::getTMATileShape(RankedTensorType block) {
  SmallVector<int64_t> tile(block.getShape());
  const ttg::BasisList *cga = getBlockCGALayout(block);
  if (!cga)
    return tile;
  for (const auto &basis : cga->bases)
    for (auto [dim, value] : llvm::enumerate(basis))
      if (value != 0 && dim < tile.size())
        tile[dim] = std::max<int64_t>(1, tile[dim] / 2);
  return tile;
}

int64_t nvidia_gpu::getTMATileBytes(RankedTensorType block) {
  int64_t elements = 1;
  for (int64_t dim : getTMATileShape(block))
    elements *= dim;
  return elements * block.getElementTypeBitWidth() / 8;
}

SmallVector<int64_t> nvidia_gpu::getTMABoxShape(RankedTensorType block) {
  SmallVector<int64_t> box = getTMATileShape(block);
  for (int64_t &dim : box)
    dim = std::min<int64_t>(dim, 256);
  ttg::NVMMASharedEncodingAttr encoding = getTMAEncoding(block);
  unsigned bits = block.getElementTypeBitWidth();
  if (encoding && encoding.getSwizzlingByteWidth() != 0 && !box.empty())
    box.back() = std::min<int64_t>(box.back(),
                                   encoding.getSwizzlingByteWidth() * 8 / bits);
  return box;
}

unsigned nvidia_gpu::getTMACopyBits(RankedTensorType block) {
  const ttg::BasisList *cga = getBlockCGALayout(block);
  unsigned bits = 0;
  if (!cga)
    return bits;
  for (auto [bit, basis] : llvm::enumerate(cga->bases))
    if (llvm::all_of(basis, [](int64_t v) { return v == 0; }))
      bits |= 1u << bit;
  return bits;
}

SmallVector<int64_t> nvidia_gpu::getTMABoxShape(RankedTensorType block,
                                                bool multicast) {
  SmallVector<int64_t> box = getTMABoxShape(block);
  unsigned copies = 1u << llvm::popcount(getTMACopyBits(block));
  if (!multicast || copies == 1)
    return box;
  SmallVector<int64_t> tile = getTMATileShape(block);
  int64_t boxes = 1;
  for (auto [dim, boxDim] : llvm::zip(tile, box))
    boxes *= boxDim ? dim / boxDim : 0;
  // Copies are powers of two: halve the outermost dimensions that can be
  // halved (the innermost holds TMA's swizzle row) until they divide.
  for (unsigned dim = 0; dim + 1 < box.size() && boxes % copies != 0;)
    if (box[dim] % 2 == 0) {
      box[dim] /= 2;
      boxes *= 2;
    } else {
      ++dim;
    }
  if (boxes == 0 || boxes % copies != 0)
    return {};
  return box;
}

bool nvidia_gpu::isTMAMulticastModule(Operation *op) {
  auto module =
      isa<ModuleOp>(op) ? cast<ModuleOp>(op) : op->getParentOfType<ModuleOp>();
  return module && module->hasAttr(kTMAMulticastAttrName);
}

std::string nvidia_gpu::whyNotTMABlock(RankedTensorType block) {
  ttg::NVMMASharedEncodingAttr encoding = getTMAEncoding(block);
  bool rowMajor = isUnswizzledRowMajor(block.getEncoding(), block.getRank());
  if (!encoding && !rowMajor)
    return "its block has no #ttg.nvmma_shared layout (run "
           "-triton-nvidia-optimize-descriptor-encoding first)";
  if (encoding && (encoding.getTransposed() || encoding.getFp4Padded()))
    return "its block's layout is transposed or fp4-padded";
  // Boxes side by side along a row would interleave their rows in shared
  // memory; one box spans the row of a row-major buffer.
  SmallVector<int64_t> tile = getTMATileShape(block);
  if (rowMajor && block.getRank() >= 1 && tile.back() > 256)
    return "a row of its unswizzled #ttg.swizzled_shared block is longer than "
           "one TMA box (256 elements)";
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
  for (auto [dim, boxDim] : llvm::zip(tile, box))
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

int nvidia_gpu::getTMASwizzleMode(Attribute blockEncoding) {
  auto encoding = dyn_cast_or_null<ttg::NVMMASharedEncodingAttr>(blockEncoding);
  if (!encoding)
    return 0;
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

Value nvidia_gpu::writeTensormap(OpBuilder &b, MakeTensorDescOp make,
                                 llvm::function_ref<Value(OpBuilder &)> slot) {
  RankedTensorType block = make.getType().getBlockType();
  // TMA steps through the innermost dimension one element at a time.
  if (!matchPattern(make.getStrides().back(), m_One())) {
    make.emitError("a tensor descriptor for TMA needs an innermost stride of "
                   "constant 1");
    return {};
  }
  Location loc = make.getLoc();
  Value scratch = slot(b);
  SmallVector<Value> boxDims, globalDims, globalStrides, elementStrides;
  auto func = make->getParentOfType<FunctionOpInterface>();
  DominanceInfo dominance(func);
  // Integer constants: one the function already has where it reaches `make`
  // (Triton's pattern driver merges them likewise), or a new one.
  auto constant = [&](int64_t value, unsigned width) -> Value {
    Type type = b.getIntegerType(width);
    Value found;
    func->walk([&](arith::ConstantOp op) {
      auto attr = dyn_cast<IntegerAttr>(op.getValue());
      if (!found && op.getType() == type && attr &&
          attr.getValue().getSExtValue() == value &&
          dominance.properlyDominates(op.getOperation(), make.getOperation()))
        found = op;
    });
    return found ? found : arith::ConstantIntOp::create(b, loc, value, width);
  };
  // A named vector: a range-for over llvm::reverse(<temporary>) would read
  // the temporary after it died (C++17 extends only reverse's own result).
  SmallVector<int64_t> boxShape = getTMABoxShape(block);
  for (int64_t dim : llvm::reverse(boxShape))
    boxDims.push_back(constant(dim, 32));
  for (Value dim : llvm::reverse(make.getShape()))
    globalDims.push_back(dim);
  int64_t elementBytes = block.getElementTypeBitWidth() / 8;
  for (Value stride : llvm::reverse(make.getStrides().drop_back()))
    globalStrides.push_back(
        elementBytes == 1
            ? stride
            : arith::MulIOp::create(b, loc, stride, constant(elementBytes, 64))
                  .getResult());
  Value one = constant(1, 32);
  elementStrides.assign(block.getRank(), one);
  auto i32Attr = [&](int64_t value) { return b.getI32IntegerAttr(value); };
  TensormapCreateOp::create(
      b, loc, TypeRange(), scratch, make.getBase(), boxDims, globalDims,
      globalStrides, elementStrides,
      i32Attr(*getTMADataType(block.getElementType())),
      /*interleave_layout=*/i32Attr(0),
      i32Attr(getTMASwizzleMode(block.getEncoding())),
      /*fill_mode: zero, or NaN=*/
      i32Attr(make.getPadding() == PaddingOption::PAD_NAN ? 1 : 0));
  TensormapFenceproxyAcquireOp::create(b, loc, scratch);
  return ReinterpretTensorDescOp::create(b, loc, make.getType(), scratch);
}
