//===- AsyncLoads.cpp - Which loads cp.async or TMA can pipeline ---------===//

#include "passes/TritonGPU/Pipeline/AsyncLoads.h"

#include "dialects/TritonGPU/IR/CTATiles.h"
#include "dialects/TritonGPU/IR/LinearLayoutConversions.h"
#include "dialects/TritonNvidiaGPU/IR/TMA.h"
#include "passes/TritonGPU/SharedEncodings.h"

#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

/// The dimension along which a thread's registers 0, 1, 2, ... lie, and how
/// many do; {1, -1} when register 1 is not the next element of one dimension.
static std::pair<int64_t, int> contiguousRegisters(RankedTensorType type) {
  std::optional<LinearLayout> layout =
      toLinearLayout(type.getShape(), type.getEncoding());
  if (!layout || !layout->hasInDim("register"))
    return {1, -1};
  ArrayRef<LinearLayout::Basis> bases = layout->getBases("register");
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
  if (dim < 0)
    return {1, -1};
  int64_t count = 1;
  for (const LinearLayout::Basis &basis : bases) {
    for (auto [d, value] : llvm::enumerate(basis))
      if (value != (int(d) == dim ? count : 0))
        return {count, dim};
    count *= 2;
  }
  return {count, dim};
}

unsigned pipeline::getLoadContiguity(LoadOp load, const ModuleAxisInfo &axis) {
  auto type = dyn_cast<RankedTensorType>(load.getPtr().getType());
  if (!type)
    return 1;
  auto [registers, dim] = contiguousRegisters(type);
  AxisInfo info = axis.get(load.getPtr());
  if (dim < 0 || info.getRank() != type.getRank())
    return 1;
  auto pointee = cast<PointerType>(type.getElementType()).getPointeeType();
  int64_t bytes = std::max<int64_t>(1, pointee.getIntOrFloatBitWidth() / 8);
  int64_t alignment =
      std::min<int64_t>(std::max<int64_t>(1, info.getDivisibility(dim) / bytes),
                        info.getContiguity(dim));
  int64_t width = std::min<int64_t>(registers, alignment);
  if (Value mask = load.getMask()) {
    AxisInfo maskInfo = axis.get(mask);
    width = maskInfo.getRank() == type.getRank()
                ? std::min<int64_t>(width, maskInfo.getConstancy(dim))
                : 1;
  }
  return llvm::bit_floor(static_cast<uint64_t>(std::max<int64_t>(1, width)));
}

bool pipeline::canBeAsyncCopy(LoadOp load, const ModuleAxisInfo &axis) {
  auto type = dyn_cast<RankedTensorType>(load.getPtr().getType());
  if (!type)
    return false;
  auto pointee = cast<PointerType>(type.getElementType()).getPointeeType();
  if (!pointee.isIntOrFloat())
    return false;
  return getLoadContiguity(load, axis) * pointee.getIntOrFloatBitWidth() >= 32;
}

bool pipeline::targetHasTMA(Operation *op) {
  auto module = op->getParentOfType<ModuleOp>();
  auto target = module ? module->getAttrOfType<StringAttr>(kTargetAttrName)
                       : StringAttr();
  // A module that names no target is taken as NVIDIA's (the AMD stream
  // pipeliner is another pass); one that names another target is not.
  int capability = 0;
  return !target ||
         (target.getValue().starts_with("cuda:") &&
          !target.getValue().drop_front(5).getAsInteger(10, capability) &&
          capability >= 90);
}

bool pipeline::canBeTMALoad(DescriptorLoadOp load) {
  if (!targetHasTMA(load))
    return false;
  auto type = dyn_cast<RankedTensorType>(load.getType());
  RankedTensorType block = load.getDesc().getType().getBlockType();
  if (!type || !type.getEncoding() ||
      type.getElementType() != block.getElementType() || block.getRank() > 5 ||
      !block.getElementType().isIntOrFloat())
    return false;
  // The buffer has the load's shape: the block's, or the block without
  // leading unit dimensions. In a cluster it is split over the CTAs as the
  // descriptor's block is: each CTA copies its own tile (or its copy of a
  // tile they all hold) and waits on its own barrier.
  auto shared = nvidia_gpu::getTMABufferEncoding(block, type.getShape());
  return shared && !shared.getFp4Padded() &&
         shared.getElementBitWidth() == block.getElementTypeBitWidth();
}

int pipeline::getCopyVecBytes(RankedTensorType type, Attribute shared) {
  std::optional<LinearLayout> regs =
      toLinearLayout(type.getShape(), type.getEncoding());
  std::optional<LinearLayout> smem = toLinearLayout(type.getShape(), shared);
  if (!regs || !smem)
    return 0;
  // In a cluster each CTA copies its own tile (a tile every CTA holds a copy
  // of has no inverse over the whole cluster): both layouts over the tile.
  if (regs->hasInDim("block")) {
    std::string reason;
    std::optional<SmallVector<int64_t>> tile = getCTATileShape(*regs, reason);
    if (!tile)
      return 0;
    regs = getCTATileLayout(*regs, *tile, reason);
    smem = getCTATileLayout(*smem, *tile, reason);
    if (!regs || !smem)
      return 0;
  }
  std::optional<LinearLayout> regToSmem = regs->invertAndCompose(*smem);
  if (!regToSmem || !regToSmem->hasInDim("register") ||
      !regToSmem->hasOutDim("offset"))
    return 0;
  int offsetDim = -1;
  for (auto [index, name] : llvm::enumerate(regToSmem->getOutDimNames()))
    if (name == "offset")
      offsetDim = index;
  int32_t consecutive = 1;
  for (const LinearLayout::Basis &basis : regToSmem->getBases("register")) {
    bool next = true;
    for (auto [d, value] : llvm::enumerate(basis))
      if (value != (int(d) == offsetDim ? consecutive : 0))
        next = false;
    if (!next)
      break;
    consecutive *= 2;
  }
  return consecutive * type.getElementTypeBitWidth() / 8;
}

Attribute pipeline::getLocalAllocEncoding(Operation *load, bool &conflict) {
  conflict = false;
  Attribute encoding;
  for (Operation *user : load->getUsers()) {
    auto alloc = dyn_cast<LocalAllocOp>(user);
    if (!alloc)
      continue;
    Attribute userEncoding = alloc.getType().getEncoding();
    if (encoding && encoding != userEncoding)
      conflict = true;
    if (!encoding)
      encoding = userEncoding;
  }
  return encoding;
}

/// The swizzled layout for the dot operand layout every user converts the
/// loaded value to, through shared memory, or for the mma operand tile they
/// convert it to before a transpose; null if any user does something else or
/// they disagree.
static Attribute dotOperandEncodingOfUsers(Value loaded) {
  auto type = cast<RankedTensorType>(loaded.getType());
  Attribute result;
  for (Operation *user : loaded.getUsers()) {
    auto cvt = dyn_cast<ConvertLayoutOp>(user);
    if (!cvt)
      return {};
    auto dot = dyn_cast<DotOperandEncodingAttr>(cvt.getType().getEncoding());
    std::optional<SwizzledSharedEncodingAttr> shared =
        dot ? getDotOperandSharedLayout(type, dot)
            : getMmaOperandLikeSharedLayout(type, cvt.getType());
    if (!shared || (result && result != *shared))
      return {};
    result = *shared;
  }
  return result;
}

Attribute pipeline::getPipelineSharedEncoding(Operation *load) {
  bool conflict = false;
  if (Attribute encoding = getLocalAllocEncoding(load, conflict))
    return encoding;
  if (Attribute encoding = dotOperandEncodingOfUsers(load->getResult(0)))
    return encoding;
  auto type = cast<RankedTensorType>(load->getResult(0).getType());
  if (std::optional<SwizzledSharedEncodingAttr> plain =
          getUnswizzledSharedLayout(type))
    return *plain;
  return {};
}
