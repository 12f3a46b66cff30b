//===- ExternElementwiseOpToLLVM.cpp - tt.extern_elementwise on AMD -------===//
//
// tt.extern_elementwise calls its symbol once per element, as on NVIDIA;
// triton-translate links ocml and ockl for the __ocml_* and __ockl_* ones.
// NVIDIA's libdevice (__nv_*) has no AMD build: a call of it is a located
// error, as Triton's HIP backend rejects it. tt.elementwise_inline_asm
// takes the common lowering (common/ElementwiseInlineAsmOpToLLVM.cpp); its
// text must be AMDGCN (PTX text, as in the corpus, fails when the module is
// assembled, as with Triton).
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

} // namespace

void mlir::triton::amd::populateExternElementwiseOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<ExternElementwiseOpPattern>(converter);
  populateElementwiseInlineAsmOpToLLVMPatterns(converter, patterns);
}
