//===- TMADescriptors.cpp - Global scratch and TMA descriptors in memory --===//
//
// Tensor descriptors made in a kernel live, on sm_90, as 128-byte TMA
// descriptors in the program's global scratch: `ttng.tensormap_create` writes
// one, `ttng.reinterpret_tensor_descriptor` views the pointer as a
// descriptor, and TMA reads the 128 bytes again at every copy. The
// interpreter does the same with a layout of its own (below): the descriptor
// is real memory, so it can be copied, overwritten or read before it is
// written, and each of those behaves as it would on the GPU, except that a
// descriptor is checked where the GPU would copy garbage.
//
//===----------------------------------------------------------------------===//

#include "interpreter/Dispatch.h"

#include "dialects/Triton/IR/Dialect.h"
#include "dialects/TritonGPU/IR/Dialect.h"
#include "dialects/TritonNvidiaGPU/IR/Dialect.h"
#include "dialects/TritonNvidiaGPU/IR/TMA.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/MathExtras.h"

#include <cstring>

using namespace mlir;
using namespace mlir::triton::interp;
namespace ttg = mlir::triton::gpu;
namespace ttng = mlir::triton::nvidia_gpu;

namespace {

/// The interpreter's TMA descriptor, little-endian in its 128 bytes.
/// Dimensions are innermost first and strides in bytes without the innermost
/// one, as `ttng.tensormap_create` (and CUDA's tensor maps) list them.
struct TensorMap {
  static constexpr uint32_t kMagic = 0x50414d54; // "TMAP"
  uint32_t magic = kMagic;
  uint8_t rank = 0, dataType = 0, swizzle = 0, fillNan = 0;
  uint64_t base = 0;
  uint32_t globalDims[5] = {};
  uint32_t boxDims[5] = {};
  uint64_t globalStrides[4] = {};
};
static_assert(sizeof(TensorMap) <= 128, "a TMA descriptor is 128 bytes");

std::string hex(int64_t v) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << llvm::format_hex(v, 0);
  return s;
}

/// The element size of a TMA element type in PTX's tensormap numbering
/// (ttng.tensormap_create's elem_type, as Triton 3.6 writes it), or 0 for
/// the types the interpreter does not read (the packed sub-byte types of
/// sm_100).
unsigned dataTypeBytes(int code) {
  switch (code) {
  case 0: // UINT8
    return 1;
  case 1:  // UINT16
  case 6:  // FLOAT16
  case 10: // BFLOAT16
    return 2;
  case 2:  // UINT32
  case 3:  // INT32
  case 7:  // FLOAT32
  case 8:  // FLOAT32_FTZ
  case 11: // TFLOAT32
  case 12: // TFLOAT32_FTZ
    return 4;
  case 4: // UINT64
  case 5: // INT64
  case 9: // FLOAT64
    return 8;
  default:
    return 0;
  }
}

int64_t programIndex(const Executor &ex) {
  return ex.pid[0] +
         ex.numPrograms[0] * (ex.pid[1] + ex.numPrograms[1] * ex.pid[2]);
}

LogicalResult createTensorMap(Executor &ex, ttng::TensormapCreateOp op) {
  auto scalar = [&](Value v) { return ex.get(v)->ints[0]; };
  int64_t addr = scalar(op.getDescPtr());
  uint8_t *host = addr % 64 == 0 ? ex.memory.translate(addr, 128) : nullptr;
  if (!host)
    return ex.error(op) << "a TMA descriptor needs 128 writable bytes aligned "
                           "to 64 at "
                        << hex(addr) << "; " << ex.memory.describeNear(addr);
  if (op.getInterleaveLayout() != 0)
    return ex.error(op) << "interleaved TMA descriptors are not supported by "
                           "the interpreter yet";
  unsigned bytes = dataTypeBytes(op.getElemType());
  if (!bytes)
    return ex.error(op) << "TMA data type " << op.getElemType()
                        << " is not supported by the interpreter yet";
  TensorMap map;
  size_t rank = op.getBoxDim().size();
  map.rank = rank;
  map.dataType = op.getElemType();
  map.swizzle = op.getSwizzleMode();
  map.fillNan = op.getFillMode() == 1;
  map.base = scalar(op.getGlobalAddress());
  // The checks cuTensorMapEncodeTiled makes, with tt.make_tensor_descriptor's
  // messages where they say the same (dimension d of the tensor is entry
  // rank - 1 - d here).
  if (map.base % 16 != 0)
    return ex.error(op)
           << "tensor descriptor base must be 16-byte aligned, got "
           << hex(map.base);
  for (size_t i = 0; i < rank; ++i) {
    int64_t box = asSigned(scalar(op.getBoxDim()[i]), 32);
    if (box < 1 || box > 256)
      return ex.error(op) << "TMA box dimension " << i << " is " << box
                          << " (1 to 256)";
    map.boxDims[i] = box;
    map.globalDims[i] = (uint32_t)scalar(op.getGlobalDim()[i]);
    int64_t elementStride = asSigned(scalar(op.getElementStride()[i]), 32);
    if (elementStride != 1)
      return ex.error(op) << "TMA element stride " << elementStride
                          << " is not supported by the interpreter yet";
  }
  for (size_t i = 0; i + 1 < rank; ++i) {
    int64_t stride = scalar(op.getGlobalStride()[i]);
    int64_t dim = rank - 2 - i;
    if (stride % bytes != 0)
      return ex.error(op) << "tensor descriptor stride " << dim << " ("
                          << stride << " bytes) is not a whole number of "
                          << bytes << "-byte elements";
    if (stride % 16 != 0)
      return ex.error(op) << "tensor descriptor stride " << dim << " ("
                          << stride / bytes
                          << " elements) must be 16-byte aligned";
    map.globalStrides[i] = stride;
  }
  std::memset(host, 0, 128);
  std::memcpy(host, &map, sizeof map);
  return success();
}

} // namespace

std::shared_ptr<const BlockPtr>
mlir::triton::interp::blockOf(Executor &ex, Operation *op, Value v) {
  const Tensor &t = *ex.get(v);
  if (!t.block) {
    ex.error(op) << "block pointer or tensor descriptor operand is undefined "
                    "(ub.poison)";
    return nullptr;
  }
  if (!t.block->tensorMap)
    return t.block;
  // A descriptor in memory: read it as the copy would.
  int64_t addr = t.block->tensorMap;
  const uint8_t *host = ex.memory.translate(addr, 128);
  TensorMap map;
  if (host)
    std::memcpy(&map, host, sizeof map);
  if (!host || map.magic != TensorMap::kMagic) {
    ex.error(op) << "no TMA descriptor at " << hex(addr)
                 << " (ttng.tensormap_create has not written one there); "
                 << ex.memory.describeNear(addr);
    return nullptr;
  }
  auto bp = std::make_shared<BlockPtr>(*t.block);
  size_t rank = map.rank;
  unsigned bytes = dataTypeBytes(map.dataType);
  if (rank < 1 || rank > 5 || !bytes) {
    ex.error(op) << "the TMA descriptor at " << hex(addr) << " is corrupt";
    return nullptr;
  }
  if (rank != bp->blockShape.size()) {
    ex.error(op) << "the TMA descriptor at " << hex(addr) << " has rank "
                 << rank << ", its use a block of rank "
                 << bp->blockShape.size();
    return nullptr;
  }
  bp->tensorMap = 0;
  bp->base = map.base;
  bp->padNan = map.fillNan;
  bp->tmaDataType = map.dataType;
  bp->tmaSwizzle = map.swizzle;
  bp->shape.clear();
  bp->strides.clear();
  bp->box.clear();
  for (size_t d = 0; d < rank; ++d) {
    size_t i = rank - 1 - d;
    bp->shape.push_back(map.globalDims[i]);
    bp->box.push_back(map.boxDims[i]);
    bp->strides.push_back(i == 0 ? 1 : map.globalStrides[i - 1] / bytes);
  }
  return bp;
}

LogicalResult mlir::triton::interp::allocateGlobalScratch(Executor &ex,
                                                          Operation *module,
                                                          int64_t numPrograms) {
  // The allocation pass's offsets when it ran (its per-program size on the
  // module), otherwise the same layout: allocations in walk order, each at
  // its alignment.
  auto sizeAttr =
      module->getAttrOfType<IntegerAttr>("ttg.global_scratch_memory_size");
  int64_t size = 0, alignment = 1;
  bool ok = true;
  module->walk([&](ttg::GlobalScratchAllocOp alloc) {
    int64_t align = std::max<int64_t>(1, alloc.getAlignment());
    alignment = std::max(alignment, align);
    if (sizeAttr) {
      auto offset =
          alloc->getAttrOfType<IntegerAttr>("ttg.global_scratch_memory_offset");
      if (!offset) {
        alloc.emitError() << "the module has a global scratch size but this "
                             "allocation has no offset";
        ok = false;
        return;
      }
      ex.scratchOffsets[alloc] = offset.getInt();
      return;
    }
    size = llvm::alignTo(size, align);
    ex.scratchOffsets[alloc] = size;
    size += alloc.getNbytes();
  });
  if (!ok)
    return failure();
  size = sizeAttr ? sizeAttr.getInt() : (int64_t)llvm::alignTo(size, alignment);
  ex.scratchSize = size;
  if (size == 0)
    return success();
  if (size < 0)
    return module->emitError() << "global scratch size " << size
                               << " is negative";
  if (numPrograms > ex.limits.maxMemory / size)
    return module->emitError()
           << "global scratch of " << size << " bytes for each of "
           << numPrograms << " programs is more than the memory budget "
           << "allows (--max-memory=" << ex.limits.maxMemory << ")";
  Buffer scratch;
  scratch.name = "(global scratch)";
  scratch.dtype = "u8";
  scratch.elemType = IntegerType::get(module->getContext(), 8);
  scratch.shape = {size * numPrograms};
  scratch.bytes.assign(size * numPrograms, 0);
  scratch.internal = true;
  size_t index = ex.memory.add(std::move(scratch));
  ex.scratchBase = ex.memory.buffers()[index].base;
  return success();
}

namespace {

LogicalResult evalGlobalScratchAlloc(Executor &ex,
                                     ttg::GlobalScratchAllocOp alloc) {
  auto it = ex.scratchOffsets.find(alloc);
  if (it == ex.scratchOffsets.end())
    return ex.error(alloc) << "global scratch was not laid out for this op";
  ex.set(alloc.getResult(),
         Tensor::ofInts({}, ex.scratchBase + programIndex(ex) * ex.scratchSize +
                                it->second));
  return success();
}

LogicalResult
evalTensormapFenceproxyAcquire(Executor &, ttng::TensormapFenceproxyAcquireOp) {
  return success(); // the descriptor is read from memory at each use anyway
}

LogicalResult evalReinterpretTensorDesc(Executor &ex,
                                        ttng::ReinterpretTensorDescOp view) {
  int64_t addr = ex.get(view.getRawDesc())->ints[0];
  auto bp = std::make_shared<BlockPtr>();
  bp->isDescriptor = true;
  bp->tensorMap = addr;
  auto type = cast<triton::TensorDescType>(view.getType());
  ArrayRef<int64_t> block = type.getBlockType().getShape();
  bp->blockShape.assign(block.begin(), block.end());
  if (!addr)
    return ex.error(view) << "views a null pointer as a tensor descriptor";
  auto t = Tensor::ofInts({}, addr);
  t->block = bp;
  ex.set(view.getResult(), t);
  return success();
}

} // namespace

void mlir::triton::interp::addTMADescriptorEvaluators(EvaluatorTable &table) {
  table.add<evalGlobalScratchAlloc>();
  table.add<createTensorMap>();
  table.add<evalTensormapFenceproxyAcquire>();
  table.add<evalReinterpretTensorDesc>();
}
