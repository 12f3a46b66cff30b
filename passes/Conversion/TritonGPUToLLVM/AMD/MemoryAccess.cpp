//===- MemoryAccess.cpp - Elements to and from AMD memory accesses --------===//

#include "passes/Conversion/TritonGPUToLLVM/AMD/MemoryAccess.h"
#include "passes/Conversion/TritonGPUToLLVM/common/Utility.h"
#include "passes/Conversion/TritonGPUToLLVM/common/Vectorization.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"

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
  for (auto [i, element] : llvm::enumerate(elements)) {
    Value position = createI32Constant(b, loc, i);
    vector = LLVM::InsertElementOp::create(
        b, loc, vector, toMemory(b, loc, element, memoryType), position);
  }
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

int32_t mlir::triton::amd::getLgkmcntWaitBits(unsigned count) {
  // lgkmcnt is bits 11:8 on gfx9; bit 12 (the counter's fifth bit on later
  // GPUs, unused here) is cleared too, as Triton 3.6 writes the operand.
  uint32_t lgkmcnt = std::min(count, 15u);
  uint32_t bits = ~0x1F00u | (lgkmcnt << 8);
  return static_cast<int32_t>(bits);
}

namespace {
/// The buffer size: the largest a 32-bit offset reaches without its sign bit,
/// minus the byte Triton 3.6 keeps clear (corpus softmax.llir).
constexpr int64_t kNumRecords = 0x7FFFFFFE;
/// The offset of a masked-off access: past kNumRecords.
constexpr int32_t kOutOfRange = static_cast<int32_t>(0x80000000u);
/// Word 3 of the resource on gfx9: 32-bit data format, float number format
/// (an untyped access ignores them, but data format 0 would make every
/// access out of range).
constexpr int32_t kResourceFlags = (7 << 12) | (4 << 15);
} // namespace

Value amd::BufferResource::getOffset(OpBuilder &b, Location loc,
                                     Value elementOffset,
                                     Value predicate) const {
  Value bytes = LLVM::MulOp::create(b, loc, elementOffset,
                                    createI32Constant(b, loc, elementBytes));
  if (!predicate)
    predicate = createI1Constant(b, loc, true);
  return LLVM::SelectOp::create(b, loc, predicate, bytes,
                                createI32Constant(b, loc, kOutOfRange));
}

amd::BufferResource amd::makeBufferResource(OpBuilder &b, Location loc,
                                            Value base, Type elementType) {
  MLIRContext *context = b.getContext();
  auto resourceType = LLVM::LLVMPointerType::get(context, 8);
  // One operand a statement: argument evaluation order is the compiler's.
  Value flags = createI32Constant(b, loc, kResourceFlags);
  Value numRecords = createIntConstant(b, loc, b.getI64Type(), kNumRecords);
  Value stride = createIntConstant(b, loc, b.getI16Type(), 0);
  Value resource = ROCDL::MakeBufferRsrcOp::create(b, loc, resourceType, base,
                                                   stride, numRecords, flags);
  return {resource, getMemoryBitWidth(elementType) / 8};
}

amd::BufferOperands amd::unpackBufferOperands(OpBuilder &b, Location loc,
                                              Value base, Type elementType,
                                              Value offsets, ValueRange data,
                                              Value mask, Value other) {
  // The elements first, then the resource (Triton 3.6's order).
  BufferOperands operands;
  operands.offsets = unpackLLElements(loc, offsets, b);
  for (Value value : data)
    operands.data.push_back(unpackLLElements(loc, value, b));
  if (mask) {
    operands.masks = unpackLLElements(loc, mask, b);
    if (other)
      operands.others = unpackLLElements(loc, other, b);
  }
  operands.access = makeBufferResource(b, loc, base, elementType);
  return operands;
}
