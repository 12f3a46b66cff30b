//===- AtomicUtility.cpp - What every backend's atomics share -------------===//

#include "passes/Conversion/TritonGPUToLLVM/common/AtomicUtility.h"
#include "passes/Conversion/TritonGPUToLLVM/common/ElementUtility.h"
#include "passes/Conversion/TritonGPUToLLVM/common/Utility.h"

using namespace mlir;
using namespace mlir::triton;

LogicalResult mlir::triton::lowerAtomicElements(
    Operation *op, ArrayRef<Value> ptrs, ArrayRef<SmallVector<Value>> operands,
    ArrayRef<Value> masks, ConversionPatternRewriter &rewriter,
    const TritonGPUToLLVMTypeConverter &converter, const TargetInfoBase &target,
    AtomicElementEmitter emitElement, PredicatedSharedStore storeShared,
    bool explicitOwner) {
  Location loc = op->getLoc();
  Value result = op->getResult(0);
  Type resultType = result.getType();
  Type elementType =
      converter.convertElementType(getElementTypeOrSelf(resultType));
  unsigned bits = elementType.getIntOrFloatBitWidth();
  Type intType = rewriter.getIntegerType(bits);
  bool resultUsed = !result.use_empty();

  auto tensorType = dyn_cast<RankedTensorType>(resultType);
  std::optional<gpu::LinearLayout> layout;
  if (tensorType) {
    layout = getDistributedLayout(tensorType);
    if (!layout)
      return rewriter.notifyMatchFailure(op, "layout without a linear layout");
    if (!repeatsOnlyThroughZeroBases(*layout))
      return op->emitError()
             << op->getName()
             << " on a layout that repeats elements other than by broadcast "
                "is not supported yet by the LLVM lowering";
  }
  // Where old values cross threads, the allocation gave the op scratch.
  std::optional<int64_t> offset = getAllocationOffset(op);
  if (resultUsed && (!layout || !layout->isInjective()) && !offset)
    return op->emitError()
           << op->getName()
           << " whose result is used has no shared scratch "
              "(allocation.offset): run -allocate-shared-memory first";

  Value threadActs;
  SmallVector<unsigned> firstRegister{0};
  bool shared = true;
  if (tensorType) {
    FailureOr<ElementOwners> owners =
        getElementOwners(rewriter, loc, *layout, target);
    if (failed(owners))
      return op->emitError()
             << op->getName()
             << " on a layout that repeats elements other than by broadcast "
                "is not supported yet by the LLVM lowering";
    threadActs = owners->threadIsOwner;
    firstRegister = owners->firstRegister;
    shared = owners->sharedAcrossThreads;
  } else {
    threadActs = emitProgramLeaderPredicate(rewriter, loc, target);
  }

  Value owner = threadActs;
  if (explicitOwner && !owner)
    owner = createI1Constant(rewriter, loc, true);
  SmallVector<Value> old(firstRegister.size());
  for (unsigned r = 0; r < firstRegister.size(); ++r) {
    if (firstRegister[r] != r)
      continue;
    Value predicate = masks.empty() ? Value() : masks[r];
    if (owner && predicate)
      predicate = explicitOwner
                      ? LLVM::AndOp::create(rewriter, loc, owner, predicate)
                      : LLVM::AndOp::create(rewriter, loc, predicate, owner);
    else if (owner)
      predicate = owner;
    if (!predicate)
      predicate = createI1Constant(rewriter, loc, true);
    SmallVector<Value> values;
    for (const SmallVector<Value> &operand : operands)
      values.push_back(bitcastToInt(rewriter, loc, operand[r]));
    old[r] = emitElement(rewriter, ptrs[r], values, predicate);
  }

  if (resultUsed && shared) {
    Value base = getSharedMemoryBase(rewriter, loc, *offset);
    SmallVector<Value> slots;
    if (tensorType) {
      LaneAndWarp thread = getLaneAndWarp(rewriter, loc, target);
      SmallVector<SmallVector<Value>> indices =
          emitIndices(rewriter, loc, *layout, thread);
      ArrayRef<int64_t> shape = tensorType.getShape();
      for (const SmallVector<Value> &coords : indices) {
        Value linear = createI32Constant(rewriter, loc, 0);
        for (unsigned d = 0; d < shape.size(); ++d) {
          Value scaled =
              LLVM::MulOp::create(rewriter, loc, linear,
                                  createI32Constant(rewriter, loc, shape[d]));
          linear = LLVM::AddOp::create(rewriter, loc, scaled, coords[d]);
        }
        slots.push_back(linear);
      }
    } else {
      slots.push_back(createI32Constant(rewriter, loc, 0));
    }
    auto sharedPtr = LLVM::LLVMPointerType::get(rewriter.getContext(), 3);
    SmallVector<Value> addresses;
    for (Value slot : slots)
      addresses.push_back(
          LLVM::GEPOp::create(rewriter, loc, sharedPtr, intType, base, slot));
    for (unsigned r = 0; r < firstRegister.size(); ++r) {
      if (firstRegister[r] != r)
        continue;
      if (storeShared) {
        storeShared(rewriter, addresses[r], old[r], threadActs);
        continue;
      }
      emitIf(rewriter, loc, threadActs, [&] {
        LLVM::StoreOp::create(rewriter, loc, old[r], addresses[r]);
      });
    }
    target.barrier(rewriter, loc);
    for (unsigned r = 0; r < firstRegister.size(); ++r)
      if (firstRegister[r] == r)
        old[r] = LLVM::LoadOp::create(rewriter, loc, intType, addresses[r]);
  }

  SmallVector<Value> results;
  for (unsigned r = 0; r < firstRegister.size(); ++r) {
    Value value = old[firstRegister[r]];
    if (elementType != intType)
      value = LLVM::BitcastOp::create(rewriter, loc, elementType, value);
    results.push_back(value);
  }
  rewriter.replaceOp(
      op, packLLElements(loc, &converter, results, rewriter, resultType));
  return success();
}
