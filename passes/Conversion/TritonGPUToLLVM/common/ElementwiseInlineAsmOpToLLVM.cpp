//===- ElementwiseInlineAsmOpToLLVM.cpp - tt.elementwise_inline_asm -------===//
//
// A user's inline assembly applied element by element, on every target: the
// text is the target's (PTX on NVIDIA, AMDGCN on AMD) and reaches LLVM as
// written; only the operand packing is the lowering's.
//
//===----------------------------------------------------------------------===//

#include "dialects/Triton/IR/Dialect.h"
#include "passes/Conversion/TritonGPUToLLVM/common/ElementUtility.h"
#include "passes/Conversion/TritonGPUToLLVM/common/Patterns.h"
#include "passes/Conversion/TritonGPUToLLVM/common/Utility.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"

using namespace mlir;
using namespace mlir::triton;

namespace {

/// tt.elementwise_inline_asm: one instance of the text per `packed_element`
/// elements of each operand. Elements narrower than 32 bits travel packed in
/// vectors of up to 32 bits (as Triton passes them), results likewise.
struct ElementwiseInlineAsmOpPattern
    : ConvertOpToLLVMPattern<ElementwiseInlineAsmOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  /// How many elements of `type` (converted element type) share a register
  /// when `pack` are processed at once.
  static unsigned elementsPerRegister(Type type, unsigned pack) {
    unsigned bits = type.isIntOrFloat() ? type.getIntOrFloatBitWidth() : 64;
    if (bits >= 32)
      return 1;
    return std::min(32 / bits, pack);
  }

  LogicalResult
  matchAndRewrite(ElementwiseInlineAsmOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto converter =
        static_cast<const TritonGPUToLLVMTypeConverter *>(getTypeConverter());
    unsigned pack = op.getPackedElement();
    // Every value's elements, as many as a thread holds.
    std::optional<unsigned> count = 1;
    for (Type type :
         llvm::concat<Type>(op->getOperandTypes(), op->getResultTypes()))
      if (isa<RankedTensorType>(type)) {
        count = getThreadElementCount(type);
        break;
      }
    if (!count)
      return rewriter.notifyMatchFailure(op, "no linear layout");
    if (*count % pack != 0)
      return op.emitError()
             << "tt.elementwise_inline_asm with packed_element = " << pack
             << " on a layout of " << *count
             << " elements per thread is not supported yet by the LLVM "
                "lowering";
    SmallVector<SmallVector<Value>> elements =
        unpackOperandElements(loc, adaptor.getArgs(), *count, rewriter);
    SmallVector<Type> resultElements;
    for (Type type : op->getResultTypes())
      resultElements.push_back(
          converter->convertElementType(getElementTypeOrSelf(type)));

    // The asm's result registers: per result, pack / perRegister of them.
    SmallVector<Type> asmResultTypes;
    for (Type element : resultElements) {
      unsigned perRegister = elementsPerRegister(element, pack);
      Type registerType =
          perRegister == 1 ? element : VectorType::get(perRegister, element);
      asmResultTypes.append(pack / perRegister, registerType);
    }
    SmallVector<SmallVector<Value>> results(resultElements.size());
    for (unsigned start = 0; start < *count; start += pack) {
      SmallVector<Value> asmOperands;
      for (auto [operand, values] : llvm::zip(adaptor.getArgs(), elements)) {
        Type element = values[start].getType();
        unsigned perRegister = elementsPerRegister(element, pack);
        for (unsigned j = 0; j < pack; j += perRegister) {
          if (perRegister == 1) {
            asmOperands.push_back(values[start + j]);
            continue;
          }
          Type vectorType = VectorType::get(perRegister, element);
          Value packed = LLVM::UndefOp::create(rewriter, loc, vectorType);
          for (unsigned k = 0; k < perRegister; ++k)
            packed = LLVM::InsertElementOp::create(
                rewriter, loc, packed, values[start + j + k],
                createI32Constant(rewriter, loc, k));
          asmOperands.push_back(packed);
        }
      }
      SmallVector<Value> registers = createInlineAsm(
          rewriter, loc, asmResultTypes, asmOperands, op.getAsmString(),
          op.getConstraints(), /*hasSideEffects=*/!op.getPure(),
          /*withOperandAttrs=*/false);
      unsigned next = 0;
      for (auto [r, element] : llvm::enumerate(resultElements)) {
        unsigned perRegister = elementsPerRegister(element, pack);
        for (unsigned j = 0; j < pack; j += perRegister) {
          Value reg = registers[next++];
          if (perRegister == 1) {
            results[r].push_back(reg);
            continue;
          }
          for (unsigned k = 0; k < perRegister; ++k)
            results[r].push_back(LLVM::ExtractElementOp::create(
                rewriter, loc, reg, createI32Constant(rewriter, loc, k)));
        }
      }
    }
    SmallVector<Value> packed;
    for (auto [r, values] : llvm::enumerate(results))
      packed.push_back(packLLElements(loc, converter, values, rewriter,
                                      op->getResult(r).getType()));
    rewriter.replaceOp(op, packed);
    return success();
  }
};

} // namespace

void mlir::triton::populateElementwiseInlineAsmOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<ElementwiseInlineAsmOpPattern>(converter);
}
