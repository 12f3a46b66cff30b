//===- BufferOpToLLVM.cpp - amdg.buffer_load and amdg.buffer_store --------===//
//
// A buffer access addresses memory through a buffer resource (a V#: base
// address, size, format) and a 32-bit byte offset per thread; the hardware
// checks the offset against the size and reads zero, or writes nothing, out
// of range. The base pointer becomes a resource of 0x7FFFFFFE bytes, each
// thread's offsets become byte offsets, and a masked-off access gets the
// offset 0x80000000, out of range: no branch is needed, and a load brings
// zero there (`other`, when given, is selected in). As with tt.load, a thread
// moves `width` consecutive elements at once (up to 128 bits), and elements
// several threads hold are stored by one of them only.
//
// The optional `stride` (the distance between the rows of the block, for the
// cache's swizzling of gfx942 buffers) is a performance hint only: the
// resource keeps stride 0, unswizzled, as Triton 3.6 does (its swizzling is
// switched off), so the same bytes are accessed either way.
//
//===----------------------------------------------------------------------===//

#include "dialects/Triton/IR/Dialect.h"
#include "dialects/TritonAMDGPU/IR/Dialect.h"
#include "passes/Conversion/TritonGPUToLLVM/AMD/MemoryAccess.h"
#include "passes/Conversion/TritonGPUToLLVM/AMD/Patterns.h"
#include "passes/Conversion/TritonGPUToLLVM/AMD/TargetInfo.h"
#include "passes/Conversion/TritonGPUToLLVM/common/Utility.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::amd;

namespace {

/// What the intrinsic moves for `width` elements of `memoryType`: elements
/// of 32 bits or more as themselves (f32, vector<4xf32>), narrower ones
/// packed into one integer of up to 32 bits or a vector of i32, the forms
/// every gfx9 buffer instruction takes.
Type getWordType(Type memoryType, unsigned width) {
  MLIRContext *context = memoryType.getContext();
  unsigned elementBits = getMemoryBitWidth(memoryType);
  if (elementBits >= 32)
    return width == 1
               ? memoryType
               : VectorType::get({static_cast<int64_t>(width)}, memoryType);
  unsigned bits = elementBits * width;
  if (bits <= 32)
    return IntegerType::get(context, bits);
  return VectorType::get({static_cast<int64_t>(bits / 32)},
                         IntegerType::get(context, 32));
}

Value bitcastIfNeeded(OpBuilder &b, Location loc, Value value, Type type) {
  if (value.getType() == type)
    return value;
  return LLVM::BitcastOp::create(b, loc, type, value);
}

unsigned getWidth(const AccessWidths &widths, Operation *op) {
  auto it = widths.find(op);
  return it == widths.end() ? 1 : it->second;
}

struct BufferLoadOpPattern
    : ConvertOpToLLVMPattern<triton::amdgpu::BufferLoadOp> {
  BufferLoadOpPattern(LLVMTypeConverter &converter,
                      const amd::TargetInfo &target, const AccessWidths &widths)
      : ConvertOpToLLVMPattern(converter), target(target), widths(widths) {}

  LogicalResult
  matchAndRewrite(triton::amdgpu::BufferLoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto converter =
        static_cast<const TritonGPUToLLVMTypeConverter *>(getTypeConverter());
    RankedTensorType type = op.getType();
    Type elementType = converter->convertElementType(type.getElementType());
    Type memoryType = getMemoryElementType(elementType);
    auto [access, offsets, data, masks, others] = unpackBufferOperands(
        rewriter, loc, adaptor.getPtr(), type.getElementType(),
        adaptor.getOffsets(), {}, adaptor.getMask(), adaptor.getOther());
    unsigned width = getWidth(widths, op);
    Type accessType = getAccessType(memoryType, width);
    Type wordType = getWordType(memoryType, width);
    Value zero = createI32Constant(rewriter, loc, 0);
    int32_t policyBits = getCachePolicy(op.getCache(), true, target.getArch());

    SmallVector<Value> results;
    for (unsigned start = 0; start < offsets.size(); start += width) {
      Value predicate = masks.empty() ? Value() : masks[start];
      Value offset = access.getOffset(rewriter, loc, offsets[start], predicate);
      Value policy = createI32Constant(rewriter, loc, policyBits);
      Value words = ROCDL::RawPtrBufferLoadOp::create(
          rewriter, loc, wordType, access.resource, offset, zero, policy,
          nullptr, nullptr, nullptr);
      Value loaded = bitcastIfNeeded(rewriter, loc, words, accessType);
      if (!others.empty()) {
        Value other = packAccess(
            rewriter, loc, ArrayRef(others).slice(start, width), memoryType);
        loaded =
            LLVM::SelectOp::create(rewriter, loc, predicate, loaded, other);
      }
      unpackAccess(rewriter, loc, loaded, width, elementType, results);
    }
    rewriter.replaceOp(op,
                       packLLElements(loc, converter, results, rewriter, type));
    return success();
  }

  const amd::TargetInfo &target;
  const AccessWidths &widths;
};

struct BufferStoreOpPattern
    : ConvertOpToLLVMPattern<triton::amdgpu::BufferStoreOp> {
  BufferStoreOpPattern(LLVMTypeConverter &converter,
                       const amd::TargetInfo &target,
                       const AccessWidths &widths)
      : ConvertOpToLLVMPattern(converter), target(target), widths(widths) {}

  LogicalResult
  matchAndRewrite(triton::amdgpu::BufferStoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto converter =
        static_cast<const TritonGPUToLLVMTypeConverter *>(getTypeConverter());
    auto type = cast<RankedTensorType>(op.getValue().getType());
    Type elementType = converter->convertElementType(type.getElementType());
    Type memoryType = getMemoryElementType(elementType);
    BufferOperands operands = unpackBufferOperands(
        rewriter, loc, adaptor.getPtr(), type.getElementType(),
        adaptor.getOffsets(), adaptor.getValue(), adaptor.getMask());
    const BufferResource &access = operands.access;
    ArrayRef<Value> offsets = operands.offsets, values = operands.data[0],
                    masks = operands.masks;
    unsigned width = getWidth(widths, op);
    Type wordType = getWordType(memoryType, width);
    Value zero = createI32Constant(rewriter, loc, 0);
    int32_t policyBits = getCachePolicy(op.getCache(), false, target.getArch());

    Value owner;
    llvm::BitVector repeated(offsets.size());
    if (std::optional<gpu::LinearLayout> layout = getDistributedLayout(type)) {
      owner = emitStoreOwnerPredicate(rewriter, loc, *layout, target);
      repeated = getRepeatedRegisters(*layout);
    }
    for (unsigned start = 0; start < offsets.size(); start += width) {
      if (repeated.test(start))
        continue;
      // The owner's predicate (true where no thread repeats another), and
      // the mask on it.
      Value predicate = owner ? owner : createI1Constant(rewriter, loc, true);
      if (!masks.empty())
        predicate = LLVM::AndOp::create(rewriter, loc, predicate, masks[start]);
      Value offset = access.getOffset(rewriter, loc, offsets[start], predicate);
      Value policy = createI32Constant(rewriter, loc, policyBits);
      Value data = packAccess(rewriter, loc,
                              ArrayRef(values).slice(start, width), memoryType);
      ROCDL::RawPtrBufferStoreOp::create(
          rewriter, loc, bitcastIfNeeded(rewriter, loc, data, wordType),
          access.resource, offset, zero, policy, nullptr, nullptr, nullptr);
    }
    rewriter.eraseOp(op);
    return success();
  }

  const amd::TargetInfo &target;
  const AccessWidths &widths;
};

/// The elements per access of a buffer op: consecutive registers of the
/// layout whose offsets are consecutive and whose addresses (base plus byte
/// offset) are aligned to the access, under a mask constant over them; at
/// most 128 bits.
unsigned computeBufferWidth(Value base, Value offsets, Value mask,
                            Type elementType, const ModuleAxisInfo &axis) {
  auto type = cast<RankedTensorType>(offsets.getType());
  std::optional<gpu::LinearLayout> layout = getDistributedLayout(type);
  if (!layout)
    return 1;
  auto [contiguous, dim] = getContiguousRegisters(*layout);
  if (dim < 0)
    return 1;
  AxisInfo info = axis.get(offsets);
  AxisInfo baseInfo = axis.get(base);
  if (info.getRank() != type.getRank() || baseInfo.getRank() != 1)
    return 1;
  int64_t bytes = getMemoryBitWidth(elementType) / 8;
  // Divisibilities can be as large as 2^62: clamp before scaling to bytes.
  int64_t offsetDivisibility =
      std::min<int64_t>(info.getDivisibility(dim), 1 << 16);
  int64_t alignment = std::min<int64_t>(baseInfo.getDivisibility(0),
                                        offsetDivisibility * bytes);
  int64_t width = std::min<int64_t>(contiguous, info.getContiguity(dim));
  width = std::min<int64_t>(width, std::max<int64_t>(1, alignment / bytes));
  width = std::min<int64_t>(width, 16 / bytes);
  if (mask) {
    AxisInfo maskInfo = axis.get(mask);
    width = maskInfo.getRank() == type.getRank()
                ? std::min<int64_t>(width, maskInfo.getConstancy(dim))
                : 1;
  }
  return llvm::bit_floor(static_cast<uint64_t>(std::max<int64_t>(1, width)));
}

} // namespace

void mlir::triton::amd::computeBufferAccessWidths(Operation *root,
                                                  const ModuleAxisInfo &axis,
                                                  AccessWidths &widths) {
  root->walk([&](Operation *op) {
    if (auto load = dyn_cast<triton::amdgpu::BufferLoadOp>(op))
      widths[op] =
          computeBufferWidth(load.getPtr(), load.getOffsets(), load.getMask(),
                             load.getType().getElementType(), axis);
    else if (auto copy = dyn_cast<triton::amdgpu::BufferLoadToLocalOp>(op))
      widths[op] =
          computeBufferWidth(copy.getPtr(), copy.getOffsets(), copy.getMask(),
                             copy.getDest().getType().getElementType(), axis);
    else if (auto store = dyn_cast<triton::amdgpu::BufferStoreOp>(op))
      widths[op] = computeBufferWidth(
          store.getPtr(), store.getOffsets(), store.getMask(),
          getElementTypeOrSelf(store.getValue().getType()), axis);
  });
}

void mlir::triton::amd::populateBufferOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &converter, RewritePatternSet &patterns,
    const TargetInfo &target, const AccessWidths &widths) {
  patterns.add<BufferLoadOpPattern, BufferStoreOpPattern>(converter, target,
                                                          widths);
}
