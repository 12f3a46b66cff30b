//===- ElementUtility.cpp - Per-element helpers of the lowerings ----------===//

#include "passes/Conversion/TritonGPUToLLVM/common/ElementUtility.h"
#include "passes/Conversion/TritonGPUToLLVM/common/TypeConverter.h"
#include "passes/Conversion/TritonGPUToLLVM/common/Utility.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::triton;
using gpu::LinearLayout;

std::optional<unsigned> mlir::triton::getThreadElementCount(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor)
    return 1;
  std::optional<int> count = getElemsPerThread(tensor);
  if (!count)
    return std::nullopt;
  return *count;
}

SmallVector<SmallVector<Value>>
mlir::triton::unpackOperandElements(Location loc, ValueRange operands,
                                    unsigned count, OpBuilder &b) {
  SmallVector<SmallVector<Value>> result;
  for (Value operand : operands) {
    if (!isa<LLVM::LLVMStructType>(operand.getType())) {
      result.emplace_back(count, operand);
      continue;
    }
    result.push_back(unpackLLElements(loc, operand, b));
  }
  return result;
}

Value mlir::triton::callIntrinsic(OpBuilder &b, Location loc, StringRef name,
                                  Type resultType, ValueRange args) {
  return LLVM::CallIntrinsicOp::create(b, loc, resultType,
                                       b.getStringAttr(name), args)
      .getResult(0);
}

LLVM::LLVMFuncOp
mlir::triton::getOrDeclareFunction(Operation *from, StringRef name,
                                   LLVM::LLVMFunctionType type) {
  auto module = from->getParentOfType<ModuleOp>();
  if (auto existing = module.lookupSymbol<LLVM::LLVMFuncOp>(name))
    return existing;
  OpBuilder b(module.getBodyRegion());
  return LLVM::LLVMFuncOp::create(b, module.getLoc(), name, type,
                                  LLVM::Linkage::External);
}

Value mlir::triton::getStringConstant(OpBuilder &b, Location loc,
                                      Operation *from, StringRef prefix,
                                      StringRef text, unsigned addressSpace) {
  auto module = from->getParentOfType<ModuleOp>();
  std::string contents = text.str();
  contents.push_back('\0');
  auto arrayType = LLVM::LLVMArrayType::get(b.getI8Type(), contents.size());
  // Reuse a global of the same text; otherwise name a new one PREFIX_N.
  LLVM::GlobalOp global;
  unsigned index = 0;
  std::string name;
  while (true) {
    name = (prefix + "_" + Twine(index++)).str();
    auto existing = module.lookupSymbol<LLVM::GlobalOp>(name);
    if (!existing)
      break;
    auto value = dyn_cast_or_null<StringAttr>(existing.getValueOrNull());
    if (value && value.getValue() == contents) {
      global = existing;
      break;
    }
  }
  if (!global) {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(module.getBody());
    global = LLVM::GlobalOp::create(b, loc, arrayType, /*isConstant=*/true,
                                    LLVM::Linkage::Internal, name,
                                    b.getStringAttr(contents),
                                    /*alignment=*/1, addressSpace);
  }
  auto ptrType = LLVM::LLVMPointerType::get(b.getContext());
  auto globalPtrType =
      LLVM::LLVMPointerType::get(b.getContext(), global.getAddrSpace());
  Value address =
      LLVM::AddressOfOp::create(b, loc, globalPtrType, global.getSymName());
  if (global.getAddrSpace() != 0)
    address = LLVM::AddrSpaceCastOp::create(b, loc, ptrType, address);
  return address;
}

/// A basis flattened to one integer: each output dimension's bits in turn.
static uint64_t flattenBasis(const LinearLayout &layout,
                             ArrayRef<int32_t> basis) {
  uint64_t flat = 0;
  unsigned shift = 0;
  for (auto [d, outDim] : llvm::enumerate(layout.getOutDims())) {
    flat |= static_cast<uint64_t>(basis[d]) << shift;
    shift += llvm::Log2_32_Ceil(static_cast<uint32_t>(outDim.size));
  }
  return flat;
}

bool mlir::triton::repeatsOnlyThroughZeroBases(const LinearLayout &layout) {
  // Gaussian elimination over GF(2): each non-zero basis must add a new pivot.
  SmallVector<uint64_t> rows;
  for (const LinearLayout::InDim &inDim : layout.getInDims()) {
    for (const LinearLayout::Basis &basis : inDim.bases) {
      uint64_t v = flattenBasis(layout, basis);
      if (v == 0)
        continue;
      for (uint64_t row : rows)
        v = std::min(v, v ^ row);
      if (v == 0)
        return false;
      rows.push_back(v);
      // Keep rows sorted by leading bit, highest first, for the reduction.
      llvm::sort(rows, std::greater<uint64_t>());
    }
  }
  return true;
}

FailureOr<ElementOwners>
mlir::triton::getElementOwners(OpBuilder &b, Location loc,
                               const LinearLayout &layout,
                               const TargetInfoBase &target) {
  if (!repeatsOnlyThroughZeroBases(layout))
    return failure();
  auto isZero = [](const LinearLayout::Basis &basis) {
    return llvm::all_of(basis, [](int32_t v) { return v == 0; });
  };
  ElementOwners owners;
  unsigned registers =
      layout.hasInDim("register") ? layout.getInDimSize("register") : 1;
  uint32_t zeroRegisters = 0;
  if (layout.hasInDim("register"))
    for (auto [bit, basis] : llvm::enumerate(layout.getBases("register")))
      if (isZero(basis))
        zeroRegisters |= 1u << bit;
  for (unsigned r = 0; r < registers; ++r)
    owners.firstRegister.push_back(r & ~zeroRegisters);

  // The owner's repeated lane and warp bits are zero: one test on the
  // thread id (lane in the low bits, warp above).
  uint32_t zeroThreadBits = 0;
  unsigned laneBits = llvm::Log2_32(target.getWarpSize());
  for (StringRef dim : {"lane", "warp"}) {
    if (!layout.hasInDim(dim))
      continue;
    for (auto [bit, basis] : llvm::enumerate(layout.getBases(dim)))
      if (isZero(basis))
        zeroThreadBits |= 1u << (bit + (dim == "warp" ? laneBits : 0));
  }
  if (zeroThreadBits) {
    owners.sharedAcrossThreads = true;
    Value mask = createI32Constant(b, loc, zeroThreadBits);
    Value bits = LLVM::AndOp::create(b, loc, target.getThreadId(b, loc), mask);
    owners.threadIsOwner = LLVM::ICmpOp::create(
        b, loc, LLVM::ICmpPredicate::eq, bits, createI32Constant(b, loc, 0));
  }
  // In a cluster, CTAs whose block bits have zero bases hold copies: the
  // owner's are clear. (Old values are handed over within a CTA only, so
  // sharedAcrossThreads stays as the CTA's threads need it.)
  uint32_t zeroBlockBits = 0;
  if (layout.hasInDim("block"))
    for (auto [bit, basis] : llvm::enumerate(layout.getBases("block")))
      if (isZero(basis))
        zeroBlockBits |= 1u << bit;
  if (Value block = zeroBlockBits ? target.getClusterCTAId(b, loc) : Value()) {
    Value bits = LLVM::AndOp::create(b, loc, block,
                                     createI32Constant(b, loc, zeroBlockBits));
    Value isOwner = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::eq, bits,
                                         createI32Constant(b, loc, 0));
    owners.threadIsOwner =
        owners.threadIsOwner
            ? LLVM::AndOp::create(b, loc, owners.threadIsOwner, isOwner)
                  .getResult()
            : isOwner;
  }
  return owners;
}

void mlir::triton::emitIf(RewriterBase &rewriter, Location loc, Value condition,
                          function_ref<void()> body) {
  Block *current = rewriter.getInsertionBlock();
  Block *after = rewriter.splitBlock(current, rewriter.getInsertionPoint());
  Block *then = rewriter.createBlock(after);
  rewriter.setInsertionPointToEnd(current);
  LLVM::CondBrOp::create(rewriter, loc, condition, then, after);
  rewriter.setInsertionPointToStart(then);
  body();
  LLVM::BrOp::create(rewriter, loc, after);
  rewriter.setInsertionPointToStart(after);
}

Value mlir::triton::emitGuarded(RewriterBase &rewriter, Location loc,
                                Value predicate, Value otherwise,
                                function_ref<Value()> body) {
  Block *current = rewriter.getInsertionBlock();
  Block *rest = rewriter.splitBlock(current, rewriter.getInsertionPoint());
  Block *join = rest;
  if (otherwise) {
    // A join with the value as argument, holding what followed the guarded
    // code.
    join = rewriter.createBlock(rest, TypeRange(otherwise.getType()), {loc});
    rewriter.mergeBlocks(rest, join);
  }
  Block *guarded = rewriter.createBlock(join);
  Value value = body();
  LLVM::BrOp::create(rewriter, loc, value ? ValueRange(value) : ValueRange(),
                     join);
  rewriter.setInsertionPointToEnd(current);
  LLVM::CondBrOp::create(rewriter, loc, predicate, guarded, ValueRange(), join,
                         otherwise ? ValueRange(otherwise) : ValueRange());
  rewriter.setInsertionPointToStart(join);
  return otherwise ? join->getArgument(0) : Value();
}
