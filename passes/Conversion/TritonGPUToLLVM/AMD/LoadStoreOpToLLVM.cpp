//===- LoadStoreOpToLLVM.cpp - Global loads and stores on AMD GPUs --------===//
//
// A thread loads or stores its elements `width` at a time (Vectorization.h)
// with one plain LLVM load or store of a `width`-element vector (up to 128
// bits: global_load_dwordx4 and friends). AMD GPUs have no predicated memory
// instructions, so a masked access is guarded by a branch, the masked-off
// path yielding `other` (zero without one): the form Triton 3.6's masked
// loads take after LLVM's scalarization (corpus add_fp32.llir). Elements that
// several threads (or registers) hold are stored by one of them only.
//
// Cache hints: cg and cs loads and cs stores are nontemporal; cv loads are
// volatile, as is a volatile tt.load. Eviction policies are hints without an
// LLVM form here and are dropped.
//
//===----------------------------------------------------------------------===//

#include "dialects/Triton/IR/Dialect.h"
#include "passes/Conversion/TritonGPUToLLVM/AMD/MemoryAccess.h"
#include "passes/Conversion/TritonGPUToLLVM/AMD/Patterns.h"
#include "passes/Conversion/TritonGPUToLLVM/common/ElementUtility.h"
#include "passes/Conversion/TritonGPUToLLVM/common/Utility.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::amd;

namespace {

bool isBlockPointer(Type type) {
  auto pointer = dyn_cast<PointerType>(type);
  return pointer && isa<RankedTensorType>(pointer.getPointeeType());
}

unsigned getWidth(const AccessWidths &widths, Operation *op) {
  auto it = widths.find(op);
  return it == widths.end() ? 1 : it->second;
}

struct LoadOpPattern : ConvertOpToLLVMPattern<LoadOp> {
  LoadOpPattern(LLVMTypeConverter &converter, const AccessWidths &widths)
      : ConvertOpToLLVMPattern(converter), widths(widths) {}

  LogicalResult
  matchAndRewrite(LoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (isBlockPointer(op.getPtr().getType()))
      return op.emitError(
          "tt.load of a block pointer reaches the LLVM lowering: run "
          "-triton-rewrite-tensor-pointer first");
    Location loc = op.getLoc();
    auto converter =
        static_cast<const TritonGPUToLLVMTypeConverter *>(getTypeConverter());
    Type valueType = op.getType();
    Type elementType =
        converter->convertElementType(getElementTypeOrSelf(valueType));
    Type memoryType = getMemoryElementType(elementType);
    unsigned elementBytes =
        getMemoryBitWidth(getElementTypeOrSelf(valueType)) / 8;
    SmallVector<Value> ptrs = unpackLLElements(loc, adaptor.getPtr(), rewriter);
    SmallVector<Value> masks, others;
    if (adaptor.getMask())
      masks = unpackLLElements(loc, adaptor.getMask(), rewriter);
    if (adaptor.getMask() && adaptor.getOther())
      others = unpackLLElements(loc, adaptor.getOther(), rewriter);
    unsigned width = getWidth(widths, op);
    Type accessType = getAccessType(memoryType, width);
    bool isVolatile = op.getIsVolatile() || op.getCache() == CacheModifier::CV;
    bool isNonTemporal = op.getCache() == CacheModifier::CG ||
                         op.getCache() == CacheModifier::CS;

    SmallVector<Value> results;
    for (unsigned start = 0; start < ptrs.size(); start += width) {
      auto load = [&]() -> Value {
        return LLVM::LoadOp::create(rewriter, loc, accessType, ptrs[start],
                                    width * elementBytes, isVolatile,
                                    isNonTemporal);
      };
      Value predicate = masks.empty() ? Value() : masks[start];
      Value loaded;
      if (!predicate || matchPattern(predicate, m_One())) {
        loaded = load();
      } else {
        Value otherwise =
            others.empty()
                ? LLVM::ZeroOp::create(rewriter, loc, accessType).getResult()
                : packAccess(rewriter, loc,
                             ArrayRef(others).slice(start, width), memoryType);
        loaded = emitGuarded(rewriter, loc, predicate, otherwise, load);
      }
      unpackAccess(rewriter, loc, loaded, width, elementType, results);
    }
    rewriter.replaceOp(
        op, packLLElements(loc, converter, results, rewriter, valueType));
    return success();
  }

  const AccessWidths &widths;
};

struct StoreOpPattern : ConvertOpToLLVMPattern<StoreOp> {
  StoreOpPattern(LLVMTypeConverter &converter, const TargetInfoBase &target,
                 const AccessWidths &widths)
      : ConvertOpToLLVMPattern(converter), target(target), widths(widths) {}

  LogicalResult
  matchAndRewrite(StoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (isBlockPointer(op.getPtr().getType()))
      return op.emitError(
          "tt.store to a block pointer reaches the LLVM lowering: run "
          "-triton-rewrite-tensor-pointer first");
    Location loc = op.getLoc();
    auto converter =
        static_cast<const TritonGPUToLLVMTypeConverter *>(getTypeConverter());
    Type valueType = op.getValue().getType();
    Type elementType =
        converter->convertElementType(getElementTypeOrSelf(valueType));
    Type memoryType = getMemoryElementType(elementType);
    unsigned elementBytes =
        getMemoryBitWidth(getElementTypeOrSelf(valueType)) / 8;
    SmallVector<Value> ptrs = unpackLLElements(loc, adaptor.getPtr(), rewriter);
    SmallVector<Value> values =
        unpackLLElements(loc, adaptor.getValue(), rewriter);
    SmallVector<Value> masks;
    if (adaptor.getMask())
      masks = unpackLLElements(loc, adaptor.getMask(), rewriter);
    unsigned width = getWidth(widths, op);
    bool isNonTemporal = op.getCache() == CacheModifier::CS;

    Value owner;
    llvm::BitVector repeated(ptrs.size());
    if (auto tensorType = dyn_cast<RankedTensorType>(valueType)) {
      if (std::optional<gpu::LinearLayout> layout =
              getDistributedLayout(tensorType)) {
        owner = emitStoreOwnerPredicate(rewriter, loc, *layout, target);
        repeated = getRepeatedRegisters(*layout);
      }
    } else {
      // A scalar store: every thread has the value; thread 0 stores it.
      Value zero = createI32Constant(rewriter, loc, 0);
      owner = LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::eq,
                                   target.getThreadId(rewriter, loc), zero);
    }
    for (unsigned start = 0; start < ptrs.size(); start += width) {
      if (repeated.test(start))
        continue;
      Value data = packAccess(rewriter, loc,
                              ArrayRef(values).slice(start, width), memoryType);
      auto store = [&]() -> Value {
        LLVM::StoreOp::create(rewriter, loc, data, ptrs[start],
                              width * elementBytes,
                              /*isVolatile=*/false, isNonTemporal);
        return Value();
      };
      Value predicate = masks.empty() ? Value() : masks[start];
      if (predicate && matchPattern(predicate, m_One()))
        predicate = Value();
      if (owner)
        predicate = predicate
                        ? LLVM::AndOp::create(rewriter, loc, predicate, owner)
                              .getResult()
                        : owner;
      if (predicate)
        emitGuarded(rewriter, loc, predicate, Value(), store);
      else
        store();
    }
    rewriter.eraseOp(op);
    return success();
  }

  const TargetInfoBase &target;
  const AccessWidths &widths;
};

} // namespace

void mlir::triton::amd::populateLoadStoreOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &converter, RewritePatternSet &patterns,
    const TargetInfoBase &target, const AccessWidths &widths) {
  patterns.add<LoadOpPattern>(converter, widths);
  patterns.add<StoreOpPattern>(converter, target, widths);
}
