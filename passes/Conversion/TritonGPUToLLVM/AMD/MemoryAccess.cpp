//===- MemoryAccess.cpp - Elements to and from AMD memory accesses --------===//

#include "passes/Conversion/TritonGPUToLLVM/AMD/MemoryAccess.h"
#include "passes/Conversion/TritonGPUToLLVM/common/Utility.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

using namespace mlir;
using namespace mlir::triton;

Type amd::getMemoryElementType(Type elementType) {
  MLIRContext *context = elementType.getContext();
  if (elementType.isInteger(1))
    return IntegerType::get(context, 8);
  if (isa<LLVM::LLVMPointerType>(elementType))
    return IntegerType::get(context, 64);
  return elementType;
}

Type amd::getAccessType(Type memoryType, unsigned width) {
  return width == 1
             ? memoryType
             : VectorType::get({static_cast<int64_t>(width)}, memoryType);
}

static Value toMemory(OpBuilder &b, Location loc, Value element,
                      Type memoryType) {
  if (element.getType() == memoryType)
    return element;
  if (isa<LLVM::LLVMPointerType>(element.getType()))
    return LLVM::PtrToIntOp::create(b, loc, memoryType, element);
  return LLVM::ZExtOp::create(b, loc, memoryType, element);
}

static Value fromMemory(OpBuilder &b, Location loc, Value element,
                        Type elementType) {
  if (element.getType() == elementType)
    return element;
  if (isa<LLVM::LLVMPointerType>(elementType))
    return LLVM::IntToPtrOp::create(b, loc, elementType, element);
  return LLVM::TruncOp::create(b, loc, elementType, element);
}

Value amd::packAccess(OpBuilder &b, Location loc, ArrayRef<Value> elements,
                      Type memoryType) {
  if (elements.size() == 1)
    return toMemory(b, loc, elements[0], memoryType);
  Value vector =
      LLVM::UndefOp::create(b, loc, getAccessType(memoryType, elements.size()));
  for (auto [i, element] : llvm::enumerate(elements))
    vector = LLVM::InsertElementOp::create(
        b, loc, vector, toMemory(b, loc, element, memoryType),
        createI32Constant(b, loc, i));
  return vector;
}

void amd::unpackAccess(OpBuilder &b, Location loc, Value access, unsigned width,
                       Type elementType, SmallVectorImpl<Value> &out) {
  if (width == 1) {
    out.push_back(fromMemory(b, loc, access, elementType));
    return;
  }
  for (unsigned i = 0; i < width; ++i) {
    Value element = LLVM::ExtractElementOp::create(
        b, loc, access, createI32Constant(b, loc, i));
    out.push_back(fromMemory(b, loc, element, elementType));
  }
}

int32_t mlir::triton::amd::getCachePolicy(CacheModifier cache, bool isLoad,
                                          StringRef arch) {
  constexpr int32_t glc = 1, slc = 2, sc0 = 1, nt = 2, sc1 = 16;
  if (arch == "gfx942") {
    switch (cache) {
    case CacheModifier::CG:
      return isLoad ? sc0 | nt : 0;
    case CacheModifier::CS:
      return sc0 | nt;
    case CacheModifier::CV:
    case CacheModifier::WT:
      return sc0 | sc1;
    default:
      return 0;
    }
  }
  switch (cache) {
  case CacheModifier::CV:
    return isLoad ? glc : 0;
  case CacheModifier::CS:
    return slc;
  default:
    return 0;
  }
}

int32_t mlir::triton::amd::getVmcntWaitBits(unsigned count) {
  // vmcnt is split: bits 3:0 and 15:14; every other bit set leaves expcnt
  // and lgkmcnt at their maximum (no wait).
  uint32_t vmcnt = std::min(count, 63u);
  uint32_t bits = ~0xC00Fu | (vmcnt & 0xF) | ((vmcnt >> 4) << 14);
  return static_cast<int32_t>(bits);
}
