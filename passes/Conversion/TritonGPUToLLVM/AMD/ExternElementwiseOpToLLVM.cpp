//===- ExternElementwiseOpToLLVM.cpp - tt.extern_elementwise on AMD -------===//
//
// tt.extern_elementwise calls its symbol once per element, as on NVIDIA;
// triton-translate links ocml and ockl for the __ocml_* and __ockl_* ones.
// NVIDIA's libdevice (__nv_*) has no AMD build: a call of it is a located
// error, as Triton's HIP backend rejects it. tt.elementwise_inline_asm
// becomes llvm.inline_asm, as on NVIDIA; its text must be AMDGCN (PTX text,
// as in the corpus, fails when the module is assembled, as with Triton).
//
//===----------------------------------------------------------------------===//

#include "passes/Conversion/TritonGPUToLLVM/AMD/Patterns.h"
#include "passes/Conversion/TritonGPUToLLVM/common/ElementUtility.h"
#include "passes/Conversion/TritonGPUToLLVM/common/Utility.h"

#include "dialects/Triton/IR/Dialect.h"
#include "mlir/Conversion/LLVMCommon/Pattern.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::amd;

namespace {

struct ExternElementwiseOpPattern
    : ConvertOpToLLVMPattern<ExternElementwiseOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(ExternElementwiseOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    StringRef symbol = op.getSymbol();
    if (symbol.starts_with("__nv_"))
      return op.emitError()
             << "tt.extern_elementwise calls the NVIDIA libdevice function '"
             << symbol
             << "', which has no AMD version: use the ocml function "
                "(__ocml_*) instead";
    Location loc = op.getLoc();
    auto converter =
        static_cast<const TritonGPUToLLVMTypeConverter *>(getTypeConverter());
    SmallVector<Type> argTypes;
    for (Type type : op->getOperandTypes())
      argTypes.push_back(
          converter->convertElementType(getElementTypeOrSelf(type)));
    auto calleeType = LLVM::LLVMFunctionType::get(
        converter->convertElementType(getElementTypeOrSelf(op.getType())),
        argTypes);
    auto module = op->getParentOfType<ModuleOp>();
    if (auto existing = module.lookupSymbol<LLVM::LLVMFuncOp>(symbol))
      if (existing.getFunctionType() != calleeType)
        return op.emitError()
               << "tt.extern_elementwise calls '" << symbol << "' as "
               << calleeType << " but the module declares it as "
               << existing.getFunctionType();
    std::optional<unsigned> count = getThreadElementCount(op.getType());
    if (!count)
      return rewriter.notifyMatchFailure(op, "no linear layout");
    LLVM::LLVMFuncOp callee = getOrDeclareFunction(op, symbol, calleeType);
    SmallVector<SmallVector<Value>> operands =
        unpackOperandElements(loc, adaptor.getOperands(), *count, rewriter);
    SmallVector<Value> results;
    for (unsigned i = 0; i < *count; ++i) {
      SmallVector<Value> args;
      for (const SmallVector<Value> &operand : operands)
        args.push_back(operand[i]);
      results.push_back(
          LLVM::CallOp::create(rewriter, loc, callee, args).getResult());
    }
    rewriter.replaceOp(
        op, packLLElements(loc, converter, results, rewriter, op.getType()));
    return success();
  }
};

/// tt.elementwise_inline_asm: the assembly (AMDGCN, with LLVM's constraint
/// letters: `v` a VGPR, `s` an SGPR) once per `packed_element` elements of
/// each thread, as Triton 3.6 lowers it for every target. Elements narrower
/// than 32 bits travel packed into a vector of up to a register's worth
/// (`packed_element` of them at most); results come back the same way.
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

  static Type registerType(Type element, unsigned pack) {
    unsigned perRegister = elementsPerRegister(element, pack);
    return perRegister == 1 ? element : VectorType::get(perRegister, element);
  }

  LogicalResult
  matchAndRewrite(ElementwiseInlineAsmOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    MLIRContext *context = rewriter.getContext();
    auto converter =
        static_cast<const TritonGPUToLLVMTypeConverter *>(getTypeConverter());
    unsigned pack = op.getPackedElement();
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
             << " elements per thread is not supported yet by the AMD LLVM "
                "lowering";
    SmallVector<SmallVector<Value>> elements =
        unpackOperandElements(loc, adaptor.getArgs(), *count, rewriter);
    SmallVector<Type> resultElements;
    for (Type type : op->getResultTypes())
      resultElements.push_back(
          converter->convertElementType(getElementTypeOrSelf(type)));
    SmallVector<Type> asmResultTypes;
    for (Type element : resultElements)
      asmResultTypes.append(pack / elementsPerRegister(element, pack),
                            registerType(element, pack));
    Type asmResultType;
    if (asmResultTypes.size() == 1)
      asmResultType = asmResultTypes.front();
    else if (asmResultTypes.size() > 1)
      asmResultType = LLVM::LLVMStructType::getLiteral(context, asmResultTypes);

    SmallVector<SmallVector<Value>> results(resultElements.size());
    for (unsigned start = 0; start < *count; start += pack) {
      SmallVector<Value> asmOperands;
      for (const SmallVector<Value> &values : elements) {
        Type element = values[start].getType();
        unsigned perRegister = elementsPerRegister(element, pack);
        for (unsigned j = 0; j < pack; j += perRegister) {
          if (perRegister == 1) {
            asmOperands.push_back(values[start + j]);
            continue;
          }
          Value packed = LLVM::UndefOp::create(
              rewriter, loc, VectorType::get(perRegister, element));
          for (unsigned k = 0; k < perRegister; ++k)
            packed = LLVM::InsertElementOp::create(
                rewriter, loc, packed, values[start + j + k],
                LLVM::ConstantOp::create(rewriter, loc, rewriter.getI32Type(),
                                         rewriter.getI32IntegerAttr(k)));
          asmOperands.push_back(packed);
        }
      }
      auto asmOp = LLVM::InlineAsmOp::create(
          rewriter, loc,
          asmResultType ? TypeRange(asmResultType) : TypeRange(), asmOperands,
          rewriter.getStringAttr(op.getAsmString()),
          rewriter.getStringAttr(op.getConstraints()),
          op.getPure() ? UnitAttr() : rewriter.getUnitAttr(),
          /*is_align_stack=*/UnitAttr(),
          LLVM::TailCallKindAttr::get(context, LLVM::TailCallKind::None),
          LLVM::AsmDialectAttr::get(context, LLVM::AsmDialect::AD_ATT),
          ArrayAttr());
      SmallVector<Value> registers;
      if (asmResultTypes.size() == 1)
        registers.push_back(asmOp.getResult(0));
      else
        for (unsigned i = 0; i < asmResultTypes.size(); ++i)
          registers.push_back(
              LLVM::ExtractValueOp::create(rewriter, loc, asmOp.getResult(0), i));
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
                rewriter, loc, reg,
                LLVM::ConstantOp::create(rewriter, loc, rewriter.getI32Type(),
                                         rewriter.getI32IntegerAttr(k))));
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

void mlir::triton::amd::populateExternElementwiseOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<ExternElementwiseOpPattern, ElementwiseInlineAsmOpPattern>(
      converter);
}
