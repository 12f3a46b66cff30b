//===- AsyncCopyOpToLLVM.cpp - cp.async copies into shared memory ---------===//
//
// ttg.async_copy_global_to_local: every thread issues one
// `cp.async.{ca,cg}.shared.global [dst], [src], size, src-size` per vector
// of its elements, the vector as wide (4, 8 or 16 bytes) as the shared
// layout, the pointers' contiguity and alignment and the mask's constancy
// (or the op's `contiguity`) allow. A masked-off vector copies 0 source bytes,
// which fills it with zeros (so `other` may only be zero). Threads that repeat
// another thread's elements copy nothing. ttg.async_commit_group is
// cp.async.commit_group; ttg.async_wait is cp.async.wait_group N (the barrier
// that must follow it, since a thread's wait covers only its own copies, is
// membar's).
//
//===----------------------------------------------------------------------===//

#include "dialects/TritonGPU/IR/Dialect.h"
#include "passes/Conversion/TritonGPUToLLVM/NVIDIA/Patterns.h"
#include "passes/Conversion/TritonGPUToLLVM/common/SharedMemoryUtility.h"
#include "passes/Conversion/TritonGPUToLLVM/common/Utility.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace mlir::triton;
namespace ttg = mlir::triton::gpu;
using ttg::LinearLayout;

namespace {

void createAsmStatement(OpBuilder &b, Location loc, ValueRange operands,
                        StringRef text, StringRef constraints) {
  MLIRContext *context = b.getContext();
  LLVM::InlineAsmOp::create(
      b, loc, TypeRange(), operands, b.getStringAttr(text),
      b.getStringAttr(constraints),
      /*has_side_effects=*/b.getUnitAttr(), /*is_align_stack=*/UnitAttr(),
      LLVM::TailCallKindAttr::get(context, LLVM::TailCallKind::None),
      LLVM::AsmDialectAttr::get(context, LLVM::AsmDialect::AD_ATT),
      b.getArrayAttr({}));
}

struct AsyncCopyGlobalToLocalOpPattern
    : ConvertOpToLLVMPattern<ttg::AsyncCopyGlobalToLocalOp> {
  AsyncCopyGlobalToLocalOpPattern(TritonGPUToLLVMTypeConverter &converter,
                                  const TargetInfoBase &target,
                                  const AccessWidths &widths)
      : ConvertOpToLLVMPattern(converter), target(target), widths(widths) {}

  LogicalResult
  matchAndRewrite(ttg::AsyncCopyGlobalToLocalOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto converter =
        static_cast<const TritonGPUToLLVMTypeConverter *>(getTypeConverter());
    auto srcType = cast<RankedTensorType>(op.getSrc().getType());
    ttg::MemDescType memType = op.getResult().getType();
    std::string reason;
    std::optional<SharedMemoryLayout> layout =
        SharedMemoryLayout::get(memType, reason);
    if (!layout)
      return op.emitError() << "ttg.async_copy_global_to_local into " << reason
                            << " is not supported yet by the LLVM lowering";
    std::optional<LinearLayout> distributed = getDistributedLayout(srcType);
    if (!distributed)
      return op.emitError(
          "ttg.async_copy_global_to_local of pointers without a distributed "
          "linear layout is not supported yet by the LLVM lowering");
    std::string why = layout->whyNotInOwnCTA(*distributed);
    if (!why.empty())
      return op.emitError() << "ttg.async_copy_global_to_local of " << why
                            << " is not supported yet by the LLVM lowering";
    Type sharedType =
        getSharedElementType(*converter, memType.getElementType());
    unsigned elementBytes = getSharedElementBytes(sharedType);
    // A non-zero `other` (3.6 keeps a load's -inf there, and selects it again
    // after the local_load): masked-off vectors are not copied, their
    // elements stored from `other` by the thread instead.
    bool storesOther =
        op.getOther() && !isZeroConstant(op.getOther()) && op.getMask();
    if (storesOther && elementBytes != 2 && elementBytes != 4 &&
        elementBytes != 8)
      return op.emitError()
             << "ttg.async_copy_global_to_local of " << elementBytes
             << "-byte elements with a non-zero `other` is not supported yet "
                "by the LLVM lowering";

    // The vector: registers 0, 1, ... contiguous in shared memory (as
    // planVectors finds them) and in global memory, at most 16 bytes. The
    // global side is what the pointers' axis info proves or what the op's
    // `contiguity` says (the pipeliner's finding on the load it replaced,
    // mask included, which loop-carried pointers can hide from axis info).
    OffsetMap map = layout->mapDistributed(*distributed);
    auto it = widths.find(op);
    unsigned globalWidth = it == widths.end() ? 1 : it->second;
    globalWidth = std::max<unsigned>(globalWidth, op.getContiguity());
    unsigned maxElements =
        std::min<unsigned>(std::max(1u, 16 / elementBytes), globalWidth);
    VectorPlan plan = planVectors(map, llvm::bit_floor(maxElements),
                                  layout->getViewOffsetMask());
    unsigned prefix = 0;
    while (prefix < plan.registerBits.size() &&
           plan.registerBits[prefix] == prefix)
      ++prefix;
    plan.registerBits.resize(prefix);
    unsigned bytes = plan.elements() * elementBytes;
    if (bytes < 4)
      return op.emitError()
             << "ttg.async_copy_global_to_local in pieces of " << bytes
             << " bytes (cp.async copies 4, 8 or 16) is not supported yet by "
                "the LLVM lowering";

    Location loc = op.getLoc();
    SharedMemoryObject object =
        unpackSharedMemoryObject(rewriter, loc, adaptor.getResult());
    LaneAndWarp thread = getLaneAndWarp(rewriter, loc, target);
    ThreadOffset threadOffset =
        emitThreadOffset(rewriter, loc, map, thread,
                         layout->emitViewOffset(rewriter, loc, object.offsets),
                         layout->getViewOffsetMask());
    Value owner = getUniqueOwnerPredicate(rewriter, loc, *distributed, thread);
    unsigned repeated = getBroadcastRegisterMask(*distributed);
    SmallVector<Value> ptrs = unpackLLElements(loc, adaptor.getSrc(), rewriter);
    SmallVector<Value> masks, others;
    if (adaptor.getMask())
      masks = unpackLLElements(loc, adaptor.getMask(), rewriter);
    if (storesOther)
      others = unpackLLElements(loc, adaptor.getOther(), rewriter);
    // A masked-off element copies zeros: cp.async's ignore-src predicate
    // (the mask negated) rather than a source size selected between the
    // whole vector and 0. ptxas folds the negated comparisons into the
    // predicate (one ISETP per mask instead of a compare and two selects).
    // Unmasked, the source size is written out (equal to the copy's), as
    // Triton 3.6 writes it.
    std::string size = "0x" + llvm::utohexstr(bytes, /*LowerCase=*/true);
    std::string instruction =
        llvm::formatv(
            "cp.async.{0}.shared.global [ $0 + 0 ], [ $1 + 0 ], {1}, {2};",
            bytes == 16 ? "cg" : "ca", size, masks.empty() ? size : "$2")
            .str();
    Value trueValue = createI1Constant(rewriter, loc, true);
    for (unsigned reg = 0; reg < ptrs.size(); ++reg) {
      if (reg & (plan.mask() | repeated))
        continue;
      Value offset =
          threadOffset.withRegister(rewriter, loc, getRegisterOffset(map, reg));
      Value dst =
          LLVM::GEPOp::create(rewriter, loc, object.base.getType(), sharedType,
                              object.base, ArrayRef<LLVM::GEPArg>{offset});
      if (storesOther) {
        Value mask = masks.size() == 1 ? masks[0] : masks[reg];
        emitCopyOrOther(rewriter, loc, dst, ptrs[reg], mask, owner, bytes,
                        ArrayRef<Value>(others).slice(reg, plan.elements()),
                        elementBytes);
        continue;
      }
      SmallVector<Value> operands = {dst, ptrs[reg]};
      std::string constraints = "r,l";
      if (!masks.empty()) {
        Value mask = masks.size() == 1 ? masks[0] : masks[reg];
        operands.push_back(LLVM::XOrOp::create(rewriter, loc, mask, trueValue));
        constraints += ",b";
      }
      if (owner) {
        operands.push_back(owner);
        createAsmStatement(rewriter, loc, operands,
                           llvm::formatv("@${0} ", operands.size() - 1).str() +
                               instruction,
                           constraints + ",b");
      } else {
        createAsmStatement(rewriter, loc, operands, instruction, constraints);
      }
    }
    rewriter.replaceOp(op, createI32Constant(rewriter, loc, 0));
    return success();
  }

private:
  /// One vector where masked-off elements take `other`: the copy under the
  /// mask (no zero fill), else the thread's own stores of `other`.
  static void emitCopyOrOther(ConversionPatternRewriter &rewriter, Location loc,
                              Value dst, Value src, Value mask, Value owner,
                              unsigned bytes, ArrayRef<Value> others,
                              unsigned elementBytes) {
    Value trueValue = createI1Constant(rewriter, loc, true);
    Value copy =
        owner ? LLVM::AndOp::create(rewriter, loc, mask, owner).getResult()
              : mask;
    Value fill = LLVM::XOrOp::create(rewriter, loc, mask, trueValue);
    if (owner)
      fill = LLVM::AndOp::create(rewriter, loc, fill, owner);
    createAsmStatement(
        rewriter, loc, {dst, src, copy},
        llvm::formatv(
            "@$2 cp.async.{0}.shared.global [ $0 + 0 ], [ $1 + 0 ], 0x{1}, "
            "0x{1};",
            bytes == 16 ? "cg" : "ca", llvm::utohexstr(bytes, true))
            .str(),
        "r,l,b");
    unsigned bits = elementBytes * 8;
    Type word = rewriter.getIntegerType(bits);
    StringRef constraint = bits == 16 ? "h" : bits == 32 ? "r" : "l";
    for (auto [i, value] : llvm::enumerate(others)) {
      Value raw =
          value.getType() == word
              ? value
              : LLVM::BitcastOp::create(rewriter, loc, word, value).getResult();
      createAsmStatement(rewriter, loc, {dst, raw, fill},
                         llvm::formatv("@$2 st.shared.b{0} [ $0 + {1} ], $1;",
                                       bits, i * elementBytes)
                             .str(),
                         ("r," + constraint + ",b").str());
    }
  }

  const TargetInfoBase &target;
  const AccessWidths &widths;
};

struct AsyncCommitGroupOpPattern
    : ConvertOpToLLVMPattern<ttg::AsyncCommitGroupOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(ttg::AsyncCommitGroupOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    NVVM::CpAsyncCommitGroupOp::create(rewriter, op.getLoc());
    rewriter.replaceOp(op, createI32Constant(rewriter, op.getLoc(), 0));
    return success();
  }
};

struct AsyncWaitOpPattern : ConvertOpToLLVMPattern<ttg::AsyncWaitOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(ttg::AsyncWaitOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    NVVM::CpAsyncWaitGroupOp::create(rewriter, op.getLoc(), op.getNum());
    rewriter.replaceOp(op, createI32Constant(rewriter, op.getLoc(), 0));
    return success();
  }
};

} // namespace

void mlir::triton::nvidia::populateAsyncCopyOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &converter, RewritePatternSet &patterns,
    const TargetInfoBase &target, const AccessWidths &widths) {
  patterns.add<AsyncCopyGlobalToLocalOpPattern>(converter, target, widths);
  patterns.add<AsyncWaitOpPattern, AsyncCommitGroupOpPattern>(converter);
}
